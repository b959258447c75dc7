//! NUL bytes in request text (security review F6): PostgreSQL refuses `\0` in text, so every
//! surface must stop it where text enters and answer 4xx in its own format, never 500. The
//! same story runs on SQLite and, with `MERCATO_TEST_POSTGRES_URL`, on PostgreSQL.

use crate::cart_page_support;
use crate::store_api_cart_support;

use axum::http::{Method, StatusCode};
use mercato_db::Backend;
use serde_json::json;
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop_on};

#[tokio::test]
async fn nul_bytes_are_refused_on_sqlite() {
    nul_story(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn nul_bytes_are_refused_on_postgres() {
    nul_story(ref_shop_on(Backend::Postgres).await).await;
}

async fn nul_story(shop: RefShop) {
    store_api(&shop).await;
    pages(&shop).await;
}

/// A Store API error naming `param` in `data.params`.
fn assert_invalid_param(reply: &crate::store_api_support::Reply, param: &str, what: &str) {
    assert_eq!(
        reply.status,
        StatusCode::BAD_REQUEST,
        "{what}: {}",
        reply.body
    );
    assert_eq!(reply.body["code"], "rest_invalid_param", "{what}");
    assert!(
        reply.body["data"]["params"][param].is_string(),
        "{what}: {}",
        reply.body
    );
}

async fn store_api(shop: &RefShop) {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);

    for path in ["/cart/apply-coupon", "/cart/remove-coupon", "/cart/coupons"] {
        let reply = client.post(path, json!({"code": "a\u{0}b"})).await;
        assert_invalid_param(&reply, "code", path);
    }
    // The same as a form body and in the query string.
    let nonce = client.nonce.clone().expect("nonce");
    let reply = client
        .send_bytes(
            "/wp-json/wc/store/v1/cart/apply-coupon",
            "application/x-www-form-urlencoded",
            b"code=a%00b",
            &nonce,
        )
        .await;
    assert_invalid_param(&reply, "code", "form body");
    let reply = client
        .call(Method::POST, "/cart/apply-coupon?code=a%00b", None)
        .await;
    assert_invalid_param(&reply, "code", "query");

    let reply = client.get("/products?slug=a%00b").await;
    assert_invalid_param(&reply, "slug", "products?slug");
    let reply = client.get("/products/a%00b").await;
    assert!(
        reply.status.is_client_error(),
        "products/a%00b: {}",
        reply.status
    );
    assert!(reply.body["code"].is_string(), "{}", reply.body);
    let reply = client.get("/cart/coupons/a%00b").await;
    assert!(reply.status.is_client_error(), "{}", reply.status);

    // Checkout opening an account, with a NUL in the billing name: refused before anything
    // is written.
    let mut body = golden_request("034");
    body["create_account"] = json!(true);
    body["customer_password"] = json!("correct horse battery staple");
    body["billing_address"]["first_name"] = json!("Ja\u{0}ne");
    let reply = client.post("/checkout", body).await;
    assert_invalid_param(&reply, "billing_address", "checkout");
    let users = mercato_db::users::count(&shop.state.db)
        .await
        .expect("count");
    assert_eq!(users, 0, "no account opened");

    // A batch whose sub-request carries one.
    let reply = client
        .post(
            "/batch",
            json!({"requests": [{"method": "POST", "path": "/wc/store/v1/cart/apply-coupon",
                                 "body": {"code": "x\u{0}"}}]}),
        )
        .await;
    assert!(
        reply.status.is_client_error() || reply.body["responses"][0]["status"] == 400,
        "batch: {} {}",
        reply.status,
        reply.body
    );
}

async fn pages(shop: &RefShop) {
    let mut browser = cart_page_support::Browser::new(shop);
    for path in [
        "/product/a%00b/",
        "/media/a%00b",
        "/product-category/a%00b/",
    ] {
        let page = browser.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}: {}", page.body);
    }
    let page = browser.get("/?s=a%00b&post_type=product").await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST, "search");

    // The classic cart: a NUL in the coupon code, and in the remove-coupon link.
    let added = browser.get("/?add-to-cart=17").await;
    assert!(added.status.is_redirection(), "{}", added.status);
    let nonce = browser.nonce().await;
    let page = browser
        .post(
            "/cart/",
            &[
                ("coupon_code", "a\u{0}b"),
                ("apply_coupon", "Apply coupon"),
                ("_wpnonce", &nonce),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    let page = browser.follow(page).await;
    assert_eq!(page.status, StatusCode::OK);
    let page = browser
        .get(&format!("/cart/?remove_coupon=a%00b&_wpnonce={nonce}"))
        .await;
    assert_eq!(page.status, StatusCode::BAD_REQUEST, "{}", page.body);

    // The review form: the NUL never reaches storage.
    let reply = crate::storefront_support::post_form(
        &shop.app,
        "/product/t-shirt/",
        &[
            ("rating", "5"),
            ("comment", "Go\u{0}od"),
            ("author", "A\u{0}da"),
            ("email", "ada@example.com"),
        ],
        &[("origin", "http://shop.test")],
    )
    .await;
    assert_eq!(
        reply.status,
        StatusCode::SEE_OTHER,
        "review form: {}",
        reply.body
    );
    let stored: Vec<(String, String)> = sqlx::query_as("select author_name, content from reviews")
        .fetch_all(shop.state.db.pool())
        .await
        .expect("reviews");
    assert_eq!(stored.len(), 1);
    assert!(
        stored
            .iter()
            .all(|(author, text)| !author.contains('\0') && !text.contains('\0')),
        "{stored:?}"
    );
}
