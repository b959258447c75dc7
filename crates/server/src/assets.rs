//! Built frontend assets, held in memory with their gzip and brotli forms.
//!
//! The frontend build (`web/`) writes content-hashed files to `dist/assets/`, a `.gz` and a
//! `.br` beside each, and `dist/.vite/manifest.json`. They are read once at start-up: a
//! hashed name never changes content, so every response may be cached for a year.

use std::collections::HashMap;
use std::path::Path;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use serde::Deserialize;

/// One asset in its three encodings.
#[derive(Debug, Clone)]
struct Asset {
    content_type: &'static str,
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

/// The tags a page needs for one entry point.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct EntryTags {
    /// URL of the entry's module script.
    pub script: Option<String>,
    /// URLs of its static imports (preloaded).
    pub preloads: Vec<String>,
    /// URLs of its stylesheets.
    pub styles: Vec<String>,
}

/// Every built asset, by URL path below `/assets/`.
#[derive(Debug, Default)]
pub struct Assets {
    files: HashMap<String, Asset>,
    main: EntryTags,
    /// Each island's chunk and its static imports (`modulepreload` URLs), by island name.
    islands: HashMap<String, Vec<String>>,
    /// The extension globals (`wc.*`, `wp.*`): printed before the extensions' scripts on the
    /// cart and checkout pages of a shop with extensions (web/README.md, "Extensions").
    extension_globals: EntryTags,
}

#[derive(Debug, Deserialize)]
struct ManifestChunk {
    file: String,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    css: Vec<String>,
}

/// The frontend's entry point for every page.
const MAIN_ENTRY: &str = "src/main.ts";
/// The chunk that installs the globals extension scripts call.
const EXTENSION_GLOBALS: &str = "src/extensions/index.ts";

impl Assets {
    /// Loads `dist_dir`. A missing directory gives an empty set (pages still work without
    /// JavaScript); a broken manifest is an error.
    pub fn load(dist_dir: &Path) -> anyhow::Result<Self> {
        let mut assets = Self::default();
        let dir = dist_dir.join("assets");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            tracing::warn!(assets.dir = %dir.display(), "no built assets: pages are served without scripts and styles (run `make web`)");
            return Ok(assets);
        };
        for entry in entries {
            let path = entry?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            if name.ends_with(".gz") || name.ends_with(".br") || !path.is_file() {
                continue;
            }
            let read_beside = |ext: &str| {
                std::fs::read(dir.join(format!("{name}.{ext}")))
                    .ok()
                    .map(Bytes::from)
            };
            assets.files.insert(
                name.clone(),
                Asset {
                    content_type: content_type(&name),
                    identity: Bytes::from(std::fs::read(&path)?),
                    gzip: read_beside("gz"),
                    brotli: read_beside("br"),
                },
            );
        }
        let manifest_path = dist_dir.join(".vite/manifest.json");
        if let Ok(text) = std::fs::read_to_string(&manifest_path) {
            let manifest: HashMap<String, ManifestChunk> = serde_json::from_str(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", manifest_path.display()))?;
            assets.main = entry_tags(&manifest, MAIN_ENTRY);
            assets.extension_globals = entry_tags(&manifest, EXTENSION_GLOBALS);
            assets.islands = island_preloads(&manifest);
        }
        tracing::info!(assets.count = assets.files.len(), "assets loaded");
        Ok(assets)
    }

    /// The script and style tags of the main entry point.
    pub fn main_entry(&self) -> &EntryTags {
        &self.main
    }

    /// The script and style tags of the extension globals' chunk.
    pub fn extension_globals(&self) -> &EntryTags {
        &self.extension_globals
    }

    /// The `modulepreload` URLs of the main entry plus the islands a page mounts as soon as it
    /// loads (`data-island-when="load"`), each once: the island's chunk and its imports arrive
    /// with the entry instead of one after the other. Islands that wait (idle, visible,
    /// interaction) are not preloaded.
    pub fn preloads_with_islands(&self, islands: &[&str]) -> Vec<String> {
        let mut preloads = self.main.preloads.clone();
        for island in islands {
            for url in self.islands.get(*island).into_iter().flatten() {
                if !preloads.contains(url) && self.main.script.as_ref() != Some(url) {
                    preloads.push(url.clone());
                }
            }
        }
        preloads
    }

    /// Adds a file by hand (tests and benchmarks).
    pub fn insert(&mut self, name: &str, body: impl Into<Bytes>) {
        self.files.insert(
            name.to_owned(),
            Asset {
                content_type: content_type(name),
                identity: body.into(),
                gzip: None,
                brotli: None,
            },
        );
    }

    /// Answers `GET /assets/{name}`, choosing the best encoding the client accepts.
    pub fn respond(&self, name: &str, request_headers: &HeaderMap) -> Response {
        let Some(asset) = self.files.get(name) else {
            return (
                StatusCode::NOT_FOUND,
                [(header::CACHE_CONTROL, "no-store")],
                "Not Found",
            )
                .into_response();
        };
        let accepts = request_headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let (body, encoding) = match (&asset.brotli, &asset.gzip) {
            (Some(br), _) if accepts_encoding(accepts, "br") => (br.clone(), Some("br")),
            (_, Some(gz)) if accepts_encoding(accepts, "gzip") => (gz.clone(), Some("gzip")),
            _ => (asset.identity.clone(), None),
        };
        let mut response = Response::new(Body::from(body));
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        );
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        );
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        response
    }
}

