//! Opening a pool for the engine named by the URL.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

use crate::{DbError, DbResult};

/// The engine behind a [`Db`]. The only place where SQL dialects are told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file (WAL mode).
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

impl Backend {
    /// Picks the engine from a database URL's scheme.
    pub fn from_url(url: &str) -> DbResult<Self> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres)
        } else {
            Err(DbError::UnsupportedUrl(url.to_owned()))
        }
    }

    /// A human name for logs and reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sqlite => "SQLite",
            Self::Postgres => "PostgreSQL",
        }
    }

    /// The statement that opens a transaction meant to write. SQLite must take the write
    /// lock up front, or two readers upgrading at once deadlock and one fails.
    pub fn begin_write_sql(self) -> &'static str {
        match self {
            Self::Sqlite => "begin immediate",
            Self::Postgres => "begin",
        }
    }
}

/// A connection pool and the engine behind it. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    /// Where writes go: on SQLite one connection (see `connect_sqlite`), on PostgreSQL the
    /// same pool.
    writer: AnyPool,
    backend: Backend,
    /// Catalogue reads kept per version (see `catalogue::index`).
    catalogue_cache: std::sync::Arc<crate::catalogue::index::CatalogueCache>,
    /// Settings read on hot paths (see `options::get_recent`).
    options_cache: std::sync::Arc<crate::options::OptionsCache>,
}

impl Db {
    /// Connects to `url`. For SQLite the file (and its directory) is created when missing.
    pub async fn connect(url: &str) -> DbResult<Self> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url)?;
        let (pool, writer) = match backend {
            Backend::Sqlite => connect_sqlite(url).await?,
            Backend::Postgres => {
                let options = AnyConnectOptions::from_str(url)?;
                let pool = AnyPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_with(options)
                    .await?;
                (pool.clone(), pool)
            }
        };
        Ok(Self {
            pool,
            writer,
            backend,
            catalogue_cache: std::sync::Arc::default(),
            options_cache: std::sync::Arc::default(),
        })
    }

    /// The pool, for the query modules of this crate.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The pool for statements that write (single statements outside a transaction).
    pub fn writer(&self) -> &AnyPool {
        &self.writer
    }

    /// This process's catalogue cache.
    pub(crate) fn catalogue_cache(&self) -> &crate::catalogue::index::CatalogueCache {
        &self.catalogue_cache
    }

    /// This process's recently read settings.
    pub(crate) fn options_cache(&self) -> &crate::options::OptionsCache {
        &self.options_cache
    }

    /// A shared handle on the catalogue cache (for writers that outlive a borrow).
    pub(crate) fn catalogue_cache_handle(
        &self,
    ) -> std::sync::Arc<crate::catalogue::index::CatalogueCache> {
        std::sync::Arc::clone(&self.catalogue_cache)
    }

    /// Which engine this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Answers when the database answers: the health check.
    pub async fn ping(&self) -> DbResult<()> {
        sqlx::query("select 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Opens a transaction that will write: on SQLite it takes the write lock at once, so
    /// concurrent writers queue instead of failing when they upgrade.
    pub async fn begin_write(&self) -> DbResult<sqlx::Transaction<'static, sqlx::Any>> {
        Ok(self
            .writer
            .begin_with(self.backend.begin_write_sql())
            .await?)
    }

    /// Closes every connection; waits for the ones in use.
    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }
}

/// After rows were inserted with explicit ids, moves PostgreSQL's identity sequence of
/// `table` past them (SQLite picks the next id from the table itself).
pub(crate) async fn sync_identity<'e, E>(backend: Backend, executor: E, table: &str) -> DbResult<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let statement = match table {
        "products" => {
            "select setval(pg_get_serial_sequence('products', 'id'), greatest((select max(id) from products), 1))"
        }
        "categories" => {
            "select setval(pg_get_serial_sequence('categories', 'id'), greatest((select max(id) from categories), 1))"
        }
        "tags" => {
            "select setval(pg_get_serial_sequence('tags', 'id'), greatest((select max(id) from tags), 1))"
        }
        "attributes" => {
            "select setval(pg_get_serial_sequence('attributes', 'id'), greatest((select max(id) from attributes), 1))"
        }
        "attribute_terms" => {
            "select setval(pg_get_serial_sequence('attribute_terms', 'id'), greatest((select max(id) from attribute_terms), 1))"
        }
        _ => return Ok(()),
    };
    if backend == Backend::Postgres {
        sqlx::raw_sql(statement).execute(executor).await?;
    }
    Ok(())
}

/// The SQLite file path inside a `sqlite://PATH?params` URL, when there is one.
fn sqlite_path(url: &str) -> Option<&str> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then_some(path)
}

/// SQLite's readers and its writer: a pool of readers, and for writes a pool of one
/// connection, so this process's writers queue in order instead of meeting SQLite's busy
/// handler (which sleeps and retries, and made the slowest checkouts ten times the median).
/// Writers in other processes still wait through `busy_timeout`. An in-memory database has
/// no second connection to the same data: there the writer is the reader pool.
async fn connect_sqlite(url: &str) -> DbResult<(AnyPool, AnyPool)> {
    if let Some(path) = sqlite_path(url)
        && let Some(dir) = Path::new(path)
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|source| DbError::DataDir {
            path: dir.display().to_string(),
            source,
        })?;
        check_writable(dir)?;
    }
    let url = if url.contains('?') {
        url.to_owned()
    } else {
        format!("{url}?mode=rwc")
    };
    let options = AnyConnectOptions::from_str(&url)?;
    let readers = sqlite_pool(8).connect_with(options.clone()).await?;
    let writer = if sqlite_path(&url).is_some() {
        sqlite_pool(1).connect_with(options).await?
    } else {
        readers.clone()
    };
    Ok((readers, writer))
}

fn sqlite_pool(size: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(size)
        .min_connections(1)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(|conn, _meta| {
            Box::pin(async move {
                // WAL lets readers run beside the one writer; NORMAL sync is safe with WAL
                // (a power cut may lose the last commits, never corrupt the file).
                conn.execute(
                    "pragma journal_mode = wal; pragma synchronous = normal; \
                     pragma foreign_keys = on; pragma busy_timeout = 10000;",
                )
                .await?;
                Ok(())
            })
        })
}

fn check_writable(dir: &Path) -> DbResult<()> {
    let probe = dir.join(format!(".mercato-write-probe-{}", std::process::id()));
    std::fs::write(&probe, b"")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|source| DbError::DataDir {
            path: dir.display().to_string(),
            source,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_follows_the_url_scheme() {
        assert_eq!(
            Backend::from_url("sqlite://data/shop.db").ok(),
            Some(Backend::Sqlite)
        );
        assert_eq!(
            Backend::from_url("postgres://u@h/db").ok(),
            Some(Backend::Postgres)
        );
        assert_eq!(
            Backend::from_url("postgresql://u@h/db").ok(),
            Some(Backend::Postgres)
        );
        assert!(Backend::from_url("mysql://u@h/db").is_err());
    }

    #[test]
    fn sqlite_path_is_read_from_the_url() {
        assert_eq!(sqlite_path("sqlite://data/shop.db"), Some("data/shop.db"));
        assert_eq!(
            sqlite_path("sqlite:///tmp/x.db?mode=rwc"),
            Some("/tmp/x.db")
        );
        assert_eq!(sqlite_path("sqlite::memory:"), None);
    }
}
