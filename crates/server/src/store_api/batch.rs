//! `POST /batch`: up to 25 Store API writes in one request (the block client batches its
//! cart changes), each run as if sent alone, in order, through the same routes and layers:
//! its own nonce check (from its own headers, else the batch's), the batch's caller, cart
//! and client address (the checkout's rate limit counts batched checkouts too). The answer
//! is WordPress's 207 envelope `{responses: [{body, status, headers}]}`.
//!
//! The caller goes from one sub-request to the next as a value: each is handed the caller
//! as the previous one left it (a first write may have made the session and the cart), read
//! from that sub-response's [`Edge`]; the batch's own answer carries the caller as the last
//! left it and the last cart hash said, so the outer response sets the cookies.

use std::net::SocketAddr;

use axum::body::Body as HttpBody;
use axum::extract::rejection::ExtensionRejection;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, Request, StatusCode, header};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use tower::ServiceExt;

use super::cart::Caller;
use super::cart::body::Body;
use super::error::{ErrorCode, ParamError, StoreApiError};
use super::params::Invalid;
use super::respond::{Edge, Reply};
use crate::state::AppState;

/// Requests one batch may hold.
pub const MAX_REQUESTS: usize = 25;

/// Methods a sub-request may use (WordPress's batch schema).
const METHODS: &[&str] = &["POST", "PUT", "PATCH", "DELETE"];

/// Largest sub-response body read back (a cart is a few kilobytes).
const MAX_SUB_BODY: usize = 8 * 1024 * 1024;

/// Response headers copied into each slot, with WooCommerce's capitalisation.
const SLOT_HEADERS: &[(&str, &str)] = &[
    ("nonce", "Nonce"),
    ("nonce-timestamp", "Nonce-Timestamp"),
    ("user-id", "User-ID"),
    ("cart-token", "Cart-Token"),
    ("cart-hash", "Cart-Hash"),
    ("allow", "Allow"),
];

/// One sub-request, checked.
#[derive(Debug)]
struct SubRequest {
    method: Method,
    path: String,
    body: Option<Value>,
    headers: Vec<(String, String)>,
}

/// WordPress's batch answer.
#[derive(Debug, Serialize)]
struct Envelope {
    responses: Vec<Slot>,
}

/// One slot of the answer; the body is kept as sent (with its key order).
#[derive(Debug, Serialize)]
struct Slot {
    body: Box<RawValue>,
    status: u16,
    headers: Map<String, Value>,
}

/// `POST /batch`.
pub async fn batch(
    State(state): State<AppState>,
    mut caller: Caller,
    peer: Result<ConnectInfo<SocketAddr>, ExtensionRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let peer = peer.ok().map(|ConnectInfo(address)| address);
    let requests = read_requests(&body)?;
    if requests.iter().any(|r| !is_store_api_path(&r.path)) {
        return Err(StoreApiError::new(ErrorCode::InvalidPath));
    }
    let api = super::routes(&state).with_state(state);
    let mut responses = Vec::with_capacity(requests.len());
    let mut cart_hash = None;
    for sub in requests {
        let (slot, edge) = run(&api, &caller, &headers, peer, sub).await;
        responses.push(slot);
        if let Some(Edge {
            cart_hash: said,
            caller: left,
        }) = edge
        {
            cart_hash = said.or(cart_hash);
            caller = left.unwrap_or(caller);
        }
    }
    let reply = Reply::json(StatusCode::MULTI_STATUS, &Envelope { responses });
    Ok(match cart_hash {
        Some(hash) => reply.with_cart_hash(hash),
        None => reply,
    }
    .with_caller(caller))
}

/// Reads and checks `requests` (and `validation`, accepted and ignored).
fn read_requests(body: &Body) -> Result<Vec<SubRequest>, StoreApiError> {
    let mut fields = body.fields();
    fields.require("requests");
    let _ = fields.string("validation");
    fields.finish()?;
    let invalid = |invalid: Invalid| StoreApiError::invalid_param(invalid.into_error("requests"));
    let Some(Value::Array(items)) = body.get("requests") else {
        return Err(invalid(Invalid::not_of_type("requests", "array")));
    };
    if items.len() > MAX_REQUESTS {
        return Err(invalid(Invalid::too_many_items("requests", MAX_REQUESTS)));
    }
    let mut errors: Vec<ParamError> = Vec::new();
    let mut requests = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match read_one(item, &format!("requests[{i}]")) {
            Ok(sub) => requests.push(sub),
            Err(e) => errors.push(e.into_error("requests")),
        }
    }
    if let Some(first) = errors.into_iter().next() {
        return Err(StoreApiError::invalid_param(first));
    }
    Ok(requests)
}

