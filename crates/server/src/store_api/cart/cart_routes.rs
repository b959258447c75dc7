//! `GET /cart`, `POST /cart/add-item`, `/cart/update-item`, `/cart/remove-item`.

use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;

use super::body::Body;
use super::context::{CartSession, cart_ref};
use super::reply::{cart_reply, fail};
use crate::cart::{self, AddItem, ops};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};

/// The message of `remove-item` for a key the cart does not have.
pub const REMOVED_ITEM_GONE: &str = "Cart item no longer exists or is invalid.";
/// The message of the other item routes for a key the cart does not have.
pub const ITEM_GONE: &str = "Cart item does not exist.";

/// `GET /cart`.
pub async fn get(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
) -> Result<Response, StoreApiError> {
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}

/// The add-to-cart request of `add-item` and `POST /cart/items`, checked.
pub fn read_add_item(body: &Body) -> Result<AddItem, StoreApiError> {
    let mut fields = body.fields();
    let id = fields.integer("id");
    let quantity = fields.quantity("quantity");
    let variation = fields.attribute_pairs("variation");
    let addons = fields.string_pairs("addons", "group", "option");
    let exists = fields.is_set("key");
    fields.finish()?;
    if exists {
        return Err(StoreApiError::new(ErrorCode::CartItemExists));
    }
    Ok(AddItem {
        // WordPress's `absint`.
        id: id.map_or(0, i64::saturating_abs),
        quantity,
        variation,
        addons,
    })
}

/// `POST /cart/add-item`: 201 with the cart.
pub async fn add_item(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let request = read_add_item(&body)?;
    let owned = session.cart_for_write().await;
    if let Err(error) = cart::add_item(&state, cart_ref(&owned), &request).await {
        return Err(fail(&state, &session, &headers, error, ITEM_GONE).await);
    }
    session.commit(&state).await?;
    cart_reply(&state, &session, &headers, StatusCode::CREATED).await
}

/// `POST /cart/update-item` (`key`, `quantity`).
pub async fn update_item(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let mut fields = body.fields();
    let key = fields.string("key").unwrap_or_default();
    let quantity = fields.quantity("quantity");
    fields.finish()?;
    change_quantity(&state, &session, &headers, &key, quantity).await?;
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}

/// Sets a line's quantity for `update-item` and `PUT /cart/items/{key}`.
pub async fn change_quantity(
    state: &AppState,
    session: &Arc<CartSession>,
    headers: &HeaderMap,
    key: &str,
    quantity: Option<i64>,
) -> Result<(), StoreApiError> {
    let Some(quantity) = quantity else {
        // WooCommerce changes nothing without a quantity.
        return Ok(());
    };
    let outcome = match session.cart().await {
        Some(owned) => ops::set_quantity(state, cart_ref(&owned), key, quantity).await,
        None => Err(cart::CartError::UnknownItem),
    };
    match outcome {
        Ok(()) => Ok(()),
        Err(error) => Err(fail(state, session, headers, error, ITEM_GONE).await),
    }
}

/// `POST /cart/remove-item` (`key`).
pub async fn remove_item(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let mut fields = body.fields();
    let key = fields.string("key").unwrap_or_default();
    fields.finish()?;
    let outcome = match session.cart().await {
        Some(owned) => ops::remove_item(&state, cart_ref(&owned), &key).await,
        None => Err(cart::CartError::UnknownItem),
    };
    if let Err(error) = outcome {
        return Err(fail(&state, &session, &headers, error, REMOVED_ITEM_GONE).await);
    }
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}
