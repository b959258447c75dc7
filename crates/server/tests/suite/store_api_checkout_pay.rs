//! `POST /checkout/{id}`: paying again for an order whose payment failed.

use crate::store_api_cart_support;

use axum::http::StatusCode;
use mercato_core::catalogue::ProductId;
use mercato_core::orders::{Order, OrderStatus};
use mercato_db::{catalogue, orders};
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop};

/// The Beanie (id 18) has 2 in stock.
const BEANIE: i64 = 18;
const GOOD_CARD: &str = "4242 4242 4242 4242";
const DECLINED_CARD: &str = "4000 0000 0000 0002";

async fn beanie_stock(shop: &RefShop) -> Option<i64> {
    catalogue::product_by_id(&shop.state.db, ProductId(BEANIE))
        .await
        .expect("read")
        .expect("beanie")
        .stock
        .quantity
}

async fn load(shop: &RefShop, id: i64) -> Order {
    orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order")
}

fn card_data(number: &str) -> Value {
    json!([
        {"key": "test_card-card-number", "value": number},
        {"key": "test_card-card-expiry", "value": "12/40"},
        {"key": "test_card-card-cvc", "value": "123"},
    ])
}

/// A guest's order of both beanies, declined: `failed`, its stock given back.
async fn failed_order(shop: &RefShop) -> (Client, Order) {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 2}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    let mut body = golden_request("034");
    body["payment_method"] = json!("test_card");
    body["payment_data"] = card_data(DECLINED_CARD);
    let reply = client.post("/checkout", body).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    let id = reply.body["order_id"].as_i64().expect("id");
    let order = load(shop, id).await;
    assert_eq!(order.status, OrderStatus::Failed);
    assert_eq!(beanie_stock(shop).await, Some(2));
    (client, order)
}

fn pay_body(order: &Order, number: &str) -> Value {
    json!({
        "key": order.order_key.as_str(),
        "billing_email": order.billing.email,
        "payment_method": "test_card",
        "payment_data": card_data(number),
    })
}

#[tokio::test]
async fn a_failed_order_paid_with_a_good_card_is_processing_and_takes_its_stock() {
    let shop = ref_shop().await;
    let (mut client, order) = failed_order(&shop).await;
    let path = format!("/checkout/{}", order.id);
    let reply = client.post(&path, pay_body(&order, GOOD_CARD)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["order_id"], order.id);
    assert_eq!(reply.body["status"], "processing");
    assert_eq!(reply.body["payment_method"], "test_card");
    assert_eq!(reply.body["payment_result"]["payment_status"], "success");
    let paid = load(&shop, order.id).await;
    assert_eq!(paid.status, OrderStatus::Processing);
    assert!(paid.stock_reduced);
    assert!(paid.dates.paid.is_some());
    assert_eq!(paid.transaction_id, format!("test_{}_4242", order.id));
    assert_eq!(
        beanie_stock(&shop).await,
        Some(0),
        "the stock is taken again"
    );
    let cart = client.get("/cart").await;
    // The cart is not emptied (reading it now shrinks the line to what stock is left).
    assert_eq!(
        cart.body["items"][0]["id"], BEANIE,
        "the cart is not emptied"
    );

    // A processing order cannot be paid again; nothing changes.
    let again = client.post(&path, pay_body(&order, GOOD_CARD)).await;
    assert_eq!(
        again.status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "{}",
        again.body
    );
    assert_eq!(again.body["code"], "invalid_order_update_status");
    assert_eq!(again.body["message"], "This order cannot be paid for.");
    assert_eq!(again.body["data"]["status"], 500);
    assert_eq!(load(&shop, order.id).await, paid);
    assert_eq!(beanie_stock(&shop).await, Some(0));
}

