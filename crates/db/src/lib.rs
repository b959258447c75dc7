//! Mercato's storage: one narrow interface over SQLite and PostgreSQL.
//!
//! Queries are written once, in SQL both engines accept (`$1` placeholders, `on conflict`
//! upserts, integers for money and time). What differs between the engines lives in
//! [`Backend`] and the per-engine migration folders, nowhere else.

pub mod carts;
pub mod catalogue;
mod connect;
pub mod content_pages;
pub mod coupons;
pub mod downloads;
pub mod jobs;
pub mod migrate;
pub mod options;
pub mod orders;
pub mod password_resets;
pub mod payment_tokens;
pub mod rate_limits;
pub mod sessions;
pub mod stock_holds;
pub mod testing;
pub mod users;

pub use connect::{Backend, Db};

/// Everything that can go wrong in storage, as the callers need to tell it apart.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The database URL is not one we understand.
    #[error("unsupported database URL {0:?}: use sqlite://PATH or postgres://...")]
    UnsupportedUrl(String),
    /// The directory for a SQLite file cannot be created or written.
    #[error("cannot use the data directory {path}: {source}")]
    DataDir {
        path: String,
        #[source]
        source: std::io::Error,
    },
    /// A row with the same unique value (SKU, slug, ...) exists.
    #[error("{0}")]
    Duplicate(String),
    /// A value that cannot name a stored row (a malformed key).
    #[error("{0}")]
    Invalid(String),
    /// Concurrent writers kept changing the same row; the caller may try again later.
    #[error("too many concurrent changes to {0}")]
    Contention(String),
    /// The engine refused or failed.
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
    /// A stored JSON value could not be read back.
    #[error("stored JSON is invalid: {0}")]
    Json(#[from] serde_json::Error),
}

/// Result alias for storage calls.
pub type DbResult<T> = Result<T, DbError>;

/// The current time in unix seconds, as stored in every `*_at` column.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
