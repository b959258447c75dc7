//! Images named in the `Images` column: URLs are kept as they are (the page shows them, or a
//! placeholder when they do not load); local files are copied into the media store. Images
//! in the media store (local files, and `/media/` paths already there) get their pixel size,
//! read from the file, so pages reserve their space and the lightbox can open them.

use std::collections::HashMap;
use std::path::Path;

use mercato_core::catalogue::Image;
use mercato_core::csv_format::mapping::image_from_source;
use mercato_db::{Db, DbResult};
use sha2::{Digest, Sha256};

/// A local file to store under `/media/`.
#[derive(Debug, Clone)]
pub(crate) struct MediaUpload {
    pub path: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// Every image source of an import, looked at once.
#[derive(Debug, Default)]
pub(crate) struct Images {
    /// The image for each source, or why it cannot be used.
    pub by_source: HashMap<String, Result<Image, String>>,
    /// Local files to store before the products are written.
    pub uploads: Vec<MediaUpload>,
}

impl Images {
    /// Looks at `source` (once): a URL, a `/media/` path of this shop, or a local file
    /// relative to `base_dir` (the CSV's directory) or absolute.
    pub fn add(&mut self, source: &str, base_dir: &Path) {
        if self.by_source.contains_key(source) {
            return;
        }
        let result = if is_url(source) {
            Ok(image_from_source(source))
        } else {
            self.local(source, base_dir)
        };
        self.by_source.insert(source.to_owned(), result);
    }

    fn local(&mut self, source: &str, base_dir: &Path) -> Result<Image, String> {
        let path = base_dir.join(source);
        let content_type = content_type(&path).ok_or_else(|| {
            format!("\"{source}\" is neither a URL nor an image file (.jpg, .png, .gif, .webp, .avif, .svg)")
        })?;
        let bytes = std::fs::read(&path)
            .map_err(|e| format!("cannot read the image file {}: {e}", path.display()))?;
        let digest = Sha256::digest(&bytes);
        let hash: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
        let file: String = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                    c
                } else {
                    '-'
                }
            })
            .collect();
        let stored = format!("uploads/{hash}/{file}");
        let image = with_size(image_from_source(&format!("/media/{stored}")), &bytes);
        self.uploads.push(MediaUpload {
            path: stored,
            content_type,
            bytes,
        });
        Ok(image)
    }

    /// Reads the size of the images named by a `/media/` path that the media store holds.
    pub async fn measure_stored(&mut self, db: &Db) -> DbResult<()> {
        for image in self.by_source.values_mut().flatten() {
            let Some(path) = image.src.strip_prefix("/media/") else {
                continue;
            };
            if image.width.is_some() {
                continue;
            }
            if let Some(file) = mercato_db::catalogue::get_media(db, path).await? {
                *image = with_size(image.clone(), &file.bytes);
            }
        }
        Ok(())
    }

    /// Stores the local files (the same file twice is stored once: its path holds its hash).
    pub async fn store(&self, db: &Db) -> DbResult<()> {
        for upload in &self.uploads {
            if mercato_db::catalogue::get_media(db, &upload.path)
                .await?
                .is_some()
            {
                continue;
            }
            mercato_db::catalogue::put_media(db, &upload.path, upload.content_type, &upload.bytes)
                .await?;
        }
        Ok(())
    }
}

/// `image` with the pixel size read from its file, when the file says it.
fn with_size(mut image: Image, bytes: &[u8]) -> Image {
    if let Some((width, height)) = mercato_core::image_size::pixel_size(bytes) {
        image.width = Some(width);
        image.height = Some(height);
    }
    image
}

fn is_url(source: &str) -> bool {
    let lower = source.to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || lower.starts_with("//")
        || lower.starts_with("/media/")
}

fn content_type(path: &Path) -> Option<&'static str> {
    let extension = path.extension()?.to_string_lossy().to_ascii_lowercase();
    Some(match extension.as_str() {
        "jpg" | "jpeg" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "svg" => "image/svg+xml",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raster_file_gives_its_size_and_a_broken_one_none() {
        // The 24 bytes a PNG reader needs: signature, IHDR length and type, width and height.
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&1200u32.to_be_bytes());
        png.extend_from_slice(&800u32.to_be_bytes());
        png.extend_from_slice(&[8, 6, 0, 0, 0]);
        let image = with_size(image_from_source("/media/a.png"), &png);
        assert_eq!((image.width, image.height), (Some(1200), Some(800)));
        let broken = with_size(image_from_source("/media/b.png"), b"\x89PNG");
        assert_eq!((broken.width, broken.height), (None, None));
    }
}
