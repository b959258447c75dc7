//! Listing orders, newest first (the `mercato orders list` command, reports).

use mercato_core::orders::{Order, OrderStatus};

use super::{COLUMNS, decode};
use crate::{Db, DbResult};

/// Up to `limit` orders, newest first, only those in `status` when given. Checkout drafts are
/// left out unless asked for by status.
pub async fn list(db: &Db, status: Option<OrderStatus>, limit: i64) -> DbResult<Vec<Order>> {
    let rows = match status {
        Some(status) => {
            sqlx::query(&format!(
                "select {COLUMNS} from orders where status = $1 order by id desc limit $2"
            ))
            .bind(status.as_str())
            .bind(limit)
            .fetch_all(db.pool())
            .await?
        }
        None => {
            sqlx::query(&format!(
                "select {COLUMNS} from orders where status <> 'checkout-draft'
                 order by id desc limit $1"
            ))
            .bind(limit)
            .fetch_all(db.pool())
            .await?
        }
    };
    rows.iter().map(decode).collect()
}

/// One page of a customer's orders, newest first (`per_page` a page, pages from 1), with how
/// many they have in all. Checkout drafts are not orders yet and are left out.
pub async fn for_customer(
    db: &Db,
    customer_id: i64,
    page: i64,
    per_page: i64,
) -> DbResult<(Vec<Order>, i64)> {
    let offset = page.saturating_sub(1).max(0).saturating_mul(per_page);
    let rows = sqlx::query(&format!(
        "select {COLUMNS} from orders where customer_id = $1 and status <> 'checkout-draft'
         order by id desc limit $2 offset $3"
    ))
    .bind(customer_id)
    .bind(per_page)
    .bind(offset)
    .fetch_all(db.pool())
    .await?;
    let total = sqlx::query(
        "select count(*) from orders where customer_id = $1 and status <> 'checkout-draft'",
    )
    .bind(customer_id)
    .fetch_one(db.pool())
    .await?;
    let orders = rows.iter().map(decode).collect::<DbResult<Vec<_>>>()?;
    Ok((orders, sqlx::Row::try_get::<i64, _>(&total, 0)?))
}
