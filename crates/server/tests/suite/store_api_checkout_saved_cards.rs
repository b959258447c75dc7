//! Saved cards through the Store API checkout: a customer keeps a card with
//! `wc-test_card-new-payment-method` and pays with it again by its token id alone; a token
//! that is not the caller's (another customer's, a guest sending one, junk) is refused before
//! anything is written; an expired saved card fails the payment; the customer's addresses
//! are kept on their account; and two payments of one order at the same instant charge once.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::StatusCode;
use mercato_core::catalogue::ProductId;
use mercato_core::orders::OrderStatus;
use mercato_core::payments::{CardBrand, Expiry};
use mercato_db::payment_tokens::{self, NewToken, StoredToken};
use mercato_db::users::{self, User};
use mercato_db::{catalogue, orders, sessions};
use mercato_server::session::COOKIE;
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, customer, golden_request, ref_shop};
use store_api_support::assert_wp_error;

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

/// A browser logged in as `user`, with one Beanie in the cart.
async fn logged_in_with_beanie(shop: &RefShop, user: &User) -> Client {
    let session = sessions::create(&shop.state.db, Some(user.id), 3600)
        .await
        .expect("session");
    let mut client = Client::new(&shop.app);
    client.cookies.insert(COOKIE.to_owned(), session.id.clone());
    add_beanie(&mut client).await;
    client
}

async fn add_beanie(client: &mut Client) {
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
}

async fn saved_card(shop: &RefShop, user: &User, expiry: Expiry) -> StoredToken {
    payment_tokens::save(
        &shop.state.db,
        NewToken {
            user_id: user.id,
            gateway: "test_card",
            reference: "card_0001",
            brand: CardBrand::Visa,
            last4: "1881",
            expiry,
        },
    )
    .await
    .expect("token")
}

const FUTURE: Expiry = Expiry {
    year: 2040,
    month: 12,
};

fn new_card_request(save: bool) -> Value {
    let mut body = golden_request("034");
    body["payment_method"] = json!("test_card");
    body["payment_data"] = json!([
        {"key": "test_card-card-number", "value": "4242 4242 4242 4242"},
        {"key": "test_card-card-expiry", "value": "12/40"},
        {"key": "test_card-card-cvc", "value": "123"},
        {"key": "wc-test_card-new-payment-method", "value": save},
    ]);
    body
}

fn token_request(token: Value) -> Value {
    let mut body = golden_request("034");
    body["payment_method"] = json!("test_card");
    body["payment_data"] = json!([
        {"key": "token", "value": token.to_string()},
        {"key": "payment_method", "value": "test_card"},
        {"key": "wc-test_card-payment-token", "value": token},
        {"key": "isSavedToken", "value": true},
    ]);
    body
}

