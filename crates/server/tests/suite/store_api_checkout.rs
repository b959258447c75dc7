//! The recorded WooCommerce checkout flows (golden 030–045) replayed against the reference
//! shop: status codes, keys and types of every body, error bodies value for value.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::{Method, StatusCode};
use mercato_core::orders::OrderStatus;
use mercato_db::orders;
use serde_json::Value;
use store_api_cart_support::{Client, assert_store_headers, golden_request, ref_shop};
use store_api_support::{assert_same_shape, assert_wp_error, golden_body};

async fn checkout(
    client: &mut Client,
    method: Method,
    body: Option<Value>,
) -> store_api_support::Reply {
    client.call(method, "/checkout", body).await
}

#[tokio::test]
async fn the_recorded_checkout_comes_out_the_same() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    // 030–032: a cart with a T-Shirt and a Belt.
    let reply = client.get("/cart").await;
    assert_eq!(reply.status, StatusCode::OK);
    for n in ["031", "032"] {
        let reply = client.post("/cart/add-item", golden_request(n)).await;
        assert_eq!(reply.status.as_u16(), 201, "{n}: {}", reply.body);
    }

    // 033: the draft order.
    let reply = checkout(&mut client, Method::GET, None).await;
    assert_eq!(reply.status, StatusCode::OK, "033: {}", reply.body);
    assert_store_headers(&reply);
    assert_same_shape(&reply.body, &golden_body("033"), "033");
    assert_eq!(reply.body["status"], "checkout-draft");
    assert_eq!(reply.body["payment_method"], "bacs");
    assert_eq!(reply.body["billing_address"]["country"], "US");
    let draft_id = reply.body["order_id"].as_i64().expect("order id");
    // Asking again refreshes the same draft.
    let again = checkout(&mut client, Method::GET, None).await;
    assert_eq!(again.body["order_id"].as_i64(), Some(draft_id));
    assert_eq!(again.body["order_key"], reply.body["order_key"]);

    // 034: placed with cash on delivery.
    let reply = client.post("/checkout", golden_request("034")).await;
    assert_eq!(reply.status, StatusCode::OK, "034: {}", reply.body);
    assert_same_shape(&reply.body, &golden_body("034"), "034");
    assert_eq!(reply.body["status"], "processing");
    assert_eq!(reply.body["order_id"].as_i64(), Some(draft_id));
    assert_eq!(reply.body["customer_note"], "Leave at the door");
    assert_eq!(reply.body["payment_result"]["payment_status"], "success");
    let key = reply.body["order_key"].as_str().expect("key").to_owned();
    assert_eq!(
        reply.body["payment_result"]["redirect_url"],
        format!("http://127.0.0.1:8091/checkout/order-received/{draft_id}/?key={key}")
    );
    assert_eq!(reply.header("cart-hash"), "");
    let stored = orders::load(&shop.state.db, draft_id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(stored.status, OrderStatus::Processing);
    assert!(stored.attribution.is_some(), "attribution kept");
    assert_eq!(stored.line_items.len(), 2);

    // 035: the cart is empty.
    let reply = client.get("/cart").await;
    assert_eq!(reply.body["items_count"], 0);

    // 036: the order by key and email; 037: a wrong key.
    let path = format!("/order/{draft_id}?key={key}&billing_email=jane.doe%40example.com");
    let reply = client.get(&path).await;
    assert_eq!(reply.status, StatusCode::OK, "036: {}", reply.body);
    assert_same_shape(&reply.body, &golden_body("036"), "036");
    assert_eq!(reply.body["status"], "processing");
    // Each line's `variation` as recorded: the gray T-shirt's own Color attribute with the
    // empty object WooCommerce 10.0.2 sends for it, nothing for the belt.
    for line in 0..2 {
        assert_eq!(
            reply.body["items"][line]["variation"],
            golden_body("036")["items"][line]["variation"],
            "036 items[{line}]"
        );
    }
    let reply = client
        .get(&format!(
            "/order/{draft_id}?key=wc_order_bad&billing_email=jane.doe%40example.com"
        ))
        .await;
    assert_wp_error(&reply, 401, "woocommerce_rest_invalid_order");
    assert_eq!(reply.body, golden_body("037"));
    let reply = client.get("/order/99999?key=x").await;
    assert_wp_error(&reply, 404, "woocommerce_rest_invalid_order");

    // 038: the cart is empty now.
    let reply = client.post("/checkout", golden_request("038")).await;
    assert_wp_error(&reply, 409, "woocommerce_rest_cart_empty");
    assert_same_shape(&reply.body, &golden_body("038"), "038");
    assert_eq!(reply.body["message"], golden_body("038")["message"]);
}

