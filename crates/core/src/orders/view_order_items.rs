//! The lines of the Store API order object: each shows the product as it is now
//! (descriptions, images, prices), as WooCommerce does, with the line's own amounts.

use serde::Serialize;
use ts_rs::TS;

use super::model::{LineItem, Order};
use super::view_order::{OrderViewContext, amount};
use crate::catalogue::{StoreImage, StorePrices};
use crate::money::{CurrencyFields, Money};

/// Digits of `raw_prices`.
const RAW_PRECISION: u32 = 6;

/// What a line shows of its product today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemProduct {
    /// Short description, HTML as the Store API sends it.
    pub short_description: String,
    /// Description, HTML.
    pub description: String,
    /// Current SKU.
    pub sku: String,
    /// Product page URL.
    pub permalink: String,
    /// Images.
    pub images: Vec<StoreImage>,
    /// Current prices (`catalogue::item_prices`).
    pub prices: StorePrices,
    /// Whether it sells one at a time.
    pub sold_individually: bool,
    /// `visible`, `catalog`, `search` or `hidden`.
    pub catalog_visibility: String,
    /// The labels of the product's own attributes, in order ("Color" for a gray T-shirt);
    /// empty for a variation, whose line lists the shopper's choices instead.
    pub attribute_labels: Vec<String>,
}

/// A line of the order object.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrderItemView {
    /// The order key (sic: WooCommerce puts the order's key on every line).
    pub key: String,
    /// Order item id.
    pub id: i64,
    /// Quantity.
    pub quantity: u32,
    /// The quantity, fixed.
    pub quantity_limits: QuantityLimitsView,
    /// Name at the time of the order.
    pub name: String,
    /// Product short description.
    pub short_description: String,
    /// Product description.
    pub description: String,
    /// SKU.
    pub sku: String,
    /// Always null for orders.
    pub low_stock_remaining: Option<i64>,
    /// Always false for orders.
    pub backorders_allowed: bool,
    /// Always false for orders.
    pub show_backorder_badge: bool,
    /// Whether the product sells one at a time.
    pub sold_individually: bool,
    /// Product page URL.
    pub permalink: String,
    /// Images.
    pub images: Vec<StoreImage>,
    /// A variation's chosen attributes; for another product, its own attributes, each
    /// with the empty object WooCommerce 10.0.2 sends as the value (golden 036).
    pub variation: Vec<OrderVariationView>,
    /// The line's other details.
    pub item_data: Vec<ItemDataView>,
    /// Current prices.
    pub prices: ItemPricesView,
    /// The line's amounts.
    pub totals: LineTotalsView,
    /// Product visibility.
    pub catalog_visibility: String,
}

/// `quantity_limits` of an order line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QuantityLimitsView {
    /// The quantity.
    pub minimum: u32,
    /// The quantity.
    pub maximum: u32,
    /// 1.
    pub multiple_of: u32,
    /// False.
    pub editable: bool,
}

/// `{attribute, value}`: "Color" / "Blue".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct VariationValueView {
    /// Attribute label.
    pub attribute: String,
    /// Value as shown.
    pub value: String,
}

/// A `variation` entry of an order line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OrderVariationView {
    /// Attribute label.
    pub attribute: String,
    /// The value.
    pub value: OrderVariationValue,
}

/// The value of an order line's `variation` entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum OrderVariationValue {
    /// A variation's chosen value, as shown ("Blue").
    Shown(String),
    /// A simple product's attribute: WooCommerce 10.0.2 puts the attribute object itself
    /// here, whose fields are all protected, so it reaches the wire as `{}`.
    ProductAttribute(EmptyObject),
}

/// Serialises as `{}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EmptyObject {}

/// An `item_data` entry (stored line meta, formatted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ItemDataView {
    /// Meta row id (none kept: null).
    pub id: Option<i64>,
    /// Meta key.
    pub key: String,
    /// Meta value.
    pub value: String,
    /// Key as shown.
    pub display_key: String,
    /// Value as shown (a paragraph).
    pub display_value: String,
}

/// `prices` of an order line: the product's prices and `raw_prices`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ItemPricesView {
    /// Prices and currency fields.
    #[serde(flatten)]
    pub prices: StorePrices,
    /// The prices with six decimals.
    pub raw_prices: RawPricesView,
}

/// `raw_prices`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct RawPricesView {
    /// 6.
    pub precision: u32,
    /// Price.
    pub price: String,
    /// Regular price.
    pub regular_price: String,
    /// Sale price.
    pub sale_price: String,
}

/// `totals` of an order line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct LineTotalsView {
    /// Before coupons.
    pub line_subtotal: String,
    /// Tax before coupons.
    pub line_subtotal_tax: String,
    /// After coupons.
    pub line_total: String,
    /// Tax after coupons.
    pub line_total_tax: String,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

