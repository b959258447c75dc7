//! Adding to the cart (`CartController::add_to_cart`): find the product or the variation the
//! chosen options name, check it can be bought in that quantity, then add it to its line
//! (the same product with the same options twice is one line with the quantities summed).

use std::collections::HashMap;

use mercato_core::catalogue::{
    AttributeChoice, Product, ProductId, ProductType, Variation, VariationChoiceError,
    choose_addons, find_matching_variation, resolve_choice, selected_attributes,
};
use mercato_core::money::Money;
use mercato_db::catalogue::{self, StoredRecord};
use mercato_db::{Db, stock_holds};

use super::catalogue::CartCatalogue;
use super::document::{CartDocument, ItemAttribute, StoredItem, line_key};
use super::error::escape_html;
use super::lines::Line;
use super::{CartError, CartRef, store};
use crate::services::Services;

/// What to add.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddItem {
    /// A product or variation id.
    pub id: i64,
    /// How many; `None` adds the product's minimum.
    pub quantity: Option<i64>,
    /// Chosen options as `(attribute, value)`: labels or slugs, names or term slugs.
    pub variation: Vec<(String, String)>,
    /// Chosen add-on options as `(group, option)`: keys or names and labels.
    pub addons: Vec<(String, String)>,
}

/// The product (or variation) an add-to-cart names, with what checking it needs.
struct Target {
    product: Product,
    variation: Option<Variation>,
    siblings: Vec<Variation>,
    attributes: Vec<ItemAttribute>,
}

/// A line added to, with what adding read and wrote: the cart as stored after the write and
/// the records of the product added. [`super::price_added`] prices the cart from them
/// without reading either again.
#[derive(Debug, Clone)]
pub struct Added {
    /// The key of the line added to.
    pub key: String,
    /// The cart document as the write stored it.
    pub(super) document: CartDocument,
    /// The product added, its variations and the stock held against it.
    pub(super) records: CartCatalogue,
}

/// Adds to the cart; returns the key of the line added to.
pub async fn add_item(
    state: &Services,
    cart: CartRef<'_>,
    request: &AddItem,
) -> Result<String, CartError> {
    Ok(add(state, cart, request).await?.key)
}

/// Adds to the cart; returns the line added to with what adding read (for a priced reply).
pub async fn add(
    state: &Services,
    cart: CartRef<'_>,
    request: &AddItem,
) -> Result<Added, CartError> {
    let db = &state.db;
    let at = state.clock.now();
    let target = find_target(db, request).await?;
    let addons = choose_addons(&target.product.addons, &request.addons)
        .map_err(|e| CartError::InvalidAddon(escape_html(&e.to_string())))?;
    let key = line_key(
        target.product.id.0,
        target.variation.as_ref().map(|v| v.id.0),
        &target.attributes,
        &addons,
    );
    let mut item = StoredItem {
        key: key.clone(),
        product_id: target.product.id.0,
        variation_id: target.variation.as_ref().map(|v| v.id.0),
        variation: target.attributes.clone(),
        quantity: 0,
        name: String::new(),
        unit_price: 0,
        addons,
    };
    let mut variations = target.siblings.clone();
    if let Some(variation) = &target.variation
        && !variations.iter().any(|v| v.id == variation.id)
    {
        variations.push(variation.clone());
    }
    let (title, stock_id, managed) = {
        let line = Line {
            item: &item,
            product: &target.product,
            variation: target.variation.as_ref(),
        };
        (line.title(), line.stock_id(), line.stock().managed)
    };
    let held = if managed {
        stock_holds::held_quantities(db, &[stock_id], Some(cart.key), at).await?
    } else {
        HashMap::new()
    };
    let records = CartCatalogue::of(vec![target.product.clone()], variations, held);
    let Some(line) = records.line(&item) else {
        return Err(CartError::UnknownProduct(request.id));
    };
    if !line.is_purchasable(at) {
        return Err(CartError::NotPurchasable(title));
    }
    let limits = line.limits(records.held(stock_id));
    let requested = if line.sold_individually() {
        1
    } else {
        request.quantity.unwrap_or(i64::from(limits.minimum))
    };
    if requested <= 0 {
        return Err(CartError::QuantityNotPositive(escape_html(&title)));
    }
    if !line.stock().is_in_stock() {
        return Err(CartError::OutOfStock(title));
    }
    let unit_price = line.unit_price(at).unwrap_or(Money::ZERO).minor();
    item.name.clone_from(&title);
    item.unit_price = unit_price;
    let seen = store::load(state, cart.key).await?;
    let empty = CartDocument::default();
    let current = seen.as_ref().map_or(&empty, |stored| &stored.data);
    check(current, &records, &item, requested)?;
    let (stored, outcome) = store::update_seen(state, cart, seen, |doc| {
        check(doc, &records, &item, requested)?;
        apply(doc, &records, &item, requested);
        Ok::<(), CartError>(())
    })
    .await?;
    outcome?;
    Ok(Added {
        key,
        document: stored.data,
        records,
    })
}

