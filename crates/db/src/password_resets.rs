//! Password reset links: a random token in the link, its SHA-256 hash here, bound to one
//! account, expiring, and spent by the first reset that uses it.

use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::{Db, DbResult, now};

/// The stored form of a token: its SHA-256 hash, hex.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Keeps a new reset link for `user_id`, made at `now` (unix seconds): `token` (the caller
/// made it random) valid for `ttl_secs`. Earlier unused links of the account stop working:
/// only the newest email counts.
pub async fn create(db: &Db, user_id: i64, token: &str, ttl_secs: i64, now: i64) -> DbResult<()> {
    let at = now;
    let mut tx = db.begin_write().await?;
    sqlx::query("delete from password_resets where user_id = $1 and used_at is null")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "insert into password_resets (token_hash, user_id, expires_at, created_at, updated_at)
         values ($1, $2, $3, $4, $4)",
    )
    .bind(hash_token(token))
    .bind(user_id)
    .bind(at.saturating_add(ttl_secs))
    .bind(at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Whether `token` is a live (unused, unexpired at `now`) link for `user_id`.
pub async fn is_valid(db: &Db, user_id: i64, token: &str, now: i64) -> DbResult<bool> {
    let row = sqlx::query(
        "select 1 from password_resets
         where token_hash = $1 and user_id = $2 and used_at is null and expires_at > $3",
    )
    .bind(hash_token(token))
    .bind(user_id)
    .bind(now)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.is_some())
}

/// Spends a live link of `user_id` at `now`: `true` for exactly one caller, however many use
/// it at once (one conditional update); `false` for a used, expired, unknown or other
/// account's token.
pub async fn spend(db: &Db, user_id: i64, token: &str, now: i64) -> DbResult<bool> {
    let at = now;
    let done = sqlx::query(
        "update password_resets set used_at = $3, updated_at = $3
         where token_hash = $1 and user_id = $2 and used_at is null and expires_at > $3",
    )
    .bind(hash_token(token))
    .bind(user_id)
    .bind(at)
    .execute(db.writer())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends every unused link of `user_id`, inside the caller's write (a password or email
/// change).
pub async fn revoke_for_user(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: i64,
) -> DbResult<u64> {
    let done = sqlx::query("delete from password_resets where user_id = $1 and used_at is null")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected())
}

/// Moves a link's expiry (tests of expiry; an operator ending a link early).
pub async fn set_expiry(db: &Db, token: &str, expires_at: i64) -> DbResult<bool> {
    let done = sqlx::query("update password_resets set expires_at = $2 where token_hash = $1")
        .bind(hash_token(token))
        .bind(expires_at)
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// How many links of `user_id` are live.
pub async fn live_count(db: &Db, user_id: i64) -> DbResult<i64> {
    let row = sqlx::query(
        "select count(*) from password_resets
         where user_id = $1 and used_at is null and expires_at > $2",
    )
    .bind(user_id)
    .bind(now())
    .fetch_one(db.pool())
    .await?;
    Ok(row.try_get::<i64, _>(0)?)
}
