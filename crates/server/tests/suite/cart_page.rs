//! The classic cart without JavaScript: adding by link and by the product page's forms.

use crate::cart_page_support;

use axum::http::StatusCode;
use cart_page_support::{Browser, GROUPED, SOLO, cart_json, cart_shop, header_count, notices};

#[tokio::test]
async fn a_link_adds_and_comes_back_without_its_parameters() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    let before = browser.get("/shop/").await;
    assert_eq!(header_count(&before.body), "0");
    assert!(
        !browser.cookies.contains_key("mercato_session"),
        "browsing makes no session"
    );

    let added = browser
        .get("/shop/?orderby=price&add-to-cart=17&quantity=2")
        .await;
    assert_eq!(added.status, StatusCode::SEE_OTHER);
    assert_eq!(added.location, "/shop/?orderby=price");
    assert!(browser.cookies.contains_key("woocommerce_items_in_cart"));
    let page = browser.follow(added).await;
    assert_eq!(header_count(&page.body), "2");
    assert_eq!(
        notices(&page.body),
        [
            "<a href=\"/cart/\">View cart</a> 2 &times; &ldquo;T-Shirt&rdquo; have been added to your cart."
        ]
    );
    let again = browser.get("/shop/").await;
    assert!(notices(&again.body).is_empty(), "a notice is shown once");
}

#[tokio::test]
async fn the_cart_page_can_be_the_destination() {
    let shop = cart_shop_redirecting().await;
    let mut browser = Browser::new(&shop);
    let added = browser.get("/product/cap/?add-to-cart=20").await;
    assert_eq!(added.location, "/cart/");
    let cart = browser.follow(added).await;
    assert!(cart.body.contains("Continue shopping"), "{}", cart.body);
    assert_eq!(cart_json(&cart.body)["items_count"], 1);
}

async fn cart_shop_redirecting() -> cart_page_support::RefShop {
    let shop = cart_shop().await;
    let mut settings = shop.state.settings.clone();
    settings.cart_redirect_after_add = true;
    crate::shop::Shop::builder()
        .paying()
        .settings(settings)
        .over(shop.db)
}

#[tokio::test]
async fn product_forms_add_simple_variation_and_grouped_products() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    let simple = browser
        .post(
            "/product/belt/",
            &[("quantity", "1"), ("add-to-cart", "19")],
        )
        .await;
    assert_eq!(simple.location, "/product/belt/");
    let variation = browser
        .post(
            "/product/hoodie/",
            &[
                ("attribute_pa_color", "blue"),
                ("attribute_logo", "Yes"),
                ("quantity", "1"),
                ("add-to-cart", "15"),
                ("product_id", "15"),
                ("variation_id", "31"),
            ],
        )
        .await;
    assert_eq!(variation.status, StatusCode::SEE_OTHER);
    let page = browser.follow(variation).await;
    assert_eq!(
        notices(&page.body).len(),
        2,
        "both adds reported once: {:?}",
        notices(&page.body)
    );
    let grouped = browser
        .post(
            "/product/logo-collection/",
            &[
                ("quantity[17]", "1"),
                ("quantity[20]", "2"),
                ("add-to-cart", &GROUPED.to_string()),
            ],
        )
        .await;
    let page = browser.follow(grouped).await;
    assert!(
        notices(&page.body)
            .iter()
            .any(|n| n
                .contains("&ldquo;T-Shirt&rdquo; and 2 &times; &ldquo;Cap&rdquo; have been added")),
        "{:?}",
        notices(&page.body)
    );
    let cart = browser.get("/cart/").await;
    let json = cart_json(&cart.body);
    assert_eq!(json["items_count"], 5);
    let names: Vec<&str> = json["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["name"].as_str())
        .collect();
    assert_eq!(names, ["Belt", "Hoodie", "T-Shirt", "Cap"]);
    let details = cart
        .body
        .split("<dl class=\"variation\">")
        .nth(1)
        .unwrap_or("");
    assert!(
        details.starts_with("<dt>Logo:</dt><dd>Yes</dd><dt>Color:</dt><dd>Blue</dd>"),
        "variation details shown: {details}"
    );
    assert!(
        !cart.body.contains("class=\"cross-sells\""),
        "the Belt cross-sells the Cap, which is in the cart already"
    );
}

#[tokio::test]
async fn refusals_come_back_as_notices_with_the_choice_kept() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    let no_choice = browser
        .post(
            "/product/hoodie/",
            &[
                ("attribute_pa_color", "blue"),
                ("attribute_logo", ""),
                ("add-to-cart", "15"),
                ("variation_id", ""),
            ],
        )
        .await;
    assert_eq!(
        no_choice.location,
        "/product/hoodie/?attribute_pa_color=blue"
    );
    let page = browser.follow(no_choice).await;
    assert_eq!(notices(&page.body).len(), 1, "{:?}", notices(&page.body));

    let too_many = browser.get("/?add-to-cart=18&quantity=3").await;
    let page = browser.follow(too_many).await;
    assert_eq!(
        notices(&page.body),
        [
            "You cannot add that amount of &quot;Beanie&quot; to the cart because there is not enough stock (2 remaining)."
        ]
    );
    let none = browser
        .post(
            "/product/logo-collection/",
            &[("quantity[17]", "0"), ("add-to-cart", &GROUPED.to_string())],
        )
        .await;
    let page = browser.follow(none).await;
    assert_eq!(
        notices(&page.body),
        ["Please choose the quantity of items you wish to add to your cart&hellip;"]
    );
    let gone = browser.get("/?add-to-cart=999999").await;
    let page = browser.follow(gone).await;
    assert!(notices(&page.body)[0].contains("was not found"));
}

#[tokio::test]
async fn a_product_sold_individually_is_added_once() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    let first = browser
        .get(&format!("/?add-to-cart={SOLO}&quantity=3"))
        .await;
    browser.follow(first).await;
    let second = browser.get(&format!("/?add-to-cart={SOLO}")).await;
    let page = browser.follow(second).await;
    assert_eq!(notices(&page.body).len(), 1);
    assert!(
        notices(&page.body)[0].contains("Album"),
        "{:?}",
        notices(&page.body)
    );
    let cart = browser.get("/cart/").await;
    assert_eq!(cart_json(&cart.body)["items_count"], 1);
}

#[tokio::test]
async fn hostile_add_to_cart_input_is_escaped_and_refused() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    let hostile = browser
        .get("/shop/?add-to-cart=%3Cscript%3Ealert(1)%3C/script%3E&quantity=abc")
        .await;
    let page = browser.follow(hostile).await;
    assert!(!page.body.contains("<script>alert"));
    assert!(
        notices(&page.body)[0].contains("&lt;script&gt;"),
        "{:?}",
        notices(&page.body)
    );
    let zero = browser.get("/?add-to-cart=17&quantity=-4").await;
    let page = browser.follow(zero).await;
    assert!(
        notices(&page.body)[0].contains("less than or equal to 0"),
        "{:?}",
        notices(&page.body)
    );
    let redirect = browser.get("//evil.example/?add-to-cart=17").await;
    assert!(
        redirect.location.starts_with('/') && !redirect.location.starts_with("//"),
        "{}",
        redirect.location
    );
}
