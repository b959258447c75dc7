//! Compressed responses: pages, Store API JSON and cached pages come in gzip or brotli when
//! the client accepts it, identical to the page sent as is once decompressed, with
//! `Vary: Accept-Encoding`; a cached page's compressed block is made once, not per request.

use std::io::Read;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::storefront_page_cache::without_nonce_time;
use crate::storefront_support::{HOST, shop};

struct Reply {
    status: StatusCode,
    headers: HeaderMap,
    bytes: Vec<u8>,
}

impl Reply {
    fn encoding(&self) -> &str {
        self.headers
            .get(header::CONTENT_ENCODING)
            .map_or("", |v| v.to_str().expect("ascii"))
    }

    fn varies_on_accept_encoding(&self) -> bool {
        self.headers.get_all(header::VARY).iter().any(|v| {
            v.to_str()
                .expect("ascii")
                .split(',')
                .any(|name| name.trim().eq_ignore_ascii_case("accept-encoding"))
        })
    }

    /// The body, decoded as its `Content-Encoding` says.
    fn text(&self) -> String {
        let mut text = String::new();
        match self.encoding() {
            "" => text = String::from_utf8(self.bytes.clone()).expect("utf-8"),
            "gzip" => {
                flate2::read::GzDecoder::new(&self.bytes[..])
                    .read_to_string(&mut text)
                    .expect("valid gzip");
            }
            "br" => {
                brotli::Decompressor::new(&self.bytes[..], 4096)
                    .read_to_string(&mut text)
                    .expect("valid brotli");
            }
            other => panic!("unexpected encoding {other}"),
        }
        text
    }
}

async fn request(app: &axum::Router, method: Method, uri: &str, accept: Option<&str>) -> Reply {
    let mut builder = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, HOST);
    if let Some(accept) = accept {
        builder = builder.header(header::ACCEPT_ENCODING, accept);
    }
    let response = app
        .clone()
        .oneshot(builder.body(Body::empty()).expect("request"))
        .await
        .expect("response");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec();
    Reply {
        status,
        headers,
        bytes,
    }
}

async fn get(app: &axum::Router, uri: &str, accept: Option<&str>) -> Reply {
    request(app, Method::GET, uri, accept).await
}

/// `uri` sent as is without `Accept-Encoding`, and in gzip and brotli when asked, with the
/// same text once decoded.
async fn assert_compressed_when_asked(app: &axum::Router, uri: &str) {
    let plain = get(app, uri, None).await;
    assert_eq!(plain.status, StatusCode::OK, "{uri}");
    assert_eq!(plain.encoding(), "", "{uri}: identity when not asked");
    assert!(
        plain.varies_on_accept_encoding(),
        "{uri}: Vary when not asked"
    );
    let identity = without_nonce_time(&plain.text());
    for (accept, expected) in [
        ("gzip", "gzip"),
        ("br", "br"),
        ("gzip, deflate, br, zstd", "br"),
        ("br;q=0.5, gzip", "gzip"),
        ("identity", ""),
        ("gzip;q=0, br;q=0", ""),
    ] {
        let reply = get(app, uri, Some(accept)).await;
        assert_eq!(reply.status, StatusCode::OK, "{uri} {accept}");
        assert_eq!(
            reply.encoding(),
            expected,
            "{uri}: Accept-Encoding: {accept}"
        );
        assert!(
            reply.varies_on_accept_encoding(),
            "{uri} {accept}: Vary: Accept-Encoding"
        );
        assert_eq!(
            without_nonce_time(&reply.text()),
            identity,
            "{uri} {accept}: the decoded body is the identity body"
        );
        if !expected.is_empty() {
            assert!(
                reply.bytes.len() * 2 < identity.len(),
                "{uri} {accept}: {} bytes for {}",
                reply.bytes.len(),
                identity.len()
            );
            assert!(
                reply
                    .headers
                    .get(header::CONTENT_LENGTH)
                    .is_none_or(
                        |len| len.to_str().ok().and_then(|l| l.parse::<usize>().ok())
                            == Some(reply.bytes.len())
                    ),
                "{uri} {accept}: no Content-Length of the identity body"
            );
        }
    }
}

#[tokio::test]
async fn pages_and_store_api_json_are_compressed_when_asked() {
    let shop = shop().await;
    for uri in [
        "/",
        "/wp-json/wc/store/v1/products?per_page=10",
        "/?rest_route=/wc/store/v1/products",
        "/wp-json/wc/store/v1/cart",
    ] {
        assert_compressed_when_asked(&shop.app, uri).await;
    }
}

#[tokio::test]
async fn a_cached_page_is_served_compressed_from_the_cache() {
    let shop = shop().await;
    for uri in ["/product/hoodie/", "/shop/", "/"] {
        // The first request renders the page and keeps it; its answer is compressed whole.
        let cache = &shop.state.web.page_cache;
        let before = cache.blocks_compressed();
        let first = get(&shop.app, uri, Some("gzip, br")).await;
        assert_eq!(first.status, StatusCode::OK, "{uri}");
        assert_eq!(first.encoding(), "br", "{uri}: even the first answer");
        assert_eq!(
            cache.blocks_compressed(),
            before,
            "{uri}: no block kept yet"
        );

        // Every later request, in any coding, is a cache hit. The first that asks for a
        // coding compresses the kept block, once; each compressed answer splices it in (four
        // of the six Accept-Encoding values the check sends ask for a coding).
        let hits = shop.state.web.page_cache.compressed_hits();
        assert_compressed_when_asked(&shop.app, uri).await;
        assert_eq!(
            cache.blocks_compressed(),
            before + 1,
            "{uri}: the block compressed once for all the hits"
        );
        assert_eq!(
            shop.state.web.page_cache.compressed_hits(),
            hits + 4,
            "{uri}: each compressed hit served the kept block"
        );
        let hit = get(&shop.app, uri, Some("gzip")).await;
        assert_eq!(hit.encoding(), "gzip", "{uri}");
        assert_eq!(
            without_nonce_time(&hit.text()),
            without_nonce_time(&first.text()),
            "{uri}: the hit is the page first sent"
        );
    }
}

#[tokio::test]
async fn small_bodies_and_head_requests_go_out_as_they_are() {
    let shop = shop().await;
    let health = get(&shop.app, "/healthz", Some("gzip, br")).await;
    assert_eq!(health.status, StatusCode::OK);
    assert_eq!(
        health.encoding(),
        "",
        "a tiny body is not worth compressing"
    );

    for uri in ["/", "/product/hoodie/"] {
        let head = request(&shop.app, Method::HEAD, uri, Some("gzip, br")).await;
        assert_eq!(head.status, StatusCode::OK, "{uri}");
        assert_eq!(head.encoding(), "", "{uri}: HEAD names no coding");
        assert!(head.bytes.is_empty(), "{uri}");
    }
}
