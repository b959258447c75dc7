//! The merchant's menus (`menus` setting) and the header's scroll settings, as `mercato
//! serve` loads them: the header's `Main menu` with its sub-menus and their toggles, the mobile
//! sidebar's levels, the footer menus, the no-JavaScript menu page, the defaults, and changes
//! to either setting reaching a running server without a restart.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use mercato_core::menus::MenuSettings;
use mercato_core::settings::ShopSettings;
use mercato_db::testing::TestDb;
use mercato_server::ServerConfig;
use mercato_server::services::ManualClock;
use tower::ServiceExt;

/// An app loaded as `mercato serve` loads it, after the merchant stored `menus` (and `shop`).
async fn app_with(
    menus: Option<serde_json::Value>,
    shop: Option<ShopSettings>,
) -> (TestDb, axum::Router) {
    let test_db = TestDb::sqlite().await.expect("test database");
    if let Some(menus) = menus {
        let menus: MenuSettings = serde_json::from_value(menus).expect("menus");
        assert_eq!(menus.problem(), None);
        mercato_db::options::set(&test_db.db, MenuSettings::OPTION, &menus)
            .await
            .expect("store menus");
    }
    if let Some(shop) = shop {
        mercato_db::options::set(&test_db.db, "shop", &shop)
            .await
            .expect("store shop");
    }
    let config = ServerConfig {
        assets_dir: std::path::PathBuf::from("/nonexistent"),
        ..ServerConfig::default()
    };
    let state = mercato_server::load_state(test_db.db.clone(), config)
        .await
        .expect("state");
    (test_db, mercato_server::router(state))
}

async fn page(app: &axum::Router, uri: &str) -> (StatusCode, String) {
    let response = app
        .clone()
        .oneshot(Request::get(uri).body(Body::empty()).expect("request"))
        .await
        .expect("response");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// The HTML between `start` and the next `end` after it.
fn between<'a>(body: &'a str, start: &str, end: &str) -> &'a str {
    let from = body.find(start).unwrap_or_else(|| panic!("no {start}"));
    let rest = &body[from..];
    &rest[..rest
        .find(end)
        .unwrap_or_else(|| panic!("no {end} after {start}"))]
}

fn merchant_menus() -> serde_json::Value {
    serde_json::json!({
        "main": [
            {"label": "Sale", "url": "/sale/"},
            {"label": "Clothes & more", "url": "/shop/", "children": [
                {"label": "Tops", "url": "/product-category/tops/", "children": [
                    {"label": "Tees", "url": "/product-category/tops/tees/"}
                ]},
                {"label": "Blog", "url": "https://blog.example.com/"}
            ]}
        ],
        "footer": [
            {"title": "Visit us", "items": [{"label": "Opening hours", "url": "/hours/"}]}
        ]
    })
}

