//! The classic store AJAX endpoint, `/?wc-ajax=NAME` (SPEC §7.1), answered as WooCommerce
//! 10 answers it (golden exchanges 046–056): `add_to_cart`, `remove_from_cart`,
//! `get_refreshed_fragments`, `get_variation`; and the theme's
//! `mercato_ajax_cart_item_alter_quantity` admin-ajax action (`quantity`). One table
//! ([`answer`]) holds them all, each under the URL that names it, and every handler takes
//! one request type, [`AjaxRequest`].
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

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;

use axum::extract::{FromRequest, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;

use crate::input::FormFields;
use crate::state::AppState;

/// Request fields read at most (query and body together; the rest is ignored).
const MAX_FIELDS: usize = 128;

/// What every store AJAX handler receives, whichever URL named it (`/?wc-ajax=NAME` or the
/// theme's `/wp-admin/admin-ajax.php?action=NAME`).
#[derive(Debug, Clone)]
pub struct AjaxRequest {
    /// The HTTP method.
    pub method: Method,
    /// Request headers.
    pub headers: HeaderMap,
    /// The request's cookies.
    pub jar: CookieJar,
    /// Query fields, then body fields (PHP's `$_REQUEST`), at most [`MAX_FIELDS`].
    pub fields: Vec<(String, String)>,
}

impl AjaxRequest {
    /// The first value of `name`.
    pub fn field(&self, name: &str) -> Option<&str> {
        crate::input::form_value(&self.fields, name)
    }

    /// A request without a body: its query fields only.
    pub fn without_body(method: Method, headers: HeaderMap, uri: &Uri) -> Self {
        let mut fields = Query::<Vec<(String, String)>>::try_from_uri(uri)
            .map(|q| q.0)
            .unwrap_or_default();
        fields.truncate(MAX_FIELDS);
        Self {
            method,
            jar: CookieJar::from_headers(&headers),
            headers,
            fields,
        }
    }
}

/// The query's fields and, on a POST, the form body's ([`FormFields`]); a body that is not a
/// form adds nothing, as PHP's `$_POST` stays empty.
impl FromRequest<AppState> for AjaxRequest {
    type Rejection = Infallible;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let method = request.method().clone();
        let headers = request.headers().clone();
        let mut fields = Query::<Vec<(String, String)>>::try_from_uri(request.uri())
            .map(|q| q.0)
            .unwrap_or_default();
        if method == Method::POST {
            let Ok(FormFields(body)) = FormFields::<MAX_FIELDS>::from_request(request, state).await;
            fields.extend(body);
        }
        fields.truncate(MAX_FIELDS);
        Ok(Self {
            method,
            jar: CookieJar::from_headers(&headers),
            headers,
            fields,
        })
    }
}

/// A handler's future.
type Answer = Pin<Box<dyn Future<Output = Result<Response, AjaxError>> + Send>>;

/// A store AJAX failure of ours. Answered as WooCommerce's PHP fatal error would be (a plain
/// 500, no internal text); the cause is logged once, with the endpoint, by [`answer`].
#[derive(Debug)]
pub struct AjaxError(String);

impl From<mercato_db::DbError> for AjaxError {
    fn from(error: mercato_db::DbError) -> Self {
        AjaxError(error.to_string())
    }
}

impl From<crate::cart::CartError> for AjaxError {
    fn from(error: crate::cart::CartError) -> Self {
        AjaxError(error.to_string())
    }
}

impl From<minijinja::Error> for AjaxError {
    fn from(error: minijinja::Error) -> Self {
        AjaxError(format!("{error:#}"))
    }
}

impl From<serde_json::Error> for AjaxError {
    fn from(error: serde_json::Error) -> Self {
        AjaxError(error.to_string())
    }
}

impl AjaxError {
    /// The answer, the cause logged with the endpoint that failed.
    fn answer(self, endpoint: &str) -> Response {
        tracing::error!(error = %self.0, ajax.endpoint = endpoint, "store ajax failed");
        crate::layout::server_error()
    }
}

/// How a request names a store AJAX handler.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// `/?wc-ajax=NAME` (WooCommerce's `WC_AJAX`).
    WcAjax,
    /// The theme's `/wp-admin/admin-ajax.php?action=NAME` (`storefront` dispatches it).
    AdminAjax,
}

/// One handler of the table.
struct Endpoint {
    via: Via,
    name: &'static str,
    /// Whether it changes the cart (POST only).
    writes: bool,
    handler: fn(AppState, AjaxRequest) -> Answer,
}

/// Every store AJAX handler, under the name and URL that reach it.
const ENDPOINTS: &[Endpoint] = &[
    Endpoint {
        via: Via::WcAjax,
        name: "add_to_cart",
        writes: true,
        handler: |state, call| Box::pin(endpoints::add_to_cart(state, call)),
    },
    Endpoint {
        via: Via::WcAjax,
        name: "remove_from_cart",
        writes: true,
        handler: |state, call| Box::pin(endpoints::remove_from_cart(state, call)),
    },
    Endpoint {
        via: Via::WcAjax,
        name: "get_refreshed_fragments",
        writes: false,
        handler: |state, call| Box::pin(endpoints::refreshed_fragments(state, call)),
    },
    Endpoint {
        via: Via::WcAjax,
        name: "get_variation",
        writes: false,
        handler: |state, call| Box::pin(endpoints::get_variation(state, call)),
    },
    Endpoint {
        via: Via::AdminAjax,
        name: quantity::ACTION,
        writes: true,
        handler: |state, call| Box::pin(quantity::alter_quantity(state, call)),
    },
];

/// The `wc-ajax` endpoint a request to `/` names, if any.
pub fn endpoint_of(uri: &Uri) -> Option<String> {
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
    let Ok(call) = AjaxRequest::from_request(request, &state).await;
    answer(state, Via::WcAjax, &name, call)
        .await
        .unwrap_or_else(|_| empty())
}

/// `GET /?wc-ajax=NAME`, from the home page's handler: the read endpoints only.
pub async fn dispatch_get(state: AppState, headers: HeaderMap, uri: &Uri) -> Response {
    let name = endpoint_of(uri).unwrap_or_default();
    let call = AjaxRequest::without_body(Method::GET, headers, uri);
    answer(state, Via::WcAjax, &name, call)
        .await
        .unwrap_or_else(|_| empty())
}

/// Answers `call` with the handler named `name` under `via`; gives the request back when there
/// is none.
///
/// A write asked for without a POST is refused as its URL's convention says: `wc-ajax`
/// answers as for an unknown endpoint, admin-ajax with `wp_send_json_error`.
pub async fn answer(
    state: AppState,
    via: Via,
    name: &str,
    call: AjaxRequest,
) -> Result<Response, AjaxRequest> {
    let Some(endpoint) = ENDPOINTS.iter().find(|e| e.via == via && e.name == name) else {
        return Err(call);
    };
    if endpoint.writes && call.method != Method::POST {
        return Ok(match via {
            Via::WcAjax => empty(),
            Via::AdminAjax => json_error("This action needs a POST request."),
        });
    }
    Ok((endpoint.handler)(state, call)
        .await
        .unwrap_or_else(|e| e.answer(endpoint.name)))
}

/// `wp_send_json_error(['message' => $message])`: 200, `{success: false, data: {message}}`.
fn json_error(message: &str) -> Response {
    json(&serde_json::json!({ "success": false, "data": { "message": message } }))
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
