//! The Store API (`/wp-json/wc/store/v1/...`), wire-compatible with WooCommerce's: the same
//! routes under the versioned namespace and its unversioned alias (and `?rest_route=`, see
//! [`with_rest_route`]), the same JSON shapes, status codes, error codes and headers.
//!
//! Every handler returns `Result<Reply, StoreApiError>` ([`respond::Reply`]); every response
//! passes through [`respond::standard_headers`]; every parameter is checked by
//! [`params::Checker`] (the query) or read through the [`cart::body::Body`] extractor before
//! storage is asked. Every request passes through [`cart::layer`] (the caller, nonces for
//! writes, and the `Nonce`/`Cart-Token` headers on every response). The namespace itself
//! answers with its routes ([`discovery`]).

mod batch;
pub mod cart;
mod checkout;
mod collection_data;
mod discovery;
mod error;
mod listing;
mod params;
mod product_params;
mod products;
mod resolve;
mod respond;
mod rest_route;
mod reviews;
mod term_params;
mod terms;
mod variation_listing;
mod views;
pub mod wire_types;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};

pub use error::{ErrorCode, ParamError, StoreApiError};
pub use respond::{Edge, JSON_CONTENT_TYPE, Pagination, Reply};
pub use rest_route::{rewrite_rest_route, with_rest_route};

use crate::state::AppState;

/// The versioned namespace.
pub const NAMESPACE: &str = "/wp-json/wc/store/v1";
/// The unversioned alias, which serves v1.
pub const UNVERSIONED: &str = "/wp-json/wc/store";

/// Whether `path` is under the Store API's namespaces (it answers every such path itself).
pub fn is_store_api_path(path: &str) -> bool {
    path.strip_prefix(UNVERSIONED)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// The Store API routes, under both namespaces, behind the caller/nonce layer.
pub fn routes(state: &AppState) -> Router<AppState> {
    let api = api(state);
    Router::new()
        .nest(NAMESPACE, api.clone())
        .nest(UNVERSIONED, api)
        .layer(axum::middleware::from_fn(refuse_nul))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            cart::layer::layer,
        ))
        .layer(axum::middleware::map_response(respond::standard_headers))
}

/// The routes of one namespace. Fixed segments (`attributes`, `categories` ...) win over
/// `products/{key}`, as WooCommerce registers them first.
fn api(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/", read(get(discovery::index)))
        .route("/products", read(get(products::list)))
        .route("/products/collection-data", read(get(collection_data::get)))
        .route("/products/attributes", read(get(terms::attributes)))
        .route("/products/attributes/{id}", read(get(terms::attribute)))
        .route(
            "/products/attributes/{id}/terms",
            read(get(terms::attribute_terms)),
        )
        .route("/products/categories", read(get(terms::categories)))
        .route("/products/categories/{id}", read(get(terms::category)))
        .route("/products/tags", read(get(terms::tags)))
        .route("/products/reviews", read(get(reviews::list)))
        .route("/products/{key}", read(get(products::single)))
        .merge(cart::routes(state))
        .merge(checkout::routes(state))
        .route(
            "/batch",
            axum::routing::post(batch::batch)
                .options(|| async { cart_options("POST") })
                .fallback(no_route),
        )
        .fallback(no_route)
}

/// A read-only route: `OPTIONS` describes it, other methods are WordPress's `rest_no_route`.
fn read(route: MethodRouter<AppState>) -> MethodRouter<AppState> {
    route.options(options_get).fallback(no_route)
}

/// WordPress answers `OPTIONS` with the route's description; clients read `Allow`.
async fn options_get() -> Reply {
    cart_options("GET")
}

fn cart_options(allow: &'static str) -> Reply {
    let mut headers = HeaderMap::new();
    headers.insert(header::ALLOW, HeaderValue::from_static(allow));
    Reply::ok_with(
        &serde_json::json!({"namespace": "wc/store/v1", "methods": [allow]}),
        headers,
    )
}

/// A URL that decodes to a NUL character (see [`crate::input`]): in a query parameter it is
/// `rest_invalid_param` naming it; in the path no route can match.
async fn refuse_nul(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    match crate::input::nul_in_uri(request.uri()) {
        None => next.run(request).await,
        Some(crate::input::NulInUri::Path) => StoreApiError::no_route().into_response(),
        Some(crate::input::NulInUri::Query(param)) => {
            StoreApiError::invalid_param(params::Invalid::nul(&param).into_error(&param))
                .into_response()
        }
    }
}

async fn no_route() -> Response {
    StoreApiError::no_route().into_response()
}