pub(super) fn item_view(
    order: &Order,
    line: &LineItem,
    product: Option<&ItemProduct>,
    ctx: &OrderViewContext<'_>,
) -> OrderItemView {
    let variation = match product {
        None => Vec::new(),
        Some(_) if line.variation_id.is_some() => line
            .attributes
            .iter()
            .map(|a| OrderVariationView {
                attribute: a.label.clone(),
                value: OrderVariationValue::Shown(a.display_value.clone()),
            })
            .collect(),
        Some(product) => product
            .attribute_labels
            .iter()
            .map(|label| OrderVariationView {
                attribute: label.clone(),
                value: OrderVariationValue::ProductAttribute(EmptyObject {}),
            })
            .collect(),
    };
    let item_data = line
        .attributes
        .iter()
        .filter(|a| !in_product_name(&a.display_value, &line.name))
        .map(|a| ItemDataView {
            id: None,
            key: a.key.clone(),
            value: a.value.clone(),
            display_key: a.label.clone(),
            display_value: format!("<p>{}</p>\n", a.display_value),
        })
        .chain(line.addons.iter().map(|a| ItemDataView {
            id: None,
            key: a.label.clone(),
            value: a.value.clone(),
            display_key: a.label.clone(),
            // Merchant text, but written as HTML here: escaped.
            display_value: format!("<p>{}</p>\n", escape_text(&a.display_value)),
        }))
        .collect();
    let prices = product.map_or_else(missing_prices, |p| p.prices.clone());
    let raw_prices = raw_prices(&prices);
    OrderItemView {
        key: order.order_key.as_str().to_owned(),
        id: line.id,
        quantity: line.quantity,
        quantity_limits: QuantityLimitsView {
            minimum: line.quantity,
            maximum: line.quantity,
            multiple_of: 1,
            editable: false,
        },
        name: line.name.clone(),
        short_description: product
            .map(|p| p.short_description.clone())
            .unwrap_or_default(),
        description: product.map(|p| p.description.clone()).unwrap_or_default(),
        sku: product.map_or_else(|| line.sku.clone(), |p| p.sku.clone()),
        low_stock_remaining: None,
        backorders_allowed: false,
        show_backorder_badge: false,
        sold_individually: product.is_some_and(|p| p.sold_individually),
        permalink: product.map(|p| p.permalink.clone()).unwrap_or_default(),
        images: product.map(|p| p.images.clone()).unwrap_or_default(),
        variation,
        item_data,
        prices: ItemPricesView { prices, raw_prices },
        totals: LineTotalsView {
            line_subtotal: amount(line.subtotal),
            line_subtotal_tax: amount(line.subtotal_tax),
            line_total: amount(line.total),
            line_total_tax: amount(line.total_tax),
            currency: ctx.currency.fields(),
        },
        catalog_visibility: product
            .map_or_else(|| "hidden".to_owned(), |p| p.catalog_visibility.clone()),
    }
}

/// `&`, `<` and `>` as entities, for plain text written into HTML.
fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Whether an attribute value is already part of a line's name ("Hoodie - Blue, Yes"), in which
/// case it is not repeated in `item_data` (`wc_is_attribute_in_product_name`).
fn in_product_name(value: &str, name: &str) -> bool {
    let name = name.to_lowercase();
    let value = value.to_lowercase();
    !value.is_empty()
        && (name.contains(&format!(" {value},")) || name.ends_with(&format!(" {value}")))
}

/// The prices WooCommerce shows for a line whose product is gone.
fn missing_prices() -> StorePrices {
    StorePrices {
        price: String::new(),
        regular_price: String::new(),
        sale_price: String::new(),
        price_range: None,
        currency: CurrencyFields {
            currency_code: String::new(),
            currency_symbol: String::new(),
            currency_minor_unit: 2,
            currency_decimal_separator: ".".to_owned(),
            currency_thousand_separator: ",".to_owned(),
            currency_prefix: String::new(),
            currency_suffix: String::new(),
        },
    }
}

/// The prices at six decimals ("1800" in cents → "18000000"); blanks stay blank.
fn raw_prices(prices: &StorePrices) -> RawPricesView {
    let unit = prices.currency.currency_minor_unit;
    let raw = |minor: &str| {
        minor
            .parse::<i64>()
            .ok()
            .and_then(|m| Money::from_minor(m).rescale(unit, RAW_PRECISION))
            .map(|m| m.to_minor_string())
            .unwrap_or_default()
    };
    RawPricesView {
        precision: RAW_PRECISION,
        price: raw(&prices.price),
        regular_price: raw(&prices.regular_price),
        sale_price: raw(&prices.sale_price),
    }
}
