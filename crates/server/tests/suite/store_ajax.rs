//! The recorded WooCommerce `?wc-ajax=` exchanges (golden 046–056) replayed against the
//! reference shop: the same requests, the same status, content type, keys and value types,
//! and the same values where the fixture reproduces them.

use crate::store_ajax_support;
use crate::store_api_cart_support;
use crate::store_api_support;

use serde_json::{Value, json};
use store_ajax_support::{Answer, Browser, assert_headers_match, golden, golden_form};
use store_api_cart_support::ref_shop;
use store_api_support::assert_same_shape;

const WIDGET: &str = "div.widget_shopping_cart_content";

/// Replays the recorded request `number` in `browser`.
async fn replay(browser: &mut Browser, number: &str, endpoint: &str) -> Answer {
    let form = golden_form(number);
    let fields: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let answer = browser.ajax(endpoint, &fields).await;
    assert_headers_match(&answer, number);
    answer
}

fn keys(value: &Value) -> Vec<String> {
    let mut keys: Vec<String> = value
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    keys.sort();
    keys
}

/// `{fragments, cart_hash}` with WooCommerce's fragment among ours.
fn assert_cart_answer(answer: &Answer, number: &str) {
    let ours = answer.json();
    let theirs = golden(number)["response"]["body"].clone();
    assert_eq!(keys(&ours), keys(&theirs), "{number}");
    for selector in keys(&theirs["fragments"]) {
        assert!(
            ours["fragments"][&selector].is_string(),
            "{number}: {selector}"
        );
    }
    for selector in [".header-cart__count", ".header-cart__total"] {
        assert!(
            ours["fragments"][selector].is_string(),
            "{number}: {selector}"
        );
    }
    assert!(ours["cart_hash"].is_string(), "{number}");
}

#[tokio::test]
async fn the_recorded_mini_cart_flow() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);

    // 046: add two T-Shirts.
    let added = replay(&mut browser, "046", "add_to_cart").await;
    assert_cart_answer(&added, "046");
    let hash = added.json()["cart_hash"].as_str().expect("hash").to_owned();
    assert_eq!(hash.len(), 32, "an md5 like WooCommerce's");
    let cookies = added.set_cookies().join("\n");
    assert!(cookies.contains("woocommerce_items_in_cart=1"), "{cookies}");
    assert!(
        cookies.contains(&format!("woocommerce_cart_hash={hash}")),
        "{cookies}"
    );
    let widget = added.fragment(WIDGET);
    assert!(widget.starts_with("<div class=\"widget_shopping_cart_content\">"));
    assert!(widget.contains("woocommerce-mini-cart-item mini_cart_item"));
    assert!(widget.contains("aria-label=\"Remove T-Shirt from cart\""));
    assert!(widget.contains("data-product_id=\"17\""));
    assert!(widget.contains("http://127.0.0.1:8091/product/t-shirt/"));
    assert!(
        widget.contains("2 &times; <span class=\"woocommerce-Price-amount amount\"><bdi><span class=\"woocommerce-Price-currencySymbol\">&#36;</span>18.00</bdi></span>"),
        "{widget}"
    );
    assert!(widget.contains("<strong>Subtotal:</strong> <span class=\"woocommerce-Price-amount amount\"><bdi><span class=\"woocommerce-Price-currencySymbol\">&#36;</span>36.00</bdi></span>"));
    assert!(widget.contains(">View cart</a>") && widget.contains(">Checkout</a>"));
    assert_eq!(
        added.fragment(".header-cart__count"),
        "<span class=\"header-cart__count\">2<span class=\"sr-text\"> items</span></span>"
    );
    // The header fragments are the page's own header spans.
    let page = browser.get("/shop/").await;
    for selector in [".header-cart__count", ".header-cart__total"] {
        let fragment = added.fragment(selector);
        assert!(page.text.contains(&fragment), "{selector}: {fragment}");
    }
    assert!(widget.contains("?remove_item="), "{widget}");
    assert!(widget.contains("&amp;_wpnonce="), "{widget}");
    let key = widget
        .split("data-cart_item_key=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("line key")
        .to_owned();

    // 047: the variable parent without a choice sends the shopper to its page.
    let variable = replay(&mut browser, "047", "add_to_cart").await;
    assert_eq!(variable.json(), golden("047")["response"]["body"]);
    // 048: more Beanies than in stock.
    let over = replay(&mut browser, "048", "add_to_cart").await;
    assert_eq!(over.json(), golden("048")["response"]["body"]);
    assert!(
        over.set_cookies().is_empty(),
        "a refused add changes nothing"
    );

    // 049: the fragments again, with the same hash.
    let refreshed = replay(&mut browser, "049", "get_refreshed_fragments").await;
    assert_cart_answer(&refreshed, "049");
    assert_eq!(refreshed.json()["cart_hash"], json!(hash));
    assert_eq!(refreshed.fragment(WIDGET), widget);

    // 050: remove the line (by the key the widget shows).
    let removed = browser
        .ajax("remove_from_cart", &[("cart_item_key", &key)])
        .await;
    assert_headers_match(&removed, "050");
    assert_cart_answer(&removed, "050");
    assert_eq!(removed.json()["cart_hash"], json!(""));
    let empty = removed.fragment(WIDGET);
    assert!(empty.contains(
        "<p class=\"woocommerce-mini-cart__empty-message\">No products in the cart.</p>"
    ));
    let cookies = removed.set_cookies().join("\n");
    assert!(
        cookies.contains("woocommerce_items_in_cart=;") && cookies.contains("Max-Age=0"),
        "{cookies}"
    );
    assert!(!browser.cookies.contains_key("woocommerce_cart_hash"));

    // 051: a key that names nothing.
    let bad = replay(&mut browser, "051", "remove_from_cart").await;
    assert_eq!(bad.json(), golden("051")["response"]["body"]);
}

