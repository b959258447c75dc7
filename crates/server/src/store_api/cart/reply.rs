//! Answering cart routes: the priced cart as the Store API cart object (cross-sells made
//! into Store API products), and cart failures as Store API errors (a conflict carries the
//! fresh cart in `data.cart`).

use std::sync::Arc;

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use mercato_core::catalogue::{CatalogVisibility, StoreProduct};
use mercato_db::catalogue;

use super::context::{CartSession, cart_ref};
use crate::cart::{self, CartError, CartResponse, PricedCart};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond;
use crate::store_api::views::{self, Entry, Shop};

/// The caller's cart, priced (an empty cart when they have none).
pub async fn priced(state: &AppState, session: &CartSession) -> Result<PricedCart, StoreApiError> {
    let owned = session.cart().await;
    let cart = owned.as_ref().map(cart_ref);
    cart::price(state, cart).await.map_err(storage)
}

/// The Store API cart object of `priced`; records the cart hash for the response headers.
pub async fn cart_object(
    state: &AppState,
    session: &CartSession,
    headers: &HeaderMap,
    priced: &PricedCart,
) -> Result<CartResponse, StoreApiError> {
    let shop = Shop::for_request(state, headers);
    let cross_sells = cross_sells(state, priced, &shop).await?;
    session.record_hash(priced.hash()).await;
    Ok(cart::cart_response(
        state,
        priced,
        &shop.base_url,
        cross_sells,
    ))
}

/// The Store API cart object of `priced` for a page that embeds it (the classic cart page,
/// `#mercato-cart`), outside any Store API session.
pub async fn page_cart_object(
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

/// The caller's cart with `status`.
pub async fn cart_reply(
    state: &AppState,
    session: &CartSession,
    headers: &HeaderMap,
    status: StatusCode,
) -> Result<Response, StoreApiError> {
    let priced = priced(state, session).await?;
    let body = cart_object(state, session, headers, &priced).await?;
    Ok(respond::json(status, &body))
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

/// A storage failure: logged once, sent as a 500.
pub fn storage(error: CartError) -> StoreApiError {
    match error {
        CartError::Storage(cause) => StoreApiError::internal(&cause),
        other => StoreApiError::internal(&other),
    }
}

/// A 409 of `code` with `message` and the caller's cart in `data.cart`.
pub async fn conflict(
    state: &AppState,
    session: &Arc<CartSession>,
    headers: &HeaderMap,
    code: ErrorCode,
    message: &str,
) -> StoreApiError {
    let error = StoreApiError::new(code).with_message(message);
    let priced = match priced(state, session).await {
        Ok(priced) => priced,
        Err(failure) => return failure,
    };
    match cart_object(state, session, headers, &priced).await {
        Ok(body) => error.with_ordered_data("cart", &body),
        Err(failure) => failure,
    }
}

/// A refused cart change as the Store API error WooCommerce sends for it. `missing_item` is
/// the route's message for a line key the cart does not have.
pub async fn fail(
    state: &AppState,
    session: &Arc<CartSession>,
    headers: &HeaderMap,
    error: CartError,
    missing_item: &str,
) -> StoreApiError {
    let message = error.message();
    let code = match error {
        CartError::UnknownItem => {
            return conflict(
                state,
                session,
                headers,
                ErrorCode::CartInvalidKey,
                missing_item,
            )
            .await;
        }
        CartError::CouponNotApplied => {
            return conflict(
                state,
                session,
                headers,
                ErrorCode::CouponNotApplied,
                &message,
            )
            .await;
        }
        CartError::Storage(cause) => return StoreApiError::internal(&cause),
        CartError::UnknownProduct(_) => ErrorCode::CartInvalidProduct,
        CartError::NotPurchasable(_) => ErrorCode::ProductNotPurchasable,
        CartError::QuantityNotPositive(_) => ErrorCode::ProductInvalidQuantity,
        CartError::OutOfStock(_) => ErrorCode::ProductOutOfStock,
        CartError::NotEnoughStock { .. } => ErrorCode::ProductPartiallyOutOfStock,
        CartError::NoMatchingVariation => ErrorCode::VariationIdFromVariationData,
        CartError::MissingVariationData(_) => ErrorCode::MissingVariationData,
        CartError::InvalidVariationData(_) => ErrorCode::InvalidVariationData,
        CartError::InvalidAddon(_) => ErrorCode::InvalidAddonData,
        CartError::InvalidQuantity(_) => ErrorCode::InvalidQuantity,
        CartError::ReadonlyQuantity(_) => ErrorCode::ReadonlyQuantity,
        CartError::SoldIndividually(_) => ErrorCode::CartProductSoldIndividually,
        CartError::ItemProductGone => ErrorCode::CartItemProductGone,
        CartError::Coupon(_) | CartError::InvalidCouponCode => ErrorCode::CouponError,
        CartError::CouponsDisabled => ErrorCode::CouponDisabled,
        CartError::ShippingDisabled => ErrorCode::ShippingDisabled,
        CartError::Extension(_) => ErrorCode::CartExtensionsError,
    };
    StoreApiError::new(code).with_message(message)
}
