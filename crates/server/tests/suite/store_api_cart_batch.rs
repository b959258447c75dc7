//! `POST /batch`: at most 25 requests, Store API paths only, each checked as if sent alone
//! (its own nonce from its own headers, else the batch's), WordPress's 207 envelope.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use store_api_cart_support::{Client, assert_store_headers, ref_shop};
use store_api_support::{assert_snapshot, assert_wp_error};

fn add(id: i64) -> Value {
    json!({"method": "POST", "path": "/wc/store/v1/cart/add-item", "body": {"id": id, "quantity": 1}})
}

#[tokio::test]
async fn more_than_25_requests_are_refused_whole() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let requests: Vec<Value> = (0..26).map(|_| add(17)).collect();
    let reply = client.post("/batch", json!({ "requests": requests })).await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
    assert_eq!(
        reply.body["data"]["params"]["requests"],
        "requests must contain at most 25 items."
    );
    assert_snapshot("batch-error-too-many", &reply.text);
    assert_eq!(client.get("/cart").await.body["items_count"], 0);
    // 25 is fine.
    let requests: Vec<Value> = (0..25).map(|_| add(17)).collect();
    let reply = client.post("/batch", json!({ "requests": requests })).await;
    assert_eq!(reply.status.as_u16(), 207);
    assert_eq!(client.get("/cart").await.body["items_count"], 25);
}

#[tokio::test]
async fn paths_outside_the_store_api_are_refused_whole() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    for path in [
        "/wp/v2/users",
        "/wc/store/../../wp/v2/users",
        "//evil.example/wc/store/v1/cart",
    ] {
        let reply = client
            .post(
                "/batch",
                json!({"requests": [add(17), {"method": "POST", "path": path, "body": {}}]}),
            )
            .await;
        assert_wp_error(&reply, 400, "woocommerce_rest_invalid_path");
        assert_snapshot("batch-error-invalid-path", &reply.text);
    }
    assert_eq!(
        client.get("/cart").await.body["items_count"],
        0,
        "nothing ran"
    );
    let reply = client
        .post("/batch", json!({"requests": "everything"}))
        .await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
    let reply = client.post("/batch", json!({})).await;
    assert_wp_error(&reply, 400, "rest_missing_callback_param");
    let reply = client
        .post(
            "/batch",
            json!({"requests": [{"method": "GET", "path": "/wc/store/v1/cart"}]}),
        )
        .await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
}

#[tokio::test]
async fn each_request_runs_as_if_sent_alone() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let good = client.nonce.clone().expect("nonce");
    let requests = json!([
        // Uses the batch's nonce.
        add(17),
        // Its own (bad) nonce wins over the batch's.
        {"method": "POST", "path": "/wc/store/v1/cart/add-item", "body": {"id": 20}, "headers": {"Nonce": "0000000000"}},
        // Refused by the cart.
        add(999999),
        // Its own good nonce, on the unversioned namespace, with a query string.
        {"method": "POST", "path": "/wc/store/cart/add-item?quantity=2", "body": {"id": 19}, "headers": {"Nonce": [good]}},
        // Batches do not nest.
        {"method": "POST", "path": "/wc/store/v1/batch", "body": {"requests": []}},
        // No such route.
        {"method": "DELETE", "path": "/wc/store/v1/cart/nothing"},
    ]);
    let reply = client.post("/batch", json!({ "requests": requests })).await;
    assert_eq!(reply.status.as_u16(), 207, "{}", reply.body);
    assert_store_headers(&reply);
    let slots = reply.body["responses"].as_array().expect("responses");
    let statuses: Vec<i64> = slots
        .iter()
        .map(|s| s["status"].as_i64().expect("status"))
        .collect();
    assert_eq!(statuses, [201, 403, 400, 201, 400, 404]);
    assert_eq!(slots[1]["body"]["code"], "woocommerce_rest_invalid_nonce");
    assert_eq!(
        slots[2]["body"]["code"],
        "woocommerce_rest_cart_invalid_product"
    );
    assert_eq!(slots[4]["body"]["code"], "rest_batch_not_allowed");
    let wire = reply.text.split("\"rest_batch_not_allowed\"").count();
    assert_eq!(wire, 2, "the slot body keeps its wire form");
    assert!(
        reply.text.contains(r#"{"body":{"items":[{"key":"#),
        "cart key order kept"
    );
    assert_eq!(slots[5]["body"]["code"], "rest_no_route");
    for slot in &slots[..4] {
        for header in ["Nonce", "Nonce-Timestamp", "User-ID", "Cart-Token"] {
            assert!(!slot["headers"][header].is_null(), "{header}: {slot}");
        }
        assert!(slot["headers"]["Nonce-Timestamp"].is_i64());
        assert!(slot["headers"]["User-ID"].is_i64());
    }
    assert_eq!(slots[3]["body"]["items_count"], 3);
    // The first write of the batch made the session; the outer response sets its cookie.
    assert!(client.cookies.contains_key("mercato_session"));
    assert!(client.cookies.contains_key("woocommerce_cart_hash"));
    assert_eq!(client.get("/cart").await.body["items_count"], 3);
}

#[tokio::test]
async fn a_batch_without_any_nonce_runs_nothing() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    let reply = client
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/batch",
            Some(json!({"requests": [add(17), add(20)]})),
            None,
            &[],
        )
        .await;
    assert_eq!(reply.status.as_u16(), 207);
    for slot in reply.body["responses"].as_array().expect("slots") {
        assert_eq!(slot["status"], 401);
        assert_eq!(slot["body"]["code"], "woocommerce_rest_missing_nonce");
    }
    assert!(client.cookies.is_empty());
    assert_eq!(client.get("/cart").await.status, StatusCode::OK);
}
