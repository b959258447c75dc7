//! The Store API cart item (SPEC §3.14), with WooCommerce's keys in its order.

use mercato_core::catalogue::{
    StoreImage, StorePrices, ViewContext, find_attribute, store_image, store_prices,
    variation_permalink,
};
use mercato_core::money::{Currency, Money};
use mercato_core::orders::{ItemPricesView, LineTotalsView, RawPricesView, VariationValueView};
use mercato_core::pricing::{self, CartInput, LineTotals, PricingContext};
use mercato_core::quantity::StoreQuantityLimits;
use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

use super::lines::Line;

/// Digits of `raw_prices`.
const RAW_PRECISION: u32 = 6;

/// A cart item as the Store API sends it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CartItemView {
    /// Cart item key.
    pub key: String,
    /// Product or variation id.
    pub id: i64,
    /// `simple`, `variation` ...
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// How many.
    pub quantity: u32,
    /// Allowed quantities.
    pub quantity_limits: StoreQuantityLimits,
    /// Product name (HTML).
    pub name: String,
    /// Short description (HTML).
    pub short_description: String,
    /// Description (HTML).
    pub description: String,
    /// SKU.
    pub sku: String,
    /// Stock left when low, else null.
    pub low_stock_remaining: Option<i64>,
    /// Whether backorders are allowed.
    pub backorders_allowed: bool,
    /// Whether to show the backorder badge.
    pub show_backorder_badge: bool,
    /// Sold one at a time.
    pub sold_individually: bool,
    /// Product page URL.
    pub permalink: String,
    /// Images.
    pub images: Vec<StoreImage>,
    /// Chosen attributes of a variation.
    pub variation: Vec<VariationValueView>,
    /// Extension display data (the chosen add-on options).
    pub item_data: Vec<ItemDataView>,
    /// Unit prices as the cart shows them.
    pub prices: ItemPricesView,
    /// The line's amounts.
    pub totals: LineTotalsView,
    /// Where the product is listed.
    pub catalog_visibility: &'static str,
    /// Extension data.
    pub extensions: Map<String, Value>,
}

/// An `item_data` entry: a chosen add-on option as WooCommerce's add-ons extension lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ItemDataView {
    /// The add-on group ("Gift wrap").
    pub name: String,
    /// The chosen option ("Yes").
    pub value: String,
    /// The option as shown, with its price ("Yes (+$3.00)"; plain text).
    pub display: String,
}

/// What building an item view needs.
#[derive(Clone, Copy)]
pub struct ItemContext<'a> {
    /// Permalinks, currency, stock display.
    pub view: &'a ViewContext<'a>,
    /// The cart as priced.
    pub input: &'a CartInput,
    /// The pricing context.
    pub pricing: &'a PricingContext<'a>,
}

/// The view of one line.
pub fn item_view(
    line: &Line<'_>,
    held_elsewhere: i64,
    totals: Option<&LineTotals>,
    ctx: &ItemContext<'_>,
) -> CartItemView {
    let product = line.product;
    let stock = line.stock();
    let limits = line.limits(held_elsewhere);
    let low_stock_threshold = ctx.view.settings.low_stock_amount;
    let low_stock_remaining = stock
        .available(held_elsewhere)
        .filter(|left| *left <= stock.low_stock_threshold(low_stock_threshold))
        .map(|left| left.max(0));
    let (kind, short_description, description, sku, permalink, images) = match line.variation {
        Some(variation) => (
            "variation",
            String::new(),
            variation.description.clone(),
            variation.effective_sku(product).to_owned(),
            variation_permalink(ctx.view, product, variation),
            variation
                .effective_image(product)
                .map(store_image)
                .into_iter()
                .collect(),
        ),
        None => (
            product.kind.as_str(),
            product.short_description.clone(),
            product.description.clone(),
            product.sku.clone(),
            ctx.view.product_url(&product.slug),
            product.images().map(store_image).collect(),
        ),
    };
    let currency = ctx.view.currency;
    CartItemView {
        key: line.item.key.clone(),
        id: line.item_id(),
        kind,
        quantity: line.item.quantity,
        quantity_limits: limits.to_store_api(),
        name: product.name.clone(),
        short_description,
        description,
        sku,
        low_stock_remaining,
        backorders_allowed: stock.backorders_allowed(),
        show_backorder_badge: stock.backorders_require_notification()
            && stock.is_on_backorder(i64::from(line.item.quantity)),
        sold_individually: line.sold_individually(),
        permalink,
        images,
        variation: variation_values(line),
        item_data: addon_item_data(line, currency),
        prices: item_prices(line, ctx),
        totals: line_totals(totals, currency),
        catalog_visibility: product.catalog_visibility.as_str(),
        extensions: Map::new(),
    }
}

