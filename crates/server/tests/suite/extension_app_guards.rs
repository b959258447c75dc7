//! The guards around payment apps (docs/security.md, "Extensions"): what the notification
//! route `POST /wc-api/mercato-app/{gateway}/` refuses before it trusts anything (too many
//! requests from one address, a body over its limit, a gateway that has no app, a body that is
//! not a notification, an order that is not the gateway's), and what the shop refuses of an
//! app it calls (an answer that is too big or never ends, a connection that never answers, a
//! `redirect_url` that is not a web page). Apps are played here by raw sockets on 127.0.0.1, so
//! that each misbehaviour is exactly the one under test.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{HeaderMap, Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_core::orders::{Order, OrderStatus};
use mercato_db::orders;
use mercato_server::extension_routes::notify::{MAX_BODY_BYTES, RATE_LIMIT};
use mercato_server::payments::app::{APP_UNAVAILABLE, Secret, signature};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tower::{Layer, ServiceExt};

use crate::extensions::{install, shop_with_extensions};
use crate::store_api_cart_support::{Client, RefShop, golden_request};

const SECRET: &str = "acme-guard-secret-0123456789";

/// A shop with the "acme" extension: `acme` paid through the app at `url` (waiting
/// `timeout_ms`) and `acme_invoice`, an offline gateway without an app.
async fn shop_paying_at(url: &str, timeout_ms: u64) -> (tempfile::TempDir, RefShop, Router) {
    let dir = tempfile::tempdir().expect("dir");
    let extensions = dir.path().join("extensions");
    install(
        &extensions,
        "acme",
        &json!({
            "name": "acme",
            "gateways": [
                {"id": "acme", "title": "Acme Pay", "app": {"url": url, "secret": SECRET, "timeout_ms": timeout_ms}},
                {"id": "acme_invoice", "title": "Acme Invoice", "settle": "on-hold"}
            ]
        }),
        &[],
    );
    let (shop, app) = shop_with_extensions(&extensions, json!([])).await;
    (dir, shop, app)
}

/// The shop as a client connecting from `address` sees it.
fn from_address(app: &Router, address: &str) -> Router {
    let peer: SocketAddr = format!("{address}:50000").parse().expect("address");
    Router::new().fallback_service(MockConnectInfo(peer).layer(app.clone()))
}

fn signed(body: &[u8]) -> String {
    signature(&Secret::new(SECRET.to_owned()), body)
}

/// What the route answered.
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Value,
}

/// Posts `body` to the route of `gateway`, signed with `signature` (none when `None`).
async fn notify_with(app: &Router, gateway: &str, body: Body, signature: Option<&str>) -> Answer {
    let mut request = Request::post(format!("/wc-api/mercato-app/{gateway}/"))
        .header(header::HOST, "127.0.0.1:8091")
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(signature) = signature {
        request = request.header("x-mercato-signature", signature);
    }
    let response = app
        .clone()
        .oneshot(request.body(body).expect("request"))
        .await
        .expect("response");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    Answer {
        status,
        headers,
        body: serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            Value::String(format!("not JSON: {}", String::from_utf8_lossy(&bytes)))
        }),
    }
}

async fn notify(app: &Router, gateway: &str, body: &[u8], signature: Option<&str>) -> Answer {
    notify_with(app, gateway, Body::from(body.to_vec()), signature).await
}

/// Answers are JSON objects with a `code` and a message that says something.
fn assert_json_error(answer: &Answer, status: StatusCode, code: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert_eq!(answer.body["code"], code, "{}", answer.body);
    assert!(
        answer.body["message"]
            .as_str()
            .is_some_and(|m| m.len() > 10),
        "{}",
        answer.body
    );
    assert_eq!(
        answer
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok()),
        Some("application/json")
    );
}

async fn order(shop: &RefShop, id: i64) -> Order {
    orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order")
}

/// A shopper with two Beanies in the cart.
async fn shopper(app: &Router) -> Client {
    let mut client = Client::new(app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 18, "quantity": 2}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    client
}

fn checkout_body(payment_method: &str) -> Value {
    let mut body = golden_request("034");
    body["payment_method"] = json!(payment_method);
    body
}

