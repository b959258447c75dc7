//! Assets as the frontend build writes them: precompressed files and the Vite manifest.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_server::assets::Assets;
use tower::ServiceExt;

fn write_dist() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let assets = dir.path().join("assets");
    std::fs::create_dir_all(&assets).expect("mkdir");
    std::fs::create_dir_all(dir.path().join(".vite")).expect("mkdir");
    std::fs::write(assets.join("main-1a2b.js"), "plain").expect("write");
    std::fs::write(assets.join("main-1a2b.js.gz"), "gzipped").expect("write");
    std::fs::write(assets.join("main-1a2b.js.br"), "brotli").expect("write");
    std::fs::write(assets.join("main-1a2b.css"), "body{}").expect("write");
    std::fs::write(
        dir.path().join(".vite/manifest.json"),
        r#"{"src/main.ts":{"file":"assets/main-1a2b.js","css":["assets/main-1a2b.css"],"isEntry":true}}"#,
    )
    .expect("write");
    dir
}

async fn fetch(assets: &Assets, accept: &str) -> (StatusCode, Option<String>, String) {
    let mut headers = axum::http::HeaderMap::new();
    headers.insert(header::ACCEPT_ENCODING, accept.parse().expect("header"));
    let response = assets.respond("main-1a2b.js", &headers);
    let status = response.status();
    let encoding = response
        .headers()
        .get(header::CONTENT_ENCODING)
        .map(|v| v.to_str().expect("ascii").to_owned());
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (
        status,
        encoding,
        String::from_utf8_lossy(&body).into_owned(),
    )
}

#[tokio::test]
async fn the_best_accepted_encoding_is_served() {
    let dist = write_dist();
    let assets = Assets::load(dist.path()).expect("load");
    assert_eq!(
        fetch(&assets, "gzip, deflate, br").await,
        (StatusCode::OK, Some("br".into()), "brotli".into())
    );
    assert_eq!(
        fetch(&assets, "gzip").await,
        (StatusCode::OK, Some("gzip".into()), "gzipped".into())
    );
    assert_eq!(
        fetch(&assets, "identity").await,
        (StatusCode::OK, None, "plain".into())
    );
}

#[tokio::test]
async fn pages_link_the_manifest_entry() {
    let dist = write_dist();
    let assets = Assets::load(dist.path()).expect("load");
    let shop = crate::shop::Shop::builder()
        .assets(assets)
        .build_sqlite()
        .await;
    let response = shop
        .app
        .clone()
        .oneshot(Request::get("/").body(Body::empty()).expect("request"))
        .await
        .expect("response");
    let body = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    let html = String::from_utf8_lossy(&body);
    assert!(
        html.contains(r#"<script type="module" src="/assets/main-1a2b.js"></script>"#),
        "{html}"
    );
    assert!(html.contains(r#"<link rel="stylesheet" href="/assets/main-1a2b.css">"#));
}

#[test]
fn a_missing_dist_directory_still_serves_pages() {
    let assets = Assets::load(std::path::Path::new("/nonexistent/dist")).expect("empty set");
    assert!(assets.main_entry().script.is_none());
}

#[test]
fn a_broken_manifest_is_an_error() {
    let dist = write_dist();
    std::fs::write(dist.path().join(".vite/manifest.json"), "{not json").expect("write");
    assert!(Assets::load(dist.path()).is_err());
}
