//! Hostile input on the coupon, shipping, customer and extension routes: wrong types,
//! unknown names, markup in codes, names and addresses. Each gets a clear WordPress-style
//! error (never a 500); a refused request changes nothing; accepted text is cleaned.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::Method;
use serde_json::json;
use store_api_cart_support::hostile::{refused, started};
use store_api_support::assert_snapshot;

#[tokio::test]
async fn coupon_and_shipping_routes_refuse_bad_input() {
    let (_shop, mut c) = started().await;
    let p = Method::POST;
    refused(
        &mut c,
        p.clone(),
        "/cart/apply-coupon",
        json!({"code": {"$ne": 1}}),
        400,
        "rest_invalid_param",
    )
    .await;
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/apply-coupon",
        json!({}),
        400,
        "rest_missing_callback_param",
    )
    .await;
    assert_eq!(reply.body["data"]["params"], json!(["code"]));
    assert_snapshot("cart-error-missing-param", &reply.text);
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/apply-coupon",
        json!({"code": "<script>alert(1)</script>"}),
        400,
        "woocommerce_rest_cart_coupon_error",
    )
    .await;
    assert_eq!(
        reply.body["message"],
        "Coupon &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; cannot be applied because it does not exist."
    );
    refused(
        &mut c,
        p.clone(),
        "/cart/remove-coupon",
        json!({"code": 5}),
        400,
        "rest_invalid_param",
    )
    .await;
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/remove-coupon",
        json!({"code": "nope"}),
        400,
        "woocommerce_rest_cart_coupon_error",
    )
    .await;
    assert_eq!(reply.body["message"], "Invalid coupon code.");
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/remove-coupon",
        json!({"code": "ten"}),
        409,
        "woocommerce_rest_cart_coupon_invalid_code",
    )
    .await;
    assert!(reply.body["data"]["cart"]["items"].is_array());
    refused(
        &mut c,
        p.clone(),
        "/cart/coupons",
        json!({"code": "nope"}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        Method::DELETE,
        "/cart/coupons/%3Cscript%3E",
        json!({}),
        404,
        "woocommerce_rest_cart_coupon_invalid_code",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/select-shipping-rate",
        json!({}),
        400,
        "rest_missing_callback_param",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/select-shipping-rate",
        json!({"rate_id": 5}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/select-shipping-rate",
        json!({"package_id": {}, "rate_id": "flat_rate:1"}),
        400,
        "rest_invalid_param",
    )
    .await;
    let reply = c
        .post(
            "/cart/select-shipping-rate",
            json!({"package_id": "abc", "rate_id": "<script>"}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200);
    assert_eq!(
        reply.body["shipping_rates"][0]["shipping_rates"][0]["selected"],
        true
    );
}

#[tokio::test]
async fn update_customer_checks_and_cleans_addresses() {
    let (_shop, mut c) = started().await;
    let p = Method::POST;
    let path = "/cart/update-customer";
    let reply = refused(
        &mut c,
        p.clone(),
        path,
        json!({"billing_address": "x"}),
        400,
        "rest_invalid_param",
    )
    .await;
    assert_eq!(
        reply.body["data"]["params"]["billing_address"],
        "billing_address is not of type object."
    );
    refused(
        &mut c,
        p.clone(),
        path,
        json!({"billing_address": {"country": "ZZ"}}),
        400,
        "rest_invalid_param",
    )
    .await;
    let reply = refused(&mut c, p.clone(), path, json!({"billing_address": {"country": "US", "postcode": "ABC", "email": "not-an-email"}, "shipping_address": {"country": "US", "state": "Narnia"}}), 400, "rest_invalid_param").await;
    assert_eq!(
        reply.body["message"],
        "Invalid parameter(s): billing_address, shipping_address"
    );
    assert_eq!(
        reply.body["data"]["details"]["billing_address"]["code"],
        "invalid_postcode"
    );
    assert_eq!(
        reply.body["data"]["details"]["billing_address"]["additional_errors"][0]["code"],
        "invalid_email"
    );
    assert_snapshot("cart-error-update-customer", &reply.text);
    refused(
        &mut c,
        p.clone(),
        path,
        json!({"billing_address": {"first_name": 5}}),
        400,
        "rest_invalid_param",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        path,
        json!({"shipping_address": {"phone": "call me maybe"}}),
        400,
        "rest_invalid_param",
    )
    .await;

    // Markup is stripped, state names become codes, postcodes are formatted, partial
    // addresses merge over what was stored.
    let reply = c
        .post(path, json!({"billing_address": {"first_name": "<script>alert(1)</script>Jane", "last_name": "<b>Doe</b>", "country": "us", "state": "California", "postcode": "94103-1234", "email": "jane@example.com", "unknown": "x"}}))
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    let billing = &reply.body["billing_address"];
    assert!(
        !billing.to_string().contains('<'),
        "markup stored: {billing}"
    );
    assert_eq!(billing["first_name"], "Jane");
    assert_eq!(billing["last_name"], "Doe");
    assert_eq!(billing["country"], "US");
    assert_eq!(billing["state"], "CA");
    assert_eq!(billing["email"], "jane@example.com");
    let reply = c
        .post(path, json!({"billing_address": {"city": "San Francisco"}}))
        .await;
    assert_eq!(
        reply.body["billing_address"]["first_name"], "Jane",
        "merged, not replaced"
    );
    assert_eq!(reply.body["billing_address"]["city"], "San Francisco");
}

#[tokio::test]
async fn extensions_route_refuses_unknown_namespaces_and_bad_data() {
    let (_shop, mut c) = started().await;
    let p = Method::POST;
    let reply = refused(
        &mut c,
        p.clone(),
        "/cart/extensions",
        json!({"namespace": "nope", "data": {}}),
        400,
        "woocommerce_rest_cart_extensions_error",
    )
    .await;
    assert_eq!(
        reply.body["message"],
        "There is no such namespace registered: nope."
    );
    assert_snapshot("cart-error-extensions", &reply.text);
    refused(
        &mut c,
        p.clone(),
        "/cart/extensions",
        json!({"namespace": "<script>x</script>", "data": {}}),
        400,
        "woocommerce_rest_cart_extensions_error",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/extensions",
        json!({"namespace": "mercato", "data": {"gift_wrap": "yes"}}),
        400,
        "woocommerce_rest_cart_extensions_error",
    )
    .await;
    refused(
        &mut c,
        p.clone(),
        "/cart/extensions",
        json!({"namespace": "mercato", "data": [1]}),
        400,
        "rest_invalid_param",
    )
    .await;
}
