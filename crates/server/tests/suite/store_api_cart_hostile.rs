//! Hostile input on the item routes (`add-item`, `update-item`, `remove-item`, the items
//! collection) and junk bodies: wrong types, huge numbers, unknown keys, markup. Each gets a
//! clear WordPress-style error (never a 500), and a refused request leaves the cart exactly
//! as it was.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::Method;
use serde_json::json;
use store_api_cart_support::hostile::{refused, started};
use store_api_support::assert_snapshot;

#[tokio::test]
async fn add_item_refuses_bad_input() {
    let (_shop, mut c) = started().await;
    let p = Method::POST;
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 17, "quantity": "ten"}),
        400,
        "rest_invalid_param",
    )
    .await;
    assert_eq!(
        reply.body["data"]["params"]["quantity"],
        "quantity is not of type number."
    );
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": {}, "quantity": [1]}),
        400,
        "rest_invalid_param",
    )
    .await;
    assert_eq!(reply.body["message"], "Invalid parameter(s): id, quantity");
    assert_snapshot("cart-error-add-item-types", &reply.text);
    refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": "17abc"}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 17, "variation": "Color"}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 17, "variation": [{"attribute": 1, "value": []}]}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 17, "key": "70efdf2ec9b086079795c442636b55fb"}),
        400,
        "woocommerce_rest_cart_item_exists",
    )
    .await;
    for quantity in [json!(0), json!(-5), json!("-1")] {
        let reply = refused(
            &mut c,
            p.clone(),
            "/cart/add-item",
            json!({"id": 20, "quantity": quantity}),
            400,
            "woocommerce_rest_product_invalid_quantity",
        )
        .await;
        assert_eq!(
            reply.body["message"],
            "You cannot add &quot;Cap&quot; with a quantity less than or equal to 0 to the cart."
        );
    }
    refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 18, "quantity": 9_999_999_999_i64}),
        400,
        "woocommerce_rest_product_partially_out_of_stock",
    )
    .await;
    refused(&mut c, p.clone(), "/cart/add-item", json!({"id": 15, "variation": [{"attribute": "<script>alert(1)</script>", "value": "<b>x</b>"}]}), 400, "woocommerce_rest_variation_id_from_variation_data").await;
    let reply = refused(&mut c, p.clone(), "/cart/add-item", json!({"id": 14, "variation": [{"attribute": "Color", "value": "red"}, {"attribute": "Size", "value": "<script>alert(1)</script>"}]}), 400, "woocommerce_rest_invalid_variation_data").await;
    assert_eq!(
        reply.body["message"],
        "Invalid value posted for Size. Allowed values: large, medium, small"
    );
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 14, "variation": [{"attribute": "Color", "value": "red"}]}),
        400,
        "woocommerce_rest_missing_variation_data",
    )
    .await;
    assert_snapshot("cart-error-missing-variation-data", &reply.text);
    refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 0}),
        400,
        "woocommerce_rest_cart_invalid_product",
    )
    .await;

    // No body at all names no product.
    let nonce = c.nonce.clone();
    let reply = c
        .send(
            p.clone(),
            "/wp-json/wc/store/v1/cart/add-item",
            None,
            nonce.as_deref(),
            &[("content-type", "application/json")],
        )
        .await;
    assert_eq!(reply.status.as_u16(), 400, "{}", reply.body);
    assert_eq!(reply.body["code"], "woocommerce_rest_cart_invalid_product");

    // Huge quantities of an unmanaged product are brought down to the limit; unknown keys
    // are ignored.
    let reply = c
        .post(
            "/cart/add-item",
            json!({"id": 20, "quantity": 9_999_999_999_i64, "price": 0, "__proto__": {"x": 1}}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    let cap = reply.body["items"]
        .as_array()
        .and_then(|items| items.iter().find(|i| i["id"] == 20))
        .cloned()
        .expect("cap");
    assert_eq!(cap["quantity"], 9999);
    assert_eq!(cap["prices"]["price"], "1600");
    // ... and adding more than the limit to it is refused.
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/add-item",
        json!({"id": 20, "quantity": 1}),
        400,
        "invalid_quantity",
    )
    .await;
    assert_eq!(
        reply.body["message"],
        "The maximum quantity of &quot;Cap&quot; allowed in the cart is 9999"
    );
}

