//! A Store API client as the block client behaves: a cookie jar, the newest `Nonce` header
//! sent back on every write, optionally a Cart-Token instead of cookies.

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::{Method, Request, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use crate::store_api_support::Reply;

/// The host the recorded shop ran on (permalinks come out the same).
pub const HOST: &str = "127.0.0.1:8091";

/// One browser (or headless client).
#[derive(Clone)]
pub struct Client {
    app: axum::Router,
    /// Cookies by name.
    pub cookies: BTreeMap<String, String>,
    /// The newest nonce seen.
    pub nonce: Option<String>,
    /// A Cart-Token to send instead of relying on cookies.
    pub token: Option<String>,
    /// Whether to keep cookies at all (a headless client does not).
    pub keep_cookies: bool,
}

impl Client {
    /// A fresh browser.
    pub fn new(app: &axum::Router) -> Self {
        Client {
            app: app.clone(),
            cookies: BTreeMap::new(),
            nonce: None,
            token: None,
            keep_cookies: true,
        }
    }

    /// The application it talks to.
    pub fn app(&self) -> axum::Router {
        self.app.clone()
    }

    /// `method /wp-json/wc/store/v1{path}` with a JSON body and the client's credentials.
    pub async fn call(&mut self, method: Method, path: &str, body: Option<Value>) -> Reply {
        let nonce = self.nonce.clone();
        self.send(
            method,
            &format!("/wp-json/wc/store/v1{path}"),
            body,
            nonce.as_deref(),
            &[],
        )
        .await
    }

    /// `GET {path}`.
    pub async fn get(&mut self, path: &str) -> Reply {
        self.call(Method::GET, path, None).await
    }

    /// `POST {path}` with `body`.
    pub async fn post(&mut self, path: &str, body: Value) -> Reply {
        self.call(Method::POST, path, Some(body)).await
    }

    /// `POST uri` with a raw body of `content_type`, and the nonce.
    pub async fn send_bytes(
        &mut self,
        uri: &str,
        content_type: &str,
        body: &[u8],
        nonce: &str,
    ) -> Reply {
        let request = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, content_type)
            .header("nonce", nonce)
            .header(header::COOKIE, self.cookie_header())
            .body(Body::from(body.to_vec()))
            .expect("request");
        self.finish(uri, request).await
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// A request with full control: `nonce` as the `Nonce` header (none when `None`), and
    /// extra headers.
    pub async fn send(
        &mut self,
        method: Method,
        uri: &str,
        body: Option<Value>,
        nonce: Option<&str>,
        extra: &[(&str, &str)],
    ) -> Reply {
        let mut builder = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::HOST, HOST)
            .header(header::ACCEPT, "application/json");
        if let Some(nonce) = nonce {
            builder = builder.header("nonce", nonce);
        }
        if let Some(token) = &self.token {
            builder = builder.header("cart-token", token);
        }
        if self.keep_cookies && !self.cookies.is_empty() {
            builder = builder.header(header::COOKIE, self.cookie_header());
        }
        for (name, value) in extra {
            builder = builder.header(*name, *value);
        }
        let body = match body {
            Some(value) => {
                builder = builder.header(header::CONTENT_TYPE, "application/json");
                Body::from(serde_json::to_vec(&value).expect("json"))
            }
            None => Body::empty(),
        };
        let request = builder.body(body).expect("request");
        self.finish(uri, request).await
    }

    async fn finish(&mut self, uri: &str, request: Request<Body>) -> Reply {
        let response = self.app.clone().oneshot(request).await.expect("response");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| panic!("{uri}: not JSON ({status}): {text}"))
        };
        if let Some(nonce) = headers.get("nonce").and_then(|v| v.to_str().ok()) {
            self.nonce = Some(nonce.to_owned());
        }
        if self.keep_cookies {
            for cookie in headers.get_all(header::SET_COOKIE) {
                let text = cookie.to_str().expect("ascii cookie");
                let (pair, attributes) = text.split_once(';').unwrap_or((text, ""));
                let (name, value) = pair.split_once('=').expect("name=value");
                if attributes.contains("Max-Age=0") {
                    self.cookies.remove(name);
                } else {
                    self.cookies.insert(name.to_owned(), value.to_owned());
                }
            }
        }
        Reply {
            status,
            headers,
            body,
            text,
        }
    }
}
