//! A browser for the store AJAX tests: form posts to `/?wc-ajax=…` and admin-ajax with a
//! cookie jar, and the checks the recorded WooCommerce answers (golden 046–056) call for.

#![allow(dead_code, reason = "each test file uses part of the support")]

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The host the recorded shop ran on.
pub const HOST: &str = "127.0.0.1:8091";

/// An answer.
#[derive(Debug)]
pub struct Answer {
    /// Status.
    pub status: StatusCode,
    /// Headers.
    pub headers: HeaderMap,
    /// The body as text.
    pub text: String,
}

impl Answer {
    /// A header's value ("" when absent).
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// Every `Set-Cookie`.
    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all(header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok().map(str::to_owned))
            .collect()
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// A fragment's HTML.
    pub fn fragment(&self, selector: &str) -> String {
        self.json()["fragments"][selector]
            .as_str()
            .unwrap_or_else(|| panic!("no fragment {selector}: {}", self.text))
            .to_owned()
    }
}

/// One browser.
pub struct Browser {
    app: axum::Router,
    /// Cookies by name.
    pub cookies: BTreeMap<String, String>,
}

impl Browser {
    /// A fresh browser.
    pub fn new(app: &axum::Router) -> Self {
        Browser {
            app: app.clone(),
            cookies: BTreeMap::new(),
        }
    }

    /// `POST /?wc-ajax={endpoint}` with the form `fields`.
    pub async fn ajax(&mut self, endpoint: &str, fields: &[(&str, &str)]) -> Answer {
        self.post(&format!("/?wc-ajax={endpoint}"), fields).await
    }

    /// `POST /wp-admin/admin-ajax.php` with `action` and `fields`.
    pub async fn admin_ajax(&mut self, action: &str, fields: &[(&str, &str)]) -> Answer {
        let mut all = vec![("action", action)];
        all.extend_from_slice(fields);
        self.post("/wp-admin/admin-ajax.php", &all).await
    }

    /// `POST uri` with a urlencoded form.
    pub async fn post(&mut self, uri: &str, fields: &[(&str, &str)]) -> Answer {
        let body: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect();
        let body = body.join("&");
        self.send(Method::POST, uri, body).await
    }

    /// `GET uri`.
    pub async fn get(&mut self, uri: &str) -> Answer {
        self.send(Method::GET, uri, String::new()).await
    }

    async fn send(&mut self, method: Method, uri: &str, body: String) -> Answer {
        let mut builder = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::HOST, HOST)
            .header(
                header::CONTENT_TYPE,
                "application/x-www-form-urlencoded; charset=UTF-8",
            );
        if !self.cookies.is_empty() {
            let cookies: Vec<String> = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            builder = builder.header(header::COOKIE, cookies.join("; "));
        }
        let request = builder.body(Body::from(body)).expect("request");
        let response = self.app.clone().oneshot(request).await.expect("response");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        let answer = Answer {
            status,
            headers,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        };
        for cookie in answer.set_cookies() {
            let (pair, attributes) = cookie.split_once(';').unwrap_or((&cookie, ""));
            let (name, value) = pair.split_once('=').expect("name=value");
            if attributes.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        answer
    }
}

/// The recorded exchange `number` (`snapshots/wc-golden/NNN-*.json`).
pub fn golden(number: &str) -> Value {
    crate::snapshots::golden_exchange(number)
}

/// The recorded request's form fields.
pub fn golden_form(number: &str) -> Vec<(String, String)> {
    let exchange = golden(number);
    let body = exchange["request"]["body"].as_str().expect("form body");
    body.split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

/// Form encoding of one value.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                out.push(char::from(b));
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).expect("hex");
                out.push(u8::from_str_radix(hex, 16).expect("hex"));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).expect("utf-8")
}

/// Same status and content type as WooCommerce's answer, and its `x-robots-tag`.
pub fn assert_headers_match(ours: &Answer, number: &str) {
    let exchange = golden(number);
    let response = &exchange["response"];
    assert_eq!(
        u64::from(ours.status.as_u16()),
        response["status"].as_u64().expect("status"),
        "{number}: {}",
        ours.text
    );
    assert_eq!(
        ours.header("content-type"),
        response["headers"]["content-type"].as_str().expect("type"),
        "{number}"
    );
    assert_eq!(ours.header("x-robots-tag"), "noindex", "{number}");
    assert!(
        ours.header("cache-control").contains("no-store"),
        "{number}"
    );
}
