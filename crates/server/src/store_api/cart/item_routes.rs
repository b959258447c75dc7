//! The cart items collection: `/cart/items` (GET, POST, DELETE) and `/cart/items/{key}`
//! (GET, PUT, PATCH, DELETE).

use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::body::Body;
use super::cart_routes::{ITEM_GONE, change_quantity, read_add_item};
use super::context::{CartSession, cart_ref};
use super::links::{Linked, linked};
use super::reply::{cart_object, conflict, fail, priced};
use crate::cart::{self, CartItemView, ops};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond;
use crate::store_api::views::Shop;

const COLLECTION: &str = "/cart/items";

/// Whether `key` has the shape of a cart item key (`[\w-]{32}`); other paths are no route.
pub fn is_item_key(key: &str) -> bool {
    key.len() == 32
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The caller's lines as collection items.
async fn items(
    state: &AppState,
    session: &CartSession,
    headers: &HeaderMap,
) -> Result<Vec<Linked<CartItemView>>, StoreApiError> {
    let priced = priced(state, session).await?;
    let body = cart_object(state, session, headers, &priced).await?;
    let base_url = Shop::for_request(state, headers).base_url;
    Ok(body
        .items
        .into_iter()
        .map(|item| {
            let key = item.key.clone();
            linked(item, &base_url, COLLECTION, &key)
        })
        .collect())
}

/// One line, or the 409 WooCommerce sends for a key the cart does not have.
async fn one(
    state: &AppState,
    session: &Arc<CartSession>,
    headers: &HeaderMap,
    key: &str,
) -> Result<CartItemView, StoreApiError> {
    match items(state, session, headers)
        .await?
        .into_iter()
        .find(|item| item.item.key == key)
    {
        Some(item) => Ok(item.item),
        None => Err(conflict(
            state,
            session,
            headers,
            ErrorCode::CartInvalidKey,
            ITEM_GONE,
        )
        .await),
    }
}

/// `GET /cart/items`.
pub async fn list(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
) -> Result<Response, StoreApiError> {
    Ok(respond::ok(&items(&state, &session, &headers).await?))
}

/// `POST /cart/items`: adds like `add-item`; 201 with the line added to.
pub async fn create(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let request = read_add_item(&body)?;
    let owned = session.cart_for_write().await;
    let key = match cart::add_item(&state, cart_ref(&owned), &request).await {
        Ok(key) => key,
        Err(error) => return Err(fail(&state, &session, &headers, error, ITEM_GONE).await),
    };
    session.commit(&state).await?;
    let item = one(&state, &session, &headers, &key).await?;
    Ok(respond::json(StatusCode::CREATED, &item))
}

/// `DELETE /cart/items`: empties the cart; 200 with `[]`.
pub async fn delete_all(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
) -> Result<Response, StoreApiError> {
    if let Some(owned) = session.cart().await
        && let Err(error) = ops::empty(&state, cart_ref(&owned)).await
    {
        return Err(fail(&state, &session, &headers, error, ITEM_GONE).await);
    }
    let priced = priced(&state, &session).await?;
    session.record_hash(priced.hash()).await;
    Ok(respond::ok(&Vec::<Value>::new()))
}

/// `GET /cart/items/{key}`.
pub async fn single(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    Path(key): Path<String>,
) -> Result<Response, StoreApiError> {
    if !is_item_key(&key) {
        return Err(StoreApiError::no_route());
    }
    Ok(respond::ok(&one(&state, &session, &headers, &key).await?))
}

/// `PUT`/`PATCH /cart/items/{key}` (`quantity`): the line updated.
pub async fn update(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    Path(key): Path<String>,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    if !is_item_key(&key) {
        return Err(StoreApiError::no_route());
    }
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let mut fields = body.fields();
    let quantity = fields.quantity("quantity");
    fields.finish()?;
    change_quantity(&state, &session, &headers, &key, quantity).await?;
    Ok(respond::ok(&one(&state, &session, &headers, &key).await?))
}

/// `DELETE /cart/items/{key}`: 204.
pub async fn delete(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    Path(key): Path<String>,
) -> Result<Response, StoreApiError> {
    if !is_item_key(&key) {
        return Err(StoreApiError::no_route());
    }
    let outcome = match session.cart().await {
        Some(owned) => ops::remove_item(&state, cart_ref(&owned), &key).await,
        None => Err(cart::CartError::UnknownItem),
    };
    if let Err(error) = outcome {
        return Err(fail(&state, &session, &headers, error, ITEM_GONE).await);
    }
    let priced = priced(&state, &session).await?;
    session.record_hash(priced.hash()).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}
