//! A gateway an extension declares with a payment app (docs/payments.md, "Payment apps"): the
//! shop posts each payment to the app, signed, with an idempotency key and a deadline, and
//! does what the app answers; the app's signed notifications settle pending payments, and
//! forged or replayed ones change nothing. The app is the one thing played here: a small HTTP
//! server on 127.0.0.1, inside the test, as a real app would be outside.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use mercato_core::catalogue::{ProductId, Stock};
use mercato_core::orders::{Order, OrderStatus};
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::orders;
use mercato_server::payments::app::{APP_UNAVAILABLE, Secret, signature};
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::extensions::{install, shop_with_extensions};
use crate::store_api_cart_support::{Client, RefShop, golden_request};

const SECRET: &str = "acme-test-secret-0123456789";
/// The Beanie, given stock here so that a lost unit shows.
const BEANIE: i64 = 18;

/// What the played app answers.
#[derive(Clone)]
enum Answer {
    /// This status and body.
    Reply(StatusCode, String),
    /// Nothing, ever (the shop's deadline must end the wait).
    Hang,
}

/// One request the app received.
#[derive(Clone, Debug)]
struct Received {
    headers: HeaderMap,
    body: Bytes,
}

#[derive(Clone)]
struct PlayedApp {
    answer: Arc<Mutex<Answer>>,
    received: Arc<Mutex<Vec<Received>>>,
}

async fn app_handler(State(app): State<PlayedApp>, headers: HeaderMap, body: Bytes) -> Response {
    app.received
        .lock()
        .expect("lock")
        .push(Received { headers, body });
    let answer = app.answer.lock().expect("lock").clone();
    match answer {
        Answer::Reply(status, body) => {
            (status, [(header::CONTENT_TYPE, "application/json")], body).into_response()
        }
        Answer::Hang => std::future::pending().await,
    }
}

