//! Downloads (issue 13), on SQLite and PostgreSQL: a customer buys a downloadable product at
//! the classic checkout, finds it on My account → Downloads and on the order-received page,
//! and downloads the file with the headers a private download needs, as often as the
//! product allows and while it has not expired; another customer gets the 404 page, a
//! visitor who is not logged in the login form.

use crate::cart_page_support::{Browser, RefShop, attribute_after, cart_shop_on};
use crate::checkout_page::{form, nonce, post};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType};
use mercato_core::csv_format::mapping::{DownloadFile, ProductExtras};
use mercato_core::money::Money;
use mercato_core::orders::OrderStatus;
use mercato_db::catalogue::CatalogueWriter;
use mercato_db::{Backend, downloads, options, orders, users};
use mercato_server::ServerConfig;
use tower::ServiceExt;

const PASSWORD: &str = "correct horse battery staple";
const ZIP: &[u8] = b"PK\x03\x04 a tiny test archive";

/// The shop with a downloadable pack (two downloads, 30 days) whose file is in `dir`.
async fn shop_with_pack(shop: &RefShop, dir: &std::path::Path) -> (axum::Router, i64) {
    std::fs::create_dir_all(dir.join("packs")).expect("dir");
    std::fs::write(dir.join("packs/pack.zip"), ZIP).expect("file");
    let db = &shop.state.db;
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut pack = Product::new(ProductId(0), ProductType::Simple, "Wallpaper Pack");
    pack.pricing = Pricing::regular(Money::from_minor(500));
    pack.is_virtual = true;
    pack.is_downloadable = true;
    let id = writer.save_product(&mut pack, &mut []).await.expect("save");
    writer.commit().await.expect("commit");
    let extras = ProductExtras {
        download_limit: Some(2),
        download_expiry_days: Some(30),
        downloads: vec![DownloadFile {
            id: Some("pack".into()),
            name: Some("Wallpapers (ZIP)".into()),
            url: "packs/pack.zip".into(),
        }],
        ..ProductExtras::default()
    };
    options::set(db, &format!("catalogue.extras.{}", id.0), &extras)
        .await
        .expect("extras");
    let config = ServerConfig {
        downloads_dir: dir.to_path_buf(),
        ..ServerConfig::default()
    };
    let (_, app) = crate::shop::Shop::builder()
        .paying()
        .rest_route()
        .config(config)
        .app(db.clone());
    (app, id.0)
}

async fn register(browser: &mut Browser, email: &str) {
    let page = browser.get("/my-account/").await;
    let nonce = attribute_after(&page.body, "name=\"woocommerce-register-nonce\" value=\"")
        .expect("register nonce");
    let made = browser
        .post(
            "/my-account/",
            &[
                ("email", email),
                ("password", PASSWORD),
                ("woocommerce-register-nonce", nonce.as_str()),
                ("register", "Register"),
            ],
        )
        .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
}

/// A raw GET with `browser`'s cookies, for the headers.
async fn fetch(app: &axum::Router, browser: &Browser, uri: &str) -> axum::response::Response {
    let jar: Vec<String> = browser
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let mut request = Request::builder()
        .uri(uri)
        .header(header::HOST, "shop.test");
    if !jar.is_empty() {
        request = request.header(header::COOKIE, jar.join("; "));
    }
    app.clone()
        .oneshot(request.body(Body::empty()).expect("request"))
        .await
        .expect("response")
}

async fn body_of(response: axum::response::Response) -> Vec<u8> {
    response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec()
}

fn header_of(response: &axum::response::Response, name: header::HeaderName) -> String {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned()
}

