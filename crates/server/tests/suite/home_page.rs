//! The home page made of the merchant's sections (docs/home-page.md), rendered through the
//! whole router over the storefront fixture catalogue.

use axum::http::StatusCode;
use mercato_core::home;
use mercato_db::options;
use serde_json::json;

use crate::storefront_support::{get, shop};

/// The product names of the cards in the section whose heading is `heading`.
fn cards_under(body: &str, heading: &str) -> Vec<String> {
    // The section's own heading: the mobile menu's levels are h2s too, and may share a name
    // (the default menu has "Clothing").
    let start = body
        .find(&format!("-heading\">{heading}</h2>"))
        .unwrap_or_else(|| panic!("no section {heading}"));
    let section = &body[start..];
    let section = &section[..section.find("</section>").expect("section end")];
    section
        .split("woocommerce-loop-product__title\">")
        .skip(1)
        .map(|s| s[..s.find('<').expect("title end")].to_owned())
        .collect()
}

#[tokio::test]
async fn the_default_home_page_shows_every_section_with_one_h1() {
    let shop = shop().await;
    let reply = get(&shop.app, "/").await;
    assert_eq!(reply.status, StatusCode::OK);
    let body = &reply.body;
    assert_eq!(body.matches("<h1").count(), 1, "one h1");
    assert!(body.contains(r#"<h1 class="home-hero__heading">Wear what you stand for</h1>"#));
    // The carousel: a named region, slides as groups "N of M", the buttons.
    assert!(body.contains(r#"aria-roledescription="carousel" aria-label="Highlights""#));
    for n in 1..=3 {
        assert!(body.contains(&format!(
            r#"aria-roledescription="slide" aria-label="{n} of 3""#
        )));
    }
    assert!(body.contains(r#"aria-label="Previous slide""#));
    assert!(body.contains(r#"aria-label="Next slide""#));
    assert!(body.contains(r#"aria-label="Stop automatic slide show""#));
    assert!(body.contains(r#"data-autoplay="7""#));
    for class in [
        "home-hero",
        "home-banners",
        "home-tiles",
        "home-products",
        "home-text-image",
        "home-counters",
        "home-testimonials",
        "home-social",
    ] {
        assert!(
            body.contains(&format!("class=\"home-section {class}")),
            "no {class}"
        );
    }
    // Every picture declares its size.
    for img in body.split("<img ").skip(1) {
        let tag = &img[..img.find('>').expect("tag end")];
        assert!(
            tag.contains("width=\"") && tag.contains("height=\""),
            "{tag}"
        );
    }
    // Tiles of the fixture's categories that exist, by their canonical URLs.
    assert!(body.contains(r#"home-tile__link" href="/product-category/clothing/hoodies/""#));
    assert!(
        !body.contains(r#"home-tile__link" href="/product-category/mugs/""#),
        "no such category"
    );
    // Counters end on their number without JavaScript, and say it to screen readers.
    assert!(body.contains(r#"<span class="sr-text">48,000+</span><span aria-hidden="true" data-behaviour="count-up" data-count-to="48000" data-prefix="" data-suffix="+">48,000+</span>"#));
    // Cards are the listing's: an add-to-cart link and a quick view button.
    assert!(body.contains("add_to_cart_button ajax_add_to_cart"));
    assert!(body.contains(r#"data-behaviour="quick-view""#));
    // The structured data stays.
    assert!(body.contains(r#""@type":"WebSite""#) || body.contains(r#""@type": "WebSite""#));
}

#[tokio::test]
async fn product_grids_follow_their_source_and_the_shop_page_s_visibility() {
    let shop = shop().await;
    let grid = |heading: &str, source: &str| json!({"type": "product_grid", "heading": heading, "source": source, "limit": 12});
    options::set(
        &shop.test_db.db,
        home::OPTION,
        &json!({"sections": [
            grid("Sale", "on_sale"),
            grid("Hoodies", "category:hoodies"),
            grid("Clothing", "category:clothing"),
            grid("Best", "best_sellers"),
            grid("Gone", "category:no-such-category"),
        ]}),
    )
    .await
    .expect("store the layout");
    let reply = get(&shop.app, "/").await;
    assert_eq!(reply.status, StatusCode::OK);
    let body = &reply.body;
    let sale = cards_under(body, "Sale");
    assert!(sale.contains(&"Beanie".to_owned()), "{sale:?}");
    assert!(!sale.contains(&"Cap".to_owned()), "{sale:?}");
    assert_eq!(cards_under(body, "Hoodies"), vec!["Hoodie".to_owned()]);
    let clothing = cards_under(body, "Clothing");
    assert!(
        clothing.contains(&"Hoodie".to_owned()) && clothing.contains(&"Logo T-shirt".to_owned()),
        "{clothing:?}"
    );
    // No orders yet: the catalogue's own sales counts rank them; the beanie sold 50.
    assert_eq!(
        cards_under(body, "Best").first().map(String::as_str),
        Some("Beanie")
    );
    // Hidden and draft products are never shown; a grid with nothing to show is left out.
    assert!(!body.contains("Hidden Mug") && !body.contains("Draft Poster"));
    assert!(!body.contains(">Gone</h2>"));
    // Without a slider, the tagline is the page's h1.
    assert_eq!(body.matches("<h1").count(), 1);
    assert!(body.contains(r#"<h1 class="home-title">"#));
}

#[tokio::test]
async fn merchant_text_is_escaped_and_rich_text_sanitised() {
    let shop = shop().await;
    options::set(
        &shop.test_db.db,
        home::OPTION,
        &json!({"sections": [
            {"type": "text_image", "heading": "<script>alert(1)</script>",
             "text": "**Bold** <img src=x onerror=alert(2)> [ok](/about/)",
             "image": {"src": "/media/a.svg", "width": 800, "height": 600, "alt": "A \"quoted\" alt"}},
            {"type": "testimonials", "heading": "Said", "items": [{"quote": "<b>hi</b>", "name": "A&B"}]}
        ]}),
    )
    .await
    .expect("store the layout");
    let body = get(&shop.app, "/").await.body;
    assert!(
        body.contains("&lt;script&gt;alert(1)&lt;&#x2f;script&gt;")
            || body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "heading escaped"
    );
    assert!(!body.contains("<script>alert(1)"));
    assert!(body.contains("<strong>Bold</strong>"));
    assert!(!body.contains("onerror"));
    assert!(body.contains(r#"<a href="/about/""#));
    assert!(body.contains(r#"alt="A &quot;quoted&quot; alt""#));
    assert!(body.contains("&lt;b&gt;hi&lt;&#x2f;b&gt;") || body.contains("&lt;b&gt;hi&lt;/b&gt;"));
    assert!(body.contains("A&amp;B"));
}

#[tokio::test]
async fn a_stored_layout_that_no_longer_reads_falls_back_on_the_default() {
    let shop = shop().await;
    options::set(
        &shop.test_db.db,
        home::OPTION,
        &json!({"sections": [{"type": "marquee"}]}),
    )
    .await
    .expect("store");
    let reply = get(&shop.app, "/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.body.contains("Wear what you stand for"));
}

/// The JSON of `GET admin-ajax.php?action=mercato_load_{feed}&data=...`.
async fn feed(app: &axum::Router, feed: &str, data: &str) -> serde_json::Value {
    let uri = format!(
        "/wp-admin/admin-ajax.php?action=mercato_load_{feed}&data={}",
        crate::storefront_support::encode(data)
    );
    let reply = get(app, &uri).await;
    assert_eq!(reply.status, StatusCode::OK, "{uri}");
    assert_eq!(reply.headers["cache-control"], "no-store");
    serde_json::from_str(&reply.body).expect("JSON")
}

#[tokio::test]
async fn the_social_feed_answers_the_merchant_s_photos_as_html() {
    let shop = shop().await;
    let none = feed(&shop.app, "instagram", r#"{"limit":12}"#).await;
    assert_eq!(none, json!({"success": false, "data": "Unknown feed"}));
    options::set(
        &shop.test_db.db,
        home::FEEDS_OPTION,
        &json!({"feeds": {"instagram": {"service": "Instagram", "photos": [
            {"image": {"src": "/media/a.svg", "width": 600, "height": 600, "alt": "A \"tee\" <b>"}, "url": "/shop/"},
            {"image": {"src": "/media/b.svg", "width": 600, "height": 600, "alt": "A mug"}, "url": "/product-category/mugs/"}
        ]}}}),
    )
    .await
    .expect("store the feeds");
    let all = feed(&shop.app, "instagram", r#"{"limit":12}"#).await;
    assert_eq!(all["success"], true);
    let html = all["data"].as_str().expect("HTML");
    assert_eq!(html.matches("<li>").count(), 2);
    assert!(html.contains(r#"<a class="home-social__item" href="/shop/"><img src="/media/a.svg" width="600" height="600" alt="A &quot;tee&quot; &lt;b&gt;""#), "{html}");
    let one = feed(&shop.app, "instagram", r#"{"limit":1}"#).await;
    assert_eq!(
        one["data"].as_str().expect("HTML").matches("<li>").count(),
        1
    );
    let bad = feed(&shop.app, "instagram", r#"{"limit":"all"}"#).await;
    assert_eq!(
        bad,
        json!({"success": false, "data": "Invalid feed configuration"})
    );
    let other = feed(&shop.app, "tiktok", "{}").await;
    assert_eq!(other, json!({"success": false, "data": "Unknown feed"}));
    let hostile = feed(&shop.app, "..%2Fetc", "{}").await;
    assert_eq!(hostile["success"], false);
    // The home page's placeholder names the feed, its service and its configuration; only
    // staff get the errors on the page.
    let body = get(&shop.app, "/").await.body;
    assert!(body.contains(r#"data-behaviour="social-feed" data-feed="instagram" data-feed-service="Instagram" data-feed-config='{"limit":12}'>"#), "{body}");
    // A square is kept for each of the two photos to come.
    assert_eq!(
        body.matches(r#"<span class="home-social__slot">"#).count(),
        2
    );
}

/// A shop whose media directory is `media`, with the feed `insta` reading its `folder`.
async fn shop_with_media_dir(
    media: &std::path::Path,
    folder: &str,
) -> (mercato_db::testing::TestDb, axum::Router) {
    let test_db = mercato_db::testing::TestDb::sqlite()
        .await
        .expect("test database");
    options::set(
        &test_db.db,
        home::FEEDS_OPTION,
        &json!({"feeds": {"insta": {"service": "Instagram", "folder": folder}}}),
    )
    .await
    .expect("store the feeds");
    let config = mercato_server::ServerConfig {
        media_dir: media.to_path_buf(),
        ..mercato_server::ServerConfig::default()
    };
    let (_, app) = crate::shop::Shop::builder()
        .config(config)
        .app(test_db.db.clone());
    (test_db, app)
}

/// Writes `name` in `dir` with `bytes`, modified `age` seconds ago.
fn picture(dir: &std::path::Path, name: &str, bytes: &[u8], age: u64) {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("test setup");
    let at = std::time::SystemTime::now() - std::time::Duration::from_secs(age);
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(at))
        .expect("test setup");
}

fn svg(width: u32, height: u32) -> Vec<u8> {
    format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"></svg>"#)
        .into_bytes()
}

#[tokio::test]
async fn a_feed_from_a_folder_shows_its_newest_pictures_linking_where_links_json_says() {
    let root = tempfile::tempdir().expect("test setup");
    let media = root.path().join("media");
    let folder = media.join("feed/insta");
    std::fs::create_dir_all(&folder).expect("test setup");
    picture(&folder, "old-hike.svg", &svg(800, 600), 300);
    picture(&folder, "new_mug.svg", &svg(600, 600), 10);
    picture(&folder, "middle tee.svg", &svg(500, 500), 100);
    picture(&folder, "notes.txt", b"not a picture", 0);
    picture(&folder, ".hidden.svg", &svg(1, 1), 0);
    std::fs::write(
        folder.join("links.json"),
        r#"{"new_mug.svg": {"url": "/product/mug/", "alt": "Our mug on a desk"}, "middle tee.svg": "javascript:alert(1)"}"#,
    )
    .expect("test setup");
    // A picture outside the media directory, reached by a link from inside the folder.
    std::fs::write(root.path().join("secret.svg"), svg(9, 9)).expect("test setup");
    std::os::unix::fs::symlink(
        root.path().join("secret.svg"),
        folder.join("zzz-outside.svg"),
    )
    .expect("test setup");

    let (_db, app) = shop_with_media_dir(&media, "feed/insta").await;
    let all = feed(&app, "insta", r#"{"limit":12}"#).await;
    assert_eq!(all["success"], true, "{all}");
    let html = all["data"].as_str().expect("HTML");
    assert_eq!(
        html,
        concat!(
            r#"<ul class="home-social__list">"#,
            r#"<li><a class="home-social__item" href="/product/mug/"><img src="/media/feed/insta/new_mug.svg" width="600" height="600" alt="Our mug on a desk" loading="lazy" decoding="async"></a></li>"#,
            r#"<li><a class="home-social__item" href="/media/feed/insta/middle%20tee.svg"><img src="/media/feed/insta/middle%20tee.svg" width="500" height="500" alt="middle tee" loading="lazy" decoding="async"></a></li>"#,
            r#"<li><a class="home-social__item" href="/media/feed/insta/old-hike.svg"><img src="/media/feed/insta/old-hike.svg" width="800" height="600" alt="old hike" loading="lazy" decoding="async"></a></li>"#,
            "</ul>"
        ),
        "newest first; the text file, the hidden file and the link out are left out"
    );
    let two = feed(&app, "insta", r#"{"limit":2}"#).await;
    assert_eq!(
        two["data"].as_str().expect("HTML").matches("<li>").count(),
        2
    );

    // The pictures are served under /media/; nothing outside the directory is.
    let served = get(&app, "/media/feed/insta/middle%20tee.svg").await;
    assert_eq!(served.status, StatusCode::OK);
    assert_eq!(served.headers["content-type"], "image/svg+xml");
    for refused in [
        "/media/feed/insta/zzz-outside.svg",
        "/media/feed/insta/../../secret.svg",
        "/media/feed/%2E%2E/%2E%2E/secret.svg",
        "/media/feed/insta/notes.txt",
        "/media/feed/insta/links.json",
        "/media/feed/insta/.hidden.svg",
    ] {
        assert_eq!(
            get(&app, refused).await.status,
            StatusCode::NOT_FOUND,
            "{refused}"
        );
    }
}

/// The feed's JSON as the holder of `session` (a `mercato_session` id) gets it.
async fn feed_as(app: &axum::Router, feed: &str, session: &str) -> serde_json::Value {
    use axum::body::Body;
    use axum::http::{Request, header};
    let request = Request::get(format!(
        "/wp-admin/admin-ajax.php?action=mercato_load_{feed}&data=%7B%7D"
    ))
    .header(header::HOST, "shop.test")
    .header(header::COOKIE, format!("mercato_session={session}"))
    .body(Body::empty())
    .expect("request");
    let reply = crate::storefront_support::send(app, request).await;
    assert_eq!(reply.status, StatusCode::OK);
    serde_json::from_str(&reply.body).expect("JSON")
}

/// A session of a new account with `role` on the shop `db`.
async fn session_of(db: &mercato_db::Db, email: &str, role: &str) -> String {
    use mercato_core::orders::Address;
    let user = mercato_db::users::create(
        db,
        mercato_db::users::NewUser {
            email,
            password_hash: "x",
            display_name: "Staff",
            billing: &Address::default(),
            shipping: &Address::default(),
        },
    )
    .await
    .expect("account");
    mercato_db::users::set_role(db, user.id, role)
        .await
        .expect("role");
    mercato_db::sessions::create(db, Some(user.id), 3600)
        .await
        .expect("session")
        .id
}

const FEED_UNAVAILABLE: &str = "The feed is not available right now";

#[tokio::test]
async fn a_feed_folder_outside_the_media_directory_or_missing_is_an_error_told_to_staff_only() {
    let root = tempfile::tempdir().expect("test setup");
    let media = root.path().join("media");
    std::fs::create_dir_all(media.join("empty")).expect("test setup");
    std::fs::create_dir_all(root.path().join("elsewhere")).expect("test setup");
    std::fs::write(root.path().join("elsewhere/a.svg"), svg(5, 5)).expect("test setup");
    // A folder that is a link out of the media directory.
    std::os::unix::fs::symlink(root.path().join("elsewhere"), media.join("out"))
        .expect("test setup");

    // Security review 2, E3: the detail (folder names, parse errors) is for the staff, who
    // see it on the page; a guest and a customer are told the feed is not available.
    let generic = json!({"success": false, "data": FEED_UNAVAILABLE});
    for (folder, detail) in [
        ("out", "The folder out is not in the media directory"),
        (
            "missing",
            "The folder missing is not in the media directory",
        ),
    ] {
        let (db, app) = shop_with_media_dir(&media, folder).await;
        assert_eq!(feed(&app, "insta", "{}").await, generic, "{folder}");
        let customer = session_of(&db.db, "c@example.com", "customer").await;
        assert_eq!(feed_as(&app, "insta", &customer).await, generic, "{folder}");
        let manager = session_of(&db.db, "m@example.com", "shop_manager").await;
        assert_eq!(
            feed_as(&app, "insta", &manager).await,
            json!({"success": false, "data": detail})
        );
    }
    let (db, app) = shop_with_media_dir(&media, "empty").await;
    assert_eq!(
        feed(&app, "insta", "{}").await,
        json!({"success": false, "data": "No photos yet"})
    );
    std::fs::write(media.join("empty/a.png"), b"x").expect("test setup");
    std::fs::write(media.join("empty/links.json"), "{not json").expect("test setup");
    assert_eq!(feed(&app, "insta", "{}").await, generic);
    let admin = session_of(&db.db, "a@example.com", "administrator").await;
    let broken = feed_as(&app, "insta", &admin).await;
    assert_eq!(broken["success"], false);
    assert!(
        broken["data"]
            .as_str()
            .is_some_and(|m| m.starts_with("links.json in empty: ")),
        "{broken}"
    );
}

#[tokio::test]
async fn media_sections_render_with_their_names_and_lightboxes_come_last() {
    let shop = shop().await;
    let image = |alt: &str| json!({"src": "/media/a.svg", "width": 600, "height": 400, "alt": alt});
    options::set(
        &shop.test_db.db,
        home::OPTION,
        &json!({"sections": [
            {"type": "lightbox", "id": "size-guide", "heading": "Size guide",
             "text": "| Size | Chest |\n|---|---|\n| S | 48 |\n\n<script>alert(1)</script>"},
            {"type": "banner_grid", "banners": [{"title": "Fit", "url": "#size-guide", "image": image("")}]},
            {"type": "gallery", "heading": "Lookbook", "images": [image("A green tee"), image("A hoodie")]},
            {"type": "video", "heading": "Studio", "text": "Printed by hand", "src": "/media/v.mp4",
             "poster": {"src": "/media/p.svg", "width": 1280, "height": 720, "alt": ""},
             "button": {"label": "Size guide", "url": "#size-guide"},
             "watch": {"label": "Watch the film", "src": "/media/film.mp4", "open": "lightbox"}},
            {"type": "lottie", "src": "/media/a.json", "label": "A bouncing tee", "width": 240, "height": 200,
             "autoplay": true, "loop": true, "trigger": "hover", "mouseout": "reverse", "start": 10, "end": 90, "speed": 1.5},
            {"type": "lightbox", "id": "care", "heading": "Care", "text": "Wash cold. [Watch how](/media/care.mp4)", "panel": "offcanvas_left"}
        ]}),
    )
    .await
    .expect("store the layout");
    let reply = get(&shop.app, "/").await;
    assert_eq!(reply.status, StatusCode::OK);
    let body = &reply.body;

    // Links name the lightbox by its own id; the lightbox content is an ordinary section
    // (a region named by its heading) after every other section, so they land on it.
    assert!(body.contains(r##"<a class="home-banner__link" href="#size-guide">"##));
    assert!(
        body.contains(r##"<a class="button button--primary" href="#size-guide">Size guide</a>"##)
    );
    let size_guide = body
        .find(r#"<section class="home-section home-lightbox" id="size-guide" aria-labelledby="size-guide-heading" data-behaviour="lightbox" data-panel="lightbox">"#)
        .expect("the size guide section");
    let care = body
        .find(r#"id="care" aria-labelledby="care-heading" data-behaviour="lightbox" data-panel="offcanvas_left""#)
        .expect("the care panel");
    let lottie = body.find("home-lottie").expect("the lottie block");
    assert!(
        lottie < size_guide && size_guide < care,
        "lightboxes last, in order"
    );
    assert!(
        body.contains(
            r#"<h2 class="home-section__heading" id="size-guide-heading">Size guide</h2>"#
        )
    );
    assert!(body.contains("<table>"), "Markdown tables");
    assert!(!body.contains("<script>alert(1)"), "sanitised");
    // A link to an .mp4 file in the text plays inline (SPEC §2.1).
    let film = &body[body
        .find(r#"<a href="/media/care.mp4""#)
        .expect("the film link")..];
    let film = &film[..film.find('>').expect("tag end")];
    assert!(
        film.ends_with(r#" data-behaviour="video-link" data-open="inline""#),
        "{film}"
    );

    // The gallery: thumbnails are links to their pictures, named by their alt text.
    assert!(body.contains(r#"data-behaviour="home-gallery""#));
    assert!(body.contains(r#"<a class="home-gallery__link" href="/media/a.svg" data-gallery-width="600" data-gallery-height="400">"#));
    assert!(body.contains(r#"alt="A green tee""#));

    // The background video: muted, looped, inline, with its poster and size, never autoplay
    // from the markup; the film is a plain link to the file.
    let video = &body[body.find("<video").expect("a video")..];
    let video = &video[..video.find('>').expect("tag end")];
    for attribute in [
        r#"src="/media/v.mp4""#,
        r#"poster="/media/p.svg""#,
        r#"width="1280""#,
        r#"height="720""#,
        " muted",
        " loop",
        " playsinline",
    ] {
        assert!(video.contains(attribute), "{attribute} in {video}");
    }
    assert!(!video.contains("autoplay"), "{video}");
    assert!(body.contains(r#"<button type="button" class="home-video__toggle" data-video-toggle hidden>Play video</button>"#));
    assert!(body.contains(r#"href="/media/film.mp4" data-behaviour="video-link" data-open="lightbox">Watch the film</a>"#));

    // The animation: a labelled image whose size is reserved, with its settings.
    assert!(body.contains(r#"aria-label="A bouncing tee""#));
    assert!(body.contains(r#"role="img""#));
    assert!(body.contains(r#"viewBox="0 0 240 200" width="240" height="200""#));
    for setting in [
        r#"data-src="/media/a.json""#,
        r#"data-autoplay="true""#,
        r#"data-loop="true""#,
        r#"data-trigger="hover""#,
        r#"data-mouseout="reverse""#,
        r#"data-start="10""#,
        r#"data-end="90""#,
        r#"data-speed="1.5""#,
        r#"data-direction="forward""#,
        r#"data-scroll-action="play""#,
    ] {
        assert!(body.contains(setting), "{setting}");
    }
}

/// `GET /` with `cookie` (a `name=value` list; "" for none).
async fn home_with_cookie(app: &axum::Router, cookie: &str) -> crate::storefront_support::Reply {
    use axum::body::Body;
    use axum::http::{Request, header};
    let mut request = Request::get("/").header(header::HOST, crate::storefront_support::HOST);
    if !cookie.is_empty() {
        request = request.header(header::COOKIE, cookie);
    }
    crate::storefront_support::send(app, request.body(Body::empty()).expect("request")).await
}

/// The header's cart count and the account link's text.
fn header_of(body: &str) -> (String, String) {
    let count = body
        .split("<span class=\"header-cart__count\">")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .expect("the header's cart count");
    let account = body
        .split("<a class=\"header-account\" href=\"/my-account/\">")
        .nth(1)
        .and_then(|s| s.split('<').next())
        .expect("the header's account link");
    (count.to_owned(), account.to_owned())
}

const EDIT_LINKS: &str = "Edit with page builder<span class=\"sr-text\">: Home hero</span>";

#[tokio::test]
async fn the_home_page_is_kept_and_served_again_as_rendered_afresh() {
    let shop = shop().await;
    let first = get(&shop.app, "/").await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(shop.state.web.page_cache.len(), 1, "the home page is kept");
    let again = get(&shop.app, "/").await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(
        crate::storefront_page_cache::without_nonce_time(&again.body),
        crate::storefront_page_cache::without_nonce_time(&first.body),
        "the kept page is the page rendered afresh"
    );
    // What the base layout writes from the page outside its blocks survives the cache.
    assert!(again.body.contains("<body class=\"home\">"));
    assert!(again.body.contains("<meta name=\"description\" content=\""));
    assert_eq!(shop.state.web.page_cache.len(), 1);
}

#[tokio::test]
async fn each_visitor_sees_their_own_cart_account_link_notices_and_edit_links_on_the_kept_home_page()
 {
    let shop = shop().await;
    let db = &shop.test_db.db;
    // Staff first: the guest after them must not get their edit links.
    let manager = session_of(db, "m@example.com", "shop_manager").await;
    let staff = home_with_cookie(&shop.app, &format!("mercato_session={manager}")).await;
    assert!(staff.body.contains(EDIT_LINKS), "staff see the edit links");
    let guest = home_with_cookie(&shop.app, "").await;
    assert_eq!(guest.status, StatusCode::OK);
    assert!(!guest.body.contains(EDIT_LINKS), "a guest does not");
    assert_eq!(header_of(&guest.body), ("0".into(), "Log in".into()));
    let kept = shop.state.web.page_cache.len();
    assert_eq!(kept, 2, "a page for staff, one for everyone else");

    // A guest who adds to the cart: the header counts it and the notice shows, on the page
    // kept before they came.
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
    let shopper = home_with_cookie(&shop.app, &session).await;
    assert_eq!(header_of(&shopper.body).0, "2", "their own cart");
    assert!(
        shopper.body.contains("been added to your cart."),
        "their own notice"
    );
    // Shown once: the next page has it no more, and the cart is still there.
    let next = home_with_cookie(&shop.app, &session).await;
    assert!(!next.body.contains("been added to your cart."));
    assert_eq!(header_of(&next.body).0, "2");
    // Everyone else still sees an empty cart and no notice.
    let other = home_with_cookie(&shop.app, "").await;
    assert_eq!(header_of(&other.body), ("0".into(), "Log in".into()));
    assert!(!other.body.contains("been added to your cart."));

    // A customer: their account link, no edit links.
    let customer = session_of(db, "c@example.com", "customer").await;
    let theirs = home_with_cookie(&shop.app, &format!("mercato_session={customer}")).await;
    assert_eq!(header_of(&theirs.body).1, "My account");
    assert!(!theirs.body.contains(EDIT_LINKS));
    assert_eq!(
        shop.state.web.page_cache.len(),
        kept,
        "none of them needed a page of their own"
    );
}

#[tokio::test]
async fn a_catalogue_layout_or_feed_change_shows_on_the_next_home_page() {
    let shop = shop().await;
    let db = &shop.test_db.db;
    let layout = |heading: &str| {
        json!({"sections": [
            {"type": "product_grid", "heading": heading, "source": "category:accessories", "limit": 12},
            {"type": "social_feed", "heading": "Seen on", "feed": "insta"}
        ]})
    };
    options::set(db, home::OPTION, &layout("Accessories"))
        .await
        .expect("store the layout");
    let photo = json!({"image": {"src": "/media/a.svg", "width": 600, "height": 600, "alt": "A"}, "url": "/shop/"});
    let feeds = |photos: usize| json!({"feeds": {"insta": {"service": "Instagram", "photos": vec![photo.clone(); photos]}}});
    options::set(db, home::FEEDS_OPTION, &feeds(2))
        .await
        .expect("store the feeds");
    let slots = |body: &str| body.matches(r#"<span class="home-social__slot">"#).count();

    let before = get(&shop.app, "/").await.body;
    assert!(cards_under(&before, "Accessories").contains(&"Beanie".to_owned()));
    assert_eq!(slots(&before), 2);
    assert_eq!(get(&shop.app, "/").await.body.len(), before.len(), "kept");

    // A catalogue write: the product is gone from the very next page.
    assert!(
        mercato_db::catalogue::delete_product(db, shop.ids.beanie)
            .await
            .expect("delete")
    );
    let deleted = get(&shop.app, "/").await.body;
    assert!(!cards_under(&deleted, "Accessories").contains(&"Beanie".to_owned()));

    // A new layout, then new feeds: each shows at once.
    options::set(db, home::OPTION, &layout("Wear it"))
        .await
        .expect("store the layout");
    let relaid = get(&shop.app, "/").await.body;
    assert!(relaid.contains("-heading\">Wear it</h2>"));
    assert!(!relaid.contains("-heading\">Accessories</h2>"));
    options::set(db, home::FEEDS_OPTION, &feeds(5))
        .await
        .expect("store the feeds");
    assert_eq!(slots(&get(&shop.app, "/").await.body), 5);

    // Back to an earlier layout is a change too.
    options::set(db, home::OPTION, &layout("Accessories"))
        .await
        .expect("store the layout");
    assert!(
        get(&shop.app, "/")
            .await
            .body
            .contains("-heading\">Accessories</h2>")
    );
}
