//! The recorded WooCommerce cart flow (golden 008–029) replayed against the reference shop:
//! the same requests, in order, with the block client's habits (cookies, the newest nonce);
//! the same status codes, keys, types and values; every error body pinned.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::{Method, StatusCode};
use serde_json::{Value, json};
use store_api_cart_support::{
    Client, assert_cart_matches, assert_store_headers, golden_request, ref_shop, ref_shop_on,
};
use store_api_support::{assert_snapshot, assert_wp_error, golden_body};

/// Posts the recorded request `number` to `path` and checks the status.
async fn replay(
    client: &mut Client,
    number: &str,
    path: &str,
    status: u16,
) -> store_api_support::Reply {
    let reply = client.post(path, golden_request(number)).await;
    assert_eq!(reply.status.as_u16(), status, "{number}: {}", reply.body);
    assert_store_headers(&reply);
    reply
}

/// An error exchange: same status, same body as WooCommerce, pinned.
async fn replay_error(client: &mut Client, number: &str, path: &str, status: u16, code: &str) {
    let reply = replay(client, number, path, status).await;
    assert_wp_error(&reply, status, code);
    assert_eq!(reply.header("cart-hash").len(), 32, "{number}: Cart-Hash");
    assert_eq!(reply.body, golden_body(number), "{number}");
    assert_snapshot(&format!("cart-error-{number}"), &reply.text);
}

#[tokio::test]
async fn the_recorded_cart_flow_comes_out_the_same() {
    recorded_flow(ref_shop().await).await;
}

/// The same on PostgreSQL (the server at `MERCATO_TEST_POSTGRES_URL`).
#[tokio::test]
async fn the_recorded_cart_flow_on_postgres() {
    recorded_flow(ref_shop_on(mercato_db::Backend::Postgres).await).await;
}

