//! Carts in storage: one JSON document per cart with a revision number, so that two
//! requests changing one cart at once never lose or duplicate a change.
//!
//! Writers use [`update`]: inside one write transaction it reads the cart, lets the caller
//! change it, and writes it back if the revision is still the one read; otherwise it reads
//! again and retries.
//!
//! Time is the caller's (`now`, unix seconds): a cart is live while `expires_at > now`, and
//! how long a write keeps it is the caller's decision (the server's cart module decides it
//! from the cart's owner).

use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::Row;

use crate::{Db, DbError, DbResult};

/// A stored cart document.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredCart<T> {
    /// The cart key (`t_...` for guests, the user id for customers).
    pub key: String,
    /// The customer, when logged in.
    pub user_id: Option<i64>,
    /// The document.
    pub data: T,
    /// How many writes it has seen.
    pub revision: i64,
    /// When it stops being live (unix seconds).
    pub expires_at: i64,
}

/// A new guest cart key: `t_` and 30 hex characters, as WooCommerce's.
pub fn new_guest_key() -> String {
    let id = crate::sessions::new_id();
    format!("t_{}", id.get(..30).unwrap_or(&id))
}

/// The cart key of a customer.
pub fn customer_key(user_id: i64) -> String {
    user_id.to_string()
}

/// Whether `key` has the shape of a cart key (junk never reaches a query).
pub fn is_well_formed(key: &str) -> bool {
    match key.strip_prefix("t_") {
        Some(hex) => hex.len() == 30 && hex.bytes().all(|b| b.is_ascii_hexdigit()),
        None => !key.is_empty() && key.len() <= 19 && key.bytes().all(|b| b.is_ascii_digit()),
    }
}

/// Loads the cart if it is live at `now`.
pub async fn load<T: DeserializeOwned>(
    db: &Db,
    key: &str,
    now: i64,
) -> DbResult<Option<StoredCart<T>>> {
    if !is_well_formed(key) {
        return Ok(None);
    }
    let row = sqlx::query(
        "select key, user_id, data, revision, expires_at from carts
         where key = $1 and expires_at > $2",
    )
    .bind(key)
    .bind(now)
    .fetch_optional(db.pool())
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(StoredCart {
        key: row.try_get(0)?,
        user_id: row.try_get(1)?,
        data: serde_json::from_str(&row.try_get::<String, _>(2)?)?,
        revision: row.try_get(3)?,
        expires_at: row.try_get(4)?,
    }))
}

/// Reads the cart (or `T::default()` for a new one), applies `change`, and stores the result
/// if no other writer got in between; retries otherwise. A cart not live at `now` counts as
/// absent; a write keeps the cart live until `now + ttl_secs`. `change` may run more than once
/// and must only change the document it is given. Returns the stored cart and `change`'s
/// output.
pub async fn update<T, R, F>(
    db: &Db,
    key: &str,
    user_id: Option<i64>,
    now: i64,
    ttl_secs: i64,
    change: F,
) -> DbResult<(StoredCart<T>, R)>
where
    T: Serialize + DeserializeOwned + Default,
    F: FnMut(&mut T) -> R,
{
    let seen = load::<T>(db, key, now).await?;
    update_seen(db, key, user_id, now, ttl_secs, seen, change).await
}

/// [`update`] from the cart as the caller has just read it (`seen`, from [`load`] at `now`;
/// `None` for no live cart), so it is not read again. The change is first written by one
/// statement that holds only if the stored revision is still `seen`'s (or, for a new cart,
/// if none is live): a write then costs the one writer a single statement instead of a
/// transaction of four. When another writer got in between, it falls back to reading and
/// writing inside one write transaction, as [`update`] always did.
pub async fn update_seen<T, R, F>(
    db: &Db,
    key: &str,
    user_id: Option<i64>,
    now: i64,
    ttl_secs: i64,
    seen: Option<StoredCart<T>>,
    mut change: F,
) -> DbResult<(StoredCart<T>, R)>
where
    T: Serialize + DeserializeOwned + Default,
    F: FnMut(&mut T) -> R,
{
    if !is_well_formed(key) {
        return Err(DbError::Invalid(format!("{key:?} is not a cart key")));
    }
    if let Some(done) =
        write_if_unchanged(db, key, user_id, now, ttl_secs, seen, &mut change).await?
    {
        return Ok(done);
    }
    for _ in 0..20 {
        // Read and write in one write transaction: on SQLite it holds the write lock (and this
        // process's writers queue for the one writer connection), on PostgreSQL the row is
        // locked. The revision check stays as the guard for the insert race.
        let mut tx = db.begin_write().await?;
        let row = sqlx::query(&format!(
            "select data, revision, user_id, expires_at from carts where key = $1 and expires_at > $2{}",
            crate::orders::for_update(db.backend())
        ))
        .bind(key)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let (mut data, revision, stored) = match row {
            Some(row) => {
                let text = row.try_get::<String, _>(0)?;
                let owner = row.try_get::<Option<i64>, _>(2)?;
                let expires_at = row.try_get::<i64, _>(3)?;
                (
                    serde_json::from_str::<T>(&text)?,
                    Some(row.try_get::<i64, _>(1)?),
                    Some((text, owner, expires_at)),
                )
            }
            None => (T::default(), None, None),
        };
        let output = change(&mut data);
        let json = serde_json::to_string(&data)?;
        // A change that changes nothing (the same address sent again) writes nothing.
        if let (Some(revision), Some((text, owner, expires_at))) = (revision, &stored)
            && *text == json
            && (user_id.is_none() || *owner == user_id)
        {
            drop(tx);
            return Ok((
                StoredCart {
                    key: key.to_owned(),
                    user_id: *owner,
                    data,
                    revision,
                    expires_at: *expires_at,
                },
                output,
            ));
        }
        let at = now;
        let written = match revision {
            Some(revision) => sqlx::query(
                "update carts set data = $3, revision = revision + 1, user_id = coalesce($4, user_id),
                 updated_at = $5, expires_at = $6 where key = $1 and revision = $2",
            )
            .bind(key)
            .bind(revision)
            .bind(json)
            .bind(user_id)
            .bind(at)
            .bind(at + ttl_secs)
            .execute(&mut *tx)
            .await?
            .rows_affected(),
            // Another writer created it in between: read theirs and retry.
            None => insert_new(&mut *tx, key, user_id, &json, at, ttl_secs).await?,
        };
        if written == 1 {
            tx.commit().await?;
            let revision = revision.map_or(1, |r| r + 1);
            return Ok((
                StoredCart {
                    key: key.to_owned(),
                    user_id,
                    data,
                    revision,
                    expires_at: at + ttl_secs,
                },
                output,
            ));
        }
        // Someone else wrote first (a cart created meanwhile): read theirs and apply the
        // change again.
        drop(tx);
        tokio::task::yield_now().await;
    }
    Err(DbError::Contention(format!("cart {key}")))
}

