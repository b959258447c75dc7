//! What crawlers read besides the pages: `robots.txt` and an XML sitemap of the home page, the
//! shop, every category, every published product that has a page, and every
//! content page. The sitemap is made on each request from the database, so it is always as
//! current as the catalogue (a few milliseconds for thousands of products); URLs are absolute,
//! from `--public-url` or the request's host.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mercato_core::calendar::DateTime;
use serde_json::json;

use crate::layout::failed;
use crate::page_settings::escape_for_script;
use crate::state::AppState;

/// Paths no crawler needs: the shopper's own pages and the actions behind links.
const DISALLOWED: [&str; 6] = [
    "/cart/",
    "/checkout/",
    "/my-account/",
    "/wp-admin/",
    "/*?*add-to-cart=",
    "/*?*wc-ajax=",
];

/// The shop's icon: a bag in the theme's accent colour.
const FAVICON: &str = include_str!("favicon.svg");

/// `GET /favicon.svg`: the icon every page links to, cached for a day.
pub async fn favicon() -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=86400"),
            ),
        ],
        FAVICON,
    )
        .into_response()
}

/// `GET /favicon.ico`: what browsers and feed readers ask for when a page names no icon;
/// sent on to the SVG instead of answering 404.
pub async fn favicon_ico() -> Response {
    (
        StatusCode::MOVED_PERMANENTLY,
        [(header::LOCATION, HeaderValue::from_static("/favicon.svg"))],
    )
        .into_response()
}

/// `GET /robots.txt`.
pub async fn robots_txt(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let base = state.config.base_url(&headers);
    let mut text = String::from("User-agent: *\n");
    for path in DISALLOWED {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str("Allow: /wp-admin/admin-ajax.php\n");
    text.push_str(&format!("\nSitemap: {base}/sitemap.xml\n"));
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; charset=utf-8"),
        )],
        text,
    )
        .into_response()
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

fn entry(out: &mut String, url: &str, lastmod: Option<i64>) {
    out.push_str("<url><loc>");
    out.push_str(&escape_xml(url));
    out.push_str("</loc>");
    if let Some(at) = lastmod.filter(|at| *at > 0) {
        out.push_str("<lastmod>");
        out.push_str(&DateTime::from_unix(at).iso_date());
        out.push_str("</lastmod>");
    }
    out.push_str("</url>\n");
}

/// `GET /sitemap.xml`.
pub async fn sitemap_xml(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let base = state.config.base_url(&headers);
    let (products, taxonomy, pages) = match tokio::try_join!(
        mercato_db::catalogue::sitemap_products(&state.db),
        mercato_db::catalogue::load_taxonomy(&state.db),
        mercato_db::content_pages::list(&state.db),
    ) {
        Ok(all) => all,
        Err(e) => return failed("the sitemap", &e),
    };
    let mut out = String::with_capacity(200 + 120 * products.len());
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    entry(&mut out, &format!("{base}/"), None);
    entry(&mut out, &format!("{base}/shop/"), None);
    for page in &pages {
        entry(
            &mut out,
            &format!("{base}/{}/", page.page.slug),
            Some(page.updated_at),
        );
    }
    let tree = &taxonomy.categories;
    for category in tree.all() {
        let path = crate::storefront::category_url(&tree.slug_path(category.id));
        entry(&mut out, &format!("{base}{path}"), None);
    }
    for product in &products {
        let path = crate::storefront::product_url(&product.slug);
        entry(&mut out, &format!("{base}{path}"), Some(product.updated_at));
    }
    out.push_str("</urlset>\n");
    (
        StatusCode::OK,
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/xml; charset=utf-8"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        out,
    )
        .into_response()
}

/// The home page's JSON-LD: the shop as an `Organization`, and a `WebSite` whose search
/// action is the product search.
pub fn home_json_ld(title: &str, base: &str) -> String {
    let graph = json!({
        "@context": "https://schema.org",
        "@graph": [
            {"@type": "Organization", "@id": format!("{base}/#organization"), "name": title, "url": format!("{base}/")},
            {
                "@type": "WebSite",
                "@id": format!("{base}/#website"),
                "name": title,
                "url": format!("{base}/"),
                "publisher": {"@id": format!("{base}/#organization")},
                "potentialAction": {
                    "@type": "SearchAction",
                    "target": format!("{base}/?s={{search_term_string}}&post_type=product"),
                    "query-input": "required name=search_term_string",
                },
            },
        ],
    });
    escape_for_script(&graph.to_string())
}
