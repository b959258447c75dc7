//! Uploaded files, stored in the database so every process serves the same media.

use sqlx::Row;

use crate::{Db, DbResult, now};

/// A stored file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaFile {
    /// Its MIME type.
    pub content_type: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Last change, unix seconds (for `Last-Modified`).
    pub updated_at: i64,
}

/// Stores (or replaces) the file at `path` (below `/media/`).
pub async fn put_media(db: &Db, path: &str, content_type: &str, bytes: &[u8]) -> DbResult<()> {
    let at = now();
    sqlx::query(
        "insert into media (path, content_type, bytes, created_at, updated_at) values ($1, $2, $3, $4, $4)
         on conflict (path) do update set content_type = excluded.content_type, bytes = excluded.bytes,
         updated_at = excluded.updated_at",
    )
    .bind(path)
    .bind(content_type)
    .bind(bytes.to_vec())
    .bind(at)
    .execute(db.writer())
    .await?;
    Ok(())
}

/// The file at `path`, if any.
pub async fn get_media(db: &Db, path: &str) -> DbResult<Option<MediaFile>> {
    let row = sqlx::query("select content_type, bytes, updated_at from media where path = $1")
        .bind(path)
        .fetch_optional(db.pool())
        .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(MediaFile {
        content_type: row.try_get(0)?,
        bytes: row.try_get(1)?,
        updated_at: row.try_get(2)?,
    }))
}