/// `{attribute, value}` per chosen attribute: label and value name.
fn variation_values(line: &Line<'_>) -> Vec<VariationValueView> {
    if line.variation.is_none() {
        return Vec::new();
    }
    line.item
        .variation
        .iter()
        .map(
            |chosen| match find_attribute(&line.product.attributes, &chosen.name) {
                Some(attribute) => VariationValueView {
                    attribute: attribute.name.clone(),
                    value: attribute.option_name(&chosen.value).to_owned(),
                },
                None => VariationValueView {
                    attribute: chosen
                        .name
                        .strip_prefix("attribute_")
                        .unwrap_or(&chosen.name)
                        .to_owned(),
                    value: chosen.value.clone(),
                },
            },
        )
        .collect()
}

/// The chosen add-on options as WooCommerce's add-ons extension lists them in `item_data`:
/// `{name: group, value: option, display: "Yes (+$3.00)"}` (plain text; the Store API
/// sanitises nothing further).
fn addon_item_data(line: &Line<'_>, currency: &Currency) -> Vec<ItemDataView> {
    line.addons()
        .unwrap_or_default()
        .iter()
        .map(|chosen| ItemDataView {
            name: chosen.group.name.clone(),
            value: chosen.option.label.clone(),
            display: chosen.option.display(currency),
        })
        .collect()
}

/// Unit prices as the cart shows them (with or without tax), and at six decimals.
fn item_prices(line: &Line<'_>, ctx: &ItemContext<'_>) -> ItemPricesView {
    let now = ctx.view.now;
    let pricing = match line.variation {
        Some(variation) => &variation.pricing,
        None => &line.product.pricing,
    };
    // Each price with the add-on options on top (a percentage is a share of that price).
    let with_addons = |own: Money| own + line.addon_adjustment(own);
    let own = pricing.current(now).unwrap_or(Money::ZERO);
    let current = with_addons(own);
    let sale_ended = pricing.sale_to.is_some_and(|to| to < now);
    let sale = pricing
        .sale
        .filter(|_| !sale_ended)
        .map_or(current, with_addons);
    let regular = pricing.regular.map_or(current, with_addons);
    let base = line.pricing_line(now);
    let shown = |unit: Money| {
        let one = pricing::CartLine {
            unit_price: unit,
            ..base.clone()
        };
        pricing::display_price(ctx.input, ctx.pricing, &one, 1)
    };
    let prices: StorePrices = store_prices(
        shown(current),
        shown(regular),
        shown(sale),
        None,
        ctx.view.currency,
    );
    let unit = prices.currency.currency_minor_unit;
    let raw = |minor: &str| {
        minor
            .parse::<i64>()
            .ok()
            .and_then(|m| Money::from_minor(m).rescale(unit, RAW_PRECISION))
            .map(|m| m.to_minor_string())
            .unwrap_or_default()
    };
    let raw_prices = RawPricesView {
        precision: RAW_PRECISION,
        price: raw(&prices.price),
        regular_price: raw(&prices.regular_price),
        sale_price: raw(&prices.sale_price),
    };
    ItemPricesView { prices, raw_prices }
}

fn line_totals(totals: Option<&LineTotals>, currency: &Currency) -> LineTotalsView {
    let amount =
        |pick: fn(&LineTotals) -> Money| totals.map_or(Money::ZERO, pick).to_minor_string();
    LineTotalsView {
        line_subtotal: amount(|t| t.line_subtotal),
        line_subtotal_tax: amount(|t| t.line_subtotal_tax),
        line_total: amount(|t| t.line_total),
        line_total_tax: amount(|t| t.line_total_tax),
        currency: currency.fields(),
    }
}