#[tokio::test]
async fn a_declined_card_again_leaves_the_order_failed_without_stock() {
    let shop = ref_shop().await;
    let (mut client, order) = failed_order(&shop).await;
    let path = format!("/checkout/{}", order.id);
    let reply = client.post(&path, pay_body(&order, DECLINED_CARD)).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert_eq!(reply.body["status"], "failed");
    assert_eq!(reply.body["payment_result"]["payment_status"], "failure");
    let after = load(&shop, order.id).await;
    assert_eq!(after.status, OrderStatus::Failed);
    assert!(!after.stock_reduced);
    assert_eq!(beanie_stock(&shop).await, Some(2));
}

#[tokio::test]
async fn a_wrong_key_or_email_or_id_changes_nothing() {
    let shop = ref_shop().await;
    let (mut client, order) = failed_order(&shop).await;
    let path = format!("/checkout/{}", order.id);

    let mut body = pay_body(&order, GOOD_CARD);
    body["key"] = json!("wc_order_wrongwrongwrong");
    let reply = client.post(&path, body).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{}", reply.body);
    assert_eq!(reply.body["code"], "woocommerce_rest_invalid_order");
    assert_eq!(reply.body["data"]["status"], 401);

    let mut body = pay_body(&order, GOOD_CARD);
    body["billing_email"] = json!("someone.else@example.com");
    let reply = client.post(&path, body).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{}", reply.body);
    assert_eq!(reply.body["code"], "woocommerce_rest_invalid_billing_email");

    let reply = client
        .post(
            &format!("/checkout/{}", order.id + 1000),
            pay_body(&order, GOOD_CARD),
        )
        .await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND, "{}", reply.body);
    assert_eq!(reply.body["code"], "woocommerce_rest_invalid_order");

    assert_eq!(load(&shop, order.id).await, order);
    assert_eq!(beanie_stock(&shop).await, Some(2));
}

#[tokio::test]
async fn a_missing_or_unknown_payment_method_is_refused() {
    let shop = ref_shop().await;
    let (mut client, order) = failed_order(&shop).await;
    let path = format!("/checkout/{}", order.id);

    let mut body = pay_body(&order, GOOD_CARD);
    body.as_object_mut()
        .expect("object")
        .remove("payment_method");
    let reply = client.post(&path, body).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert_eq!(
        reply.body["code"],
        "woocommerce_rest_checkout_missing_payment_method"
    );

    let mut body = pay_body(&order, GOOD_CARD);
    body["payment_method"] = json!("no_such_gateway");
    let reply = client.post(&path, body).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert_eq!(reply.body["code"], "rest_invalid_param");

    assert_eq!(load(&shop, order.id).await, order);
    assert_eq!(beanie_stock(&shop).await, Some(2));
}

#[tokio::test]
async fn stock_gone_since_the_failure_refuses_the_payment() {
    let shop = ref_shop().await;
    let (mut client, order) = failed_order(&shop).await;
    // Someone else buys a beanie meanwhile: one left, the order wants two.
    assert!(
        catalogue::take_stock_now(&shop.state.db, BEANIE, 1)
            .await
            .expect("take")
    );
    let path = format!("/checkout/{}", order.id);
    let reply = client.post(&path, pay_body(&order, GOOD_CARD)).await;
    assert_eq!(reply.status, StatusCode::CONFLICT, "{}", reply.body);
    assert_eq!(reply.body["code"], "woocommerce_rest_product_out_of_stock");
    let after = load(&shop, order.id).await;
    assert_eq!(after, order, "the order is as it was, not charged");
    assert_eq!(beanie_stock(&shop).await, Some(1), "no overselling");
}

#[tokio::test]
async fn paying_needs_a_nonce() {
    let shop = ref_shop().await;
    let (mut client, order) = failed_order(&shop).await;
    client.nonce = None;
    let path = format!("/checkout/{}", order.id);
    let reply = client.post(&path, pay_body(&order, GOOD_CARD)).await;
    assert_eq!(reply.status, StatusCode::UNAUTHORIZED, "{}", reply.body);
    assert_eq!(reply.body["code"], "woocommerce_rest_missing_nonce");
    assert_eq!(load(&shop, order.id).await, order);
}
