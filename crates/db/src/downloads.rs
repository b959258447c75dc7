//! Download permissions (issue 13, docs/downloads.md): what a paid order lets its customer
//! download, how many more times and until when.
//!
//! Permissions are granted in the transaction that makes an order paid (processing or
//! completed: [`crate::orders::set_status_from`] and the placing functions), once per order,
//! product and file whatever how often that happens. Each has a random 128-bit key, its only
//! name outside the server. Using one ([`use_once`]) is one conditional update, so two
//! downloads at once never make more than the limit allows, on either engine.

use std::collections::BTreeMap;

use mercato_core::csv_format::mapping::ProductExtras;
use mercato_core::orders::downloads::{
    MAX_FILE_NAME_CHARS, Refusal, access_expires, check, downloads_allowed,
};
use mercato_core::orders::{Order, OrderStatus};
use rand::RngCore;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use crate::{Db, DbResult, now};

/// One file a customer may download.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Permission {
    /// The random key in the download link.
    pub key: String,
    /// The order that granted it.
    pub order_id: i64,
    /// The order's key (`wc_order_…`), which lets the guest who placed it download.
    pub order_key: String,
    /// The order's status now.
    pub order_status: String,
    /// The product or variation bought.
    pub product_id: i64,
    /// Its name at the grant.
    pub product_name: String,
    /// The file's name, as the customer sees it.
    pub file_name: String,
    /// Where the file is: an http(s) URL or a path under the downloads directory.
    pub file_url: String,
    /// The customer who owns it; `None` for a guest order.
    pub user_id: Option<i64>,
    /// Downloads left; `None` for unlimited.
    pub downloads_remaining: Option<i64>,
    /// When access ends (unix seconds); `None` for never.
    pub access_expires: Option<i64>,
    /// Downloads made so far.
    pub download_count: i64,
    /// When it was granted (unix seconds).
    pub granted_at: i64,
}

impl Permission {
    /// The link that downloads it.
    pub fn url(&self) -> String {
        format!("/download/{}/", self.key)
    }

    /// Whether its order is paid (processing or completed) now: a refunded or cancelled
    /// order's files are not served.
    pub fn order_is_paid(&self) -> bool {
        self.order_status
            .parse::<OrderStatus>()
            .is_ok_and(OrderStatus::is_paid)
    }
}

const COLUMNS: &str = "p.download_key, p.order_id, o.order_key, o.status, p.product_id,
    p.product_name, p.file_name, p.file_url, p.user_id, p.downloads_remaining,
    p.access_expires, p.download_count, p.created_at";

fn decode(row: &AnyRow) -> DbResult<Permission> {
    Ok(Permission {
        key: row.try_get(0)?,
        order_id: row.try_get(1)?,
        order_key: row.try_get(2)?,
        order_status: row.try_get(3)?,
        product_id: row.try_get(4)?,
        product_name: row.try_get(5)?,
        file_name: row.try_get(6)?,
        file_url: row.try_get(7)?,
        user_id: row.try_get(8)?,
        downloads_remaining: row.try_get(9)?,
        access_expires: row.try_get(10)?,
        download_count: row.try_get(11)?,
        granted_at: row.try_get(12)?,
    })
}

/// A fresh download key: 128 bits from the operating system's generator, hex.
pub fn new_key() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Whether `key` has the shape of a download key (so junk never reaches a query).
pub fn is_well_formed(key: &str) -> bool {
    key.len() == 32
        && key
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// What grants and the "needs processing" rule read of a product's record.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct Flags {
    is_virtual: bool,
    is_downloadable: bool,
    name: String,
}

async fn flags(tx: &mut Transaction<'static, Any>, id: i64) -> DbResult<Option<Flags>> {
    let row = sqlx::query("select data from products where id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    match row {
        Some(row) => Ok(Some(serde_json::from_str(&row.try_get::<String, _>(0)?)?)),
        None => Ok(None),
    }
}

async fn extras(tx: &mut Transaction<'static, Any>, id: i64) -> DbResult<ProductExtras> {
    let row = sqlx::query("select value from options where name = $1")
        .bind(format!("catalogue.extras.{id}"))
        .fetch_optional(&mut **tx)
        .await?;
    match row {
        Some(row) => Ok(serde_json::from_str(&row.try_get::<String, _>(0)?).unwrap_or_default()),
        None => Ok(ProductExtras::default()),
    }
}

/// Whether `order` needs processing once paid (core's rule over its lines' products as they
/// are now; a product that is gone counts as one to ship).
pub(crate) async fn needs_processing(
    tx: &mut Transaction<'static, Any>,
    order: &Order,
) -> DbResult<bool> {
    let mut lines = Vec::with_capacity(order.line_items.len());
    for line in &order.line_items {
        let found = flags(tx, line.purchased_id().0).await?;
        lines.push(found.map_or((false, false), |f| (f.is_virtual, f.is_downloadable)));
    }
    Ok(mercato_core::orders::downloads::needs_processing(&lines))
}

/// An order moving from an unpaid status to processing goes to completed instead when it
/// needs no processing. Returns the status to move to.
pub(crate) async fn paid_status(
    tx: &mut Transaction<'static, Any>,
    order: &Order,
    to: OrderStatus,
) -> DbResult<OrderStatus> {
    if to == OrderStatus::Processing
        && !order.status.is_paid()
        && !needs_processing(tx, order).await?
    {
        return Ok(OrderStatus::Completed);
    }
    Ok(to)
}

