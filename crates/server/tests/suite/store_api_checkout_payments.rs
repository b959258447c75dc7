//! Paying at checkout: the test card gateway's outcomes, stock taken and given back, and
//! totals the client sends being ignored.

use crate::store_api_cart_support;

use axum::http::StatusCode;
use mercato_core::catalogue::ProductId;
use mercato_core::orders::OrderStatus;
use mercato_db::{catalogue, orders};
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop};

/// The Beanie (id 18) has 2 in stock.
const BEANIE: i64 = 18;

async fn beanie_stock(shop: &RefShop) -> Option<i64> {
    catalogue::product_by_id(&shop.state.db, ProductId(BEANIE))
        .await
        .expect("read")
        .expect("beanie")
        .stock
        .quantity
}

fn card_request(number: &str) -> Value {
    let mut body = golden_request("034");
    body["payment_method"] = json!("test_card");
    body["payment_data"] = json!([
        {"key": "test_card-card-number", "value": number},
        {"key": "test_card-card-expiry", "value": "12/40"},
        {"key": "test_card-card-cvc", "value": "123"},
    ]);
    body
}

async fn cart_with_beanies(shop: &RefShop, quantity: u32) -> Client {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post(
            "/cart/add-item",
            json!({"id": BEANIE, "quantity": quantity}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    client
}

#[tokio::test]
async fn a_declined_card_fails_the_order_and_keeps_the_cart() {
    let shop = ref_shop().await;
    let mut client = cart_with_beanies(&shop, 2).await;
    let reply = client
        .post("/checkout", card_request("4000 0000 0000 0002"))
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert_eq!(reply.body["status"], "failed");
    assert_eq!(reply.body["payment_result"]["payment_status"], "failure");
    assert_eq!(
        reply.body["payment_result"]["payment_details"][1]["value"],
        "Your card was declined."
    );
    let id = reply.body["order_id"].as_i64().expect("id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Failed);
    assert_eq!(
        beanie_stock(&shop).await,
        Some(2),
        "a failed order gives its stock back"
    );
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 2, "the cart is kept");

    // Trying again with a good card places a new order and empties the cart.
    let reply = client
        .post("/checkout", card_request("4242 4242 4242 4242"))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["status"], "processing");
    let paid_id = reply.body["order_id"].as_i64().expect("id");
    assert_ne!(paid_id, id);
    let paid = orders::load(&shop.state.db, paid_id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(paid.transaction_id, format!("test_{paid_id}_4242"));
    assert!(paid.dates.paid.is_some());
    assert_eq!(beanie_stock(&shop).await, Some(0));
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 0);
}

#[tokio::test]
async fn a_card_needing_confirmation_is_pending() {
    let shop = ref_shop().await;
    let mut client = cart_with_beanies(&shop, 1).await;
    let reply = client
        .post("/checkout", card_request("4000 0000 0000 3220"))
        .await;
    assert_eq!(reply.status, StatusCode::ACCEPTED, "{}", reply.body);
    assert_eq!(reply.body["status"], "pending");
    assert!(
        reply.body["payment_result"]["redirect_url"]
            .as_str()
            .is_some_and(|u| u.contains("/checkout/confirm-card/"))
    );
}

#[tokio::test]
async fn totals_sent_by_the_client_are_ignored() {
    let shop = ref_shop().await;
    let mut client = cart_with_beanies(&shop, 1).await;
    let cart_total = client.get("/cart").await.body["totals"]["total_price"].clone();
    let mut body = golden_request("034");
    body["total"] = json!("1");
    body["totals"] = json!({"total_price": "1"});
    body["expected_total"] = json!("1");
    body["line_items"] = json!([{"product_id": BEANIE, "quantity": 1, "total": "0"}]);
    let reply = client.post("/checkout", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let id = reply.body["order_id"].as_i64().expect("id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(
        order.totals.total.minor().to_string(),
        cart_total.as_str().expect("total")
    );
    assert!(order.totals.total.minor() > 1);
}

#[tokio::test]
async fn stock_gone_since_the_cart_was_filled_refuses_the_order() {
    let shop = ref_shop().await;
    let mut client = cart_with_beanies(&shop, 2).await;
    // Someone else buys one meanwhile.
    assert!(
        catalogue::take_stock_now(&shop.state.db, BEANIE, 1)
            .await
            .expect("take")
    );
    let reply = client.post("/checkout", golden_request("034")).await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "{}", reply.body);
    assert!(
        reply.body["code"]
            .as_str()
            .is_some_and(|c| c.starts_with("woocommerce_rest_product_")),
        "{}",
        reply.body
    );
    assert!(reply.body["data"]["cart"].is_object());
    assert_eq!(beanie_stock(&shop).await, Some(1));
    assert_eq!(
        orders::count_with_status(&shop.state.db, OrderStatus::Processing)
            .await
            .expect("count"),
        0
    );
}

#[tokio::test]
async fn put_checkout_updates_the_draft() {
    let shop = ref_shop().await;
    let mut client = cart_with_beanies(&shop, 1).await;
    let reply = client
        .call(
            axum::http::Method::PUT,
            "/checkout",
            Some(json!({"customer_note": "Ring twice", "payment_method": "cheque"})),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["customer_note"], "Ring twice");
    assert_eq!(reply.body["payment_method"], "cheque");
    assert!(reply.body["payment_result"].is_null());
    let reply = client
        .call(
            axum::http::Method::PUT,
            "/checkout",
            Some(json!({"payment_method": "stripe"})),
        )
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    let draft = client.get("/checkout").await;
    assert_eq!(draft.body["payment_method"], "cheque");
    assert_eq!(draft.body["customer_note"], "Ring twice");
}

/// A shopper's draft holds its stock for `stock_hold_minutes`; with 0 it holds nothing.
#[tokio::test]
async fn a_checkout_draft_holds_stock_for_the_configured_time() {
    let shop = ref_shop().await;
    // One of the two Beanies (a client holds at most half a product's stock).
    let mut first = cart_with_beanies(&shop, 1).await;
    let draft = first.get("/checkout").await;
    assert_eq!(draft.status, StatusCode::OK, "{}", draft.body);
    let mut second = Client::new(&shop.app);
    second.get("/cart").await;
    let refused = second
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 2}))
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);

    // The same on a shop that holds nothing.
    let fresh = ref_shop().await;
    let (_, app) = crate::shop::Shop::builder()
        .paying()
        .rest_route()
        .configure(|s| s.stock_hold_minutes = 0)
        .app(fresh.state.db.clone());
    let mut first = Client::new(&app);
    first.get("/cart").await;
    let added = first
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    let draft = first.get("/checkout").await;
    assert_eq!(draft.status, StatusCode::OK, "{}", draft.body);
    let mut second = Client::new(&app);
    second.get("/cart").await;
    let added = second
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 2}))
        .await;
    assert_eq!(
        added.status.as_u16(),
        201,
        "nothing is held: {}",
        added.body
    );
}
