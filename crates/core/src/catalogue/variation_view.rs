//! The variation object of SPEC §3.1: the reply of `?wc-ajax=get_variation` and each entry of
//! a product form's embedded `product_variations`, with WooCommerce's keys and types.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Value;

use crate::quantity::QuantityLimits;

use super::display::ViewContext;
use super::family::ProductFamily;
use super::price_html::simple_price_html;
use super::product::{Dimensions, Image};
use super::variation::Variation;

/// Attribute field names to values, kept in the parent's attribute order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrderedAttributes(pub Vec<(String, String)>);

impl Serialize for OrderedAttributes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Image sizes present only when the variation has an image.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct VariationImageSizes {
    /// Full-size URL.
    pub full_src: String,
    /// Full-size width.
    pub full_src_w: Option<u32>,
    /// Full-size height.
    pub full_src_h: Option<u32>,
    /// Gallery thumbnail URL.
    pub gallery_thumbnail_src: String,
    /// Gallery thumbnail width.
    pub gallery_thumbnail_src_w: Option<u32>,
    /// Gallery thumbnail height.
    pub gallery_thumbnail_src_h: Option<u32>,
    /// Catalogue thumbnail URL.
    pub thumb_src: String,
    /// Catalogue thumbnail width.
    pub thumb_src_w: Option<u32>,
    /// Catalogue thumbnail height.
    pub thumb_src_h: Option<u32>,
    /// Single-product image width.
    pub src_w: Option<u32>,
    /// Single-product image height.
    pub src_h: Option<u32>,
}

/// `image` of a variation (WooCommerce's attachment props).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct VariationImage {
    /// Title.
    pub title: String,
    /// Caption.
    pub caption: String,
    /// Attachment URL.
    pub url: String,
    /// Alternative text (falls back to caption, title, product name).
    pub alt: String,
    /// Single-product image URL.
    pub src: String,
    /// `false` when unknown.
    pub srcset: Value,
    /// `false` when unknown.
    pub sizes: Value,
    /// Sizes, when there is an image.
    #[serde(flatten)]
    pub detail: Option<VariationImageSizes>,
}

impl VariationImage {
    /// The props of `image` (or the empty props WooCommerce sends without one).
    pub fn new(image: Option<&Image>, product_name: &str) -> Self {
        let Some(image) = image else {
            return VariationImage {
                title: String::new(),
                caption: String::new(),
                url: String::new(),
                alt: String::new(),
                src: String::new(),
                srcset: Value::Bool(false),
                sizes: Value::Bool(false),
                detail: None,
            };
        };
        let alt = [image.alt.as_str(), image.name.as_str(), product_name]
            .into_iter()
            .find(|a| !a.is_empty())
            .unwrap_or_default()
            .to_owned();
        let thumbnail = image.thumbnail_src().to_owned();
        VariationImage {
            title: image.name.clone(),
            caption: String::new(),
            url: image.src.clone(),
            alt,
            src: image.src.clone(),
            srcset: Value::Bool(false),
            sizes: Value::Bool(false),
            detail: Some(VariationImageSizes {
                full_src: image.src.clone(),
                full_src_w: image.width,
                full_src_h: image.height,
                gallery_thumbnail_src: thumbnail.clone(),
                gallery_thumbnail_src_w: None,
                gallery_thumbnail_src_h: None,
                thumb_src: thumbnail,
                thumb_src_w: None,
                thumb_src_h: None,
                src_w: image.width,
                src_h: image.height,
            }),
        }
    }
}

