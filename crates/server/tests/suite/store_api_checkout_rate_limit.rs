//! The checkout's rate limit (WooCommerce's Store API rate limiting, for `POST /checkout`,
//! and the same count for the classic form): on by default (25 a minute); a client over its
//! limit gets `rate_limit_exceeded` (400, as WooCommerce) and every limited answer carries
//! the `RateLimit-*` headers. Clients are told apart by user, else by address (the peer, or
//! with proxy support the right-most untrusted address of the proxy's header).
//!
//! In memory there is no socket, so each "client address" is an app behind axum's
//! `MockConnectInfo`; the last test serves the shop on a real socket.

use std::net::SocketAddr;

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::Router;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::Method;
use mercato_core::orders::OrderStatus;
use mercato_core::settings::CheckoutRateLimit;
use mercato_db::{options, orders};
use mercato_server::services::ManualClock;
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop};
use store_api_support::{Reply, assert_wp_error};
use tower::Layer;

async fn limit_checkouts(shop: &RefShop, limit: u32, seconds: u32, proxy_support: bool) {
    let limits = CheckoutRateLimit {
        enabled: true,
        limit,
        seconds,
        proxy_support,
        ..CheckoutRateLimit::default()
    };
    options::set(&shop.state.db, CheckoutRateLimit::OPTION, &limits)
        .await
        .expect("settings");
}

/// The shop as a client connecting from `address` sees it.
fn app_from(shop: &RefShop, address: &str) -> Router {
    let peer: SocketAddr = format!("{address}:50000").parse().expect("address");
    Router::new().fallback_service(MockConnectInfo(peer).layer(shop.app.clone()))
}

/// A shopper at `address` with a T-Shirt in the cart.
async fn shopper(shop: &RefShop, address: &str) -> Client {
    let mut client = Client::new(&app_from(shop, address));
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    client
}

/// `POST /checkout` with `extra` headers.
async fn place(client: &mut Client, body: Value, extra: &[(&str, &str)]) -> Reply {
    let nonce = client.nonce.clone();
    client
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/checkout",
            Some(body),
            nonce.as_deref(),
            extra,
        )
        .await
}

async fn placed(shop: &RefShop) -> i64 {
    orders::count_with_status(&shop.state.db, OrderStatus::Processing)
        .await
        .expect("count")
}

fn number(reply: &Reply, name: &str) -> i64 {
    reply
        .header(name)
        .parse()
        .unwrap_or_else(|_| panic!("{name}: {:?}", reply.headers))
}

fn assert_refused(reply: &Reply) {
    assert_wp_error(reply, 400, "rate_limit_exceeded");
}

fn assert_not_refused(reply: &Reply) {
    assert_ne!(
        reply.body["code"], "rate_limit_exceeded",
        "refused: {}",
        reply.body
    );
}

#[tokio::test]
async fn checkouts_are_limited_generously_by_default() {
    let shop = ref_shop().await;
    let mut client = shopper(&shop, "203.0.113.9").await;
    // 25 a minute: WooCommerce's limit, over a minute rather than its 10 seconds.
    for n in 0..25 {
        let reply = place(&mut client, golden_request("041"), &[]).await;
        assert_wp_error(&reply, 400, "rest_invalid_param");
        assert_eq!(number(&reply, "ratelimit-limit"), 25, "{n}");
        assert_eq!(number(&reply, "ratelimit-remaining"), 24 - n, "{n}");
    }
    let refused = place(&mut client, golden_request("034"), &[]).await;
    assert_refused(&refused);
    let retry = number(&refused, "ratelimit-retry-after");
    assert!((1..=60).contains(&retry), "{retry}");
    assert_eq!(placed(&shop).await, 0);

    // A merchant can turn it off.
    let off = CheckoutRateLimit {
        enabled: false,
        ..CheckoutRateLimit::default()
    };
    options::set(&shop.state.db, CheckoutRateLimit::OPTION, &off)
        .await
        .expect("settings");
    let reply = place(&mut client, golden_request("034"), &[]).await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    assert!(reply.headers.get("ratelimit-limit").is_none());
}

