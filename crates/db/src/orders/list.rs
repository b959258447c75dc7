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
