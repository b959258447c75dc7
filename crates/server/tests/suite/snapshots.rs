//! Reading the files under `tests/snapshots`: WooCommerce's recorded exchanges
//! (`wc-golden/NNN-*.json`) and our own pinned responses (`store_api/NAME.json`).
//!
//! Every read is noted in `CARGO_TARGET_TMPDIR/snapshots-used` (one empty file per snapshot),
//! and `make test` fails when a snapshot was read by no test (`scripts/check_test_data.py`):
//! a snapshot that nothing reads pins nothing.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The snapshot directory `kind` (`wc-golden`, `store_api`).
pub fn dir(kind: &str) -> PathBuf {
    PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"))
        .join("tests/snapshots")
        .join(kind)
}

/// Notes that a test read `path` (best effort: a failure to note it fails the check later,
/// not this test).
pub fn note_read(path: &Path) {
    let kind = path
        .parent()
        .and_then(Path::file_name)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = path
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let used = Path::new(env!("CARGO_TARGET_TMPDIR")).join("snapshots-used");
    if std::fs::create_dir_all(&used).is_ok() {
        let _ = std::fs::write(used.join(format!("{kind}--{stem}")), b"");
    }
}

/// The recorded exchange `number` (`wc-golden/NNN-*.json`), whole.
pub fn golden_exchange(number: &str) -> Value {
    let file = std::fs::read_dir(dir("wc-golden"))
        .expect("golden directory")
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().starts_with(number))
        .unwrap_or_else(|| panic!("no golden {number}"));
    note_read(&file.path());
    serde_json::from_str(&std::fs::read_to_string(file.path()).expect("golden")).expect("json")
}
