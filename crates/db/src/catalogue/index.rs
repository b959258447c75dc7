//! The listing index: every product's filterable and sortable facts, held in memory per
//! process and rebuilt when the catalogue version moves (so processes share nothing but the
//! database). Listings, filters, facet counts and search run over it without SQL: at 10,000
//! products a listing takes well under a millisecond, where the same SQL took tens.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mercato_core::catalogue::{Product, StockStatus, Variation};
use sqlx::Row;

use super::taxonomy::{Taxonomy, from_text};
use crate::{Db, DbResult};

/// One product's listing facts.
#[derive(Debug, Clone)]
pub(crate) struct ListingRow {
    pub id: i64,
    pub kind: String,
    pub published: bool,
    pub visibility: String,
    pub slug: String,
    pub sku: Option<String>,
    pub sku_lower: String,
    pub name_lower: String,
    pub featured: bool,
    pub menu_order: i64,
    pub price: Option<i64>,
    pub price_max: Option<i64>,
    pub on_sale: bool,
    pub stock_status: StockStatus,
    pub average_rating: i64,
    pub review_count: i64,
    pub total_sales: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub search_text: String,
    pub variation_skus: Vec<String>,
    pub categories: Vec<i64>,
    pub tags: Vec<i64>,
    /// (term, attribute)
    pub terms: Vec<(i64, i64)>,
}

/// Every product, at one catalogue version.
#[derive(Debug, Default)]
pub(crate) struct ListingIndex {
    pub version: i64,
    pub rows: Vec<ListingRow>,
}

/// How long a version read from the database is trusted before asking again. Writes made
/// through this process forget it at once; other processes' writes show within this time.
const VERSION_TTL: Duration = Duration::from_millis(25);

/// Most entries kept per map; past it the map starts afresh (a crude but bounded LRU).
const MAX_ENTRIES: usize = 4096;

/// What a process keeps of the catalogue, each part stamped with its version.
#[derive(Debug, Default)]
pub(crate) struct CatalogueCache {
    index: Mutex<Option<Arc<ListingIndex>>>,
    taxonomy: Mutex<Option<(i64, Arc<Taxonomy>)>>,
    checked: Mutex<Option<(i64, Instant)>>,
    memo: Mutex<Memo>,
    /// One loader at a time: a burst of requests after a change loads once.
    loading: tokio::sync::Mutex<()>,
}

/// Results of reads at one version.
#[derive(Debug, Default)]
pub(crate) struct Memo {
    version: i64,
    pub pages: HashMap<String, super::ListingPage>,
    pub facets: HashMap<String, super::Facets>,
    pub products: HashMap<i64, Option<Product>>,
    pub variations: HashMap<i64, Vec<Variation>>,
    pub slugs: HashMap<String, Option<i64>>,
}

impl CatalogueCache {
    /// Forgets the version: the next read asks the database (after a write by this process).
    pub(crate) fn mark_dirty(&self) {
        if let Ok(mut checked) = self.checked.lock() {
            *checked = None;
        }
    }

    /// Runs `f` on the memo of `version` (cleared when the version moved).
    pub(crate) fn with_memo<R>(&self, version: i64, f: impl FnOnce(&mut Memo) -> R) -> Option<R> {
        let mut memo = self.memo.lock().ok()?;
        if memo.version != version {
            *memo = Memo {
                version,
                ..Memo::default()
            };
        }
        if memo.pages.len() > MAX_ENTRIES {
            memo.pages.clear();
            memo.facets.clear();
        }
        if memo.products.len() > MAX_ENTRIES * 4 {
            memo.products.clear();
            memo.variations.clear();
            memo.slugs.clear();
        }
        Some(f(&mut memo))
    }
}

/// The catalogue version, read at most every [`VERSION_TTL`].
pub(crate) async fn current_version(db: &Db) -> DbResult<i64> {
    let cache = db.catalogue_cache();
    if let Ok(checked) = cache.checked.lock()
        && let Some((version, at)) = *checked
        && at.elapsed() < VERSION_TTL
    {
        return Ok(version);
    }
    let version = super::version(db).await?;
    if let Ok(mut checked) = cache.checked.lock() {
        *checked = Some((version, Instant::now()));
    }
    Ok(version)
}

fn cached<T: Clone>(slot: &Mutex<Option<T>>) -> Option<T> {
    slot.lock().map(|guard| guard.clone()).unwrap_or(None)
}

fn store<T>(slot: &Mutex<Option<T>>, value: T) {
    if let Ok(mut guard) = slot.lock() {
        *guard = Some(value);
    }
}

