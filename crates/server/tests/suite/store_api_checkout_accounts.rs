//! `create_account` at checkout: a guest's account opened for the billing email, the order
//! naming it and the caller logged in (a new session cookie); the refusals (no password, an
//! address with an account already) leaving no order, no stock change and no account; and
//! the callers and shops for which the request is ignored.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::{StatusCode, header};
use mercato_core::catalogue::ProductId;
use mercato_core::orders::Address;
use mercato_core::settings::ShopSettings;
use mercato_db::users::{self, NewUser};
use mercato_db::{catalogue, orders, sessions};
use mercato_server::session::COOKIE;
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop};
use store_api_support::{Reply, assert_snapshot, assert_wp_error};

/// The Beanie (id 18) has 2 in stock.
const BEANIE: i64 = 18;

/// The billing email of the recorded checkout (034).
const EMAIL: &str = "jane.doe@example.com";

const PASSWORD: &str = "correct horse battery staple";

async fn beanie_stock(shop: &RefShop) -> Option<i64> {
    catalogue::product_by_id(&shop.state.db, ProductId(BEANIE))
        .await
        .expect("read")
        .expect("beanie")
        .stock
        .quantity
}

/// A browser with one Beanie in its cart.
async fn with_beanie(app: &axum::Router) -> Client {
    let mut client = Client::new(app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    client
}

/// The recorded checkout (cash on delivery) with `create_account` and `password`.
fn signup_request(password: Option<&str>) -> Value {
    let mut body = golden_request("034");
    body["create_account"] = json!(true);
    if let Some(password) = password {
        body["customer_password"] = json!(password);
    }
    body
}

/// The session cookie a response sets, if any.
fn session_cookie(reply: &Reply) -> Option<String> {
    reply
        .all(header::SET_COOKIE.as_str())
        .into_iter()
        .find(|c| c.starts_with(&format!("{COOKIE}=")))
}

async fn user_count(shop: &RefShop) -> i64 {
    users::count(&shop.state.db).await.expect("count")
}

async fn order_count(shop: &RefShop) -> i64 {
    orders::count(&shop.state.db).await.expect("count")
}

#[tokio::test]
async fn a_guest_opens_an_account_and_is_logged_in_as_its_customer() {
    let shop = ref_shop().await;
    let mut client = with_beanie(&shop.app).await;
    let guest_cookie = client.cookies.get(COOKIE).cloned().expect("guest session");
    let mut stale = client.clone();

    let reply = client
        .post("/checkout", signup_request(Some(PASSWORD)))
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["status"], "processing");
    let customer_id = reply.body["customer_id"].as_i64().expect("customer id");
    assert!(customer_id > 0, "{}", reply.body);
    assert_eq!(reply.header("user-id"), customer_id.to_string());

    // The account: the billing email and name, the password kept only as an argon2 hash.
    let user = users::find_by_email(&shop.state.db, EMAIL)
        .await
        .expect("find")
        .expect("account");
    assert_eq!(user.id, customer_id);
    assert_eq!(user.display_name, "Jane Doe");
    assert_eq!(user.billing.first_name, "Jane");
    assert!(user.password_hash.starts_with("$argon2id$"));
    assert!(!user.password_hash.contains(PASSWORD));
    assert!(mercato_server::accounts::verify_password(
        PASSWORD,
        &user.password_hash
    ));

    // The order names the customer; stock was taken once.
    let order_id = reply.body["order_id"].as_i64().expect("order id");
    let order = orders::load(&shop.state.db, order_id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.customer_id, customer_id);
    assert_eq!(beanie_stock(&shop).await, Some(1));

    // A new session id in a new cookie; the old id names nobody any more.
    let cookie = session_cookie(&reply).expect("a new session cookie");
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    let new_id = client.cookies.get(COOKIE).cloned().expect("session");
    assert_ne!(new_id, guest_cookie, "the session id is rotated at login");
    let before = stale.get("/cart").await;
    assert_eq!(before.header("user-id"), "0", "the old cookie is dead");

    // With the new cookie the caller is the customer: their (empty) cart, their addresses,
    // and the nonce the checkout sent lets them write to it.
    let cart = client.get("/cart").await;
    assert_eq!(cart.status, StatusCode::OK);
    assert_eq!(cart.header("user-id"), customer_id.to_string());
    assert_eq!(cart.body["items_count"], 0);
    assert_eq!(cart.body["billing_address"]["email"], EMAIL);
    let added = client
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    assert_eq!(added.header("user-id"), customer_id.to_string());
    let stored = mercato_db::carts::load::<Value>(
        &shop.state.db,
        &mercato_db::carts::customer_key(customer_id),
        mercato_db::now(),
    )
    .await
    .expect("load")
    .expect("the customer's cart");
    assert_eq!(stored.user_id, Some(customer_id));
}

