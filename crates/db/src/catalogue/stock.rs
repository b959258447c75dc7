//! Taking and returning stock: conditional updates of the stock columns, inside the caller's
//! transaction (an order's), so that concurrent checkouts never oversell.

use sqlx::{Any, Transaction};

use crate::{Db, DbResult};

/// Takes `quantity` of a managed product or variation. Returns false, changing nothing, when
/// there is not enough and backorders are not allowed. Products that do not manage stock
/// always succeed. The stock status and the parent's status follow.
pub async fn take_stock(
    tx: &mut Transaction<'static, Any>,
    product_id: i64,
    quantity: i64,
) -> DbResult<bool> {
    let changed = sqlx::query(
        "update products set stock_quantity = stock_quantity - $2,
            stock_status = case
                when stock_quantity - $2 > 0 then 'instock'
                when backorders <> 'no' then 'onbackorder'
                else 'outofstock' end
         where id = $1 and stock_managed = 1 and (stock_quantity >= $2 or backorders <> 'no')",
    )
    .bind(product_id)
    .bind(quantity)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if changed == 0 {
        let unmanaged = sqlx::query("select 1 from products where id = $1 and stock_managed = 0")
            .bind(product_id)
            .fetch_optional(&mut **tx)
            .await?
            .is_some();
        return Ok(unmanaged);
    }
    refresh_parent_status(tx, product_id).await?;
    super::bump_version(&mut **tx).await?;
    Ok(true)
}

/// Returns `quantity` to a managed product or variation (a cancelled or refunded order).
pub async fn restore_stock(
    tx: &mut Transaction<'static, Any>,
    product_id: i64,
    quantity: i64,
) -> DbResult<()> {
    let changed = sqlx::query(
        "update products set stock_quantity = stock_quantity + $2,
            stock_status = case
                when stock_quantity + $2 > 0 then 'instock'
                when backorders <> 'no' then 'onbackorder'
                else 'outofstock' end
         where id = $1 and stock_managed = 1",
    )
    .bind(product_id)
    .bind(quantity)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if changed > 0 {
        refresh_parent_status(tx, product_id).await?;
        super::bump_version(&mut **tx).await?;
    }
    Ok(())
}

/// A variable product is in stock while any enabled variation is.
async fn refresh_parent_status(
    tx: &mut Transaction<'static, Any>,
    product_id: i64,
) -> DbResult<()> {
    sqlx::query(
        "update products set stock_status = case
            when exists (select 1 from products v where v.parent_id = products.id and v.status = 'publish'
                         and v.stock_status = 'instock') then 'instock'
            when exists (select 1 from products v where v.parent_id = products.id and v.status = 'publish'
                         and v.stock_status = 'onbackorder') then 'onbackorder'
            else 'outofstock' end
         where id = (select parent_id from products where id = $1) and stock_managed = 0",
    )
    .bind(product_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// [`take_stock`] in a transaction of its own (tools and tests).
pub async fn take_stock_now(db: &Db, product_id: i64, quantity: i64) -> DbResult<bool> {
    let mut tx = db.begin_write().await?;
    let taken = take_stock(&mut tx, product_id, quantity).await?;
    tx.commit().await?;
    db.catalogue_cache().mark_dirty();
    Ok(taken)
}
