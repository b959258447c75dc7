//! The classic cart, without JavaScript: `?add-to-cart=` links and product forms
//! ([`add`]), the `/cart/` page ([`page`]) and its forms and links ([`actions`]). The
//! header's cart summary and the flash notices every page shows are the layout's
//! (`crate::layout`).
//!
//! Every change goes through the cart domain (`crate::cart`); a refused change comes back as
//! an error notice with WooCommerce's message, after a 303 to the page (post/redirect/get).
//! The page embeds the Store API cart object (`#mercato-cart`), from which the block cart
//! (the `cart` island, web/src/islands/cart) takes over the page when JavaScript runs.

use axum::Router;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::layout::CART_PATH;
use crate::state::AppState;

pub mod actions;
pub mod add;
pub mod countries;
mod order_links;
pub mod page;
pub mod sample;
mod view;

/// The nonce action of the cart page's forms and links.
pub const NONCE_ACTION: &str = "mercato_cart";

/// The cart routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(CART_PATH, get(page::show).post(actions::post))
        .route("/cart", get(add_slash))
        .route(countries::PATH, get(countries::show))
}

async fn add_slash(uri: Uri) -> Response {
    let to = match uri.query() {
        Some(q) => format!("{CART_PATH}?{q}"),
        None => CART_PATH.to_owned(),
    };
    (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, to)]).into_response()
}

/// `path?query` from pairs, encoded as a form would.
pub fn with_query(path: &str, pairs: &[(String, String)]) -> String {
    if pairs.is_empty() {
        return path.to_owned();
    }
    let query: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    format!("{path}?{}", query.join("&"))
}

/// Percent-encodes a query component.
pub fn encode(text: &str) -> String {
    crate::input::encode_query_component(text)
}