/// Starts the played app on 127.0.0.1 at a port the system chooses.
async fn start_app(answer: Answer) -> (SocketAddr, PlayedApp) {
    let played = PlayedApp {
        answer: Arc::new(Mutex::new(answer)),
        received: Arc::new(Mutex::new(Vec::new())),
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let router = axum::Router::new()
        .fallback(app_handler)
        .with_state(played.clone());
    tokio::spawn(async move {
        axum::serve(listener, router).await.expect("serve");
    });
    (address, played)
}

impl PlayedApp {
    fn answer_with(&self, answer: Answer) {
        *self.answer.lock().expect("lock") = answer;
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().expect("lock").clone()
    }
}

fn json_answer(value: Value) -> Answer {
    Answer::Reply(StatusCode::OK, value.to_string())
}

/// A shop whose "acme" extension pays through the app at `url` (waiting `timeout_ms`), with
/// the Beanie's stock set to 5.
async fn shop_paying_at(url: &str, timeout_ms: u64) -> (tempfile::TempDir, RefShop, axum::Router) {
    let dir = tempfile::tempdir().expect("dir");
    let extensions = dir.path().join("extensions");
    install(
        &extensions,
        "acme",
        &json!({
            "name": "acme",
            "settings": {"acme_data": {"title": "Acme Pay", "description": "Pay with Acme", "supports": ["products"], "publishableKey": "pk_test"}},
            "gateways": [{"id": "acme", "title": "Acme Pay", "description": "Pay with Acme",
                          "app": {"url": url, "secret": SECRET, "timeout_ms": timeout_ms}}]
        }),
        &[],
    );
    let (shop, app) = shop_with_extensions(&extensions, json!([])).await;
    set_stock(&shop, BEANIE, 5).await;
    (dir, shop, app)
}

async fn set_stock(shop: &RefShop, id: i64, quantity: i64) {
    let db = &shop.state.db;
    let mut product = catalogue::product_by_id(db, ProductId(id))
        .await
        .expect("read")
        .expect("product");
    product.stock = Stock::managed(quantity);
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer
        .save_product(&mut product, &mut Vec::new())
        .await
        .expect("save");
    writer.commit().await.expect("commit");
}

async fn stock_of(shop: &RefShop, id: i64) -> Stock {
    catalogue::product_by_id(&shop.state.db, ProductId(id))
        .await
        .expect("read")
        .expect("product")
        .stock
}

/// A shopper with two Beanies in the cart.
async fn shopper(app: &axum::Router) -> Client {
    let mut client = Client::new(app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 2}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    client
}

fn checkout_body(token: &str) -> Value {
    let mut body = golden_request("034");
    body["payment_method"] = json!("acme");
    body["payment_data"] = json!([{"key": "acme_token", "value": token}]);
    body
}

async fn order(shop: &RefShop, id: i64) -> Order {
    orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order")
}

fn text_of(headers: &HeaderMap, name: &str) -> String {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn the_app_is_offered_asked_with_a_signed_body_and_its_success_pays_the_order() {
    let (address, played) = start_app(json_answer(
        json!({"result": "success", "transaction_id": "acme_tx_1"}),
    ))
    .await;
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay?shop=1"), 5_000).await;
    let mut client = shopper(&app).await;
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["payment_methods"], json!(["acme"]));

    // The pages' paymentMethodData for the gateway is the extension's `acme_data` setting.
    let page = crate::extensions::get(&mut client, "/checkout/").await;
    assert!(
        page.text.contains(r#""acme":{"description":"Pay with Acme","publishableKey":"pk_test","supports":["products"],"title":"Acme Pay"}"#),
        "{}",
        page.text
    );

    // The classic checkout's form is answered with a redirect to a pending payment's page on
    // the app: the page's policy lets the browser follow it there.
    let policy = page.header("content-security-policy");
    assert!(
        policy.contains(&format!("form-action 'self' http://{address};")),
        "{policy}"
    );

    // The extension's settings are in wcSettings too (what getSetting reads).
    let settings = page
        .text
        .split("<script type=\"application/json\" id=\"mercato-settings\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("settings");
    let settings: Value = serde_json::from_str(settings).expect("settings JSON");
    assert_eq!(
        settings["wcSettings"]["acme_data"]["publishableKey"],
        "pk_test"
    );
    assert_eq!(settings["wcSettings"]["currency"]["code"], "USD");

    let placed = client.post("/checkout", checkout_body("tok_123")).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    assert_eq!(placed.body["status"], "processing");
    assert_eq!(placed.body["payment_result"]["payment_status"], "success");
    let order_id = placed.body["order_id"].as_i64().expect("order");
    let paid = order(&shop, order_id).await;
    assert_eq!(paid.status, OrderStatus::Processing);
    assert_eq!(paid.transaction_id, "acme_tx_1");
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(3));
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 0, "the paid cart is emptied");

    let received = played.received();
    assert_eq!(received.len(), 1);
    let request = &received[0];
    // Signed: HMAC-SHA256 of the exact body under the gateway's secret.
    assert_eq!(
        text_of(&request.headers, "x-mercato-signature"),
        signature(&Secret::new(SECRET.to_owned()), &request.body)
    );
    assert_eq!(
        text_of(&request.headers, "content-type"),
        "application/json"
    );
    let key = text_of(&request.headers, "idempotency-key");
    assert!(
        key.starts_with(&format!("mercato-order-{order_id}-")),
        "{key}"
    );
    let body: Value = serde_json::from_slice(&request.body).expect("json");
    assert_eq!(body["payment_method"], "acme");
    assert_eq!(body["payment_data"], json!({"acme_token": "tok_123"}));
    assert_eq!(body["order"]["id"], order_id);
    assert_eq!(body["order"]["key"], paid.order_key.as_str());
    assert_eq!(body["order"]["total"], paid.totals.total.minor());
    assert_eq!(body["order"]["currency"], paid.currency);
    assert_eq!(body["order"]["lines"][0]["quantity"], 2);
    assert_eq!(
        body["order"]["billing_address"]["email"],
        paid.billing.email
    );
    assert_eq!(
        body["order"]["shipping_address"]["city"],
        paid.shipping.city
    );
    assert_eq!(
        body["return_url"],
        format!(
            "http://127.0.0.1:8091/checkout/order-received/{order_id}/?key={}",
            paid.order_key.as_str()
        )
    );
    let mut keys: Vec<&str> = body
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["order", "payment_data", "payment_method", "return_url"]
    );
}

#[tokio::test]
async fn a_refusal_fails_the_order_with_the_app_s_message_and_gives_the_stock_back() {
    let (address, played) = start_app(json_answer(
        json!({"result": "failure", "message": "Acme refused this card."}),
    ))
    .await;
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 5_000).await;
    let mut client = shopper(&app).await;
    let refused = client.post("/checkout", checkout_body("tok_bad")).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert_eq!(refused.body["payment_result"]["payment_status"], "failure");
    assert_eq!(
        refused.body["payment_result"]["payment_details"][1],
        json!({"key": "message", "value": "Acme refused this card."})
    );
    let order_id = refused.body["order_id"].as_i64().expect("order");
    let failed = order(&shop, order_id).await;
    assert_eq!(failed.status, OrderStatus::Failed);
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(5));
    let cart = client.get("/cart").await;
    assert_eq!(
        cart.body["items_count"], 2,
        "the cart stays for another try"
    );

    // Paying the failed order again is another attempt: another idempotency key, and the
    // app's success pays it.
    played.answer_with(json_answer(
        json!({"result": "success", "transaction_id": "acme_tx_2"}),
    ));
    let again = client
        .post(
            &format!("/checkout/{order_id}"),
            json!({
                "key": failed.order_key.as_str(),
                "billing_email": failed.billing.email,
                "payment_method": "acme",
                "payment_data": [{"key": "acme_token", "value": "tok_good"}],
            }),
        )
        .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert_eq!(order(&shop, order_id).await.status, OrderStatus::Processing);
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(3));
    let keys: Vec<String> = played
        .received()
        .iter()
        .map(|r| text_of(&r.headers, "idempotency-key"))
        .collect();
    assert_eq!(keys.len(), 2);
    assert_ne!(keys[0], keys[1], "one key per attempt");
}

