//! Size limits on stored text (security review F8): the review's reproduction (a 1 000 000
//! character `first_name`, a 1.9 MB order note) and each surface that takes these fields refuse
//! an over-long value with its own error, and nothing of it is stored. The limits are
//! `mercato_core::limits`.

use crate::cart_page_support;
use crate::checkout_page;
use crate::store_api_cart_support;
use crate::storefront_support;

use axum::http::StatusCode;
use mercato_db::Backend;
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop, ref_shop_on};

/// The longest `data` stored for a cart or an order, in bytes.
async fn largest_stored(shop: &RefShop) -> i64 {
    let mut largest = 0;
    for table in ["carts", "orders"] {
        let (n,): (i64,) = sqlx::query_as(&format!(
            "select cast(coalesce(max(length(data)), 0) as bigint) from {table}"
        ))
        .fetch_one(shop.state.db.pool())
        .await
        .expect("length");
        largest = largest.max(n);
    }
    largest
}

/// A `rest_invalid_param` naming `param`, with the detail `code`; returns the param's message.
fn invalid(reply: &crate::store_api_support::Reply, param: &str, code: &str) -> String {
    // A huge body echoed back would flood the output: show its start.
    let shown: String = reply.text.chars().take(600).collect();
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{shown}");
    assert_eq!(reply.body["code"], "rest_invalid_param", "{shown}");
    assert_eq!(
        reply.body["data"]["details"][param]["code"], code,
        "{shown}"
    );
    reply.body["data"]["params"][param]
        .as_str()
        .expect("message")
        .to_owned()
}