async fn downloads_story(shop: RefShop) {
    let dir = tempfile::tempdir().expect("tempdir");
    let (app, pack) = shop_with_pack(&shop, dir.path()).await;

    // Ada has nothing to download yet.
    let mut ada = Browser::on(&app);
    register(&mut ada, "ada@example.com").await;
    let empty = ada.get("/my-account/downloads/").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.body.contains("No downloads available yet."));

    // She buys the pack with a card.
    let added = ada.get(&format!("/shop/?add-to-cart={pack}")).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let page = ada.get("/checkout/").await;
    let placed = post(
        &mut ada,
        &form(
            &nonce(&page),
            &[
                ("billing_email", "ada@example.com"),
                ("payment_method", "test_card"),
                ("test_card-card-number", "4242 4242 4242 4242"),
                ("test_card-card-expiry", "12/40"),
                ("test_card-card-cvc", "123"),
            ],
        ),
    )
    .await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    assert!(
        placed.location.contains("/order-received/"),
        "{}",
        placed.location
    );
    let ada_id = users::find_by_email(&shop.state.db, "ada@example.com")
        .await
        .expect("find")
        .expect("ada")
        .id;
    let (list, _) = orders::for_customer(&shop.state.db, ada_id, 1, 10)
        .await
        .expect("orders");
    assert_eq!(
        list[0].status,
        OrderStatus::Completed,
        "only a download: nothing to process"
    );
    let granted = downloads::for_customer(&shop.state.db, ada_id)
        .await
        .expect("downloads");
    assert_eq!(granted.len(), 1);
    let link = granted[0].url();

    // The links are on her Downloads page, her order's page and the order-received page.
    let listed = ada.get("/my-account/downloads/").await;
    assert!(
        listed.body.contains(&format!("href=\"{link}\"")),
        "{}",
        listed.body
    );
    assert!(listed.body.contains("Wallpapers (ZIP)"));
    let view = ada
        .get(&format!("/my-account/view-order/{}/", list[0].id))
        .await;
    assert!(view.body.contains(&format!("href=\"{link}\"")));
    let received = ada
        .get(placed.location.trim_start_matches("http://shop.test"))
        .await;
    assert_eq!(received.status, StatusCode::OK);
    assert!(
        received.body.contains(&format!("href=\"{link}\"")),
        "{}",
        received.body
    );

    // Another customer: the 404 page, nothing counted. A visitor: the login form.
    let mut bob = Browser::on(&app);
    register(&mut bob, "bob@example.com").await;
    let refused = fetch(&app, &bob, &link).await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    let guest = fetch(&app, &Browser::on(&app), &link).await;
    assert_eq!(guest.status(), StatusCode::SEE_OTHER);
    assert_eq!(header_of(&guest, header::LOCATION), "/my-account/");
    let unknown = fetch(&app, &ada, &format!("/download/{}/", "0".repeat(32))).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);

    // Ada downloads it twice, with a private download's headers.
    for left in [1, 0] {
        let file = fetch(&app, &ada, &link).await;
        assert_eq!(file.status(), StatusCode::OK);
        assert_eq!(header_of(&file, header::CONTENT_TYPE), "application/zip");
        assert_eq!(
            header_of(&file, header::CONTENT_DISPOSITION),
            "attachment; filename=\"pack.zip\""
        );
        assert_eq!(header_of(&file, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
        assert_eq!(header_of(&file, header::CACHE_CONTROL), "private, no-store");
        assert_eq!(body_of(file).await, ZIP);
        let now = downloads::by_key(&shop.state.db, &granted[0].key)
            .await
            .expect("read")
            .expect("there");
        assert_eq!(now.downloads_remaining, Some(left));
    }
    // The third time is refused, and says why.
    let exhausted = fetch(&app, &ada, &link).await;
    assert_eq!(exhausted.status(), StatusCode::FORBIDDEN);
    let text = String::from_utf8(body_of(exhausted).await).expect("utf-8");
    assert!(
        text.contains("you have reached your download limit"),
        "{text}"
    );
    let page = ada.get("/my-account/downloads/").await;
    assert!(page.body.contains("(no longer available)"));

    // An expired download is gone.
    downloads::set_access_expires(&shop.state.db, &granted[0].key, Some(1))
        .await
        .expect("expire");
    let expired = fetch(&app, &ada, &link).await;
    assert_eq!(expired.status(), StatusCode::GONE);
    let text = String::from_utf8(body_of(expired).await).expect("utf-8");
    assert!(text.contains("this download has expired"), "{text}");

    // A guest's order: the link on the order-received page carries the order's key, which
    // is what lets them download; the bare link is the 404 page.
    let mut guest = Browser::on(&app);
    let added = guest.get(&format!("/shop/?add-to-cart={pack}")).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let page = guest.get("/checkout/").await;
    let placed = post(
        &mut guest,
        &form(
            &nonce(&page),
            &[
                ("billing_email", "guest@example.com"),
                ("payment_method", "test_card"),
                ("test_card-card-number", "4242 4242 4242 4242"),
                ("test_card-card-expiry", "12/40"),
                ("test_card-card-cvc", "123"),
            ],
        ),
    )
    .await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    let received = guest
        .get(placed.location.trim_start_matches("http://shop.test"))
        .await;
    let keyed = attribute_after(&received.body, "href=\"/download/")
        .map(|rest| format!("/download/{rest}"))
        .expect("a download link");
    assert!(keyed.contains("/?key=wc_order_"), "{keyed}");
    let file = fetch(&app, &Browser::on(&app), &keyed).await;
    assert_eq!(file.status(), StatusCode::OK);
    assert_eq!(body_of(file).await, ZIP);
    let bare = keyed.split('?').next().expect("path").to_owned();
    let refused = fetch(&app, &Browser::on(&app), &bare).await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    let wrong = fetch(&app, &ada, &format!("{bare}?key=wc_order_wrong")).await;
    assert_eq!(wrong.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn customers_download_their_own_files_on_sqlite() {
    downloads_story(cart_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn customers_download_their_own_files_on_postgres() {
    downloads_story(cart_shop_on(Backend::Postgres).await).await;
}
