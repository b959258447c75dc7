//! Moving an order to another status, with the stock change the move calls for, in one
//! transaction.

use mercato_core::orders::{Order, OrderStatus, StockChange, TransitionError};
use sqlx::{Any, Row, Transaction};

use super::{COLUMNS, decode, for_update, write_row};
use crate::catalogue::{restore_stock, take_stock};
use crate::{Db, DbError, now};

/// Why a status change did not happen. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum SetStatusError {
    /// No order has this id.
    #[error("no order {0}")]
    NotFound(i64),
    /// The change is not allowed (see `OrderStatus::can_transition_to`).
    #[error(transparent)]
    Transition(#[from] TransitionError),
    /// The order was not in one of the statuses the change was allowed from (someone else
    /// moved it first).
    #[error("order is {0:?} now")]
    Moved(OrderStatus),
    /// Taking the stock back failed: not enough left of this product.
    #[error("not enough stock of product {product_id}")]
    OutOfStock {
        /// The id stock is counted on.
        product_id: i64,
    },
    /// Storage failed.
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for SetStatusError {
    fn from(e: sqlx::Error) -> Self {
        SetStatusError::Db(DbError::Sql(e))
    }
}

/// Moves order `id` to `to`, taking or restoring its stock as the transition says; returns
/// the order as stored afterwards.
pub async fn set_status(db: &Db, id: i64, to: OrderStatus) -> Result<Order, SetStatusError> {
    set_status_with(db, id, to, |_| {}).await
}

/// [`set_status`], also applying `edit` to the order in the same transaction (a gateway's
/// transaction id, say). A change to the same status only applies `edit`.
pub async fn set_status_with(
    db: &Db,
    id: i64,
    to: OrderStatus,
    edit: impl FnOnce(&mut Order) + Send,
) -> Result<Order, SetStatusError> {
    set_status_from(db, id, &[], to, edit).await
}

/// [`set_status_with`], only while the order is in one of `from` (any status when empty),
/// checked on the locked row: of two requests moving one order out of `pending` at once, the
/// second gets [`SetStatusError::Moved`].
pub async fn set_status_from(
    db: &Db,
    id: i64,
    from: &[OrderStatus],
    to: OrderStatus,
    edit: impl FnOnce(&mut Order) + Send,
) -> Result<Order, SetStatusError> {
    let mut tx = db.begin_write().await?;
    let row = sqlx::query(&format!(
        "select {COLUMNS} from orders where id = $1{}",
        for_update(db.backend())
    ))
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Err(SetStatusError::NotFound(id));
    };
    let mut order = decode(&row)?;
    if !from.is_empty() && !from.contains(&order.status) {
        return Err(SetStatusError::Moved(order.status));
    }
    // Paid with nothing to ship: straight to completed (docs/downloads.md).
    let to = crate::downloads::paid_status(&mut tx, &order, to).await?;
    let change = if order.status == to {
        StockChange::None
    } else {
        order.set_status(to, now())?
    };
    edit(&mut order);
    if change != StockChange::None {
        let mut lines = stock_lines(&mut tx, &order).await?;
        lines.sort_unstable();
        for (product_id, quantity) in lines {
            if change == StockChange::Reduce {
                if !take_stock(&mut tx, product_id, quantity).await? {
                    return Err(SetStatusError::OutOfStock { product_id });
                }
            } else {
                restore_stock(&mut tx, product_id, quantity).await?;
            }
        }
    }
    write_row(&mut tx, &order, None).await?;
    if order.status.is_paid() {
        crate::downloads::grant_in(&mut tx, &order, None).await?;
    }
    if to == OrderStatus::Cancelled {
        // A cancelled order holds no stock for anyone.
        sqlx::query("delete from stock_holds where order_id = $1")
            .bind(order.id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    if change != StockChange::None {
        db.catalogue_cache().mark_dirty();
    }
    Ok(order)
}

/// The `(product id, quantity)` pairs an order's stock is counted on: a variation that
/// manages its own stock, else the line's product; quantities of one id added up.
async fn stock_lines(
    tx: &mut Transaction<'static, Any>,
    order: &Order,
) -> Result<Vec<(i64, i64)>, SetStatusError> {
    let mut lines: Vec<(i64, i64)> = Vec::new();
    for line in &order.line_items {
        let mut target = line.product_id.0;
        if let Some(variation) = line.variation_id {
            let managed = sqlx::query("select stock_managed from products where id = $1")
                .bind(variation.0)
                .fetch_optional(&mut **tx)
                .await?;
            if let Some(row) = managed
                && row.try_get::<i64, _>(0)? == 1
            {
                target = variation.0;
            }
        }
        let quantity = i64::from(line.quantity);
        match lines.iter_mut().find(|(id, _)| *id == target) {
            Some((_, q)) => *q = q.saturating_add(quantity),
            None => lines.push((target, quantity)),
        }
    }
    Ok(lines)
}
