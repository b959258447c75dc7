//! Builds the Store API product object from the model.

use serde_json::Map;

use crate::money::{Currency, Money};
use crate::quantity::QuantityLimits;

use super::display::ViewContext;
use super::family::ProductFamily;
use super::price_html::{for_store_api, product_price_html};
use super::pricing::Pricing;
use super::product::{ExternalLink, Image, Product, ProductType};
use super::stock::Stock;
use super::store_view::{
    StoreAddToCart, StoreAttribute, StoreAttributeTerm, StoreImage, StorePriceRange, StorePrices,
    StoreProduct, StoreTermLink, StoreVariationRef, StoreVariationValue, Taxonomies,
};
use super::variation::Variation;

/// `prices` from a current, regular and sale price and an optional range.
pub fn store_prices(
    price: Money,
    regular: Money,
    sale: Money,
    range: Option<(Money, Money)>,
    currency: &Currency,
) -> StorePrices {
    StorePrices {
        price: price.to_minor_string(),
        regular_price: regular.to_minor_string(),
        sale_price: sale.to_minor_string(),
        price_range: range.map(|(min, max)| StorePriceRange {
            min_amount: min.to_minor_string(),
            max_amount: max.to_minor_string(),
        }),
        currency: currency.fields(),
    }
}

/// `prices` of a single priced item: missing prices fall back to the current price (0 when
/// there is none), and an ended sale reports the current price, as WooCommerce does.
pub fn item_prices(pricing: &Pricing, currency: &Currency, now: i64) -> StorePrices {
    let price = pricing.current(now).unwrap_or(Money::ZERO);
    let sale_ended = pricing.sale_to.is_some_and(|to| to < now);
    let sale = pricing.sale.filter(|_| !sale_ended).unwrap_or(price);
    store_prices(
        price,
        pricing.regular.unwrap_or(price),
        sale,
        None,
        currency,
    )
}

fn family_prices(family: &ProductFamily<'_>, ctx: &ViewContext<'_>) -> StorePrices {
    let range = family.price_range(ctx.now);
    let low = range.map_or(Money::ZERO, |r| r.min);
    match family.product.kind {
        ProductType::Variable => store_prices(
            low,
            range.map_or(low, |r| r.min_regular),
            low,
            range
                .filter(|r| !r.is_single_price())
                .map(|r| (r.min, r.max)),
            ctx.currency,
        ),
        ProductType::Grouped => {
            store_prices(low, low, low, range.map(|r| (r.min, r.max)), ctx.currency)
        }
        _ => item_prices(&family.product.pricing, ctx.currency, ctx.now),
    }
}

/// An image in the Store API shape.
pub fn store_image(image: &Image) -> StoreImage {
    StoreImage {
        id: image.id.0,
        src: image.src.clone(),
        thumbnail: image.thumbnail_src().to_owned(),
        srcset: String::new(),
        sizes: String::new(),
        name: image.name.clone(),
        alt: image.alt.clone(),
    }
}

pub(super) fn category_links(
    product: &Product,
    taxonomies: &Taxonomies<'_>,
    ctx: &ViewContext<'_>,
) -> Vec<StoreTermLink> {
    let tree = taxonomies.categories;
    product
        .category_ids
        .iter()
        .filter_map(|id| tree.get(*id))
        .map(|c| StoreTermLink {
            id: c.id.0,
            name: c.name.clone(),
            slug: c.slug.clone(),
            link: ctx.category_url(&tree.slug_path(c.id)),
        })
        .collect()
}

pub(super) fn tag_links(
    product: &Product,
    taxonomies: &Taxonomies<'_>,
    ctx: &ViewContext<'_>,
) -> Vec<StoreTermLink> {
    product
        .tag_ids
        .iter()
        .filter_map(|id| taxonomies.tags.iter().find(|t| t.id == *id))
        .map(|t| StoreTermLink {
            id: t.id.0,
            name: t.name.clone(),
            slug: t.slug.clone(),
            link: ctx.tag_url(&t.slug),
        })
        .collect()
}

fn store_attributes(product: &Product) -> Vec<StoreAttribute> {
    let mut attributes: Vec<_> = product
        .attributes
        .iter()
        .filter(|a| a.visible || a.variation)
        .collect();
    attributes.sort_by_key(|a| a.position);
    attributes
        .into_iter()
        .map(|attribute| {
            let default = product.default_value(attribute).map(str::to_lowercase);
            StoreAttribute {
                id: attribute.attribute_id.map_or(0, |id| id.0),
                name: attribute.name.clone(),
                taxonomy: attribute.taxonomy.clone(),
                has_variations: attribute.variation,
                terms: attribute
                    .options
                    .iter()
                    .map(|o| StoreAttributeTerm {
                        id: o.term_id.map_or(0, |id| id.0),
                        name: o.name.clone(),
                        slug: o.slug.clone(),
                        default: default.as_ref().map(|d| *d == o.slug.to_lowercase()),
                    })
                    .collect(),
            }
        })
        .collect()
}