/// Whether `requested` more of `item` fit: a product sold individually not in the cart yet
/// on any line (whatever add-on options it was chosen with), stock left after other
/// checkouts' holds and what the cart already has, and the line's limits when it is already
/// in the cart.
fn check(
    doc: &CartDocument,
    records: &CartCatalogue,
    item: &StoredItem,
    requested: i64,
) -> Result<(), CartError> {
    let Some(line) = records.line(item) else {
        return Ok(());
    };
    let title = line.title();
    if line.sold_individually()
        && doc
            .items
            .iter()
            .filter_map(|other| records.line(other))
            .any(|other| other.item_id() == line.item_id() && other.item.quantity > 0)
    {
        return Err(CartError::SoldIndividually(escape_html(&title)));
    }
    let stock = line.stock();
    let held = records.held(line.stock_id());
    let in_cart: i64 = doc
        .items
        .iter()
        .filter_map(|other| records.line(other))
        .filter(|other| other.stock_id() == line.stock_id())
        .map(|other| i64::from(other.item.quantity))
        .sum();
    if !stock.has_enough(in_cart.saturating_add(requested), held) {
        return Err(CartError::NotEnoughStock {
            name: title,
            remaining: stock.available(held).unwrap_or_default(),
        });
    }
    if let Some(existing) = doc.item(&item.key) {
        let updated = i64::from(existing.quantity).saturating_add(requested);
        line.limits(held)
            .check(updated)
            .map_err(|e| CartError::quantity(&title, e))?;
    }
    Ok(())
}

/// Adds `requested` to the line, or makes a new line with the quantity brought within the
/// limits (`QuantityLimits::normalize`: the nearest multiple, within minimum and maximum).
fn apply(doc: &mut CartDocument, records: &CartCatalogue, item: &StoredItem, requested: i64) {
    if let Some(existing) = doc.item_mut(&item.key) {
        let updated = i64::from(existing.quantity).saturating_add(requested);
        existing.quantity = u32::try_from(updated).unwrap_or(u32::MAX);
        return;
    }
    let Some(line) = records.line(item) else {
        return;
    };
    let limits = line.limits(records.held(line.stock_id()));
    let quantity = limits.normalize(u32::try_from(requested.max(0)).unwrap_or(u32::MAX));
    doc.items.push(StoredItem {
        quantity,
        ..item.clone()
    });
}

/// Finds what an add-to-cart names: a simple product, a variation by id, or the variation of
/// a variable product that matches the chosen options.
async fn find_target(db: &Db, request: &AddItem) -> Result<Target, CartError> {
    let unknown = || CartError::UnknownProduct(request.id);
    let record = if request.id > 0 {
        catalogue::load_record(db, request.id).await?
    } else {
        None
    };
    match record.ok_or_else(unknown)? {
        StoredRecord::Product(product) if product.kind == ProductType::Variable => {
            let siblings = catalogue::variations_of(db, product.id).await?;
            let choice = resolve_choice(&product, request.variation.iter().cloned()).choice;
            let variation = find_matching_variation(&siblings, &choice)
                .cloned()
                .ok_or(CartError::NoMatchingVariation)?;
            let attributes = chosen_attributes(&product, &variation, &choice)?;
            Ok(Target {
                product: *product,
                variation: Some(variation),
                siblings,
                attributes,
            })
        }
        StoredRecord::Product(product) => Ok(Target {
            product: *product,
            variation: None,
            siblings: Vec::new(),
            attributes: Vec::new(),
        }),
        StoredRecord::Variation(variation) => {
            let product = catalogue::product_by_id(db, variation.parent_id)
                .await?
                .ok_or_else(unknown)?;
            let siblings = catalogue::variations_of(db, ProductId(product.id.0)).await?;
            let choice = resolve_choice(&product, request.variation.iter().cloned()).choice;
            let attributes = chosen_attributes(&product, &variation, &choice)?;
            Ok(Target {
                product,
                variation: Some(*variation),
                siblings,
                attributes,
            })
        }
    }
}

/// The variation's full attribute set with the chosen values for its "any" ones, sorted by
/// name as WooCommerce sorts a cart item's variation data.
fn chosen_attributes(
    product: &Product,
    variation: &Variation,
    choice: &AttributeChoice,
) -> Result<Vec<ItemAttribute>, CartError> {
    let selected = selected_attributes(product, variation, choice).map_err(|e| match e {
        VariationChoiceError::Missing(_) => CartError::MissingVariationData(e.to_string()),
        VariationChoiceError::Invalid { .. } => {
            CartError::InvalidVariationData(escape_html(&e.to_string()))
        }
    })?;
    let mut attributes: Vec<ItemAttribute> = selected
        .into_iter()
        .map(|a| ItemAttribute {
            name: a.field_name,
            value: a.value,
        })
        .collect();
    attributes.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(attributes)
}
