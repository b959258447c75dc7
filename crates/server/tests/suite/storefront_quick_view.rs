//! The quick view (admin-ajax `mercato_quickview`, SPEC §7.2 item 4) through the whole
//! router: the fragment of a variable and a simple product, refusals of bad, unknown and
//! hidden ids in the endpoint's JSON, escaping of a hostile name, and the cards' buttons.

use crate::storefront_support as support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType};
use mercato_core::money::Money;
use support::{HOST, Reply, assert_csp_clean, get, post_form, send, shop};

const ENDPOINT: &str = "/wp-admin/admin-ajax.php";

async fn quick_view(app: &axum::Router, product: &str) -> Reply {
    post_form(
        app,
        ENDPOINT,
        &[("action", "mercato_quickview"), ("product", product)],
        &[],
    )
    .await
}

/// The refusal's message, checking the `wp_send_json_error` shape on the way.
fn refusal(reply: &Reply) -> String {
    assert!(
        reply.headers[header::CONTENT_TYPE]
            .to_str()
            .expect("type")
            .starts_with("application/json"),
        "{:?}",
        reply.headers
    );
    let json: serde_json::Value = serde_json::from_str(&reply.body).expect("JSON");
    assert_eq!(json["success"], false, "{json}");
    json["data"]["message"]
        .as_str()
        .expect("message")
        .to_owned()
}

#[tokio::test]
async fn a_variable_product_comes_with_its_gallery_form_and_a_link_to_its_page() {
    let shop = shop().await;
    let id = shop.ids.hoodie.0;
    let reply = quick_view(&shop.app, &id.to_string()).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert_eq!(
        reply.headers[header::CONTENT_TYPE],
        "text/html; charset=utf-8"
    );
    assert_eq!(reply.headers[header::CACHE_CONTROL], "no-cache, private");
    let body = &reply.body;
    assert_csp_clean(body);
    // A fragment, not a page: its root is the product the behaviours look for.
    assert!(!body.contains("<html"), "a fragment");
    assert!(body.trim_start().starts_with(&format!(
        "<div id=\"quick-view-product-{id}\" class=\"product type-product product-type-variable"
    )));
    assert!(body.contains(&format!(
        "<h2 class=\"product_title entry-title\" id=\"quick-view-title-{id}\">Hoodie</h2>"
    )));
    // The gallery: main image and a thumbnail per image.
    assert!(body.contains("data-product-gallery"));
    assert!(body.contains("data-large_image=\"/media/hoodie.jpg\""));
    assert_eq!(body.matches("data-gallery-index=").count(), 2);
    assert!(body.contains("<p>Warm and soft.</p>"), "short description");
    assert!(
        !body.contains("Heavy <strong>fleece</strong>"),
        "no long description"
    );
    assert!(body.contains("<p class=\"price\">"));
    // The product page's form: posts to the product page, selects with ids of their own.
    assert!(body.contains(
        "<form class=\"variations_form cart\" action=\"/product/hoodie/\" method=\"post\""
    ));
    assert!(body.contains(&format!("data-product_id=\"{id}\"")));
    assert!(body.contains(&format!(
        "<label for=\"quick-view-{id}-pa_color\">Color</label>"
    )));
    assert!(body.contains("name=\"attribute_pa_color\""));
    assert!(body.contains("class=\"variation_id\""));
    assert!(body.contains("data-behaviour=\"quantity-stepper\""));
    // No sticky bar in a popup.
    assert!(!body.contains("data-sticky-bar"));
    assert!(!body.contains("data-behaviour=\"sticky-add-to-cart\""));
    assert!(body.contains("<a href=\"/product/hoodie/\">View full details</a>"));
}

