//! The merchant's gateway settings (`payment_gateways`) reach every surface from one list: a
//! disabled gateway is gone from the Store API cart's `payment_methods`, the page settings and
//! both checkouts, and an order for it is refused on every route with the same error; a
//! renamed, reordered or amount-limited gateway is shown and offered as set.

use crate::store_api_cart_support;

use axum::http::StatusCode;
use mercato_core::orders::OrderStatus;
use mercato_core::settings::GatewaySettings;
use mercato_db::orders;
use mercato_server::ServerConfig;
use serde_json::{Value, json};
use store_api_cart_support::{Client, golden_request, ref_shop};

/// The reference shop's database served by an app loaded as `mercato serve` loads it, after
/// the merchant stored `settings`.
async fn configured_app(settings: Value) -> (store_api_cart_support::RefShop, axum::Router) {
    let shop = ref_shop().await;
    let list: Vec<GatewaySettings> = serde_json::from_value(settings).expect("settings");
    mercato_db::options::set(&shop.state.db, GatewaySettings::OPTION, &list)
        .await
        .expect("store");
    let config = ServerConfig {
        assets_dir: std::path::PathBuf::from("/nonexistent"),
        ..ServerConfig::default()
    };
    let state = mercato_server::load_state(shop.state.db.clone(), config)
        .await
        .expect("state");
    let app = mercato_server::store_api::with_rest_route(mercato_server::router(state));
    (shop, app)
}

fn checkout_with(method: &str) -> Value {
    let mut body = golden_request("034");
    body["payment_method"] = json!(method);
    body
}

