//! Where carts are read and written, with their lifetime. Every cart surface reaches storage
//! through here, so the time is the services' clock and how long a write keeps a cart is
//! decided in one place, from its owner ([`CartRef::lifetime_secs`]): no caller passes one.

use mercato_db::DbResult;
use mercato_db::carts::{self, StoredCart};

use super::document::CartDocument;
use super::{CartError, CartRef};
use crate::services::Services;

/// The cart stored under `key`, if it is live now.
pub async fn load(state: &Services, key: &str) -> DbResult<Option<StoredCart<CartDocument>>> {
    carts::load::<CartDocument>(&state.db, key, state.clock.now()).await
}

/// The stored document (empty for a cart not stored, or no longer live).
pub async fn load_document(state: &Services, key: &str) -> Result<CartDocument, CartError> {
    Ok(load(state, key)
        .await?
        .map(|stored| stored.data)
        .unwrap_or_default())
}

/// Applies `change` to the cart (`mercato_db::carts::update`: revision-checked, retried) and
/// keeps it for its owner's lifetime from now.
pub async fn update<R>(
    state: &Services,
    cart: CartRef<'_>,
    change: impl FnMut(&mut CartDocument) -> R,
) -> DbResult<(StoredCart<CartDocument>, R)> {
    carts::update::<CartDocument, _, _>(
        &state.db,
        cart.key,
        cart.user_id,
        state.clock.now(),
        cart.lifetime_secs(),
        change,
    )
    .await
}

/// [`update`] from the cart as just read with [`load`] (`seen`), so it is not read again
/// (`mercato_db::carts::update_seen`).
pub async fn update_seen<R>(
    state: &Services,
    cart: CartRef<'_>,
    seen: Option<StoredCart<CartDocument>>,
    change: impl FnMut(&mut CartDocument) -> R,
) -> DbResult<(StoredCart<CartDocument>, R)> {
    carts::update_seen::<CartDocument, _, _>(
        &state.db,
        cart.key,
        cart.user_id,
        state.clock.now(),
        cart.lifetime_secs(),
        seen,
        change,
    )
    .await
}

/// Deletes the carts whose lifetime is over; returns how many went.
pub async fn purge_expired(state: &Services) -> DbResult<u64> {
    carts::purge_expired(&state.db, state.clock.now()).await
}
