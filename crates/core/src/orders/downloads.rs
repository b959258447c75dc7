//! Downloadable products after the sale (issue 13): what a paid order grants, where a file
//! is, and whether a permission may still be used. See docs/downloads.md.
//!
//! Storage keeps the permissions; the server checks who asks. The rules are here, once.

use std::path::{Component, Path, PathBuf};

/// Seconds in a day.
const DAY: i64 = 86_400;

/// The longest file address (URL or relative path) a product may give.
pub const MAX_FILE_URL_CHARS: usize = 2_000;
/// The longest file name shown to the customer.
pub const MAX_FILE_NAME_CHARS: usize = 200;

/// Whether a paid order needs processing, by its lines: `(is_virtual, is_downloadable)` for
/// each line. Only an order made wholly of virtual downloadable items does not (there is
/// nothing to send): it goes straight to completed when paid, as WooCommerce's
/// `needs_processing`. An order without lines needs processing.
pub fn needs_processing(lines: &[(bool, bool)]) -> bool {
    lines.is_empty() || lines.iter().any(|&(virt, down)| !(virt && down))
}

/// Downloads a line of `quantity` may make of one file: the product's limit for each unit
/// bought (WooCommerce multiplies by the quantity); `None` (unlimited) when the product sets
/// none, or a limit below 1 (WooCommerce's `-1` and empty).
pub fn downloads_allowed(limit: Option<i64>, quantity: i64) -> Option<i64> {
    limit
        .filter(|&n| n > 0)
        .map(|n| n.saturating_mul(quantity.max(1)))
}

/// When access ends for a grant at `granted_at`: `expiry_days` days later; `None` (never)
/// when the product sets none or a value below 1.
pub fn access_expires(granted_at: i64, expiry_days: Option<i64>) -> Option<i64> {
    expiry_days
        .filter(|&d| d > 0)
        .map(|d| granted_at.saturating_add(d.saturating_mul(DAY)))
}

/// Why a permission cannot be used now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Every download it allowed was made.
    Exhausted,
    /// Its access period ended.
    Expired,
}

impl Refusal {
    /// The sentence the customer reads.
    pub fn message(self) -> &'static str {
        match self {
            Refusal::Exhausted => "Sorry, you have reached your download limit for this file.",
            Refusal::Expired => "Sorry, this download has expired.",
        }
    }
}

/// Whether a permission with `remaining` downloads left (`None`: unlimited) and access until
/// `expires` (`None`: never) may be used at `now`. Expiry is told first.
pub fn check(remaining: Option<i64>, expires: Option<i64>, now: i64) -> Result<(), Refusal> {
    if expires.is_some_and(|at| at <= now) {
        return Err(Refusal::Expired);
    }
    if remaining.is_some_and(|n| n <= 0) {
        return Err(Refusal::Exhausted);
    }
    Ok(())
}

/// Where a product's file is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileSource {
    /// Somewhere else on the web: the customer is sent there.
    Remote(String),
    /// A file under the shop's downloads directory, by its path relative to it (plain
    /// components only).
    Local(PathBuf),
}

/// Why a file address is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadFileUrl {
    /// Empty.
    #[error("the file address is empty")]
    Empty,
    /// Longer than [`MAX_FILE_URL_CHARS`].
    #[error("the file address is longer than {MAX_FILE_URL_CHARS} characters")]
    TooLong,
    /// A scheme other than http or https (`file:`, `javascript:`, `ftp:`).
    #[error("only http(s) addresses or paths under the downloads directory are allowed")]
    Scheme,
    /// A path that leaves the downloads directory (absolute, `..`, a drive, backslashes).
    #[error("the file path must stay inside the downloads directory")]
    Outside,
    /// A path holding a percent-escape (`%2e%2e/`): paths are read as written, so an escape
    /// names no file anyone meant, and is how traversal is usually smuggled.
    #[error("the file path may not hold percent-escapes such as %2e")]
    Encoded,
}

