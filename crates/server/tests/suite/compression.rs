//! Compressed responses: pages, Store API JSON and cached pages come in gzip or brotli when
//! the client accepts it, identical to the page sent as is once decompressed, with
//! `Vary: Accept-Encoding`; a cached page's compressed block is made once, not per request.

use std::io::Read;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

use mercato_server::compression::GZIP_UNDER;

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
    send(app, builder.body(Body::empty()).expect("request")).await
}

/// `request` sent to `app`, and its answer.
async fn send(app: &axum::Router, request: Request<Body>) -> Reply {
    let response = app.clone().oneshot(request).await.expect("response");
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
async fn assert_compressed_when_asked(app: &axum::Router, uri: &str, cached: bool) {
    let plain = get(app, uri, None).await;
    assert_eq!(plain.status, StatusCode::OK, "{uri}");
    assert_eq!(plain.encoding(), "", "{uri}: identity when not asked");
    assert!(
        plain.varies_on_accept_encoding(),
        "{uri}: Vary when not asked"
    );
    let identity = without_nonce_time(&plain.text());
    // A browser's `gzip, deflate, br, zstd` gets brotli, except for a small body compressed
    // for this answer alone, which gets gzip (cheaper to make; a cached page is not made per
    // answer).
    let either = if identity.len() < GZIP_UNDER && !cached {
        "gzip"
    } else {
        "br"
    };
    for (accept, expected) in [
        ("gzip", "gzip"),
        ("br", "br"),
        ("gzip, deflate, br, zstd", either),
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
    for (uri, cached) in [
        // The home page: the first request keeps it, the others are served from the cache.
        ("/", true),
        ("/wp-json/wc/store/v1/products?per_page=10", false),
        ("/?rest_route=/wc/store/v1/products", false),
        ("/wp-json/wc/store/v1/cart", false),
    ] {
        assert_compressed_when_asked(&shop.app, uri, cached).await;
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
        let whole = if first.text().len() < GZIP_UNDER {
            "gzip"
        } else {
            "br"
        };
        assert_eq!(
            first.encoding(),
            whole,
            "{uri}: even the first answer (compressed whole: gzip when small)"
        );
        assert_eq!(
            cache.blocks_compressed(),
            before,
            "{uri}: no block kept yet"
        );

        // Every later request, in any coding, is a cache hit. The first that asks for a
        // coding compresses the kept block, once; each compressed answer splices it in (four
        // of the six Accept-Encoding values the check sends ask for a coding).
        let hits = shop.state.web.page_cache.compressed_hits();
        assert_compressed_when_asked(&shop.app, uri, true).await;
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

/// The second the page's Store API nonce was made (`storeApiNonceTimestamp`).
fn nonce_time(page: &str) -> i64 {
    const KEY: &str = "\"storeApiNonceTimestamp\":";
    let at = page.find(KEY).expect("a nonce time") + KEY.len();
    page[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|digits| digits.parse().ok())
        .expect("seconds")
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

#[tokio::test]
async fn a_guest_gets_the_answer_kept_for_their_layout_with_their_own_nonce_time() {
    let shop = shop().await;
    let cache = &shop.state.web.page_cache;
    for uri in ["/product/hoodie/", "/shop/", "/"] {
        let page = without_nonce_time(&get(&shop.app, uri, None).await.text());
        // The second of the answer before, and whether it came from the kept page (one
        // layout is kept per page, for both codings).
        let mut last: Option<(i64, bool)> = None;
        for accept in ["gzip, br", "gzip"] {
            let mut reused = 0;
            for _ in 0..20 {
                let kept_before = cache.kept_answers_sent();
                let hits_before = cache.compressed_hits();
                let asked_at = unix_now();
                let reply = get(&shop.app, uri, Some(accept)).await;
                let answered_at = unix_now();
                assert_eq!(reply.status, StatusCode::OK, "{uri}");
                let text = reply.text();
                assert_eq!(without_nonce_time(&text), page, "{uri} {accept}: the page");
                // The nonce's time is the request's own second, kept answer or not.
                let time = nonce_time(&text);
                assert!(
                    (asked_at..=answered_at).contains(&time),
                    "{uri} {accept}: nonce time {time}, asked at {asked_at}, answered at {answered_at}"
                );
                // A hit (not the render of a new minute's page) in the same second as the hit
                // before it is sent as kept; any other is a layout of its own.
                let hit = cache.compressed_hits() - hits_before == 1;
                let same_layout = hit && last == Some((time, true));
                assert_eq!(
                    cache.kept_answers_sent() - kept_before,
                    u64::from(same_layout),
                    "{uri} {accept}: sent as kept only for the same second's layout"
                );
                reused += u32::from(same_layout);
                last = Some((time, hit));
            }
            assert!(
                reused > 0,
                "{uri} {accept}: 20 requests, none in the same second as the one before"
            );
        }
    }
}

/// The header's cart count.
fn cart_count(page: &str) -> &str {
    page.split("<span class=\"header-cart__count\">")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .expect("the header's cart count")
}

async fn get_with_cookie(app: &axum::Router, uri: &str, cookie: &str) -> Reply {
    let request = Request::get(uri)
        .header(header::HOST, HOST)
        .header(header::ACCEPT_ENCODING, "gzip, br")
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .expect("request");
    send(app, request).await
}

#[tokio::test]
async fn the_kept_guest_answer_never_reaches_a_shopper_with_a_cart_or_a_hidden_notice() {
    let notice = "Free shipping this week";
    let configure =
        |s: &mut mercato_core::settings::ShopSettings| s.store_notice = Some(notice.into());
    let shop = crate::storefront_support::shop_with(configure).await;
    let mut settings = mercato_core::settings::ShopSettings::default();
    configure(&mut settings);
    let hidden = format!(
        "store_notice{}=hidden",
        settings.store_notice_id().expect("notice id")
    );
    let added = crate::storefront_support::post_form(
        &shop.app,
        "/product/beanie/",
        &[
            ("quantity", "2"),
            ("add-to-cart", &shop.ids.beanie.0.to_string()),
        ],
        &[("origin", "http://shop.test")],
    )
    .await;
    assert_eq!(added.status, StatusCode::SEE_OTHER);
    let session = added
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|c| c.to_str().ok())
        .find(|c| c.starts_with("mercato_session="))
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_owned();

    for uri in ["/", "/shop/", "/product/hoodie/"] {
        // The page kept, then guests, so their answer is kept when the others come.
        assert_eq!(get(&shop.app, uri, None).await.status, StatusCode::OK);
        for _ in 0..2 {
            let guest = get(&shop.app, uri, Some("gzip, br")).await;
            assert_eq!(guest.encoding(), "br", "{uri}");
            let text = guest.text();
            assert_eq!(cart_count(&text), "0", "{uri}");
            assert!(text.contains(notice), "{uri}: a guest sees the notice");
        }
        let shopper = get_with_cookie(&shop.app, uri, &session).await;
        assert_eq!(shopper.encoding(), "br", "{uri}");
        assert_eq!(cart_count(&shopper.text()), "2", "{uri}: their own cart");
        let dismissed = get_with_cookie(&shop.app, uri, &hidden).await;
        assert_eq!(dismissed.status, StatusCode::OK, "{uri}");
        let text = dismissed.text();
        assert!(
            !text.contains(notice),
            "{uri}: a dismissed notice stays hidden"
        );
        assert_eq!(cart_count(&text), "0", "{uri}");
        // And the guests after them still get the guests' page.
        let guest = get(&shop.app, uri, Some("gzip")).await;
        let text = guest.text();
        assert_eq!(cart_count(&text), "0", "{uri}");
        assert!(text.contains(notice), "{uri}");
    }
}

#[tokio::test]
async fn requests_arriving_while_a_page_is_rendered_wait_for_it_instead_of_rendering_it_too() {
    let shop = shop().await;
    let cache = &shop.state.web.page_cache;
    for uri in [
        "/?",
        "/shop/?",
        "/product/hoodie/?",
        "/?s=shirt&post_type=product&",
    ] {
        // Pages are rendered again when the minute turns: a batch that straddles it is
        // tried again, on another URL (this one is kept by then).
        for attempt in 0.. {
            let uri = format!("{uri}attempt={attempt}");
            let minute = unix_now().div_euclid(60);
            let kept = cache.pages_kept();
            let mut requests = tokio::task::JoinSet::new();
            for _ in 0..8 {
                let app = shop.app.clone();
                let uri = uri.clone();
                requests.spawn(async move { get(&app, &uri, Some("gzip, br")).await });
            }
            let mut pages = Vec::new();
            while let Some(reply) = requests.join_next().await {
                let reply = reply.expect("request task");
                assert_eq!(reply.status, StatusCode::OK, "{uri}");
                pages.push(without_nonce_time(&reply.text()));
            }
            assert!(
                pages.iter().all(|page| *page == pages[0]),
                "{uri}: one page"
            );
            if unix_now().div_euclid(60) != minute {
                assert!(attempt < 3, "{uri}: the minute turned during every batch");
                continue;
            }
            assert_eq!(
                cache.pages_kept(),
                kept + 1,
                "{uri}: eight requests at once, the page rendered and kept once"
            );
            break;
        }
    }
}

#[tokio::test]
async fn a_product_collection_is_compressed_once_while_its_body_is_the_same() {
    let shop = shop().await;
    let uri = "/wp-json/wc/store/v1/products?per_page=20";
    let memo = &shop.state.web.answer_memo;
    let first = get(&shop.app, uri, Some("gzip, br")).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.encoding(), "gzip");
    assert!(first.varies_on_accept_encoding());
    assert!(
        first.text().contains("\"name\":\"Beanie\""),
        "{}",
        first.text()
    );

    // The same collection again: the kept bytes, the same body.
    let reused = memo.reused();
    let again = get(&shop.app, uri, Some("gzip, br")).await;
    assert_eq!(memo.reused(), reused + 1, "sent from the kept bytes");
    assert_eq!(again.bytes, first.bytes);
    assert_eq!(
        again.headers.get("x-wp-total"),
        first.headers.get("x-wp-total")
    );
    // A client that takes only brotli gets brotli of the same body; one that takes neither,
    // the body as is.
    let brotli = get(&shop.app, uri, Some("br")).await;
    assert_eq!(brotli.encoding(), "br");
    assert_eq!(brotli.text(), first.text());
    let plain = get(&shop.app, uri, None).await;
    assert_eq!(plain.encoding(), "");
    assert_eq!(plain.text(), first.text());

    // Once the catalogue changes the body does, and so do the bytes sent.
    let deleted = mercato_db::catalogue::delete_product(&shop.test_db.db, shop.ids.beanie)
        .await
        .expect("delete");
    assert!(deleted);
    let reused = memo.reused();
    let after = get(&shop.app, uri, Some("gzip, br")).await;
    assert_eq!(memo.reused(), reused, "a changed body is compressed afresh");
    assert!(!after.text().contains("\"name\":\"Beanie\""));
    assert_eq!(
        after.text(),
        get(&shop.app, uri, None).await.text(),
        "the compressed body is the body"
    );
}

/// A Store API cart request with the `Cart-Token` of a headless client.
async fn cart_request(
    app: &axum::Router,
    method: Method,
    uri: &str,
    token: &str,
    body: &str,
    accept: Option<&str>,
) -> Reply {
    let mut builder = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/json")
        .header("cart-token", token);
    if let Some(accept) = accept {
        builder = builder.header(header::ACCEPT_ENCODING, accept);
    }
    send(
        app,
        builder.body(Body::from(body.to_owned())).expect("request"),
    )
    .await
}

#[tokio::test]
async fn a_cart_read_again_unchanged_is_sent_from_its_kept_bytes_and_a_price_or_stock_change_is_not()
 {
    let shop = shop().await;
    let memo = &shop.state.web.cart_answers;
    let uri = "/wp-json/wc/store/v1/cart";
    let first = get(&shop.app, uri, None).await;
    let token = first
        .headers
        .get("cart-token")
        .expect("a Cart-Token")
        .to_str()
        .expect("ascii")
        .to_owned();
    let add = format!(r#"{{"id":{},"quantity":1}}"#, shop.ids.beanie.0);
    let added = cart_request(
        &shop.app,
        Method::POST,
        "/wp-json/wc/store/v1/cart/add-item",
        &token,
        &add,
        Some("gzip"),
    )
    .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text());
    let read = || cart_request(&shop.app, Method::GET, uri, &token, "", Some("gzip"));

    // The cart read again unchanged: its kept bytes.
    let before = read().await;
    assert_eq!(before.encoding(), "gzip");
    assert!(
        before.text().contains(r#""regular_price":"2000""#),
        "{}",
        before.text()
    );
    let reused = memo.reused();
    let again = read().await;
    assert_eq!(memo.reused(), reused + 1, "sent from the kept bytes");
    assert_eq!(again.bytes, before.bytes);

    // A new price shows in the very next read, compressed afresh.
    let db = &shop.test_db.db;
    let mut beanie = mercato_db::catalogue::product_by_id(db, shop.ids.beanie)
        .await
        .expect("read")
        .expect("the beanie");
    beanie.pricing.regular = Some(mercato_core::money::Money::from_minor(2500));
    let mut writer = mercato_db::catalogue::CatalogueWriter::begin(db)
        .await
        .expect("writer");
    writer
        .save_product(&mut beanie, &mut [])
        .await
        .expect("save");
    writer.commit().await.expect("commit");
    let reused = memo.reused();
    let repriced = read().await;
    assert_eq!(memo.reused(), reused, "a changed body is compressed afresh");
    assert!(
        repriced.text().contains(r#""regular_price":"2500""#),
        "{}",
        repriced.text()
    );

    // So does a stock change (one of the two beanies sold elsewhere).
    let settled = read().await.text();
    assert!(
        mercato_db::catalogue::take_stock_now(db, shop.ids.beanie.0, 1)
            .await
            .expect("take stock")
    );
    let restocked = read().await;
    let plain = cart_request(&shop.app, Method::GET, uri, &token, "", None).await;
    assert_eq!(plain.encoding(), "");
    assert_ne!(plain.text(), settled, "the stock left shows in the cart");
    assert_eq!(
        restocked.text(),
        plain.text(),
        "the compressed cart is the cart as it is now"
    );
}