#[tokio::test]
async fn a_disabled_gateway_is_gone_everywhere_and_refused_on_every_route() {
    let (shop, app) = configured_app(json!([
        {"id": "cod", "enabled": false},
        {"id": "test_card", "enabled": true, "order": 1, "title": "Card payment"},
        {"id": "bacs", "enabled": true, "min_amount": "1000.00"},
        {"id": "cheque", "enabled": true},
    ]))
    .await;
    let mut client = Client::new(&app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    // The cart offers what can pay for it: no cash on delivery (off), no bank transfer (the
    // cart is under its minimum), the card first.
    assert_eq!(
        added.body["payment_methods"],
        json!(["test_card", "cheque"])
    );

    // The pages' settings list the enabled ones, in the merchant's order, with their names.
    let mut browser = crate::cart_page_support::Browser::on(&app);
    browser.cookies = client.cookies.clone();
    let cart_page = browser.get("/cart/").await;
    assert_eq!(cart_page.status, StatusCode::OK);
    let cart_page = cart_page.body;
    assert!(
        cart_page.contains(r#""paymentMethodSortOrder":["test_card","bacs","cheque"]"#),
        "{cart_page}"
    );
    assert!(cart_page.contains("Card payment"));
    assert!(
        !cart_page.contains(r#""cod":{"#),
        "cash on delivery's data is gone"
    );

    // The classic checkout offers the same as the cart.
    let checkout_page = browser.get("/checkout/").await;
    assert_eq!(
        checkout_page.status,
        StatusCode::OK,
        "{}",
        checkout_page.body
    );
    let checkout_page = checkout_page.body;
    let mut radios = checkout_page.split("name=\"payment_method\" value=\"");
    radios.next(); // the page before the first radio
    let offered: Vec<&str> = radios.filter_map(|rest| rest.split('"').next()).collect();
    assert_eq!(offered, ["test_card", "cheque"]);

    // Cash on delivery is refused by every route, with nothing written.
    let refused = client.post("/checkout", checkout_with("cod")).await;
    assert_eq!(refused.status.as_u16(), 400, "{}", refused.body);
    assert_eq!(refused.body["code"], "rest_invalid_param");
    let declined = {
        let mut body = checkout_with("test_card");
        body["payment_data"] = json!([
            {"key": "test_card-card-number", "value": "4000 0000 0000 0002"},
            {"key": "test_card-card-expiry", "value": "12/40"},
            {"key": "test_card-card-cvc", "value": "123"},
        ]);
        client.post("/checkout", body).await
    };
    assert_eq!(declined.status.as_u16(), 400, "{}", declined.body);
    let failed = declined.body["order_id"].as_i64().expect("a failed order");
    let order = orders::load(&shop.state.db, failed)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Failed);
    let pay_again = client
        .post(
            &format!("/checkout/{failed}"),
            json!({
                "key": order.order_key.as_str(),
                "billing_email": order.billing.email,
                "payment_method": "cod",
            }),
        )
        .await;
    assert_eq!(pay_again.status.as_u16(), 400, "{}", pay_again.body);
    assert_eq!(
        pay_again.body["code"], "rest_invalid_param",
        "the same error"
    );

    // Bank transfer is on but not offered under its minimum: refused as unavailable.
    let small = client.post("/checkout", checkout_with("bacs")).await;
    assert_eq!(small.status.as_u16(), 400, "{}", small.body);
    assert_eq!(
        small.body["code"],
        "woocommerce_rest_checkout_payment_method_disabled"
    );

    // The classic form refuses both the same way, in the same words, under the payment field.
    let form_page = browser.get("/checkout/").await;
    let nonce = crate::checkout_page::nonce(&form_page);
    let unknown = refused.body["data"]["params"]["payment_method"]
        .as_str()
        .expect("the unknown method's message");
    assert_eq!(
        unknown,
        "payment_method is not one of , test_card, bacs, and cheque."
    );
    let unavailable = small.body["message"].as_str().expect("a message");
    for (method, words) in [("cod", unknown), ("bacs", unavailable)] {
        let form = crate::checkout_page::form(&nonce, &[("payment_method", method)]);
        let refused = crate::checkout_page::post(&mut browser, &form).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{method}: {}",
            refused.body
        );
        let error = format!(
            "<span class=\"checkout-field-error\" id=\"payment_method_error\">{words}</span>"
        );
        assert!(refused.body.contains(&error), "{method}: {}", refused.body);
    }
    let placed = orders::count_with_status(&shop.state.db, OrderStatus::Processing)
        .await
        .expect("count")
        + orders::count_with_status(&shop.state.db, OrderStatus::OnHold)
            .await
            .expect("count");
    assert_eq!(placed, 0, "no order placed with a refused gateway");
}

/// The payment methods the classic checkout page offers, as radios.
fn offered_radios(page: &str) -> Vec<String> {
    let mut radios = page.split("name=\"payment_method\" value=\"");
    radios.next(); // the page before the first radio
    radios
        .filter_map(|rest| rest.split('"').next())
        .map(str::to_owned)
        .collect()
}

#[tokio::test]
async fn a_new_shop_offers_no_payment_method_until_the_merchant_turns_one_on() {
    // Nothing stored: a new shop. The test card would "pay" with no money moving.
    let (shop, app) = configured_app(json!([])).await;
    let mut client = Client::new(&app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    assert_eq!(added.body["payment_methods"], json!([]));
    let paid = client.post("/checkout", checkout_with("test_card")).await;
    assert_eq!(paid.status.as_u16(), 400, "{}", paid.body);
    assert_eq!(paid.body["code"], "rest_invalid_param");
    let mut browser = crate::cart_page_support::Browser::on(&app);
    browser.cookies = client.cookies.clone();
    let cart_page = browser.get("/cart/").await.body;
    assert!(
        cart_page.contains(r#""paymentMethodSortOrder":[]"#),
        "{cart_page}"
    );
    let checkout_page = browser.get("/checkout/").await.body;
    assert!(offered_radios(&checkout_page).is_empty(), "{checkout_page}");
    assert!(
        checkout_page.contains("Sorry, it seems that there are no available payment methods"),
        "WooCommerce's notice: {checkout_page}"
    );
    let placed = orders::count_with_status(&shop.state.db, OrderStatus::Processing)
        .await
        .expect("count");
    assert_eq!(placed, 0);

    // The merchant turns on cash on delivery: it alone is offered.
    let (_shop, app) = configured_app(json!([{"id": "cod", "enabled": true}])).await;
    let mut client = Client::new(&app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.body["payment_methods"], json!(["cod"]));
    let mut browser = crate::cart_page_support::Browser::on(&app);
    browser.cookies = client.cookies.clone();
    let checkout_page = browser.get("/checkout/").await.body;
    assert_eq!(offered_radios(&checkout_page), ["cod"]);
    let refused = client.post("/checkout", checkout_with("test_card")).await;
    assert_eq!(refused.status.as_u16(), 400, "{}", refused.body);
}

#[tokio::test]
async fn every_page_offering_the_test_card_says_it_is_in_test_mode() {
    // Even when the merchant rewrote its description.
    let (_shop, app) = configured_app(json!([
        {"id": "test_card", "enabled": true, "description": "Pay by card."},
    ]))
    .await;
    let notice = "Test mode: use 4242 4242 4242 4242 with any future expiry and any code. No money is taken.";
    let mut client = Client::new(&app);
    client.get("/cart").await;
    client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    let mut browser = crate::cart_page_support::Browser::on(&app);
    browser.cookies = client.cookies.clone();
    // The block checkout's settings data, and the classic checkout.
    let cart_page = browser.get("/cart/").await.body;
    assert!(
        cart_page.contains(&format!(r#""description":"{notice} Pay by card.""#)),
        "{cart_page}"
    );
    let checkout_page = browser.get("/checkout/").await.body;
    assert!(
        checkout_page.contains(&format!("<p>{notice} Pay by card.</p>")),
        "{checkout_page}"
    );
}
