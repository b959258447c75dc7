//! A small catalogue and request helpers shared by the storefront test files.
#![allow(
    dead_code,
    reason = "each storefront test file uses its own part of the helpers"
)]

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_core::settings::ShopSettings;
use mercato_db::testing::TestDb;
use mercato_server::assets::Assets;

use tower::ServiceExt;

mod fixture;

pub use fixture::Ids;
use fixture::catalogue_fixture;

/// The host every test request names.
pub const HOST: &str = "shop.test";

/// A response, read.
pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl Reply {
    /// The `Location` header.
    pub fn location(&self) -> &str {
        self.headers
            .get(header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

/// A shop with the fixture catalogue.
pub struct Shop {
    pub test_db: TestDb,
    pub state: mercato_server::AppState,
    pub app: axum::Router,
    pub ids: Ids,
}

/// The fixture shop with default settings, except 4 products per page.
pub async fn shop() -> Shop {
    shop_with(|s| s.products_per_page = 4).await
}

/// The fixture shop with settings changed by `configure`.
pub async fn shop_with(configure: impl FnOnce(&mut ShopSettings)) -> Shop {
    let test_db = TestDb::sqlite().await.expect("test database");
    let ids = catalogue_fixture(&test_db.db).await;
    let mut settings = ShopSettings::default();
    configure(&mut settings);
    let mut assets = Assets::default();
    assets.insert("main-abc123.js", "console.log('hi')");
    let (state, app) = crate::shop::Shop::builder()
        .paying()
        .settings(settings)
        .assets(assets)
        .app(test_db.db.clone());
    Shop {
        app,
        state,
        test_db,
        ids,
    }
}

/// Sends `request` through the router.
pub async fn send(app: &axum::Router, request: Request<Body>) -> Reply {
    let response = app.clone().oneshot(request).await.expect("response");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// `GET uri`. With `MERCATO_TEST_DUMP=dir` set, the body is also written there.
pub async fn get(app: &axum::Router, uri: &str) -> Reply {
    let reply = send(
        app,
        Request::get(uri)
            .header(header::HOST, HOST)
            .body(Body::empty())
            .expect("request"),
    )
    .await;
    if let Ok(dir) = std::env::var("MERCATO_TEST_DUMP") {
        let name: String = uri
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        let _ = std::fs::write(format!("{dir}/{name}.html"), &reply.body);
    }
    reply
}

/// `POST uri` with a form body and extra headers.
pub async fn post_form(
    app: &axum::Router,
    uri: &str,
    fields: &[(&str, &str)],
    headers: &[(&str, &str)],
) -> Reply {
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect();
    let mut request = Request::post(uri)
        .header(header::HOST, HOST)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    send(
        app,
        request.body(Body::from(body.join("&"))).expect("request"),
    )
    .await
}

/// Percent-encodes a form value.
pub fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The product names listed in a listing's grid, in order.
pub fn listed_names(body: &str) -> Vec<String> {
    let Some(start) = body.find("data-infinite-scroll>") else {
        return Vec::new();
    };
    let grid = &body[start
        ..body[start..]
            .find("</ul>")
            .map_or(body.len(), |e| start + e)];
    grid.split("<h2 class=\"woocommerce-loop-product__title\">")
        .skip(1)
        .filter_map(|part| part.split("</h2>").next())
        .map(html_decode)
        .collect()
}

/// Decodes the entities our templates write.
pub fn html_decode(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Fails when the page has inline script or style (the CSP forbids both). Data blocks
/// (`application/json`, the product page's `application/ld+json`) are never run, so the CSP
/// does not apply to them.
pub fn assert_csp_clean(body: &str) {
    assert!(!body.contains(" style=\""), "an inline style attribute");
    for (i, _) in body.match_indices("<script") {
        let tag = &body[i..i + body[i..].find('>').expect("tag end")];
        assert!(
            tag.contains("type=\"application/json\"")
                || tag.contains("type=\"application/ld+json\"")
                || tag.contains(" src=\""),
            "an inline script: {tag}"
        );
    }
}
