//! Orders in storage: the full record as JSON (`data`, core's `orders::Order`) beside the
//! columns that lookups need. The id, key and status columns are the truth; the JSON copy of
//! them is overwritten on read.
//!
//! A cart has at most one checkout draft (a unique index over `cart_key` where the status is
//! `checkout-draft`). Placing an order ([`place`]) is one transaction: the draft becomes the
//! order, stock is taken, coupon uses are counted and the draft's stock holds go, or nothing
//! changes at all.

mod list;
mod place;
mod status;

use std::collections::HashMap;

use mercato_core::orders::{Order, OrderStatus};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use crate::{Backend, Db, DbError, DbResult, now};

pub use list::{for_customer, list};
pub use place::{PlaceError, Placed, place, place_cart_order};
pub use status::{SetStatusError, set_status, set_status_from, set_status_with};

/// The columns every read selects, in [`decode`]'s order.
const COLUMNS: &str = "id, order_key, status, data";

/// How often a draft write is tried again after losing a race for the cart's draft slot.
const DRAFT_ATTEMPTS: usize = 5;

fn decode(row: &AnyRow) -> DbResult<Order> {
    let mut order: Order = serde_json::from_str(&row.try_get::<String, _>(3)?)?;
    order.id = row.try_get(0)?;
    order.order_key = mercato_core::orders::OrderKey::from_stored(row.try_get::<String, _>(1)?);
    let status: String = row.try_get(2)?;
    order.status = status
        .parse()
        .map_err(|e: mercato_core::orders::UnknownStatus| DbError::Invalid(e.to_string()))?;
    Ok(order)
}

/// `" for update"` on PostgreSQL (a row lock for the rest of the transaction); SQLite's write
/// transaction already holds the whole database.
pub(crate) fn for_update(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "",
        Backend::Postgres => " for update",
    }
}

