//! Reading products and variations back as the core's records.

use mercato_core::catalogue::{Product, ProductId, Variation};
use sqlx::Row;

use super::index::current_version;
use super::sql::Sql;
use super::taxonomy::from_text;
use crate::{Db, DbResult};

/// A row of the products table: a product or a variation.
#[derive(Debug, Clone, PartialEq)]
pub enum StoredRecord {
    /// A simple, variable, grouped or external product.
    Product(Box<Product>),
    /// A variation of a variable product.
    Variation(Box<Variation>),
}

const COLUMNS: &str = "id, parent_id, data, stock_managed, stock_quantity, stock_status, average_rating, \
                       review_count, total_sales";

/// Decodes a row selected with [`COLUMNS`], patching in the live stock and review columns.
fn decode(row: &sqlx::any::AnyRow) -> DbResult<StoredRecord> {
    let parent: Option<i64> = row.try_get(1)?;
    let data: String = row.try_get(2)?;
    let managed = row.try_get::<i64, _>(3)? != 0;
    let quantity: Option<i64> = row.try_get(4)?;
    if parent.is_some() {
        let mut variation: Variation = serde_json::from_str(&data)?;
        variation.stock.managed = managed;
        variation.stock.quantity = quantity;
        if !managed && let Some(status) = from_text(&row.try_get::<String, _>(5)?) {
            variation.stock.status = status;
        }
        return Ok(StoredRecord::Variation(Box::new(variation)));
    }
    let mut product: Product = serde_json::from_str(&data)?;
    product.stock.managed = managed;
    product.stock.quantity = quantity;
    product.average_rating = mercato_core::catalogue::AverageRating(
        u16::try_from(row.try_get::<i64, _>(6)?).unwrap_or(0),
    );
    product.review_count = u32::try_from(row.try_get::<i64, _>(7)?).unwrap_or(0);
    product.total_sales = u64::try_from(row.try_get::<i64, _>(8)?).unwrap_or(0);
    Ok(StoredRecord::Product(Box::new(product)))
}

fn product_of(record: StoredRecord) -> Option<Product> {
    match record {
        StoredRecord::Product(p) => Some(*p),
        StoredRecord::Variation(_) => None,
    }
}

