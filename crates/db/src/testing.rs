//! Throw-away databases for tests: a SQLite file in a temporary directory, or a fresh
//! PostgreSQL database on the server named by `MERCATO_TEST_POSTGRES_URL`.
//!
//! Each [`TestDb`] is its own database and is removed when dropped. A PostgreSQL one is a
//! copy (`create database ... template`) of a database migrated once: the template named by
//! [`template_name`], after a hash of the migrations, so no test runs the migrations itself.
//!
//! The template is made by the first test that finds it missing, under an advisory lock on
//! the server's admin database: held exclusively while a template is made (and templates of
//! other migrations are dropped), shared while a test copies one. So test binaries running
//! at once, of this build or of another one with other migrations, never copy a template
//! that is half made or being dropped. A template left half made by a process that died is
//! not marked as a template, and is made again.

use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::{AnyConnection, Connection};

use crate::{Backend, Db, DbError, DbResult, migrate};

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
    #[expect(dead_code, reason = "never read: held until the TestDb is dropped")]
    cleanup: Cleanup,
}

/// What goes when a [`TestDb`] is dropped.
#[derive(Debug)]
#[expect(dead_code, reason = "never read: each part does its work when dropped")]
enum Cleanup {
    Dir(tempfile::TempDir),
    Postgres(PostgresDatabase),
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

    /// A fresh database on the test PostgreSQL server: a copy of the migrated template.
    pub async fn postgres() -> DbResult<Self> {
        let admin_url = postgres_admin_url();
        let name = format!(
            "mercato_test_{}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            crate::sessions::new_id().get(..8).unwrap_or("x")
        );
        copy_template(&admin_url, &name).await?;
        // From here on the database is dropped whatever happens.
        let database = PostgresDatabase { admin_url, name };
        let url = replace_database(&database.admin_url, &database.name);
        let db = Db::connect(&url).await?;
        Ok(Self {
            db,
            url,
            cleanup: Cleanup::Postgres(database),
        })
    }
}