fn cut(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// Grants `order`'s downloads (it is paid): one permission per downloadable product or
/// variation bought and file it has, with its limit (times the quantity bought) and expiry.
/// A permission that exists already is kept as it is.
pub(crate) async fn grant_in(
    tx: &mut Transaction<'static, Any>,
    order: &Order,
    user_id: Option<i64>,
) -> DbResult<()> {
    let mut bought: BTreeMap<i64, i64> = BTreeMap::new();
    for line in &order.line_items {
        *bought.entry(line.purchased_id().0).or_default() += i64::from(line.quantity);
    }
    let owner = user_id.or((order.customer_id > 0).then_some(order.customer_id));
    let at = now();
    for (product_id, quantity) in bought {
        let Some(product) = flags(tx, product_id).await? else {
            continue;
        };
        if !product.is_downloadable {
            continue;
        }
        let extras = extras(tx, product_id).await?;
        let remaining = downloads_allowed(extras.download_limit, quantity);
        let expires = access_expires(at, extras.download_expiry_days);
        let product_name = order
            .line_items
            .iter()
            .find(|l| l.purchased_id().0 == product_id)
            .map_or(product.name, |l| l.name.clone());
        for file in extras.downloads.iter().filter(|f| !f.url.trim().is_empty()) {
            let download_id = match file.id.as_deref().map(str::trim) {
                Some(id) if !id.is_empty() => cut(id, 100),
                _ => hex::encode(&Sha256::digest(file.url.as_bytes())[..16]),
            };
            let file_name = match file.name.as_deref().map(str::trim) {
                Some(name) if !name.is_empty() => name.to_owned(),
                _ => file
                    .url
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or("")
                    .to_owned(),
            };
            sqlx::query(
                "insert into download_permissions (download_key, order_id, product_id,
                     download_id, product_name, file_name, file_url, user_id, email,
                     downloads_remaining, access_expires, created_at, updated_at)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
                 on conflict (order_id, product_id, download_id) do nothing",
            )
            .bind(new_key())
            .bind(order.id)
            .bind(product_id)
            .bind(download_id)
            .bind(cut(&product_name, 400))
            .bind(cut(&file_name, MAX_FILE_NAME_CHARS))
            .bind(file.url.trim().to_owned())
            .bind(owner)
            .bind(order.billing.email.clone())
            .bind(remaining)
            .bind(expires)
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// The permission with this key, whatever its state; `None` for an unknown or malformed key.
pub async fn by_key(db: &Db, key: &str) -> DbResult<Option<Permission>> {
    if !is_well_formed(key) {
        return Ok(None);
    }
    let row = sqlx::query(&format!(
        "select {COLUMNS} from download_permissions p join orders o on o.id = p.order_id
         where p.download_key = $1"
    ))
    .bind(key)
    .fetch_optional(db.pool())
    .await?;
    row.as_ref().map(decode).transpose()
}

/// A customer's downloads from paid orders, newest first, usable or not.
pub async fn for_customer(db: &Db, user_id: i64) -> DbResult<Vec<Permission>> {
    let rows = sqlx::query(&format!(
        "select {COLUMNS} from download_permissions p join orders o on o.id = p.order_id
         where p.user_id = $1 and o.status in ('processing', 'completed')
         order by p.created_at desc, p.id"
    ))
    .bind(user_id)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(decode).collect()
}

/// An order's downloads (empty unless it is paid).
pub async fn for_order(db: &Db, order_id: i64) -> DbResult<Vec<Permission>> {
    let rows = sqlx::query(&format!(
        "select {COLUMNS} from download_permissions p join orders o on o.id = p.order_id
         where p.order_id = $1 and o.status in ('processing', 'completed')
         order by p.id"
    ))
    .bind(order_id)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(decode).collect()
}

/// Why [`use_once`] did not count a download.
#[derive(Debug, thiserror::Error)]
pub enum UseError {
    /// No permission has this key.
    #[error("no such download")]
    NotFound,
    /// The permission may not be used any more.
    #[error("{}", .0.message())]
    Refused(Refusal),
    /// Storage failed.
    #[error(transparent)]
    Db(#[from] crate::DbError),
}

impl From<sqlx::Error> for UseError {
    fn from(e: sqlx::Error) -> Self {
        UseError::Db(crate::DbError::Sql(e))
    }
}

/// Counts one download of `key` at `at` if the permission still allows one (downloads left,
/// not expired): one conditional update, so concurrent downloads never pass the limit.
/// Returns the permission as it is afterwards.
pub async fn use_once(db: &Db, key: &str, at: i64) -> Result<Permission, UseError> {
    if !is_well_formed(key) {
        return Err(UseError::NotFound);
    }
    let done = sqlx::query(
        "update download_permissions
         set download_count = download_count + 1,
             downloads_remaining = case when downloads_remaining is null then null
                                        else downloads_remaining - 1 end,
             last_download_at = $2, updated_at = $2
         where download_key = $1
           and (downloads_remaining is null or downloads_remaining > 0)
           and (access_expires is null or access_expires > $2)",
    )
    .bind(key)
    .bind(at)
    .execute(db.writer())
    .await?;
    let found = by_key(db, key).await?.ok_or(UseError::NotFound)?;
    if done.rows_affected() == 1 {
        return Ok(found);
    }
    Err(
        match check(found.downloads_remaining, found.access_expires, at) {
            Err(refusal) => UseError::Refused(refusal),
            // Refused by the update, allowed now: the last download was taken in between.
            Ok(()) => UseError::Refused(Refusal::Exhausted),
        },
    )
}

/// Sets when a permission's access ends (tests, and a merchant extending access).
pub async fn set_access_expires(db: &Db, key: &str, at: Option<i64>) -> DbResult<bool> {
    let done = sqlx::query(
        "update download_permissions set access_expires = $2, updated_at = $3
         where download_key = $1",
    )
    .bind(key)
    .bind(at)
    .bind(now())
    .execute(db.writer())
    .await?;
    Ok(done.rows_affected() == 1)
}