/// A product or variation by id. A product already kept in memory at the current catalogue
/// version (by [`products_by_ids`]) is not read again; a variation, or a product not kept, is.
pub async fn load_record(db: &Db, id: i64) -> DbResult<Option<StoredRecord>> {
    let version = current_version(db).await?;
    let kept = db
        .catalogue_cache()
        .with_memo(version, |m| m.products.get(&id).cloned().flatten())
        .flatten();
    if let Some(product) = kept {
        return Ok(Some(StoredRecord::Product(Box::new(product))));
    }
    let row = sqlx::query(&format!("select {COLUMNS} from products where id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(decode).transpose()
}

/// A product (not a variation) by id (kept in memory per catalogue version).
pub async fn product_by_id(db: &Db, id: ProductId) -> DbResult<Option<Product>> {
    Ok(products_by_ids(db, &[id]).await?.into_iter().next())
}

/// A product by slug (kept in memory per catalogue version).
pub async fn product_by_slug(db: &Db, slug: &str) -> DbResult<Option<Product>> {
    let version = current_version(db).await?;
    let cache = db.catalogue_cache();
    if let Some(Some(id)) = cache.with_memo(version, |m| m.slugs.get(slug).cloned()) {
        return Ok(match id {
            Some(id) => product_by_id(db, ProductId(id)).await?,
            None => None,
        });
    }
    let found = product_by_slug_uncached(db, slug).await?;
    cache.with_memo(version, |m| {
        m.slugs
            .insert(slug.to_owned(), found.as_ref().map(|p| p.id.0));
        if let Some(product) = &found {
            m.products.insert(product.id.0, Some(product.clone()));
        }
    });
    Ok(found)
}

async fn product_by_slug_uncached(db: &Db, slug: &str) -> DbResult<Option<Product>> {
    let row = sqlx::query(&format!(
        "select {COLUMNS} from products where slug = $1 and parent_id is null"
    ))
    .bind(slug)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.as_ref().map(decode).transpose()?.and_then(product_of))
}

/// A product or variation by SKU.
pub async fn product_by_sku(db: &Db, sku: &str) -> DbResult<Option<StoredRecord>> {
    let row = sqlx::query(&format!("select {COLUMNS} from products where sku = $1"))
        .bind(sku.trim())
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(decode).transpose()
}

/// Products by id, in the order of `ids` (unknown ids and variations are left out). Kept in
/// memory per catalogue version.
pub async fn products_by_ids(db: &Db, ids: &[ProductId]) -> DbResult<Vec<Product>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let version = current_version(db).await?;
    let cache = db.catalogue_cache();
    let known = cache
        .with_memo(version, |m| {
            ids.iter()
                .map(|id| m.products.get(&id.0).cloned())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    let missing: Vec<ProductId> = ids
        .iter()
        .zip(&known)
        .filter(|(_, k)| k.is_none())
        .map(|(id, _)| *id)
        .collect();
    let loaded = if missing.is_empty() {
        Vec::new()
    } else {
        products_by_ids_uncached(db, &missing).await?
    };
    cache.with_memo(version, |m| {
        for id in &missing {
            m.products
                .insert(id.0, loaded.iter().find(|p| p.id == *id).cloned());
        }
    });
    Ok(ids
        .iter()
        .zip(known)
        .filter_map(|(id, known)| match known {
            Some(product) => product,
            None => loaded.iter().find(|p| p.id == *id).cloned(),
        })
        .collect())
}

async fn products_by_ids_uncached(db: &Db, ids: &[ProductId]) -> DbResult<Vec<Product>> {
    let raw: Vec<i64> = ids.iter().map(|i| i.0).collect();
    let mut sql = Sql::new(&format!(
        "select {COLUMNS} from products where parent_id is null and id in ("
    ));
    sql.bind_list(&raw).push(")");
    let mut found: Vec<Product> = sql
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(decode)
        .collect::<DbResult<Vec<_>>>()?
        .into_iter()
        .filter_map(product_of)
        .collect();
    found.sort_by_key(|p| raw.iter().position(|id| *id == p.id.0));
    Ok(found)
}

/// The variations of a variable product, in menu order.
pub async fn variations_of(db: &Db, parent: ProductId) -> DbResult<Vec<Variation>> {
    variations_of_many(db, &[parent]).await
}

/// The variations of several products at once (listings), in menu order. Kept in memory
/// per catalogue version.
pub async fn variations_of_many(db: &Db, parents: &[ProductId]) -> DbResult<Vec<Variation>> {
    if parents.is_empty() {
        return Ok(Vec::new());
    }
    let version = current_version(db).await?;
    let cache = db.catalogue_cache();
    let known = cache
        .with_memo(version, |m| {
            parents
                .iter()
                .map(|id| m.variations.get(&id.0).cloned())
                .collect::<Vec<_>>()
        })
        .unwrap_or_default();
    let missing: Vec<ProductId> = parents
        .iter()
        .zip(&known)
        .filter(|(_, k)| k.is_none())
        .map(|(id, _)| *id)
        .collect();
    let loaded = if missing.is_empty() {
        Vec::new()
    } else {
        variations_of_many_uncached(db, &missing).await?
    };
    cache.with_memo(version, |m| {
        for id in &missing {
            m.variations.insert(
                id.0,
                loaded
                    .iter()
                    .filter(|v| v.parent_id == *id)
                    .cloned()
                    .collect(),
            );
        }
    });
    let mut out = Vec::new();
    for (id, known) in parents.iter().zip(known) {
        match known {
            Some(list) => out.extend(list),
            None => out.extend(loaded.iter().filter(|v| v.parent_id == *id).cloned()),
        }
    }
    Ok(out)
}

async fn variations_of_many_uncached(db: &Db, parents: &[ProductId]) -> DbResult<Vec<Variation>> {
    let raw: Vec<i64> = parents.iter().map(|i| i.0).collect();
    let mut sql = Sql::new(&format!(
        "select {COLUMNS} from products where parent_id in ("
    ));
    sql.bind_list(&raw)
        .push(") order by parent_id, menu_order, id");
    collect_variations(sql.fetch_all(db.pool()).await?)
}

fn collect_variations(rows: Vec<sqlx::any::AnyRow>) -> DbResult<Vec<Variation>> {
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        if let StoredRecord::Variation(v) = decode(row)? {
            out.push(*v);
        }
    }
    Ok(out)
}

/// A product page a sitemap lists: its slug and when it last changed (unix seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitemapProduct {
    /// The product's slug (`/product/{slug}/`).
    pub slug: String,
    /// When it was last saved.
    pub updated_at: i64,
}

/// Every published product that has a page of its own for visitors (not hidden), by slug.
pub async fn sitemap_products(db: &Db) -> DbResult<Vec<SitemapProduct>> {
    let rows = sqlx::query(
        "select slug, updated_at from products
         where parent_id is null and status = 'publish' and visibility <> 'hidden'
         order by slug",
    )
    .fetch_all(db.pool())
    .await?;
    rows.iter()
        .map(|row| {
            Ok(SitemapProduct {
                slug: row.try_get(0)?,
                updated_at: row.try_get(1)?,
            })
        })
        .collect()
}