/// The URL of the test PostgreSQL server.
pub fn postgres_admin_url() -> String {
    std::env::var(POSTGRES_URL_VAR)
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// The migrated database that PostgreSQL tests copy: `mercato_template_` and a hash of every
/// PostgreSQL migration (number, name and text), so a new or changed migration makes a new
/// template and the old one is dropped.
pub fn template_name() -> String {
    format!("{TEMPLATE_PREFIX}{:016x}", migrations_hash())
}

const TEMPLATE_PREFIX: &str = "mercato_template_";

/// A `like` pattern for every template's name (`_` matches any character unless escaped).
fn templates_like() -> String {
    format!("{}%", TEMPLATE_PREFIX.replace('_', "\\_"))
}

/// The advisory lock (on the admin database) guarding templates: shared while a test copies
/// one, exclusive while one is made or dropped. ("mercatot", for template.)
const TEMPLATE_LOCK: i64 = 0x6d65_7263_6174_6f74;

/// How often a test tries to copy the template before giving up. Only test runs of other
/// migrations at the same moment (each dropping the other's template) take more than two.
const COPY_ATTEMPTS: usize = 5;

/// FNV-1a: stable across builds and Rust versions (the standard library's hasher is not
/// promised to be), so every test binary of one source tree names the same template.
fn migrations_hash() -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for migration in migrate::MIGRATIONS {
        let version = migration.version.to_le_bytes();
        let sql = migration.sql(Backend::Postgres);
        for part in [&version[..], migration.name.as_bytes(), sql.as_bytes()] {
            // The length first, so that moving bytes from one part to the next changes it.
            for byte in part.len().to_le_bytes().iter().chain(part) {
                hash ^= u64::from(*byte);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    hash
}

/// Creates the database `name` as a copy of the template, making the template first when it
/// is missing.
async fn copy_template(admin_url: &str, name: &str) -> DbResult<()> {
    let template = template_name();
    sqlx::any::install_default_drivers();
    // One connection (not a pool), so the advisory lock is held where it was taken, and
    // closing it releases the lock whatever happened.
    let mut admin = AnyConnection::connect(admin_url).await?;
    for _ in 0..COPY_ATTEMPTS {
        advisory(&mut admin, "pg_advisory_lock_shared").await?;
        let copied = if is_template(&mut admin, &template).await? {
            let create = format!("create database {name} template {template}");
            Some(execute(&mut admin, &create).await)
        } else {
            None
        };
        advisory(&mut admin, "pg_advisory_unlock_shared").await?;
        match copied {
            Some(copied) => {
                copied?;
                admin.close().await?;
                return Ok(());
            }
            None => make_template(&mut admin, admin_url, &template).await?,
        }
    }
    Err(DbError::Contention(format!(
        "the test template {template} (other test runs kept dropping it)"
    )))
}

/// Under the exclusive lock: makes the template when it is not there (or was left half
/// made), then drops the templates of other migrations.
async fn make_template(admin: &mut AnyConnection, admin_url: &str, template: &str) -> DbResult<()> {
    advisory(admin, "pg_advisory_lock").await?;
    let made = async {
        if !is_template(admin, template).await? {
            build_template(admin, admin_url, template).await?;
        }
        drop_stale_templates(admin, template).await
    }
    .await;
    advisory(admin, "pg_advisory_unlock").await?;
    made
}

async fn build_template(
    admin: &mut AnyConnection,
    admin_url: &str,
    template: &str,
) -> DbResult<()> {
    execute(
        admin,
        &format!("drop database if exists {template} with (force)"),
    )
    .await?;
    execute(admin, &format!("create database {template}")).await?;
    let db = Db::connect(&replace_database(admin_url, template)).await?;
    let migrated = migrate::run(&db).await;
    // Closed before it is copied: a template must have no connections.
    db.close().await;
    migrated?;
    // Marked last: a template that is not marked was left half made.
    execute(
        admin,
        &format!("alter database {template} is_template true"),
    )
    .await?;
    tracing::info!(template, "migrated test template made");
    Ok(())
}

/// Drops every `mercato_template_*` database but `keep`.
async fn drop_stale_templates(admin: &mut AnyConnection, keep: &str) -> DbResult<()> {
    let stale: Vec<String> = sqlx::query_scalar(
        "select datname::text from pg_database where datname like $1 and datname <> $2",
    )
    .bind(templates_like())
    .bind(keep)
    .fetch_all(&mut *admin)
    .await?;
    for name in stale {
        // A template cannot be dropped.
        execute(admin, &format!("alter database {name} is_template false")).await?;
        execute(admin, &format!("drop database {name} with (force)")).await?;
        tracing::info!(template = %name, "stale test template dropped");
    }
    Ok(())
}

async fn is_template(admin: &mut AnyConnection, name: &str) -> DbResult<bool> {
    let marked: Option<bool> =
        sqlx::query_scalar("select datistemplate from pg_database where datname = $1")
            .bind(name)
            .fetch_optional(&mut *admin)
            .await?;
    Ok(marked == Some(true))
}

/// One statement on its own (`create database` refuses to run in a transaction, and a
/// string of several statements is one).
async fn execute(admin: &mut AnyConnection, sql: &str) -> DbResult<()> {
    sqlx::raw_sql(sql).execute(admin).await?;
    Ok(())
}

/// Takes or releases [`TEMPLATE_LOCK`] with `function` (`pg_advisory_lock_shared`, ...).
async fn advisory(admin: &mut AnyConnection, function: &str) -> DbResult<()> {
    sqlx::query(&format!("select {function}($1)"))
        .bind(TEMPLATE_LOCK)
        .execute(&mut *admin)
        .await?;
    Ok(())
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

/// A test database on the PostgreSQL server, dropped with this value.
#[derive(Debug)]
struct PostgresDatabase {
    admin_url: String,
    name: String,
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
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
            eprintln!("could not drop test database {}", self.name);
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

    #[test]
    fn the_template_is_named_after_the_migrations() {
        let name = template_name();
        assert_eq!(name, template_name());
        assert!(name.starts_with(TEMPLATE_PREFIX) && name.len() == TEMPLATE_PREFIX.len() + 16);
        // PostgreSQL cuts identifiers at 63 bytes.
        assert!(name.len() <= 63, "{name}");
    }

    async fn templates(admin: &mut AnyConnection) -> Vec<String> {
        sqlx::query_scalar("select datname::text from pg_database where datname like $1")
            .bind(templates_like())
            .fetch_all(admin)
            .await
            .expect("list templates")
    }

    #[tokio::test]
    async fn copies_are_migrated_and_templates_of_other_migrations_are_dropped() {
        let admin_url = postgres_admin_url();
        sqlx::any::install_default_drivers();
        let mut admin = AnyConnection::connect(&admin_url)
            .await
            .expect("the PostgreSQL server at MERCATO_TEST_POSTGRES_URL");
        // A template of other migrations, as an older build leaves it.
        let stale = format!("{TEMPLATE_PREFIX}stale_{}", std::process::id());
        for sql in [
            format!("create database {stale}"),
            format!("alter database {stale} is_template true"),
        ] {
            execute(&mut admin, &sql).await.expect("stale template");
        }

        make_template(&mut admin, &admin_url, &template_name())
            .await
            .expect("template");
        let left = templates(&mut admin).await;
        assert!(left.contains(&template_name()), "{left:?}");
        assert!(!left.contains(&stale), "{left:?}");

        let copy = TestDb::postgres().await.expect("copy of the template");
        let report = migrate::run(&copy.db).await.expect("migrate");
        assert!(report.applied.is_empty(), "{report:?}");
        assert_eq!(report.already, migrate::MIGRATIONS.len());
        let url = copy.url.clone();
        drop(copy);
        let name = url.rsplit('/').next().expect("database name");
        let gone: Option<String> =
            sqlx::query_scalar("select datname::text from pg_database where datname = $1")
                .bind(name)
                .fetch_optional(&mut admin)
                .await
                .expect("look up the copy");
        assert_eq!(gone, None, "the copy is dropped with its TestDb");
        admin.close().await.expect("close");
    }
}
