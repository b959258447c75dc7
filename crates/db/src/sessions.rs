//! Browser sessions: a random id in a cookie, the state here.

use rand::RngCore;
use sqlx::Row;

use crate::{Db, DbResult, now};

/// A stored session.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    /// 32 lower-case hex characters (128 random bits).
    pub id: String,
    /// The logged-in customer, if any.
    pub user_id: Option<i64>,
    /// Feature state, a JSON object.
    pub data: serde_json::Value,
    /// When it lapses, in unix seconds.
    pub expires_at: i64,
}

/// A fresh session id: 128 bits from a cryptographic generator seeded by the operating
/// system, hex encoded.
pub fn new_id() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `id` has the shape of a session id (so junk cookies never reach a query).
pub fn is_well_formed(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Creates and stores a new session that lives `ttl_secs`.
pub async fn create(db: &Db, user_id: Option<i64>, ttl_secs: i64) -> DbResult<Session> {
    let at = now();
    let session = Session {
        id: new_id(),
        user_id,
        data: serde_json::json!({}),
        expires_at: at + ttl_secs,
    };
    sqlx::query(
        "insert into sessions (id, user_id, data, created_at, updated_at, expires_at)
         values ($1, $2, '{}', $3, $3, $4)",
    )
    .bind(&session.id)
    .bind(user_id)
    .bind(at)
    .bind(session.expires_at)
    .execute(db.writer())
    .await?;
    Ok(session)
}

/// Loads a live session; expired and unknown ids give `None`.
pub async fn load(db: &Db, id: &str) -> DbResult<Option<Session>> {
    if !is_well_formed(id) {
        return Ok(None);
    }
    let row = sqlx::query(
        "select id, user_id, data, expires_at from sessions where id = $1 and expires_at > $2",
    )
    .bind(id)
    .bind(now())
    .fetch_optional(db.pool())
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Session {
        id: row.try_get(0)?,
        user_id: row.try_get(1)?,
        data: serde_json::from_str(&row.try_get::<String, _>(2)?)?,
        expires_at: row.try_get(3)?,
    }))
}

/// Stores the session's data and pushes its expiry out to `now + ttl_secs`, never nearer
/// than it was: a "Remember me" session keeps its two weeks when a page later stores a
/// notice in it with the ordinary lifetime.
pub async fn save(db: &Db, session: &Session, ttl_secs: i64) -> DbResult<()> {
    let at = now();
    sqlx::query(
        "update sessions set data = $2, user_id = $3, updated_at = $4,
             expires_at = case when expires_at > $5 then expires_at else $5 end
         where id = $1",
    )
    .bind(&session.id)
    .bind(serde_json::to_string(&session.data)?)
    .bind(session.user_id)
    .bind(at)
    .bind(at + ttl_secs)
    .execute(db.writer())
    .await?;
    Ok(())
}

/// Gives the session a new id, keeping its data (on login, so a planted id is useless).
pub async fn rotate(db: &Db, old_id: &str, user_id: Option<i64>) -> DbResult<Option<String>> {
    let fresh = new_id();
    let changed =
        sqlx::query("update sessions set id = $2, user_id = $3, updated_at = $4 where id = $1")
            .bind(old_id)
            .bind(&fresh)
            .bind(user_id)
            .bind(now())
            .execute(db.writer())
            .await?
            .rows_affected();
    Ok((changed == 1).then_some(fresh))
}

/// Ends a session (logout).
pub async fn delete(db: &Db, id: &str) -> DbResult<()> {
    sqlx::query("delete from sessions where id = $1")
        .bind(id)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// Ends every session of `user_id` (a password change signs the customer out everywhere,
/// and with the sessions go the Cart-Tokens that needed them); returns how many went.
pub async fn delete_for_user(db: &Db, user_id: i64) -> DbResult<u64> {
    let done = sqlx::query("delete from sessions where user_id = $1")
        .bind(user_id)
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected())
}

/// Removes every expired session; returns how many went.
pub async fn purge_expired(db: &Db) -> DbResult<u64> {
    let done = sqlx::query("delete from sessions where expires_at <= $1")
        .bind(now())
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_128_bit_hex_and_distinct() {
        let a = new_id();
        let b = new_id();
        assert!(is_well_formed(&a), "{a}");
        assert_ne!(a, b);
    }

    #[test]
    fn junk_ids_are_rejected_before_any_query() {
        for junk in ["", "abc", "' or 1=1 --", &"G".repeat(32), &"a".repeat(33)] {
            assert!(!is_well_formed(junk), "{junk}");
        }
    }
}
