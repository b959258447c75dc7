//! Which of an installed extension's files may leave the shop: only a file whose real path
//! (links followed) is inside the extension's real folder, never a hidden file and never an
//! `extension.json` (which may hold a payment app's secret). `extension_routes::files` serves
//! them under `/extensions/{name}/`.

use std::path::{Path, PathBuf};

use super::manifest::{MANIFEST_FILE, is_plain_path};

/// The real path of `relative` under `root` (already canonical), when it is a plain path
/// naming a file inside it that is not a manifest.
pub fn inside(root: &Path, relative: &str) -> Option<PathBuf> {
    if !is_plain_path(relative)
        || relative
            .rsplit('/')
            .next()
            .is_some_and(|name| name.eq_ignore_ascii_case(MANIFEST_FILE))
    {
        return None;
    }
    let real = root.join(relative).canonicalize().ok()?;
    if !real.starts_with(root) || real == root.join(MANIFEST_FILE) {
        return None;
    }
    real.is_file().then_some(real)
}
