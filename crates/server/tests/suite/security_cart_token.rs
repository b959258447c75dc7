//! Security review F1: a customer's Cart-Token is not the customer. The review's attack: take
//! the token off any of the victim's Store API responses and, with nothing else, read their
//! orders and pay with their saved card. A token names a cart; the user comes only from the
//! login session, and the token stops counting when that session ends.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::{Method, StatusCode};
use mercato_core::payments::{CardBrand, Expiry};
use mercato_db::payment_tokens::{self, NewToken};
use mercato_db::{Backend, orders, sessions};
use mercato_server::accounts;
use mercato_server::session::COOKIE;
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, customer, golden_request, ref_shop_on};
use store_api_support::assert_wp_error;

const ADD: &str = "/wp-json/wc/store/v1/cart/add-item";

#[tokio::test]
async fn a_customers_cart_token_alone_acts_as_nobody_on_sqlite() {
    token_is_not_the_customer(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn a_customers_cart_token_alone_acts_as_nobody_on_postgres() {
    token_is_not_the_customer(ref_shop_on(Backend::Postgres).await).await;
}

#[tokio::test]
async fn logging_out_or_changing_the_password_revokes_the_token_on_sqlite() {
    tokens_die_with_their_session(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn logging_out_or_changing_the_password_revokes_the_token_on_postgres() {
    tokens_die_with_their_session(ref_shop_on(Backend::Postgres).await).await;
}

/// A browser logged in as customer `user_id` (a session, as logging in makes).
async fn logged_in(shop: &RefShop, user_id: i64) -> (Client, String) {
    let session = sessions::create(&shop.state.db, Some(user_id), 3600)
        .await
        .expect("session");
    let mut client = Client::new(&shop.app);
    client.cookies.insert(COOKIE.to_owned(), session.id.clone());
    (client, session.id)
}

fn saved_card_checkout(card_id: i64) -> Value {
    let mut body = golden_request("034");
    body["billing_address"]["email"] = json!("attacker@evil.example");
    body["payment_method"] = json!("test_card");
    body["payment_data"] = json!([
        {"key": "wc-test_card-payment-token", "value": card_id.to_string()},
    ]);
    body
}

async fn token_is_not_the_customer(shop: RefShop) {
    let victim = customer(&shop, "victim@example.com").await;
    let card = payment_tokens::save(
        &shop.state.db,
        NewToken {
            user_id: victim.id,
            gateway: "test_card",
            reference: "card_victim",
            brand: CardBrand::Visa,
            last4: "4242",
            expiry: Expiry {
                year: 2040,
                month: 12,
            },
        },
    )
    .await
    .expect("card");

    // The victim shops and buys; every response hands their browser a Cart-Token.
    let (mut browser, _) = logged_in(&shop, victim.id).await;
    browser.get("/cart").await;
    let reply = browser
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    assert_eq!(reply.header("user-id"), victim.id.to_string());
    let mut body = golden_request("034");
    body["payment_method"] = json!("cod");
    let placed = browser.post("/checkout", body).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    let order_id = placed.body["order_id"].as_i64().expect("order id");
    browser
        .post("/cart/add-item", json!({"id": 20, "quantity": 1}))
        .await;
    let token = browser.get("/cart").await.header("cart-token").to_owned();
    assert_eq!(token.split('.').count(), 3);

    // The attacker has only the token.
    let mut attacker = Client::new(&shop.app);
    attacker.keep_cookies = false;
    attacker.token = Some(token.clone());
    let cart = attacker.get("/cart").await;
    assert_eq!(cart.header("user-id"), "0", "the token is nobody");
    assert_eq!(
        cart.body["items_count"], 0,
        "and names no cart without the session"
    );
    let add = attacker
        .send(
            Method::POST,
            ADD,
            Some(json!({"id": 17, "quantity": 1})),
            None,
            &[],
        )
        .await;
    assert_wp_error(&add, 401, "woocommerce_rest_missing_nonce");
    let order = attacker.get(&format!("/order/{order_id}")).await;
    assert_ne!(order.status, StatusCode::OK, "{}", order.body);
    assert!(!order.text.contains("victim@example.com"), "{}", order.text);
    let pay = attacker
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/checkout",
            Some(saved_card_checkout(card.card.id)),
            None,
            &[],
        )
        .await;
    assert_wp_error(&pay, 401, "woocommerce_rest_missing_nonce");

    // With a cart and a nonce of their own, plus the victim's token: still a guest, who
    // cannot pay with anyone's saved card, and whose order is not the victim's.
    let mut attacker = Client::new(&shop.app);
    attacker.get("/cart").await;
    attacker
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    attacker.token = Some(token.clone());
    let pay = attacker
        .post("/checkout", saved_card_checkout(card.card.id))
        .await;
    assert_wp_error(&pay, 400, "woocommerce_rest_checkout_process_payment_error");
    assert_eq!(pay.header("user-id"), "0");
    // Another customer's session with the victim's token is that other customer.
    let other = customer(&shop, "other@example.com").await;
    let (mut other_browser, _) = logged_in(&shop, other.id).await;
    other_browser.token = Some(token.clone());
    let cart = other_browser.get("/cart").await;
    assert_eq!(cart.header("user-id"), other.id.to_string());
    assert_eq!(cart.body["items_count"], 0, "not the victim's cart");
    let order = other_browser.get(&format!("/order/{order_id}")).await;
    assert_wp_error(&order, 403, "woocommerce_rest_invalid_user");

    // Nothing was charged to the victim's card, their cart is as they left it.
    let theirs = orders::list(&shop.state.db, None, 100)
        .await
        .expect("orders")
        .into_iter()
        .filter(|o| o.customer_id == victim.id)
        .count();
    assert_eq!(theirs, 1, "only the victim's own order");
    let cart = browser.get("/cart").await;
    assert_eq!(cart.body["items_count"], 1);

    // The victim's own browser may use its token with its session, nonce-free, as before.
    browser.token = Some(token);
    let add = browser
        .send(
            Method::POST,
            ADD,
            Some(json!({"id": 17, "quantity": 1})),
            None,
            &[],
        )
        .await;
    assert_eq!(add.status, StatusCode::CREATED, "{}", add.body);
    assert_eq!(add.header("user-id"), victim.id.to_string());
}

async fn tokens_die_with_their_session(shop: RefShop) {
    let jane = customer(&shop, "jane@example.com").await;
    let (mut phone, phone_session) = logged_in(&shop, jane.id).await;
    phone.get("/cart").await;
    let added = phone
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    let token = added.header("cart-token").to_owned();
    phone.token = Some(token.clone());
    assert_eq!(phone.get("/cart").await.body["items_count"], 1);

    // Logging out ends the session: the same cookie and token are a stranger now.
    let session = sessions::load(&shop.state.db, &phone_session)
        .await
        .expect("load")
        .expect("session");
    accounts::log_out(&shop.state, &session)
        .await
        .expect("log out");
    let cart = phone.get("/cart").await;
    assert_eq!(cart.header("user-id"), "0");
    assert_eq!(cart.body["items_count"], 0);

    // A password change logs every device out, and their tokens stop counting.
    let (mut laptop, _) = logged_in(&shop, jane.id).await;
    let (mut tablet, _) = logged_in(&shop, jane.id).await;
    let token = laptop.get("/cart").await.header("cart-token").to_owned();
    laptop.token = Some(token.clone());
    tablet.token = Some(token);
    assert_eq!(laptop.get("/cart").await.body["items_count"], 1);
    assert_eq!(
        accounts::sign_out_everywhere(&shop.state, jane.id)
            .await
            .expect("sign out"),
        2
    );
    for device in [&mut laptop, &mut tablet] {
        let cart = device.get("/cart").await;
        assert_eq!(cart.header("user-id"), "0");
        assert_eq!(cart.body["items_count"], 0);
    }
}
