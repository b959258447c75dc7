//! Fixed-window request counts (the checkout's rate limit), shared by every process.
//!
//! A window opens with a client's first request and lasts a set number of seconds; every
//! request in it, refused ones included, adds one hit. The count is kept by a single
//! `insert ... on conflict do update ... returning` statement, so concurrent requests (in one
//! process or many) each get their own hit number and a limit is never exceeded.

use sqlx::Row;

use crate::{Db, DbResult};

/// One request counted against a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// Requests allowed per window.
    pub limit: i64,
    /// This request's number in its window, from 1.
    pub hits: i64,
    /// When the window ends (unix seconds): the next one opens with the first request at or
    /// after this time.
    pub window_ends_at: i64,
}

impl Hit {
    /// Whether the request is within the limit.
    pub fn admitted(&self) -> bool {
        self.hits <= self.limit
    }

    /// Requests still allowed in this window after this one.
    pub fn remaining(&self) -> i64 {
        self.limit.saturating_sub(self.hits).max(0)
    }

    /// Seconds from `now` until the window ends (at least 1 while it has not).
    pub fn retry_after(&self, now: i64) -> i64 {
        self.window_ends_at.saturating_sub(now).max(1)
    }
}

/// Counts one request for `key` at `now` against `limit` requests per `window_secs`, and
/// says whether it is admitted.
pub async fn hit(db: &Db, key: &str, limit: i64, window_secs: i64, now: i64) -> DbResult<Hit> {
    // Every right-hand side reads the row as it was before this statement (both engines), so
    // the window's end is tested on the old row in both assignments.
    let row = sqlx::query(
        "insert into rate_limits (key, window_ends_at, hits, created_at, updated_at)
         values ($1, $2, 1, $3, $3)
         on conflict (key) do update set
             hits = case when rate_limits.window_ends_at <= excluded.updated_at
                         then 1 else rate_limits.hits + 1 end,
             window_ends_at = case when rate_limits.window_ends_at <= excluded.updated_at
                                   then excluded.window_ends_at else rate_limits.window_ends_at end,
             updated_at = excluded.updated_at
         returning hits, window_ends_at",
    )
    .bind(key)
    .bind(now.saturating_add(window_secs.max(0)))
    .bind(now)
    .fetch_one(db.writer())
    .await?;
    Ok(Hit {
        limit,
        hits: row.try_get(0)?,
        window_ends_at: row.try_get(1)?,
    })
}

/// Deletes the windows that ended by `now`; returns how many went.
pub async fn purge_expired(db: &Db, now: i64) -> DbResult<u64> {
    let done = sqlx::query("delete from rate_limits where window_ends_at <= $1")
        .bind(now)
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::Hit;

    #[test]
    fn a_hit_reads_as_the_headers_need() {
        let hit = |hits| Hit {
            limit: 2,
            hits,
            window_ends_at: 1010,
        };
        assert!(hit(1).admitted() && hit(2).admitted() && !hit(3).admitted());
        assert_eq!([hit(1), hit(2), hit(3)].map(|h| h.remaining()), [1, 0, 0]);
        assert_eq!(hit(3).retry_after(1004), 6);
        assert_eq!(hit(3).retry_after(1010), 1, "never zero");
    }
}