#[tokio::test]
async fn variations_are_found_as_woocommerce_finds_them() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    for number in ["052", "053", "054"] {
        let answer = replay(&mut browser, number, "get_variation").await;
        let ours = answer.json();
        let theirs = golden(number)["response"]["body"].clone();
        assert_same_shape(&ours, &theirs, number);
        for field in [
            "attributes",
            "variation_id",
            "display_price",
            "display_regular_price",
            "price_html",
            "is_in_stock",
            "is_purchasable",
            "variation_is_visible",
            "min_qty",
            "max_qty",
            "sku",
        ] {
            assert_eq!(ours[field], theirs[field], "{number}: {field}");
        }
    }
    let none = replay(&mut browser, "055", "get_variation").await;
    assert_eq!(none.text, "false");
    let unknown = replay(&mut browser, "056", "get_variation").await;
    assert_eq!(unknown.text, "");
}

#[tokio::test]
async fn a_variation_can_be_added_with_its_choice() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    let added = browser
        .ajax(
            "add_to_cart",
            &[
                ("product_id", "15"),
                ("quantity", "1"),
                ("attribute_pa_color", "blue"),
                ("attribute_logo", "Yes"),
            ],
        )
        .await;
    let widget = added.fragment(WIDGET);
    assert!(widget.contains("Hoodie - Blue, Yes"), "{widget}");
    assert!(widget.contains("data-product_id=\"15\""), "{widget}");
    assert!(widget.contains("45.00"), "{widget}");
    // By the variation's own id too (the line is the same: quantities add up).
    let again = browser
        .ajax("add_to_cart", &[("product_id", "38"), ("quantity", "2")])
        .await;
    assert_eq!(
        again.fragment(".header-cart__count"),
        "<span class=\"header-cart__count\">3<span class=\"sr-text\"> items</span></span>"
    );
}

#[tokio::test]
async fn the_theme_changes_a_line_quantity() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    let added = browser
        .ajax("add_to_cart", &[("product_id", "17"), ("quantity", "1")])
        .await;
    let hash = added.json()["cart_hash"].clone();
    let widget = added.fragment(WIDGET);
    let key = widget
        .split("data-cart_item_key=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("key")
        .to_owned();
    let action = "mercato_ajax_cart_item_alter_quantity";
    let three = browser
        .admin_ajax(action, &[("cart_item_key", &key), ("quantity", "3")])
        .await;
    assert_eq!(three.status, 200);
    assert_eq!(
        three.header("content-type"),
        "application/json; charset=UTF-8"
    );
    assert_eq!(
        three.fragment(".header-cart__count"),
        "<span class=\"header-cart__count\">3<span class=\"sr-text\"> items</span></span>"
    );
    assert_ne!(three.json()["cart_hash"], hash);
    assert_eq!(
        browser
            .cookies
            .get("woocommerce_cart_hash")
            .map(String::as_str),
        three.json()["cart_hash"].as_str()
    );
    let bad = browser
        .admin_ajax(action, &[("cart_item_key", "nope"), ("quantity", "3")])
        .await;
    assert_eq!(
        bad.json(),
        json!({"success": false, "data": {"message": "Cart item does not exist."}})
    );
    let zero = browser
        .admin_ajax(action, &[("cart_item_key", &key), ("quantity", "0")])
        .await;
    assert_eq!(zero.json()["cart_hash"], json!(""));
    assert!(zero.fragment(WIDGET).contains("No products in the cart."));
}

#[tokio::test]
async fn the_remove_link_works_without_javascript() {
    let shop = ref_shop().await;
    let mut browser = Browser::new(&shop.app);
    let added = browser
        .ajax("add_to_cart", &[("product_id", "17"), ("quantity", "1")])
        .await;
    let widget = added.fragment(WIDGET);
    let href = widget
        .split("href=\"http://127.0.0.1:8091")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("remove link")
        .replace("&amp;", "&");
    assert!(href.starts_with("/cart/?remove_item="), "{href}");
    let followed = browser.get(&href).await;
    assert!(followed.status.is_redirection() || followed.status.is_success());
    let after = browser.ajax("get_refreshed_fragments", &[]).await;
    assert!(
        after.fragment(WIDGET).contains("No products in the cart."),
        "{}",
        after.text
    );
}
