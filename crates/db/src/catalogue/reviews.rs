//! Product reviews; approved ones feed the product's average rating.

use mercato_core::catalogue::{ProductId, Rating, Review, ReviewId, ReviewStatus};
use sqlx::Row;

use super::sql::{Arg, Sql};
use super::taxonomy::{from_text, to_text};
use crate::{Db, DbResult, now};

/// Which reviews to list.
#[derive(Debug, Clone, Default)]
pub struct ReviewQuery {
    /// Only of these products (empty: all).
    pub product_ids: Vec<ProductId>,
    /// Only of products in these categories (empty: all).
    pub category_ids: Vec<i64>,
    /// Newest first when false is not wanted: true sorts by rating.
    pub order_by_rating: bool,
    /// Ascending order.
    pub ascending: bool,
    /// Page, from 1.
    pub page: u32,
    /// Page size.
    pub per_page: u32,
}

/// Stores a review and, when approved, refreshes the product's rating columns.
pub async fn add_review(db: &Db, review: &Review) -> DbResult<ReviewId> {
    let mut tx = db.begin_write().await?;
    let created = if review.created_at == 0 {
        now()
    } else {
        review.created_at
    };
    let row = sqlx::query(
        "insert into reviews (product_id, rating, author_name, author_email, content, verified_owner, status,
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id",
    )
    .bind(review.product_id.0)
    .bind(i64::from(review.rating.stars()))
    .bind(review.author_name.clone())
    .bind(review.author_email.clone())
    .bind(review.content.clone())
    .bind(i64::from(review.verified_owner))
    .bind(to_text(&review.status))
    .bind(created)
    .fetch_one(&mut *tx)
    .await?;
    refresh_rating(&mut tx, review.product_id).await?;
    super::bump_version(&mut *tx).await?;
    tx.commit().await?;
    db.catalogue_cache().mark_dirty();
    Ok(ReviewId(row.try_get(0)?))
}

/// Approves or holds a review (moderation).
pub async fn set_review_status(db: &Db, id: ReviewId, status: ReviewStatus) -> DbResult<bool> {
    let mut tx = db.begin_write().await?;
    let row = sqlx::query(
        "update reviews set status = $2, updated_at = $3 where id = $1 returning product_id",
    )
    .bind(id.0)
    .bind(to_text(&status))
    .bind(now())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else { return Ok(false) };
    refresh_rating(&mut tx, ProductId(row.try_get(0)?)).await?;
    super::bump_version(&mut *tx).await?;
    tx.commit().await?;
    db.catalogue_cache().mark_dirty();
    Ok(true)
}

async fn refresh_rating(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    product: ProductId,
) -> DbResult<()> {
    let row = sqlx::query(
        "select count(*), cast(coalesce(sum(rating), 0) as bigint) from reviews where product_id = $1 and status = 'approved'",
    )
    .bind(product.0)
    .fetch_one(&mut **tx)
    .await?;
    let count: i64 = row.try_get(0)?;
    let sum: i64 = row.try_get(1)?;
    // Hundredths of a star, rounded half up.
    let average = if count == 0 {
        0
    } else {
        (sum * 200 + count) / (count * 2)
    };
    sqlx::query("update products set average_rating = $2, review_count = $3 where id = $1")
        .bind(product.0)
        .bind(average)
        .bind(count)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Approved reviews matching `query`, and how many there are in all.
pub async fn reviews(db: &Db, query: &ReviewQuery) -> DbResult<(Vec<Review>, i64)> {
    // Reviews of drafts and private products stay private with their product.
    let mut filter = Sql::new(
        " from reviews r where r.status = 'approved'
         and r.product_id in (select id from products where status = 'publish' and parent_id is null)",
    );
    if !query.product_ids.is_empty() {
        let ids: Vec<i64> = query.product_ids.iter().map(|p| p.0).collect();
        filter
            .push(" and r.product_id in (")
            .bind_list(&ids)
            .push(")");
    }
    if !query.category_ids.is_empty() {
        filter
            .push(" and r.product_id in (select product_id from product_categories where category_id in (")
            .bind_list(&query.category_ids)
            .push("))");
    }
    let mut count = Sql::new("select count(*)");
    let mut list = Sql::new(
        "select r.id, r.product_id, r.rating, r.author_name, r.author_email, r.content, r.verified_owner, r.status,
         r.created_at",
    );
    // Both statements share the filter and its arguments.
    count.append(&filter);
    list.append(&filter);
    let order = if query.order_by_rating {
        "r.rating"
    } else {
        "r.created_at"
    };
    let direction = if query.ascending { "asc" } else { "desc" };
    let per_page = i64::from(query.per_page.clamp(1, 100));
    let offset = i64::from(query.page.max(1) - 1) * per_page;
    list.push(&format!(
        " order by {order} {direction}, r.id {direction} limit "
    ))
    .bind(Arg::Int(per_page))
    .push(" offset ")
    .bind(Arg::Int(offset));
    let total = count.fetch_count(db.pool()).await?;
    let mut out = Vec::new();
    for row in list.fetch_all(db.pool()).await? {
        // The table's check constraint keeps ratings in 1..=5.
        let Ok(rating) = Rating::new(row.try_get(2)?) else {
            continue;
        };
        out.push(Review {
            id: ReviewId(row.try_get(0)?),
            product_id: ProductId(row.try_get(1)?),
            rating,
            author_name: row.try_get(3)?,
            author_email: row.try_get(4)?,
            content: row.try_get(5)?,
            verified_owner: row.try_get::<i64, _>(6)? != 0,
            status: from_text(&row.try_get::<String, _>(7)?).unwrap_or_default(),
            created_at: row.try_get(8)?,
        });
    }
    Ok((out, total))
}
