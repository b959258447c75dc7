//! Who may change a cart: nonces (missing, wrong, expired, from another session, the legacy
//! header), Cart-Tokens (valid, tampered, expired; a valid one names the cart and lifts the
//! nonce), the session cookie made only by the first write, the cart cookies, and two
//! clients changing one cart at once.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::{Method, StatusCode};
use mercato_server::cart::token as cart_token;
use mercato_server::session::nonce;
use serde_json::json;
use store_api_cart_support::{Client, assert_store_headers, ref_shop};
use store_api_support::{assert_snapshot, assert_wp_error};

const ADD: &str = "/wp-json/wc/store/v1/cart/add-item";

async fn secret(shop: &store_api_cart_support::RefShop) -> String {
    mercato_db::options::secret_key(&shop.state.db)
        .await
        .expect("secret")
}

#[tokio::test]
async fn reads_need_no_nonce_and_every_response_carries_the_headers() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    for path in ["/cart", "/cart/items", "/cart/coupons", "/products"] {
        let reply = client
            .send(
                Method::GET,
                &format!("/wp-json/wc/store/v1{path}"),
                None,
                None,
                &[],
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.body);
        assert_store_headers(&reply);
        assert_eq!(reply.header("user-id"), "0");
        assert!(reply.all("set-cookie").is_empty(), "{path} made a session");
    }
    // Errors too.
    let reply = client
        .send(
            Method::GET,
            "/wp-json/wc/store/v1/cart/nope",
            None,
            None,
            &[],
        )
        .await;
    assert_wp_error(&reply, 404, "rest_no_route");
    assert_store_headers(&reply);
}

#[tokio::test]
async fn writes_need_a_valid_fresh_nonce() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let body = json!({"id": 17, "quantity": 1});
    let reply = client
        .send(Method::POST, ADD, Some(body.clone()), None, &[])
        .await;
    assert_wp_error(&reply, 401, "woocommerce_rest_missing_nonce");
    let reply = client
        .send(
            Method::POST,
            ADD,
            Some(body.clone()),
            Some("0123456789"),
            &[],
        )
        .await;
    assert_wp_error(&reply, 403, "woocommerce_rest_invalid_nonce");
    // Nothing was stored by the refused writes.
    assert!(client.cookies.is_empty());
    assert_eq!(client.get("/cart").await.body["items_count"], 0);

    // The legacy header works as well.
    let nonce = client.nonce.clone().expect("nonce");
    let reply = client
        .send(
            Method::POST,
            ADD,
            Some(body.clone()),
            None,
            &[("x-wc-store-api-nonce", &nonce)],
        )
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);

    // A nonce made for the session more than a day ago has expired; one from half a day
    // ago is still good.
    let session = client
        .cookies
        .get("mercato_session")
        .expect("session")
        .clone();
    let subject = nonce::NonceSubject {
        user_id: 0,
        session: &session,
    };
    let secret = secret(&shop).await;
    let now = mercato_db::now();
    let expired = nonce::create(
        &secret,
        nonce::STORE_API_ACTION,
        subject,
        now - 2 * nonce::TICK_SECS,
    );
    let reply = client
        .send(Method::POST, ADD, Some(body.clone()), Some(&expired), &[])
        .await;
    assert_wp_error(&reply, 403, "woocommerce_rest_invalid_nonce");
    assert_snapshot("cart-error-invalid-nonce", &reply.text);
    let aging = nonce::create(
        &secret,
        nonce::STORE_API_ACTION,
        subject,
        now - nonce::TICK_SECS,
    );
    let reply = client
        .send(Method::POST, ADD, Some(body.clone()), Some(&aging), &[])
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    assert_eq!(reply.body["items_count"], 2);
}