#[tokio::test]
async fn over_long_fields_are_refused_by_the_store_api_on_sqlite() {
    store_api_story(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn over_long_fields_are_refused_by_the_store_api_on_postgres() {
    store_api_story(ref_shop_on(Backend::Postgres).await).await;
}

async fn store_api_story(shop: RefShop) {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    let draft = client.get("/checkout").await;
    assert_eq!(draft.status, StatusCode::OK, "{}", draft.body);

    // The review's first reproduction.
    let reply = client
        .post(
            "/cart/update-customer",
            json!({"billing_address": {"first_name": "x".repeat(1_000_000)}}),
        )
        .await;
    assert_eq!(
        invalid(&reply, "billing_address", "rest_too_long"),
        "billing_address[first_name] must be at most 200 characters long."
    );
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["billing_address"]["first_name"], "");

    // The second: a 1.9 MB order note at checkout.
    let mut body = golden_request("034");
    body["customer_note"] = json!("n".repeat(1_900_000));
    let reply = client.post("/checkout", body).await;
    assert_eq!(
        invalid(&reply, "customer_note", "rest_too_long"),
        "customer_note must be at most 5,000 characters long."
    );
    // The same through `order_notes`, and a sub-request of a batch.
    let mut body = golden_request("034");
    body.as_object_mut()
        .expect("object")
        .remove("customer_note");
    body["order_notes"] = json!("n".repeat(5_001));
    let reply = client.post("/checkout", body).await;
    invalid(&reply, "order_notes", "rest_too_long");
    let reply = client
        .post(
            "/batch",
            json!({"requests": [{"method": "POST", "path": "/wc/store/v1/cart/update-customer",
                                 "body": {"shipping_address": {"city": "c".repeat(201)}}}]}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 207, "{}", reply.body);
    let slot = &reply.body["responses"][0];
    assert_eq!(slot["status"], 400, "{slot}");
    assert_eq!(
        slot["body"]["data"]["details"]["shipping_address"]["code"],
        "rest_too_long"
    );

    // A coupon code and an account password.
    let reply = client
        .post("/cart/apply-coupon", json!({"code": "c".repeat(101)}))
        .await;
    assert_eq!(
        invalid(&reply, "code", "rest_too_long"),
        "code must be at most 100 characters long."
    );
    let mut body = golden_request("034");
    body["create_account"] = json!(true);
    body["customer_password"] = json!("p".repeat(4_097));
    let reply = client.post("/checkout", body).await;
    invalid(&reply, "customer_password", "rest_too_long");

    // Nothing of it was stored: no order placed, no account, no big cart or draft.
    let placed = mercato_db::orders::count_with_status(
        &shop.state.db,
        mercato_core::orders::OrderStatus::Processing,
    )
    .await
    .expect("count");
    assert_eq!(placed, 0);
    let users = mercato_db::users::count(&shop.state.db)
        .await
        .expect("users");
    assert_eq!(users, 0);
    let largest = largest_stored(&shop).await;
    assert!(largest < 20_000, "{largest} bytes stored");

    // At the limit is fine, counted in characters.
    let name = "é".repeat(200);
    let reply = client
        .post(
            "/cart/update-customer",
            json!({"billing_address": {"first_name": name}}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(reply.body["billing_address"]["first_name"], json!(name));
    let mut body = golden_request("034");
    body["customer_note"] = json!("n".repeat(5_000));
    let reply = client.post("/checkout", body).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
}

#[tokio::test]
async fn the_classic_checkout_marks_over_long_fields() {
    let shop = cart_page_support::cart_shop().await;
    let mut browser = checkout_page::with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let nonce = checkout_page::nonce(&page);
    let long_name = "J".repeat(201);
    let long_note = "n".repeat(5_001);
    let long_password = "p".repeat(4_097);
    let fields = checkout_page::form(
        &nonce,
        &[
            ("billing_first_name", long_name.as_str()),
            ("order_comments", long_note.as_str()),
            ("createaccount", "1"),
            ("account_password", long_password.as_str()),
        ],
    );
    let page = checkout_page::post(&mut browser, &fields).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    for message in [
        "Billing First name must be at most 200 characters long.",
        "Order notes must be at most 5,000 characters long.",
        "Account password must be at most 4,096 characters long.",
    ] {
        assert!(page.body.contains(message), "{message}");
    }
    assert_eq!(
        mercato_db::orders::count_with_status(
            &shop.state.db,
            mercato_core::orders::OrderStatus::Processing
        )
        .await
        .expect("count"),
        0
    );
    assert!(largest_stored(&shop).await < 20_000);
}

#[tokio::test]
async fn the_shipping_calculator_refuses_an_over_long_city() {
    let shop = ref_shop().await;
    let mut browser = cart_page_support::Browser::new(&shop);
    let added = browser.get("/?add-to-cart=17").await;
    assert!(added.status.is_redirection());
    let nonce = browser.nonce().await;
    let city = "c".repeat(201);
    let page = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("calc_shipping_country", "US"),
                ("calc_shipping_city", &city),
                ("calc_shipping", "1"),
            ],
        )
        .await;
    let page = browser.follow(page).await;
    assert_eq!(
        cart_page_support::notices(&page.body),
        ["Town / City must be at most 200 characters long."]
    );
    let cart: Value = cart_page_support::cart_json(&page.body);
    assert_eq!(cart["shipping_address"]["city"], "");
}

#[tokio::test]
async fn the_review_form_refuses_over_long_names_and_emails() {
    let shop = storefront_support::shop().await;
    let long_name = "A".repeat(246);
    let long_email = format!("{}@example.com", "a".repeat(90));
    for (author, email, message) in [
        (
            long_name.as_str(),
            "a@example.com",
            "Your name is too long.",
        ),
        (
            "Ada",
            long_email.as_str(),
            "Please enter a valid email address.",
        ),
    ] {
        let reply = storefront_support::post_form(
            &shop.app,
            "/product/cap/",
            &[
                ("rating", "5"),
                ("comment", "Fine."),
                ("author", author),
                ("email", email),
            ],
            &[("origin", "http://shop.test")],
        )
        .await;
        assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{message}");
        assert!(reply.body.contains(message), "{message}");
    }
}