fn variation_ref(parent: &Product, variation: &Variation) -> StoreVariationRef {
    let attributes = parent
        .variation_attributes()
        .into_iter()
        .map(|a| StoreVariationValue {
            name: a.name.clone(),
            value: variation
                .value_of(&a.key())
                .filter(|v| !v.is_empty())
                .map(str::to_owned),
        })
        .collect();
    StoreVariationRef {
        id: variation.id.0,
        attributes,
    }
}

pub(super) fn add_to_cart(
    product: &Product,
    buyable: (bool, bool),
    permalink: &str,
    limits: &QuantityLimits,
) -> StoreAddToCart {
    let (purchasable, in_stock) = buyable;
    let name = &product.name;
    let read_more = || {
        (
            "Read more".to_owned(),
            format!("Read more about &ldquo;{name}&rdquo;"),
            permalink.to_owned(),
        )
    };
    let (text, description, url) = match product.kind {
        ProductType::Simple if purchasable && in_stock && product.needs_addon_choice() => (
            "Select options".to_owned(),
            format!("Select options for &ldquo;{name}&rdquo;"),
            permalink.to_owned(),
        ),
        ProductType::Simple | ProductType::Variation if purchasable && in_stock => (
            "Add to cart".to_owned(),
            format!("Add to cart: &ldquo;{name}&rdquo;"),
            format!("?add-to-cart={}", product.id),
        ),
        ProductType::Variable if purchasable => (
            "Select options".to_owned(),
            format!("Select options for &ldquo;{name}&rdquo;"),
            permalink.to_owned(),
        ),
        ProductType::Grouped => (
            "View products".to_owned(),
            format!("View products in the &ldquo;{name}&rdquo; group"),
            permalink.to_owned(),
        ),
        ProductType::External => {
            let text = product.external_button_text().to_owned();
            // Only an http(s) link leaves the shop, as on the product page.
            let url = product
                .external
                .as_ref()
                .and_then(ExternalLink::safe_url)
                .unwrap_or_else(|| permalink.to_owned());
            (text.clone(), text, url)
        }
        _ => read_more(),
    };
    let single_text = match product.kind {
        ProductType::External => product.external_button_text().to_owned(),
        _ => "Add to cart".to_owned(),
    };
    let limits = limits.to_store_api();
    StoreAddToCart {
        text,
        description,
        url,
        single_text,
        minimum: limits.minimum,
        maximum: limits.maximum,
        multiple_of: limits.multiple_of,
    }
}

/// The Store API object of a simple, variable, grouped or external product.
pub fn store_product(
    family: &ProductFamily<'_>,
    taxonomies: &Taxonomies<'_>,
    ctx: &ViewContext<'_>,
) -> StoreProduct {
    let family = family.hiding_out_of_stock(ctx.settings.hide_out_of_stock);
    let product = family.product;
    let permalink = ctx.product_url(&product.slug);
    let purchasable = family.is_purchasable(ctx.now);
    let in_stock = family.is_in_stock();
    let stock = if product.stock.managed {
        product.stock
    } else {
        Stock::untracked(family.stock_status())
    };
    let limits = QuantityLimits::for_product(product);
    StoreProduct {
        id: product.id.0,
        name: product.name.clone(),
        slug: product.slug.clone(),
        parent: 0,
        kind: product.kind.as_str(),
        variation: String::new(),
        sku: product.sku.clone(),
        short_description: product.short_description.clone(),
        description: product.description.clone(),
        on_sale: family.is_on_sale(ctx.now),
        prices: family_prices(&family, ctx),
        price_html: for_store_api(&product_price_html(&family, ctx.currency, ctx.now)),
        average_rating: product.average_rating.to_string(),
        review_count: product.review_count,
        images: product.images().map(store_image).collect(),
        categories: category_links(product, taxonomies, ctx),
        tags: tag_links(product, taxonomies, ctx),
        brands: Vec::new(),
        attributes: store_attributes(product),
        variations: family
            .visible_variations()
            .into_iter()
            .map(|v| variation_ref(product, v))
            .collect(),
        grouped_products: if product.kind == ProductType::Grouped {
            product.grouped_ids.iter().map(|id| id.0).collect()
        } else {
            Vec::new()
        },
        has_options: family.has_options(),
        is_purchasable: purchasable,
        is_in_stock: in_stock,
        is_on_backorder: family.is_on_backorder(),
        low_stock_remaining: family.low_stock_remaining(ctx.settings.low_stock_amount),
        stock_availability: stock
            .availability(ctx.settings.stock_format, ctx.settings.low_stock_amount),
        sold_individually: product.sold_individually,
        add_to_cart: add_to_cart(product, (purchasable, in_stock), &permalink, &limits),
        permalink,
        extensions: Map::new(),
    }
}