fn entry_tags(manifest: &HashMap<String, ManifestChunk>, entry: &str) -> EntryTags {
    let mut tags = EntryTags::default();
    let Some(chunk) = manifest.get(entry) else {
        return tags;
    };
    tags.script = Some(format!("/{}", chunk.file));
    tags.styles
        .extend(chunk.css.iter().map(|c| format!("/{c}")));
    for import in static_imports(manifest, chunk) {
        tags.preloads.push(format!("/{}", import.file));
        tags.styles
            .extend(import.css.iter().map(|c| format!("/{c}")));
    }
    tags
}

/// Each island (`src/islands/<name>/index.ts[x]`, a dynamic entry) → its chunk and the chunks
/// it imports statically.
fn island_preloads(manifest: &HashMap<String, ManifestChunk>) -> HashMap<String, Vec<String>> {
    let mut islands = HashMap::new();
    for (key, chunk) in manifest {
        let Some(name) = key.strip_prefix("src/islands/").and_then(|rest| {
            rest.strip_suffix("/index.tsx")
                .or(rest.strip_suffix("/index.ts"))
        }) else {
            continue;
        };
        let urls = std::iter::once(chunk)
            .chain(static_imports(manifest, chunk))
            .map(|c| format!("/{}", c.file))
            .collect();
        islands.insert(name.to_owned(), urls);
    }
    islands
}

/// The chunks `chunk` imports statically, recursively, each once.
fn static_imports<'m>(
    manifest: &'m HashMap<String, ManifestChunk>,
    chunk: &'m ManifestChunk,
) -> Vec<&'m ManifestChunk> {
    let mut found = Vec::new();
    let mut pending: Vec<&str> = chunk.imports.iter().map(String::as_str).collect();
    let mut seen: Vec<&str> = Vec::new();
    while let Some(key) = pending.pop() {
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        if let Some(import) = manifest.get(key) {
            found.push(import);
            pending.extend(import.imports.iter().map(String::as_str));
        }
    }
    found
}

/// Whether an `Accept-Encoding` value admits `coding` (with a non-zero q).
fn accepts_encoding(header_value: &str, coding: &str) -> bool {
    header_value.split(',').any(|part| {
        let mut pieces = part.split(';');
        let name = pieces.next().unwrap_or("").trim();
        let zero_q = pieces.any(|p| {
            p.trim()
                .strip_prefix("q=")
                .and_then(|q| q.trim().parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        name.eq_ignore_ascii_case(coding) && !zero_q
    })
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" | "map" => "application/json",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "woff2" => "font/woff2",
        "html" => "text/html; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding_is_parsed_with_q_values() {
        assert!(accepts_encoding("gzip, deflate, br", "br"));
        assert!(accepts_encoding("gzip;q=0.5", "gzip"));
        assert!(!accepts_encoding("gzip;q=0, br", "gzip"));
        assert!(!accepts_encoding("identity", "gzip"));
        assert!(!accepts_encoding("", "br"));
    }

    #[test]
    fn entry_tags_follow_static_imports() {
        let manifest: HashMap<String, ManifestChunk> = serde_json::from_value(serde_json::json!({
            "src/main.ts": {"file": "assets/main-1.js", "imports": ["_shared.js"], "css": ["assets/main-1.css"]},
            "_shared.js": {"file": "assets/shared-2.js"},
            "src/islands/x/index.ts": {"file": "assets/x-3.js", "isDynamicEntry": true}
        }))
        .expect("manifest");
        let tags = entry_tags(&manifest, MAIN_ENTRY);
        assert_eq!(tags.script.as_deref(), Some("/assets/main-1.js"));
        assert_eq!(tags.preloads, vec!["/assets/shared-2.js"]);
        assert_eq!(tags.styles, vec!["/assets/main-1.css"]);
    }

    #[test]
    fn load_islands_are_preloaded_with_their_imports_once() {
        let manifest: HashMap<String, ManifestChunk> = serde_json::from_value(serde_json::json!({
            "src/main.ts": {"file": "assets/main-1.js", "imports": ["_core.js"]},
            "_core.js": {"file": "assets/core-2.js"},
            "_react.js": {"file": "assets/react-4.js"},
            "src/islands/cart/index.tsx": {"file": "assets/cart-3.js", "isDynamicEntry": true, "imports": ["_react.js", "_core.js"]},
            "src/islands/gallery/index.tsx": {"file": "assets/gallery-5.js", "isDynamicEntry": true, "imports": ["_react.js"]}
        }))
        .expect("manifest");
        let assets = Assets {
            main: entry_tags(&manifest, MAIN_ENTRY),
            islands: island_preloads(&manifest),
            ..Assets::default()
        };
        assert_eq!(assets.preloads_with_islands(&[]), vec!["/assets/core-2.js"]);
        assert_eq!(
            assets.preloads_with_islands(&["cart", "gallery", "unknown"]),
            vec![
                "/assets/core-2.js",
                "/assets/cart-3.js",
                "/assets/react-4.js",
                "/assets/gallery-5.js"
            ]
        );
    }
}