#[tokio::test]
async fn an_app_that_hangs_answers_nonsense_or_is_down_takes_nothing() {
    let (address, played) = start_app(Answer::Hang).await;
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 300).await;
    let down = {
        // A port nothing listens on any more.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("address")
    };
    for (case, answer) in [
        ("hangs", Answer::Hang),
        (
            "nonsense",
            Answer::Reply(StatusCode::OK, "<html>hello</html>".to_owned()),
        ),
        ("unknown result", json_answer(json!({"result": "maybe"}))),
        (
            "server error",
            Answer::Reply(
                StatusCode::INTERNAL_SERVER_ERROR,
                "{\"result\": \"success\"}".to_owned(),
            ),
        ),
        (
            "pending without redirect",
            json_answer(json!({"result": "pending", "redirect_url": "javascript:alert(1)"})),
        ),
    ] {
        played.answer_with(answer);
        let mut client = shopper(&app).await;
        let refused = client.post("/checkout", checkout_body("tok")).await;
        assert_eq!(
            refused.body["payment_result"]["payment_status"], "error",
            "{case}: {}",
            refused.body
        );
        assert_eq!(
            refused.body["payment_result"]["payment_details"][1]["value"], APP_UNAVAILABLE,
            "{case}"
        );
        let order_id = refused.body["order_id"].as_i64().expect("order");
        assert_eq!(
            order(&shop, order_id).await.status,
            OrderStatus::Failed,
            "{case}"
        );
        assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(5), "{case}");
    }
    assert_eq!(played.received().len(), 5);

    // An app that is down.
    let (_dir, shop, app) = shop_paying_at(&format!("http://{down}/pay"), 300).await;
    let mut client = shopper(&app).await;
    let refused = client.post("/checkout", checkout_body("tok")).await;
    assert_eq!(
        refused.body["payment_result"]["payment_status"], "error",
        "{}",
        refused.body
    );
    let order_id = refused.body["order_id"].as_i64().expect("order");
    assert_eq!(order(&shop, order_id).await.status, OrderStatus::Failed);
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(5));
}

