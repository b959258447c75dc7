//! The rendered-page cache: a page served from it is the page rendered afresh, with this
//! request's own layout, and a catalogue change shows at once.

use crate::storefront_support as support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use mercato_core::settings::ShopSettings;
use support::{HOST, get, listed_names, send, shop_with};

const PAGES: [&str; 6] = [
    "/shop/",
    "/shop/?orderby=price",
    "/product-category/clothing/",
    "/?s=shirt&post_type=product",
    "/product/hoodie/",
    "/product/hoodie/?attribute_pa_color=blue",
];

/// The page with the second at which its Store API nonce was made blanked out: that is the
/// request's own (the layout around the cached part) and differs when two requests straddle
/// a second.
pub fn without_nonce_time(body: &str) -> String {
    const KEY: &str = "\"storeApiNonceTimestamp\":";
    let Some(at) = body.find(KEY) else {
        return body.to_owned();
    };
    let digits_from = at + KEY.len();
    let digits = body[digits_from..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    assert!(digits > 0, "a nonce time in seconds");
    format!("{}{}", &body[..digits_from], &body[digits_from + digits..])
}

#[tokio::test]
async fn a_cached_page_is_the_page_rendered_afresh() {
    let shop = shop_with(|s| s.products_per_page = 4).await;
    for url in PAGES {
        let first = get(&shop.app, url).await;
        let again = get(&shop.app, url).await;
        assert_eq!(first.status, StatusCode::OK, "{url}");
        assert_eq!(again.status, StatusCode::OK, "{url}");
        assert_eq!(
            without_nonce_time(&first.body),
            without_nonce_time(&again.body),
            "{url}: the cached page differs"
        );
        assert_eq!(
            first.headers.get(header::CACHE_CONTROL),
            again.headers.get(header::CACHE_CONTROL),
            "{url}"
        );
    }
}

#[tokio::test]
async fn a_catalogue_change_shows_on_the_next_request() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    let before = get(&shop.app, "/shop/").await;
    assert!(listed_names(&before.body).contains(&"Beanie".to_owned()));
    let deleted = mercato_db::catalogue::delete_product(&shop.test_db.db, shop.ids.beanie)
        .await
        .expect("delete");
    assert!(deleted);
    let after = get(&shop.app, "/shop/").await;
    assert!(
        !listed_names(&after.body).contains(&"Beanie".to_owned()),
        "the deleted product is gone from the cached listing"
    );
    assert_eq!(
        get(&shop.app, "/product/beanie/").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_layout_around_a_cached_page_belongs_to_the_request() {
    let configure = |s: &mut ShopSettings| s.store_notice = Some("Free shipping this week".into());
    let shop = shop_with(configure).await;
    let mut settings = ShopSettings::default();
    configure(&mut settings);
    let id = settings.store_notice_id().expect("notice id");

    for url in ["/shop/", "/product/hoodie/"] {
        let shown = get(&shop.app, url).await;
        assert!(shown.body.contains("Free shipping this week"), "{url}");
        let dismissed = send(
            &shop.app,
            Request::get(url)
                .header(header::HOST, HOST)
                .header(header::COOKIE, format!("store_notice{id}=hidden"))
                .body(Body::empty())
                .expect("request"),
        )
        .await;
        assert_eq!(dismissed.status, StatusCode::OK);
        assert!(
            !dismissed.body.contains("Free shipping this week"),
            "{url}: a dismissed notice stays hidden on a cached page"
        );
        assert!(dismissed.body.contains("Hoodie"), "{url}");
    }
}