/// The optimistic first attempt of [`update_seen`]: `change` applied to `seen` and written
/// in one statement, guarded by `seen`'s revision (or by no live cart being stored). `None`
/// when the guard failed: another writer got in between, and nothing was written.
async fn write_if_unchanged<T, R, F>(
    db: &Db,
    key: &str,
    user_id: Option<i64>,
    now: i64,
    ttl_secs: i64,
    seen: Option<StoredCart<T>>,
    change: &mut F,
) -> DbResult<Option<(StoredCart<T>, R)>>
where
    T: Serialize + DeserializeOwned + Default,
    F: FnMut(&mut T) -> R,
{
    let at = now;
    let Some(seen) = seen else {
        let mut data = T::default();
        let output = change(&mut data);
        let json = serde_json::to_string(&data)?;
        let written = insert_new(db.writer(), key, user_id, &json, at, ttl_secs).await?;
        return Ok((written == 1).then(|| {
            (
                StoredCart {
                    key: key.to_owned(),
                    user_id,
                    data,
                    revision: 1,
                    expires_at: at + ttl_secs,
                },
                output,
            )
        }));
    };
    let before = serde_json::to_string(&seen.data)?;
    let StoredCart {
        mut data,
        revision,
        user_id: owner,
        expires_at,
        ..
    } = seen;
    let output = change(&mut data);
    let json = serde_json::to_string(&data)?;
    // A change that changes nothing writes nothing (as in the transaction below).
    if json == before && (user_id.is_none() || owner == user_id) {
        let kept = StoredCart {
            key: key.to_owned(),
            user_id: owner,
            data,
            revision,
            expires_at,
        };
        return Ok(Some((kept, output)));
    }
    let written = sqlx::query(
        "update carts set data = $3, revision = revision + 1, user_id = coalesce($4, user_id),
         updated_at = $5, expires_at = $6 where key = $1 and revision = $2 and expires_at > $5",
    )
    .bind(key)
    .bind(revision)
    .bind(json)
    .bind(user_id)
    .bind(at)
    .bind(at + ttl_secs)
    .execute(db.writer())
    .await?
    .rows_affected();
    Ok((written == 1).then(|| {
        (
            StoredCart {
                key: key.to_owned(),
                user_id,
                data,
                revision: revision + 1,
                expires_at: at + ttl_secs,
            },
            output,
        )
    }))
}

/// Stores a new cart (revision 1) unless a live one is stored under `key`; how many rows
/// were written (0 when another writer's cart is there, however the engine says so).
async fn insert_new<'e, E>(
    executor: E,
    key: &str,
    user_id: Option<i64>,
    json: &str,
    at: i64,
    ttl_secs: i64,
) -> DbResult<u64>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    Ok(sqlx::query(
        "insert into carts (key, user_id, data, revision, created_at, updated_at, expires_at)
         values ($1, $2, $3, 1, $4, $4, $5)
         on conflict (key) do update set data = excluded.data, revision = carts.revision + 1,
         updated_at = excluded.updated_at, expires_at = excluded.expires_at
         where carts.expires_at <= $4",
    )
    .bind(key)
    .bind(user_id)
    .bind(json)
    .bind(at)
    .bind(at + ttl_secs)
    .execute(executor)
    .await
    .or_else(|e| {
        // Another writer created it in between (PostgreSQL may say so as a unique
        // violation rather than through `on conflict`).
        if e.as_database_error()
            .is_some_and(|d| d.is_unique_violation())
        {
            Ok(sqlx::any::AnyQueryResult::default())
        } else {
            Err(e)
        }
    })?
    .rows_affected())
}

/// Deletes a cart (emptied by an order, or merged into a customer's).
pub async fn delete(db: &Db, key: &str) -> DbResult<()> {
    sqlx::query("delete from carts where key = $1")
        .bind(key)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// Removes the carts expired at `now`; returns how many went.
pub async fn purge_expired(db: &Db, now: i64) -> DbResult<u64> {
    Ok(sqlx::query("delete from carts where expires_at <= $1")
        .bind(now)
        .execute(db.writer())
        .await?
        .rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_checked_before_queries() {
        let guest = new_guest_key();
        assert!(is_well_formed(&guest), "{guest}");
        assert_eq!(guest.len(), 32);
        assert!(is_well_formed("42"));
        for junk in ["", "t_", "t_zz", "1; drop table carts", "t_' or 1=1"] {
            assert!(!is_well_formed(junk), "{junk}");
        }
    }
}