#[tokio::test]
async fn a_missing_password_refuses_the_checkout_and_writes_nothing() {
    let shop = ref_shop().await;
    let mut client = with_beanie(&shop.app).await;
    let guest_cookie = client.cookies.get(COOKIE).cloned();
    for password in [None, Some(""), Some("   ")] {
        let reply = client.post("/checkout", signup_request(password)).await;
        assert_wp_error(&reply, 400, "registration-error-missing-password");
        assert_eq!(reply.body["message"], "Please enter an account password.");
        assert_eq!(session_cookie(&reply), None, "{password:?}");
        if password.is_none() {
            assert_snapshot("checkout_registration_missing_password", &reply.text);
        }
    }
    assert_eq!(order_count(&shop).await, 0);
    assert_eq!(beanie_stock(&shop).await, Some(2));
    assert_eq!(user_count(&shop).await, 0);
    let cart = client.get("/cart").await;
    assert_eq!(cart.header("user-id"), "0");
    assert_eq!(cart.body["items_count"], 1, "the cart is as it was");
    assert_eq!(client.cookies.get(COOKIE).cloned(), guest_cookie);
}

#[tokio::test]
async fn a_weak_password_refuses_the_checkout_with_the_reason_and_writes_nothing() {
    let shop = ref_shop().await;
    let mut client = with_beanie(&shop.app).await;
    for (password, reason) in [
        ("abc", "at least 8 characters"),
        (EMAIL, "too easy to guess"),
    ] {
        let reply = client
            .post("/checkout", signup_request(Some(password)))
            .await;
        assert_wp_error(&reply, 400, "registration-error-weak-password");
        let message = reply.body["message"].as_str().unwrap_or("");
        assert!(message.contains(reason), "{password}: {message}");
        assert_eq!(session_cookie(&reply), None);
    }
    assert_eq!(order_count(&shop).await, 0);
    assert_eq!(user_count(&shop).await, 0);
    assert_eq!(beanie_stock(&shop).await, Some(2));
}

#[tokio::test]
async fn an_address_with_an_account_is_refused_and_nothing_is_written() {
    let shop = ref_shop().await;
    let billing = Address {
        email: EMAIL.to_owned(),
        ..Address::default()
    };
    let existing = users::create(
        &shop.state.db,
        NewUser {
            email: "Jane.Doe@Example.com",
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
            display_name: "Jane",
            billing: &billing,
            shipping: &billing,
        },
    )
    .await
    .expect("existing account");
    let mut client = with_beanie(&shop.app).await;

    let reply = client
        .post("/checkout", signup_request(Some(PASSWORD)))
        .await;
    assert_wp_error(&reply, 400, "registration-error-email-exists");
    assert_eq!(
        reply.body["message"],
        "An account is already registered with your email address. <a href=\"#\" class=\"showlogin\">Please log in.</a>"
    );
    assert_snapshot("checkout_registration_email_exists", &reply.text);
    // The address comes first: with no password it is still this error.
    let reply = client.post("/checkout", signup_request(None)).await;
    assert_wp_error(&reply, 400, "registration-error-email-exists");
    assert_eq!(order_count(&shop).await, 0);
    assert_eq!(beanie_stock(&shop).await, Some(2));
    assert_eq!(user_count(&shop).await, 1);
    assert_eq!(client.get("/cart").await.body["items_count"], 1);

    // Without create_account the same guest may still order (as WooCommerce allows).
    let reply = client.post("/checkout", golden_request("034")).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["customer_id"], 0);
    assert_eq!(session_cookie(&reply), None);
    assert_eq!(user_count(&shop).await, 1);
    assert!(
        users::load(&shop.state.db, existing.id)
            .await
            .expect("load")
            .is_some()
    );
}