/// Reads a product's file address: an `http://` or `https://` URL, or a relative path under
/// the downloads directory (`wallpapers/pack.zip`). Refused: other schemes, absolute paths,
/// `..`, backslashes, control characters and percent-escapes, so a stored address can never
/// name a file outside the directory. The one rule of what can be served: the download route
/// resolves with it, and `mercato import` leaves out (with a warning) what it refuses.
pub fn file_source(url: &str) -> Result<FileSource, BadFileUrl> {
    let url = url.trim();
    if url.is_empty() {
        return Err(BadFileUrl::Empty);
    }
    if url.chars().count() > MAX_FILE_URL_CHARS {
        return Err(BadFileUrl::TooLong);
    }
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("https://") || lower.starts_with("http://") {
        if url.chars().any(|c| c.is_control() || c.is_whitespace()) {
            return Err(BadFileUrl::Scheme);
        }
        return Ok(FileSource::Remote(url.to_owned()));
    }
    if let Some(colon) = url.find(':')
        && !url[..colon].contains('/')
    {
        return Err(BadFileUrl::Scheme);
    }
    if url.contains('\\') || url.chars().any(char::is_control) {
        return Err(BadFileUrl::Outside);
    }
    if has_percent_escape(url) {
        return Err(BadFileUrl::Encoded);
    }
    let path = Path::new(url);
    let mut clean = PathBuf::new();
    for part in path.components() {
        match part {
            Component::Normal(name) => clean.push(name),
            Component::CurDir => {}
            _ => return Err(BadFileUrl::Outside),
        }
    }
    if clean.as_os_str().is_empty() {
        return Err(BadFileUrl::Empty);
    }
    Ok(FileSource::Local(clean))
}

fn has_percent_escape(text: &str) -> bool {
    text.as_bytes()
        .windows(3)
        .any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit())
}

/// The content type for a file name, by its extension; `application/octet-stream` when not
/// known.
pub fn content_type(file: &str) -> &'static str {
    let ext = file
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "zip" => "application/zip",
        "pdf" => "application/pdf",
        "epub" => "application/epub+zip",
        "mp3" => "audio/mpeg",
        "mp4" => "video/mp4",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The name the browser saves a download under: the file's own name (the last part of its
/// path), with anything but letters, digits, `.`, `-` and `_` made `_`.
pub fn attachment_name(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.trim_matches('.').is_empty() {
        "download".to_owned()
    } else {
        safe
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_virtual_downloadable_orders_skip_processing() {
        assert!(!needs_processing(&[(true, true), (true, true)]));
        assert!(needs_processing(&[(true, true), (false, true)]));
        assert!(needs_processing(&[(true, false)]));
        assert!(needs_processing(&[]));
    }

    #[test]
    fn limits_and_expiry() {
        assert_eq!(downloads_allowed(Some(5), 2), Some(10));
        assert_eq!(downloads_allowed(Some(-1), 2), None);
        assert_eq!(downloads_allowed(None, 1), None);
        assert_eq!(access_expires(100, Some(2)), Some(100 + 2 * DAY));
        assert_eq!(access_expires(100, Some(0)), None);
        assert_eq!(check(Some(1), Some(200), 199), Ok(()));
        assert_eq!(check(Some(0), None, 1), Err(Refusal::Exhausted));
        assert_eq!(check(Some(3), Some(200), 200), Err(Refusal::Expired));
        assert_eq!(check(None, None, i64::MAX), Ok(()));
    }

    #[test]
    fn file_addresses() {
        assert_eq!(
            file_source("https://cdn.example/a.zip"),
            Ok(FileSource::Remote("https://cdn.example/a.zip".into()))
        );
        assert_eq!(
            file_source("packs/./a.zip"),
            Ok(FileSource::Local(PathBuf::from("packs/a.zip")))
        );
        for bad in [
            "../secret",
            "/etc/passwd",
            "a/../../b",
            "a\\b",
            "file:///etc/passwd",
        ] {
            assert!(file_source(bad).is_err(), "{bad}");
        }
        assert_eq!(file_source("javascript:alert(1)"), Err(BadFileUrl::Scheme));
        // A local path is read literally: an escape in it is an attempt, never a file name.
        assert_eq!(file_source("%2e%2e/shop.db"), Err(BadFileUrl::Encoded));
        assert_eq!(file_source("packs/%2Fetc"), Err(BadFileUrl::Encoded));
        assert_eq!(
            file_source("packs/100%-cotton.zip"),
            Ok(FileSource::Local(PathBuf::from("packs/100%-cotton.zip")))
        );
        assert_eq!(file_source(" "), Err(BadFileUrl::Empty));
        assert_eq!(file_source("."), Err(BadFileUrl::Empty));
    }

    #[test]
    fn names_and_types() {
        assert_eq!(attachment_name(Path::new("x/Pack 4K.zip")), "Pack_4K.zip");
        assert_eq!(attachment_name(Path::new("..")), "download");
        assert_eq!(content_type("a.ZIP"), "application/zip");
        assert_eq!(content_type("a"), "application/octet-stream");
    }
}