#[tokio::test]
async fn notifications_are_rate_limited_per_client_address() {
    let (_dir, _shop, app) = shop_paying_at("http://127.0.0.1:9/pay", 1_000).await;
    let attacker = from_address(&app, "203.0.113.5");
    let body = json!({"order_id": 1, "status": "paid"}).to_string();
    for _ in 0..RATE_LIMIT {
        let answer = notify(&attacker, "acme", body.as_bytes(), Some("sha256=00")).await;
        assert_json_error(&answer, StatusCode::UNAUTHORIZED, "invalid_signature");
    }
    // Over the limit, even a correctly signed notification is refused before it is read.
    let refused = notify(
        &attacker,
        "acme",
        body.as_bytes(),
        Some(&signed(body.as_bytes())),
    )
    .await;
    assert_json_error(
        &refused,
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limit_exceeded",
    );
    let retry: i64 = refused
        .headers
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!((1..=60).contains(&retry), "{retry}");
    // Unknown gateways count too: probing costs the same.
    let probe = notify(&attacker, "nope", body.as_bytes(), None).await;
    assert_eq!(probe.status, StatusCode::TOO_MANY_REQUESTS);

    // Another address is not affected.
    let app_server = from_address(&app, "198.51.100.7");
    let answer = notify(&app_server, "acme", body.as_bytes(), Some("sha256=00")).await;
    assert_json_error(&answer, StatusCode::UNAUTHORIZED, "invalid_signature");
}

#[tokio::test]
async fn a_notification_over_the_body_limit_is_413_and_not_read_past_the_limit() {
    let (_dir, _shop, app) = shop_paying_at("http://127.0.0.1:9/pay", 1_000).await;
    // A signed body just over the limit: refused as too large, not as forged.
    let padding = "x".repeat(MAX_BODY_BYTES);
    let big = json!({"order_id": 1, "status": "paid", "transaction_id": padding}).to_string();
    let answer = notify(&app, "acme", big.as_bytes(), Some(&signed(big.as_bytes()))).await;
    assert_json_error(
        &answer,
        StatusCode::PAYLOAD_TOO_LARGE,
        "notification_too_large",
    );

    // A body with no length that never ends: read up to the limit, then refused.
    let pulled = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&pulled);
    let endless = futures_util::stream::repeat_with(move || {
        counter.fetch_add(4096, Ordering::SeqCst);
        Ok::<_, std::io::Error>(Bytes::from(vec![b' '; 4096]))
    });
    let answer = tokio::time::timeout(
        Duration::from_secs(10),
        notify_with(&app, "acme", Body::from_stream(endless), Some("sha256=00")),
    )
    .await
    .expect("answered without reading the endless body");
    assert_json_error(
        &answer,
        StatusCode::PAYLOAD_TOO_LARGE,
        "notification_too_large",
    );
    let read = pulled.load(Ordering::SeqCst);
    assert!(
        read <= (MAX_BODY_BYTES + 2 * 4096) as u64,
        "{read} bytes pulled from the client"
    );

    // A declared length over the limit is refused before any byte is read: the body here
    // never sends one.
    let never = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
    let request = Request::post("/wc-api/mercato-app/acme/")
        .header(header::HOST, "127.0.0.1:8091")
        .header(header::CONTENT_LENGTH, "104857600")
        .body(Body::from_stream(never))
        .expect("request");
    let response = tokio::time::timeout(Duration::from_secs(10), app.clone().oneshot(request))
        .await
        .expect("answered at once")
        .expect("response");
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
}

