//! The classic checkout without JavaScript: `GET /checkout/` (the form, [`page`]),
//! `POST /checkout/` (checked by the checkout domain's `check_order`, as every checkout, then
//! the order is placed and paid, [`place`]) and the order-received page ([`received`]).
//!
//! The form carries a `_wpnonce` (action [`NONCE_ACTION`], bound to the session), the total it
//! showed and the country each address was drawn for. A refused form is shown again with what
//! the shopper typed (card details excepted), errors at the top and under each field; nothing
//! is placed before every check passed (addresses found good, and a chosen rate, are kept on
//! the cart).

use axum::Router;
use axum::routing::{get, post};
use axum_extra::extract::cookie::CookieJar;
use mercato_db::sessions::Session;

use crate::cart::{self, CartDocument, CartError, CartRef, PricedCart, identity::cart_key_of};
use crate::state::AppState;

mod account;
mod confirm;
mod express;
pub mod form;
mod island;
mod order_pay;
mod page;
mod place;
pub mod received;
mod view;

/// The checkout page's path.
pub const CHECKOUT_PATH: &str = "/checkout/";

/// The nonce action of the checkout form.
pub const NONCE_ACTION: &str = "mercato_checkout";

/// The checkout routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(CHECKOUT_PATH, get(page::show).post(place::post))
        .route("/checkout/express/", post(express::post))
        .route(
            "/checkout/order-received/{id}/",
            get(received::show).post(received::verify),
        )
        .route(
            "/checkout/order-pay/{id}/",
            get(order_pay::show).post(order_pay::post),
        )
        .route(
            "/checkout/confirm-card/{id}/",
            get(confirm::show).post(confirm::decide),
        )
        .layer(crate::forms::not_stored())
}

/// The request's session, its cart key and the cart priced; `None` without a cart.
async fn current_cart(
    state: &AppState,
    jar: &CookieJar,
) -> Result<Option<(Session, String, PricedCart)>, CartError> {
    let Some(session) = crate::session::current(state, jar).await? else {
        return Ok(None);
    };
    let Some(key) = cart_key_of(&session) else {
        return Ok(None);
    };
    let priced = cart::price(
        state,
        Some(CartRef {
            key: &key,
            user_id: session.user_id,
        }),
    )
    .await?;
    Ok(Some((session, key, priced)))
}

/// [`current_cart`] with the cart as stored before this reading fixed it (a line whose stock
/// shrank since is lowered quietly; the checkout compares the two).
async fn current_cart_as_stored(
    state: &AppState,
    jar: &CookieJar,
) -> Result<Option<(Session, String, CartDocument, PricedCart)>, CartError> {
    let Some(session) = crate::session::current(state, jar).await? else {
        return Ok(None);
    };
    let Some(key) = cart_key_of(&session) else {
        return Ok(None);
    };
    let stored = cart::ops::load_document(state, &key).await?;
    let priced = cart::price(
        state,
        Some(CartRef {
            key: &key,
            user_id: session.user_id,
        }),
    )
    .await?;
    Ok(Some((session, key, stored, priced)))
}

/// The `key` field of an order URL's query ("" without one).
fn key_param(uri: &axum::http::Uri) -> String {
    crate::input::query_pairs(uri)
        .into_iter()
        .find(|(k, _)| k == "key")
        .map(|(_, v)| v)
        .unwrap_or_default()
}

/// The placed order `id` names (from the URL) when `key` is its key: the order-received and
/// card confirmation pages open only for it, so ids cannot be probed.
async fn keyed_order(
    state: &AppState,
    id: &str,
    key: &str,
) -> mercato_db::DbResult<Option<mercato_core::orders::Order>> {
    let Ok(id) = id.parse::<i64>() else {
        return Ok(None);
    };
    let order = mercato_db::orders::load(&state.db, id).await?;
    Ok(order.filter(|o| {
        !key.is_empty()
            && o.order_key.as_str() == key
            && o.status != mercato_core::orders::OrderStatus::CheckoutDraft
    }))
}
