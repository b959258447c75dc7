//! Talking to the app in memory and checking what comes back.

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use super::Shop;

/// A response as a client sees it.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    /// The body as sent, key order included.
    pub text: String,
}

impl Reply {
    /// A header as text ("" when absent).
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// Every value of a repeated header.
    pub fn all(&self, name: &str) -> Vec<String> {
        self.headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok().map(str::to_owned))
            .collect()
    }

    /// The `id`s of a list body.
    pub fn ids(&self) -> Vec<i64> {
        self.body
            .as_array()
            .unwrap_or_else(|| panic!("not a list: {}", self.body))
            .iter()
            .map(|item| item["id"].as_i64().expect("id"))
            .collect()
    }
}

impl Shop {
    /// `method uri` through the whole app.
    pub async fn call(&self, method: Method, uri: &str) -> Reply {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::HOST, "shop.test")
            .body(Body::empty())
            .expect("request");
        let response = self.app.clone().oneshot(request).await.expect("response");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| panic!("{uri}: not JSON: {}", String::from_utf8_lossy(&bytes)))
        };
        Reply {
            status,
            headers,
            body,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    /// `GET /wp-json/wc/store/v1{path}`.
    pub async fn get(&self, path: &str) -> Reply {
        self.call(Method::GET, &format!("/wp-json/wc/store/v1{path}"))
            .await
    }

    /// `GET` of a list that must succeed; the ids listed.
    pub async fn ids(&self, path: &str) -> Vec<i64> {
        let reply = self.get(path).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}: {}", reply.body);
        reply.ids()
    }
}

/// Asserts WordPress's error envelope with `status` and `code`, and the Store API headers.
pub fn assert_wp_error(reply: &Reply, status: u16, code: &str) {
    assert_eq!(reply.status.as_u16(), status, "{}", reply.body);
    assert_eq!(reply.body["code"], code, "{}", reply.body);
    assert_eq!(reply.body["data"]["status"], status, "{}", reply.body);
    assert!(
        reply.body["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
    assert_eq!(
        reply
            .body
            .as_object()
            .map(|o| o.keys().cloned().collect::<Vec<_>>()),
        Some(vec![
            "code".to_owned(),
            "data".to_owned(),
            "message".to_owned()
        ])
    );
    assert_eq!(
        reply.header("content-type"),
        "application/json; charset=UTF-8"
    );
    assert_eq!(reply.header("cache-control"), "no-store");
}

/// The response body of a recorded WooCommerce exchange (`snapshots/wc-golden/NNN-*.json`).
pub fn golden_body(number: &str) -> Value {
    crate::snapshots::golden_exchange(number)["response"]["body"].clone()
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Same keys and value types as `golden`, recursively, ignoring values. Lists compare every
/// item of ours with the golden's first item; `null` on either side matches any type
/// (nullable fields such as `price_range`).
pub fn assert_same_shape(ours: &Value, golden: &Value, path: &str) {
    match (ours, golden) {
        (Value::Null, _) | (_, Value::Null) => {}
        (Value::Object(a), Value::Object(b)) => {
            let keys = |o: &serde_json::Map<String, Value>| o.keys().cloned().collect::<Vec<_>>();
            let (mut ka, mut kb) = (keys(a), keys(b));
            ka.sort();
            kb.sort();
            assert_eq!(ka, kb, "keys differ at {path}");
            for (key, value) in a {
                assert_same_shape(value, &b[key], &format!("{path}.{key}"));
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            if let Some(first) = b.first() {
                for (i, item) in a.iter().enumerate() {
                    assert_same_shape(item, first, &format!("{path}[{i}]"));
                }
            }
        }
        _ => assert_eq!(
            kind(ours),
            kind(golden),
            "type differs at {path}: {ours} vs {golden}"
        ),
    }
}

/// Indents JSON text without reordering keys (serde_json's map would sort them).
fn pretty(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut depth = 0_usize;
    let mut in_string = false;
    let mut escaped = false;
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                if matches!(chars.peek(), Some('}' | ']')) {
                    continue;
                }
                depth += 1;
                newline(&mut out, depth);
            }
            '}' | ']' => {
                if !matches!(out.chars().last(), Some('{' | '[')) {
                    depth = depth.saturating_sub(1);
                    newline(&mut out, depth);
                }
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c if c.is_whitespace() => {}
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

/// Pins a response body, as sent, to `snapshots/store_api/{name}.json`; `UPDATE_SNAPSHOTS=1`
/// rewrites it (and a missing snapshot is written, for review, and fails).
pub fn assert_snapshot(name: &str, body: &str) {
    let dir = crate::snapshots::dir("store_api");
    let path = dir.join(format!("{name}.json"));
    crate::snapshots::note_read(&path);
    let text = pretty(body);
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    match std::fs::read_to_string(&path) {
        Ok(stored) if !update => assert_eq!(
            stored, text,
            "{name} changed on the wire; if intended, run with UPDATE_SNAPSHOTS=1 and review"
        ),
        stored => {
            std::fs::create_dir_all(&dir).expect("snapshot directory");
            std::fs::write(&path, &text).expect("write snapshot");
            assert!(
                update || stored.is_ok(),
                "new snapshot {name} written; review it and rerun"
            );
        }
    }
}