#[tokio::test]
async fn raw_junk_bodies_are_refused() {
    let (_shop, mut c) = started().await;
    let before = c.get("/cart").await.body;
    let nonce = c.nonce.clone().expect("nonce");
    for (content_type, body) in [
        ("application/json", &b"{not json"[..]),
        ("application/json", &[0xff, 0xfe, 0x00][..]),
        ("text/plain", &b"{\"id\": 20"[..]),
    ] {
        let reply = c
            .send_bytes(
                "/wp-json/wc/store/v1/cart/add-item",
                content_type,
                body,
                &nonce,
            )
            .await;
        assert_eq!(reply.status.as_u16(), 400, "{}", reply.text);
        assert_eq!(reply.body["code"], "rest_invalid_json");
    }
    assert_snapshot(
        "cart-error-invalid-json",
        &c.send_bytes(
            "/wp-json/wc/store/v1/cart/add-item",
            "application/json",
            b"[",
            &nonce,
        )
        .await
        .text,
    );
    // A JSON value that is not an object carries no parameters (WordPress merges objects).
    let reply = c
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/cart/update-item",
            Some(json!("not an object")),
            Some(&nonce),
            &[],
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    // A form body is read like a query string.
    let reply = c
        .send_bytes(
            "/wp-json/wc/store/v1/cart/add-item",
            "application/x-www-form-urlencoded",
            b"id=20&quantity=2",
            &nonce,
        )
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.text);
    assert_eq!(
        reply.body["items_count"],
        before["items_count"].as_i64().expect("count") + 2
    );
}

#[tokio::test]
async fn item_routes_refuse_bad_input() {
    let (_shop, mut c) = started().await;
    let p = Method::POST;
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/update-item",
        json!({"key": "nope", "quantity": 2}),
        409,
        "woocommerce_rest_cart_invalid_key",
    )
    .await;
    assert_eq!(
        reply.body["data"]["cart"]["items_count"], 1,
        "the conflict carries the cart"
    );
    assert_snapshot("cart-error-invalid-key", &reply.text);
    refused(
        &mut c,
        p.clone(),
        "/cart/update-item",
        json!({"key": {}, "quantity": 1}),
        400,
        "rest_invalid_param",
    )
    .await;
    let key = "70efdf2ec9b086079795c442636b55fb";
    refused(
        &mut c,
        p.clone(),
        "/cart/update-item",
        json!({"key": key, "quantity": "ten"}),
        400,
        "rest_invalid_param",
    )
    .await;
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/update-item",
        json!({"key": key, "quantity": 9_999_999_999_i64}),
        400,
        "invalid_quantity",
    )
    .await;
    assert_eq!(
        reply.body["message"],
        "The maximum quantity of &quot;T-Shirt&quot; allowed in the cart is 9999"
    );
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/update-item",
        json!({"key": key, "quantity": 0}),
        400,
        "invalid_quantity",
    )
    .await;
    assert_eq!(
        reply.body["message"],
        "The minimum quantity of &quot;T-Shirt&quot; allowed in the cart is 1"
    );
    refused(
        &mut c,
        p.clone(),
        "/cart/remove-item",
        json!({"key": ["a"]}),
        400,
        "rest_invalid_param",
    )
    .await;
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/remove-item",
        json!({"key": "<script>alert(1)</script>"}),
        409,
        "woocommerce_rest_cart_invalid_key",
    )
    .await;
    assert_eq!(
        reply.body["message"],
        "Cart item no longer exists or is invalid."
    );
    refused(
        &mut c,
        p.clone(),
        "/cart/items",
        json!({"id": "x"}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        Method::PUT,
        &format!("/cart/items/{key}"),
        json!({"quantity": "x"}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        Method::PATCH,
        "/cart/items/0123456789abcdef0123456789abcdef",
        json!({"quantity": 2}),
        409,
        "woocommerce_rest_cart_invalid_key",
    )
    .await;
    refused(
        &mut c,
        Method::DELETE,
        "/cart/items/short",
        json!({}),
        404,
        "rest_no_route",
    )
    .await;
    refused(
        &mut c,
        Method::GET,
        "/cart/add-item",
        json!({}),
        404,
        "rest_no_route",
    )
    .await;
}
