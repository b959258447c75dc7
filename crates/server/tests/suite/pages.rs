//! The foundation pages, driven in memory through the whole router.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_core::settings::ShopSettings;
use mercato_db::testing::TestDb;
use mercato_server::assets::Assets;
use tower::ServiceExt;

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

async fn app_with(settings: ShopSettings) -> (TestDb, axum::Router) {
    let mut assets = Assets::default();
    assets.insert("main-abc123.js", "console.log('hi')");
    let shop = crate::shop::Shop::builder()
        .settings(settings)
        .assets(assets)
        .build_sqlite()
        .await;
    (shop.db, shop.app)
}

async fn get(app: &axum::Router, uri: &str, headers: &[(&str, &str)]) -> Reply {
    let mut request = Request::get(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = app
        .clone()
        .oneshot(request.body(Body::empty()).expect("request"))
        .await
        .expect("response");
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

fn settings_json(body: &str) -> serde_json::Value {
    let start = body
        .find(r#"<script type="application/json" id="mercato-settings">"#)
        .expect("settings script")
        + r#"<script type="application/json" id="mercato-settings">"#.len();
    let end = start + body[start..].find("</script>").expect("end of settings");
    serde_json::from_str(&body[start..end]).expect("settings are JSON")
}

#[tokio::test]
async fn home_page_has_the_layout_and_the_settings() {
    let (_db, app) = app_with(ShopSettings::default()).await;
    let reply = get(&app, "/", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(
        reply.headers[header::CONTENT_TYPE]
            .to_str()
            .expect("ascii")
            .starts_with("text/html")
    );
    for part in [
        r#"class="site-header""#,
        r#"class="site-logo""#,
        r#"class="main-menu""#,
        r#"role="search""#,
        r#"class="header-account""#,
        r#"class="header-cart__count">0<"#,
        r#"class="site-footer""#,
        r#"class="home-section home-hero""#,
    ] {
        assert!(reply.body.contains(part), "home page lacks {part}");
    }
    let settings = settings_json(&reply.body);
    let wc = &settings["wcSettings"];
    assert_eq!(wc["currency"]["code"], "USD");
    assert_eq!(wc["currency"]["precision"], 2);
    assert_eq!(wc["currency"]["symbol"], "$");
    assert_eq!(wc["currency"]["symbolPosition"], "left");
    assert_eq!(wc["currency"]["decimalSeparator"], ".");
    assert_eq!(wc["currency"]["thousandSeparator"], ",");
    assert_eq!(wc["locale"]["siteLocale"], "en_US");
    assert_eq!(wc["currentUserId"], 0);
    assert_eq!(wc["currentUserIsAdmin"], false);
    assert_eq!(wc["storePages"]["shop"]["permalink"], "/shop/");
    assert_eq!(wc["storePages"]["checkout"]["permalink"], "/checkout/");
    assert_eq!(wc["countries"]["US"], "United States (US)");
    assert!(wc["countries"].as_object().expect("countries").len() > 180);
    assert_eq!(
        settings["wc_add_to_cart_params"]["cart_redirect_after_add"],
        "no"
    );
}

#[tokio::test]
async fn every_page_carries_the_baseline_headers() {
    let (_db, app) = app_with(ShopSettings::default()).await;
    for uri in ["/", "/no-such-page/", "/healthz", "/assets/main-abc123.js"] {
        let reply = get(&app, uri, &[]).await;
        assert_eq!(reply.headers["x-content-type-options"], "nosniff", "{uri}");
        assert_eq!(
            reply.headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{uri}"
        );
        let csp = reply.headers["content-security-policy"]
            .to_str()
            .expect("ascii");
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
            "{uri}: {csp}"
        );
        assert!(reply.headers.contains_key("x-request-id"), "{uri}");
    }
}

#[tokio::test]
async fn unknown_pages_get_a_404_that_helps() {
    let (_db, app) = app_with(ShopSettings::default()).await;
    let reply = get(&app, "/no-such-page/?q=%3Cscript%3E", &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(reply.body.contains("Page not found"));
    assert!(reply.body.contains(r#"name="s""#), "a search box");
    assert!(
        reply.body.contains(r#"href="/shop/""#),
        "a link to the shop"
    );
}

#[tokio::test]
async fn hostile_paths_are_escaped_in_the_404_page() {
    let (_db, app) = app_with(ShopSettings::default()).await;
    let reply = get(&app, "/%3Cscript%3Ealert(1)%3C%2Fscript%3E", &[]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    assert!(
        !reply.body.contains("<script>alert(1)"),
        "the path must be escaped"
    );
}

#[tokio::test]
async fn store_notice_shows_until_dismissed_by_cookie() {
    let (_db, app) = app_with(ShopSettings::default()).await;
    let id = ShopSettings::default()
        .store_notice_id()
        .expect("notice id");
    let reply = get(&app, "/", &[]).await;
    assert!(reply.body.contains(r#"data-behaviour="store-notice""#));
    assert!(
        reply.body.contains(&format!(r#"data-notice-id="{id}""#)),
        "the behaviour is told the id"
    );
    assert!(
        reply
            .body
            .contains(&format!("/?mercato-dismiss-notice={id}")),
        "a no-JS dismiss link"
    );

    let cookie = format!("store_notice{id}=hidden");
    let dismissed = get(&app, "/", &[("cookie", &cookie)]).await;
    assert!(
        !dismissed.body.contains("store-notice"),
        "dismissed notices stay hidden"
    );
}

#[tokio::test]
async fn dismiss_link_sets_the_cookie_and_goes_back() {
    let (_db, app) = app_with(ShopSettings::default()).await;
    let id = ShopSettings::default()
        .store_notice_id()
        .expect("notice id");
    let reply = get(
        &app,
        &format!("/?mercato-dismiss-notice={id}"),
        &[("referer", "http://127.0.0.1:8080/shop/?orderby=price")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert_eq!(reply.headers[header::LOCATION], "/shop/?orderby=price");
    let set_cookie = reply.headers[header::SET_COOKIE].to_str().expect("ascii");
    assert!(
        set_cookie.starts_with(&format!("store_notice{id}=hidden")),
        "{set_cookie}"
    );
    assert!(set_cookie.contains("Path=/"));

    // An unknown id, or a referer on another site, sets nothing and stays on the shop.
    let reply = get(
        &app,
        "/?mercato-dismiss-notice=nope",
        &[("referer", "https://evil.example/")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert!(reply.headers.get(header::SET_COOKIE).is_none());
    assert_eq!(reply.headers[header::LOCATION], "/");
}

#[tokio::test]
async fn no_notice_when_the_merchant_has_none() {
    let settings = ShopSettings {
        store_notice: None,
        ..ShopSettings::default()
    };
    let (_db, app) = app_with(settings).await;
    assert!(!get(&app, "/", &[]).await.body.contains("store-notice"));
}

#[tokio::test]
async fn healthz_answers_when_the_database_answers() {
    let (test_db, app) = app_with(ShopSettings::default()).await;
    let reply = get(&app, "/healthz", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&reply.body).expect("json")["database"],
        "SQLite"
    );

    test_db.db.close().await;
    let reply = get(&app, "/healthz", &[]).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn assets_are_immutable_and_unknown_ones_404() {
    let (_db, app) = app_with(ShopSettings::default()).await;
    let reply = get(
        &app,
        "/assets/main-abc123.js",
        &[("accept-encoding", "gzip, br")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        reply.headers[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    assert!(
        reply.headers[header::CONTENT_TYPE]
            .to_str()
            .expect("ascii")
            .starts_with("text/javascript")
    );
    assert_eq!(
        get(&app, "/assets/nope.js", &[]).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&app, "/assets/..%2F..%2Fetc%2Fpasswd", &[])
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn content_pages_are_served_at_their_slug() {
    use mercato_core::content::{SourceFormat, prepare};
    let (test_db, app) = app_with(ShopSettings::default()).await;
    let page = prepare(
        "shipping-returns",
        "Shipping & returns",
        "Costs, times and \"30-day\" returns",
        SourceFormat::Markdown,
        "## Shipping\n\nFree over $100. <img src=x onerror=alert(1)>",
    )
    .expect("page");
    mercato_db::content_pages::put(&test_db.db, &page)
        .await
        .expect("put");

    let reply = get(&app, "/shipping-returns/", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(
        reply.body.contains("<h1>Shipping &amp; returns</h1>"),
        "{}",
        reply.body
    );
    assert!(reply.body.contains("<title>Shipping &amp; returns – "));
    assert!(reply.body.contains(
        "<meta name=\"description\" content=\"Costs, times and &quot;30-day&quot; returns\">"
    ));
    assert!(reply.body.contains("<h2>Shipping</h2>"));
    assert!(!reply.body.contains("onerror"));
    assert!(
        !reply.body.contains("class=\"edit-links\""),
        "no edit links for visitors"
    );

    let reply = get(&app, "/shipping-returns?utm_source=x", &[]).await;
    assert_eq!(reply.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(
        reply.headers[header::LOCATION],
        "/shipping-returns/?utm_source=x"
    );

    for missing in [
        "/no-such-page/",
        "/Shipping-Returns/",
        "/shipping-returns/extra/",
    ] {
        assert_eq!(
            get(&app, missing, &[]).await.status,
            StatusCode::NOT_FOUND,
            "{missing}"
        );
    }
    mercato_db::content_pages::delete(&test_db.db, "shipping-returns")
        .await
        .expect("delete");
    assert_eq!(
        get(&app, "/shipping-returns/", &[]).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn content_page_shortcodes_render_as_accessible_widgets() {
    use mercato_core::content::{SourceFormat, prepare};
    let (test_db, app) = app_with(ShopSettings::default()).await;
    let source = "[scroll_to title=\"Questions\"]\n\n## Questions\n\n\
        [accordion]\n[accordion-item title=\"Can I return a <sale> item?\" anchor=\"sale\"]\nYes, **within 30 days**.<script>alert(1)</script>\n[/accordion-item]\n[/accordion]\n\n\
        [tabgroup]\n[tab title=\"Materials\"]\nCotton.\n[/tab]\n[tab title=\"Printing\"]\nBy hand.\n[/tab]\n[/tabgroup]\n\n\
        Shirts of [tooltip title=\"Certified organic\"]cotton[/tooltip].\n\n[read_more]\nA long story.\n[/read_more]\n";
    let page = prepare("faq", "FAQ", "", SourceFormat::Markdown, source).expect("page");
    mercato_db::content_pages::put(&test_db.db, &page)
        .await
        .expect("put");

    let reply = get(&app, "/faq/", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    for part in [
        // The accordion: a heading's button controlling a named region.
        r#"<div class="accordion" data-behaviour="accordion">"#,
        r#"<div class="accordion__item" id="sale"><h3 class="accordion__heading"><button type="button" class="accordion__button" id="sale-button" aria-expanded="true" aria-controls="sale-panel">Can I return a &lt;sale&gt; item?</button></h3>"#,
        r#"<div class="accordion__panel" id="sale-panel" role="region" aria-labelledby="sale-button">"#,
        "Yes, <strong>within 30 days</strong>.",
        // The tab set.
        r#"<div class="tabs" data-behaviour="tabs">"#,
        r#"role="tablist""#,
        r#"role="tab" id="materials-tab" aria-controls="materials" aria-selected="true" tabindex="0">Materials</button>"#,
        r#"role="tab" id="printing-tab" aria-controls="printing" aria-selected="false" tabindex="-1">Printing</button>"#,
        r#"id="printing" role="tabpanel" aria-labelledby="printing-tab""#,
        // The tooltip, described and titled.
        r#"<span class="tooltip__trigger" tabindex="0" title="Certified organic" aria-describedby="tooltip">cotton</span><span class="tooltip__bubble" role="tooltip" id="tooltip">Certified organic</span>"#,
        // The read-more button and the bullet navigation.
        r#"aria-controls="read-more">Read more ▼</button>"#,
        r##"<nav class="scroll-bullets" aria-label="Sections of this page" data-behaviour="scroll-sections"><ul><li><a class="scroll-bullets__link" href="#questions">"##,
        r#"<span class="scroll-to" id="questions""#,
    ] {
        assert!(reply.body.contains(part), "missing {part}\n{}", reply.body);
    }
    assert!(!reply.body.contains("alert(1)"), "{}", reply.body);
    assert!(!reply.body.contains("[accordion"), "{}", reply.body);
}

#[tokio::test]
async fn the_demo_about_page_renders_its_lightbox_and_lottie_blocks() {
    use mercato_core::content::{SourceFormat, prepare};
    let (test_db, app) = app_with(ShopSettings::default()).await;
    // The demo shop's own page (crates/mercato/src/demo/content.rs stores it the same way).
    let source = include_str!("../../../mercato/src/demo/pages/about.md");
    let page = prepare("about", "About us", "", SourceFormat::Markdown, source).expect("page");
    mercato_db::content_pages::put(&test_db.db, &page)
        .await
        .expect("put");

    let reply = get(&app, "/about/", &[]).await;
    assert_eq!(reply.status, StatusCode::OK);
    for part in [
        // A link in the text opens the lightbox, which is an ordinary section without JavaScript.
        r##"<a href="#size-guide" rel="noopener noreferrer">size guide</a>"##,
        r#"<section class="home-section home-lightbox" id="size-guide" aria-labelledby="size-guide-heading" data-behaviour="lightbox" data-panel="lightbox"><h2 class="home-section__heading" id="size-guide-heading">Size guide</h2>"#,
        "<td>48</td>",
        // The vector animation, with its size reserved and its label as its name.
        r#"data-behaviour="lottie" data-src="/media/demo/bouncing-tee.json" data-width="240" data-height="240""#,
        r#"data-loop="true""#,
        r#"data-trigger="scroll""#,
        r#"<div class="home-lottie__frame" role="img" aria-label="A tee bouncing on the print table"><svg class="home-lottie__placeholder" viewBox="0 0 240 240""#,
        r#"data-lottie-toggle hidden>Play animation</button>"#,
    ] {
        assert!(reply.body.contains(part), "missing {part}\n{}", reply.body);
    }
    let link = reply.body.find("size guide</a>").expect("the link");
    let lightbox = reply.body.find(r#"id="size-guide""#).expect("the lightbox");
    assert!(link < lightbox, "the lightbox follows its link in the page");
    assert!(!reply.body.contains("[lightbox"), "{}", reply.body);
    assert!(!reply.body.contains("[lottie"), "{}", reply.body);
}

/// The shipping flags the cart and checkout blocks read (`localPickupEnabled` decides whether
/// they offer pickup at all) say what the shop's shipping settings offer, and follow a change.
#[tokio::test]
async fn page_settings_follow_the_shipping_settings() {
    let (db, app) = app_with(ShopSettings::default()).await;
    // The reference shop: a US zone with flat rate and free shipping, pickup at the SF Store.
    // WooCommerce's cart page for the same shop says the same (shared/reference/wc-golden/
    // settings/cart-with-items.json).
    let wc = settings_json(&get(&app, "/cart/", &[]).await.body)["wcSettings"].clone();
    assert_eq!(wc["shippingEnabled"], true);
    assert_eq!(wc["shippingMethodsExist"], true);
    assert_eq!(wc["shippingCostRequiresAddress"], false);
    assert_eq!(wc["localPickupEnabled"], true);
    assert_eq!(
        wc["collectableMethodIds"],
        serde_json::json!(["local_pickup", "pickup_location"])
    );

    // Pickup switched off: the page stops offering it; the other methods remain.
    let mut shipping = mercato_server::cart::settings::reference_shipping();
    for method in &mut shipping.everywhere {
        if let mercato_core::pricing::ShippingMethod::LocalPickup(pickup) = method {
            pickup.enabled = false;
        }
    }
    shipping.cost_requires_address = true;
    mercato_db::options::set(
        &db.db,
        mercato_server::cart::settings::SHIPPING_OPTION,
        &shipping,
    )
    .await
    .expect("set shipping");
    let wc = settings_json(&get(&app, "/cart/", &[]).await.body)["wcSettings"].clone();
    assert_eq!(wc["localPickupEnabled"], false);
    assert_eq!(wc["shippingMethodsExist"], true);
    assert_eq!(wc["shippingCostRequiresAddress"], true);

    // A shop that does not ship: no methods, no pickup, on every page.
    mercato_db::options::set(
        &db.db,
        mercato_server::cart::settings::SHIPPING_OPTION,
        &serde_json::json!({"enabled": false}),
    )
    .await
    .expect("set shipping");
    for uri in ["/cart/", "/"] {
        let wc = settings_json(&get(&app, uri, &[]).await.body)["wcSettings"].clone();
        assert_eq!(wc["shippingEnabled"], false, "{uri}");
        assert_eq!(wc["shippingMethodsExist"], false, "{uri}");
        assert_eq!(wc["localPickupEnabled"], false, "{uri}");
    }
}
