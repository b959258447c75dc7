//! Throw-away databases for tests: a SQLite file in a temporary directory, or a fresh
//! PostgreSQL database on the server named by `MERCATO_TEST_POSTGRES_URL`.
//!
//! Each [`TestDb`] is its own database and is removed when dropped.

use std::sync::atomic::{AtomicU32, Ordering};

use crate::{Backend, Db, DbResult, migrate};

/// The variable naming the PostgreSQL server for tests (any database on it; tests create
/// and drop their own). Default: the local server, `postgres://postgres@127.0.0.1:5432/postgres`.
pub const POSTGRES_URL_VAR: &str = "MERCATO_TEST_POSTGRES_URL";

/// A migrated database that disappears when dropped.
#[derive(Debug)]
pub struct TestDb {
    /// The connected, migrated database.
    pub db: Db,
    /// The URL it was opened with (to open it again, or start a server on it).
    pub url: String,
    cleanup: Cleanup,
}

#[derive(Debug)]
enum Cleanup {
    Dir(
        #[expect(
            dead_code,
            reason = "held so the directory lives as long as the database"
        )]
        tempfile::TempDir,
    ),
    Postgres {
        admin_url: String,
        name: String,
    },
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

impl TestDb {
    /// A fresh database on `backend`, migrated.
    pub async fn new(backend: Backend) -> DbResult<Self> {
        match backend {
            Backend::Sqlite => Self::sqlite().await,
            Backend::Postgres => Self::postgres().await,
        }
    }

    /// A fresh SQLite file in its own temporary directory.
    pub async fn sqlite() -> DbResult<Self> {
        let dir = tempfile::tempdir().map_err(|source| crate::DbError::DataDir {
            path: std::env::temp_dir().display().to_string(),
            source,
        })?;
        let url = format!("sqlite://{}", dir.path().join("shop.db").display());
        let db = Db::connect(&url).await?;
        migrate::run(&db).await?;
        Ok(Self {
            db,
            url,
            cleanup: Cleanup::Dir(dir),
        })
    }

    /// A fresh database on the test PostgreSQL server.
    pub async fn postgres() -> DbResult<Self> {
        let admin_url = postgres_admin_url();
        let name = format!(
            "mercato_test_{}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            crate::sessions::new_id().get(..8).unwrap_or("x")
        );
        let admin = Db::connect(&admin_url).await?;
        sqlx::raw_sql(&format!("create database {name}"))
            .execute(admin.pool())
            .await?;
        admin.close().await;
        let url = replace_database(&admin_url, &name);
        let db = Db::connect(&url).await?;
        migrate::run(&db).await?;
        Ok(Self {
            db,
            url,
            cleanup: Cleanup::Postgres { admin_url, name },
        })
    }
}

/// The URL of the test PostgreSQL server.
pub fn postgres_admin_url() -> String {
    std::env::var(POSTGRES_URL_VAR)
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let prefix = base.rsplit_once('/').map_or(base, |(p, _)| p);
    match query {
        Some(q) => format!("{prefix}/{name}?{q}"),
        None => format!("{prefix}/{name}"),
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Cleanup::Postgres { admin_url, name } = &self.cleanup {
            let (admin_url, name) = (admin_url.clone(), name.clone());
            // Drop runs inside the test's runtime; a separate thread with its own runtime
            // can block on the network without stalling it.
            let dropped = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()?;
                runtime.block_on(async {
                    let admin = Db::connect(&admin_url).await?;
                    sqlx::raw_sql(&format!("drop database if exists {name} with (force)"))
                        .execute(admin.pool())
                        .await?;
                    admin.close().await;
                    Ok::<_, crate::DbError>(())
                })?;
                Ok::<_, Box<dyn std::error::Error + Send + Sync>>(())
            })
            .join();
            if !matches!(dropped, Ok(Ok(()))) {
                eprintln!("could not drop test database {}", self.url);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn database_name_is_replaced_keeping_parameters() {
        assert_eq!(
            replace_database("postgres://u@h:5432/postgres", "t1"),
            "postgres://u@h:5432/t1"
        );
        assert_eq!(
            replace_database("postgres://u@h/test?sslmode=disable", "t1"),
            "postgres://u@h/t1?sslmode=disable"
        );
    }
}