async fn recorded_flow(shop: store_api_cart_support::RefShop) {
    let mut client = Client::new(&shop.app);

    // 008: the empty cart hands out a nonce and a Cart-Token, and no cookie.
    let reply = client.get("/cart").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_store_headers(&reply);
    assert_eq!(reply.header("cart-hash"), "");
    assert!(reply.all("set-cookie").is_empty(), "{:?}", reply.headers);
    assert_cart_matches(&reply.body, "008");

    // 009: the first write makes the session and sets the cart cookies.
    let reply = replay(&mut client, "009", "/cart/add-item", 201).await;
    assert_cart_matches(&reply.body, "009");
    let cookies = reply.all("set-cookie");
    assert!(
        cookies
            .iter()
            .any(|c| c.starts_with("mercato_session=") && c.contains("HttpOnly"))
    );
    assert!(cookies.contains(&"woocommerce_items_in_cart=1; Path=/".to_owned()));
    let hash = reply.header("cart-hash").to_owned();
    assert_eq!(hash.len(), 32);
    assert!(cookies.contains(&format!("woocommerce_cart_hash={hash}; Path=/")));

    let reply = replay(&mut client, "010", "/cart/add-item", 201).await;
    assert_cart_matches(&reply.body, "010");
    assert_ne!(reply.header("cart-hash"), hash);

    let reply = replay(&mut client, "011", "/cart/update-item", 200).await;
    assert_cart_matches(&reply.body, "011");
    let reply = replay(&mut client, "012", "/cart/apply-coupon", 200).await;
    assert_cart_matches(&reply.body, "012");

    replay_error(
        &mut client,
        "013",
        "/cart/apply-coupon",
        400,
        "woocommerce_rest_cart_coupon_error",
    )
    .await;
    replay_error(
        &mut client,
        "014",
        "/cart/apply-coupon",
        400,
        "woocommerce_rest_cart_coupon_error",
    )
    .await;
    replay_error(
        &mut client,
        "015",
        "/cart/apply-coupon",
        400,
        "woocommerce_rest_cart_coupon_error",
    )
    .await;

    for (number, path) in [
        ("016", "/cart/update-customer"),
        ("017", "/cart/select-shipping-rate"),
        ("018", "/cart/select-shipping-rate"),
        // A rate that is not offered: 200 and the choice unchanged.
        ("019", "/cart/select-shipping-rate"),
        ("020", "/cart/remove-coupon"),
        ("021", "/cart/apply-coupon"),
        ("022", "/cart/remove-item"),
    ] {
        let reply = replay(&mut client, number, path, 200).await;
        assert_cart_matches(&reply.body, number);
    }

    // 023: the batch, each entry with the newest nonce.
    let mut batch = golden_request("023");
    let nonce = client.nonce.clone().expect("nonce");
    for request in batch["requests"].as_array_mut().expect("requests") {
        request["headers"]["Nonce"] = Value::from(nonce.clone());
    }
    let reply = client.post("/batch", batch).await;
    assert_eq!(reply.status.as_u16(), 207, "{}", reply.body);
    let golden = golden_body("023");
    let responses = reply.body["responses"].as_array().expect("responses");
    assert_eq!(responses.len(), 2);
    for (i, (ours, theirs)) in responses
        .iter()
        .zip(golden["responses"].as_array().expect("golden"))
        .enumerate()
    {
        assert_eq!(
            ours["status"], theirs["status"],
            "batch[{i}]: {}",
            ours["body"]
        );
        store_api_support::assert_same_shape(&ours["headers"], &theirs["headers"], "headers");
        assert_eq!(
            ours["body"]["totals"], theirs["body"]["totals"],
            "batch[{i}] totals"
        );
        assert_eq!(
            ours["body"]["items"].as_array().map(Vec::len),
            theirs["body"]["items"].as_array().map(Vec::len)
        );
    }
    assert!(
        reply
            .all("set-cookie")
            .iter()
            .any(|c| c.starts_with("woocommerce_cart_hash="))
    );

    replay_error(
        &mut client,
        "024",
        "/cart/add-item",
        400,
        "woocommerce_rest_product_partially_out_of_stock",
    )
    .await;

    // 025, 026: the nonce checks.
    let body = golden_request("025");
    let reply = client
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/cart/add-item",
            Some(body),
            None,
            &[],
        )
        .await;
    assert_wp_error(&reply, 401, "woocommerce_rest_missing_nonce");
    assert_eq!(reply.body, golden_body("025"));
    assert_store_headers(&reply);
    assert_eq!(
        reply.header("cart-hash").len(),
        32,
        "errors say what the cart is"
    );
    assert_snapshot("cart-error-025", &reply.text);
    let reply = client
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/cart/add-item",
            Some(golden_request("026")),
            Some("deadbeef00"),
            &[],
        )
        .await;
    assert_wp_error(&reply, 403, "woocommerce_rest_invalid_nonce");
    assert_eq!(reply.body, golden_body("026"));
    assert_store_headers(&reply);
    assert_snapshot("cart-error-026", &reply.text);

    replay_error(
        &mut client,
        "027",
        "/cart/add-item",
        400,
        "woocommerce_rest_variation_id_from_variation_data",
    )
    .await;
    replay_error(
        &mut client,
        "028",
        "/cart/add-item",
        400,
        "woocommerce_rest_cart_invalid_product",
    )
    .await;

    let reply = client.get("/cart").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_cart_matches(&reply.body, "029");
    assert_snapshot("cart-final", &reply.text);
}

#[tokio::test]
async fn the_unversioned_namespace_and_rest_route_serve_the_same_cart() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 2}))
        .await;
    assert_eq!(reply.status, StatusCode::CREATED);
    let nonce = client.nonce.clone();
    for uri in ["/wp-json/wc/store/cart", "/?rest_route=/wc/store/v1/cart"] {
        let reply = client
            .send(Method::GET, uri, None, nonce.as_deref(), &[])
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{uri}");
        assert_eq!(reply.body["items_count"], 2, "{uri}");
    }
}
