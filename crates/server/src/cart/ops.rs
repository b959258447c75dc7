//! The other cart changes: quantities, removing lines, coupons, the shipping choice, the
//! customer's addresses and extension data.
//!
//! Each is checked against the cart as read first (so a refused change writes nothing), then
//! applied with `store::update` (`mercato_db::carts::update`), which re-applies it to the newest version if
//! another request wrote in between: two tabs changing one cart lose nothing.

use mercato_core::limits::{MAX_COUPON_CODE_CHARS, exceeds};
use mercato_core::orders::{Address, AddressPatch};
use mercato_core::pricing::{self, FeeSource, format_coupon_code};
use mercato_db::carts::StoredCart;
use mercato_db::coupons;
use serde_json::Value;

use super::catalogue::CartCatalogue;
use super::document::CartDocument;
use super::error::escape_html;
use super::priced::{self, pricing_context, pricing_input};
use super::store;
use super::{CartError, CartRef};
use crate::services::Services;

pub use super::store::load_document;

/// Writes `change` to the cart; its error leaves the document as it was.
async fn write<R>(
    state: &Services,
    cart: CartRef<'_>,
    change: impl FnMut(&mut CartDocument) -> Result<R, CartError>,
) -> Result<R, CartError> {
    let seen = store::load(state, cart.key).await?;
    write_seen(state, cart, seen, change).await
}

/// [`write`] from the cart as just read (`seen`, from `store::load`).
async fn write_seen<R>(
    state: &Services,
    cart: CartRef<'_>,
    seen: Option<StoredCart<CartDocument>>,
    mut change: impl FnMut(&mut CartDocument) -> Result<R, CartError>,
) -> Result<R, CartError> {
    let (_, outcome) = store::update_seen(state, cart, seen, |doc| {
        let before = doc.clone();
        let outcome = change(doc);
        if outcome.is_err() {
            *doc = before;
        }
        outcome
    })
    .await?;
    outcome
}

/// The cart as stored now (`None` when none is live) and its document (empty then).
async fn read(
    state: &Services,
    cart: CartRef<'_>,
) -> Result<(Option<StoredCart<CartDocument>>, CartDocument), CartError> {
    let seen = store::load(state, cart.key).await?;
    let doc = seen
        .as_ref()
        .map(|stored| stored.data.clone())
        .unwrap_or_default();
    Ok((seen, doc))
}

/// Sets a line's quantity, within its limits (`update-item`, `PUT /cart/items/{key}`).
pub async fn set_quantity(
    state: &Services,
    cart: CartRef<'_>,
    item_key: &str,
    quantity: i64,
) -> Result<(), CartError> {
    let (seen, doc) = read(state, cart).await?;
    let item = doc.item(item_key).ok_or(CartError::UnknownItem)?;
    let records = CartCatalogue::load(
        &state.db,
        std::slice::from_ref(item),
        Some(cart.key),
        state.clock.now(),
    )
    .await?;
    let line = records.line(item).ok_or(CartError::ItemProductGone)?;
    let title = line.title();
    let limits = line.limits(records.held(line.stock_id()));
    limits
        .check(quantity)
        .map_err(|e| CartError::quantity(&title, e))?;
    let quantity = u32::try_from(quantity).unwrap_or(limits.minimum);
    write_seen(state, cart, seen, |doc| {
        let item = doc.item_mut(item_key).ok_or(CartError::UnknownItem)?;
        item.quantity = quantity;
        Ok(())
    })
    .await
}

/// Removes a line (`remove-item`, `DELETE /cart/items/{key}`).
pub async fn remove_item(
    state: &Services,
    cart: CartRef<'_>,
    item_key: &str,
) -> Result<(), CartError> {
    let (seen, doc) = read(state, cart).await?;
    if doc.item(item_key).is_none() {
        return Err(CartError::UnknownItem);
    }
    write_seen(state, cart, seen, |doc| {
        if doc.remove_item(item_key) {
            Ok(())
        } else {
            Err(CartError::UnknownItem)
        }
    })
    .await
}

/// Empties the cart: lines and coupons (`DELETE /cart/items`).
pub async fn empty(state: &Services, cart: CartRef<'_>) -> Result<(), CartError> {
    if load_document(state, cart.key).await?.items.is_empty() {
        return Ok(());
    }
    write(state, cart, |doc| {
        doc.items.clear();
        doc.coupons.clear();
        Ok(())
    })
    .await
}

/// Applies a coupon (`apply-coupon`, `POST /cart/coupons`); returns its code as stored.
pub async fn apply_coupon(
    state: &Services,
    cart: CartRef<'_>,
    code: &str,
) -> Result<String, CartError> {
    let priced = priced::price(state, Some(cart)).await?;
    if !priced.settings.coupons.enabled {
        return Err(CartError::CouponsDisabled);
    }
    // No coupon has a longer code; the code is not echoed back in a message.
    if exceeds(code, MAX_COUPON_CODE_CHARS) {
        return Err(CartError::InvalidCouponCode);
    }
    let code = format_coupon_code(code);
    let record = coupons::get_by_code(&state.db, &code).await?;
    let input = pricing_input(
        &priced.settings,
        &priced.document,
        &priced.catalogue,
        &priced.coupons,
        priced.now,
    );
    let sources: Vec<&dyn FeeSource> = state.cart.fee_sources.iter().map(|s| s.as_ref()).collect();
    let ctx = pricing_context(state, &priced.settings, &sources, priced.now);
    pricing::apply_coupon(&input, &ctx, &code, record.as_ref()).map_err(CartError::Coupon)?;
    let individual = record.as_ref().is_some_and(|c| c.individual_use);
    write(state, cart, |doc| {
        if !doc.has_coupon(&code) {
            if individual {
                doc.coupons.clear();
            }
            doc.coupons.push(code.clone());
        }
        Ok(())
    })
    .await?;
    Ok(code)
}