/// Posts a notification with `body` and `signature` (none when `None`).
async fn notify(app: &axum::Router, body: &[u8], signature: Option<&str>) -> (StatusCode, Value) {
    let mut request = Request::post("/wc-api/mercato-app/acme/")
        .header(header::HOST, "127.0.0.1:8091")
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(signature) = signature {
        request = request.header("x-mercato-signature", signature);
    }
    let response = app
        .clone()
        .oneshot(request.body(Body::from(body.to_vec())).expect("request"))
        .await
        .expect("response");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn a_pending_payment_waits_for_a_signed_notification_and_ignores_forged_and_replayed_ones() {
    let (address, played) = start_app(Answer::Hang).await;
    let confirm = format!("http://{address}/confirm/abc");
    played.answer_with(json_answer(
        json!({"result": "pending", "redirect_url": confirm}),
    ));
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 5_000).await;
    let mut client = shopper(&app).await;
    let pending = client.post("/checkout", checkout_body("tok")).await;
    assert_eq!(pending.status, StatusCode::ACCEPTED, "{}", pending.body);
    assert_eq!(pending.body["payment_result"]["payment_status"], "pending");
    assert_eq!(pending.body["payment_result"]["redirect_url"], confirm);
    let order_id = pending.body["order_id"].as_i64().expect("order");
    assert_eq!(order(&shop, order_id).await.status, OrderStatus::Pending);

    let secret = Secret::new(SECRET.to_owned());
    let paid =
        json!({"order_id": order_id, "status": "paid", "transaction_id": "acme_tx_9"}).to_string();
    let forged = signature(
        &Secret::new("not-the-secret-at-all".to_owned()),
        paid.as_bytes(),
    );
    let other_body =
        json!({"order_id": order_id, "status": "paid", "transaction_id": "other"}).to_string();
    for (case, body, signature) in [
        ("no signature", paid.clone(), None),
        ("another secret", paid.clone(), Some(forged)),
        (
            "another body's",
            other_body,
            Some(signature(&secret, paid.as_bytes())),
        ),
        ("not hex", paid.clone(), Some("sha256=xyz".to_owned())),
    ] {
        let (status, answer) = notify(&app, body.as_bytes(), signature.as_deref()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{case}");
        assert_eq!(answer["code"], "invalid_signature", "{case}");
        assert_eq!(
            order(&shop, order_id).await.status,
            OrderStatus::Pending,
            "{case}"
        );
    }

    let (status, answer) = notify(
        &app,
        paid.as_bytes(),
        Some(&signature(&secret, paid.as_bytes())),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"], "paid");
    let settled = order(&shop, order_id).await;
    assert_eq!(settled.status, OrderStatus::Processing);
    assert_eq!(settled.transaction_id, "acme_tx_9");
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(3));
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 0, "the paid cart is emptied");

    // A replay, and a signed "failed" after the payment: 200, nothing more changes.
    let (status, answer) = notify(
        &app,
        paid.as_bytes(),
        Some(&signature(&secret, paid.as_bytes())),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["result"], "unchanged");
    let failed = json!({"order_id": order_id, "status": "failed"}).to_string();
    let (status, answer) = notify(
        &app,
        failed.as_bytes(),
        Some(&signature(&secret, failed.as_bytes())),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["result"], "unchanged");
    let after = order(&shop, order_id).await;
    assert_eq!(after.status, OrderStatus::Processing);
    assert_eq!(after.notes, settled.notes, "no note added by a replay");
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(3));

    // An order of another gateway, and nonsense, are refused with nothing changed.
    let other = json!({"order_id": order_id + 1000, "status": "paid"}).to_string();
    let (status, _) = notify(
        &app,
        other.as_bytes(),
        Some(&signature(&secret, other.as_bytes())),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let nonsense = b"{\"order_id\": \"x\"}";
    let (status, answer) = notify(&app, nonsense, Some(&signature(&secret, nonsense))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
}

#[tokio::test]
async fn a_failed_notification_fails_the_waiting_order_and_gives_its_stock_back() {
    let (address, played) = start_app(Answer::Hang).await;
    played.answer_with(json_answer(
        json!({"result": "pending", "redirect_url": format!("http://{address}/confirm")}),
    ));
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 5_000).await;
    let mut client = shopper(&app).await;
    let pending = client.post("/checkout", checkout_body("tok")).await;
    let order_id = pending.body["order_id"].as_i64().expect("order");
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(3));
    let secret = Secret::new(SECRET.to_owned());
    let failed = json!({"order_id": order_id, "status": "failed"}).to_string();
    let (status, answer) = notify(
        &app,
        failed.as_bytes(),
        Some(&signature(&secret, failed.as_bytes())),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"], "failed");
    assert_eq!(order(&shop, order_id).await.status, OrderStatus::Failed);
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(5));
}

#[tokio::test]
async fn the_classic_checkout_pays_through_the_app_too() {
    let (address, played) = start_app(json_answer(json!({"result": "success"}))).await;
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 5_000).await;
    let client = shopper(&app).await;
    let mut browser = crate::cart_page_support::Browser::on(&app);
    browser.cookies = client.cookies.clone();
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body.contains("name=\"payment_method\" value=\"acme\""),
        "{}",
        page.body
    );
    let nonce = crate::checkout_page::nonce(&page);
    let form = crate::checkout_page::form(&nonce, &[("payment_method", "acme")]);
    let placed = crate::checkout_page::post(&mut browser, &form).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    assert!(
        placed.location.contains("/checkout/order-received/"),
        "{}",
        placed.location
    );
    assert_eq!(played.received().len(), 1);
    let placed_orders = orders::count_with_status(&shop.state.db, OrderStatus::Processing)
        .await
        .expect("count");
    assert_eq!(placed_orders, 1);
}

/// Waits (polling, up to ten seconds) until `check` holds.
async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    while !check().await {
        assert!(tokio::time::Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_checkout_dropped_while_the_app_is_asked_still_settles_its_order() {
    let (address, played) = start_app(Answer::Hang).await;
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 400).await;
    let mut client = shopper(&app).await;
    // The shopper's request goes away (closed tab, request deadline) while the app is asked.
    let request = tokio::spawn(async move { client.post("/checkout", checkout_body("tok")).await });
    let asked = played.clone();
    eventually("the app is asked", || {
        let asked = asked.clone();
        async move { asked.received().len() == 1 }
    })
    .await;
    request.abort();
    let db = shop.state.db.clone();
    eventually("the order fails and gives its stock back", || {
        let db = db.clone();
        async move {
            let list = orders::list(&db, Some(OrderStatus::Failed), 10)
                .await
                .expect("list");
            list.iter().any(|o| o.payment_method == "acme")
        }
    })
    .await;
    assert_eq!(stock_of(&shop, BEANIE).await, Stock::managed(5));
    assert_eq!(
        orders::count_with_status(&shop.state.db, OrderStatus::Pending)
            .await
            .expect("count"),
        0
    );
}
