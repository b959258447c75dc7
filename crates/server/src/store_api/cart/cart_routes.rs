//! `GET /cart`, `POST /cart/add-item`, `/cart/update-item`, `/cart/remove-item`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};

use super::body::Body;
use super::caller::Caller;
use super::reply::{cart_reply, change, priced_reply, with_cart_hash};
use crate::cart::{self, AddItem, ops};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond::Reply;

/// The message of `remove-item` for a key the cart does not have.
pub const REMOVED_ITEM_GONE: &str = "Cart item no longer exists or is invalid.";
/// The message of the other item routes for a key the cart does not have.
pub const ITEM_GONE: &str = "Cart item does not exist.";

/// `GET /cart`.
pub async fn get(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
) -> Result<Reply, StoreApiError> {
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}

/// The add-to-cart request of `add-item` and `POST /cart/items`, checked. A request naming a
/// line `key` is refused by the route itself (so it says what the cart is).
pub async fn read_add_item(
    state: &AppState,
    caller: &Caller,
    body: &Body,
) -> Result<AddItem, StoreApiError> {
    let mut fields = body.fields();
    let id = fields.integer("id");
    let quantity = fields.quantity("quantity");
    let variation = fields.attribute_pairs("variation");
    let addons = fields.string_pairs("addons", "group", "option");
    let exists = fields.is_set("key");
    fields.finish()?;
    if exists {
        let error = StoreApiError::new(ErrorCode::CartItemExists);
        return Err(with_cart_hash(state, caller, error).await);
    }
    Ok(AddItem {
        // WordPress's `absint`.
        id: id.map_or(0, i64::saturating_abs),
        quantity,
        variation,
        addons,
    })
}

/// `POST /cart/add-item`: 201 with the cart, priced from what adding read and wrote.
pub async fn add_item(
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
    let priced = cart::price_added(&state, cart.reference(), added).await?;
    priced_reply(&state, caller, &headers, StatusCode::CREATED, &priced).await
}

/// `POST /cart/update-item` (`key`, `quantity`).
pub async fn update_item(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let mut fields = body.fields();
    let key = fields.string("key").unwrap_or_default();
    let quantity = fields.quantity("quantity");
    fields.finish()?;
    change_quantity(&state, &caller, &headers, &key, quantity).await?;
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}

/// Sets a line's quantity for `update-item` and `PUT /cart/items/{key}`.
pub async fn change_quantity(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    key: &str,
    quantity: Option<i64>,
) -> Result<(), StoreApiError> {
    let Some(quantity) = quantity else {
        // WooCommerce changes nothing without a quantity.
        return Ok(());
    };
    let set = async {
        match caller.cart() {
            Some(cart) => ops::set_quantity(state, cart, key, quantity).await,
            None => Err(cart::CartError::UnknownItem),
        }
    };
    change(state, caller, headers, ITEM_GONE, set).await
}

/// `POST /cart/remove-item` (`key`).
pub async fn remove_item(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let mut fields = body.fields();
    let key = fields.string("key").unwrap_or_default();
    fields.finish()?;
    remove_line(&state, &caller, &headers, &key, REMOVED_ITEM_GONE).await?;
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}

/// Removes the line `key` (`missing_item`: the route's message when the cart has no such line).
pub async fn remove_line(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    key: &str,
    missing_item: &str,
) -> Result<(), StoreApiError> {
    let remove = async {
        match caller.cart() {
            Some(cart) => ops::remove_item(state, cart, key).await,
            None => Err(cart::CartError::UnknownItem),
        }
    };
    change(state, caller, headers, missing_item, remove).await
}