#[tokio::test]
async fn a_simple_product_answers_to_get_too() {
    let shop = shop().await;
    let id = shop.ids.beanie.0;
    let reply = get(
        &shop.app,
        &format!("{ENDPOINT}?action=mercato_quickview&product={id}"),
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    let body = &reply.body;
    assert!(body.contains(">Beanie</h2>"));
    assert!(body.contains("<form class=\"cart\" action=\"/product/beanie/\" method=\"post\">"));
    assert!(body.contains(&format!(
        "<button type=\"submit\" name=\"add-to-cart\" value=\"{id}\""
    )));
    assert!(body.contains("name=\"quantity\" value=\"1\" min=\"1\" max=\"2\" step=\"1\""));
}

#[tokio::test]
async fn bad_unknown_hidden_and_unpublished_ids_are_refused_in_json() {
    let shop = shop().await;
    let app = &shop.app;
    for bad in [
        "",
        "abc",
        "0",
        "-1",
        "1.5",
        "1 OR 1=1",
        "99999999999999999999",
    ] {
        let reply = quick_view(app, bad).await;
        assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{bad:?}");
        assert_eq!(
            refusal(&reply),
            "The product id must be a whole number above 0.",
            "{bad:?}"
        );
    }
    // No product field at all.
    let reply = post_form(app, ENDPOINT, &[("action", "mercato_quickview")], &[]).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refusal(&reply),
        "The product id must be a whole number above 0."
    );
    for missing in [
        "987654".to_owned(),
        shop.ids.hidden_mug.0.to_string(),
        shop.ids.draft_poster.0.to_string(),
    ] {
        let reply = quick_view(app, &missing).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{missing}");
        assert_eq!(refusal(&reply), "This product is not available.");
    }
    // Shown only in search results, so it has cards: it has a quick view.
    let reply = quick_view(app, &shop.ids.sticker.0.to_string()).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(reply.body.contains(">Secret Sticker</h2>"));
}

#[tokio::test]
async fn a_hostile_name_is_escaped_in_the_fragment_and_on_the_card() {
    let shop = shop().await;
    let mut writer = mercato_db::catalogue::CatalogueWriter::begin(&shop.test_db.db)
        .await
        .expect("writer");
    let mut product = Product {
        pricing: Pricing::regular(Money::from_minor(500)),
        ..Product::new(
            ProductId(0),
            ProductType::Simple,
            "<img src=x onerror=alert(1)>\"Beanie”",
        )
    };
    let id = writer
        .save_product(&mut product, &mut [])
        .await
        .expect("save");
    writer.commit().await.expect("commit");

    let reply = quick_view(&shop.app, &id.0.to_string()).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.body);
    assert!(!reply.body.contains("<img src=x"));
    assert!(
        reply
            .body
            .contains(">&lt;img src=x onerror=alert(1)&gt;&quot;Beanie”</h2>")
    );

    // Two products match, so the results are listed (one alone would be opened).
    let search = get(&shop.app, "/?s=beanie&post_type=product").await;
    assert_eq!(search.status, StatusCode::OK);
    assert!(!search.body.contains("<img src=x"));
    assert!(
        search.body.contains(
            "aria-label=\"Quick view: “&lt;img src=x onerror=alert(1)&gt;&quot;Beanie””\""
        )
    );
}

#[tokio::test]
async fn every_card_has_a_named_quick_view_button_shown_by_script() {
    let shop = shop().await;
    let id = shop.ids.beanie.0;
    let listing = get(&shop.app, "/product-category/accessories/").await;
    assert_eq!(listing.status, StatusCode::OK);
    // Hidden until the storefront script shows it (without it, the button would do nothing).
    assert!(listing.body.contains(&format!(
        "<button type=\"button\" class=\"button quick-view\" data-prod=\"{id}\" data-product-url=\"/product/beanie/\" data-behaviour=\"quick-view\" aria-haspopup=\"dialog\" aria-label=\"Quick view: “Beanie”\" hidden>Quick view</button>"
    )));
    // Related products on a product page have it as well.
    let page = get(&shop.app, "/product/beanie/").await;
    let related = &page.body[page
        .body
        .find("class=\"related products\"")
        .expect("related")..];
    assert!(related.contains("class=\"button quick-view\""));
}

#[tokio::test]
async fn other_actions_are_unchanged() {
    let shop = shop().await;
    let reply = send(
        &shop.app,
        Request::post(ENDPOINT)
            .header(header::HOST, HOST)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from("action=mercato_quickviews&product=1"))
            .expect("request"),
    )
    .await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.body, "0");
}
