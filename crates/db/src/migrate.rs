//! Numbered migrations, one folder per engine, embedded in the binary.
//!
//! A migration is applied once, in its own transaction, and recorded in
//! `schema_migrations`. Landed migrations are never edited: a change is a new file.

use sqlx::Row;

use crate::{Backend, Db, DbResult, now};

/// One migration file.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// Its number; migrations run in this order.
    pub version: i64,
    /// What it does, from the file name.
    pub name: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

macro_rules! migration {
    ($version:expr, $name:literal) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: include_str!(concat!("../migrations/sqlite/", $name, ".sql")),
            postgres: include_str!(concat!("../migrations/postgres/", $name, ".sql")),
        }
    };
}

/// Every migration, in order.
pub const MIGRATIONS: &[Migration] = &[
    migration!(1, "0001_foundation"),
    migration!(2, "0002_catalogue"),
    migration!(3, "0003_carts"),
    migration!(4, "0004_orders"),
    migration!(5, "0005_rate_limits"),
    migration!(6, "0006_review_text"),
    migration!(7, "0007_stock_hold_holders"),
    migration!(10, "0010_accounts"),
    migration!(11, "0011_downloads"),
    migration!(20, "0020_content_pages"),
];

impl Migration {
    /// Its text for `backend`.
    pub fn sql(&self, backend: Backend) -> &'static str {
        match backend {
            Backend::Sqlite => self.sqlite,
            Backend::Postgres => self.postgres,
        }
    }
}

/// What a migration run did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Migrations applied by this run, as `(version, name)`.
    pub applied: Vec<(i64, &'static str)>,
    /// How many were already in place.
    pub already: usize,
}

const LOCK_KEY: i64 = 0x006d_6572_6361_746f; // "mercato": one advisory lock for all processes

/// Applies every migration not yet applied and reports what it did.
pub async fn run(db: &Db) -> DbResult<Report> {
    let mut conn = db.pool().acquire().await?;
    if db.backend() == Backend::Postgres {
        // Several processes may start at once; only one migrates at a time.
        sqlx::query("select pg_advisory_lock($1)")
            .bind(LOCK_KEY)
            .execute(&mut *conn)
            .await?;
    }
    let result = apply_pending(db.backend(), &mut conn).await;
    if db.backend() == Backend::Postgres {
        sqlx::query("select pg_advisory_unlock($1)")
            .bind(LOCK_KEY)
            .execute(&mut *conn)
            .await?;
    }
    result
}

async fn apply_pending(backend: Backend, conn: &mut sqlx::AnyConnection) -> DbResult<Report> {
    sqlx::raw_sql(
        "create table if not exists schema_migrations (
            version bigint primary key,
            name text not null,
            applied_at bigint not null
        )",
    )
    .execute(&mut *conn)
    .await?;
    let done: Vec<i64> = sqlx::query("select version from schema_migrations")
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|row| row.try_get::<i64, _>(0))
        .collect::<Result<_, _>>()?;

    let mut report = Report {
        applied: Vec::new(),
        already: 0,
    };
    for migration in MIGRATIONS {
        if done.contains(&migration.version) {
            report.already += 1;
            continue;
        }
        let sql = migration.sql(backend);
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        sqlx::raw_sql(sql).execute(&mut *tx).await?;
        sqlx::query(
            "insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)",
        )
        .bind(migration.version)
        .bind(migration.name)
        .bind(now())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        tracing::info!(migration.version, migration.name, "migration applied");
        report.applied.push((migration.version, migration.name));
    }
    Ok(report)
}