#[tokio::test]
async fn a_nonce_belongs_to_its_session() {
    let shop = ref_shop().await;
    let mut alice = Client::new(&shop.app);
    alice.get("/cart").await;
    alice.post("/cart/add-item", json!({"id": 17})).await;
    let mut mallory = Client::new(&shop.app);
    mallory.get("/cart").await;
    mallory.post("/cart/add-item", json!({"id": 20})).await;
    // Mallory's nonce, sent with Alice's cookies (a forged cross-site request).
    let stolen = mallory.nonce.clone();
    let reply = alice
        .send(
            Method::POST,
            ADD,
            Some(json!({"id": 18})),
            stolen.as_deref(),
            &[],
        )
        .await;
    assert_wp_error(&reply, 403, "woocommerce_rest_invalid_nonce");
    assert_eq!(alice.get("/cart").await.body["items_count"], 1);
}

#[tokio::test]
async fn the_session_cookie_comes_with_the_first_write_and_cart_cookies_follow_the_cart() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    assert!(client.cookies.is_empty());
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(reply.status, StatusCode::CREATED);
    assert!(client.cookies.contains_key("mercato_session"));
    assert_eq!(
        client
            .cookies
            .get("woocommerce_items_in_cart")
            .map(String::as_str),
        Some("1")
    );
    let hash = client
        .cookies
        .get("woocommerce_cart_hash")
        .cloned()
        .expect("hash");
    assert_eq!(hash, reply.header("cart-hash"));
    // Reading an unchanged cart sets nothing.
    let reply = client.get("/cart").await;
    assert!(
        reply.all("set-cookie").is_empty(),
        "{:?}",
        reply.all("set-cookie")
    );
    // Emptying the cart removes the cart cookies, keeps the session.
    let key = reply.body["items"][0]["key"]
        .as_str()
        .expect("key")
        .to_owned();
    let reply = client
        .post("/cart/remove-item", json!({ "key": key }))
        .await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("cart-hash"), "");
    assert!(!client.cookies.contains_key("woocommerce_items_in_cart"));
    assert!(!client.cookies.contains_key("woocommerce_cart_hash"));
    assert!(client.cookies.contains_key("mercato_session"));
}

