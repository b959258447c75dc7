//! The cart items collection: `/cart/items` (GET, POST, DELETE) and `/cart/items/{key}`
//! (GET, PUT, PATCH, DELETE).

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use serde_json::Value;

use super::body::Body;
use super::caller::Caller;
use super::cart_routes::{ITEM_GONE, change_quantity, read_add_item, remove_line};
use super::links::{Linked, linked};
use super::reply::{cart_object, change, conflict, priced};
use crate::cart::{self, CartItemView, PricedCart, ops};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond::Reply;
use crate::store_api::views::Shop;

const COLLECTION: &str = "/cart/items";

/// Whether `key` has the shape of a cart item key (`[\w-]{32}`); other paths are no route.
pub fn is_item_key(key: &str) -> bool {
    key.len() == 32
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The `{key}` of `/cart/items/{key}`: a path segment of another shape is no route (checked
/// before anything else, the body included).
#[derive(Debug)]
pub struct ItemKey(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ItemKey {
    type Rejection = StoreApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(key)) if is_item_key(&key) => Ok(ItemKey(key)),
            _ => Err(StoreApiError::no_route()),
        }
    }
}

/// The lines of `priced` as collection items.
async fn items(
    state: &AppState,
    headers: &HeaderMap,
    priced: &PricedCart,
) -> Result<Vec<Linked<CartItemView>>, StoreApiError> {
    let body = cart_object(state, headers, priced).await?;
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

/// One line of `priced` as the answer with `status`, or the 409 WooCommerce sends for a key
/// the cart does not have.
async fn one(
    state: &AppState,
    caller: Caller,
    headers: &HeaderMap,
    priced: &PricedCart,
    key: &str,
    status: StatusCode,
) -> Result<Reply, StoreApiError> {
    let found = items(state, headers, priced)
        .await?
        .into_iter()
        .find(|item| item.item.key == key);
    match found {
        Some(item) => Ok(Reply::json(status, &item.item)
            .with_cart_hash(priced.hash())
            .with_caller(caller)),
        None => {
            let code = ErrorCode::CartInvalidKey;
            Err(conflict(state, &caller, headers, code, ITEM_GONE).await)
        }
    }
}

/// `GET /cart/items`.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
) -> Result<Reply, StoreApiError> {
    let priced = priced(&state, &caller).await?;
    let items = items(&state, &headers, &priced).await?;
    Ok(Reply::ok(&items).with_cart_hash(priced.hash()))
}

/// `POST /cart/items`: adds like `add-item`; 201 with the line added to.
pub async fn create(
    State(state): State<AppState>,
    mut caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let request = read_add_item(&state, &caller, &body).await?;
    let cart = caller.cart_for_write();
    let added = change(
        &state,
        &caller,
        &headers,
        ITEM_GONE,
        cart::add(&state, cart.reference(), &request),
    )
    .await?;
    caller.commit(&state, &cart).await?;
    let key = added.key.clone();
    let priced = cart::price_added(&state, cart.reference(), added).await?;
    one(&state, caller, &headers, &priced, &key, StatusCode::CREATED).await
}

/// `DELETE /cart/items`: empties the cart; 200 with `[]`.
pub async fn delete_all(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
) -> Result<Reply, StoreApiError> {
    if let Some(cart) = caller.cart() {
        change(
            &state,
            &caller,
            &headers,
            ITEM_GONE,
            ops::empty(&state, cart),
        )
        .await?;
    }
    let priced = priced(&state, &caller).await?;
    Ok(Reply::ok(&Vec::<Value>::new()).with_cart_hash(priced.hash()))
}

/// `GET /cart/items/{key}`.
pub async fn single(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ItemKey(key): ItemKey,
) -> Result<Reply, StoreApiError> {
    let priced = priced(&state, &caller).await?;
    one(&state, caller, &headers, &priced, &key, StatusCode::OK).await
}

/// `PUT`/`PATCH /cart/items/{key}` (`quantity`): the line updated.
pub async fn update(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ItemKey(key): ItemKey,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let mut fields = body.fields();
    let quantity = fields.quantity("quantity");
    fields.finish()?;
    change_quantity(&state, &caller, &headers, &key, quantity).await?;
    let priced = priced(&state, &caller).await?;
    one(&state, caller, &headers, &priced, &key, StatusCode::OK).await
}

/// `DELETE /cart/items/{key}`: 204.
pub async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ItemKey(key): ItemKey,
) -> Result<Reply, StoreApiError> {
    remove_line(&state, &caller, &headers, &key, ITEM_GONE).await?;
    let priced = priced(&state, &caller).await?;
    Ok(Reply::no_content().with_cart_hash(priced.hash()))
}
