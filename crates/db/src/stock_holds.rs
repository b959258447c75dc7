//! Stock held by checkout drafts: what the cart must leave for other shoppers' checkouts.
//!
//! Holds are written by the checkout (one row per draft order and product) and expire on
//! their own; reading them here never needs a lock.

use std::collections::HashMap;

use sqlx::Row;

use crate::catalogue::sql::{Arg, Sql};
use crate::{Db, DbResult};

/// Quantities held at `now` (unix seconds) per product id (the id stock is counted on: a
/// variation that manages its own stock, else its parent), by drafts other than the one made
/// from the cart `except_cart` (a shopper's own draft holds nothing against them).
pub async fn held_quantities(
    db: &Db,
    product_ids: &[i64],
    except_cart: Option<&str>,
    now: i64,
) -> DbResult<HashMap<i64, i64>> {
    if product_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut sql = Sql::new(
        "select h.product_id, cast(sum(h.quantity) as bigint) from stock_holds h
         where h.product_id in (",
    );
    sql.bind_list(product_ids).push(") and h.expires_at > ");
    sql.bind(Arg::Int(now));
    if let Some(key) = except_cart {
        sql.push(
            " and not exists (select 1 from orders o where o.id = h.order_id and o.cart_key = ",
        );
        sql.bind(Arg::Text(key.to_owned())).push(")");
    }
    sql.push(" group by h.product_id");
    let mut held = HashMap::new();
    for row in sql.fetch_all(db.pool()).await? {
        held.insert(row.try_get::<i64, _>(0)?, row.try_get::<i64, _>(1)?);
    }
    Ok(held)
}
