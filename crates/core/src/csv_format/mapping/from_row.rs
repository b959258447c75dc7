//! A row onto a record: the meaning of each WooCommerce column for a product or a variation.

use super::Resolver;
use super::extras::{PRODUCT_LIMIT_KEYS, ProductExtras, VARIATION_LIMIT_KEYS};
use super::fields::{apply_limits, apply_pricing, apply_shipping, apply_stock};
use crate::catalogue::{
    self, CategoryId, Image, Product, ProductAttribute, ProductId, ProductStatus, ProductType,
    Stock, TagId, Variation, VariationAttribute, safe_external_url,
};
use crate::csv_format::{
    CatalogVisibility, Column, LinkColumn, ProductKind, ProductRow, Published, Reference, TaxStatus,
};

/// Which columns to take: all of them for a new record, the file's for an update.
pub type Has<'a> = &'a dyn Fn(Column) -> bool;

/// Applies a product row (any type but `variation`) to `product` and `extras`.
///
/// Columns `has` rejects are left alone, so an update changes only what the file has; the
/// numbered `Attribute N` columns count when the row has any. Returns warnings that did not
/// stop the row (a cross-sell that names no product).
pub fn apply_product_row(
    row: &ProductRow,
    product: &mut Product,
    extras: &mut ProductExtras,
    has: Has<'_>,
    resolver: &mut dyn Resolver,
) -> Result<Vec<String>, String> {
    let mut warnings = Vec::new();
    if has(Column::Type) {
        product.kind = match row.product_type.kind {
            ProductKind::Simple => ProductType::Simple,
            ProductKind::Variable => ProductType::Variable,
            ProductKind::Grouped => ProductType::Grouped,
            ProductKind::External => ProductType::External,
            ProductKind::Variation => {
                return Err("a variation row cannot be imported as a product".to_owned());
            }
        };
        product.is_virtual = row.product_type.is_virtual;
        product.is_downloadable = row.product_type.is_downloadable;
    }
    if has(Column::Sku) {
        product.sku = row.sku.clone().unwrap_or_default();
    }
    if let Some(name) = row.name.as_deref().filter(|_| has(Column::Name)) {
        product.name = name.to_owned();
    }
    if product.name.trim().is_empty() {
        return Err("the product has no name (column \"Name\")".to_owned());
    }
    if let Some(status) = row.effective_status().filter(|_| has(Column::Published)) {
        product.status = match status {
            Published::Publish => ProductStatus::Publish,
            Published::Private => ProductStatus::Private,
            Published::Draft => ProductStatus::Draft,
        };
    }
    if has(Column::Featured) {
        product.featured = row.featured.unwrap_or(false);
    }
    if has(Column::CatalogVisibility) {
        product.catalog_visibility = match row.catalog_visibility {
            None | Some(CatalogVisibility::Visible) => catalogue::CatalogVisibility::Visible,
            Some(CatalogVisibility::Catalog) => catalogue::CatalogVisibility::Catalog,
            Some(CatalogVisibility::Search) => catalogue::CatalogVisibility::Search,
            Some(CatalogVisibility::Hidden) => catalogue::CatalogVisibility::Hidden,
        };
    }
    if has(Column::ShortDescription) {
        product.short_description = row.short_description.clone().unwrap_or_default();
    }
    if has(Column::Description) {
        product.description = row.description.clone().unwrap_or_default();
    }
    apply_pricing(row, &mut product.pricing, has)?;
    if has(Column::TaxStatus) {
        product.tax_status = match row.tax_status {
            None | Some(TaxStatus::Taxable) => catalogue::TaxStatus::Taxable,
            Some(TaxStatus::Shipping) => catalogue::TaxStatus::Shipping,
            Some(TaxStatus::None) => catalogue::TaxStatus::None,
        };
    }
    if has(Column::TaxClass) {
        product.tax_class = row.tax_class.clone().unwrap_or_default();
    }
    apply_stock(row, &mut product.stock, has, false)?;
    if product.kind == ProductType::External {
        // WooCommerce drops stock settings for external products.
        product.stock = Stock::default();
    }
    if has(Column::SoldIndividually) {
        product.sold_individually = row.sold_individually.unwrap_or(false);
    }
    apply_shipping(row, &mut product.weight, &mut product.dimensions, has);
    if has(Column::Categories) {
        let mut ids: Vec<CategoryId> = Vec::new();
        for path in &row.categories {
            let id = resolver
                .category(path)
                .map_err(|e| format!("column \"Categories\": {e}"))?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        product.category_ids = ids;
    }
    if has(Column::Tags) || has(Column::TagsSpaceSeparated) {
        let mut ids: Vec<TagId> = Vec::new();
        for name in &row.tags {
            let id = resolver
                .tag(name)
                .map_err(|e| format!("column \"Tags\": {e}"))?;
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        product.tag_ids = ids;
    }
    if has(Column::Images) {
        let mut images = Vec::with_capacity(row.images.len());
        for source in &row.images {
            images.push(
                resolver
                    .image(source)
                    .map_err(|e| format!("column \"Images\": {e}"))?,
            );
        }
        let mut images = images.into_iter();
        product.image = images.next();
        product.gallery = images.collect();
    }
    for image in product.image.iter_mut().chain(product.gallery.iter_mut()) {
        image.alt.clone_from(&product.name);
    }
    let mut links = |column: LinkColumn, references: &[Reference]| {
        let mut ids: Vec<ProductId> = Vec::new();
        for reference in references {
            match resolver.product(reference) {
                Ok(id) if id != product.id && !ids.contains(&id) => ids.push(id),
                Ok(_) => {}
                Err(e) => warnings.push(format!(
                    "column \"{}\": {e}; the link was left out",
                    column.header()
                )),
            }
        }
        ids
    };
    if has(Column::Upsells) {
        product.upsell_ids = links(LinkColumn::Upsells, &row.upsells);
    }
    if has(Column::CrossSells) {
        product.cross_sell_ids = links(LinkColumn::CrossSells, &row.cross_sells);
    }
    if has(Column::GroupedProducts) {
        product.grouped_ids = links(LinkColumn::GroupedProducts, &row.grouped_products);
    }
    if product.kind != ProductType::Grouped {
        product.grouped_ids.clear();
    }
    let mut link = product.external.take().unwrap_or_default();
    if has(Column::ExternalUrl) {
        // Only an http(s) URL is kept, as WooCommerce's importer keeps what `esc_url_raw`
        // allows: a `javascript:` link never reaches a page or the Store API.
        link.url = row
            .external_url
            .as_deref()
            .and_then(safe_external_url)
            .unwrap_or_default();
    }
    if has(Column::ButtonText) {
        link.button_text = row.button_text.clone().unwrap_or_default();
    }
    product.external = (product.kind == ProductType::External).then_some(link);
    if has(Column::Position) {
        product.menu_order = row.position.unwrap_or(0);
    }
    apply_limits(row, &mut product.purchase_limits, &PRODUCT_LIMIT_KEYS)?;
    if !row.attributes.is_empty() {
        product_attributes(row, product, resolver)?;
    }
    if product.kind != ProductType::Variable {
        product.default_attributes.clear();
    }
    warnings.extend(extras.apply(row, has));
    Ok(warnings)
}

/// The `Attribute N` groups of a product row, replacing the product's attributes. Whether an
/// attribute is used for variations is kept from the product, set by a default value, or set
/// later by the variation rows that use it (WooCommerce's rules).
fn product_attributes(
    row: &ProductRow,
    product: &mut Product,
    resolver: &mut dyn Resolver,
) -> Result<(), String> {
    let existing = std::mem::take(&mut product.attributes);
    let mut defaults = Vec::new();
    for (position, source) in row.attributes.iter().enumerate() {
        let values: Vec<&str> = source
            .values
            .iter()
            .map(String::as_str)
            .filter(|v| !v.is_empty())
            .collect();
        let mut attribute = if source.global == Some(true) {
            if values.is_empty() {
                continue;
            }
            let owned: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
            let (global, terms) = resolver
                .global_attribute(&source.name, &owned)
                .map_err(|e| format!("attribute \"{}\": {e}", source.name))?;
            // Options keep the file's order, so an export reads back the same in any shop
            // (a new shop's term order is only the order terms were first seen in).
            let mut attribute = ProductAttribute::global(&global, &terms);
            attribute
                .options
                .sort_by_key(|o| terms.iter().position(|t| Some(*t) == o.term_id));
            attribute
        } else {
            ProductAttribute::local(&source.name, &values)
        };
        attribute.position = u32::try_from(position).unwrap_or(u32::MAX);
        attribute.visible = source.visible.unwrap_or(true);
        attribute.variation = existing
            .iter()
            .any(|e| e.key() == attribute.key() && e.variation);
        let default = source.default.as_deref().filter(|d| !d.is_empty());
        if let Some(option) = default.and_then(|d| attribute.option(d)) {
            defaults.push(VariationAttribute::new(&attribute.key(), &option.slug));
            attribute.variation = true;
        }
        product.attributes.push(attribute);
    }
    product.default_attributes = defaults;
    Ok(())
}

/// Applies a `variation` row to `variation` of `parent` (whose attributes it must use).
pub fn apply_variation_row(
    row: &ProductRow,
    variation: &mut Variation,
    extras: &mut ProductExtras,
    parent: &Product,
    has: Has<'_>,
    resolver: &mut dyn Resolver,
) -> Result<Vec<String>, String> {
    if has(Column::Type) {
        variation.is_virtual = row.product_type.is_virtual;
        variation.is_downloadable = row.product_type.is_downloadable;
    }
    if has(Column::Sku) {
        variation.sku = row.sku.clone().unwrap_or_default();
    }
    if let Some(status) = row.effective_status().filter(|_| has(Column::Published)) {
        variation.enabled = status == Published::Publish;
    }
    if has(Column::Description) {
        variation.description = row.description.clone().unwrap_or_default();
    }
    apply_pricing(row, &mut variation.pricing, has)?;
    apply_stock(row, &mut variation.stock, has, true)?;
    apply_shipping(row, &mut variation.weight, &mut variation.dimensions, has);
    if has(Column::TaxClass) {
        variation.tax_class = match row.tax_class.as_deref() {
            None | Some("parent") => None,
            Some(class) => Some(class.to_owned()),
        };
    }
    if has(Column::Position) {
        variation.menu_order = row.position.unwrap_or(0);
    }
    apply_limits(row, &mut variation.purchase_limits, &VARIATION_LIMIT_KEYS)?;
    apply_limits(row, &mut variation.purchase_limits, &PRODUCT_LIMIT_KEYS)?;
    if !row.attributes.is_empty() {
        let mut values = Vec::with_capacity(row.attributes.len());
        for source in &row.attributes {
            let attribute = catalogue::find_attribute(&parent.attributes, &source.name)
                .ok_or_else(|| {
                    format!(
                        "the parent product has no \"{}\" attribute (its attributes: {})",
                        source.name,
                        names(&parent.attributes)
                    )
                })?;
            let value = match source.values.first().map(String::as_str) {
                None | Some("") => String::new(),
                Some(value) => {
                    attribute
                        .option(value)
                        .map(|o| o.slug.clone())
                        .ok_or_else(|| {
                            format!(
                                "\"{value}\" is not one of the parent's \"{}\" values ({})",
                                attribute.name,
                                attribute
                                    .options
                                    .iter()
                                    .map(|o| o.name.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )
                        })?
                }
            };
            values.push(VariationAttribute::new(&attribute.key(), &value));
        }
        variation.attributes = values;
    }
    if has(Column::Images) {
        variation.image = match row.images.first() {
            Some(source) => Some(
                resolver
                    .image(source)
                    .map_err(|e| format!("column \"Images\": {e}"))?,
            ),
            None => None,
        };
    }
    let title = variation.title(parent);
    if let Some(image) = variation.image.as_mut() {
        image.alt = title;
    }
    Ok(extras.apply(row, has))
}

fn names(attributes: &[ProductAttribute]) -> String {
    if attributes.is_empty() {
        return "none".to_owned();
    }
    attributes
        .iter()
        .map(|a| a.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// An image at `src`, named after its file; `alt` is filled in from the record's name.
pub fn image_from_source(src: &str) -> Image {
    let file = src.rsplit('/').next().unwrap_or(src);
    let name = file.rsplit_once('.').map_or(file, |(stem, _)| stem);
    Image {
        src: src.to_owned(),
        name: name.to_owned(),
        ..Image::default()
    }
}

/// A new product for a row: every column applies.
pub fn new_product(id: ProductId) -> Product {
    Product {
        id,
        ..Product::default()
    }
}

/// A new variation of `parent`: enabled until the row says otherwise.
pub fn new_variation(id: ProductId, parent: ProductId) -> Variation {
    Variation::new(id, parent, &[])
}
