//! The money a shopper without JavaScript was shown is the money charged (walkthrough 1,
//! findings 1, 2, 4, 6 and 8): a total that changed since the page was shown is not charged
//! until the shopper has seen it; an address keeps no state from another country and none of
//! the fields its country hides; after an order every page and the cart cookies say the cart
//! is empty; the form's errors come in one round, under the address they belong to, each
//! said once.

use crate::cart_page_support::{Page, RefShop, attribute_after, cart_shop, header_count};
use crate::checkout_page::{form, nonce, post, rates, with_beanie};
use crate::store_api_cart_support::Client;

use axum::http::StatusCode;
use mercato_core::money::{Currency, Money};
use mercato_core::orders::{Order, OrderStatus};
use mercato_db::orders;
use serde_json::json;

/// The shop's pickup rate (the reference shop ships within the US only).
const PICKUP: &str = "pickup_location:0";

/// The total the page showed, as the form posts it back.
fn shown_total(page: &Page) -> String {
    attribute_after(&page.body, "name=\"shown_total\" value=\"").expect("the shown total")
}

/// The rate the page shows chosen.
fn chosen_rate(body: &str) -> String {
    body.split("name=\"shipping_method[0]\"")
        .skip(1)
        .find(|part| {
            part.split('>')
                .next()
                .is_some_and(|tag| tag.contains(" checked"))
        })
        .and_then(|part| attribute_after(part, "value=\""))
        .expect("a chosen rate")
}

/// The order review's total as text ("$16.24").
fn review_total(body: &str) -> String {
    let row = body
        .split("<tr class=\"order-total\">")
        .nth(1)
        .expect("a total row");
    let start = row.find("<strong>").expect("the total") + "<strong>".len();
    row[start..start + row[start..].find("</strong>").expect("end")].to_owned()
}

/// The orders placed so far, newest last.
async fn placed(shop: &RefShop) -> Vec<Order> {
    let mut all: Vec<Order> = orders::list(&shop.state.db, None, 1000)
        .await
        .expect("orders")
        .into_iter()
        .filter(|o| o.status != OrderStatus::CheckoutDraft)
        .collect();
    all.sort_by_key(|o| o.id);
    all
}

fn money(minor: &str) -> String {
    Currency::default().format(Money::from_minor(minor.parse().expect("minor units")))
}

#[tokio::test]
async fn a_rate_changed_on_the_form_is_charged_only_once_the_shopper_has_seen_the_total() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let shown = shown_total(&page);
    assert_eq!(
        money(&shown),
        review_total(&page.body),
        "the field is the total shown"
    );
    // The shopper picks another rate; without JavaScript the total on the page stays.
    let chosen = chosen_rate(&page.body);
    let other = rates(&page.body)
        .into_iter()
        .find(|r| *r != chosen)
        .expect("another rate");
    let fields = form(
        &nonce(&page),
        &[("shipping_method[0]", &other), ("shown_total", &shown)],
    );
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(placed(&shop).await.is_empty(), "nothing charged yet");
    let new_total = shown_total(&again);
    assert_ne!(new_total, shown, "the rate changes the total");
    let said = format!(
        "The total of your order has changed to {} since the page was shown. Please check your order and place it again.",
        money(&new_total)
    );
    assert!(again.body.contains(&said), "{}", again.body);
    assert_eq!(review_total(&again.body), money(&new_total));
    assert_eq!(chosen_rate(&again.body), other, "the choice is kept");
    assert!(again.body.contains("value=\"Jane\""), "typed values kept");

    // Placed again from the page that shows the new total: that total is charged.
    let fields = form(
        &nonce(&again),
        &[("shipping_method[0]", &other), ("shown_total", &new_total)],
    );
    let done = post(&mut browser, &fields).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let orders = placed(&shop).await;
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0].totals.total.minor().to_string(), new_total);
}

#[tokio::test]
async fn an_unchanged_total_is_charged_at_once() {
    // The total the page showed is the total charged: the order goes through at once.
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let shown = shown_total(&page);
    let fields = form(
        &nonce(&page),
        &[
            ("shipping_method[0]", &chosen_rate(&page.body)),
            ("shown_total", &shown),
        ],
    );
    let done = post(&mut browser, &fields).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    assert_eq!(
        placed(&shop).await[0].totals.total.minor().to_string(),
        shown
    );
}

