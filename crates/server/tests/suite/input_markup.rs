//! The smaller input items of the security review (§3 and E3, E7, E8, I10, I15): redirects
//! that a backslash would take elsewhere, a merchant's `javascript:` link, a notice escaped
//! twice, the 413 answer of the Store API, the cart cookies over TLS, and log lines that
//! untrusted text cannot forge.

use crate::cart_page_support;
use crate::checkout_page;
use crate::store_api_cart_support;

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

use axum::http::{Method, StatusCode};
use mercato_core::catalogue::{ExternalLink, Product, ProductId, ProductType};
use mercato_core::pricing::{Coupon, CouponKind, Decimal};
use serde_json::json;
use store_api_cart_support::{Client, ref_shop};

#[tokio::test]
async fn redirects_never_keep_a_backslash() {
    let shop = ref_shop().await;
    let mut browser = cart_page_support::Browser::new(&shop);
    // Browsers read `/\host` as `//host`.
    let page = browser.get("/\\evil.example/?add-to-cart=17").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    assert_eq!(page.location, "/");
    let page = browser.get("//evil.example/?add-to-cart=17").await;
    assert_eq!(page.location, "/evil.example/");
    let page = browser.get("/shop/?add-to-cart=17&orderby=price").await;
    assert_eq!(page.location, "/shop/?orderby=price");

    let mut request = axum::http::Request::get("/?mercato-dismiss-notice=n1")
        .header("host", "shop.test")
        .header("referer", "http://shop.test/\\evil.example/")
        .body(axum::body::Body::empty())
        .expect("request");
    let response = tower::ServiceExt::oneshot(shop.app.clone(), request)
        .await
        .expect("response");
    assert_eq!(response.headers()["location"], "/");
    request = axum::http::Request::get("/?mercato-dismiss-notice=n1")
        .header("host", "shop.test")
        .header("referer", "http://shop.test/cart/")
        .body(axum::body::Body::empty())
        .expect("request");
    let response = tower::ServiceExt::oneshot(shop.app.clone(), request)
        .await
        .expect("response");
    assert_eq!(response.headers()["location"], "/cart/");
}

#[tokio::test]
async fn a_javascript_link_never_reaches_a_shopper() {
    let shop = ref_shop().await;
    let mut writer = mercato_db::catalogue::CatalogueWriter::begin(&shop.state.db)
        .await
        .expect("writer");
    let mut pennant = Product {
        external: Some(ExternalLink {
            url: "javascript:alert(document.domain)".into(),
            button_text: "Buy <b>now</b>".into(),
        }),
        ..Product::new(ProductId(70), ProductType::External, "Pennant")
    };
    writer
        .save_product(&mut pennant, &mut [])
        .await
        .expect("save");
    writer.commit().await.expect("commit");

    let mut client = Client::new(&shop.app);
    let reply = client.get("/products/70").await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let url = reply.body["add_to_cart"]["url"].as_str().expect("url");
    assert!(url.ends_with("/product/pennant/"), "{url}");
    let page = cart_page_support::Browser::new(&shop)
        .get("/product/pennant/")
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(!page.body.to_ascii_lowercase().contains("javascript:"));
}

