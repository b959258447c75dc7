//! The background worker: a tokio task in every `mercato serve` process that claims due jobs
//! from the database (so each runs once, whatever the process count) and runs them.
//!
//! Kinds: `send_email` and `send_account_email` (see [`crate::emails`]) and `release_expired_drafts`, which frees the
//! stock held by expired checkout drafts, clears ended rate-limit windows, deletes carts whose
//! lifetime is over, and queues itself again every minute.

use std::time::Duration;

use mercato_db::jobs::{self, Job};
use tokio::sync::watch;

use crate::emails::{self, EmailJob, Outbox};
use crate::services::Services;

/// The job kind that releases expired stock holds.
pub const RELEASE_EXPIRED_DRAFTS: &str = "release_expired_drafts";

/// A failing job is tried this many times, then left in the table with its last error.
pub const MAX_ATTEMPTS: i64 = 5;

/// How long a claim lasts before another worker may take the job over.
const LEASE_SECS: i64 = 300;

/// How many due jobs a worker claims at once.
const BATCH: i64 = 16;

/// How long an idle worker waits before looking again.
const IDLE: Duration = Duration::from_secs(1);

/// How often expired holds are released.
const RELEASE_EVERY_SECS: i64 = 60;

/// What a worker needs.
#[derive(Clone)]
pub struct Worker {
    state: Services,
    outbox: Outbox,
    id: String,
}

impl Worker {
    /// A worker for `state`, delivering to `outbox`.
    pub fn new(state: Services, outbox: Outbox) -> Self {
        let id = format!("{}-{}", std::process::id(), mercato_db::now());
        Self { state, outbox, id }
    }

    /// Runs until `stop` turns true (or its sender is dropped).
    pub async fn run(self, mut stop: watch::Receiver<bool>) {
        if let Err(error) = self.schedule_release().await {
            tracing::error!(%error, "cannot schedule the release of expired holds");
        }
        loop {
            if *stop.borrow() {
                break;
            }
            let ran = match self.run_batch(BATCH).await {
                Ok(ran) => ran > 0,
                Err(error) => {
                    tracing::error!(worker.id = %self.id, %error, "job queue unavailable");
                    false
                }
            };
            if !ran {
                tokio::select! {
                    changed = stop.changed() => if changed.is_err() { break },
                    () = tokio::time::sleep(IDLE) => {}
                }
            }
        }
        tracing::info!(worker.id = %self.id, "worker stopped");
    }

    async fn schedule_release(&self) -> mercato_db::DbResult<()> {
        if !jobs::exists(&self.state.db, RELEASE_EXPIRED_DRAFTS).await? {
            jobs::enqueue(
                &self.state.db,
                RELEASE_EXPIRED_DRAFTS,
                &serde_json::json!({}),
                mercato_db::now(),
            )
            .await?;
        }
        Ok(())
    }

    /// Claims and runs one due job; `false` when none was due.
    pub async fn run_one(&self) -> mercato_db::DbResult<bool> {
        Ok(self.run_batch(1).await? > 0)
    }

    /// Claims up to `limit` due jobs in one write and runs them in order, each recorded as
    /// it finishes (done, again later, or failed); returns how many ran. A busy shop's
    /// emails (two per order) then cost one claim per batch rather than one per email.
    pub async fn run_batch(&self, limit: i64) -> mercato_db::DbResult<usize> {
        let now = mercato_db::now();
        let claimed = jobs::claim_many(&self.state.db, &self.id, now, LEASE_SECS, limit).await?;
        for job in &claimed {
            self.run_claimed(job, now).await?;
        }
        Ok(claimed.len())
    }

    /// Runs a claimed job and records how it went.
    async fn run_claimed(&self, job: &Job, now: i64) -> mercato_db::DbResult<()> {
        let db = &self.state.db;
        match self.execute(job).await {
            Ok(Outcome::Done) => jobs::complete(db, job.id).await?,
            Ok(Outcome::Again(at)) => jobs::reschedule(db, job.id, at).await?,
            Err(error) => {
                let error = format!("{error:#}");
                let tries = job.attempts.saturating_add(1);
                let retry_at = if tries >= MAX_ATTEMPTS {
                    tracing::error!(job.id = job.id, job.kind = %job.kind, %error, "job gave up");
                    i64::MAX
                } else {
                    tracing::warn!(job.id = job.id, job.kind = %job.kind, %error, "job failed, will retry");
                    now.saturating_add(jobs::backoff_secs(job.attempts))
                };
                jobs::fail(db, job.id, &error, retry_at).await?;
            }
        }
        Ok(())
    }

    async fn execute(&self, job: &Job) -> anyhow::Result<Outcome> {
        match job.kind.as_str() {
            emails::SEND_EMAIL => {
                let payload: EmailJob = serde_json::from_value(job.payload.clone())?;
                match emails::compose(&self.state, &payload).await? {
                    Some(email) => {
                        let name = format!(
                            "{}-order-{}-job-{}",
                            mercato_db::now(),
                            payload.order_id,
                            job.id
                        );
                        let path = self.outbox.deliver(&email, &name).await?;
                        tracing::info!(order.id = payload.order_id, email.sent_to = %path, "email sent");
                    }
                    None => tracing::info!(order.id = payload.order_id, "no email to send"),
                }
                Ok(Outcome::Done)
            }
            emails::account::SEND_ACCOUNT_EMAIL => {
                let payload: emails::account::AccountEmail =
                    serde_json::from_value(job.payload.clone())?;
                match emails::account::compose(&self.state, &payload).await? {
                    Some(email) => {
                        let name = format!("{}-account-job-{}", mercato_db::now(), job.id);
                        let path = self.outbox.deliver(&email, &name).await?;
                        tracing::info!(email.sent_to = %path, "account email sent");
                    }
                    None => tracing::info!(job.id = job.id, "account gone, no email to send"),
                }
                Ok(Outcome::Done)
            }
            RELEASE_EXPIRED_DRAFTS => {
                // The rules' time (holds, windows, carts), as the requests that made them saw it.
                let now = self.state.clock.now();
                let released = jobs::release_expired_holds(&self.state.db, now).await?;
                if released > 0 {
                    tracing::info!(holds = released, "expired stock holds released");
                }
                mercato_db::rate_limits::purge_expired(&self.state.db, now).await?;
                let carts = crate::cart::store::purge_expired(&self.state).await?;
                if carts > 0 {
                    tracing::info!(carts, "expired carts deleted");
                }
                Ok(Outcome::Again(now.saturating_add(RELEASE_EVERY_SECS)))
            }
            other => Err(anyhow::anyhow!("unknown job kind {other:?}")),
        }
    }
}

enum Outcome {
    Done,
    Again(i64),
}

/// Starts the worker of a `mercato serve` process; it stops when `stop` turns true.
/// Fails when `MERCATO_SMTP_URL` is set but unusable.
pub fn spawn(
    state: Services,
    stop: watch::Receiver<bool>,
) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let outbox = Outbox::from_env()?;
    Ok(tokio::spawn(Worker::new(state, outbox).run(stop)))
}