/// Removes a coupon (`remove-coupon`, `DELETE /cart/coupons/{code}`).
pub async fn remove_coupon(
    state: &Services,
    cart: CartRef<'_>,
    code: &str,
) -> Result<(), CartError> {
    let settings = super::settings::PricingSettings::load(&state.db, &state.settings).await?;
    if !settings.coupons.enabled {
        return Err(CartError::CouponsDisabled);
    }
    if exceeds(code, MAX_COUPON_CODE_CHARS) {
        return Err(CartError::InvalidCouponCode);
    }
    let code = format_coupon_code(code);
    let doc = load_document(state, cart.key).await?;
    if !doc.has_coupon(&code) {
        if coupons::get_by_code(&state.db, &code).await?.is_none() {
            return Err(CartError::InvalidCouponCode);
        }
        return Err(CartError::CouponNotApplied);
    }
    write(state, cart, |doc| {
        doc.coupons.retain(|applied| *applied != code);
        Ok(())
    })
    .await
}

/// Removes every coupon (`DELETE /cart/coupons`).
pub async fn remove_all_coupons(state: &Services, cart: CartRef<'_>) -> Result<(), CartError> {
    if load_document(state, cart.key).await?.coupons.is_empty() {
        return Ok(());
    }
    write(state, cart, |doc| {
        doc.coupons.clear();
        Ok(())
    })
    .await
}

/// Chooses a shipping rate for one package, or for every package when `package_id` is
/// `None`. A rate that is not offered leaves the choice as it was (WooCommerce answers 200
/// and keeps the previous rate).
pub async fn select_shipping_rate(
    state: &Services,
    cart: CartRef<'_>,
    package_id: Option<&str>,
    rate_id: &str,
) -> Result<(), CartError> {
    let priced = priced::price(state, Some(cart)).await?;
    if !priced.settings.shipping.enabled {
        return Err(CartError::ShippingDisabled);
    }
    let packages: Vec<u32> = match package_id {
        Some(id) => id.trim().parse::<u32>().ok().into_iter().collect(),
        None => priced
            .totals
            .packages
            .iter()
            .map(|p| p.package_id)
            .collect(),
    };
    let chosen: Vec<u32> = packages
        .into_iter()
        .filter(|id| priced.totals.offers_rate(*id, rate_id))
        .filter(|id| priced.document.chosen_rates.get(id).map(String::as_str) != Some(rate_id))
        .collect();
    if chosen.is_empty() {
        return Ok(());
    }
    write(state, cart, |doc| {
        for id in &chosen {
            doc.chosen_rates.insert(*id, rate_id.to_owned());
        }
        Ok(())
    })
    .await
}

/// Merges checked address fields over the stored addresses (`update-customer`). When only
/// a billing address is sent and nothing in the cart ships, it is the shipping address too.
/// Returns whether the addresses changed (an unchanged cart is not written).
pub async fn update_customer(
    state: &Services,
    cart: CartRef<'_>,
    billing: Option<&AddressPatch>,
    shipping: Option<&AddressPatch>,
) -> Result<bool, CartError> {
    if billing.is_none() && shipping.is_none() {
        return Ok(false);
    }
    let ships = if shipping.is_none() {
        let doc = load_document(state, cart.key).await?;
        let records =
            CartCatalogue::load(&state.db, &doc.items, Some(cart.key), state.clock.now()).await?;
        doc.items
            .iter()
            .filter_map(|item| records.line(item))
            .any(|line| line.needs_shipping())
    } else {
        true
    };
    write(state, cart, |doc| {
        let before = (doc.billing.clone(), doc.shipping.clone());
        if let Some(patch) = billing {
            patch.apply_to(&mut doc.billing);
        }
        match shipping {
            Some(patch) => patch.apply_to(&mut doc.shipping),
            None if !ships => {
                doc.shipping = Address {
                    email: String::new(),
                    ..doc.billing.clone()
                };
            }
            None => {}
        }
        Ok(before != (doc.billing.clone(), doc.shipping.clone()))
    })
    .await
}

/// Runs the update callback an extension registered for `namespace` (`POST /cart/extensions`).
pub async fn update_extension(
    state: &Services,
    cart: CartRef<'_>,
    namespace: &str,
    data: &Value,
) -> Result<(), CartError> {
    let Some(callback) = state.cart.extensions.get(namespace).cloned() else {
        return Err(CartError::Extension(format!(
            "There is no such namespace registered: {}.",
            escape_html(namespace)
        )));
    };
    // The callback's words may repeat what was sent (an extension's schema names fields).
    let refused = |message: String| CartError::Extension(escape_html(&message));
    let doc = load_document(state, cart.key).await?;
    callback(doc.extensions.get(namespace), data).map_err(refused)?;
    write(state, cart, |doc| {
        let kept = callback(doc.extensions.get(namespace), data).map_err(refused)?;
        doc.extensions.insert(namespace.to_owned(), kept);
        Ok(())
    })
    .await
}
