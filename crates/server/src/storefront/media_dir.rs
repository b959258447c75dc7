//! Pictures in the media directory (`--media-dir`, docs/home-page.md "A feed from a folder"):
//! served under `/media/` when the media store has no file of that path, and read as a social
//! feed's photos. Like the downloads directory (docs/downloads.md), a path is used only when
//! its real file, links followed, is inside the real directory: `..` and symbolic links that
//! lead out are refused.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use mercato_core::home::{
    FOLDER_IMAGE_EXTENSIONS, FOLDER_LINKS_FILE, FolderLinks, HomeImage, SocialPhoto,
};

/// Bytes of a picture served from the directory at most.
const MAX_PICTURE_BYTES: u64 = 20 * 1024 * 1024;
/// Bytes of `links.json` read at most.
const MAX_LINKS_BYTES: u64 = 64 * 1024;
/// Bytes read from a picture to learn its size.
const SIZE_BYTES: usize = 64 * 1024;
/// The size given to a picture whose file does not say (square, as the feed shows it).
const UNKNOWN_SIDE: u32 = 1080;

/// The real path of `relative` under `root`, when it exists and is inside the real `root`.
fn inside(root: &Path, relative: &str) -> Option<PathBuf> {
    // Every name plain: no `..`, no `.`, no hidden file, no empty name (`a//b`, `/a`).
    if !relative
        .split('/')
        .all(|name| !name.is_empty() && !name.starts_with('.') && !name.contains('\\'))
    {
        return None;
    }
    let real_root = root.canonicalize().ok()?;
    let real = root.join(relative).canonicalize().ok()?;
    real.starts_with(&real_root).then_some(real)
}

/// The content type of a picture file a folder may hold, by its extension.
pub fn picture_type(name: &str) -> Option<&'static str> {
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    if !FOLDER_IMAGE_EXTENSIONS.contains(&extension.as_str()) {
        return None;
    }
    Some(match extension.as_str() {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "webp" => "image/webp",
        "svg" => "image/svg+xml",
        _ => "image/gif",
    })
}

/// The picture at `path` (as in `/media/{path}`) in the directory `root`: its type and
/// bytes, or `None` when there is no such picture inside it.
pub fn read_picture(root: &Path, path: &str) -> Option<(&'static str, Vec<u8>)> {
    let content_type = picture_type(path)?;
    let real = inside(root, path)?;
    let meta = real.metadata().ok()?;
    if !meta.is_file() || meta.len() > MAX_PICTURE_BYTES {
        return None;
    }
    Some((content_type, std::fs::read(real).ok()?))
}

/// `name` as a URL path segment: anything but letters, digits and `-._~` percent-encoded.
fn url_segment(name: &str) -> String {
    name.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// "2024-05_hike.jpg" → "2024 05 hike": the alt text of a picture `links.json` gives none.
fn alt_from_name(name: &str) -> String {
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    stem.split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn pixel_size(path: &Path) -> Option<(u32, u32)> {
    use std::io::Read;
    let mut head = Vec::with_capacity(SIZE_BYTES);
    std::fs::File::open(path)
        .ok()?
        .take(SIZE_BYTES as u64)
        .read_to_end(&mut head)
        .ok()?;
    mercato_core::image_size::pixel_size(&head)
}

/// The photos of the feed folder `folder` in `root`: its pictures (jpg, png, webp, svg, gif),
/// newest first by modification time, at most `limit`, each leading where `links.json` says
/// or to itself. The error is the message the feed's staff see.
pub fn folder_photos(root: &Path, folder: &str, limit: usize) -> Result<Vec<SocialPhoto>, String> {
    let missing = || format!("The folder {folder} is not in the media directory");
    let dir = inside(root, folder).ok_or_else(missing)?;
    if !dir.is_dir() {
        return Err(missing());
    }
    let links: FolderLinks = match std::fs::symlink_metadata(dir.join(FOLDER_LINKS_FILE)) {
        Err(_) => FolderLinks::new(),
        Ok(_) => {
            let unreadable = |why: String| format!("{FOLDER_LINKS_FILE} in {folder}: {why}");
            let real = inside(&dir, FOLDER_LINKS_FILE)
                .filter(|p| p.is_file())
                .ok_or_else(|| unreadable("not a file inside the folder".into()))?;
            if real
                .metadata()
                .map_err(|e| unreadable(e.to_string()))?
                .len()
                > MAX_LINKS_BYTES
            {
                return Err(unreadable(format!("larger than {MAX_LINKS_BYTES} bytes")));
            }
            let text = std::fs::read_to_string(&real).map_err(|e| unreadable(e.to_string()))?;
            serde_json::from_str(&text).map_err(|e| unreadable(e.to_string()))?
        }
    };
    let entries = std::fs::read_dir(&dir).map_err(|_| missing())?;
    let mut pictures: Vec<(SystemTime, String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            picture_type(&name)?;
            // A link out of the folder is not the folder's picture.
            let real = inside(&dir, &name)?;
            let meta = real.metadata().ok()?;
            meta.is_file().then(|| {
                (
                    meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                    name,
                    real,
                )
            })
        })
        .collect();
    pictures.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(pictures
        .into_iter()
        .take(limit)
        .map(|(_, name, real)| {
            let src = format!("/media/{folder}/{}", url_segment(&name));
            let link = links.get(&name);
            let (width, height) = pixel_size(&real).unwrap_or((UNKNOWN_SIDE, UNKNOWN_SIDE));
            SocialPhoto {
                url: link
                    .and_then(|l| l.url())
                    .map_or_else(|| src.clone(), str::to_owned),
                image: HomeImage {
                    alt: link
                        .and_then(|l| l.alt())
                        .map_or_else(|| alt_from_name(&name), str::to_owned),
                    src,
                    width,
                    height,
                },
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_url_segments_and_alt_text() {
        assert_eq!(url_segment("a b&c.jpg"), "a%20b%26c.jpg");
        assert_eq!(alt_from_name("2024-05_hike.jpg"), "2024 05 hike");
        assert_eq!(picture_type("X.JPG"), Some("image/jpeg"));
        assert_eq!(picture_type("x.html"), None);
        assert_eq!(picture_type("svg"), None);
    }
}
