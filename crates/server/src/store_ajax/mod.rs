//! The classic store AJAX endpoint, `/?wc-ajax=NAME` (SPEC §7.1), answered as WooCommerce
//! 10 answers it (golden exchanges 046–056): `add_to_cart`, `remove_from_cart`,
//! `get_refreshed_fragments`, `get_variation`; and the theme's
//! `mercato_ajax_cart_item_alter_quantity` admin-ajax action ([`alter_quantity`]).
//!
//! Every answer is `200` with WooCommerce's headers (`x-robots-tag: noindex`, no caching).
//! A cart answer is `{fragments, cart_hash}`: the fragments are the mini cart and the
//! header's cart count and total ([`fragments`]), rendered from the page's own templates.
//! A write sets the cart cookies (`woocommerce_items_in_cart`, `woocommerce_cart_hash`) and,
//! on a first write, the session cookie.
//!
//! An unknown endpoint answers as WooCommerce does when no handler is hooked: `200` with an
//! empty `text/html` body (`wp_die()` after `wc_ajax_headers()`), the same answer as
//! `get_variation` for an unknown product (golden 056).
//!
//! Writes are POST only: a GET `?wc-ajax=` reaches only the read endpoints
//! (`get_refreshed_fragments`, `get_variation`), so a link or an image elsewhere cannot
//! change a shopper's cart (WooCommerce accepts both; no client of ours sends a GET write).

mod endpoints;
pub mod fragments;
mod quantity;

use std::future::Future;
use std::pin::Pin;

use axum::extract::{FromRequest, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;

pub use quantity::alter_quantity;

use crate::input::FormFields;
use crate::state::AppState;

/// Request fields read at most (query and body together; the rest is ignored).
const MAX_FIELDS: usize = 128;

/// What an endpoint receives.
#[derive(Debug, Clone)]
pub struct AjaxCall {
    /// Request headers.
    pub headers: HeaderMap,
    /// The request's cookies.
    pub jar: CookieJar,
    /// Query fields, then body fields (PHP's `$_REQUEST`).
    pub fields: Vec<(String, String)>,
}

impl AjaxCall {
    /// The first value of `name`.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What an action of the theme's admin-ajax endpoint (`storefront::ACTIONS`) receives: the
/// request's headers and its fields (query and form body merged, as PHP's `$_REQUEST`).
#[derive(Debug, Clone)]
pub struct AjaxRequest {
    /// The HTTP method.
    pub method: Method,
    /// Request headers.
    pub headers: HeaderMap,
    /// Query fields, then body fields.
    pub fields: Vec<(String, String)>,
}

impl AjaxRequest {
    /// The first value of `name`.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

type EndpointFuture = Pin<Box<dyn Future<Output = Response> + Send>>;

/// One endpoint.
struct Endpoint {
    name: &'static str,
    /// Whether it changes the cart (POST only).
    writes: bool,
    handler: fn(AppState, AjaxCall) -> EndpointFuture,
}

const ENDPOINTS: &[Endpoint] = &[
    Endpoint {
        name: "add_to_cart",
        writes: true,
        handler: |state, call| Box::pin(endpoints::add_to_cart(state, call)),
    },
    Endpoint {
        name: "remove_from_cart",
        writes: true,
        handler: |state, call| Box::pin(endpoints::remove_from_cart(state, call)),
    },
    Endpoint {
        name: "get_refreshed_fragments",
        writes: false,
        handler: |state, call| Box::pin(endpoints::refreshed_fragments(state, call)),
    },
    Endpoint {
        name: "get_variation",
        writes: false,
        handler: |state, call| Box::pin(endpoints::get_variation(state, call)),
    },
];

/// The `wc-ajax` endpoint a request to `/` names, if any.
pub fn endpoint_of(uri: &axum::http::Uri) -> Option<String> {
    let pairs = Query::<Vec<(String, String)>>::try_from_uri(uri).ok()?.0;
    pairs
        .into_iter()
        .find(|(k, _)| k == "wc-ajax")
        .map(|(_, v)| v)
}

/// `GET|POST /?wc-ajax=NAME`. A POST to `/` without `wc-ajax` is refused with 405, as
/// before this endpoint existed.
pub async fn dispatch(State(state): State<AppState>, request: Request) -> Response {
    let Some(name) = endpoint_of(request.uri()) else {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    };
    let method = request.method().clone();
    let headers = request.headers().clone();
    let jar = CookieJar::from_headers(&headers);
    let mut fields = Query::<Vec<(String, String)>>::try_from_uri(request.uri())
        .map(|q| q.0)
        .unwrap_or_default();
    if method == Method::POST
        && let Ok(FormFields(body)) = FormFields::from_request(request, &state).await
    {
        fields.extend(body);
    }
    fields.truncate(MAX_FIELDS);
    let call = AjaxCall {
        headers,
        jar,
        fields,
    };
    run(state, &method, &name, call).await
}

/// `GET /?wc-ajax=NAME`, from the home page's handler: the read endpoints only.
pub async fn dispatch_get(
    state: AppState,
    jar: CookieJar,
    headers: HeaderMap,
    uri: &axum::http::Uri,
) -> Response {
    let name = endpoint_of(uri).unwrap_or_default();
    let mut fields = Query::<Vec<(String, String)>>::try_from_uri(uri)
        .map(|q| q.0)
        .unwrap_or_default();
    fields.truncate(MAX_FIELDS);
    let call = AjaxCall {
        headers,
        jar,
        fields,
    };
    run(state, &Method::GET, &name, call).await
}

async fn run(state: AppState, method: &Method, name: &str, call: AjaxCall) -> Response {
    match ENDPOINTS
        .iter()
        .find(|e| e.name == name && (method == Method::POST || !e.writes))
    {
        Some(endpoint) => (endpoint.handler)(state, call).await,
        None => empty(),
    }
}

/// WooCommerce's headers on every `wc-ajax` answer (`wc_ajax_headers`, `nocache_headers`).
fn ajax_headers(response: &mut Response, content_type: &'static str) {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache, must-revalidate, max-age=0, no-store, private"),
    );
}

/// `wp_send_json($value)`: 200, `application/json; charset=UTF-8`.
pub fn json(value: &serde_json::Value) -> Response {
    let body = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
    let mut response = (StatusCode::OK, body).into_response();
    ajax_headers(&mut response, "application/json; charset=UTF-8");
    response
}

/// `wp_die()`: 200 with an empty `text/html` body.
pub fn empty() -> Response {
    let mut response = (StatusCode::OK, "").into_response();
    ajax_headers(&mut response, "text/html; charset=UTF-8");
    response
}

/// A failure of ours: logged once, a plain 500 to the client.
fn server_error(error: &dyn std::fmt::Display, endpoint: &str) -> Response {
    tracing::error!(error = %error, ajax.endpoint = endpoint, "store ajax failed");
    crate::layout::server_error()
}
