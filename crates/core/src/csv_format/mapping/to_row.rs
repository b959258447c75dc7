//! A record back into a row, for `mercato export`: the same columns WooCommerce's exporter
//! writes, in the normal form [`write_rows`](crate::csv_format::write_rows) expects.

use super::Names;
use super::dates::{format_sale_end, format_sale_start};
use super::extras::{PRODUCT_LIMIT_KEYS, ProductExtras, VARIATION_LIMIT_KEYS};
use crate::catalogue::{
    self, Product, ProductStatus, ProductType, PurchaseLimits, Stock, Variation,
};
use crate::csv_format::{
    Attribute, Backorders, CatalogVisibility, Decimal, ProductKind, ProductRow,
    ProductType as RowType, Published, StockStatus, TaxStatus,
};

/// The row of a product (not a variation).
pub fn product_to_row(product: &Product, extras: &ProductExtras, names: &dyn Names) -> ProductRow {
    let mut row = ProductRow {
        id: Some(product.id.0),
        product_type: RowType {
            kind: match product.kind {
                ProductType::Simple => ProductKind::Simple,
                ProductType::Variable => ProductKind::Variable,
                ProductType::Grouped => ProductKind::Grouped,
                ProductType::External => ProductKind::External,
                ProductType::Variation => ProductKind::Variation,
            },
            is_virtual: product.is_virtual,
            is_downloadable: product.is_downloadable,
        },
        sku: text(&product.sku),
        name: text(&product.name),
        published: Some(match product.status {
            ProductStatus::Publish => Published::Publish,
            ProductStatus::Private => Published::Private,
            ProductStatus::Draft | ProductStatus::Pending => Published::Draft,
        }),
        featured: Some(product.featured),
        catalog_visibility: Some(match product.catalog_visibility {
            catalogue::CatalogVisibility::Visible => CatalogVisibility::Visible,
            catalogue::CatalogVisibility::Catalog => CatalogVisibility::Catalog,
            catalogue::CatalogVisibility::Search => CatalogVisibility::Search,
            catalogue::CatalogVisibility::Hidden => CatalogVisibility::Hidden,
        }),
        short_description: text(&product.short_description),
        description: text(&product.description),
        tax_status: Some(match product.tax_status {
            catalogue::TaxStatus::Taxable => TaxStatus::Taxable,
            catalogue::TaxStatus::Shipping => TaxStatus::Shipping,
            catalogue::TaxStatus::None => TaxStatus::None,
        }),
        tax_class: text(&product.tax_class),
        sold_individually: Some(product.sold_individually),
        categories: product
            .category_ids
            .iter()
            .filter_map(|id| names.category_path(*id))
            .collect(),
        tags: product
            .tag_ids
            .iter()
            .filter_map(|id| names.tag_name(*id))
            .collect(),
        images: product.images().map(|i| i.src.clone()).collect(),
        grouped_products: references(&product.grouped_ids, names),
        upsells: references(&product.upsell_ids, names),
        cross_sells: references(&product.cross_sell_ids, names),
        external_url: product.external.as_ref().and_then(|l| text(&l.url)),
        button_text: product.external.as_ref().and_then(|l| text(&l.button_text)),
        position: Some(product.menu_order),
        attributes: product_attributes(product),
        ..ProductRow::default()
    };
    fill_pricing(&mut row, &product.pricing);
    fill_stock(&mut row, &product.stock, false);
    fill_shipping(&mut row, &product.weight, &product.dimensions);
    fill_limits(&mut row, &product.purchase_limits, &PRODUCT_LIMIT_KEYS);
    extras.fill(&mut row);
    row
}