/// Reads an HTTP/1.1 response's head and whatever body came with it, until the server closes.
async fn read_answer(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn served_on_a_socket_a_huge_or_slow_notification_is_answered_without_waiting_for_it() {
    let (_dir, _shop, app) = shop_paying_at("http://127.0.0.1:9/pay", 1_000).await;
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let options = mercato_server::ServeOptions {
        body_timeout: Duration::from_secs(2),
        ..mercato_server::ServeOptions::default()
    };
    let server = tokio::spawn(mercato_server::serve(listener, app, options, async move {
        let _ = stopped.await;
    }));

    // 100 MB announced, 1 KiB sent: the answer comes at once, a 413 (not the 408 a reader
    // waiting for the rest would end in).
    let mut stream = TcpStream::connect(address).await.expect("connect");
    stream
        .write_all(
            b"POST /wc-api/mercato-app/acme/ HTTP/1.1\r\nHost: shop.test\r\n\
              Content-Type: application/json\r\nContent-Length: 104857600\r\n\r\n",
        )
        .await
        .expect("write");
    stream.write_all(&[b' '; 1024]).await.expect("write");
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("notification_too_large"), "{answer}");

    // Chunked, no length, more than the limit and no end: 413 once the limit is passed.
    let mut stream = TcpStream::connect(address).await.expect("connect");
    stream
        .write_all(
            b"POST /wc-api/mercato-app/acme/ HTTP/1.1\r\nHost: shop.test\r\n\
              Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        )
        .await
        .expect("write");
    for _ in 0..(MAX_BODY_BYTES / 4096 + 2) {
        let mut chunk = b"1000\r\n".to_vec();
        chunk.extend_from_slice(&[b' '; 4096]);
        chunk.extend_from_slice(b"\r\n");
        if stream.write_all(&chunk).await.is_err() {
            break;
        }
    }
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");

    // A body that trickles: the server's body deadline ends the wait.
    let started = Instant::now();
    let mut stream = TcpStream::connect(address).await.expect("connect");
    stream
        .write_all(
            b"POST /wc-api/mercato-app/acme/ HTTP/1.1\r\nHost: shop.test\r\n\
              Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"order_id\"",
        )
        .await
        .expect("write");
    let answer = read_answer(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(8));

    let _ = stop.send(());
    server.await.expect("server");
}

#[tokio::test]
async fn a_gateway_without_an_app_or_unknown_is_404() {
    let (_dir, _shop, app) = shop_paying_at("http://127.0.0.1:9/pay", 1_000).await;
    let body = json!({"order_id": 1, "status": "paid"}).to_string();
    for gateway in ["acme_invoice", "nope", "bacs", "cod", "ACME"] {
        let answer = notify(
            &app,
            gateway,
            body.as_bytes(),
            Some(&signed(body.as_bytes())),
        )
        .await;
        assert_json_error(&answer, StatusCode::NOT_FOUND, "unknown_gateway");
    }
}

#[tokio::test]
async fn a_signed_body_that_is_not_a_notification_is_a_clear_400() {
    let (_dir, _shop, app) = shop_paying_at("http://127.0.0.1:9/pay", 1_000).await;
    for body in [
        &b""[..],
        b"not json",
        b"[]",
        b"{\"order_id\": 1}",
        b"{\"order_id\": \"1\", \"status\": \"paid\"}",
        b"{\"order_id\": 1, \"status\": \"refunded\"}",
        b"{\"order_id\": 1, \"status\": \"paid\", \"amount\": 100}",
        b"{\"order_id\": 1, \"status\": \"paid\"} trailing",
        b"\xff\xfe{}",
    ] {
        let answer = notify(&app, "acme", body, Some(&signed(body))).await;
        assert_json_error(&answer, StatusCode::BAD_REQUEST, "invalid_notification");
    }
}

#[tokio::test]
async fn a_notification_for_another_gateway_s_order_or_none_changes_nothing() {
    let (_dir, shop, app) = shop_paying_at("http://127.0.0.1:9/pay", 1_000).await;
    let mut client = shopper(&app).await;
    let placed = client
        .post("/checkout", checkout_body("acme_invoice"))
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    let order_id = placed.body["order_id"].as_i64().expect("order");
    let before = order(&shop, order_id).await;
    assert_eq!(before.status, OrderStatus::OnHold);

    for status in ["paid", "failed"] {
        for id in [order_id, order_id + 1000, 0, -1] {
            let body = json!({"order_id": id, "status": status, "transaction_id": "t"}).to_string();
            let answer = notify(
                &app,
                "acme",
                body.as_bytes(),
                Some(&signed(body.as_bytes())),
            )
            .await;
            assert_json_error(&answer, StatusCode::NOT_FOUND, "unknown_order");
        }
    }
    let after = order(&shop, order_id).await;
    assert_eq!(after.status, OrderStatus::OnHold);
    assert_eq!(after.transaction_id, before.transaction_id);
    assert_eq!(after.notes, before.notes);
}

/// What a played app does once it has read a payment request.
#[derive(Clone, Copy)]
enum Misbehaviour {
    /// Announces a body of a gigabyte, sends a few bytes, and waits.
    DeclaresHugeBody,
    /// Sends an answer that never ends, as fast as the shop reads it.
    EndlessBody,
    /// Says nothing at all.
    Silent,
}

/// What the played app saw.
#[derive(Default)]
struct Seen {
    requests: AtomicU64,
    written: AtomicU64,
    closed: AtomicBool,
}

/// Reads one request (head and `Content-Length` body) from `stream`.
async fn read_request(stream: &mut TcpStream) -> Option<()> {
    let mut data = Vec::new();
    let mut buffer = [0u8; 8192];
    let head_end = loop {
        let n = stream.read(&mut buffer).await.ok()?;
        if n == 0 {
            return None;
        }
        data.extend_from_slice(&buffer[..n]);
        if let Some(at) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
    };
    let head = String::from_utf8_lossy(&data[..head_end]).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while data.len() < head_end + length {
        let n = stream.read(&mut buffer).await.ok()?;
        if n == 0 {
            return None;
        }
        data.extend_from_slice(&buffer[..n]);
    }
    Some(())
}

/// Waits until the shop closes the connection (a read of 0 bytes, or an error).
async fn until_closed(stream: &mut TcpStream) {
    let mut buffer = [0u8; 1024];
    while let Ok(n) = stream.read(&mut buffer).await {
        if n == 0 {
            break;
        }
    }
}

async fn misbehaving_app(how: Misbehaviour) -> (SocketAddr, Arc<Seen>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    let seen = Arc::new(Seen::default());
    let state = Arc::clone(&seen);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let seen = Arc::clone(&state);
            tokio::spawn(async move {
                if read_request(&mut stream).await.is_none() {
                    return;
                }
                seen.requests.fetch_add(1, Ordering::SeqCst);
                match how {
                    Misbehaviour::DeclaresHugeBody => {
                        let _ = stream
                            .write_all(
                                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\
                                  Content-Length: 1000000000\r\n\r\n{\"result\": ",
                            )
                            .await;
                        until_closed(&mut stream).await;
                    }
                    Misbehaviour::EndlessBody => {
                        let _ = stream
                            .write_all(
                                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\
                                  Transfer-Encoding: chunked\r\n\r\n",
                            )
                            .await;
                        let mut chunk = b"1000\r\n".to_vec();
                        chunk.extend_from_slice(&[b' '; 4096]);
                        chunk.extend_from_slice(b"\r\n");
                        while stream.write_all(&chunk).await.is_ok() {
                            seen.written.fetch_add(4096, Ordering::SeqCst);
                        }
                    }
                    Misbehaviour::Silent => until_closed(&mut stream).await,
                }
                seen.closed.store(true, Ordering::SeqCst);
            });
        }
    });
    (address, seen)
}

