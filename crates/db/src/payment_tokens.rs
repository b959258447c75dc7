//! Saved cards (payment tokens): a customer's cards a gateway can charge again.
//!
//! A token stores what the checkout shows (brand, last four digits, expiry) and the gateway's
//! own reference for the card, never the number. Every lookup a checkout makes goes through
//! [`load_for`], which only finds a token of the given customer: a token id sent by someone
//! else is the same as no token at all.
//!
//! A customer's first card becomes their default; deleting the default makes their newest
//! other card the default.

use mercato_core::payments::{CardBrand, CardToken, Expiry};
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::{Db, DbResult, now};

/// A card to keep for a customer.
#[derive(Debug, Clone, Copy)]
pub struct NewToken<'a> {
    /// The customer.
    pub user_id: i64,
    /// The gateway that can charge it.
    pub gateway: &'a str,
    /// The gateway's reference for the card.
    pub reference: &'a str,
    /// Brand.
    pub brand: CardBrand,
    /// Last four digits.
    pub last4: &'a str,
    /// Expiry month.
    pub expiry: Expiry,
}

/// A stored token with the gateway's reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredToken {
    /// What the checkout shows.
    pub card: CardToken,
    /// The gateway's reference for the card.
    pub reference: String,
}

// `token` is the gateway's reference for the card.
const COLUMNS: &str =
    "id, user_id, gateway, token, brand, last4, expiry_year, expiry_month, is_default";

fn decode(row: &AnyRow) -> DbResult<StoredToken> {
    Ok(StoredToken {
        card: CardToken {
            id: row.try_get(0)?,
            user_id: row.try_get(1)?,
            gateway: row.try_get(2)?,
            brand: CardBrand::from_id(&row.try_get::<String, _>(4)?),
            last4: row.try_get(5)?,
            expiry: Expiry {
                year: row.try_get(6)?,
                month: u32::try_from(row.try_get::<i64, _>(7)?).unwrap_or(0),
            },
            is_default: row.try_get::<i64, _>(8)? != 0,
        },
        reference: row.try_get(3)?,
    })
}

/// Keeps a card for its customer; the first one becomes the default. A card the customer
/// has already saved (same gateway, brand, last four and expiry) is not saved twice: the
/// stored one is returned.
pub async fn save(db: &Db, token: NewToken<'_>) -> DbResult<StoredToken> {
    let mut tx = db.begin_write().await?;
    let same = sqlx::query(&format!(
        "select {COLUMNS} from payment_tokens
         where user_id = $1 and gateway = $2 and brand = $3 and last4 = $4
           and expiry_year = $5 and expiry_month = $6"
    ))
    .bind(token.user_id)
    .bind(token.gateway.to_owned())
    .bind(token.brand.as_str())
    .bind(token.last4.to_owned())
    .bind(token.expiry.year)
    .bind(i64::from(token.expiry.month))
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(row) = same {
        return decode(&row);
    }
    let has_default =
        sqlx::query("select count(*) from payment_tokens where user_id = $1 and is_default = 1")
            .bind(token.user_id)
            .fetch_one(&mut *tx)
            .await?
            .try_get::<i64, _>(0)?
            > 0;
    let row = sqlx::query(&format!(
        "insert into payment_tokens (user_id, gateway, token, brand, last4, expiry_year,
             expiry_month, is_default, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         returning {COLUMNS}"
    ))
    .bind(token.user_id)
    .bind(token.gateway.to_owned())
    .bind(token.reference.to_owned())
    .bind(token.brand.as_str())
    .bind(token.last4.to_owned())
    .bind(token.expiry.year)
    .bind(i64::from(token.expiry.month))
    .bind(i64::from(!has_default))
    .bind(now())
    .fetch_one(&mut *tx)
    .await?;
    let stored = decode(&row)?;
    tx.commit().await?;
    Ok(stored)
}

/// The customer's cards, the default first, then the newest.
pub async fn list(db: &Db, user_id: i64) -> DbResult<Vec<StoredToken>> {
    let rows = sqlx::query(&format!(
        "select {COLUMNS} from payment_tokens where user_id = $1
         order by is_default desc, id desc"
    ))
    .bind(user_id)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(decode).collect()
}

/// Token `id`, only if it belongs to `user_id`.
pub async fn load_for(db: &Db, user_id: i64, id: i64) -> DbResult<Option<StoredToken>> {
    let row = sqlx::query(&format!(
        "select {COLUMNS} from payment_tokens where id = $1 and user_id = $2"
    ))
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?;
    row.as_ref().map(decode).transpose()
}

/// The customer's default card, if they have one.
pub async fn default_for(db: &Db, user_id: i64) -> DbResult<Option<StoredToken>> {
    let row = sqlx::query(&format!(
        "select {COLUMNS} from payment_tokens where user_id = $1 and is_default = 1"
    ))
    .bind(user_id)
    .fetch_optional(db.pool())
    .await?;
    row.as_ref().map(decode).transpose()
}

/// Makes token `id` the customer's default; `false` when it is not theirs.
pub async fn set_default(db: &Db, user_id: i64, id: i64) -> DbResult<bool> {
    let mut tx = db.begin_write().await?;
    let found = sqlx::query("select id from payment_tokens where id = $1 and user_id = $2")
        .bind(id)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?
        .is_some();
    if !found {
        return Ok(false);
    }
    sqlx::query(
        "update payment_tokens set is_default = case when id = $2 then 1 else 0 end,
             updated_at = $3
         where user_id = $1",
    )
    .bind(user_id)
    .bind(id)
    .bind(now())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes token `id` of the customer; `false` when it is not theirs. When it was the
/// default, their newest other card becomes the default.
pub async fn delete(db: &Db, user_id: i64, id: i64) -> DbResult<bool> {
    let mut tx = db.begin_write().await?;
    let deleted = sqlx::query("delete from payment_tokens where id = $1 and user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1;
    if !deleted {
        return Ok(false);
    }
    sqlx::query(
        "update payment_tokens set is_default = 1
         where id = (select max(id) from payment_tokens where user_id = $1)
           and not exists (select 1 from payment_tokens where user_id = $1 and is_default = 1)",
    )
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}
