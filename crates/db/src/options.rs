//! Shop settings stored as named JSON values.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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

/// How old a setting read by [`get_recent`] may be. A write in this process is seen at once;
/// one made by another process (the CLI, a second server) within this time.
pub const RECENT: Duration = Duration::from_secs(1);

/// Settings as this process last read them, parsed (see [`get_recent`]).
#[derive(Default)]
pub(crate) struct OptionsCache {
    entries: Mutex<HashMap<(String, TypeId), Recent>>,
}

impl std::fmt::Debug for OptionsCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OptionsCache").finish_non_exhaustive()
    }
}

struct Recent {
    value: Arc<dyn Any + Send + Sync>,
    read_at: Instant,
}

impl OptionsCache {
    fn forget(&self, name: &str) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.retain(|(n, _), _| n != name);
        }
    }
}

/// Like [`get`], for settings read on hot paths (pricing on every cart request): the value
/// is kept parsed for [`RECENT`].
pub async fn get_recent<T>(db: &Db, name: &str) -> DbResult<Option<T>>
where
    T: DeserializeOwned + Clone + Send + Sync + 'static,
{
    Ok(Option::clone(&*get_recent_shared(db, name).await?))
}

/// Like [`get_recent`], without a copy of the value: the one kept, shared. Two reads within
/// [`RECENT`] return the same `Arc` ([`Arc::ptr_eq`]), so a caller that keeps what it made
/// of the value knows without comparing it whether it was read again.
pub async fn get_recent_shared<T>(db: &Db, name: &str) -> DbResult<Arc<Option<T>>>
where
    T: DeserializeOwned + Send + Sync + 'static,
{
    let key = (name.to_owned(), TypeId::of::<Option<T>>());
    if let Ok(entries) = db.options_cache().entries.lock()
        && let Some(recent) = entries.get(&key)
        && recent.read_at.elapsed() < RECENT
        && let Ok(value) = Arc::clone(&recent.value).downcast::<Option<T>>()
    {
        return Ok(value);
    }
    let value: Arc<Option<T>> = Arc::new(get(db, name).await?);
    if let Ok(mut entries) = db.options_cache().entries.lock() {
        entries.insert(
            key,
            Recent {
                value: Arc::clone(&value) as Arc<dyn Any + Send + Sync>,
                read_at: Instant::now(),
            },
        );
    }
    Ok(value)
}

/// Writes a setting, replacing any earlier value.
pub async fn set<T: Serialize + ?Sized>(db: &Db, name: &str, value: &T) -> DbResult<()> {
    db.options_cache().forget(name);
    let json = serde_json::to_string(value)?;
    let at = now();
    sqlx::query(
        "insert into options (name, value, created_at, updated_at) values ($1, $2, $3, $3)
         on conflict (name) do update set value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(name)
    .bind(json)
    .bind(at)
    .execute(db.writer())
    .await?;
    // Again after the write: a concurrent `get_recent` may have kept the old value meanwhile.
    db.options_cache().forget(name);
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
    .execute(db.writer())
    .await?;
    Ok(get::<String>(db, "secret_key").await?.unwrap_or(fresh))
}
