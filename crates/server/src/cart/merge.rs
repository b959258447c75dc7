//! Logging in with a guest cart: its lines join the customer's cart (the same line twice has
//! its quantities summed), each line's limits are applied again, coupons and addresses the
//! customer's cart lacks are taken over, and the guest cart is deleted.

use mercato_core::orders::Address;
use mercato_db::carts;

use super::catalogue::CartCatalogue;
use super::checks;
use super::document::CartDocument;
use super::{CartError, CartRef, store};
use crate::services::Services;

/// Moves the guest cart `guest_key` into the cart of customer `user_id`. A guest cart that
/// does not exist (or is the customer's own) changes nothing.
pub async fn merge_guest_cart_into_customer(
    state: &Services,
    guest_key: &str,
    user_id: i64,
) -> Result<(), CartError> {
    let db = &state.db;
    let customer_key = carts::customer_key(user_id);
    if guest_key == customer_key {
        return Ok(());
    }
    let Some(guest) = store::load(state, guest_key).await? else {
        return Ok(());
    };
    let current = store::load_document(state, &customer_key).await?;
    let mut all_items = current.items.clone();
    all_items.extend(guest.data.items.iter().cloned());
    let at = state.clock.now();
    let records = CartCatalogue::load(db, &all_items, Some(&customer_key), at).await?;
    let customer = CartRef {
        key: &customer_key,
        user_id: Some(user_id),
    };
    store::update(state, customer, |doc| {
        merge_into(doc, &guest.data);
        checks::normalize(doc, &records, at);
    })
    .await?;
    carts::delete(db, guest_key).await?;
    Ok(())
}

/// Merges `guest` into `customer` (before limits are applied again).
pub fn merge_into(customer: &mut CartDocument, guest: &CartDocument) {
    for item in &guest.items {
        match customer.item_mut(&item.key) {
            Some(existing) => existing.quantity = existing.quantity.saturating_add(item.quantity),
            None => customer.items.push(item.clone()),
        }
    }
    for code in &guest.coupons {
        if !customer.has_coupon(code) {
            customer.coupons.push(code.clone());
        }
    }
    if is_blank(&customer.billing) {
        customer.billing = guest.billing.clone();
    }
    if is_blank(&customer.shipping) {
        customer.shipping = guest.shipping.clone();
    }
    for (package, rate) in &guest.chosen_rates {
        customer
            .chosen_rates
            .entry(*package)
            .or_insert_with(|| rate.clone());
    }
    for (namespace, data) in &guest.extensions {
        customer
            .extensions
            .entry(namespace.clone())
            .or_insert_with(|| data.clone());
    }
}

fn is_blank(address: &Address) -> bool {
    *address == Address::default()
}
