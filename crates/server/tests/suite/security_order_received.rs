//! Security review F7: the order-received page showed a registered customer's name, email,
//! phone and address to anyone holding the order key. Now a customer's order needs that
//! customer's session, and a guest order seen outside the session that placed it asks for the
//! billing email first.

use crate::cart_page_support::Browser;
use crate::store_api_cart_support;

use axum::http::{Method, StatusCode};
use mercato_db::sessions;
use mercato_server::session::COOKIE;
use serde_json::json;
use store_api_cart_support::{Client, RefShop, customer, golden_request, ref_shop};

const ORIGIN: &str = "http://127.0.0.1:8091";
/// The billing address of golden request 034.
const STREET: &str = "123 Valencia St";

async fn page(
    shop: &RefShop,
    cookie: Option<&str>,
    uri: &str,
    form: Option<String>,
) -> (StatusCode, String) {
    let mut browser = Browser::new(shop);
    if let Some(id) = cookie {
        browser.cookies.insert(COOKIE.to_owned(), id.to_owned());
    }
    let method = if form.is_some() {
        Method::POST
    } else {
        Method::GET
    };
    let page = browser.send(method, uri, form).await;
    (page.status, page.body)
}

/// Places an order with `client` (paid on delivery); returns the order-received path and
/// the order's billing email.
async fn place(client: &mut Client, email: &str, create_account: bool) -> String {
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    let mut body = golden_request("034");
    body["billing_address"]["email"] = json!(email);
    body["payment_method"] = json!("cod");
    if create_account {
        body["create_account"] = json!(true);
        body["customer_password"] = json!("a long passphrase");
    }
    let placed = client.post("/checkout", body).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    placed.body["payment_result"]["redirect_url"]
        .as_str()
        .expect("redirect")
        .strip_prefix(ORIGIN)
        .expect("our host")
        .to_owned()
}

fn assert_hidden(body: &str, email: &str) {
    assert!(!body.contains(email), "the email leaked: {body}");
    assert!(!body.contains(STREET), "the address leaked: {body}");
    assert!(!body.contains("4155550100"), "the phone leaked: {body}");
}

#[tokio::test]
async fn a_customers_order_is_shown_only_to_that_customer() {
    let shop = ref_shop().await;
    let mut buyer = Client::new(&shop.app);
    let email = "registered@example.com";
    let path = place(&mut buyer, email, true).await;
    let session = buyer.cookies.get(COOKIE).cloned().expect("logged in");

    let (status, body) = page(&shop, Some(&session), &path, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains(email) && body.contains(STREET), "{body}");

    // Anyone else with the link: asked to log in, shown nothing.
    let (status, body) = page(&shop, None, &path, None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(body.contains("Please log in"), "{body}");
    assert_hidden(&body, email);
    let someone = customer(&shop, "someone@example.com").await;
    let other = sessions::create(&shop.state.db, Some(someone.id), 3600)
        .await
        .expect("session");
    let (status, body) = page(&shop, Some(&other.id), &path, None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_hidden(&body, email);
    // The billing email does not open a customer's order either.
    let (_, key) = path.split_once("?key=").expect("key");
    let form = format!("key={key}&email={}", email.replace('@', "%40"));
    let action = path.split('?').next().expect("path");
    let (status, body) = page(&shop, None, action, Some(form)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_hidden(&body, email);
}

#[tokio::test]
async fn a_guest_order_elsewhere_asks_for_the_billing_email() {
    let shop = ref_shop().await;
    let mut buyer = Client::new(&shop.app);
    let email = "guest@example.com";
    let path = place(&mut buyer, email, false).await;
    let session = buyer.cookies.get(COOKIE).cloned().expect("session");

    // The session that placed it sees it.
    let (status, body) = page(&shop, Some(&session), &path, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains(email) && body.contains(STREET), "{body}");

    // Another browser is asked for the email.
    let (status, body) = page(&shop, None, &path, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("name=\"email\""), "{body}");
    assert_hidden(&body, email);
    let (_, key) = path.split_once("?key=").expect("key");
    let action = path.split('?').next().expect("path");
    let (status, body) = page(
        &shop,
        None,
        action,
        Some(format!("key={key}&email=wrong%40example.com")),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(body.contains("unable to verify"), "{body}");
    assert_hidden(&body, email);
    // A wrong key is the plain 404, whatever the email.
    let (status, _) = page(
        &shop,
        None,
        action,
        Some("key=wc_order_nope&email=guest%40example.com".to_owned()),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The right email (any case) shows the order.
    let (status, body) = page(
        &shop,
        None,
        action,
        Some(format!("key={key}&email=Guest%40Example.com")),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains(email) && body.contains(STREET), "{body}");
}