#[tokio::test]
async fn the_recorded_checkout_errors_come_out_the_same() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client.post("/cart/add-item", golden_request("040")).await;
    assert_eq!(reply.status.as_u16(), 201);
    let stock_before = shop_version(&shop).await;

    for (n, status, code) in [
        ("041", 400, "rest_invalid_param"),
        ("042", 400, "rest_invalid_param"),
        ("043", 400, "woocommerce_rest_invalid_address"),
    ] {
        let reply = client.post("/checkout", golden_request(n)).await;
        assert_wp_error(&reply, status, code);
        assert_eq!(reply.body, golden_body(n), "{n}");
    }
    // 044: the enum lists our gateways (the test card gateway is on too).
    let reply = client.post("/checkout", golden_request("044")).await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
    assert_same_shape(&reply.body, &golden_body("044"), "044");
    assert_eq!(
        reply.body["data"]["params"]["payment_method"],
        "payment_method is not one of , bacs, cheque, cod, and test_card."
    );
    // 045: no nonce.
    let reply = client
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/checkout",
            Some(golden_request("045")),
            None,
            &[],
        )
        .await;
    assert_wp_error(&reply, 401, "woocommerce_rest_missing_nonce");
    assert_eq!(reply.body, golden_body("045"));
    // GET needs the nonce too.
    let reply = client
        .send(
            Method::GET,
            "/wp-json/wc/store/v1/checkout",
            None,
            None,
            &[],
        )
        .await;
    assert_wp_error(&reply, 401, "woocommerce_rest_missing_nonce");

    // Nothing was written: no order, the catalogue (stock) untouched, the cart as it was.
    assert_eq!(orders::count(&shop.state.db).await.expect("count"), 0);
    assert_eq!(shop_version(&shop).await, stock_before);
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 1);
}

async fn shop_version(shop: &store_api_cart_support::RefShop) -> i64 {
    mercato_db::catalogue::version(&shop.state.db)
        .await
        .expect("version")
}

/// Checkout answers say what the cart is, errors included, as the cart routes do
/// (`Cart-Hash`), so a client can tell whether its copy of the cart is stale.
#[tokio::test]
async fn checkout_errors_carry_the_cart_hash() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let added = client.post("/cart/add-item", golden_request("031")).await;
    let hash = added.header("cart-hash").to_owned();
    assert!(!hash.is_empty());
    let mut body = golden_request("034");
    body["billing_address"]["email"] = Value::String("not an email".into());
    let refused = checkout(&mut client, Method::POST, Some(body)).await;
    assert_eq!(refused.status.as_u16(), 400, "{}", refused.body);
    assert_eq!(refused.header("cart-hash"), hash);
    let missing = checkout(&mut client, Method::POST, Some(serde_json::json!({}))).await;
    assert_eq!(missing.status.as_u16(), 400, "{}", missing.body);
    assert_eq!(missing.header("cart-hash"), hash);
}

/// A variation's order line lists the shopper's choices by attribute label and value name,
/// the one chosen for an "any" attribute included, in the cart line's order (golden 010 puts
/// the hoodie's Logo before its Color).
#[tokio::test]
async fn an_order_lists_what_was_chosen_for_each_variation() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let hoodie = client.post("/cart/add-item", golden_request("010")).await;
    assert_eq!(hoodie.status.as_u16(), 201, "{}", hoodie.body);
    let vneck = client
        .post(
            "/cart/add-item",
            serde_json::json!({"id": 14, "quantity": 1, "variation": [
                {"attribute": "pa_color", "value": "red"},
                {"attribute": "pa_size", "value": "large"},
            ]}),
        )
        .await;
    assert_eq!(vneck.status.as_u16(), 201, "{}", vneck.body);
    let placed = client.post("/checkout", golden_request("034")).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    let id = placed.body["order_id"].as_i64().expect("id");
    let key = placed.body["order_key"].as_str().expect("key").to_owned();
    let order = client
        .get(&format!(
            "/order/{id}?key={key}&billing_email=jane.doe%40example.com"
        ))
        .await;
    assert_eq!(order.status, StatusCode::OK, "{}", order.body);
    let variations: Vec<&Value> = order.body["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| &item["variation"])
        .collect();
    assert_eq!(
        variations,
        [
            &serde_json::json!([
                {"attribute": "Logo", "value": "Yes"},
                {"attribute": "Color", "value": "Blue"},
            ]),
            &serde_json::json!([
                {"attribute": "Color", "value": "Red"},
                {"attribute": "Size", "value": "Large"},
            ]),
        ]
    );
}
