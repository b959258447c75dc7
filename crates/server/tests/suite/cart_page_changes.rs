//! The classic cart page: quantities, removals, coupons, shipping, the calculator, CSRF.

use crate::cart_page_support;

use axum::http::StatusCode;
use cart_page_support::{
    Browser, attribute_after, cart_json, cart_shop, header_count, notices, quantity_fields,
};

/// A browser with a Belt and two T-Shirts in the cart.
async fn with_cart(shop: &cart_page_support::RefShop) -> Browser {
    let mut browser = Browser::new(shop);
    for link in ["/?add-to-cart=19", "/?add-to-cart=17&quantity=2"] {
        let added = browser.get(link).await;
        assert_eq!(added.status, StatusCode::SEE_OTHER);
    }
    browser
}

#[tokio::test]
async fn an_empty_cart_links_back_to_the_shop() {
    let shop = cart_shop().await;
    let mut browser = Browser::new(&shop);
    let page = browser.get("/cart/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Your cart is currently empty."));
    assert!(page.body.contains("href=\"/shop/\""));
    assert!(!browser.cookies.contains_key("mercato_session"));
    // The block cart mounts over the empty cart too, with no cart to embed.
    assert!(
        page.body
            .contains("data-island=\"cart\" data-island-props='{\"empty\":true}'")
    );
    assert!(!page.body.contains("id=\"mercato-cart\""));
}

#[tokio::test]
async fn the_page_shows_totals_cross_sells_and_the_cart_json() {
    let shop = cart_shop().await;
    let mut browser = with_cart(&shop).await;
    let page = browser.get("/cart/").await;
    assert_eq!(header_count(&page.body), "3");
    assert!(
        page.body.contains("class=\"cross-sells\""),
        "the Belt cross-sells the Cap"
    );
    assert!(page.body.contains("?add-to-cart=20"));
    assert!(page.body.contains("href=\"/checkout/\""));
    assert!(page.body.contains("\"is_cart\":true") || page.body.contains("is_cart"));
    let json = cart_json(&page.body);
    assert_eq!(json["items_count"], 3);
    assert_eq!(json["totals"]["total_items"], "9100");
    assert!(
        page.body
            .contains("<td data-title=\"Subtotal\">$91.00</td>")
    );
    // The classic form is the fallback inside the block cart's container (issue 23).
    let island = page
        .body
        .find("data-island=\"cart\" data-island-props='{\"couponsEnabled\":true}'")
        .expect("the block cart's container");
    let form = page
        .body
        .find("id=\"cart-form\"")
        .expect("the classic form");
    assert!(island < form, "the container holds the form");
    cart_page_support::assert_no_inline_script(&page.body);
}

#[tokio::test]
async fn quantities_update_and_errors_come_back_as_notices() {
    let shop = cart_shop().await;
    let mut browser = with_cart(&shop).await;
    let nonce = browser.nonce().await;
    let page = browser.get("/cart/").await;
    let fields = quantity_fields(&page.body);
    assert_eq!(fields.len(), 2);
    let updated = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                (&fields[0], "3"),
                (&fields[1], "lots"),
                ("update_cart", "Update cart"),
            ],
        )
        .await;
    assert_eq!(updated.location, "/cart/");
    let page = browser.follow(updated).await;
    assert_eq!(
        notices(&page.body),
        [
            "Cart updated.",
            "Please enter a valid quantity for &ldquo;T-Shirt&rdquo;."
        ]
    );
    assert_eq!(cart_json(&page.body)["items_count"], 5);

    let zero = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                (&fields[1], "0"),
                ("update_cart", "1"),
            ],
        )
        .await;
    let page = browser.follow(zero).await;
    assert_eq!(notices(&page.body), ["&ldquo;T-Shirt&rdquo; removed."]);
    assert_eq!(cart_json(&page.body)["items_count"], 3);

    let unknown = browser
        .post("/cart/", &[("_wpnonce", &nonce), ("cart[nope][qty]", "2")])
        .await;
    let page = browser.follow(unknown).await;
    assert_eq!(notices(&page.body), ["Cart item does not exist."]);
}

#[tokio::test]
async fn remove_links_remove_and_need_the_nonce() {
    let shop = cart_shop().await;
    let mut browser = with_cart(&shop).await;
    let page = browser.get("/cart/").await;
    let remove = attribute_after(&page.body, "<a href=\"/cart/?remove_item=").expect("link");
    let forged = browser
        .get(&format!(
            "/cart/?remove_item={}",
            remove.split('&').next().unwrap_or("")
        ))
        .await;
    let page = browser.follow(forged).await;
    assert_eq!(
        notices(&page.body),
        [mercato_server::cart_page::actions::EXPIRED]
    );
    assert_eq!(cart_json(&page.body)["items_count"], 3);

    let removed = browser.get(&format!("/cart/?remove_item={remove}")).await;
    let page = browser.follow(removed).await;
    assert_eq!(notices(&page.body), ["&ldquo;Belt&rdquo; removed."]);
    assert_eq!(header_count(&page.body), "2");
    let again = browser.get(&format!("/cart/?remove_item={remove}")).await;
    let page = browser.follow(again).await;
    assert_eq!(notices(&page.body), ["Cart item does not exist."]);
}

