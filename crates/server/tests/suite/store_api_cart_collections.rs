//! The cart's collections: `/cart/items` and `/cart/items/{key}`, `/cart/coupons` and
//! `/cart/coupons/{code}` (WooCommerce's statuses: 201 on create, 204 on a single delete,
//! 200 with `[]` on a collection delete; `_links` on collection items).

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use store_api_cart_support::{Client, assert_store_headers, ref_shop};
use store_api_support::{assert_same_shape, assert_snapshot, assert_wp_error, golden_body};

#[tokio::test]
async fn the_items_collection() {
    let shop = ref_shop().await;
    let mut c = Client::new(&shop.app);
    assert_eq!(c.get("/cart/items").await.body, json!([]));

    let reply = c
        .post("/cart/items", json!({"id": 17, "quantity": 2}))
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    assert_store_headers(&reply);
    let golden_item = golden_body("009")["items"][0].clone();
    assert_same_shape(&reply.body, &golden_item, "item");
    assert_eq!(reply.body["quantity"], 2);
    let key = reply.body["key"].as_str().expect("key").to_owned();
    assert!(c.cookies.contains_key("mercato_session"));

    let reply = c.get("/cart/items").await;
    let items = reply.body.as_array().expect("list");
    assert_eq!(items.len(), 1);
    assert_eq!(
        items[0]["_links"]["self"][0]["href"],
        format!("http://127.0.0.1:8091/wp-json/wc/store/v1/cart/items/{key}")
    );
    assert_eq!(
        items[0]["_links"]["collection"][0]["href"],
        "http://127.0.0.1:8091/wp-json/wc/store/v1/cart/items"
    );

    let reply = c.get(&format!("/cart/items/{key}")).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body["id"], 17);

    let reply = c
        .call(
            Method::PATCH,
            &format!("/cart/items/{key}"),
            Some(json!({"quantity": 5})),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["quantity"], 5);
    let reply = c
        .call(
            Method::PUT,
            &format!("/cart/items/{key}"),
            Some(json!({"quantity": 4})),
        )
        .await;
    assert_eq!(reply.body["quantity"], 4);

    let missing = "0123456789abcdef0123456789abcdef";
    let reply = c.get(&format!("/cart/items/{missing}")).await;
    assert_wp_error(&reply, 409, "woocommerce_rest_cart_invalid_key");
    assert_eq!(reply.body["data"]["cart"]["items_count"], 4);
    assert_snapshot("cart-error-item-missing", &reply.text);

    let reply = c
        .call(Method::DELETE, &format!("/cart/items/{key}"), None)
        .await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT);
    assert_eq!(reply.body, Value::Null);
    assert!(!c.cookies.contains_key("woocommerce_items_in_cart"));
    let reply = c
        .call(Method::DELETE, &format!("/cart/items/{key}"), None)
        .await;
    assert_wp_error(&reply, 409, "woocommerce_rest_cart_invalid_key");

    c.post("/cart/items", json!({"id": 20})).await;
    c.post("/cart/apply-coupon", json!({"code": "fixed5"}))
        .await;
    let reply = c.call(Method::DELETE, "/cart/items", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body, json!([]));
    let cart = c.get("/cart").await.body;
    assert_eq!(cart["items_count"], 0);
    assert_eq!(cart["coupons"], json!([]), "emptying drops coupons too");

    let reply = c.call(Method::OPTIONS, "/cart/items", None).await;
    assert_eq!(reply.header("allow"), "GET, POST, DELETE");
}

#[tokio::test]
async fn the_coupons_collection() {
    let shop = ref_shop().await;
    let mut c = Client::new(&shop.app);
    c.get("/cart").await;
    c.post("/cart/add-item", json!({"id": 17, "quantity": 3}))
        .await;

    let reply = c.post("/cart/coupons", json!({"code": "ten"})).await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    let golden_coupon = golden_body("012")["coupons"][0].clone();
    assert_same_shape(&reply.body, &golden_coupon, "coupon");
    assert_eq!(reply.body["totals"]["total_discount"], "540");

    let reply = c.get("/cart/coupons").await;
    let list = reply.body.as_array().expect("list");
    assert_eq!(list.len(), 1);
    assert_eq!(
        list[0]["_links"]["self"][0]["href"],
        "http://127.0.0.1:8091/wp-json/wc/store/v1/cart/coupons/ten"
    );
    assert_eq!(c.get("/cart/coupons/ten").await.body["code"], "ten");
    let reply = c.get("/cart/coupons/fixed5").await;
    assert_wp_error(&reply, 404, "woocommerce_rest_cart_coupon_invalid_code");
    assert_snapshot("cart-error-coupon-not-in-cart", &reply.text);

    let reply = c.post("/cart/coupons", json!({"code": "expired"})).await;
    assert_wp_error(&reply, 400, "woocommerce_rest_cart_coupon_error");

    let reply = c.call(Method::DELETE, "/cart/coupons/ten", None).await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT);
    assert_eq!(c.get("/cart").await.body["coupons"], json!([]));

    c.post("/cart/coupons", json!({"code": "ten"})).await;
    c.post("/cart/coupons", json!({"code": "fixed5"})).await;
    assert_eq!(
        c.get("/cart/coupons").await.body.as_array().map(Vec::len),
        Some(2)
    );
    let reply = c.call(Method::DELETE, "/cart/coupons", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.body, json!([]));
    assert_eq!(c.get("/cart").await.body["coupons"], json!([]));
}
