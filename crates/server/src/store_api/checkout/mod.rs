//! The Store API checkout routes: `GET`/`PUT`/`POST /checkout` (the session's draft order,
//! partial updates, placing the order), `POST /checkout/{id}` (paying for a pending or failed
//! order, [`pay`]) and `GET /order/{id}` (an order by its key).
//!
//! Every checkout request needs a valid nonce, `GET` included (as WooCommerce), unless a
//! Cart-Token names the cart. `POST` (on either route) may be rate limited per client
//! ([`rate_limit`]), checked before the nonce. Where the wire knowingly differs from WooCommerce 10:
//!
//! - A declined payment leaves that order `failed` and the cart as it was; the next attempt
//!   makes a new draft (WooCommerce reuses the failed order).
//! - `additional_fields` (accepted, none registered) and `expected_total` are not acted on;
//!   totals sent by the client are never read. `create_account` always needs a
//!   `customer_password` (no generated passwords), and an order refused after the account
//!   was made takes it back (docs/cart-and-checkout.md).

mod draft;
mod errors;
mod order;
mod pay;
mod place;
mod rate_limit;
mod request;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};

use crate::state::AppState;
use crate::store_api::cart::layer::nonce_on_every_method;
use crate::store_api::error::StoreApiError;

pub use rate_limit::carry_client;

/// The checkout routes of one namespace.
pub fn routes(state: &AppState) -> Router<AppState> {
    Router::new()
        .route(
            "/checkout",
            allow(
                get(draft::get)
                    .put(draft::put)
                    .patch(draft::put)
                    .post(place::post),
                "GET, POST, PUT, PATCH",
            )
            .route_layer(axum::middleware::from_fn_with_state(
                state.clone(),
                nonce_on_every_method,
            ))
            .route_layer(axum::middleware::from_fn_with_state(
                state.clone(),
                rate_limit::layer,
            )),
        )
        .route(
            "/checkout/{id}",
            allow(post(pay::post), "POST")
                .route_layer(axum::middleware::from_fn_with_state(
                    state.clone(),
                    nonce_on_every_method,
                ))
                .route_layer(axum::middleware::from_fn_with_state(
                    state.clone(),
                    rate_limit::layer,
                )),
        )
        .route("/order/{id}", allow(get(order::get), "GET"))
}

fn allow(route: MethodRouter<AppState>, methods: &'static str) -> MethodRouter<AppState> {
    route
        .fallback(|| async { StoreApiError::no_route().into_response() })
        .layer(axum::middleware::map_response(
            move |mut response: Response| async move {
                response
                    .headers_mut()
                    .insert(header::ALLOW, HeaderValue::from_static(methods));
                response
            },
        ))
}