/// A window lasts its seconds by the shop's clock: the client waits the whole window (the
/// clock stands still), then a new one opens. The test moves the clock on instead of waiting.
#[tokio::test]
async fn a_new_window_opens_when_the_last_one_ends() {
    let shop = ref_shop().await;
    limit_checkouts(&shop, 1, 60, false).await;
    let hand = ManualClock::starting_at(mercato_db::now());
    let state = shop.state.with_clock(hand.clone().into());
    let shop = RefShop {
        app: mercato_server::store_api::with_rest_route(mercato_server::router(state.clone())),
        state,
        db: shop.db,
    };
    let mut client = shopper(&shop, "203.0.113.9").await;
    let first = place(&mut client, golden_request("041"), &[]).await;
    assert_not_refused(&first);
    assert_eq!(number(&first, "ratelimit-reset"), hand.now() + 60);
    let second = place(&mut client, golden_request("041"), &[]).await;
    assert_refused(&second);
    assert_eq!(number(&second, "ratelimit-retry-after"), 60);
    hand.advance(59);
    let third = place(&mut client, golden_request("041"), &[]).await;
    assert_refused(&third);
    assert_eq!(number(&third, "ratelimit-retry-after"), 1);
    hand.advance(1);
    let fourth = place(&mut client, golden_request("041"), &[]).await;
    assert_not_refused(&fourth);
    assert_eq!(number(&fourth, "ratelimit-remaining"), 0);
    assert_eq!(
        number(&fourth, "ratelimit-reset"),
        hand.now() + 60,
        "a new window"
    );
}

#[tokio::test]
async fn the_checkout_over_the_limit_is_refused_with_woocommerce_headers() {
    let shop = ref_shop().await;
    limit_checkouts(&shop, 2, 60, false).await;
    let mut client = shopper(&shop, "203.0.113.9").await;

    let before = mercato_db::now();
    let first = place(&mut client, golden_request("041"), &[]).await;
    let after = mercato_db::now();
    // The checkout itself answers as before; the headers say where the client stands.
    assert_wp_error(&first, 400, "rest_invalid_param");
    assert_eq!(number(&first, "ratelimit-limit"), 2);
    assert_eq!(number(&first, "ratelimit-remaining"), 1);
    let reset = number(&first, "ratelimit-reset");
    assert!((before + 60..=after + 60).contains(&reset), "{reset}");
    assert!(first.headers.get("ratelimit-retry-after").is_none());

    // Reading the draft is not limited, and not counted.
    let draft = client.get("/checkout").await;
    assert_eq!(draft.status.as_u16(), 200, "{}", draft.body);
    assert!(draft.headers.get("ratelimit-limit").is_none());

    let second = place(&mut client, golden_request("041"), &[]).await;
    assert_wp_error(&second, 400, "rest_invalid_param");
    assert_eq!(number(&second, "ratelimit-remaining"), 0);
    assert_eq!(number(&second, "ratelimit-reset"), reset, "same window");

    // The third, a valid checkout, is refused before it is looked at.
    let third = place(&mut client, golden_request("034"), &[]).await;
    assert_refused(&third);
    let retry = number(&third, "ratelimit-retry-after");
    assert!((1..=60).contains(&retry), "{retry}");
    assert_eq!(
        third.body,
        json!({
            "code": "rate_limit_exceeded",
            "message": format!(
                "Too many requests. Please wait {retry} seconds before trying again."
            ),
            "data": {"status": 400}
        })
    );
    assert_eq!(number(&third, "ratelimit-limit"), 2);
    assert_eq!(number(&third, "ratelimit-remaining"), 0);
    assert_eq!(number(&third, "ratelimit-reset"), reset);
    assert_eq!(placed(&shop).await, 0, "no order placed");
    assert_eq!(client.get("/cart").await.body["items_count"], 1);

    // The limit comes before the nonce, as WooCommerce's.
    let no_nonce = client
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/checkout",
            Some(golden_request("034")),
            None,
            &[],
        )
        .await;
    assert_refused(&no_nonce);
    // The unversioned namespace is the same route, and the same count.
    let nonce = client.nonce.clone();
    let alias = client
        .send(
            Method::POST,
            "/wp-json/wc/store/checkout",
            Some(golden_request("034")),
            nonce.as_deref(),
            &[],
        )
        .await;
    assert_refused(&alias);
}

#[tokio::test]
async fn each_user_and_each_address_has_its_own_count() {
    let shop = ref_shop().await;
    limit_checkouts(&shop, 1, 60, false).await;
    let mut a = shopper(&shop, "203.0.113.9").await;
    let mut b = shopper(&shop, "198.51.100.7").await;
    assert_not_refused(&place(&mut a, golden_request("041"), &[]).await);
    assert_refused(&place(&mut a, golden_request("041"), &[]).await);
    // Another address, and an IPv6 one, count on their own.
    let reply = place(&mut b, golden_request("041"), &[]).await;
    assert_not_refused(&reply);
    assert_eq!(number(&reply, "ratelimit-remaining"), 0);
    let mut v6 = shopper(&shop, "[2001:db8::5]").await;
    assert_not_refused(&place(&mut v6, golden_request("041"), &[]).await);
    assert_refused(&place(&mut v6, golden_request("041"), &[]).await);

    // A customer is counted by their user id: from the exhausted address they still may,
    // and from another address their own count holds.
    let session = mercato_db::sessions::create(&shop.state.db, Some(42), 3600)
        .await
        .expect("session");
    let mut customer_at_a = Client::new(&app_from(&shop, "203.0.113.9"));
    customer_at_a
        .cookies
        .insert("mercato_session".into(), session.id.clone());
    customer_at_a.get("/cart").await;
    let reply = place(&mut customer_at_a, golden_request("041"), &[]).await;
    assert_not_refused(&reply);
    assert_eq!(reply.header("user-id"), "42");
    let mut customer_elsewhere = Client::new(&app_from(&shop, "192.0.2.200"));
    customer_elsewhere
        .cookies
        .insert("mercato_session".into(), session.id.clone());
    customer_elsewhere.get("/cart").await;
    assert_refused(&place(&mut customer_elsewhere, golden_request("041"), &[]).await);
}

