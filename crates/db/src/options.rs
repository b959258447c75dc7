//! Shop settings stored as named JSON values.

use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::Row;

use crate::{Db, DbResult, now};

/// Reads a setting; `None` when it was never set.
pub async fn get<T: DeserializeOwned>(db: &Db, name: &str) -> DbResult<Option<T>> {
    let row = sqlx::query("select value from options where name = $1")
        .bind(name)
        .fetch_optional(db.pool())
        .await?;
    match row {
        Some(row) => Ok(Some(serde_json::from_str(&row.try_get::<String, _>(0)?)?)),
        None => Ok(None),
    }
}

/// Writes a setting, replacing any earlier value.
pub async fn set<T: Serialize + ?Sized>(db: &Db, name: &str, value: &T) -> DbResult<()> {
    let json = serde_json::to_string(value)?;
    let at = now();
    sqlx::query(
        "insert into options (name, value, created_at, updated_at) values ($1, $2, $3, $3)
         on conflict (name) do update set value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(name)
    .bind(json)
    .bind(at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The shop's secret for signing nonces and cart tokens: made once, at random, and shared by
/// every process through the database.
pub async fn secret_key(db: &Db) -> DbResult<String> {
    if let Some(key) = get::<String>(db, "secret_key").await? {
        return Ok(key);
    }
    let fresh = format!("{}{}", crate::sessions::new_id(), crate::sessions::new_id());
    // Two processes starting at once: the first insert wins and both read it back.
    sqlx::query(
        "insert into options (name, value, created_at, updated_at) values ('secret_key', $1, $2, $2)
         on conflict (name) do nothing",
    )
    .bind(serde_json::to_string(&fresh)?)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(get::<String>(db, "secret_key").await?.unwrap_or(fresh))
}
