//! The catalogue tests run every story on SQLite and, when PostgreSQL is there (`mercato_db::testing::postgres_available`),
#![allow(dead_code, reason = "each test file uses a part of it")]
//! again on PostgreSQL. `story!(name, body)` makes `name::sqlite` and `name::postgres`, each
//! on its own fresh database.

use std::path::{Path, PathBuf};

use mercato::import::{self, ImportOptions, ImportReport};
use mercato_db::Db;

#[macro_export]
macro_rules! story {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let test_db = mercato_db::testing::TestDb::sqlite()
                    .await
                    .expect("sqlite test database");
                ($body)(test_db.db.clone()).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if !mercato_db::testing::postgres_available() {
                    return;
                }
                let test_db = mercato_db::testing::TestDb::postgres().await.expect(
                    "postgres test database (is the server at MERCATO_TEST_POSTGRES_URL up?)",
                );
                ($body)(test_db.db.clone()).await;
            }
        }
    };
}

/// A test file in `tests/data`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// A directory holding `csv` as `products.csv` and the image files the fixtures name.
pub fn folder_with(csv: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("products.csv");
    std::fs::write(&path, csv).expect("write the CSV");
    for image in ["cap.jpg", "socks.jpg"] {
        std::fs::write(dir.path().join(image), format!("not really a {image}")).expect("image");
    }
    (dir, path)
}

/// Imports `path` with `options`.
pub async fn import_file(db: &Db, path: &Path, options: ImportOptions) -> ImportReport {
    import::run(db, path, options)
        .await
        .expect("the import runs")
}

/// The full fixture, imported with default options.
pub async fn import_full(db: &Db) -> (tempfile::TempDir, PathBuf, ImportReport) {
    let csv = std::fs::read_to_string(data("full.csv")).expect("fixture");
    let (dir, path) = folder_with(&csv);
    let report = import_file(db, &path, ImportOptions::default()).await;
    (dir, path, report)
}