/// The listing index at the current catalogue version.
pub(crate) async fn listing_index(db: &Db) -> DbResult<Arc<ListingIndex>> {
    let cache = db.catalogue_cache();
    let version = current_version(db).await?;
    if let Some(index) = cached(&cache.index).filter(|i| i.version == version) {
        return Ok(index);
    }
    let _loading = cache.loading.lock().await;
    if let Some(index) = cached(&cache.index).filter(|i| i.version >= version) {
        return Ok(index);
    }
    let index = Arc::new(load_index(db, version).await?);
    store(&cache.index, Arc::clone(&index));
    Ok(index)
}

/// The taxonomy at the current catalogue version.
pub(crate) async fn cached_taxonomy(db: &Db) -> DbResult<Arc<Taxonomy>> {
    let cache = db.catalogue_cache();
    let version = current_version(db).await?;
    if let Some((_, taxonomy)) = cached(&cache.taxonomy).filter(|(v, _)| *v == version) {
        return Ok(taxonomy);
    }
    let _loading = cache.loading.lock().await;
    if let Some((_, taxonomy)) = cached(&cache.taxonomy).filter(|(v, _)| *v >= version) {
        return Ok(taxonomy);
    }
    let taxonomy = Arc::new(super::taxonomy::load_taxonomy_uncached(db).await?);
    store(&cache.taxonomy, (version, Arc::clone(&taxonomy)));
    Ok(taxonomy)
}

async fn load_index(db: &Db, version: i64) -> DbResult<ListingIndex> {
    let pool = db.pool();
    let mut rows = Vec::new();
    let mut position = HashMap::new();
    for row in sqlx::query(
        "select id, kind, status, visibility, slug, sku, name, featured, menu_order, price, price_max, on_sale,
         stock_status, average_rating, review_count, total_sales, created_at, updated_at, search_text
         from products where parent_id is null order by id",
    )
    .fetch_all(pool)
    .await?
    {
        let id: i64 = row.try_get(0)?;
        let sku: Option<String> = row.try_get(5)?;
        let name: String = row.try_get(6)?;
        position.insert(id, rows.len());
        rows.push(ListingRow {
            id,
            kind: row.try_get(1)?,
            published: row.try_get::<String, _>(2)? == "publish",
            visibility: row.try_get(3)?,
            slug: row.try_get(4)?,
            sku_lower: sku.as_deref().unwrap_or("").to_lowercase(),
            sku,
            name_lower: name.to_lowercase(),
            featured: row.try_get::<i64, _>(7)? != 0,
            menu_order: row.try_get(8)?,
            price: row.try_get(9)?,
            price_max: row.try_get(10)?,
            on_sale: row.try_get::<i64, _>(11)? != 0,
            stock_status: from_text(&row.try_get::<String, _>(12)?).unwrap_or_default(),
            average_rating: row.try_get(13)?,
            review_count: row.try_get(14)?,
            total_sales: row.try_get(15)?,
            created_at: row.try_get(16)?,
            updated_at: row.try_get(17)?,
            search_text: row.try_get(18)?,
            variation_skus: Vec::new(),
            categories: Vec::new(),
            tags: Vec::new(),
            terms: Vec::new(),
        });
    }
    let mut attach = |product: i64, apply: &mut dyn FnMut(&mut ListingRow)| {
        if let Some(row) = position.get(&product).and_then(|i| rows.get_mut(*i)) {
            apply(row);
        }
    };
    for row in sqlx::query(
        "select parent_id, sku from products where parent_id is not null and sku is not null",
    )
    .fetch_all(pool)
    .await?
    {
        let sku: String = row.try_get(1)?;
        attach(row.try_get(0)?, &mut |r| {
            r.variation_skus.push(sku.to_lowercase())
        });
    }
    for row in sqlx::query("select product_id, category_id from product_categories")
        .fetch_all(pool)
        .await?
    {
        let category: i64 = row.try_get(1)?;
        attach(row.try_get(0)?, &mut |r| r.categories.push(category));
    }
    for row in sqlx::query("select product_id, tag_id from product_tags")
        .fetch_all(pool)
        .await?
    {
        let tag: i64 = row.try_get(1)?;
        attach(row.try_get(0)?, &mut |r| r.tags.push(tag));
    }
    for row in sqlx::query("select product_id, term_id, attribute_id from product_terms")
        .fetch_all(pool)
        .await?
    {
        let term = (row.try_get::<i64, _>(1)?, row.try_get::<i64, _>(2)?);
        attach(row.try_get(0)?, &mut |r| r.terms.push(term));
    }
    tracing::debug!(
        catalogue.version = version,
        products = rows.len(),
        "listing index loaded"
    );
    Ok(ListingIndex { version, rows })
}
