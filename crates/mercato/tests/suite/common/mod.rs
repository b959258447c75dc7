//! The catalogue tests run every story on SQLite and, on PostgreSQL (the server at `MERCATO_TEST_POSTGRES_URL`),
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
    PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"))
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

/// How long a child process of a test may take before the test fails rather than hangs.
pub const CHILD_DEADLINE: std::time::Duration = std::time::Duration::from_secs(120);

/// Waits for `child` to finish and collects its output, failing the test (and killing the
/// child) when it takes longer than [`CHILD_DEADLINE`].
pub fn output_within(child: std::process::Child) -> std::process::Output {
    let id = child.id();
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    match finished.recv_timeout(CHILD_DEADLINE) {
        Ok(output) => output.expect("child output"),
        Err(_) => {
            // The child is stuck: kill it so the test process can end.
            let _ = std::process::Command::new("kill")
                .args(["-9", &id.to_string()])
                .status();
            panic!("mercato (pid {id}) did not finish within {CHILD_DEADLINE:?}");
        }
    }
}

/// Runs `command` to the end with [`output_within`]'s deadline.
pub fn run_within(command: &mut std::process::Command) -> std::process::Output {
    let child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("mercato runs");
    output_within(child)
}

/// The first line `stdout` prints, failing the test when none comes within
/// [`CHILD_DEADLINE`].
pub fn first_line_within(stdout: std::process::ChildStdout) -> String {
    use std::io::BufRead;
    let (sent, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stdout).read_line(&mut line);
        let _ = sent.send(line);
    });
    received
        .recv_timeout(CHILD_DEADLINE)
        .unwrap_or_else(|_| panic!("no line from mercato within {CHILD_DEADLINE:?}"))
}

/// Turns every payment gateway on, as a merchant would with `mercato settings set
/// payment_gateways`: a new shop has none (docs/payments.md), and tests that place orders pay.
pub async fn turn_on_gateways(db: &Db) {
    mercato_db::options::set(
        db,
        mercato_core::settings::GatewaySettings::OPTION,
        &mercato_server::payments::all_turned_on(),
    )
    .await
    .expect("turn the gateways on");
}

/// A migrated SQLite shop in a temporary directory, for the command-line tests: the
/// directory (kept alive with it), its `DATABASE_URL` and a connection.
pub async fn cli_shop() -> (tempfile::TempDir, String, Db) {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());
    let db = Db::connect(&url).await.expect("connect");
    mercato_db::migrate::run(&db).await.expect("migrate");
    (dir, url, db)
}

/// Runs the real `mercato` binary on the shop at `url` with `stdin` as its standard input.
pub fn run_cli(url: &str, args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_mercato"))
        .args(args)
        .env("DATABASE_URL", url)
        .env("MERCATO_LOG", "error")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mercato");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write");
    child.wait_with_output().expect("output")
}

/// A command's output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
pub mod served;
