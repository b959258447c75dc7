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
//!
//! A [`Fixture`] (a shop's rows that many tests start from) is built once and copied per
//! test in the same way: on SQLite the built file is kept in memory once per process and
//! written out for each test; on PostgreSQL it is a second template
//! (`mercato_fixture_<name>_<hash>`) made from the migrated one under the same lock, named
//! after the migrations, the fixture's name and the test binary that builds it (so a rebuilt
//! binary, whatever it changed, never copies rows an older build wrote).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

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
    /// Removes the database when dropped (or at once, by [`TestDb::remove`]).
    cleanup: Cleanup,
}

/// What goes when a [`TestDb`] is dropped.
#[derive(Debug)]
enum Cleanup {
    Dir(tempfile::TempDir),
    Postgres(PostgresDatabase),
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Rows that many tests start from (a reference shop), built once and copied per test by
/// [`TestDb::with_fixture`]. Declare each as a `static` with its own name.
pub struct Fixture {
    /// Names the fixture: lowercase letters, digits and `_`, at most 30 bytes (it goes into
    /// PostgreSQL database names). One name, one builder.
    pub name: &'static str,
    /// Writes the rows into a migrated, empty database (panics on failure, as tests do).
    pub build: fn(Db) -> FixtureBuild,
}

/// What a [`Fixture`]'s builder returns.
pub type FixtureBuild = Pin<Box<dyn Future<Output = ()>>>;

impl std::fmt::Debug for Fixture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fixture").field("name", &self.name).finish()
    }
}

/// The SQLite file of each fixture built in this process, by name.
type Images = BTreeMap<&'static str, Arc<tokio::sync::OnceCell<Arc<Vec<u8>>>>>;
static SQLITE_IMAGES: Mutex<Images> = Mutex::new(BTreeMap::new());

impl TestDb {
    /// A fresh database on `backend`, migrated.
    pub async fn new(backend: Backend) -> DbResult<Self> {
        match backend {
            Backend::Sqlite => Self::sqlite().await,
            Backend::Postgres => Self::postgres().await,
        }
    }

    /// A fresh database on `backend` holding `fixture`'s rows: a copy of the fixture, built
    /// once per process (SQLite) or once per test binary (PostgreSQL).
    pub async fn with_fixture(backend: Backend, fixture: &'static Fixture) -> DbResult<Self> {
        match backend {
            Backend::Sqlite => {
                let image = sqlite_image(fixture).await?;
                let dir = temp_dir()?;
                let path = dir.path().join("shop.db");
                std::fs::write(&path, image.as_slice()).map_err(|source| DbError::DataDir {
                    path: path.display().to_string(),
                    source,
                })?;
                let url = format!("sqlite://{}", path.display());
                let db = Db::connect(&url).await?;
                Ok(Self {
                    db,
                    url,
                    cleanup: Cleanup::Dir(dir),
                })
            }
            Backend::Postgres => Self::postgres_copy(Some(fixture)).await,
        }
    }

    /// A fresh SQLite file in its own temporary directory.
    pub async fn sqlite() -> DbResult<Self> {
        let dir = temp_dir()?;
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
        Self::postgres_copy(None).await
    }