#[tokio::test]
async fn proxy_headers_name_the_client_only_with_proxy_support() {
    let shop = ref_shop().await;
    limit_checkouts(&shop, 1, 60, false).await;
    // Behind a proxy every guest has the proxy's address.
    let mut proxy = shopper(&shop, "10.0.0.2").await;
    let one = [("x-forwarded-for", "198.51.100.1")];
    let two = [("x-forwarded-for", "198.51.100.2")];
    assert_not_refused(&place(&mut proxy, golden_request("041"), &one).await);
    assert_refused(&place(&mut proxy, golden_request("041"), &two).await);

    // With proxy support, the address the proxy appended is the client.
    limit_checkouts(&shop, 1, 60, true).await;
    assert_not_refused(&place(&mut proxy, golden_request("041"), &one).await);
    assert_not_refused(&place(&mut proxy, golden_request("041"), &two).await);
    assert_refused(&place(&mut proxy, golden_request("041"), &one).await);
    // Headers other than the configured one are the client's own words.
    let real = [
        ("x-real-ip", "192.0.2.77"),
        ("x-forwarded-for", "198.51.100.1"),
    ];
    assert_refused(&place(&mut proxy, golden_request("041"), &real).await);
}

/// Security review F5 (L6): behind an appending proxy, what the client put in
/// `X-Forwarded-For` comes first; a new first entry each time must not make a new client.
#[tokio::test]
async fn a_forged_first_forwarded_address_is_not_a_new_client() {
    let shop = ref_shop().await;
    limit_checkouts(&shop, 2, 60, true).await;
    let mut client = shopper(&shop, "10.0.0.2").await;
    let mut refused = 0;
    for n in 0..8 {
        let forged = format!("203.0.113.{n}, 127.0.0.1, 198.51.100.9");
        let reply = place(
            &mut client,
            golden_request("041"),
            &[("x-forwarded-for", forged.as_str())],
        )
        .await;
        if reply.body["code"] == "rate_limit_exceeded" {
            refused += 1;
        }
    }
    assert_eq!(refused, 6, "2 allowed, then refused");

    // A chain of trusted proxies is walked from the right.
    let chained = CheckoutRateLimit {
        enabled: true,
        limit: 1,
        seconds: 60,
        proxy_support: true,
        trusted_proxies: vec!["10.0.0.0/8".into()],
        ..CheckoutRateLimit::default()
    };
    options::set(&shop.state.db, CheckoutRateLimit::OPTION, &chained)
        .await
        .expect("settings");
    let first = [("x-forwarded-for", "6.6.6.1, 192.0.2.10, 10.0.0.9")];
    let second = [("x-forwarded-for", "6.6.6.2, 192.0.2.10, 10.0.0.8")];
    assert_not_refused(&place(&mut client, golden_request("041"), &first).await);
    assert_refused(&place(&mut client, golden_request("041"), &second).await);
}

#[tokio::test]
async fn batched_checkouts_count_as_the_batch_client() {
    let shop = ref_shop().await;
    limit_checkouts(&shop, 1, 60, false).await;
    let checkout = |body: Value| {
        let sub = json!({"method": "POST", "path": "/wc/store/v1/checkout", "body": body});
        json!({ "requests": [sub] })
    };
    let mut a = shopper(&shop, "203.0.113.9").await;
    assert_not_refused(&place(&mut a, golden_request("041"), &[]).await);
    // A batch does not get round the limit.
    let reply = a.post("/batch", checkout(golden_request("034"))).await;
    assert_eq!(reply.status.as_u16(), 207, "{}", reply.body);
    let slot = &reply.body["responses"][0];
    assert_eq!(slot["status"], 400, "{slot}");
    assert_eq!(slot["body"]["code"], "rate_limit_exceeded");
    assert_eq!(placed(&shop).await, 0, "no order placed");

    // Behind a proxy, a batched checkout counts for the address the batch request came
    // from, whatever address the sub-request names.
    limit_checkouts(&shop, 1, 60, true).await;
    let mut b = shopper(&shop, "10.0.0.2").await;
    let mut sub = checkout(golden_request("041"));
    sub["requests"][0]["headers"] = json!({"X-Forwarded-For": "192.0.2.1"});
    let nonce = b.nonce.clone();
    let outer = [("x-forwarded-for", "198.51.100.50")];
    let reply = b
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/batch",
            Some(sub),
            nonce.as_deref(),
            &outer,
        )
        .await;
    let slot = &reply.body["responses"][0];
    assert_eq!(slot["status"], 400, "{slot}");
    assert_eq!(slot["body"]["code"], "rest_invalid_param", "not refused");
    assert_refused(&place(&mut b, golden_request("041"), &outer).await);
    let named = [("x-forwarded-for", "192.0.2.1")];
    assert_not_refused(&place(&mut b, golden_request("041"), &named).await);
}