#[tokio::test]
async fn a_logged_in_customer_is_not_given_another_account() {
    let shop = ref_shop().await;
    let billing = Address::default();
    let customer = users::create(
        &shop.state.db,
        NewUser {
            email: "john@example.com",
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
            display_name: "John",
            billing: &billing,
            shipping: &billing,
        },
    )
    .await
    .expect("customer");
    let session = sessions::create(&shop.state.db, Some(customer.id), 3600)
        .await
        .expect("session");
    let mut client = Client::new(&shop.app);
    client.cookies.insert(COOKIE.to_owned(), session.id.clone());
    let cart = client.get("/cart").await;
    assert_eq!(cart.header("user-id"), customer.id.to_string());
    let reply = client
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);

    // create_account without a password: ignored, not refused.
    let reply = client.post("/checkout", signup_request(None)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["customer_id"], customer.id);
    assert_eq!(session_cookie(&reply), None, "the session is kept");
    assert_eq!(client.cookies.get(COOKIE), Some(&session.id));
    assert_eq!(user_count(&shop).await, 1);
    assert!(
        users::find_by_email(&shop.state.db, EMAIL)
            .await
            .expect("find")
            .is_none()
    );
}

#[tokio::test]
async fn a_shop_without_sign_up_at_checkout_places_a_guest_order() {
    let shop = ref_shop().await;
    let settings = ShopSettings {
        checkout_allows_signup: false,
        ..ShopSettings::default()
    };
    let (_, app) = crate::shop::Shop::builder()
        .paying()
        .rest_route()
        .settings(settings)
        .app(shop.state.db.clone());
    let mut client = with_beanie(&app).await;
    let reply = client.post("/checkout", signup_request(None)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["customer_id"], 0);
    assert_eq!(session_cookie(&reply), None);
    assert_eq!(user_count(&shop).await, 0);
}

#[tokio::test]
async fn a_declined_payment_still_logs_the_new_customer_in_with_the_cart() {
    let shop = ref_shop().await;
    let mut client = with_beanie(&shop.app).await;
    let mut body = signup_request(Some(PASSWORD));
    body["payment_method"] = json!("test_card");
    body["payment_data"] = json!([
        {"key": "test_card-card-number", "value": "4000 0000 0000 0002"},
        {"key": "test_card-card-expiry", "value": "12/40"},
        {"key": "test_card-card-cvc", "value": "123"},
    ]);
    let reply = client.post("/checkout", body).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.body);
    assert_eq!(reply.body["status"], "failed");
    let customer_id = reply.body["customer_id"].as_i64().expect("customer id");
    assert!(customer_id > 0);
    assert!(session_cookie(&reply).is_some());
    // The order names the account, so it stays; the cart moved to the customer.
    assert_eq!(user_count(&shop).await, 1);
    let cart = client.get("/cart").await;
    assert_eq!(cart.header("user-id"), customer_id.to_string());
    assert_eq!(cart.body["items_count"], 1);
    assert_eq!(
        beanie_stock(&shop).await,
        Some(2),
        "a failed order takes no stock"
    );
}

#[tokio::test]
async fn create_account_must_be_a_boolean() {
    let shop = ref_shop().await;
    let mut client = with_beanie(&shop.app).await;
    let mut body = golden_request("034");
    body["create_account"] = json!("yes");
    let reply = client.post("/checkout", body).await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
    assert_eq!(
        reply.body["data"]["params"]["create_account"],
        "create_account is not of type boolean."
    );
    // WordPress's other spellings of a boolean are read as one.
    let mut body = golden_request("034");
    body["create_account"] = json!("0");
    let reply = client.post("/checkout", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["customer_id"], 0);
    assert_eq!(user_count(&shop).await, 0);
}