/// The order with this id.
pub async fn load(db: &Db, id: i64) -> DbResult<Option<Order>> {
    let row = sqlx::query(&format!("select {COLUMNS} from orders where id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(decode).transpose()
}

/// The order with this key (`wc_order_...`).
pub async fn load_by_key(db: &Db, order_key: &str) -> DbResult<Option<Order>> {
    let row = sqlx::query(&format!(
        "select {COLUMNS} from orders where order_key = $1"
    ))
    .bind(order_key)
    .fetch_optional(db.pool())
    .await?;
    row.as_ref().map(decode).transpose()
}

/// The checkout draft made from this cart, if there is one.
pub async fn load_draft(db: &Db, cart_key: &str) -> DbResult<Option<Order>> {
    let row = sqlx::query(&format!(
        "select {COLUMNS} from orders where cart_key = $1 and status = 'checkout-draft'"
    ))
    .bind(cart_key)
    .fetch_optional(db.pool())
    .await?;
    row.as_ref().map(decode).transpose()
}

/// Creates the cart's checkout draft from `order`, or refreshes the one it has (keeping its
/// id, key and creation date), and replaces the draft's stock holds with `holds`
/// (`(product id, quantity)`, the ids stock is counted on) until `hold_until` (Unix seconds).
///
/// An `order` without attribution keeps the draft's (sent earlier with `PUT /checkout`), and
/// so does extension data of a namespace `order` has none for.
///
/// Returns the stored draft, with its id and key.
pub async fn create_or_refresh_draft(
    db: &Db,
    cart_key: &str,
    user_id: Option<i64>,
    order: &Order,
    holds: &[(i64, i64)],
    hold_until: i64,
) -> DbResult<Order> {
    let holds = Holds {
        lines: holds,
        until: hold_until,
        holder: "",
        max_carts: None,
        now: now(),
    };
    create_or_refresh_held_draft(db, cart_key, user_id, order, &holds).await
}

/// The stock a checkout draft holds, and for whom.
#[derive(Debug, Clone, Copy)]
pub struct Holds<'a> {
    /// `(product id, quantity)`, the ids stock is counted on.
    pub lines: &'a [(i64, i64)],
    /// Until when (Unix seconds).
    pub until: i64,
    /// The client the draft is for (`checkout:ip:…`, `checkout:user:…`).
    pub holder: &'a str,
    /// How many carts of one holder may hold stock at once; a draft past it holds nothing
    /// (it can still be placed, it just reserves nothing). With a cap, a holder also holds
    /// at most half of a product's stock (rounded up) across its drafts. `None`: no caps.
    pub max_carts: Option<i64>,
    /// Now (unix seconds): the other drafts' holds that count against the caps are the ones
    /// live at this time.
    pub now: i64,
}

/// [`create_or_refresh_draft`] with the holds' holder and its cap: a client (one address,
/// one customer) holds stock with at most `max_carts` carts at a time, so anonymous
/// sessions cannot keep the last units of a product off sale for everyone else.
pub async fn create_or_refresh_held_draft(
    db: &Db,
    cart_key: &str,
    user_id: Option<i64>,
    order: &Order,
    holds: &Holds<'_>,
) -> DbResult<Order> {
    for _ in 0..DRAFT_ATTEMPTS {
        let mut tx = db.begin_write().await?;
        let existing = sqlx::query(&format!(
            "select {COLUMNS} from orders where cart_key = $1 and status = 'checkout-draft'{}",
            for_update(db.backend())
        ))
        .bind(cart_key)
        .fetch_optional(&mut *tx)
        .await?;
        let mut draft = order.clone();
        draft.status = OrderStatus::CheckoutDraft;
        match existing.as_ref().map(decode).transpose()? {
            Some(stored) => {
                draft.id = stored.id;
                draft.order_key = stored.order_key;
                draft.dates.created = stored.dates.created;
                if draft.attribution.is_none() {
                    draft.attribution = stored.attribution;
                }
                for (namespace, data) in stored.extension_data {
                    draft.extension_data.entry(namespace).or_insert(data);
                }
                write_row(&mut tx, &draft, user_id).await?;
            }
            None => match insert_row(&mut tx, &draft, cart_key, user_id).await {
                Ok(id) => draft.id = id,
                // Another request made this cart's draft in between: refresh that one.
                Err(DbError::Duplicate(_)) => continue,
                Err(e) => return Err(e),
            },
        }
        replace_holds(&mut tx, draft.id, holds).await?;
        tx.commit().await?;
        return Ok(draft);
    }
    Err(DbError::Contention(format!(
        "checkout draft of cart {cart_key}"
    )))
}

/// Stores changes to a checkout draft (note, payment method, addresses). `false` when `order`
/// is not a draft any more (placed in between).
pub async fn update_draft(db: &Db, order: &Order) -> DbResult<bool> {
    let mut tx = db.begin_write().await?;
    let mut draft = order.clone();
    draft.status = OrderStatus::CheckoutDraft;
    let changed = write_row_if(&mut tx, &draft, None, Some(OrderStatus::CheckoutDraft)).await?;
    tx.commit().await?;
    Ok(changed)
}

pub(crate) async fn insert_row(
    tx: &mut Transaction<'static, Any>,
    order: &Order,
    cart_key: &str,
    user_id: Option<i64>,
) -> DbResult<i64> {
    let at = now();
    let row = sqlx::query(
        "insert into orders (order_key, status, customer_id, cart_key, billing_email, currency,
             total, payment_method, created_via, data, paid_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
         returning id",
    )
    .bind(order.order_key.as_str().to_owned())
    .bind(order.status.as_str())
    .bind(user_id)
    .bind(cart_key.to_owned())
    .bind(order.billing.email.clone())
    .bind(order.currency.clone())
    .bind(order.totals.total.minor())
    .bind(order.payment_method.clone())
    .bind(order.created_via.as_str())
    .bind(serde_json::to_string(order)?)
    .bind(order.dates.paid)
    .bind(at)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| {
        if e.as_database_error()
            .is_some_and(|d| d.is_unique_violation())
        {
            DbError::Duplicate(format!("a checkout draft exists for cart {cart_key}"))
        } else {
            DbError::Sql(e)
        }
    })?;
    Ok(row.try_get(0)?)
}