#[tokio::test]
async fn a_removed_coupon_is_announced_escaped_once() {
    let shop = cart_page_support::cart_shop().await;
    let vip = Coupon {
        code: "vip".into(),
        kind: CouponKind::Percent,
        amount: Decimal::parse("10").expect("amount"),
        allowed_emails: vec!["boss@example.com".into()],
        ..Coupon::default()
    };
    mercato_db::coupons::save(&shop.state.db, &vip)
        .await
        .expect("coupon");
    let mut browser = checkout_page::with_beanie(&shop).await;
    // The boss's address first (through the Store API, same session), so the coupon applies.
    let mut client = Client::new(&shop.app);
    client.cookies = browser.cookies.clone();
    client.get("/cart").await;
    let reply = client
        .post(
            "/cart/update-customer",
            json!({"billing_address": {"email": "boss@example.com"}}),
        )
        .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let nonce = browser.nonce().await;
    let applied = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &nonce),
                ("coupon_code", "vip"),
                ("apply_coupon", "1"),
            ],
        )
        .await;
    let cart = browser.follow(applied).await;
    assert_eq!(
        cart_page_support::notices(&cart.body),
        ["Coupon code applied successfully."]
    );
    let page = browser.get("/checkout/").await;
    let fields = checkout_page::form(&checkout_page::nonce(&page), &[]);
    let page = checkout_page::post(&mut browser, &fields).await;
    assert_eq!(page.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.body.contains("to use coupon code &quot;vip&quot;."),
        "{}",
        &page.body[page.body.find("checkout-errors").unwrap_or(0)..][..400]
    );
    assert!(!page.body.contains("&amp;quot;"));
}

#[tokio::test]
async fn an_over_large_store_api_body_is_a_json_error() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let nonce = client.nonce.clone().expect("nonce");
    let body = format!(
        r#"{{"id": 17, "quantity": 1, "padding": "{}"}}"#,
        "x".repeat(2_200_000)
    );
    let reply = client
        .send_bytes(
            "/wp-json/wc/store/v1/cart/add-item",
            "application/json",
            body.as_bytes(),
            &nonce,
        )
        .await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(reply.body["code"], "rest_request_too_large");
    assert_eq!(reply.body["data"]["status"], 413);
    assert!(reply.header("content-type").contains("json"));
    assert!(!reply.header("nonce").is_empty(), "the usual headers stay");
}

#[tokio::test]
async fn cart_cookies_are_secure_over_tls_like_the_session_cookie() {
    let shop = ref_shop().await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let nonce = client.nonce.clone().expect("nonce");
    let reply = client
        .send(
            Method::POST,
            "/wp-json/wc/store/v1/cart/add-item",
            Some(json!({"id": 17, "quantity": 1})),
            Some(&nonce),
            &[("x-forwarded-proto", "https")],
        )
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    let cookies = reply.all("set-cookie");
    for name in [
        "mercato_session=",
        "woocommerce_items_in_cart=",
        "woocommerce_cart_hash=",
    ] {
        let cookie = cookies
            .iter()
            .find(|c| c.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {cookies:?}"));
        assert!(cookie.contains("Secure"), "{cookie}");
    }
    // Plain http (no proxy saying TLS): no Secure.
    let mut plain = Client::new(&shop.app);
    plain.get("/cart").await;
    let reply = plain
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert!(
        reply
            .all("set-cookie")
            .iter()
            .all(|c| !c.contains("Secure"))
    );
}

/// The log output of one test, captured.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn a_media_path_cannot_forge_a_log_line() {
    let shop = ref_shop().await;
    // A storage failure is what logs the path.
    sqlx::query("drop table media")
        .execute(shop.state.db.pool())
        .await
        .expect("drop");
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let guard = tracing::subscriber::set_default(subscriber);
    let page = cart_page_support::Browser::new(&shop)
        .get("/media/x%0a2026-11-24T05:00:00.000000Z%20%20INFO%20mercato%3A%20FORGED%20admin%20login%20ok")
        .await;
    drop(guard);
    assert_eq!(page.status, StatusCode::INTERNAL_SERVER_ERROR);
    let log = String::from_utf8(
        captured
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone(),
    )
    .expect("utf-8");
    let failed: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("media lookup failed"))
        .collect();
    assert_eq!(failed.len(), 1, "{log}");
    assert!(failed[0].contains(r#"media.path="x\n2026"#), "{log}");
    assert!(
        log.lines()
            .filter(|l| l.contains("FORGED"))
            .all(|l| !l.starts_with("2026-11-24T05:00:00")),
        "a forged line: {log}"
    );
}