    /// A copy of the migrated template, or of `fixture`'s template.
    async fn postgres_copy(fixture: Option<&'static Fixture>) -> DbResult<Self> {
        let admin_url = postgres_admin_url();
        let name = format!(
            "mercato_test_{}_{}_{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed),
            crate::sessions::new_id().get(..8).unwrap_or("x")
        );
        copy_template(&admin_url, &name, fixture).await?;
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

    /// Closes the database and removes it now, awaiting the removal rather than blocking
    /// the thread as dropping a [`TestDb`] does: tests that run shops side by side end each
    /// this way, so one shop's removal never holds up the others.
    pub async fn remove(self) -> DbResult<()> {
        self.db.close().await;
        match self.cleanup {
            Cleanup::Dir(dir) => dir.close().map_err(|source| DbError::DataDir {
                path: self.url,
                source,
            }),
            Cleanup::Postgres(mut database) => database.remove().await,
        }
    }
}

fn temp_dir() -> DbResult<tempfile::TempDir> {
    tempfile::tempdir().map_err(|source| DbError::DataDir {
        path: std::env::temp_dir().display().to_string(),
        source,
    })
}

/// `fixture` as a SQLite file's bytes, built the first time a test of this process asks.
/// The bytes are the whole database: the log is checkpointed into the file before it is read.
async fn sqlite_image(fixture: &'static Fixture) -> DbResult<Arc<Vec<u8>>> {
    let cell = Arc::clone(
        SQLITE_IMAGES
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(fixture.name)
            .or_default(),
    );
    let image = cell
        .get_or_try_init(|| async {
            let made = TestDb::sqlite().await?;
            (fixture.build)(made.db.clone()).await;
            sqlx::raw_sql("pragma wal_checkpoint(truncate)")
                .execute(made.db.writer())
                .await?;
            made.db.close().await;
            let path = made
                .url
                .strip_prefix("sqlite://")
                .unwrap_or(&made.url)
                .to_owned();
            let bytes = std::fs::read(&path).map_err(|source| DbError::DataDir { path, source })?;
            tracing::info!(
                fixture = fixture.name,
                bytes = bytes.len(),
                "SQLite fixture built"
            );
            Ok::<_, DbError>(Arc::new(bytes))
        })
        .await?;
    Ok(Arc::clone(image))
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
    like_prefix(TEMPLATE_PREFIX)
}

fn like_prefix(prefix: &str) -> String {
    format!("{}%", prefix.replace('_', "\\_"))
}

const FIXTURE_PREFIX: &str = "mercato_fixture_";

/// A fixture template other test binaries no longer use is dropped this long after it was
/// made (binaries of other builds, running at the same time, each keep their own).
const FIXTURE_TEMPLATE_LIFETIME_SECS: i64 = 3600;

/// The PostgreSQL template holding `fixture`: `mercato_fixture_<name>_` and a hash of the
/// migrations, the name and this test binary (its path, size and modification time), so a
/// changed migration, builder or storage code makes a new template.
pub fn fixture_template_name(fixture: &Fixture) -> DbResult<String> {
    let valid = !fixture.name.is_empty()
        && fixture.name.len() <= 30
        && fixture
            .name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if !valid {
        return Err(DbError::Invalid(format!(
            "fixture name {:?}: use at most 30 lowercase letters, digits and _",
            fixture.name
        )));
    }
    let mut hash = Fnv::new();
    hash.part(&migrations_hash().to_le_bytes());
    hash.part(fixture.name.as_bytes());
    hash.part(build_identity().as_bytes());
    Ok(format!("{FIXTURE_PREFIX}{}_{:016x}", fixture.name, hash.0))
}

/// Which test binary this is: its path, size and modification time ("" when unknown).
fn build_identity() -> String {
    std::env::current_exe()
        .and_then(|exe| {
            let meta = std::fs::metadata(&exe)?;
            Ok(format!(
                "{} {} {:?}",
                exe.display(),
                meta.len(),
                meta.modified()?
            ))
        })
        .unwrap_or_default()
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
    let mut hash = Fnv::new();
    for migration in migrate::MIGRATIONS {
        let version = migration.version.to_le_bytes();
        let sql = migration.sql(Backend::Postgres);
        for part in [&version[..], migration.name.as_bytes(), sql.as_bytes()] {
            hash.part(part);
        }
    }
    hash.0
}

/// FNV-1a over length-prefixed parts.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn part(&mut self, part: &[u8]) {
        // The length first, so that moving bytes from one part to the next changes it.
        for byte in part.len().to_le_bytes().iter().chain(part) {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Creates the database `name` as a copy of the template (the migrated one, or `fixture`'s),
/// making the template first when it is missing.
async fn copy_template(
    admin_url: &str,
    name: &str,
    fixture: Option<&'static Fixture>,
) -> DbResult<()> {
    let template = match fixture {
        Some(fixture) => fixture_template_name(fixture)?,
        None => template_name(),
    };
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
            None => make_template(&mut admin, admin_url, fixture).await?,
        }
    }
    Err(DbError::Contention(format!(
        "the test template {template} (other test runs kept dropping it)"
    )))
}

/// Under the exclusive lock: makes the migrated template when it is not there (or was left
/// half made), then drops the templates of other migrations; with a `fixture`, then makes
/// its template from the migrated one the same way and drops fixture templates that are old.
async fn make_template(
    admin: &mut AnyConnection,
    admin_url: &str,
    fixture: Option<&'static Fixture>,
) -> DbResult<()> {
    advisory(admin, "pg_advisory_lock").await?;
    let made = async {
        let migrated = template_name();
        if !is_template(admin, &migrated).await? {
            build_template(admin, admin_url, &migrated).await?;
        }
        drop_stale_templates(admin, &migrated).await?;
        if let Some(fixture) = fixture {
            let template = fixture_template_name(fixture)?;
            if !is_template(admin, &template).await? {
                build_fixture_template(admin, admin_url, &migrated, &template, fixture).await?;
            }
            drop_old_fixture_templates(admin, &template).await?;
        }
        Ok(())
    }
    .await;
    advisory(admin, "pg_advisory_unlock").await?;
    made
}

/// Makes `template` as a copy of the migrated template with `fixture`'s rows, noting when
/// it was made (in the database's comment).
async fn build_fixture_template(
    admin: &mut AnyConnection,
    admin_url: &str,
    migrated: &str,
    template: &str,
    fixture: &Fixture,
) -> DbResult<()> {
    execute(
        admin,
        &format!("drop database if exists {template} with (force)"),
    )
    .await?;
    execute(
        admin,
        &format!("create database {template} template {migrated}"),
    )
    .await?;
    let db = Db::connect(&replace_database(admin_url, template)).await?;
    (fixture.build)(db.clone()).await;
    // Closed before it is copied: a template must have no connections.
    db.close().await;
    execute(
        admin,
        &format!("comment on database {template} is '{}'", crate::now()),
    )
    .await?;
    // Marked last: a template that is not marked was left half made.
    execute(
        admin,
        &format!("alter database {template} is_template true"),
    )
    .await?;
    tracing::info!(template, "fixture test template made");
    Ok(())
}

/// Drops every fixture template but `keep` made more than
/// [`FIXTURE_TEMPLATE_LIFETIME_SECS`] ago (or left half made).
async fn drop_old_fixture_templates(admin: &mut AnyConnection, keep: &str) -> DbResult<()> {
    let others: Vec<(String, Option<String>)> = sqlx::query_as(
        "select datname::text, shobj_description(oid, 'pg_database')::text
         from pg_database where datname like $1 and datname <> $2",
    )
    .bind(like_prefix(FIXTURE_PREFIX))
    .bind(keep)
    .fetch_all(&mut *admin)
    .await?;
    let oldest_kept = crate::now().saturating_sub(FIXTURE_TEMPLATE_LIFETIME_SECS);
    for (name, made_at) in others {
        let made_at: i64 = made_at.and_then(|t| t.parse().ok()).unwrap_or(0);
        if made_at > oldest_kept {
            continue;
        }
        execute(admin, &format!("alter database {name} is_template false")).await?;
        execute(admin, &format!("drop database {name} with (force)")).await?;
        tracing::info!(template = %name, "old fixture test template dropped");
    }
    Ok(())
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

impl PostgresDatabase {
    /// Drops the database now (without blocking the runtime); the value then does nothing
    /// when dropped.
    async fn remove(&mut self) -> DbResult<()> {
        let name = std::mem::take(&mut self.name);
        drop_database(&self.admin_url, &name).await
    }
}

async fn drop_database(admin_url: &str, name: &str) -> DbResult<()> {
    let admin = Db::connect(admin_url).await?;
    let dropped = sqlx::raw_sql(&format!("drop database if exists {name} with (force)"))
        .execute(admin.pool())
        .await;
    admin.close().await;
    dropped?;
    Ok(())
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        if self.name.is_empty() {
            return;
        }
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs inside the test's runtime; a separate thread with its own runtime
        // can block on the network without stalling it.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(drop_database(&admin_url, &name))?;
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

        make_template(&mut admin, &admin_url, None)
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

    /// Two options written by the builder; each copy starts with them and its own changes
    /// stay its own.
    static TWO_OPTIONS: Fixture = Fixture {
        name: "testing_two_options",
        build: |db| {
            Box::pin(async move {
                for name in ["first", "second"] {
                    crate::options::set(&db, name, &name).await.expect("option");
                }
            })
        },
    };

    async fn copies_start_from_the_fixture_and_stay_apart(backend: Backend) {
        let one = TestDb::with_fixture(backend, &TWO_OPTIONS)
            .await
            .expect("a copy");
        let two = TestDb::with_fixture(backend, &TWO_OPTIONS)
            .await
            .expect("another copy");
        assert_ne!(one.url, two.url);
        for copy in [&one, &two] {
            let first: Option<String> = crate::options::get(&copy.db, "first").await.expect("get");
            assert_eq!(first.as_deref(), Some("first"));
        }
        crate::options::set(&one.db, "first", "changed")
            .await
            .expect("set");
        let first: Option<String> = crate::options::get(&two.db, "first").await.expect("get");
        assert_eq!(
            first.as_deref(),
            Some("first"),
            "a copy's change stays its own"
        );
        let report = migrate::run(&two.db).await.expect("migrate");
        assert!(report.applied.is_empty(), "copies are migrated: {report:?}");
    }

    #[tokio::test]
    async fn sqlite_copies_start_from_the_fixture_and_stay_apart() {
        copies_start_from_the_fixture_and_stay_apart(Backend::Sqlite).await;
    }

    #[tokio::test]
    async fn postgres_copies_start_from_the_fixture_and_stay_apart() {
        copies_start_from_the_fixture_and_stay_apart(Backend::Postgres).await;
        let name = fixture_template_name(&TWO_OPTIONS).expect("name");
        assert!(name.len() <= 63, "{name}");
        sqlx::any::install_default_drivers();
        let mut admin = AnyConnection::connect(&postgres_admin_url())
            .await
            .expect("admin");
        assert!(
            is_template(&mut admin, &name).await.expect("look up"),
            "{name}"
        );
        admin.close().await.expect("close");
    }

    #[test]
    fn fixture_names_must_fit_a_database_name() {
        let bad = Fixture {
            name: "Not-A-Name",
            build: |_| Box::pin(async {}),
        };
        assert!(fixture_template_name(&bad).is_err());
    }
}