#[tokio::test]
async fn a_served_shop_counts_each_connection_by_its_address() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let shop = ref_shop().await;
    limit_checkouts(&shop, 1, 60, false).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(mercato_server::serve(
        listener,
        mercato_server::router(shop.state.clone()),
        mercato_server::ServeOptions::default(),
        async move {
            let _ = stopped.await;
        },
    ));
    let post = move || async move {
        let mut stream = tokio::net::TcpStream::connect(address)
            .await
            .expect("connect");
        stream
            .write_all(
                b"POST /wp-json/wc/store/v1/checkout HTTP/1.1\r\nHost: shop.test\r\n\
                  Content-Length: 0\r\nConnection: close\r\n\r\n",
            )
            .await
            .expect("write");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.expect("read");
        answer.to_ascii_lowercase()
    };
    // Without a nonce the checkout is refused anyway; the count is what is looked at here.
    let first = post().await;
    assert!(first.starts_with("http/1.1 401"), "{first}");
    assert!(first.contains("ratelimit-remaining: 0\r\n"), "{first}");
    let second = post().await;
    assert!(second.starts_with("http/1.1 400"), "{second}");
    assert!(
        second.contains("\"code\":\"rate_limit_exceeded\""),
        "{second}"
    );
    let _ = stop.send(());
    server.await.expect("server");

    // That count was 127.0.0.1's, not the one a request without an address falls into.
    let mut unaddressed = Client::new(&shop.app);
    assert_not_refused(&place(&mut unaddressed, golden_request("041"), &[]).await);
}

/// Security review F5 (L5): the classic checkout form (and its express button) is counted
/// with the Store API's checkouts; over the limit it shows the form again with the reason,
/// 429 and `Retry-After`, and places nothing.
#[tokio::test]
async fn the_classic_form_is_limited_with_the_store_api() {
    use crate::cart_page_support::Browser;
    use crate::checkout_page::{form, nonce, post, with_beanie};

    let shop = crate::cart_page_support::cart_shop().await;
    limit_checkouts(&shop, 2, 60, false).await;
    // Two Store API checkouts spend the address's limit (in memory, one unknown address).
    let mut api = Client::new(&shop.app);
    api.get("/cart").await;
    for _ in 0..2 {
        assert_not_refused(&place(&mut api, golden_request("041"), &[]).await);
    }
    let mut browser = with_beanie(&shop).await;
    let page = browser.get("/checkout/").await;
    let refused = post(&mut browser, &form(&nonce(&page), &[])).await;
    assert_eq!(refused.status.as_u16(), 429, "{}", refused.body);
    assert!(
        refused.body.contains("Too many requests. Please wait"),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("name=\"billing_email\""),
        "the form again"
    );
    assert_eq!(placed(&shop).await, 0);
    let express = browser
        .post("/checkout/express/", &[("_wpnonce", "x")])
        .await;
    assert_ne!(express.status.as_u16(), 200);
    let orders = orders::list(&shop.state.db, None, 10)
        .await
        .expect("orders");
    assert!(
        orders
            .iter()
            .all(|o| o.status == OrderStatus::CheckoutDraft),
        "nothing placed"
    );

    // The classic form counts on its own too: a fresh shop, three forms, the third refused.
    let shop = crate::cart_page_support::cart_shop().await;
    limit_checkouts(&shop, 2, 60, false).await;
    let mut statuses = Vec::new();
    for _ in 0..3 {
        let mut browser = Browser::new(&shop);
        browser.get("/shop/?add-to-cart=17").await;
        let page = browser.get("/checkout/").await;
        let reply = post(
            &mut browser,
            &form(&nonce(&page), &[("payment_method", "bacs")]),
        )
        .await;
        statuses.push(reply.status.as_u16());
    }
    assert_eq!(statuses, [303, 303, 429]);
}