/// Writes every column of an existing order from `order`.
pub(crate) async fn write_row(
    tx: &mut Transaction<'static, Any>,
    order: &Order,
    user_id: Option<i64>,
) -> DbResult<bool> {
    write_row_if(tx, order, user_id, None).await
}

/// Writes an order's row, only while its stored status is `only_from` when given.
pub(crate) async fn write_row_if(
    tx: &mut Transaction<'static, Any>,
    order: &Order,
    user_id: Option<i64>,
    only_from: Option<OrderStatus>,
) -> DbResult<bool> {
    let guard = if only_from.is_some() {
        " and status = $11"
    } else {
        ""
    };
    let sql = format!(
        "update orders set status = $2, customer_id = coalesce($3, customer_id),
             billing_email = $4, currency = $5, total = $6, payment_method = $7, data = $8,
             paid_at = $9, updated_at = $10
         where id = $1{guard}"
    );
    let done = sqlx::query(&sql)
        .bind(order.id)
        .bind(order.status.as_str())
        .bind(user_id)
        .bind(order.billing.email.clone())
        .bind(order.currency.clone())
        .bind(order.totals.total.minor())
        .bind(order.payment_method.clone())
        .bind(serde_json::to_string(order)?)
        .bind(order.dates.paid)
        .bind(now());
    let done = match only_from {
        Some(status) => done.bind(status.as_str()),
        None => done,
    };
    Ok(done.execute(&mut **tx).await?.rows_affected() == 1)
}

async fn replace_holds(
    tx: &mut Transaction<'static, Any>,
    order_id: i64,
    holds: &Holds<'_>,
) -> DbResult<()> {
    sqlx::query("delete from stock_holds where order_id = $1")
        .bind(order_id)
        .execute(&mut **tx)
        .await?;
    if let Some(max_carts) = holds.max_carts
        && !holds.holder.is_empty()
    {
        let row = sqlx::query(
            "select count(distinct order_id) from stock_holds
             where holder = $1 and expires_at > $2 and order_id <> $3",
        )
        .bind(holds.holder)
        .bind(holds.now)
        .bind(order_id)
        .fetch_one(&mut **tx)
        .await?;
        if row.try_get::<i64, _>(0)? >= max_carts {
            return Ok(());
        }
    }
    let mut merged: Vec<(i64, i64)> = Vec::new();
    for &(product_id, quantity) in holds.lines {
        match merged.iter_mut().find(|(id, _)| *id == product_id) {
            Some((_, q)) => *q = q.saturating_add(quantity),
            None => merged.push((product_id, quantity)),
        }
    }
    merged.retain(|(_, q)| *q > 0);
    let caps = match holds.max_carts {
        Some(_) if !holds.holder.is_empty() => holdable(tx, holds, order_id, &merged).await?,
        _ => HashMap::new(),
    };
    for (product_id, quantity) in merged {
        let quantity = quantity.min(caps.get(&product_id).copied().unwrap_or(i64::MAX));
        if quantity <= 0 {
            continue;
        }
        sqlx::query(
            "insert into stock_holds (order_id, product_id, quantity, expires_at, holder)
             values ($1, $2, $3, $4, $5)",
        )
        .bind(order_id)
        .bind(product_id)
        .bind(quantity)
        .bind(holds.until)
        .bind(holds.holder)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// How much of each product in `lines` one more draft (`order_id`) of `holder` may hold, in
/// one query: a client holds at most half a product's stock (rounded up, so the last unit can
/// be held), less what their other drafts hold of it. Products whose stock is not managed
/// are not in the answer (no cap).
async fn holdable(
    tx: &mut Transaction<'static, Any>,
    holds: &Holds<'_>,
    order_id: i64,
    lines: &[(i64, i64)],
) -> DbResult<HashMap<i64, i64>> {
    if lines.is_empty() {
        return Ok(HashMap::new());
    }
    let ids: Vec<String> = (0..lines.len()).map(|i| format!("${}", i + 4)).collect();
    let sql = format!(
        "select p.id, p.stock_quantity, cast(coalesce((select sum(h.quantity) from stock_holds h
             where h.holder = $1 and h.product_id = p.id and h.expires_at > $2
               and h.order_id <> $3), 0) as bigint)
         from products p where p.stock_managed = 1 and p.id in ({})",
        ids.join(", ")
    );
    let mut query = sqlx::query(&sql)
        .bind(holds.holder)
        .bind(holds.now)
        .bind(order_id);
    for (product_id, _) in lines {
        query = query.bind(*product_id);
    }
    let mut caps = HashMap::new();
    for row in query.fetch_all(&mut **tx).await? {
        let Some(stock) = row.try_get::<Option<i64>, _>(1)? else {
            continue;
        };
        let elsewhere: i64 = row.try_get(2)?;
        let share = stock.max(0).saturating_add(1) / 2;
        caps.insert(
            row.try_get::<i64, _>(0)?,
            share.saturating_sub(elsewhere).max(0),
        );
    }
    Ok(caps)
}

