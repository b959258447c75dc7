//! Answering cart routes: the priced cart as the Store API cart object (cross-sells made
//! into Store API products), and cart refusals as Store API errors that say what the cart is
//! (a conflict carries the fresh cart in `data.cart`).

use std::future::Future;

use axum::http::{HeaderMap, StatusCode};
use mercato_core::catalogue::{CatalogVisibility, StoreProduct};
use mercato_db::catalogue;

use super::caller::Caller;
use crate::cart::{self, CartError, CartResponse, PricedCart};
use crate::compression::Reusable;
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond::Reply;
use crate::store_api::views::{self, Entry, Shop};

/// The caller's cart, priced (an empty cart when they have none).
pub async fn priced(state: &AppState, caller: &Caller) -> Result<PricedCart, StoreApiError> {
    Ok(cart::price(state, caller.cart()).await?)
}

/// The Store API cart object of `priced`.
pub async fn cart_object(
    state: &AppState,
    headers: &HeaderMap,
    priced: &PricedCart,
) -> Result<CartResponse, StoreApiError> {
    let shop = Shop::for_request(state, headers);
    let cross_sells = cross_sells(state, priced, &shop).await?;
    Ok(cart::cart_response(
        state,
        priced,
        &shop.base_url,
        cross_sells,
    ))
}

/// The Store API cart object of `priced` for a page that embeds it (the classic cart page,
/// `#mercato-cart`), outside any Store API request.
pub async fn page_cart_object(
    state: &AppState,
    headers: &HeaderMap,
    priced: &PricedCart,
) -> Result<CartResponse, StoreApiError> {
    cart_object(state, headers, priced).await
}

/// `priced` as the answer, with `status`, its hash, for `caller`.
pub async fn priced_reply(
    state: &AppState,
    caller: Caller,
    headers: &HeaderMap,
    status: StatusCode,
    priced: &PricedCart,
) -> Result<Reply, StoreApiError> {
    let body = cart_object(state, headers, priced).await?;
    // The compressed bytes are kept by cart and sent again only while the body is the same
    // byte for byte: whatever changed in the cart, its catalogue records or settings changes
    // the body, and so is compressed afresh.
    let slot = caller.key().unwrap_or_default().to_owned();
    Ok(Reply::json(status, &body)
        .with_cart_hash(priced.hash())
        .reusable(Reusable::new(&state.web.cart_answers, slot))
        .with_caller(caller))
}

/// The caller's cart as the answer, with `status`.
pub async fn cart_reply(
    state: &AppState,
    caller: Caller,
    headers: &HeaderMap,
    status: StatusCode,
) -> Result<Reply, StoreApiError> {
    let priced = priced(state, &caller).await?;
    priced_reply(state, caller, headers, status, &priced).await
}

/// Visible cross-sells of the cart's products, as Store API products.
async fn cross_sells(
    state: &AppState,
    priced: &PricedCart,
    shop: &Shop,
) -> Result<Vec<StoreProduct>, StoreApiError> {
    let ids = priced.cross_sell_ids();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let entries: Vec<Entry> = catalogue::products_by_ids(&state.db, &ids)
        .await?
        .into_iter()
        .filter(|p| p.is_published() && p.catalog_visibility != CatalogVisibility::Hidden)
        .map(|p| Entry::Product(Box::new(p)))
        .collect();
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let ctx = shop.context(state);
    Ok(views::store_products(state, &entries, &taxonomy, &ctx).await?)
}

/// `error` saying what the caller's cart is. WooCommerce's cart and checkout routes send
/// `Cart-Hash` with the errors they raise themselves (nonce refusals, refused changes,
/// checkout refusals: goldens 013–015, 024–028, 038, 043, 045), so such a refusal prices the
/// cart here, once, to learn it. An error that knows the hash already (a conflict carries the
/// cart) and a 500 are left as they are; argument errors before a route runs (`rest_*`
/// parameter and body errors of the cart routes, no route) never come here: WordPress sends
/// those without cart headers (goldens 041, 042, 044).
pub async fn with_cart_hash(
    state: &AppState,
    caller: &Caller,
    error: StoreApiError,
) -> StoreApiError {
    if error.cart_hash().is_some() || error.code() == ErrorCode::Internal {
        return error;
    }
    match cart_hash(state, caller).await {
        Some(hash) => error.with_cart_hash(hash),
        None => error,
    }
}

/// The caller's cart hash, priced for it alone (for an answer that does not read the cart
/// otherwise); `None`, logged, when the cart cannot be read: the answer goes without it.
pub async fn cart_hash(state: &AppState, caller: &Caller) -> Option<String> {
    match cart::price(state, caller.cart()).await {
        Ok(priced) => Some(priced.hash()),
        Err(cause) => {
            tracing::warn!(error = %cause, "cart hash unavailable");
            None
        }
    }
}

/// A 409 of `code` with `message` and the caller's cart in `data.cart` (and its hash).
pub async fn conflict(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    code: ErrorCode,
    message: &str,
) -> StoreApiError {
    let error = StoreApiError::new(code).with_message(message);
    let priced = match priced(state, caller).await {
        Ok(priced) => priced,
        Err(failure) => return failure,
    };
    match cart_object(state, headers, &priced).await {
        Ok(body) => error
            .with_ordered_data("cart", &body)
            .with_cart_hash(priced.hash()),
        Err(failure) => failure,
    }
}

/// A refused cart change as the Store API error WooCommerce sends for it, saying what the
/// cart is. `missing_item` is the route's message for a line key the cart does not have.
pub async fn refusal(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    error: CartError,
    missing_item: &str,
) -> StoreApiError {
    match error {
        CartError::UnknownItem => {
            let code = ErrorCode::CartInvalidKey;
            conflict(state, caller, headers, code, missing_item).await
        }
        CartError::CouponNotApplied => {
            let message = error.message();
            let code = ErrorCode::CouponNotApplied;
            conflict(state, caller, headers, code, &message).await
        }
        other => with_cart_hash(state, caller, StoreApiError::from(other)).await,
    }
}

/// Runs the cart change `change`; a refusal becomes its Store API error ([`refusal`]).
pub async fn change<T>(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    missing_item: &str,
    change: impl Future<Output = Result<T, CartError>>,
) -> Result<T, StoreApiError> {
    match change.await {
        Ok(value) => Ok(value),
        Err(error) => Err(refusal(state, caller, headers, error, missing_item).await),
    }
}
