//! The Store API cart routes (`/cart`, `/cart/add-item` ... `/cart/items`, `/cart/coupons`),
//! the layer that works out the caller and checks nonces for every Store API route
//! ([`layer`]), and the request reading ([`body`]) and answering ([`reply`]) they share.
//!
//! The handlers are thin: they take the caller ([`Caller`]) and the parameters ([`body::Body`])
//! as extractors, ask the cart domain (`crate::cart`) to change or price the cart, and return
//! a [`Reply`](crate::store_api::Reply) with the cart object, its hash and the caller
//! as the request left them (the layer turns those into headers and cookies).
//!
//! Where the wire knowingly differs from WooCommerce 10:
//!
//! - Nonces are bound to the session (WooCommerce's guest nonces are not); a first write
//!   makes the session, so clients take the new nonce from the response (the block client
//!   does). All sub-requests of one batch are checked against the caller as the batch found it.
//! - The nonce is checked before the parameters (WordPress validates arguments first).
//! - Every Store API response, product routes and batches included, carries `Nonce`,
//!   `Nonce-Timestamp`, `User-ID` and `Cart-Token`; cart and checkout answers carry
//!   `Cart-Hash` (our own fingerprint of lines, coupons and total; "" when empty), and so do
//!   the errors those routes raise themselves (refused changes, nonce refusals, every refused
//!   checkout), as WooCommerce's do. Errors in the parameters of a cart route, and `OPTIONS`
//!   or no-route answers, carry none (WordPress answers those before the route runs).
//! - The cart cookies are set whenever the cart hash differs from the browser's
//!   `woocommerce_cart_hash` cookie; the session cookie is `mercato_session`.
//! - Batch `validation: require-all-validate` is accepted and runs like `normal`.
//! - No auto-applied coupons (so no `woocommerce_rest_cart_coupon_not_removable`), no
//!   `item_data` from extensions, no rate limiting, no CORS origin echo yet.

pub mod body;
pub mod caller;
mod cart_routes;
mod coupon_routes;
mod customer_routes;
mod item_routes;
pub mod layer;
mod links;
pub mod reply;

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get, post};

use crate::state::AppState;
use crate::store_api::error::StoreApiError;
use crate::store_api::respond::Reply;

pub use caller::Caller;
pub use layer::requires_nonce;

/// The cart routes of one namespace.
pub fn routes(state: &AppState) -> Router<AppState> {
    Router::new()
        .route("/cart", methods(get(cart_routes::get), "GET"))
        .route(
            "/cart/add-item",
            methods(post(cart_routes::add_item), "POST"),
        )
        .route(
            "/cart/remove-item",
            methods(post(cart_routes::remove_item), "POST"),
        )
        .route(
            "/cart/update-item",
            methods(post(cart_routes::update_item), "POST"),
        )
        .route(
            "/cart/apply-coupon",
            methods(post(coupon_routes::apply_coupon), "POST"),
        )
        .route(
            "/cart/remove-coupon",
            methods(post(coupon_routes::remove_coupon), "POST"),
        )
        .route(
            "/cart/select-shipping-rate",
            methods(post(customer_routes::select_shipping_rate), "POST"),
        )
        .route(
            "/cart/update-customer",
            methods(post(customer_routes::update_customer), "POST"),
        )
        .route(
            "/cart/extensions",
            methods(post(customer_routes::extensions), "POST"),
        )
        .route(
            "/cart/items",
            methods(
                get(item_routes::list)
                    .post(item_routes::create)
                    .delete(item_routes::delete_all),
                "GET, POST, DELETE",
            ),
        )
        .route(
            "/cart/items/{key}",
            methods(
                get(item_routes::single)
                    .put(item_routes::update)
                    .patch(item_routes::update)
                    .delete(item_routes::delete),
                "GET, PUT, PATCH, DELETE",
            ),
        )
        .route(
            "/cart/coupons",
            methods(
                get(coupon_routes::list)
                    .post(coupon_routes::create)
                    .delete(coupon_routes::delete_all),
                "GET, POST, DELETE",
            ),
        )
        .route(
            "/cart/coupons/{code}",
            methods(
                get(coupon_routes::single).delete(coupon_routes::delete),
                "GET, DELETE",
            ),
        )
        .route_layer(axum::middleware::from_fn_with_state(
            state.clone(),
            layer::nonce_guard,
        ))
}

/// A route serving `allow`: `OPTIONS` describes it, other methods are `rest_no_route`, and
/// every response names the methods in `Allow` (as WordPress does).
fn methods(route: MethodRouter<AppState>, allow: &'static str) -> MethodRouter<AppState> {
    route
        .options(move || async move { options(allow) })
        .fallback(no_route)
        .layer(axum::middleware::map_response(
            move |mut response: Response| async move {
                response
                    .headers_mut()
                    .insert(header::ALLOW, HeaderValue::from_static(allow));
                response
            },
        ))
}

fn options(allow: &'static str) -> Reply {
    let methods: Vec<&str> = allow.split(", ").collect();
    let mut headers = HeaderMap::new();
    headers.insert(header::ALLOW, HeaderValue::from_static(allow));
    Reply::ok_with(
        &serde_json::json!({"namespace": "wc/store/v1", "methods": methods}),
        headers,
    )
}

async fn no_route() -> Response {
    StoreApiError::no_route().into_response()
}