/// The cart an order was made from (the cart its checkout draft belonged to), if recorded.
pub async fn cart_key(db: &Db, id: i64) -> DbResult<Option<String>> {
    let row = sqlx::query("select cart_key from orders where id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(match row {
        Some(row) => row.try_get::<Option<String>, _>(0)?,
        None => None,
    })
}

/// How many orders have this status (tests and reports).
pub async fn count_with_status(db: &Db, status: OrderStatus) -> DbResult<i64> {
    let row = sqlx::query("select count(*) from orders where status = $1")
        .bind(status.as_str())
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get::<i64, _>(0)?)
}

/// How many orders there are, drafts included.
pub async fn count(db: &Db) -> DbResult<i64> {
    let row = sqlx::query("select count(*) from orders")
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get::<i64, _>(0)?)
}

/// Paid orders read at most by [`best_sellers`]: the most recent ones.
pub const BEST_SELLER_ORDERS: i64 = 2_000;

/// The products sold most, by quantity, in the latest [`BEST_SELLER_ORDERS`] paid orders
/// (processing or completed: WooCommerce's paid statuses), most sold first, ties by lower id;
/// a variation counts for its parent. The lines live in the orders' JSON, which the two
/// engines read differently, so the sum is made here.
pub async fn best_sellers(db: &Db, limit: usize) -> DbResult<Vec<(i64, u64)>> {
    #[derive(serde::Deserialize)]
    struct Lines {
        #[serde(default)]
        line_items: Vec<Line>,
    }
    #[derive(serde::Deserialize)]
    struct Line {
        product_id: i64,
        quantity: u32,
    }
    let rows = sqlx::query(
        "select data from orders where status in ('processing', 'completed') \
         order by id desc limit $1",
    )
    .bind(BEST_SELLER_ORDERS)
    .fetch_all(db.pool())
    .await?;
    let mut sold: HashMap<i64, u64> = HashMap::new();
    for row in rows {
        let lines: Lines = serde_json::from_str(&row.try_get::<String, _>(0)?)?;
        for line in lines.line_items {
            *sold.entry(line.product_id).or_default() += u64::from(line.quantity);
        }
    }
    let mut ranked: Vec<(i64, u64)> = sold.into_iter().filter(|(_, q)| *q > 0).collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    ranked.truncate(limit);
    Ok(ranked)
}
