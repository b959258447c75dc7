//! Content pages, by slug. The rules (slug shapes, limits, sanitising) are
//! `mercato_core::content`; this module stores what they produced.

use mercato_core::content::{ContentPage, SourceFormat};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::{Db, DbError, DbResult, now};

/// A stored page with its times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPage {
    /// The page.
    pub page: ContentPage,
    /// When it was last saved (unix seconds).
    pub updated_at: i64,
}

fn from_row(row: &AnyRow) -> DbResult<StoredPage> {
    let format: String = row.try_get(3)?;
    let format = SourceFormat::parse(&format)
        .ok_or_else(|| DbError::Invalid(format!("unknown page format {format:?}")))?;
    Ok(StoredPage {
        page: ContentPage {
            slug: row.try_get(0)?,
            title: row.try_get(1)?,
            description: row.try_get(2)?,
            format,
            source: row.try_get(4)?,
            html: row.try_get(5)?,
        },
        updated_at: row.try_get(6)?,
    })
}

const COLUMNS: &str = "slug, title, description, format, source, html, updated_at";

/// Saves `page`, replacing the page with its slug: `true` when it is new.
pub async fn put(db: &Db, page: &ContentPage) -> DbResult<bool> {
    let at = now();
    let mut tx = db.begin_write().await?;
    let existed = sqlx::query("select 1 from content_pages where slug = $1")
        .bind(&page.slug)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    sqlx::query(
        "insert into content_pages (slug, title, description, format, source, html, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7)
         on conflict (slug) do update set title = excluded.title, description = excluded.description,
           format = excluded.format, source = excluded.source, html = excluded.html,
           updated_at = excluded.updated_at",
    )
    .bind(&page.slug)
    .bind(&page.title)
    .bind(&page.description)
    .bind(page.format.as_str())
    .bind(&page.source)
    .bind(&page.html)
    .bind(at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(!existed)
}

/// The page at `slug`.
pub async fn get(db: &Db, slug: &str) -> DbResult<Option<StoredPage>> {
    let row = sqlx::query(&format!(
        "select {COLUMNS} from content_pages where slug = $1"
    ))
    .bind(slug)
    .fetch_optional(db.pool())
    .await?;
    row.as_ref().map(from_row).transpose()
}

/// Every page, by slug.
pub async fn list(db: &Db) -> DbResult<Vec<StoredPage>> {
    let rows = sqlx::query(&format!(
        "select {COLUMNS} from content_pages order by slug"
    ))
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(from_row).collect()
}

/// Deletes the page at `slug`: `false` when there was none.
pub async fn delete(db: &Db, slug: &str) -> DbResult<bool> {
    let done = sqlx::query("delete from content_pages where slug = $1")
        .bind(slug)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}