#[tokio::test]
async fn a_country_changed_without_javascript_keeps_no_state_of_the_old_one() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    assert!(
        page.body
            .contains("<input type=\"hidden\" name=\"billing_form_country\" value=\"US\">"),
        "the form says which country it drew the address for: {}",
        page.body
    );
    // The country select says United Kingdom; the state select, drawn for the US, still
    // says California.
    let fields = form(
        &nonce(&page),
        &[
            ("billing_form_country", "US"),
            ("billing_country", "GB"),
            ("billing_state", "CA"),
            ("billing_city", "London"),
            ("billing_postcode", "SW1A 2AA"),
            // The reference shop ships within the US only: collected in the shop.
            ("shipping_method[0]", PICKUP),
        ],
    );
    let done = post(&mut browser, &fields).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let order = placed(&shop).await.pop().expect("an order");
    assert_eq!(order.billing.country, "GB");
    assert_eq!(order.billing.state, "", "no Californian county");
    let received = browser.follow(done).await;
    assert!(
        received
            .body
            .contains("London<br>SW1A 2AA<br>United Kingdom (UK)"),
        "{}",
        received.body
    );
    assert!(!received.body.contains("London CA"), "{}", received.body);
}

#[tokio::test]
async fn a_field_the_country_hides_is_blanked() {
    // France has no state field: a state posted with a French address is not kept.
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let fields = form(
        &nonce(&page),
        &[
            ("billing_country", "FR"),
            ("billing_state", "CA"),
            ("billing_city", "Paris"),
            ("billing_postcode", "75001"),
            ("shipping_method[0]", PICKUP),
        ],
    );
    let done = post(&mut browser, &fields).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let order = placed(&shop).await.pop().expect("an order");
    assert_eq!(
        (order.billing.country.as_str(), order.billing.state.as_str()),
        ("FR", "")
    );
}

