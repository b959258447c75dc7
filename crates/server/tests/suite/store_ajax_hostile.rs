//! The store AJAX endpoints against hostile and odd input: bad ids, huge and negative
//! quantities, injected HTML, unknown endpoints, writes over GET. Nothing answers 500,
//! nothing is echoed unescaped, and a refused request changes no cart.

use crate::store_ajax_support;
use crate::store_api_cart_support;

use serde_json::json;
use store_ajax_support::{Browser, encode};
use store_api_cart_support::ref_shop;

const WIDGET: &str = "div.widget_shopping_cart_content";
const SHOP_URL: &str = "http://127.0.0.1:8091/shop/";

#[tokio::test]
async fn bad_product_ids_are_refused_with_a_page_to_go_to() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    for id in [
        "",
        "0",
        "abc",
        "999999",
        "99999999999999999999999",
        "1e9",
        "[]",
    ] {
        let answer = browser
            .ajax("add_to_cart", &[("product_id", id), ("quantity", "1")])
            .await;
        assert_eq!(answer.status, 200, "{id:?}");
        assert_eq!(
            answer.json(),
            json!({"error": true, "product_url": SHOP_URL}),
            "{id:?}"
        );
        assert!(
            answer
                .set_cookies()
                .iter()
                .all(|c| !c.contains("woocommerce_"))
        );
    }
    // As PHP's absint: a sign is dropped and trailing junk ignored.
    let answer = browser
        .ajax(
            "add_to_cart",
            &[("product_id", "-17abc"), ("quantity", "1")],
        )
        .await;
    assert!(answer.json()["cart_hash"].is_string(), "{}", answer.text);
}

#[tokio::test]
async fn quantities_out_of_range_are_refused_or_capped() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    for quantity in ["-5", "0", "abc", "-99999999999999999999"] {
        let answer = browser
            .ajax(
                "add_to_cart",
                &[("product_id", "17"), ("quantity", quantity)],
            )
            .await;
        assert_eq!(answer.json()["error"], json!(true), "{quantity}");
    }
    // Stock limits: 2 Beanies in stock.
    let answer = browser
        .ajax(
            "add_to_cart",
            &[("product_id", "18"), ("quantity", "99999999999999999999")],
        )
        .await;
    assert_eq!(answer.json()["error"], json!(true));
    // Unlimited stock: never a 500; the line holds what the cart allows.
    let answer = browser
        .ajax(
            "add_to_cart",
            &[("product_id", "17"), ("quantity", "99999999999999999999")],
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    let body = answer.json();
    assert!(body["error"] == json!(true) || body["cart_hash"].is_string());
    // An empty quantity is one.
    let mut fresh = Browser::new(&shop.app);
    let one = fresh
        .ajax("add_to_cart", &[("product_id", "19"), ("quantity", "")])
        .await;
    assert_eq!(
        one.fragment(".header-cart__count"),
        "<span class=\"header-cart__count\">1<span class=\"sr-text\"> item</span></span>"
    );
}

#[tokio::test]
async fn injected_html_never_comes_back_unescaped() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    let script = "<script>alert(1)</script>";
    let answer = browser
        .ajax(
            "get_variation",
            &[
                ("product_id", "15"),
                ("attribute_pa_color", script),
                ("attribute_logo", "Yes"),
            ],
        )
        .await;
    assert_eq!(answer.text, "false");
    let answer = browser
        .ajax(
            "add_to_cart",
            &[
                ("product_id", "14"),
                ("attribute_pa_color", "red"),
                ("attribute_pa_size", "\"><img src=x onerror=alert(1)>"),
            ],
        )
        .await;
    assert!(!answer.text.contains("<img src=x"), "{}", answer.text);
    let answer = browser
        .ajax("remove_from_cart", &[("cart_item_key", script)])
        .await;
    assert_eq!(answer.json(), json!({"success": false}));
    let answer = browser
        .admin_ajax(
            "mercato_ajax_cart_item_alter_quantity",
            &[("cart_item_key", script), ("quantity", "2")],
        )
        .await;
    assert!(!answer.text.contains("<script"), "{}", answer.text);
    // A chosen "any" value is shown in the line's title: escaped.
    let answer = browser
        .ajax(
            "add_to_cart",
            &[
                ("product_id", "14"),
                ("attribute_pa_color", "red"),
                ("attribute_pa_size", "large"),
            ],
        )
        .await;
    let widget = answer.fragment(WIDGET);
    assert!(!widget.contains("<script"), "{widget}");
}

#[tokio::test]
async fn unknown_endpoints_and_get_writes_do_nothing() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    for endpoint in ["nope", "", "../wp-admin"] {
        let answer = browser.ajax(endpoint, &[("product_id", "17")]).await;
        assert_eq!(answer.status, 200, "{endpoint}");
        assert_eq!(answer.header("content-type"), "text/html; charset=UTF-8");
        assert_eq!(answer.text, "", "{endpoint}");
    }
    // A NUL character in the URL is refused before any endpoint is looked up (review F6).
    let answer = browser
        .ajax("add_to_cart%00", &[("product_id", "17")])
        .await;
    assert_eq!(answer.status, 400);
    let get = browser
        .get("/?wc-ajax=add_to_cart&product_id=17&quantity=1")
        .await;
    assert_eq!(get.text, "");
    assert!(browser.cookies.is_empty(), "a GET wrote to a cart");
    let fragments = browser.get("/?wc-ajax=get_refreshed_fragments").await;
    assert_eq!(fragments.json()["cart_hash"], json!(""));
    assert!(
        fragments
            .fragment(WIDGET)
            .contains("No products in the cart.")
    );
    let variation = browser
        .get(&format!(
            "/?wc-ajax=get_variation&product_id=15&attribute_pa_color=blue&attribute_logo={}",
            encode("Yes")
        ))
        .await;
    assert_eq!(variation.json()["variation_id"], json!(38));
    let plain = browser.post("/", &[("product_id", "17")]).await;
    assert_eq!(plain.status, 405);
    let home = browser.get("/").await;
    assert_eq!(home.status, 200);
}

#[tokio::test]
async fn a_shopper_cannot_touch_another_cart() {
    let shop = ref_shop().await;
    let mut alice = Browser::new(&shop.app);
    let added = alice
        .ajax("add_to_cart", &[("product_id", "17"), ("quantity", "1")])
        .await;
    let widget = added.fragment(WIDGET);
    let key = widget
        .split("data-cart_item_key=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("key")
        .to_owned();
    let mut mallory = Browser::new(&shop.app);
    let answer = mallory
        .ajax("remove_from_cart", &[("cart_item_key", &key)])
        .await;
    assert_eq!(answer.json(), json!({"success": false}));
    let still = alice.ajax("get_refreshed_fragments", &[]).await;
    assert!(still.fragment(WIDGET).contains(&key));
}
