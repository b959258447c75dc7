//! The Store API product object (`GET /wc/store/v1/products[/{id}]`, cart cross-sells): its
//! types, with WooCommerce's keys, types and key order. Built by [`super::store_product`].

use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

use crate::money::CurrencyFields;

use super::stock::Availability;
use super::taxonomy::{CategoryTree, Tag};

/// The categories and tags products refer to.
#[derive(Debug, Clone, Copy)]
pub struct Taxonomies<'a> {
    /// Every category.
    pub categories: &'a CategoryTree,
    /// Every tag (or at least the product's).
    pub tags: &'a [Tag],
}

/// `prices` of a product or cart item: minor-unit strings and the currency fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StorePrices {
    /// Current price.
    pub price: String,
    /// Regular price.
    pub regular_price: String,
    /// Sale price (the current price when there is no sale).
    pub sale_price: String,
    /// Lowest and highest price of a variable or grouped product.
    pub price_range: Option<StorePriceRange>,
    /// Currency fields.
    #[serde(flatten)]
    pub currency: CurrencyFields,
}

/// `price_range` of [`StorePrices`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StorePriceRange {
    /// Lowest price.
    pub min_amount: String,
    /// Highest price.
    pub max_amount: String,
}

/// An image in the Store API.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreImage {
    /// Upload id.
    pub id: i64,
    /// Full-size URL.
    pub src: String,
    /// Thumbnail URL.
    pub thumbnail: String,
    /// Responsive sources ("" when none).
    pub srcset: String,
    /// Responsive sizes ("" when none).
    pub sizes: String,
    /// Title.
    pub name: String,
    /// Alternative text.
    pub alt: String,
}

/// A category, tag or brand reference of a product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreTermLink {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Slug.
    pub slug: String,
    /// Archive page URL.
    pub link: String,
}

/// A product attribute with the options the product offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreAttribute {
    /// Global attribute id, 0 for local ones.
    pub id: i64,
    /// Label.
    pub name: String,
    /// `pa_color`, or null for local attributes.
    pub taxonomy: Option<String>,
    /// Used for variations.
    pub has_variations: bool,
    /// The options.
    pub terms: Vec<StoreAttributeTerm>,
}

/// One option of a [`StoreAttribute`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreAttributeTerm {
    /// Term id, 0 for local values.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Slug (the value itself for local attributes).
    pub slug: String,
    /// Present only when the product has a default for the attribute.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub default: Option<bool>,
}

/// A variation reference of a variable product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreVariationRef {
    /// Variation id.
    pub id: i64,
    /// Its value per attribute.
    pub attributes: Vec<StoreVariationValue>,
}

/// `{name, value}`; a null value means any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreVariationValue {
    /// Attribute label.
    pub name: String,
    /// Stored value, or null for any.
    pub value: Option<String>,
}

/// `add_to_cart` of a product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreAddToCart {
    /// Button text in listings.
    pub text: String,
    /// Accessible description (HTML entities).
    pub description: String,
    /// Where the button leads.
    pub url: String,
    /// Button text on the product page.
    pub single_text: String,
    /// Smallest quantity.
    pub minimum: u32,
    /// Largest quantity.
    pub maximum: u32,
    /// Step.
    pub multiple_of: u32,
}

/// The Store API product object.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct StoreProduct {
    /// Id.
    pub id: i64,
    /// Name (HTML).
    pub name: String,
    /// Slug.
    pub slug: String,
    /// Parent id (variations), else 0.
    pub parent: i64,
    /// `simple`, `variable`, `grouped`, `external` or `variation`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// "Color: Blue, Logo: Yes" for variations, else "".
    pub variation: String,
    /// Product page URL.
    pub permalink: String,
    /// SKU.
    pub sku: String,
    /// Short description (HTML).
    pub short_description: String,
    /// Description (HTML).
    pub description: String,
    /// On sale now.
    pub on_sale: bool,
    /// Prices.
    pub prices: StorePrices,
    /// Price HTML.
    pub price_html: String,
    /// Average rating as text ("0", "4.50").
    pub average_rating: String,
    /// Approved reviews.
    pub review_count: u32,
    /// Main image, then gallery.
    pub images: Vec<StoreImage>,
    /// Categories.
    pub categories: Vec<StoreTermLink>,
    /// Tags.
    pub tags: Vec<StoreTermLink>,
    /// Brands (none in Mercato yet).
    pub brands: Vec<StoreTermLink>,
    /// Visible and variation attributes.
    pub attributes: Vec<StoreAttribute>,
    /// Visible variations of a variable product.
    pub variations: Vec<StoreVariationRef>,
    /// Children of a grouped product.
    pub grouped_products: Vec<i64>,
    /// Options must be chosen first.
    pub has_options: bool,
    /// Can be bought.
    pub is_purchasable: bool,
    /// In stock.
    pub is_in_stock: bool,
    /// On backorder.
    pub is_on_backorder: bool,
    /// Stock left when low.
    pub low_stock_remaining: Option<i64>,
    /// Availability text and class.
    pub stock_availability: Availability,
    /// One per order.
    pub sold_individually: bool,
    /// Button data.
    pub add_to_cart: StoreAddToCart,
    /// Extension data (`{}`).
    pub extensions: Map<String, Value>,
}
