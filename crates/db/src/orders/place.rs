//! Placing an order: the checkout draft becomes the order in one transaction, or nothing
//! changes.

use mercato_core::orders::{Order, OrderStatus};
use mercato_core::pricing::{Coupon, format_coupon_code};
use sqlx::{Any, Row, Transaction};

use super::{COLUMNS, decode, for_update, insert_row, write_row_if};
use crate::catalogue::take_stock;
use crate::{Db, DbError, now};

/// A placed order, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// The order (id, key and new status set, stock marked as taken).
    pub order: Order,
}

/// Why an order could not be placed. Nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// Not enough stock of this product (or variation) left.
    #[error("not enough stock of product {product_id}")]
    OutOfStock {
        /// The id stock is counted on.
        product_id: i64,
    },
    /// The coupon reached its usage limit (overall or for this customer), or is gone.
    #[error("coupon {code} has reached its usage limit")]
    CouponLimit {
        /// The coupon code (lower case).
        code: String,
    },
    /// The draft does not exist or was placed already.
    #[error("order {0} is not a checkout draft")]
    NotADraft(i64),
    /// Storage failed.
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for PlaceError {
    fn from(e: sqlx::Error) -> Self {
        PlaceError::Db(DbError::Sql(e))
    }
}

/// Places the draft `draft_id` as `order` (whose status is the placed status, usually
/// pending): in one transaction the row takes the order's data and status, stock is taken
/// per `lines_stock` (`(product id, quantity)`, the ids stock is counted on), one use of each
/// coupon is counted for `email` / `user_id`, and the draft's stock holds are deleted.
///
/// Any shortage or exhausted coupon rolls everything back.
pub async fn place(
    db: &Db,
    draft_id: i64,
    order: &Order,
    lines_stock: &[(i64, i64)],
    coupon_codes: &[String],
    email: &str,
    user_id: Option<i64>,
) -> Result<Placed, PlaceError> {
    let mut placed = order.clone();
    placed.id = draft_id;
    if placed.status == OrderStatus::CheckoutDraft {
        placed.status = OrderStatus::Pending;
    }
    placed.stock_reduced = true;
    placed.dates.updated = now();

    let mut tx = db.begin_write().await?;
    settle_paid(&mut tx, &mut placed).await?;
    // The row first: a second `place` of the same draft waits here, then finds it placed.
    let stored = sqlx::query(&format!(
        "select order_key from orders where id = $1 and status = 'checkout-draft'{}",
        for_update(db.backend())
    ))
    .bind(draft_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(stored) = stored else {
        return Err(PlaceError::NotADraft(draft_id));
    };
    placed.order_key = mercato_core::orders::OrderKey::from_stored(stored.try_get::<String, _>(0)?);
    if !write_row_if(&mut tx, &placed, user_id, Some(OrderStatus::CheckoutDraft)).await? {
        return Err(PlaceError::NotADraft(draft_id));
    }

    take_stock_and_coupons(&mut tx, draft_id, lines_stock, coupon_codes, email, user_id).await?;
    if placed.status.is_paid() {
        crate::downloads::grant_in(&mut tx, &placed, user_id).await?;
    }
    tx.commit().await?;
    db.catalogue_cache().mark_dirty();
    Ok(Placed { order: placed })
}

/// Places the order of cart `cart_key` in one transaction: its checkout draft, when it has
/// one, becomes the order (keeping the draft's id, key, creation date and, when `order` has
/// none, its attribution and the extension data of namespaces `order` has none for); otherwise the order is stored directly. `order.status` is the
/// placed status (`pending`, or what a gateway that takes no money now decided). Stock is
/// taken, coupon uses counted and the draft's stock holds deleted as in [`place`]; any
/// shortage or exhausted coupon rolls everything back.
pub async fn place_cart_order(
    db: &Db,
    cart_key: &str,
    order: &Order,
    lines_stock: &[(i64, i64)],
    coupon_codes: &[String],
    email: &str,
    user_id: Option<i64>,
) -> Result<Placed, PlaceError> {
    let mut placed = order.clone();
    if placed.status == OrderStatus::CheckoutDraft {
        placed.status = OrderStatus::Pending;
    }
    placed.stock_reduced = true;
    placed.dates.updated = now();

    let mut tx = db.begin_write().await?;
    settle_paid(&mut tx, &mut placed).await?;
    let draft = sqlx::query(&format!(
        "select {COLUMNS} from orders where cart_key = $1 and status = 'checkout-draft'{}",
        for_update(db.backend())
    ))
    .bind(cart_key)
    .fetch_optional(&mut *tx)
    .await?;
    match draft.as_ref().map(decode).transpose()? {
        Some(draft) => {
            placed.id = draft.id;
            placed.order_key = draft.order_key;
            placed.dates.created = draft.dates.created;
            if placed.attribution.is_none() {
                placed.attribution = draft.attribution;
            }
            for (namespace, data) in draft.extension_data {
                placed.extension_data.entry(namespace).or_insert(data);
            }
            if !write_row_if(&mut tx, &placed, user_id, Some(OrderStatus::CheckoutDraft)).await? {
                return Err(PlaceError::NotADraft(draft.id));
            }
        }
        None => placed.id = insert_row(&mut tx, &placed, cart_key, user_id).await?,
    }
    take_stock_and_coupons(
        &mut tx,
        placed.id,
        lines_stock,
        coupon_codes,
        email,
        user_id,
    )
    .await?;
    if placed.status.is_paid() {
        crate::downloads::grant_in(&mut tx, &placed, user_id).await?;
    }
    tx.commit().await?;
    db.catalogue_cache().mark_dirty();
    Ok(Placed { order: placed })
}

/// An order placed as processing (paid without a charge: a free order, cash on delivery)
/// that needs no processing is placed as completed.
async fn settle_paid(
    tx: &mut Transaction<'static, Any>,
    placed: &mut Order,
) -> Result<(), PlaceError> {
    if placed.status == OrderStatus::Processing
        && !crate::downloads::needs_processing(tx, placed).await?
    {
        placed.status = OrderStatus::Completed;
        placed.dates.completed = Some(now());
    }
    Ok(())
}

/// Takes the order's stock and counts its coupon uses, then deletes its stock holds.
async fn take_stock_and_coupons(
    tx: &mut Transaction<'static, Any>,
    order_id: i64,
    lines_stock: &[(i64, i64)],
    coupon_codes: &[String],
    email: &str,
    user_id: Option<i64>,
) -> Result<(), PlaceError> {
    // Sorted, so that concurrent orders lock products in the same order (no deadlocks).
    let mut stock: Vec<(i64, i64)> = Vec::new();
    for &(product_id, quantity) in lines_stock {
        match stock.iter_mut().find(|(id, _)| *id == product_id) {
            Some((_, q)) => *q = q.saturating_add(quantity),
            None => stock.push((product_id, quantity)),
        }
    }
    stock.sort_unstable();
    for (product_id, quantity) in stock {
        if !take_stock(tx, product_id, quantity).await? {
            return Err(PlaceError::OutOfStock { product_id });
        }
    }

    let mut codes: Vec<String> = coupon_codes.iter().map(|c| format_coupon_code(c)).collect();
    codes.sort();
    codes.dedup();
    for code in codes.iter().filter(|c| !c.is_empty()) {
        if !count_use(tx, order_id, code, email, user_id).await? {
            return Err(PlaceError::CouponLimit { code: code.clone() });
        }
    }

    sqlx::query("delete from stock_holds where order_id = $1")
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Counts one use of a coupon by this order, if its limits allow: the overall limit with one
/// conditional update, the per-customer limit from the uses recorded so far.
async fn count_use(
    tx: &mut Transaction<'static, Any>,
    order_id: i64,
    code: &str,
    email: &str,
    user_id: Option<i64>,
) -> Result<bool, PlaceError> {
    let row = sqlx::query("select data from coupons where code = $1")
        .bind(code)
        .fetch_optional(&mut **tx)
        .await?;
    let Some(row) = row else {
        return Ok(false);
    };
    let coupon: Coupon =
        serde_json::from_str(&row.try_get::<String, _>(0)?).map_err(DbError::Json)?;
    if let Some(per_user) = coupon.usage_limit_per_user.filter(|l| *l > 0) {
        let used = sqlx::query(
            "select count(*) from coupon_uses
             where code = $1 and (email = $2 or (user_id is not null and user_id = $3))",
        )
        .bind(code)
        .bind(email.to_lowercase())
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await?
        .try_get::<i64, _>(0)?;
        if used >= i64::from(per_user) {
            return Ok(false);
        }
    }
    let limit = coupon.usage_limit.filter(|l| *l > 0).map(i64::from);
    let at = now();
    let counted = match limit {
        Some(limit) => sqlx::query(
            "update coupons set usage_count = usage_count + 1, updated_at = $2
             where code = $1 and usage_count < $3",
        )
        .bind(code)
        .bind(at)
        .bind(limit),
        None => sqlx::query(
            "update coupons set usage_count = usage_count + 1, updated_at = $2 where code = $1",
        )
        .bind(code)
        .bind(at),
    }
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if counted != 1 {
        return Ok(false);
    }
    sqlx::query(
        "insert into coupon_uses (order_id, code, email, user_id, created_at)
         values ($1, $2, $3, $4, $5)",
    )
    .bind(order_id)
    .bind(code)
    .bind(email.to_lowercase())
    .bind(user_id)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(true)
}
