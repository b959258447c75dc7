//! Sending hostile requests and checking they are refused without a trace.

use axum::http::Method;
use serde_json::{Value, json};

use super::{Client, RefShop, ref_shop};
use crate::store_api_support::Reply;

/// Sends `body` to `path` and checks the status and code; a refusal must change nothing.
pub async fn refused(
    client: &mut Client,
    method: Method,
    path: &str,
    body: Value,
    status: u16,
    code: &str,
) -> Reply {
    let before = client.get("/cart").await.body;
    let nonce = client.nonce.clone();
    let reply = client
        .send(
            method,
            &format!("/wp-json/wc/store/v1{path}"),
            Some(body.clone()),
            nonce.as_deref(),
            &[],
        )
        .await;
    assert_eq!(
        reply.status.as_u16(),
        status,
        "{path} {body}: {}",
        reply.body
    );
    assert_eq!(reply.body["code"], code, "{path} {body}: {}", reply.body);
    assert!(
        !reply.text.contains("<script"),
        "markup echoed: {}",
        reply.text
    );
    let after = client.get("/cart").await.body;
    assert_eq!(before, after, "{path} {body} changed the cart");
    reply
}

/// The reference shop and a client whose cart holds one T-Shirt.
pub async fn started() -> (RefShop, Client) {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201);
    (shop, client)
}