#[tokio::test]
async fn coupons_apply_and_remove() {
    let shop = cart_shop().await;
    let mut browser = with_cart(&shop).await;
    let nonce = browser.nonce().await;
    let applied = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("coupon_code", " TEN "),
                ("apply_coupon", "1"),
            ],
        )
        .await;
    let page = browser.follow(applied).await;
    assert_eq!(notices(&page.body), ["Coupon code applied successfully."]);
    assert!(page.body.contains("Coupon: ten"));
    assert_eq!(cart_json(&page.body)["totals"]["total_discount"], "910");

    let expired = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("coupon_code", "expired"),
                ("apply_coupon", "1"),
            ],
        )
        .await;
    let page = browser.follow(expired).await;
    assert_eq!(
        notices(&page.body),
        ["Coupon &quot;expired&quot; has expired."]
    );
    let empty = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("coupon_code", ""),
                ("apply_coupon", "1"),
            ],
        )
        .await;
    let page = browser.follow(empty).await;
    assert_eq!(notices(&page.body), ["Please enter a coupon code."]);

    let remove = attribute_after(&page.body, "<a href=\"/cart/?remove_coupon=").expect("link");
    let removed = browser.get(&format!("/cart/?remove_coupon={remove}")).await;
    let page = browser.follow(removed).await;
    assert_eq!(notices(&page.body), ["Coupon has been removed."]);
    assert_eq!(cart_json(&page.body)["coupons"], serde_json::json!([]));
}

#[tokio::test]
async fn shipping_rates_pickup_and_the_calculator() {
    let shop = cart_shop().await;
    let mut browser = with_cart(&shop).await;
    let nonce = browser.nonce().await;
    let page = browser.get("/cart/").await;
    let rates: Vec<String> = page
        .body
        .split("name=\"shipping_method[0]\"")
        .skip(1)
        .filter_map(|p| attribute_after(p, "value=\""))
        .collect();
    assert!(
        rates.iter().any(|r| r.starts_with("flat_rate")),
        "{rates:?}"
    );
    let pickup = rates
        .iter()
        .find(|r| r.starts_with("pickup_location"))
        .expect("local pickup offered")
        .clone();
    let chosen = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("shipping_method[0]", &pickup),
                ("update_shipping", "1"),
            ],
        )
        .await;
    let page = browser.follow(chosen).await;
    let json = cart_json(&page.body);
    let selected: Vec<&str> = json["shipping_rates"][0]["shipping_rates"]
        .as_array()
        .expect("rates")
        .iter()
        .filter(|r| r["selected"] == true)
        .filter_map(|r| r["rate_id"].as_str())
        .collect();
    assert_eq!(selected, [pickup.as_str()]);
    assert!(
        page.body.contains("2000 Mission St"),
        "the pickup address is shown"
    );

    let moved = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("calc_shipping_country", "US"),
                ("calc_shipping_state", "New York"),
                ("calc_shipping_postcode", "10001"),
                ("calc_shipping", "1"),
            ],
        )
        .await;
    let page = browser.follow(moved).await;
    assert_eq!(notices(&page.body), ["Shipping costs updated."]);
    assert_eq!(cart_json(&page.body)["shipping_address"]["state"], "NY");

    let invalid = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("calc_shipping_country", "US"),
                ("calc_shipping_postcode", "<b>x</b>"),
                ("calc_shipping", "1"),
            ],
        )
        .await;
    let page = browser.follow(invalid).await;
    assert_eq!(notices(&page.body).len(), 1, "{:?}", notices(&page.body));
    assert!(!page.body.contains("<b>x</b>"));
}

#[tokio::test]
async fn forged_posts_change_nothing() {
    let shop = cart_shop().await;
    let mut browser = with_cart(&shop).await;
    let page = browser.get("/cart/").await;
    let fields = quantity_fields(&page.body);
    for nonce in ["", "0123456789", "<script>"] {
        let forged = browser
            .post(
                "/cart/",
                &[
                    ("_wpnonce", nonce),
                    (&fields[0], "5"),
                    ("coupon_code", "ten"),
                ],
            )
            .await;
        let page = browser.follow(forged).await;
        assert_eq!(
            notices(&page.body),
            [mercato_server::cart_page::actions::EXPIRED]
        );
        assert_eq!(cart_json(&page.body)["items_count"], 3);
    }
    // Another session's nonce is no good either.
    let mut other = with_cart(&shop).await;
    let foreign = other.nonce().await;
    let forged = browser
        .post("/cart/", &[("_wpnonce", &foreign), (&fields[0], "5")])
        .await;
    let page = browser.follow(forged).await;
    assert_eq!(cart_json(&page.body)["items_count"], 3);
}

#[tokio::test]
async fn hostile_form_input_is_refused_without_harm() {
    let shop = cart_shop().await;
    let mut browser = with_cart(&shop).await;
    let nonce = browser.nonce().await;
    let long = "x".repeat(10_000);
    let reply = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("cart[<script>][qty]", "1"),
                ("coupon_code", "<img src=x onerror=alert(1)>"),
                ("shipping_method[0]", &long),
                ("shipping_method[x]", "flat_rate:1"),
            ],
        )
        .await;
    let page = browser.follow(reply).await;
    assert!(!page.body.contains("<img src=x"));
    assert!(!page.body.contains("<script>]"));
    assert_eq!(notices(&page.body).len(), 2, "{:?}", notices(&page.body));
    assert_eq!(cart_json(&page.body)["items_count"], 3);
    let not_a_form = browser
        .send(
            axum::http::Method::POST,
            "/cart/",
            Some("%%%&&&=".to_owned()),
        )
        .await;
    assert_eq!(not_a_form.status, StatusCode::SEE_OTHER);
}