#[tokio::test]
async fn a_customer_saves_a_card_and_pays_with_it_again() {
    let shop = ref_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let mut client = logged_in_with_beanie(&shop, &jane).await;
    let reply = client.post("/checkout", new_card_request(true)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["status"], "processing");

    let cards = payment_tokens::list(&shop.state.db, jane.id)
        .await
        .expect("list");
    assert_eq!(cards.len(), 1, "{cards:?}");
    let card = &cards[0].card;
    assert_eq!(
        (card.last4.as_str(), card.brand, card.is_default),
        ("4242", CardBrand::Visa, true)
    );
    assert_eq!(card.expiry, FUTURE);
    // The order's addresses are now the account's.
    let account = users::load(&shop.state.db, jane.id)
        .await
        .expect("load")
        .expect("account");
    assert_eq!(account.billing.email, "jane.doe@example.com");
    assert_eq!(account.billing.first_name, "Jane");

    // The same card again, by its id alone (as a number, as some clients send it).
    add_beanie(&mut client).await;
    let reply = client
        .post("/checkout", token_request(json!(card.id)))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["payment_result"]["payment_status"], "success");
    let id = reply.body["order_id"].as_i64().expect("id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert_eq!(order.transaction_id, format!("test_{id}_4242"));
    assert_eq!(beanie_stock(&shop).await, Some(0));
    // Saving the same card twice keeps one (a Cap this time: the Beanies are gone).
    let reply = client
        .post("/cart/add-item", json!({"id": 20, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    let reply = client.post("/checkout", new_card_request(true)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(
        payment_tokens::list(&shop.state.db, jane.id)
            .await
            .expect("list")
            .len(),
        1
    );
}

#[tokio::test]
async fn a_card_is_only_saved_when_asked_and_for_a_customer() {
    let shop = ref_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let mut client = logged_in_with_beanie(&shop, &jane).await;
    let reply = client.post("/checkout", new_card_request(false)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(
        payment_tokens::list(&shop.state.db, jane.id)
            .await
            .expect("list")
            .is_empty()
    );

    // A guest asking to save: paid, nothing kept (no account to keep it for).
    let mut guest = Client::new(&shop.app);
    add_beanie(&mut guest).await;
    let reply = guest.post("/checkout", new_card_request(true)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["customer_id"], 0);
}

#[tokio::test]
async fn a_token_that_is_not_the_callers_is_refused_and_nothing_is_written() {
    let shop = ref_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let janes_card = saved_card(&shop, &jane, FUTURE).await;
    let john = customer(&shop, "john@example.com").await;
    let mut john_client = logged_in_with_beanie(&shop, &john).await;
    let mut guest = Client::new(&shop.app);
    add_beanie(&mut guest).await;
    let orders_before = orders::count(&shop.state.db).await.expect("count");

    for (as_guest, token) in [
        (false, json!(janes_card.card.id)),
        (true, json!(janes_card.card.id.to_string())),
        (false, json!("9999")),
        (false, json!("1 or 1=1")),
        (false, json!("-1")),
    ] {
        let client = if as_guest {
            &mut guest
        } else {
            &mut john_client
        };
        let reply = client.post("/checkout", token_request(token.clone())).await;
        assert_wp_error(
            &reply,
            400,
            "woocommerce_rest_checkout_process_payment_error",
        );
        assert_eq!(
            reply.body["message"],
            "The saved card could not be found. Please choose another card or enter new card details.",
            "{token}"
        );
        assert_eq!(
            orders::count(&shop.state.db).await.expect("count"),
            orders_before,
            "no order for {token}"
        );
        assert_eq!(beanie_stock(&shop).await, Some(2), "no stock taken");
    }
    let cart = john_client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 1, "the cart is kept");
}

#[tokio::test]
async fn an_expired_saved_card_fails_the_payment_and_keeps_the_cart() {
    let shop = ref_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let old = saved_card(
        &shop,
        &jane,
        Expiry {
            year: 2020,
            month: 1,
        },
    )
    .await;
    let mut client = logged_in_with_beanie(&shop, &jane).await;
    let reply = client
        .post("/checkout", token_request(json!(old.card.id)))
        .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert_eq!(reply.body["status"], "failed");
    assert_eq!(
        reply.body["payment_result"]["payment_details"][1]["value"],
        "Your card has expired."
    );
    assert_eq!(beanie_stock(&shop).await, Some(2), "stock given back");
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 1);
}

/// Jane's order of one Beanie with a declined card: failed, stock given back.
async fn janes_failed_order(shop: &RefShop, jane: &User) -> (Client, i64) {
    let mut client = logged_in_with_beanie(shop, jane).await;
    let mut body = golden_request("034");
    body["payment_method"] = json!("test_card");
    body["payment_data"] = json!([
        {"key": "test_card-card-number", "value": "4000 0000 0000 0002"},
        {"key": "test_card-card-expiry", "value": "12/40"},
        {"key": "test_card-card-cvc", "value": "123"},
    ]);
    let reply = client.post("/checkout", body).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    (client, reply.body["order_id"].as_i64().expect("id"))
}

fn pay_with(token: i64) -> Value {
    json!({
        "payment_method": "test_card",
        "payment_data": [{"key": "wc-test_card-payment-token", "value": token.to_string()}],
    })
}

#[tokio::test]
async fn paying_an_order_again_takes_only_the_customers_own_card() {
    let shop = ref_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let john = customer(&shop, "john@example.com").await;
    let johns_card = saved_card(&shop, &john, FUTURE).await;
    let janes_card = saved_card(&shop, &jane, FUTURE).await;
    let (mut client, id) = janes_failed_order(&shop, &jane).await;

    let reply = client
        .post(&format!("/checkout/{id}"), pay_with(johns_card.card.id))
        .await;
    assert_wp_error(
        &reply,
        400,
        "woocommerce_rest_checkout_process_payment_error",
    );
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Failed, "nothing changed");
    assert_eq!(beanie_stock(&shop).await, Some(2));

    let reply = client
        .post(&format!("/checkout/{id}"), pay_with(janes_card.card.id))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["status"], "processing");
    assert_eq!(beanie_stock(&shop).await, Some(1));
}

#[tokio::test]
async fn two_payments_of_one_order_at_once_charge_it_once() {
    let shop = ref_shop().await;
    let jane = customer(&shop, "jane@example.com").await;
    let card = saved_card(&shop, &jane, FUTURE).await;
    let (client, id) = janes_failed_order(&shop, &jane).await;
    let (mut first, mut second) = (client.clone(), client);
    let path = format!("/checkout/{id}");
    let (a, b) = tokio::join!(
        first.post(&path, pay_with(card.card.id)),
        second.post(&path, pay_with(card.card.id)),
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 500], "{} / {}", a.body, b.body);
    let refused = if a.status.as_u16() == 500 { &a } else { &b };
    assert_eq!(refused.body["code"], "invalid_order_update_status");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert_eq!(beanie_stock(&shop).await, Some(1), "stock taken once");
}
