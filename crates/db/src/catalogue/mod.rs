//! The catalogue in storage: products and variations, categories, tags, attributes and
//! their terms, reviews and media.
//!
//! Each product or variation row keeps its full record as JSON (`data`) for the rules in
//! `mercato_core::catalogue`, and the columns that queries filter and sort on. Stock columns
//! are the truth for stock and are patched into the records on read.

mod bulk;
pub(crate) mod index;
mod media;
mod query;
mod read;
mod reviews;
pub mod sql;
mod stock;
mod taxonomy;
mod write;

pub use bulk::{ProductKey, options_with_prefix, product_keys};
pub use media::{MediaFile, get_media, put_media};
pub use query::{
    AttributeFilter, Facets, ListingPage, ProductOrder, ProductQuery, Visibility, facets,
    find_products,
};
pub use read::{
    SitemapProduct, StoredRecord, load_record, product_by_id, product_by_sku, product_by_slug,
    products_by_ids, sitemap_products, variations_of, variations_of_many,
};
pub use reviews::{ReviewQuery, add_review, reviews, set_review_status};
pub use stock::{restore_stock, take_stock, take_stock_now};
pub use taxonomy::{
    CategoryRollup, Taxonomy, category_rollups, load_taxonomy, save_attribute, save_category,
    save_tag, save_term,
};
pub use write::{CatalogueWriter, delete_product};

/// The catalogue version as this process last read it (at most a few milliseconds old; a
/// write in this process is seen at once). Anything derived from the catalogue can be kept
/// until it moves.
pub async fn cached_version(db: &Db) -> DbResult<i64> {
    index::current_version(db).await
}

use sqlx::Row;

use crate::{Db, DbResult};

/// The catalogue's version: bumped by every catalogue write, so a process can keep catalogue
/// reads in memory and know when they went stale.
pub async fn version(db: &Db) -> DbResult<i64> {
    let row = sqlx::query("select value from options where name = 'catalogue_version'")
        .fetch_optional(db.pool())
        .await?;
    Ok(match row {
        Some(row) => row.try_get::<String, _>(0)?.trim().parse().unwrap_or(0),
        None => 0,
    })
}

/// When the catalogue last changed, in Unix seconds (0 when it never has): the time its
/// version last moved. Every catalogue write moves it (products, variations, stock, terms,
/// reviews), deletions included, so a client's cached collections older than this are stale
/// (the Store API's `Last-Modified` on `/products`).
pub async fn last_modified(db: &Db) -> DbResult<i64> {
    let row = sqlx::query("select updated_at from options where name = 'catalogue_version'")
        .fetch_optional(db.pool())
        .await?;
    Ok(match row {
        Some(row) => row.try_get::<i64, _>(0)?,
        None => 0,
    })
}

/// Counts products (not variations) in any status.
pub async fn product_count(db: &Db) -> DbResult<i64> {
    let row = sqlx::query("select count(*) from products where parent_id is null")
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get::<i64, _>(0)?)
}

pub(crate) async fn bump_version<'e, E>(executor: E) -> DbResult<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    // The value is JSON text; a number is valid JSON.
    sqlx::query(
        "update options set value = cast(cast(value as bigint) + 1 as text), updated_at = $1
         where name = 'catalogue_version'",
    )
    .bind(crate::now())
    .execute(executor)
    .await?;
    Ok(())
}
