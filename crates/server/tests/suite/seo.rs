//! What search engines and link previews read (issue 14), on SQLite and PostgreSQL:
//! `robots.txt` naming the sitemap, a sitemap that follows the catalogue and the content
//! pages as they change, and the product page's JSON-LD (`Product` with its offer, and the
//! breadcrumbs) and Open Graph tags; the home page's `Organization`.

use crate::cart_page_support::{Browser, Page, RefShop, cart_shop_on};

use axum::http::StatusCode;
use mercato_core::catalogue::ProductId;
use mercato_core::content::{SourceFormat, prepare};
use mercato_db::Backend;
use serde_json::Value;

fn json_ld(page: &Page) -> Value {
    let marker = "<script type=\"application/ld+json\">";
    let start = page.body.find(marker).expect("JSON-LD") + marker.len();
    let end = page.body[start..].find("</script>").expect("end") + start;
    serde_json::from_str(&page.body[start..end]).expect("JSON-LD is JSON")
}

async fn crawlers(shop: RefShop) {
    let mut browser = Browser::new(&shop);
    let robots = browser.get("/robots.txt").await;
    assert_eq!(robots.status, StatusCode::OK);
    assert!(robots.body.contains("Disallow: /checkout/"));
    assert!(
        robots
            .body
            .contains("Sitemap: http://shop.test/sitemap.xml"),
        "{}",
        robots.body
    );

    let sitemap = browser.get("/sitemap.xml").await;
    assert_eq!(sitemap.status, StatusCode::OK);
    assert!(sitemap.body.starts_with("<?xml"));
    assert!(
        sitemap
            .body
            .contains("<loc>http://shop.test/product/beanie/</loc>")
    );
    assert!(!sitemap.body.contains("/about/"));

    // The catalogue and the pages change; the sitemap follows.
    mercato_db::catalogue::delete_product(&shop.state.db, ProductId(18))
        .await
        .expect("delete");
    let page = prepare("about", "About us", "", SourceFormat::Markdown, "Hi").expect("page");
    mercato_db::content_pages::put(&shop.state.db, &page)
        .await
        .expect("page");
    let sitemap = browser.get("/sitemap.xml").await;
    assert!(
        !sitemap.body.contains("/product/beanie/"),
        "deleted products leave"
    );
    assert!(
        sitemap
            .body
            .contains("<loc>http://shop.test/product/belt/</loc>")
    );
    assert!(
        sitemap
            .body
            .contains("<loc>http://shop.test/about/</loc><lastmod>")
    );

    let belt = browser.get("/product/belt/").await;
    assert_eq!(belt.status, StatusCode::OK);
    let graph = json_ld(&belt);
    let product = &graph["@graph"][0];
    assert_eq!(product["@type"], "Product");
    assert_eq!(product["name"], "Belt");
    assert_eq!(product["offers"]["price"], "55.00", "the sale price");
    assert_eq!(product["offers"]["priceCurrency"], "USD");
    assert_eq!(
        product["offers"]["availability"],
        "https://schema.org/InStock"
    );
    let crumbs = graph["@graph"][1]["itemListElement"]
        .as_array()
        .expect("crumbs");
    assert_eq!(crumbs.first().expect("home")["item"], "http://shop.test/");
    assert_eq!(
        crumbs.last().expect("product")["item"],
        "http://shop.test/product/belt/"
    );
    assert!(
        belt.body
            .contains("<meta property=\"og:type\" content=\"product\">")
    );
    assert!(
        belt.body
            .contains("<meta property=\"product:price:amount\" content=\"55.00\">")
    );
    assert!(
        belt.body
            .contains("<link rel=\"canonical\" href=\"http://shop.test/product/belt/\">")
    );
    // A second visit is served from the page cache with the same tags.
    assert_eq!(json_ld(&browser.get("/product/belt/").await), graph);

    let home = browser.get("/").await;
    let graph = json_ld(&home);
    assert_eq!(graph["@graph"][0]["@type"], "Organization");
    assert_eq!(graph["@graph"][1]["@type"], "WebSite");
    assert!(home.body.contains("<meta name=\"description\" content=\""));

    // Every page names the shop's icon, and the path browsers guess leads to it.
    assert!(
        home.body
            .contains("<link rel=\"icon\" href=\"/favicon.svg\"")
    );
    let icon = browser.get("/favicon.svg").await;
    assert_eq!(icon.status, StatusCode::OK);
    assert!(icon.body.starts_with("<svg"), "{}", icon.body);
    let guessed = browser.get("/favicon.ico").await;
    assert_eq!(guessed.status, StatusCode::MOVED_PERMANENTLY);
    assert_eq!(guessed.location, "/favicon.svg");
}

#[tokio::test]
async fn crawlers_read_a_current_sitemap_and_structured_data_on_sqlite() {
    crawlers(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn crawlers_read_a_current_sitemap_and_structured_data_on_postgres() {
    crawlers(cart_shop_on(Backend::Postgres).await).await;
}
