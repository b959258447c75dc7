//! `mercato export`: the catalogue as a WooCommerce product CSV that `mercato import` (or
//! WooCommerce) reads back into the same catalogue.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use anyhow::Context as _;
use mercato_core::catalogue::{CategoryId, CategoryTree, ProductId, TagId};
use mercato_core::csv_format::mapping::{Names, ProductExtras, product_to_row, variation_to_row};
use mercato_core::csv_format::{
    ADDONS_META_KEY, ProductRow, Reference, WriteOptions, addons_to_cell, write_rows,
};
use mercato_db::Db;
use mercato_db::catalogue::{
    ProductOrder, ProductQuery, Visibility, find_products, load_taxonomy, options_with_prefix,
    product_keys, products_by_ids, variations_of_many,
};

use crate::import::shop_settings;

/// Ids per query when reading the catalogue back.
const CHUNK: usize = 500;

struct ShopNames {
    categories: CategoryTree,
    tags: HashMap<TagId, String>,
    skus: HashMap<i64, String>,
}

impl Names for ShopNames {
    fn category_path(&self, id: CategoryId) -> Option<Vec<String>> {
        let path: Vec<String> = self
            .categories
            .path(id)
            .iter()
            .map(|c| c.name.clone())
            .collect();
        (!path.is_empty()).then_some(path)
    }

    fn tag_name(&self, id: TagId) -> Option<String> {
        self.tags.get(&id).cloned()
    }

    fn product_reference(&self, id: ProductId) -> Option<Reference> {
        Some(match self.skus.get(&id.0) {
            Some(sku) => Reference::Sku(sku.clone()),
            None => Reference::Id(id.0),
        })
    }
}

/// Every product and variation (drafts and private ones too) as rows, products in id order,
/// each followed by its variations.
pub async fn rows(db: &Db) -> anyhow::Result<Vec<ProductRow>> {
    let minor_unit = crate::import::shop_settings(db).await?.currency.minor_unit;
    let taxonomy = load_taxonomy(db).await?;
    let names = ShopNames {
        categories: taxonomy.categories,
        tags: taxonomy.tags.into_iter().map(|t| (t.id, t.name)).collect(),
        skus: product_keys(db)
            .await?
            .into_iter()
            .filter_map(|k| k.sku.filter(|s| !s.is_empty()).map(|sku| (k.id, sku)))
            .collect(),
    };
    let mut extras: HashMap<i64, ProductExtras> = HashMap::new();
    for (name, json) in options_with_prefix(db, "catalogue.extras.").await? {
        let id = name.rsplit('.').next().and_then(|id| id.parse().ok());
        if let (Some(id), Ok(value)) = (id, serde_json::from_str(&json)) {
            extras.insert(id, value);
        }
    }
    let query = ProductQuery {
        visibility: Visibility::All,
        order: ProductOrder::Id,
        ascending: Some(true),
        per_page: 0,
        ..ProductQuery::default()
    };
    let ids = find_products(db, &query).await?.ids;
    let mut rows = Vec::with_capacity(ids.len());
    let none = ProductExtras::default();
    for chunk in ids.chunks(CHUNK) {
        let products = products_by_ids(db, chunk).await?;
        let variations = variations_of_many(db, chunk).await?;
        for product in &products {
            let mut row =
                product_to_row(product, extras.get(&product.id.0).unwrap_or(&none), &names);
            if !product.addons.is_empty() {
                let cell = addons_to_cell(&product.addons, minor_unit);
                row.meta.push((ADDONS_META_KEY.to_owned(), cell));
            }
            rows.push(row);
            for variation in variations.iter().filter(|v| v.parent_id == product.id) {
                let kept = extras.get(&variation.id.0).unwrap_or(&none);
                rows.push(variation_to_row(variation, product, kept, &names));
            }
        }
    }
    Ok(rows)
}

/// Writes the catalogue to `path`; returns the number of rows.
pub async fn run(db: &Db, path: &Path) -> anyhow::Result<usize> {
    let rows = rows(db).await?;
    let settings = shop_settings(db).await?;
    let options = WriteOptions {
        minor_unit: settings.currency.minor_unit,
        decimal_separator: settings
            .currency
            .decimal_separator
            .chars()
            .next()
            .unwrap_or('.'),
        weight_unit: settings.catalogue.weight_unit.clone(),
        dimension_unit: settings.catalogue.dimension_unit.clone(),
    };
    let file =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    write_rows(&mut writer, &rows, &options)
        .with_context(|| format!("cannot write {}", path.display()))?;
    writer.flush()?;
    Ok(rows.len())
}
