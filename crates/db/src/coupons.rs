//! Coupons in storage: the merchant's rules as JSON (core's `pricing::Coupon`), keyed by the
//! lower-case code, with the use count kept as a column so that placing an order can count a
//! use with one conditional update (never more uses than the limit, however many checkouts
//! run at once).

use mercato_core::pricing::{Coupon, format_coupon_code};
use sqlx::Row;

use crate::catalogue::sql::Sql;
use crate::{Db, DbError, DbResult, now};

/// Codes looked up at most in one query (a cart never holds more).
const MAX_CODES: usize = 100;

fn decode(row: &sqlx::any::AnyRow) -> DbResult<Coupon> {
    let mut coupon: Coupon = serde_json::from_str(&row.try_get::<String, _>(2)?)?;
    coupon.id = u64::try_from(row.try_get::<i64, _>(0)?).unwrap_or(0);
    coupon.code = row.try_get(1)?;
    coupon.usage_count = u32::try_from(row.try_get::<i64, _>(3)?).unwrap_or(u32::MAX);
    Ok(coupon)
}

/// The coupon with this code (compared as WooCommerce does: trimmed, lower case).
pub async fn get_by_code(db: &Db, code: &str) -> DbResult<Option<Coupon>> {
    let code = format_coupon_code(code);
    if code.is_empty() {
        return Ok(None);
    }
    let row = sqlx::query("select id, code, data, usage_count from coupons where code = $1")
        .bind(code)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(decode).transpose()
}

/// The coupons with these codes, in the order of `codes` (unknown codes are left out).
pub async fn get_many(db: &Db, codes: &[String]) -> DbResult<Vec<Coupon>> {
    let wanted: Vec<String> = codes
        .iter()
        .map(|c| format_coupon_code(c))
        .filter(|c| !c.is_empty())
        .take(MAX_CODES)
        .collect();
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql = Sql::new("select id, code, data, usage_count from coupons where code in (");
    sql.bind_texts(&wanted).push(")");
    let mut found = sql
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(decode)
        .collect::<DbResult<Vec<_>>>()?;
    found.sort_by_key(|c| wanted.iter().position(|w| *w == c.code));
    Ok(found)
}

/// Every coupon, by code.
pub async fn list(db: &Db) -> DbResult<Vec<Coupon>> {
    sqlx::query("select id, code, data, usage_count from coupons order by code")
        .fetch_all(db.pool())
        .await?
        .iter()
        .map(decode)
        .collect()
}

/// Stores a coupon under its (lower-cased) code, replacing the rules of an existing one but
/// never its use count, which only [`count_use`] changes. Returns the coupon's id.
pub async fn save(db: &Db, coupon: &Coupon) -> DbResult<u64> {
    let code = format_coupon_code(&coupon.code);
    if code.is_empty() {
        return Err(DbError::Invalid("a coupon needs a code".to_owned()));
    }
    let mut stored = coupon.clone();
    stored.code.clone_from(&code);
    let data = serde_json::to_string(&stored)?;
    let at = now();
    let row = sqlx::query(
        "insert into coupons (code, data, usage_count, created_at, updated_at)
         values ($1, $2, $3, $4, $4)
         on conflict (code) do update set data = excluded.data, updated_at = excluded.updated_at
         returning id",
    )
    .bind(code)
    .bind(data)
    .bind(i64::from(coupon.usage_count))
    .bind(at)
    .fetch_one(db.writer())
    .await?;
    Ok(u64::try_from(row.try_get::<i64, _>(0)?).unwrap_or(0))
}

/// Counts one use of the coupon if its usage limit allows another; `false` when the limit
/// is reached (or no coupon has the code). Safe under concurrent checkouts: the check and
/// the increment are one statement.
pub async fn count_use(db: &Db, code: &str) -> DbResult<bool> {
    let Some(coupon) = get_by_code(db, code).await? else {
        return Ok(false);
    };
    let limit = coupon.usage_limit.filter(|limit| *limit > 0);
    let done =
        match limit {
            Some(limit) => {
                sqlx::query(
                    "update coupons set usage_count = usage_count + 1, updated_at = $2
                 where code = $1 and usage_count < $3",
                )
                .bind(coupon.code.clone())
                .bind(now())
                .bind(i64::from(limit))
                .execute(db.writer())
                .await?
            }
            None => sqlx::query(
                "update coupons set usage_count = usage_count + 1, updated_at = $2 where code = $1",
            )
            .bind(coupon.code.clone())
            .bind(now())
            .execute(db.writer())
            .await?,
        };
    Ok(done.rows_affected() == 1)
}

/// Deletes the coupon with this code; `true` when there was one.
pub async fn delete(db: &Db, code: &str) -> DbResult<bool> {
    let done = sqlx::query("delete from coupons where code = $1")
        .bind(format_coupon_code(code))
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use mercato_core::pricing::{CouponKind, Decimal};

    use super::*;
    use crate::testing::TestDb;

    fn coupon(code: &str, limit: Option<u32>) -> Coupon {
        Coupon {
            code: code.to_owned(),
            kind: CouponKind::Percent,
            amount: Decimal::parse("10").expect("amount"),
            usage_limit: limit,
            ..Coupon::default()
        }
    }

    #[tokio::test]
    async fn coupons_are_found_by_code_in_any_case() {
        let test = TestDb::sqlite().await.expect("db");
        let db = &test.db;
        let id = save(db, &coupon(" TEN ", None)).await.expect("save");
        assert!(id > 0);
        save(db, &coupon("fixed5", None)).await.expect("save");
        let found = get_by_code(db, "Ten").await.expect("read").expect("found");
        assert_eq!((found.id, found.code.as_str()), (id, "ten"));
        assert!(get_by_code(db, "nope").await.expect("read").is_none());
        assert!(get_by_code(db, "  ").await.expect("read").is_none());
        let many = get_many(db, &["FIXED5".into(), "x".into(), "ten".into()])
            .await
            .expect("many");
        let codes: Vec<&str> = many.iter().map(|c| c.code.as_str()).collect();
        assert_eq!(codes, ["fixed5", "ten"]);
        assert_eq!(list(db).await.expect("list").len(), 2);
        assert!(save(db, &coupon("", None)).await.is_err());
        assert!(delete(db, "TEN").await.expect("delete"));
        assert!(get_by_code(db, "ten").await.expect("read").is_none());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn uses_never_pass_the_limit_and_saving_keeps_the_count() {
        let test = TestDb::sqlite().await.expect("db");
        let db = &test.db;
        save(db, &coupon("twice", Some(2))).await.expect("save");
        let tasks: Vec<_> = (0..6)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move { count_use(&db, "twice").await.expect("use") })
            })
            .collect();
        let mut counted = 0;
        for task in tasks {
            if task.await.expect("task") {
                counted += 1;
            }
        }
        assert_eq!(counted, 2, "concurrent checkouts never pass the limit");
        // Editing the rules keeps the uses.
        save(db, &coupon("twice", Some(3))).await.expect("save");
        let stored = get_by_code(db, "twice")
            .await
            .expect("read")
            .expect("coupon");
        assert_eq!(stored.usage_count, 2);
        assert!(count_use(db, "twice").await.expect("use"));
        assert!(!count_use(db, "twice").await.expect("use"));
        save(db, &coupon("free", None)).await.expect("save");
        for _ in 0..3 {
            assert!(count_use(db, "free").await.expect("use"));
        }
        assert!(!count_use(db, "unknown").await.expect("use"));
    }
}