fn read_one(item: &Value, path: &str) -> Result<SubRequest, Invalid> {
    let Value::Object(entry) = item else {
        return Err(Invalid::not_of_type(path, "object"));
    };
    let method = match entry.get("method") {
        None | Some(Value::Null) => Method::POST,
        Some(Value::String(m)) if METHODS.contains(&m.as_str()) => {
            Method::from_bytes(m.as_bytes()).unwrap_or(Method::POST)
        }
        Some(_) => return Err(Invalid::not_in_enum(&format!("{path}[method]"), METHODS)),
    };
    let target = match entry.get("path") {
        Some(Value::String(p)) => p.clone(),
        Some(_) => return Err(Invalid::not_of_type(&format!("{path}[path]"), "string")),
        None => return Err(Invalid::not_of_type(&format!("{path}[path]"), "string")),
    };
    let body = match entry.get("body") {
        None | Some(Value::Null) => None,
        Some(value @ Value::Object(_)) => Some(value.clone()),
        Some(_) => return Err(Invalid::not_of_type(&format!("{path}[body]"), "object")),
    };
    let mut headers = Vec::new();
    match entry.get("headers") {
        None | Some(Value::Null) => {}
        Some(Value::Object(map)) => {
            for (name, value) in map {
                let text = match value {
                    Value::String(s) => s.clone(),
                    Value::Array(list) if list.iter().all(Value::is_string) => list
                        .iter()
                        .filter_map(Value::as_str)
                        .collect::<Vec<_>>()
                        .join(", "),
                    _ => {
                        return Err(Invalid::not_of_type(
                            &format!("{path}[headers][{name}]"),
                            "string,array",
                        ));
                    }
                };
                headers.push((name.clone(), text));
            }
        }
        Some(_) => return Err(Invalid::not_of_type(&format!("{path}[headers]"), "object")),
    }
    Ok(SubRequest {
        method,
        path: target,
        body,
        headers,
    })
}

/// Whether `path` is a Store API path (`/wc/store/...`), with nothing that could lead out of
/// it (dot segments, doubled slashes, fragments).
fn is_store_api_path(path: &str) -> bool {
    let route = path.split('?').next().unwrap_or("");
    (route == "/wc/store" || route.starts_with("/wc/store/"))
        && !route.contains("..")
        && !route.contains("//")
        && !route.contains('\\')
        && !path.contains('#')
        && route.bytes().all(|b| b.is_ascii_graphic())
}

/// Runs one sub-request through the Store API routes, for `caller`: its slot, and what it
/// said about the caller and the cart.
async fn run(
    api: &axum::Router,
    caller: &Caller,
    outer: &HeaderMap,
    peer: Option<SocketAddr>,
    sub: SubRequest,
) -> (Slot, Option<Edge>) {
    let route = sub.path.split('?').next().unwrap_or("");
    if route.trim_end_matches('/').ends_with("/batch") {
        return (
            error_slot(StoreApiError::new(ErrorCode::BatchNotAllowed)),
            None,
        );
    }
    let request = match build(outer, caller, peer, &sub) {
        Some(request) => request,
        None => return (error_slot(StoreApiError::no_route()), None),
    };
    let mut response = match api.clone().oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    let edge = response.extensions_mut().remove::<Edge>();
    let status = response.status().as_u16();
    let mut headers = Map::new();
    for (name, shown) in SLOT_HEADERS {
        if let Some(value) = response.headers().get(*name).and_then(|v| v.to_str().ok()) {
            let value = match value.parse::<i64>() {
                Ok(n) if matches!(*name, "nonce-timestamp" | "user-id") => Value::from(n),
                _ => Value::from(value),
            };
            headers.insert((*shown).to_owned(), value);
        }
    }
    let bytes = axum::body::to_bytes(response.into_body(), MAX_SUB_BODY)
        .await
        .unwrap_or_default();
    let body = serde_json::from_slice::<Box<RawValue>>(&bytes).unwrap_or_else(|_| null());
    let slot = Slot {
        body,
        status,
        headers,
    };
    (slot, edge)
}

/// The sub-request as an HTTP request acting for the batch's caller.
fn build(
    outer: &HeaderMap,
    caller: &Caller,
    peer: Option<SocketAddr>,
    sub: &SubRequest,
) -> Option<Request<HttpBody>> {
    let uri = format!("/wp-json{}", sub.path);
    let mut builder = Request::builder().method(sub.method.clone()).uri(uri);
    let headers = builder.headers_mut()?;
    for name in [
        header::HOST,
        header::COOKIE,
        HeaderName::from_static("x-forwarded-proto"),
    ] {
        if let Some(value) = outer.get(&name) {
            headers.insert(name, value.clone());
        }
    }
    for (name, value) in &sub.headers {
        if let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(value),
        ) {
            headers.insert(name, value);
        }
    }
    let has_nonce = headers.contains_key("nonce") || headers.contains_key("x-wc-store-api-nonce");
    if !has_nonce {
        for name in ["nonce", "x-wc-store-api-nonce"] {
            if let Some(value) = outer.get(name) {
                headers.insert(HeaderName::from_static(name), value.clone());
            }
        }
    }
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = match &sub.body {
        Some(value) => HttpBody::from(serde_json::to_vec(value).ok()?),
        None => HttpBody::empty(),
    };
    let mut request = builder.body(body).ok()?;
    request.extensions_mut().insert(caller.clone());
    super::checkout::carry_client(outer, peer, &mut request);
    Some(request)
}

fn error_slot(error: StoreApiError) -> Slot {
    Slot {
        status: error.code().status().as_u16(),
        body: serde_json::value::to_raw_value(&error).unwrap_or_else(|_| null()),
        headers: Map::new(),
    }
}

/// JSON `null` (an empty body, such as a 204's).
fn null() -> Box<RawValue> {
    serde_json::value::to_raw_value(&Value::Null).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_store_api_paths_are_batched() {
        for good in [
            "/wc/store/v1/cart/add-item",
            "/wc/store/cart/add-item",
            "/wc/store/v1/cart/items?x=1",
        ] {
            assert!(is_store_api_path(good), "{good}");
        }
        for bad in [
            "/wp/v2/users",
            "/wc/storefront",
            "/wc/store/../../wp/v2/users",
            "//evil/wc/store/v1/cart",
            "/x/wc/store/v1/cart",
            "wc/store/v1/cart",
            "/wc/store/v1/cart#frag",
        ] {
            assert!(!is_store_api_path(bad), "{bad}");
        }
    }
}