/// Waits (polling, up to ten seconds) until `check` holds.
async fn eventually(what: &str, check: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !check() {
        assert!(Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Places an order with `acme` and checks that nothing was paid and the order failed.
async fn place_and_expect_no_payment(shop: &RefShop, app: &Router, case: &str) {
    let mut client = shopper(app).await;
    let refused = client.post("/checkout", checkout_body("acme")).await;
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
        order(shop, order_id).await.status,
        OrderStatus::Failed,
        "{case}"
    );
    let cart = client.get("/cart").await;
    assert_eq!(cart.body["items_count"], 2, "{case}: the cart stays");
}

#[tokio::test]
async fn an_app_announcing_a_huge_answer_is_refused_at_once_and_its_connection_closed() {
    let (address, seen) = misbehaving_app(Misbehaviour::DeclaresHugeBody).await;
    // The shop would wait 20 s for an answer that comes: it must not wait for this one.
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 20_000).await;
    let started = Instant::now();
    place_and_expect_no_payment(&shop, &app, "huge answer").await;
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "waited {:?} for an answer it cannot read",
        started.elapsed()
    );
    assert_eq!(seen.requests.load(Ordering::SeqCst), 1);
    eventually("the shop closes the app's connection", || {
        seen.closed.load(Ordering::SeqCst)
    })
    .await;
}

#[tokio::test]
async fn an_app_answering_without_end_is_cut_off_at_the_answer_limit() {
    let (address, seen) = misbehaving_app(Misbehaviour::EndlessBody).await;
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 20_000).await;
    let started = Instant::now();
    place_and_expect_no_payment(&shop, &app, "endless answer").await;
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "held the checkout {:?}",
        started.elapsed()
    );
    eventually("the shop closes the app's connection", || {
        seen.closed.load(Ordering::SeqCst)
    })
    .await;
    // What the app got to write is bounded by the limit and the sockets' buffers, not by time.
    let written = seen.written.load(Ordering::SeqCst);
    assert!(written < 32 * 1024 * 1024, "{written} bytes written");
}

#[tokio::test]
async fn an_app_that_never_answers_has_its_connection_closed_at_the_deadline() {
    let (address, seen) = misbehaving_app(Misbehaviour::Silent).await;
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 300).await;
    place_and_expect_no_payment(&shop, &app, "silent").await;
    eventually("the shop closes the app's connection", || {
        seen.closed.load(Ordering::SeqCst)
    })
    .await;
}

#[tokio::test]
async fn a_pending_answer_whose_redirect_is_not_a_web_page_pays_nothing() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    let answers = Arc::new(std::sync::Mutex::new(String::new()));
    let current = Arc::clone(&answers);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let body = current.lock().expect("lock").clone();
            tokio::spawn(async move {
                if read_request(&mut stream).await.is_none() {
                    return;
                }
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(body.as_bytes()).await;
            });
        }
    });
    let (_dir, shop, app) = shop_paying_at(&format!("http://{address}/pay"), 5_000).await;
    for redirect in [
        "javascript:alert(document.cookie)",
        "JavaScript:alert(1)",
        " javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        "//evil.example/confirm",
        "/confirm/abc",
        "https://",
        "ftp://pay.example/confirm",
        "https://pay.example/\n<script>",
    ] {
        *answers.lock().expect("lock") =
            json!({"result": "pending", "redirect_url": redirect}).to_string();
        place_and_expect_no_payment(&shop, &app, redirect).await;
    }
    let paid = orders::count_with_status(&shop.state.db, OrderStatus::Processing)
        .await
        .expect("count");
    assert_eq!(paid, 0);
    let pending = orders::count_with_status(&shop.state.db, OrderStatus::Pending)
        .await
        .expect("count");
    assert_eq!(pending, 0);
}