#[tokio::test]
async fn the_header_shows_the_merchants_main_menu_with_sub_menus_and_toggles() {
    let (_db, app) = app_with(Some(merchant_menus()), None).await;
    let (status, body) = page(&app, "/sale/").await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "no such page, the layout still renders"
    );
    let nav = between(
        &body,
        r#"<nav class="main-menu" aria-label="Main menu""#,
        "</nav>",
    );
    assert!(
        nav.contains(r#"<a href="/sale/" aria-current="page">Sale</a>"#),
        "{nav}"
    );
    assert!(
        nav.contains(r#"<a href="/shop/">Clothes &amp; more</a>"#),
        "escaped: {nav}"
    );
    assert!(
        nav.contains(r#"aria-expanded="false" aria-controls="main-menu-1" hidden><span class="sr-text">Clothes &amp; more submenu</span></button>"#),
        "a hidden toggle the behaviour shows: {nav}"
    );
    assert!(nav.contains(r#"<ul class="sub-menu" id="main-menu-1">"#));
    assert!(
        nav.contains(r#"<ul class="sub-menu" id="main-menu-2">"#),
        "third level"
    );
    assert!(nav.contains(r#"<a href="/product-category/tops/tees/">Tees</a>"#));
    assert!(nav.contains(r#"<a href="https://blog.example.com/">Blog</a>"#));
    assert!(!nav.contains("T-shirts"), "the default menu is replaced");

    let footer = between(&body, r#"<footer class="site-footer">"#, "</footer>");
    assert!(
        footer.contains(r#"<nav aria-label="Visit us">"#),
        "{footer}"
    );
    assert!(footer.contains(r#"<a href="/hours/">Opening hours</a>"#));
    assert!(
        !footer.contains("All products"),
        "the default footer is replaced"
    );
}

#[tokio::test]
async fn the_mobile_sidebar_has_a_level_per_sub_menu_with_a_back_button() {
    let (_db, app) = app_with(Some(merchant_menus()), None).await;
    let (_, body) = page(&app, "/").await;
    assert!(
        body.contains(r#"<a class="menu-toggle" href="/menu/""#),
        "no-JS fallback link"
    );
    let dialog = between(
        &body,
        r#"<dialog class="mobile-menu" id="mobile-menu" aria-label="Menu">"#,
        "</dialog>",
    );
    let top = between(dialog, r#"id="mobile-menu-0""#, "</ul>");
    assert!(
        top.contains(r#"<h2 class="mobile-menu__title" tabindex="-1">Main menu</h2>"#),
        "{top}"
    );
    assert!(
        !top.contains("mobile-menu__back"),
        "the top level has no back button"
    );
    assert!(top.contains(r#"aria-controls="mobile-menu-1"><span class="sr-text">Clothes &amp; more submenu</span>"#), "{top}");
    let second = between(dialog, r#"id="mobile-menu-1" hidden>"#, "</ul>");
    assert!(
        second.contains(
            r#"data-back="mobile-menu-0"><span class="sr-text">Back to</span> Main menu</button>"#
        ),
        "{second}"
    );
    assert!(
        second.contains(">Clothes &amp; more</h2>"),
        "headed by its parent: {second}"
    );
    let third = between(dialog, r#"id="mobile-menu-2" hidden>"#, "</ul>");
    assert!(third.contains(r#"data-back="mobile-menu-1"><span class="sr-text">Back to</span> Clothes &amp; more</button>"#), "{third}");
    assert!(third.contains(r#"<a href="/product-category/tops/tees/">Tees</a>"#));
    assert!(dialog.contains(r#"role="search" aria-label="Search in menu""#));
    assert!(dialog.contains(r#"<a href="/my-account/">Log in</a>"#));
}

#[tokio::test]
async fn the_menu_page_lists_every_menu_link_without_javascript() {
    let (_db, app) = app_with(Some(merchant_menus()), None).await;
    let (status, body) = page(&app, "/menu/").await;
    assert_eq!(status, StatusCode::OK);
    let content = between(&body, r#"<div class="menu-page">"#, "</main>");
    for link in [
        r#"<a href="/sale/">Sale</a>"#,
        r#"<a href="/shop/">Clothes &amp; more</a>"#,
        r#"<a href="/product-category/tops/tees/">Tees</a>"#,
        r#"<a href="https://blog.example.com/">Blog</a>"#,
        r#"<a href="/hours/">Opening hours</a>"#,
    ] {
        assert!(content.contains(link), "menu page lacks {link}: {content}");
    }
    assert!(
        !content.contains("<nav"),
        "no second set of navigation landmarks"
    );
}

#[tokio::test]
async fn without_a_stored_setting_the_default_menus_have_the_category_sub_menu() {
    let (_db, app) = app_with(None, None).await;
    let (_, body) = page(&app, "/").await;
    let nav = between(&body, r#"aria-label="Main menu""#, "</nav>");
    assert!(
        nav.contains(r#"<span class="sr-text">Shop submenu</span>"#),
        "{nav}"
    );
    for label in ["T-shirts", "Hoodies", "Accessories", "Clothing"] {
        assert!(nav.contains(&format!(">{label}</a>")), "{label}: {nav}");
    }
    let footer = between(&body, r#"<footer class="site-footer">"#, "</footer>");
    for title in ["Shop", "Account", "Help", "About"] {
        assert!(
            footer.contains(&format!(r#"<nav aria-label="{title}">"#)),
            "{title}"
        );
    }
    assert!(footer.contains(
        r##"<a class="back-to-top" href="#top" data-behaviour="back-to-top">Back to top</a>"##
    ));
    assert!(body.contains(
        r#"<div class="site-header-wrap" data-behaviour="site-header" data-sticky-height="100">"#
    ));
}

#[tokio::test]
async fn the_header_settings_reach_the_markup() {
    let mut shop = ShopSettings::default();
    shop.header.sticky_height = 240;
    shop.header.hide_on_scroll_down = true;
    shop.header.back_to_top = false;
    let (_db, app) = app_with(None, Some(shop)).await;
    let (_, body) = page(&app, "/").await;
    assert!(
        body.contains(
            r#"data-behaviour="site-header" data-sticky-height="240" data-hide-on-scroll>"#
        )
    );
    assert!(!body.contains("Back to top"));

    let mut not_sticky = ShopSettings::default();
    not_sticky.header.sticky = false;
    let (_db, app) = app_with(None, Some(not_sticky)).await;
    let (_, body) = page(&app, "/").await;
    assert!(body.contains(r#"<div class="site-header-wrap">"#));
}

/// The main menu of `body`'s header.
fn main_menu(body: &str) -> &str {
    between(
        body,
        r#"<nav class="main-menu" aria-label="Main menu""#,
        "</nav>",
    )
}

/// A running server sees `mercato settings set menus` (a write to the settings store) on
/// the pages it renders after the menus' second in memory, the shop page served from the
/// page cache included, without a restart. The server's clock is the test's: it moves on a
/// second instead of the test waiting for one.
async fn a_changed_menu_shows_without_a_restart(test_db: TestDb) {
    let config = ServerConfig {
        assets_dir: std::path::PathBuf::from("/nonexistent"),
        ..ServerConfig::default()
    };
    let hand = ManualClock::starting_at(mercato_db::now());
    let state = mercato_server::load_state(test_db.db.clone(), config)
        .await
        .expect("state")
        .with_clock(hand.clone().into());
    let app = mercato_server::router(state);
    // Twice: the second is served from the page cache.
    for _ in 0..2 {
        let (status, body) = page(&app, "/shop/").await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            main_menu(&body).contains(">T-shirts</a>"),
            "the default menu"
        );
    }

    let menus: MenuSettings = serde_json::from_value(merchant_menus()).expect("menus");
    mercato_db::options::set(&test_db.db, MenuSettings::OPTION, &menus)
        .await
        .expect("store menus");
    // The menus are kept for a second.
    let (_, body) = page(&app, "/shop/").await;
    assert!(
        main_menu(&body).contains(">T-shirts</a>"),
        "the menus read less than a second ago"
    );
    hand.advance(1);
    let (status, body) = page(&app, "/shop/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        main_menu(&body).contains(r#"<a href="/sale/">Sale</a>"#),
        "still the old menu a second after the change"
    );
    assert!(
        !main_menu(&body).contains("T-shirts"),
        "the old menu is gone"
    );
    let footer = between(&body, r#"<footer class="site-footer">"#, "</footer>");
    assert!(
        footer.contains(r#"<a href="/hours/">Opening hours</a>"#),
        "{footer}"
    );
    // Every other page, and the no-JavaScript menu page, show it too.
    let (_, home) = page(&app, "/").await;
    assert!(main_menu(&home).contains(r#"<a href="/sale/">Sale</a>"#));
    let (_, menu_page) = page(&app, "/menu/").await;
    assert!(menu_page.contains(r#"<a href="/hours/">Opening hours</a>"#));
}

#[tokio::test]
async fn a_changed_menu_shows_without_a_restart_on_sqlite() {
    a_changed_menu_shows_without_a_restart(TestDb::sqlite().await.expect("test database")).await;
}

#[tokio::test]
async fn a_changed_menu_shows_without_a_restart_on_postgres() {
    a_changed_menu_shows_without_a_restart(TestDb::postgres().await.expect("test database")).await;
}

/// A running server sees `mercato settings set shop` (a write to the settings store): the
/// shop's name and the header's behaviour change on the pages it renders after the view's
/// second in memory, without a restart, and a page already in the page cache is not served
/// with the old name. The test moves the server's clock on instead of waiting.
async fn changed_shop_settings_show_without_a_restart(test_db: TestDb) {
    let config = ServerConfig {
        assets_dir: std::path::PathBuf::from("/nonexistent"),
        ..ServerConfig::default()
    };
    let hand = ManualClock::starting_at(mercato_db::now());
    let state = mercato_server::load_state(test_db.db.clone(), config)
        .await
        .expect("state")
        .with_clock(hand.clone().into());
    let app = mercato_server::router(state.clone());
    // Twice: the second is served from the page cache.
    for _ in 0..2 {
        let (status, body) = page(&app, "/shop/").await;
        assert_eq!(status, StatusCode::OK);
        assert!(body.contains("<title>Shop – Mercato</title>"), "{body}");
        assert!(body.contains(r#"data-sticky-height="100""#));
    }
    assert_eq!(state.web.page_cache.len(), 1, "the shop page is cached");

    let defaults = ShopSettings::default();
    let shop = ShopSettings {
        title: "Harbour Goods".to_owned(),
        header: mercato_core::settings::HeaderSettings {
            sticky_height: 240,
            hide_on_scroll_down: true,
            ..defaults.header
        },
        ..defaults
    };
    mercato_db::options::set(&test_db.db, "shop", &shop)
        .await
        .expect("store shop");
    // The view is kept for a second.
    let (_, body) = page(&app, "/shop/").await;
    assert!(
        body.contains("<title>Shop – Mercato</title>"),
        "the view read less than a second ago"
    );
    hand.advance(1);
    let (status, body) = page(&app, "/shop/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains(r#"<a class="site-logo" href="/" rel="home">Harbour Goods</a>"#),
        "still the old name a second after the change"
    );
    // The page's own blocks, which the cache keeps, name the new shop too, and so does the
    // page served from the cache after it.
    for body in [body, page(&app, "/shop/").await.1] {
        assert!(
            body.contains("<title>Shop – Harbour Goods</title>"),
            "{body}"
        );
        assert!(!body.contains("Mercato</title>"));
        assert!(body.contains(r#"data-sticky-height="240" data-hide-on-scroll"#));
        assert!(body.contains("© Harbour Goods."));
    }
    let (_, home) = page(&app, "/").await;
    assert!(
        home.contains("<title>Harbour Goods – "),
        "the home page too"
    );
}

#[tokio::test]
async fn changed_shop_settings_show_without_a_restart_on_sqlite() {
    changed_shop_settings_show_without_a_restart(TestDb::sqlite().await.expect("test database"))
        .await;
}

#[tokio::test]
async fn changed_shop_settings_show_without_a_restart_on_postgres() {
    changed_shop_settings_show_without_a_restart(TestDb::postgres().await.expect("test database"))
        .await;
}

#[tokio::test]
async fn a_second_sidebar_menu_makes_the_menu_dialog_a_set_of_tabs() {
    let mut menus = merchant_menus();
    menus["sidebar_tab"] = serde_json::json!("Visit us");
    let (_db, app) = app_with(Some(menus), None).await;
    let (_, body) = page(&app, "/hours/").await;
    let dialog = between(&body, r#"<dialog class="mobile-menu""#, "</dialog>");
    assert!(
        dialog.contains(r#"<div class="mobile-menu__tabs" role="tablist" aria-label="Menus" data-behaviour="sidebar-tabs">"#),
        "{dialog}"
    );
    assert!(dialog.contains(r#"<button type="button" role="tab" id="mobile-menu-tab-main" aria-selected="true" aria-controls="mobile-menu-panel-main">Main menu</button>"#));
    assert!(dialog.contains(r#"<button type="button" role="tab" id="mobile-menu-tab-second" aria-selected="false" aria-controls="mobile-menu-panel-second" tabindex="-1">Visit us</button>"#));
    assert!(dialog.contains(r#"<div class="mobile-menu__levels" role="tabpanel" id="mobile-menu-panel-main" aria-labelledby="mobile-menu-tab-main">"#));
    let second = between(dialog, r#"id="mobile-menu-panel-second""#, "</div>");
    assert!(
        second.contains("aria-labelledby=\"mobile-menu-tab-second\" hidden>"),
        "{second}"
    );
    assert!(
        second.contains(r#"<a href="/hours/" aria-current="page">Opening hours</a>"#),
        "{second}"
    );

    // Without the setting: no tabs.
    let (_db, app) = app_with(Some(merchant_menus()), None).await;
    let (_, body) = page(&app, "/hours/").await;
    assert!(!body.contains("role=\"tablist\""));
    assert!(body.contains("<div class=\"mobile-menu__levels\">"));
}
