//! Background work claimed from the `jobs` table, so that each job runs once whatever the
//! number of `mercato serve` processes.
//!
//! A claim is a lease: `locked_until` is set to now + lease, and a job whose lease lapsed (a
//! crashed worker) is due again. On PostgreSQL concurrent claimers skip each other's locked
//! rows (`for update skip locked`); SQLite's write transaction already serialises them.

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::{Backend, Db, DbResult, now};

/// A claimed job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// Row id.
    pub id: i64,
    /// What to do (`send_email`, `release_expired_drafts`).
    pub kind: String,
    /// The job's arguments.
    pub payload: serde_json::Value,
    /// Tries made before this claim.
    pub attempts: i64,
}

/// Adds a job due at `run_at` (Unix seconds); returns its id.
pub async fn enqueue(
    db: &Db,
    kind: &str,
    payload: &serde_json::Value,
    run_at: i64,
) -> DbResult<i64> {
    let at = now();
    let row = sqlx::query(
        "insert into jobs (kind, payload, run_at, attempts, created_at, updated_at)
         values ($1, $2, $3, 0, $4, $4) returning id",
    )
    .bind(kind.to_owned())
    .bind(serde_json::to_string(payload)?)
    .bind(run_at)
    .bind(at)
    .fetch_one(db.writer())
    .await?;
    Ok(row.try_get(0)?)
}

/// Adds several jobs due at `run_at` in one statement (one write, however many jobs).
pub async fn enqueue_many(
    db: &Db,
    jobs: &[(&str, serde_json::Value)],
    run_at: i64,
) -> DbResult<()> {
    if jobs.is_empty() {
        return Ok(());
    }
    let at = now();
    let rows: Vec<String> = (0..jobs.len())
        .map(|i| format!("(${}, ${}, $1, 0, $2, $2)", 2 * i + 3, 2 * i + 4))
        .collect();
    let sql = format!(
        "insert into jobs (kind, payload, run_at, attempts, created_at, updated_at) values {}",
        rows.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(run_at).bind(at);
    for (kind, payload) in jobs {
        query = query
            .bind((*kind).to_owned())
            .bind(serde_json::to_string(payload)?);
    }
    query.execute(db.writer()).await?;
    Ok(())
}

/// The claim statement: the only place the engines differ. `$3` is how many jobs at most.
fn claim_sql(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => {
            "update jobs set locked_until = $2, updated_at = $1
             where id in (select id from jobs
                 where run_at <= $1 and (locked_until is null or locked_until < $1)
                 order by run_at, id limit $3 for update skip locked)
             returning id, kind, payload, attempts, run_at"
        }
        Backend::Sqlite => {
            "update jobs set locked_until = $2, updated_at = $1
             where id in (select id from jobs
                 where run_at <= $1 and (locked_until is null or locked_until < $1)
                 order by run_at, id limit $3)
             returning id, kind, payload, attempts, run_at"
        }
    }
}

/// Claims the oldest due job for `lease_secs` seconds, if any. `worker_id` only goes to the
/// log.
pub async fn claim(db: &Db, worker_id: &str, now: i64, lease_secs: i64) -> DbResult<Option<Job>> {
    Ok(claim_many(db, worker_id, now, lease_secs, 1).await?.pop())
}

/// Claims the `limit` oldest due jobs (fewer when fewer are due) for `lease_secs` seconds,
/// in one statement, oldest first: a worker with a queue to work through claims it in
/// batches instead of one write per job. `worker_id` only goes to the log.
pub async fn claim_many(
    db: &Db,
    worker_id: &str,
    now: i64,
    lease_secs: i64,
    limit: i64,
) -> DbResult<Vec<Job>> {
    let mut tx = db.begin_write().await?;
    let rows = sqlx::query(claim_sql(db.backend()))
        .bind(now)
        .bind(now.saturating_add(lease_secs))
        .bind(limit.max(1))
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    let mut due = Vec::with_capacity(rows.len());
    for row in &rows {
        due.push((row.try_get::<i64, _>(4)?, decode(row)?));
    }
    // `returning` gives no order: the queue's order is run_at, then id.
    due.sort_by_key(|(run_at, job)| (*run_at, job.id));
    let jobs: Vec<Job> = due.into_iter().map(|(_, job)| job).collect();
    for job in &jobs {
        tracing::debug!(worker.id = worker_id, job.id = job.id, job.kind = %job.kind, "job claimed");
    }
    Ok(jobs)
}

fn decode(row: &AnyRow) -> DbResult<Job> {
    Ok(Job {
        id: row.try_get(0)?,
        kind: row.try_get(1)?,
        payload: serde_json::from_str(&row.try_get::<String, _>(2)?)?,
        attempts: row.try_get(3)?,
    })
}

/// Removes a job that ran.
pub async fn complete(db: &Db, id: i64) -> DbResult<()> {
    sqlx::query("delete from jobs where id = $1")
        .bind(id)
        .execute(db.writer())
        .await?;
    Ok(())
}

/// Records a failed try: one more attempt, the error, and the job due again at `retry_at`.
pub async fn fail(db: &Db, id: i64, error: &str, retry_at: i64) -> DbResult<()> {
    sqlx::query(
        "update jobs set attempts = attempts + 1, last_error = $2, run_at = $3,
             locked_until = null, updated_at = $4
         where id = $1",
    )
    .bind(id)
    .bind(error.to_owned())
    .bind(retry_at)
    .bind(now())
    .execute(db.writer())
    .await?;
    Ok(())
}

/// Moves a job (a recurring one) to run again at `run_at`, attempts reset.
pub async fn reschedule(db: &Db, id: i64, run_at: i64) -> DbResult<()> {
    sqlx::query(
        "update jobs set run_at = $2, attempts = 0, last_error = null, locked_until = null,
             updated_at = $3
         where id = $1",
    )
    .bind(id)
    .bind(run_at)
    .bind(now())
    .execute(db.writer())
    .await?;
    Ok(())
}

/// Whether a job of `kind` is queued (claimed or not).
pub async fn exists(db: &Db, kind: &str) -> DbResult<bool> {
    let row = sqlx::query("select count(*) from jobs where kind = $1")
        .bind(kind.to_owned())
        .fetch_one(db.pool())
        .await?;
    Ok(row.try_get::<i64, _>(0)? > 0)
}

/// A queued job's `(attempts, last_error)`, for tests and the CLI.
pub async fn state(db: &Db, id: i64) -> DbResult<Option<(i64, Option<String>)>> {
    let row = sqlx::query("select attempts, last_error from jobs where id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
}

/// Seconds to wait before try `attempts + 1`: 30 s doubled per try, at most an hour.
pub fn backoff_secs(attempts: i64) -> i64 {
    let shift = u32::try_from(attempts.clamp(0, 7)).unwrap_or(7);
    (30_i64 << shift).min(3600)
}

/// Deletes the stock holds of checkout drafts that expired by `now`; returns how many went.
/// The drafts themselves stay (a shopper coming back refreshes theirs, holding stock again).
pub async fn release_expired_holds(db: &Db, now: i64) -> DbResult<u64> {
    let done = sqlx::query("delete from stock_holds where expires_at <= $1")
        .bind(now)
        .execute(db.writer())
        .await?;
    Ok(done.rows_affected())
}
