//! `GET /extensions/{name}/{path}`: an installed extension's files, so its scripts load from
//! the shop's own origin. What may be served is `extensions::files::inside`'s answer; anything
//! else is a 404 that says nothing more.

use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::extensions::files::inside;
use crate::state::AppState;

/// Bytes of one file served at most.
const MAX_FILE_BYTES: u64 = 20 * 1024 * 1024;

/// The content type of an extension's file, by its extension.
fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CACHE_CONTROL, "no-store")],
        "Not Found",
    )
        .into_response()
}

/// `GET /extensions/{name}/{*path}`.
pub async fn serve(
    State(state): State<AppState>,
    UrlPath((name, path)): UrlPath<(String, String)>,
) -> Response {
    let Some(root) = state.web.extensions.get(&name).map(|e| e.root.clone()) else {
        return not_found();
    };
    let wanted = path.clone();
    let read = tokio::task::spawn_blocking(move || {
        let real = inside(&root, &wanted)?;
        let meta = real.metadata().ok()?;
        if meta.len() > MAX_FILE_BYTES {
            return None;
        }
        std::fs::read(real).ok()
    })
    .await;
    match read {
        Ok(Some(bytes)) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(content_type(&path)),
                ),
                // Script tags carry `?ver=` of the file's content, so a new version is a new
                // URL; other files (pictures a script shows) may be a day old.
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=86400"),
                ),
            ],
            bytes,
        )
            .into_response(),
        Ok(None) => not_found(),
        Err(e) => {
            tracing::error!(error = %e, extension = name, "reading an extension's file failed");
            crate::layout::server_error()
        }
    }
}
