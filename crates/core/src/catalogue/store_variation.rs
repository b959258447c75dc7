//! Variations in the Store API: a variation requested as a product, its permalink and its
//! attribute summary.

use serde_json::Map;

use crate::quantity::QuantityLimits;

use super::display::ViewContext;
use super::family::ProductFamily;
use super::price_html::{for_store_api, simple_price_html};
use super::product::{Product, ProductType};
use super::stock::StockStatus;
use super::store_product::{add_to_cart, category_links, item_prices, store_image, tag_links};
use super::store_view::{StoreProduct, Taxonomies};
use super::variation::Variation;

/// PHP's `urlencode`: letters, digits and `-_.` kept, space as `+`, the rest `%XX`.
fn urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                out.push(char::from(byte))
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// A variation's page: the parent's permalink with its fixed attributes as query arguments
/// (`/product/hoodie/?attribute_pa_color=blue&attribute_logo=Yes`).
pub fn variation_permalink(
    ctx: &ViewContext<'_>,
    parent: &Product,
    variation: &Variation,
) -> String {
    let query: Vec<String> = parent
        .variation_attributes()
        .into_iter()
        .filter_map(|a| {
            let value = variation.value_of(&a.key()).filter(|v| !v.is_empty())?;
            Some(format!(
                "{}={}",
                urlencode(&a.field_name()),
                urlencode(value)
            ))
        })
        .collect();
    let base = ctx.product_url(&parent.slug);
    if query.is_empty() {
        base
    } else {
        format!("{base}?{}", query.join("&"))
    }
}

/// "Color: Blue, Logo: Yes": a variation's fixed attributes with labels and value names.
pub fn variation_summary(parent: &Product, variation: &Variation) -> String {
    parent
        .variation_attributes()
        .into_iter()
        .filter_map(|a| {
            let value = variation.value_of(&a.key()).filter(|v| !v.is_empty())?;
            Some(format!("{}: {}", a.name, a.option_name(value)))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The Store API object of a variation requested as a product (`/products/{variation id}`).
/// Name, descriptions, categories and rating come from the parent, as WooCommerce reads them.
pub fn store_variation_product(
    family: &ProductFamily<'_>,
    variation: &Variation,
    taxonomies: &Taxonomies<'_>,
    ctx: &ViewContext<'_>,
) -> StoreProduct {
    let parent = family.product;
    let stock = variation.effective_stock(parent);
    let purchasable = variation.is_purchasable(parent);
    let in_stock = stock.is_in_stock();
    let permalink = variation_permalink(ctx, parent, variation);
    let limits = QuantityLimits::for_variation(variation, parent);
    let title_values: Vec<&str> = parent
        .variation_attributes()
        .into_iter()
        .filter_map(|a| {
            variation
                .value_of(&a.key())
                .filter(|v| !v.is_empty())
                .map(|v| a.option_name(v))
        })
        .collect();
    let slug = super::slug::slugify(&format!("{} {}", parent.slug, title_values.join(" ")));
    let mut add = add_to_cart(parent, (false, false), &permalink, &limits);
    if purchasable && in_stock {
        add.text = "Add to cart".to_owned();
        add.description = format!("Add to cart: &ldquo;{}&rdquo;", parent.name);
        let separator = if permalink.contains('?') { '&' } else { '?' };
        add.url = format!(
            "{permalink}{separator}variation_id={}&add-to-cart={}",
            variation.id, parent.id
        );
    }
    StoreProduct {
        id: variation.id.0,
        name: parent.name.clone(),
        slug,
        parent: parent.id.0,
        kind: ProductType::Variation.as_str(),
        variation: variation_summary(parent, variation),
        sku: variation.effective_sku(parent).to_owned(),
        short_description: parent.short_description.clone(),
        description: variation.description.clone(),
        on_sale: variation.is_on_sale(ctx.now),
        prices: item_prices(&variation.pricing, ctx.currency, ctx.now),
        price_html: for_store_api(&simple_price_html(
            &variation.pricing,
            ctx.currency,
            ctx.now,
        )),
        average_rating: parent.average_rating.to_string(),
        review_count: parent.review_count,
        images: variation
            .effective_image(parent)
            .map(store_image)
            .into_iter()
            .collect(),
        categories: category_links(parent, taxonomies, ctx),
        tags: tag_links(parent, taxonomies, ctx),
        brands: Vec::new(),
        attributes: Vec::new(),
        variations: Vec::new(),
        grouped_products: Vec::new(),
        has_options: false,
        is_purchasable: purchasable,
        is_in_stock: in_stock,
        is_on_backorder: stock.status() == StockStatus::OnBackorder,
        low_stock_remaining: stock.low_stock_remaining(ctx.settings.low_stock_amount),
        stock_availability: stock
            .availability(ctx.settings.stock_format, ctx.settings.low_stock_amount),
        sold_individually: parent.sold_individually,
        add_to_cart: add,
        permalink,
        extensions: Map::new(),
    }
}