#[tokio::test]
async fn a_cart_token_names_the_cart_and_lifts_the_nonce() {
    let shop = ref_shop().await;
    let mut browser = Client::new(&shop.app);
    browser.get("/cart").await;
    let reply = browser
        .post("/cart/add-item", json!({"id": 17, "quantity": 2}))
        .await;
    let token = reply.header("cart-token").to_owned();

    let mut headless = Client::new(&shop.app);
    headless.keep_cookies = false;
    headless.token = Some(token.clone());
    let reply = headless.get("/cart").await;
    assert_eq!(
        reply.body["items_count"], 2,
        "the token names the browser's cart"
    );
    // No nonce needed with a valid token.
    let reply = headless
        .send(Method::POST, ADD, Some(json!({"id": 20})), None, &[])
        .await;
    assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    assert!(
        reply
            .all("set-cookie")
            .iter()
            .all(|c| !c.starts_with("mercato_session"))
    );
    assert_eq!(browser.get("/cart").await.body["items_count"], 3);

    // A tampered token is ignored: back to an anonymous caller, who needs a nonce.
    let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
    parts[1] = parts[1].chars().rev().collect();
    headless.token = Some(parts.join("."));
    let reply = headless
        .send(Method::POST, ADD, Some(json!({"id": 20})), None, &[])
        .await;
    assert_wp_error(&reply, 401, "woocommerce_rest_missing_nonce");
    assert_eq!(headless.get("/cart").await.body["items_count"], 0);

    // An expired token too.
    let secret = secret(&shop).await;
    let key = cart_token::verify(&secret, &token, mercato_db::now()).expect("valid token");
    let old = cart_token::issue(
        &secret,
        &key,
        mercato_db::now() - cart_token::LIFETIME_SECS - 60,
    );
    headless.token = Some(old);
    let reply = headless
        .send(Method::POST, ADD, Some(json!({"id": 20})), None, &[])
        .await;
    assert_wp_error(&reply, 401, "woocommerce_rest_missing_nonce");
    // A token signed with another secret.
    headless.token = Some(cart_token::issue("not-the-secret", &key, mercato_db::now()));
    assert_eq!(headless.get("/cart").await.body["items_count"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_clients_changing_one_cart_at_once_lose_nothing() {
    concurrent_writes(ref_shop().await).await;
}

/// The same on PostgreSQL (the server at `MERCATO_TEST_POSTGRES_URL`).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_clients_changing_one_cart_at_once_on_postgres() {
    concurrent_writes(store_api_cart_support::ref_shop_on(mercato_db::Backend::Postgres).await)
        .await;
}

async fn concurrent_writes(shop: store_api_cart_support::RefShop) {
    let secret = secret(&shop).await;
    // Two devices of customer 42, each logged in (its own session) with its own token for
    // the customer's cart.
    let token = || cart_token::issue(&secret, "42", mercato_db::now());
    let mut devices = Vec::new();
    for _ in 0..2 {
        let session = mercato_db::sessions::create(&shop.state.db, Some(42), 3600)
            .await
            .expect("session");
        devices.push(session.id);
    }
    let mut tasks = Vec::new();
    for (session, id) in devices.iter().zip([17, 20]) {
        for _ in 0..6 {
            let mut client = Client::new(&shop.app);
            client
                .cookies
                .insert(mercato_server::session::COOKIE.to_owned(), session.clone());
            client.token = Some(token());
            tasks.push(tokio::spawn(async move {
                client
                    .send(
                        Method::POST,
                        ADD,
                        Some(json!({"id": id, "quantity": 1})),
                        None,
                        &[],
                    )
                    .await
            }));
        }
    }
    for task in tasks {
        let reply = task.await.expect("task");
        assert_eq!(reply.status, StatusCode::CREATED, "{}", reply.body);
    }
    let mut client = Client::new(&shop.app);
    client.cookies.insert(
        mercato_server::session::COOKIE.to_owned(),
        devices[0].clone(),
    );
    client.token = Some(token());
    let cart = client.get("/cart").await.body;
    let mut quantities: Vec<(i64, i64)> = cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| {
            (
                i["id"].as_i64().expect("id"),
                i["quantity"].as_i64().expect("qty"),
            )
        })
        .collect();
    quantities.sort_unstable();
    assert_eq!(quantities, [(17, 6), (20, 6)]);
    assert_eq!(cart["items_count"], 12);
    assert_eq!(
        cart["items"].as_array().map(Vec::len),
        Some(2),
        "no duplicated line"
    );
}

/// Security review F9: the nonce check compared a path suffix, so a cart coupon literally
/// named `batch` could be removed by `DELETE /cart/coupons/batch` without a nonce.
#[tokio::test]
async fn a_route_that_ends_in_batch_still_needs_a_nonce() {
    let shop = ref_shop().await;
    let coupon = mercato_core::pricing::Coupon {
        code: "batch".into(),
        kind: mercato_core::pricing::CouponKind::FixedCart,
        amount: mercato_core::pricing::Decimal::parse("1").expect("amount"),
        ..mercato_core::pricing::Coupon::default()
    };
    mercato_db::coupons::save(&shop.state.db, &coupon)
        .await
        .expect("coupon");
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    let applied = client
        .post("/cart/apply-coupon", json!({"code": "batch"}))
        .await;
    assert_eq!(applied.status, StatusCode::OK, "{}", applied.body);

    for path in ["/cart/coupons/batch", "/cart/coupons/batch/"] {
        let reply = client
            .send(
                Method::DELETE,
                &format!("/wp-json/wc/store/v1{path}"),
                None,
                None,
                &[],
            )
            .await;
        assert_wp_error(&reply, 401, "woocommerce_rest_missing_nonce");
    }
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["coupons"][0]["code"], "batch", "still applied");
    // With its nonce the same request works.
    let nonce = client.nonce.clone();
    let reply = client
        .send(
            Method::DELETE,
            "/wp-json/wc/store/v1/cart/coupons/batch",
            None,
            nonce.as_deref(),
            &[],
        )
        .await;
    assert_eq!(reply.status, StatusCode::NO_CONTENT, "{}", reply.text);
}
