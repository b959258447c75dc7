//! Downloads a paid order gave its customer (docs/downloads.md): the rows every surface lists
//! (My account → Downloads, one order's page, the order-received page, the order emails), and
//! deciding whether a download may be served to whoever asks.
//!
//! The permissions themselves live in storage (`mercato_db::downloads`), granted when an
//! order becomes paid. The route that serves the files is `download_page`.

use std::path::{Path, PathBuf};

use mercato_core::calendar::DateTime;
use mercato_core::orders::Order;
use mercato_core::orders::downloads::{FileSource, check, file_source};
use mercato_db::DbResult;
use mercato_db::downloads::{self as store, Permission};
use serde::Serialize;

use crate::services::Services;

/// One download as a list shows it.
#[derive(Debug, Clone, Serialize)]
pub struct DownloadRow {
    /// The product bought.
    pub product: String,
    /// The file's name: the link's text.
    pub file: String,
    /// The link (`/download/{key}/`, with the order key for a guest order).
    pub url: String,
    /// "3" or "∞" (WooCommerce's column).
    pub remaining: String,
    /// "December 24, 2026" or "Never".
    pub expires: String,
    /// The date as `YYYY-MM-DD` for `<time datetime>`, when it expires.
    pub expires_iso: Option<String>,
    /// Whether it can be used now.
    pub usable: bool,
}

impl DownloadRow {
    /// The row for `permission` at `now`; `with_order_key` adds the order's key to the link
    /// (the order-received page and the emails, which a guest may open).
    pub fn of(permission: &Permission, now: i64, with_order_key: bool) -> Self {
        let url = if with_order_key && permission.user_id.is_none() {
            format!("{}?key={}", permission.url(), permission.order_key)
        } else {
            permission.url()
        };
        DownloadRow {
            product: permission.product_name.clone(),
            file: permission.file_name.clone(),
            url,
            remaining: permission
                .downloads_remaining
                .map_or_else(|| "∞".to_owned(), |n| n.max(0).to_string()),
            expires: permission.access_expires.map_or_else(
                || "Never".to_owned(),
                |at| DateTime::from_unix(at).long_date(),
            ),
            expires_iso: permission
                .access_expires
                .map(|at| DateTime::from_unix(at).iso_date()),
            usable: permission.order_is_paid()
                && check(
                    permission.downloads_remaining,
                    permission.access_expires,
                    now,
                )
                .is_ok(),
        }
    }
}

/// A customer's downloads, for My account → Downloads.
pub async fn for_customer(state: &Services, user_id: i64) -> DbResult<Vec<DownloadRow>> {
    let now = mercato_db::now();
    Ok(store::for_customer(&state.db, user_id)
        .await?
        .iter()
        .map(|p| DownloadRow::of(p, now, false))
        .collect())
}

/// An order's downloads (none until it is paid). `with_order_key`: see [`DownloadRow::of`].
pub async fn for_order(
    state: &Services,
    order: &Order,
    with_order_key: bool,
) -> DbResult<Vec<DownloadRow>> {
    if !order.status.is_paid() {
        return Ok(Vec::new());
    }
    let now = mercato_db::now();
    Ok(store::for_order(&state.db, order.id)
        .await?
        .iter()
        .map(|p| DownloadRow::of(p, now, with_order_key))
        .collect())
}

/// Where a permission's file is to be fetched from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Send the customer to this URL.
    Redirect(String),
    /// Stream this file (inside the downloads directory, checked).
    File(PathBuf),
}

/// Why a file cannot be served although the permission is good.
#[derive(Debug, thiserror::Error)]
pub enum Missing {
    /// The stored address is not one we serve.
    #[error("the file address is refused: {0}")]
    Refused(#[from] mercato_core::orders::downloads::BadFileUrl),
    /// The file is not there (or leaves the directory through a link).
    #[error("the file {0} is not in the downloads directory")]
    NotThere(PathBuf),
}

/// Resolves a permission's file under `dir`: an http(s) URL as it is; a relative path only
/// when the real file (links followed) is a regular file inside the real `dir`.
pub fn resolve(dir: &Path, file_url: &str) -> Result<Target, Missing> {
    match file_source(file_url)? {
        FileSource::Remote(url) => Ok(Target::Redirect(url)),
        FileSource::Local(relative) => {
            let joined = dir.join(&relative);
            let root = dir
                .canonicalize()
                .map_err(|_| Missing::NotThere(relative.clone()))?;
            let real = joined
                .canonicalize()
                .map_err(|_| Missing::NotThere(relative.clone()))?;
            if !real.starts_with(&root) || !real.is_file() {
                return Err(Missing::NotThere(relative));
            }
            Ok(Target::File(real))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_stay_inside_the_directory() {
        let root = tempfile::tempdir().expect("test setup");
        let dir = root.path().join("downloads");
        std::fs::create_dir_all(dir.join("packs")).expect("test setup");
        std::fs::write(dir.join("packs/a.zip"), b"PK").expect("test setup");
        std::fs::write(root.path().join("secret.txt"), b"no").expect("test setup");
        assert_eq!(
            resolve(&dir, "packs/a.zip").expect("test setup"),
            Target::File(dir.join("packs/a.zip").canonicalize().expect("test setup"))
        );
        assert!(resolve(&dir, "../secret.txt").is_err());
        assert!(resolve(&dir, "packs").is_err());
        assert!(resolve(&dir, "packs/missing.zip").is_err());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.path().join("secret.txt"), dir.join("link"))
                .expect("test setup");
            assert!(resolve(&dir, "link").is_err());
        }
        assert_eq!(
            resolve(&dir, "https://cdn.example/a.zip").expect("test setup"),
            Target::Redirect("https://cdn.example/a.zip".into())
        );
    }
}