/// The row of a variation of `parent`.
pub fn variation_to_row(
    variation: &Variation,
    parent: &Product,
    extras: &ProductExtras,
    names: &dyn Names,
) -> ProductRow {
    let mut row = ProductRow {
        id: Some(variation.id.0),
        product_type: RowType {
            kind: ProductKind::Variation,
            is_virtual: variation.is_virtual,
            is_downloadable: variation.is_downloadable,
        },
        sku: text(&variation.sku),
        name: Some(variation.title(parent)),
        published: Some(if variation.enabled {
            Published::Publish
        } else {
            Published::Private
        }),
        description: text(&variation.description),
        tax_class: match variation.tax_class.as_deref() {
            None => Some("parent".to_owned()),
            Some(class) => text(class),
        },
        images: variation.image.iter().map(|i| i.src.clone()).collect(),
        parent: names.product_reference(parent.id),
        position: Some(variation.menu_order),
        attributes: variation
            .attributes
            .iter()
            .map(|value| {
                let attribute = parent
                    .attributes
                    .iter()
                    .find(|a| catalogue::keys_match(&a.key(), &value.key));
                Attribute {
                    name: attribute.map_or_else(|| value.key.clone(), |a| a.name.clone()),
                    values: if value.is_any() {
                        Vec::new()
                    } else {
                        vec![attribute.map_or_else(
                            || value.value.clone(),
                            |a| a.option_name(&value.value).to_owned(),
                        )]
                    },
                    visible: None,
                    global: Some(attribute.is_some_and(|a| a.is_global())),
                    default: None,
                }
            })
            .collect(),
        ..ProductRow::default()
    };
    fill_pricing(&mut row, &variation.pricing);
    let inherits = !variation.stock.managed && parent.stock.managed;
    fill_stock(&mut row, &variation.stock, inherits);
    fill_shipping(&mut row, &variation.weight, &variation.dimensions);
    fill_limits(&mut row, &variation.purchase_limits, &VARIATION_LIMIT_KEYS);
    extras.fill(&mut row);
    row
}

fn product_attributes(product: &Product) -> Vec<Attribute> {
    let mut attributes: Vec<&catalogue::ProductAttribute> = product.attributes.iter().collect();
    attributes.sort_by_key(|a| a.position);
    attributes
        .into_iter()
        .map(|a| Attribute {
            name: a.name.clone(),
            values: a.options.iter().map(|o| o.name.clone()).collect(),
            visible: Some(a.visible),
            global: Some(a.is_global()),
            default: product
                .default_value(a)
                .map(|slug| a.option_name(slug).to_owned()),
        })
        .collect()
}

fn references(
    ids: &[catalogue::ProductId],
    names: &dyn Names,
) -> Vec<crate::csv_format::Reference> {
    ids.iter()
        .filter_map(|id| names.product_reference(*id))
        .collect()
}

fn fill_pricing(row: &mut ProductRow, pricing: &catalogue::Pricing) {
    row.regular_price = pricing.regular;
    row.sale_price = pricing.sale;
    row.sale_starts = pricing.sale_from.and_then(format_sale_start);
    row.sale_ends = pricing.sale_to.and_then(format_sale_end);
}

fn fill_stock(row: &mut ProductRow, stock: &Stock, inherits: bool) {
    row.stock = if stock.managed {
        Some(crate::csv_format::Stock::Quantity(
            stock.quantity.unwrap_or(0),
        ))
    } else if inherits {
        Some(crate::csv_format::Stock::Parent)
    } else {
        None
    };
    row.stock_status = Some(match stock.status() {
        catalogue::StockStatus::InStock => StockStatus::InStock,
        catalogue::StockStatus::OutOfStock => StockStatus::OutOfStock,
        catalogue::StockStatus::OnBackorder => StockStatus::OnBackorder,
    });
    row.backorders = Some(match stock.backorders {
        catalogue::Backorders::No => Backorders::No,
        catalogue::Backorders::Yes => Backorders::Yes,
        catalogue::Backorders::Notify => Backorders::Notify,
    });
    row.low_stock_amount = stock.low_stock_amount;
}

fn fill_shipping(row: &mut ProductRow, weight: &str, dimensions: &catalogue::Dimensions) {
    let decimal = |text: &str| Decimal::parse(text.trim()).ok();
    row.weight = decimal(weight);
    row.length = decimal(&dimensions.length);
    row.width = decimal(&dimensions.width);
    row.height = decimal(&dimensions.height);
}

fn fill_limits(row: &mut ProductRow, limits: &PurchaseLimits, keys: &[&str; 3]) {
    let values = [limits.minimum, limits.maximum, limits.multiple_of];
    for (key, value) in keys.iter().zip(values) {
        if let Some(value) = value {
            row.meta.push(((*key).to_owned(), value.to_string()));
        }
    }
}

/// `Some` unless empty (the writer's normal form has no `Some("")`).
fn text(value: &str) -> Option<String> {
    let trimmed = value.trim();
    (!trimmed.is_empty()).then(|| value.to_owned())
}