/// The §3.1 variation object.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct VariationJson {
    /// `attribute_pa_color` → value; "" means any.
    pub attributes: OrderedAttributes,
    /// `<p class="stock …">…</p>` or "".
    pub availability_html: String,
    /// Backorders allowed.
    pub backorders_allowed: bool,
    /// Length, width, height as entered (inherited).
    pub dimensions: Dimensions,
    /// `10 &times; 8 &times; 3 in` or `N/A`.
    pub dimensions_html: String,
    /// Current price as a number in major units.
    pub display_price: serde_json::Number,
    /// Regular price as a number in major units.
    pub display_regular_price: serde_json::Number,
    /// Image props.
    pub image: VariationImage,
    /// Image id, 0 without one.
    pub image_id: i64,
    /// Downloadable.
    pub is_downloadable: bool,
    /// In stock.
    pub is_in_stock: bool,
    /// Purchasable.
    pub is_purchasable: bool,
    /// `yes` or `no`.
    pub is_sold_individually: &'static str,
    /// Virtual.
    pub is_virtual: bool,
    /// Largest quantity, or "" without a limit.
    pub max_qty: Value,
    /// Smallest quantity.
    pub min_qty: u32,
    /// `<span class="price">…</span>`, or "" when every variation costs the same.
    pub price_html: String,
    /// SKU (inherited).
    pub sku: String,
    /// Description (HTML).
    pub variation_description: String,
    /// Id.
    pub variation_id: i64,
    /// Enabled.
    pub variation_is_active: bool,
    /// Enabled and priced.
    pub variation_is_visible: bool,
    /// Weight as entered (inherited).
    pub weight: String,
    /// `1.5 lbs` or `N/A`.
    pub weight_html: String,
}

/// The variation object for `variation` of `family.product`. The price HTML is left empty
/// when all visible variations share one price, as WooCommerce does.
pub fn variation_json(
    family: &ProductFamily<'_>,
    variation: &Variation,
    ctx: &ViewContext<'_>,
) -> VariationJson {
    let family = family.hiding_out_of_stock(ctx.settings.hide_out_of_stock);
    let parent = family.product;
    let minor_unit = ctx.currency.minor_unit;
    let stock = variation.effective_stock(parent);
    let availability = stock.availability(ctx.settings.stock_format, ctx.settings.low_stock_amount);
    let availability_html = if availability.text.is_empty() {
        String::new()
    } else {
        format!(
            "<p class=\"stock {}\">{}</p>\n",
            availability.class, availability.text
        )
    };
    let attributes = parent
        .variation_attributes()
        .into_iter()
        .map(|a| {
            (
                a.field_name(),
                variation.value_of(&a.key()).unwrap_or("").to_owned(),
            )
        })
        .collect();
    let price = variation.current_price(ctx.now).unwrap_or_default();
    let regular = variation.pricing.regular.unwrap_or(price);
    let prices_differ = family
        .price_range(ctx.now)
        .is_none_or(|r| r.min != r.max || r.min_regular != r.max_regular);
    let price_html = if variation.current_price(ctx.now).is_none() || prices_differ {
        format!(
            "<span class=\"price\">{}</span>",
            simple_price_html(&variation.pricing, ctx.currency, ctx.now)
        )
    } else {
        String::new()
    };
    let limits = QuantityLimits::for_variation(variation, parent);
    let image = variation.effective_image(parent);
    let weight = variation.effective_weight(parent).to_owned();
    let dimensions = variation.effective_dimensions(parent);
    VariationJson {
        attributes: OrderedAttributes(attributes),
        availability_html,
        backorders_allowed: stock.backorders_allowed(),
        dimensions_html: ctx.dimensions_html(&dimensions),
        dimensions,
        display_price: price.to_json_number(minor_unit),
        display_regular_price: regular.to_json_number(minor_unit),
        image: VariationImage::new(image, &parent.name),
        image_id: image.map_or(0, |i| i.id.0),
        is_downloadable: variation.is_downloadable,
        is_in_stock: stock.is_in_stock(),
        is_purchasable: variation.is_purchasable(parent),
        is_sold_individually: if variation.is_sold_individually(parent) {
            "yes"
        } else {
            "no"
        },
        is_virtual: variation.is_virtual,
        max_qty: limits
            .maximum
            .map_or_else(|| Value::String(String::new()), Value::from),
        min_qty: limits.minimum,
        price_html,
        sku: variation.effective_sku(parent).to_owned(),
        variation_description: variation.description.clone(),
        variation_id: variation.id.0,
        variation_is_active: variation.is_active(),
        variation_is_visible: variation.is_visible(),
        weight_html: ctx.weight_html(&weight),
        weight,
    }
}

/// Every visible variation's object: a variable product form's `product_variations` data.
pub fn available_variations(
    family: &ProductFamily<'_>,
    ctx: &ViewContext<'_>,
) -> Vec<VariationJson> {
    let family = family.hiding_out_of_stock(ctx.settings.hide_out_of_stock);
    family
        .visible_variations()
        .into_iter()
        .map(|v| variation_json(&family, v, ctx))
        .collect()
}