#[tokio::test]
async fn the_store_api_drops_the_old_countrys_state_when_only_the_country_changes() {
    let shop = cart_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    let us = json!({
        "first_name": "Jane", "last_name": "Doe", "address_1": "1 Main Street",
        "city": "Springfield", "state": "CA", "postcode": "90210", "country": "US",
        "email": "jane@example.com",
    });
    let reply = client
        .post(
            "/cart/update-customer",
            json!({"billing_address": us, "shipping_address": us}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    // The reference shop ships within the US only: collected in the shop.
    let reply = client
        .post(
            "/cart/select-shipping-rate",
            json!({"package_id": 0, "rate_id": PICKUP}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    // A partial address: the country and the town change, the state is not sent.
    let moved = json!({"country": "GB", "city": "London", "postcode": "SW1A 2AA"});
    let reply = client
        .post(
            "/checkout",
            json!({
                "billing_address": moved,
                "shipping_address": moved,
                "payment_method": "cod",
            }),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    assert_eq!(reply.body["billing_address"]["state"], "", "{}", reply.body);
    assert_eq!(
        reply.body["shipping_address"]["state"], "",
        "{}",
        reply.body
    );
    let order = placed(&shop).await.pop().expect("an order");
    assert_eq!(
        (order.billing.state.as_str(), order.shipping.state.as_str()),
        ("", "")
    );
}

#[tokio::test]
async fn after_an_order_the_header_and_the_cart_cookies_show_an_empty_cart() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    assert!(
        browser.cookies.contains_key("woocommerce_items_in_cart")
            && browser.cookies.contains_key("woocommerce_cart_hash"),
        "{:?}",
        browser.cookies
    );
    let page = browser.get("/checkout/").await;
    let done = post(&mut browser, &form(&nonce(&page), &[])).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let received = browser.follow(done).await;
    assert_eq!(received.status, StatusCode::OK, "{}", received.body);
    assert_eq!(header_count(&received.body), "0", "{}", received.body);
    assert!(
        !browser.cookies.contains_key("woocommerce_items_in_cart")
            && !browser.cookies.contains_key("woocommerce_cart_hash"),
        "the page that shows the empty cart clears the cart cookies, so the browser's cached fragments of the old cart are not shown: {:?}",
        browser.cookies
    );
}

#[tokio::test]
async fn a_blank_form_says_everything_it_lacks_at_once_of_the_billing_address() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let blank: Vec<(&str, &str)> = [
        "billing_first_name",
        "billing_last_name",
        "billing_address_1",
        "billing_city",
        "billing_postcode",
        "billing_email",
        "billing_phone",
        "terms",
    ]
    .into_iter()
    .map(|name| (name, ""))
    .collect();
    let again = post(&mut browser, &form(&nonce(&page), &blank)).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = &again.body;
    // In WooCommerce's order: the fields the country's locale overrides first.
    let address = "There was a problem with the provided billing address: ZIP Code is required, First name is required, Last name is required, Street address is required, Town / City is required";
    for notice in [
        "Please read and accept the terms and conditions to proceed with your order.",
        "A valid email address is required",
        address,
    ] {
        assert_eq!(
            body.matches(&format!("<li>{notice}</li>")).count(),
            1,
            "{notice} said once among the notices, in the first round: {body}"
        );
    }
    assert_eq!(
        body.matches(address).count(),
        1,
        "the address's problem is not repeated under its inputs"
    );
    assert!(!body.contains("provided shipping address"), "{body}");
    // Under each input, what it lacks.
    for (input, message) in [
        ("billing_first_name", "First name is required"),
        ("billing_city", "Town / City is required"),
        ("billing_postcode", "ZIP Code is required"),
    ] {
        assert!(
            body.contains(&format!(
                "<span class=\"checkout-field-error\" id=\"{input}_error\">{message}</span>"
            )),
            "{input}: {body}"
        );
    }
    assert!(placed(&shop).await.is_empty());
}

#[tokio::test]
async fn an_address_that_cannot_be_read_is_said_with_what_it_lacks() {
    let shop = cart_shop().await;
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let fields = form(
        &nonce(&page),
        &[("billing_postcode", "ABCDE"), ("billing_first_name", "")],
    );
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = &again.body;
    assert!(
        body.contains("<li>The provided postcode / ZIP is not valid</li>"),
        "{body}"
    );
    assert!(
        body.contains(
            "<li>There was a problem with the provided billing address: First name is required</li>"
        ),
        "{body}"
    );
}

#[tokio::test]
async fn every_checkout_sells_only_where_the_shop_settings_say() {
    let shop = cart_shop().await;
    let settings = json!({"sell_to": ["GB"], "fields": {"phone": "required"}});
    mercato_db::options::set(&shop.state.db, "checkout_addresses", &settings)
        .await
        .expect("settings");
    // The classic form: the US address is refused, the phone asked for.
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    assert!(
        page.body
            .contains("<label for=\"billing_phone\">Phone <abbr class=\"required\""),
        "the form asks for what the shop requires: {}",
        page.body
    );
    let again = post(&mut browser, &form(&nonce(&page), &[("billing_phone", "")])).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    // Nothing ships to the US either (the shop ships where it sells), which WooCommerce
    // checks first; the billing country input says it.
    let not_shipped = "Sorry, we do not ship orders to the provided country (US)";
    assert!(
        again.body.contains(&format!("<li>{not_shipped}</li>")),
        "{}",
        again.body
    );
    assert!(
        again.body.contains("<span class=\"checkout-field-error\" id=\"billing_phone_error\">Phone is required</span>"),
        "{}",
        again.body
    );
    // The Store API: the same refusal, in WooCommerce's code.
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    let us = json!({
        "first_name": "Jane", "last_name": "Doe", "address_1": "1 Main Street",
        "city": "Springfield", "state": "CA", "postcode": "90210", "country": "US",
        "email": "jane@example.com", "phone": "555-0100",
    });
    let reply = client
        .post(
            "/checkout",
            json!({"billing_address": us, "shipping_address": us, "payment_method": "cod"}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 400, "{}", reply.body);
    assert_eq!(
        reply.body["code"],
        "woocommerce_rest_invalid_address_country"
    );
    assert_eq!(reply.body["message"], not_shipped);
    assert!(placed(&shop).await.is_empty());
}
