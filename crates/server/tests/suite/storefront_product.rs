//! The product page through the whole router: each product type's form, the variation
//! choice in the URL, tabs, meta, related products, and unknown or unpublished products.

use crate::storefront_support as support;

use axum::http::StatusCode;
use support::{assert_csp_clean, get, html_decode, post_form, shop, shop_with};

/// The JSON in `data-product_variations='…'`.
fn embedded_variations(body: &str) -> serde_json::Value {
    let start = body
        .find("data-product_variations='")
        .expect("variations attribute")
        + "data-product_variations='".len();
    let end = start + body[start..].find('\'').expect("attribute end");
    serde_json::from_str(&html_decode(&body[start..end])).expect("variations are JSON")
}

#[tokio::test]
async fn a_simple_product_has_a_real_form_meta_tabs_and_reviews() {
    let shop = shop().await;
    let reply = get(&shop.app, "/product/beanie/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_csp_clean(&reply.body);
    let body = &reply.body;
    let id = shop.ids.beanie.0;
    assert!(body.contains("<h1 class=\"product_title entry-title\">Beanie</h1>"));
    for crumb in [
        "<a href=\"/\">Home</a>",
        "<a href=\"/shop/\">Shop</a>",
        "<a href=\"/product-category/accessories/\">Accessories</a>",
        "<span aria-current=\"page\">Beanie</span>",
    ] {
        assert!(body.contains(crumb), "breadcrumb {crumb}");
    }
    assert!(body.contains("<form class=\"cart\" action=\"/product/beanie/\" method=\"post\">"));
    // Stock 2 caps the quantity.
    assert!(body.contains("name=\"quantity\" value=\"1\" min=\"1\" max=\"2\" step=\"1\""));
    assert!(body.contains(&format!(
        "<button type=\"submit\" name=\"add-to-cart\" value=\"{id}\""
    )));
    assert!(body.contains("<p class=\"stock in-stock\">2 in stock</p>"));
    assert!(body.contains("<del aria-hidden=\"true\">"), "sale price");
    assert!(body.contains("SKU: <span class=\"sku\">BEANIE-1</span>"));
    assert!(body.contains(
        "Category: <a href=\"/product-category/accessories/\" rel=\"tag\">Accessories</a>"
    ));
    assert!(body.contains("Tag: <a href=\"/product-tag/bargains/\" rel=\"tag\">Bargains</a>"));
    for id in [
        "id=\"tab-description\"",
        "id=\"tab-additional_information\"",
        "id=\"tab-reviews\"",
        "id=\"reviews\"",
    ] {
        assert!(body.contains(id), "{id}");
    }
    assert!(body.contains("<a href=\"#reviews\" class=\"woocommerce-review-link\" rel=\"nofollow\">(<span class=\"count\">2</span> customer reviews)</a>"));
    assert!(body.contains("<tr class=\"woocommerce-product-attributes-item woocommerce-product-attributes-item--attribute_pa_color\"><th scope=\"row\">Color</th><td class=\"woocommerce-product-attributes-item__value\">Red</td>"));
    assert!(body.contains("2 reviews for <span>Beanie</span>"));
    assert!(body.contains("<strong class=\"woocommerce-review__author\">Ada</strong> <em class=\"woocommerce-review__verified verified\">(verified owner)</em>"));
    assert!(body.contains("<time class=\"woocommerce-review__published-date\" datetime=\"2026-11-21\">November 21, 2026</time>"));
    assert!(!body.contains("Troll"), "held reviews are not shown");
    assert!(body.contains(
        "<form action=\"/product/beanie/#review_form\" method=\"post\" id=\"commentform\""
    ));
    assert!(body.contains("id=\"mercato-product-settings\""));
    assert!(body.contains("srcset=\"/media/beanie-300.jpg 300w, /media/beanie.jpg 1000w\""));
}

#[tokio::test]
async fn a_variable_product_embeds_every_variation_and_a_select_per_attribute() {
    let shop = shop().await;
    let reply = get(&shop.app, "/product/hoodie/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_csp_clean(&reply.body);
    let body = &reply.body;
    let id = shop.ids.hoodie.0;
    assert!(body.contains(&format!(
        "<form class=\"variations_form cart\" action=\"/product/hoodie/\" method=\"post\" data-behaviour=\"variation-form\" data-product_id=\"{id}\" data-product_variations='"
    )));
    let variations = embedded_variations(body);
    let list = variations.as_array().expect("a list");
    assert_eq!(list.len(), 4);
    let skus: Vec<&str> = list.iter().filter_map(|v| v["sku"].as_str()).collect();
    assert_eq!(skus, ["HOOD-BL-S", "HOOD-BL-L", "HOOD-RD-S", "HOOD-RD-L"]);
    assert_eq!(list[1]["attributes"]["attribute_pa_color"], "blue");
    assert_eq!(list[1]["display_price"], 40);
    assert_eq!(list[3]["is_in_stock"], false);
    assert!(body.contains("<select id=\"pa_color\" name=\"attribute_pa_color\" data-attribute_name=\"attribute_pa_color\""));
    assert!(body.contains("<select id=\"pa_size\" name=\"attribute_pa_size\""));
    assert!(body.contains("<option value=\"\">Choose an option</option>"));
    assert!(body.contains("data-color=\"#1e40af\""), "swatch hook");
    assert!(body.contains(
        "<input type=\"hidden\" name=\"variation_id\" class=\"variation_id\" value=\"\">"
    ));
    assert!(
        body.contains("formmethod=\"get\""),
        "the no-JS choice button"
    );
    assert!(
        body.contains("class=\"reset_variations\" href=\"/product/hoodie/\" hidden>"),
        "nothing chosen yet: the link is there for the script, hidden"
    );
    assert!(body.contains("Price range: &#036;40.00 through &#036;45.00"));
    assert!(
        body.contains("data-gallery-index=\"1\""),
        "gallery thumbnails"
    );
    assert!(body.contains("woocommerce-product-attributes-item--weight\"><th scope=\"row\">Weight</th><td class=\"woocommerce-product-attributes-item__value\">1.5 lbs</td>"));
    assert!(body.contains("<h2>Related products</h2>") || !body.contains("related products"));
}

#[tokio::test]
async fn the_choice_in_the_url_shows_the_matched_variation() {
    let shop = shop().await;
    let app = &shop.app;
    let reply = get(
        app,
        "/product/hoodie/?attribute_pa_color=blue&attribute_pa_size=large&quantity=1&variation_id=",
    )
    .await;
    assert_eq!(reply.status, StatusCode::OK);
    let body = &reply.body;
    assert!(body.contains("<option value=\"blue\" class=\"attached enabled\" data-color=\"#1e40af\" selected>Blue</option>"));
    assert!(
        body.contains("<option value=\"large\" class=\"attached enabled\" selected>Large</option>")
    );
    let single = body
        .split("single_variation\"")
        .nth(1)
        .expect("variation panel");
    let single = single.split("variations_button").next().expect("panel end");
    assert!(single.contains("<del aria-hidden=\"true\">"));
    assert!(single.contains("Current price is: &#036;40.00."));
    assert!(single.contains("SKU: <span class=\"sku\">HOOD-BL-L</span>"));
    assert!(
        body.contains("<span class=\"sku_wrapper\">SKU: <span class=\"sku\">HOOD-BL-L</span>"),
        "meta follows"
    );
    assert!(
        body.contains("src=\"/media/hoodie-blue.jpg\""),
        "the variation's image"
    );
    assert!(body.contains("class=\"reset_variations\" href=\"/product/hoodie/\">Clear</a>"));
    let variation_id = embedded_variations(body)[1]["variation_id"].clone();
    assert!(body.contains(&format!(
        "name=\"variation_id\" class=\"variation_id\" value=\"{variation_id}\""
    )));

    // Labels and names are read too (`Color`, `Blue`), as the Store API reads them.
    let by_name = get(
        app,
        "/product/hoodie/?attribute_pa_color=Blue&attribute_pa_size=small",
    )
    .await;
    assert!(
        by_name
            .body
            .contains("SKU: <span class=\"sku\">HOOD-BL-S</span>")
    );

    let partial = get(app, "/product/hoodie/?attribute_pa_color=red").await;
    assert!(partial.body.contains("<option value=\"red\" class=\"attached enabled\" data-color=\"#b91c1c\" selected>Red</option>"));
    assert!(
        partial
            .body
            .contains("class=\"reset_variations\" href=\"/product/hoodie/\">Clear</a>")
    );
    assert!(!partial.body.contains("woocommerce-variation-price"));
    assert!(
        !partial
            .body
            .contains("role=\"status\">Sorry, no products matched")
    );

    let none = get(
        app,
        "/product/hoodie/?attribute_pa_color=green&attribute_pa_size=small",
    )
    .await;
    assert_eq!(none.status, StatusCode::OK);
    assert!(none.body.contains("role=\"status\">Sorry, no products matched your selection. Please choose a different combination."));

    let sold_out = get(
        app,
        "/product/hoodie/?attribute_pa_color=red&attribute_pa_size=large",
    )
    .await;
    assert!(
        sold_out
            .body
            .contains("<p class=\"stock out-of-stock\">Out of stock</p>")
    );
    assert!(
        sold_out
            .body
            .contains("Sorry, this product is unavailable.")
    );

    let hostile = get(
        app,
        "/product/hoodie/?attribute_pa_color=%3Cscript%3Ealert(1)%3C/script%3E&attribute_x=%22%3E",
    )
    .await;
    assert_eq!(hostile.status, StatusCode::OK);
    assert!(!hostile.body.contains("<script>alert"));
    assert!(
        !hostile.body.contains(" selected>"),
        "nothing valid was chosen"
    );
}

#[tokio::test]
async fn past_the_limit_no_variation_is_embedded() {
    let shop = shop_with(|s| s.max_embedded_variations = 3).await;
    let reply = get(&shop.app, "/product/hoodie/").await;
    assert!(reply.body.contains("data-product_variations='false'"));
    // The no-JS path still works without the embedded data.
    let chosen = get(
        &shop.app,
        "/product/hoodie/?attribute_pa_color=red&attribute_pa_size=small",
    )
    .await;
    assert!(
        chosen
            .body
            .contains("SKU: <span class=\"sku\">HOOD-RD-S</span>")
    );
}

#[tokio::test]
async fn grouped_external_and_hidden_products() {
    let shop = shop().await;
    let app = &shop.app;
    let bundle = get(app, "/product/cold-weather-bundle/").await;
    assert_eq!(bundle.status, StatusCode::OK);
    assert!(bundle.body.contains("<form class=\"cart grouped_form\""));
    assert!(bundle.body.contains(&format!(
        "name=\"quantity[{}]\" value=\"0\" min=\"0\"",
        shop.ids.beanie.0
    )));
    assert!(
        bundle
            .body
            .contains(&format!("name=\"quantity[{}]\"", shop.ids.cap.0))
    );
    assert!(bundle.body.contains("You may also like"), "upsells");
    assert!(bundle.body.contains("/product/hoodie/"));

    let scarf = get(app, "/product/partner-scarf/").await;
    assert!(scarf.body.contains("<a href=\"https://partner.example/scarf\" rel=\"nofollow noopener\" target=\"_blank\" class=\"single_add_to_cart_button button alt button--primary\">Buy at our partner</a>"));

    let hidden = get(app, "/product/hidden-mug/").await;
    assert_eq!(
        hidden.status,
        StatusCode::OK,
        "hidden products are reachable by link"
    );
    for missing in [
        "/product/draft-poster/",
        "/product/nope/",
        "/product/%3Cscript%3E/",
    ] {
        let reply = get(app, missing).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{missing}");
        assert!(reply.body.contains("Go to the shop"));
        assert!(!reply.body.contains("<script>"));
    }
    assert_eq!(
        get(app, "/product/beanie").await.location(),
        "/product/beanie/"
    );
}

#[tokio::test]
async fn related_products_share_a_category() {
    let shop = shop().await;
    let reply = get(&shop.app, "/product/cap/").await;
    let related = reply
        .body
        .split("<h2>Related products</h2>")
        .nth(1)
        .expect("related products");
    assert!(related.contains("Beanie"));
    assert!(!related.contains(">Cap<"));
    assert!(!related.contains("Hidden Mug"));
    assert!(!related.contains("Draft Poster"));
}

#[tokio::test]
async fn the_add_to_cart_post_adds_and_comes_back_to_the_product() {
    let shop = shop().await;
    let id = shop.ids.hoodie.0.to_string();
    let reply = post_form(
        &shop.app,
        "/product/hoodie/",
        &[
            ("attribute_pa_color", "blue"),
            ("attribute_pa_size", "large"),
            ("quantity", "1"),
            ("add-to-cart", &id),
        ],
        &[("origin", "http://shop.test")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    // Added: back to the product (a refusal keeps the choice in the URL; see tests/cart_page.rs).
    assert_eq!(reply.location(), "/product/hoodie/");
    assert!(reply.headers.get_all("set-cookie").iter().any(|c| {
        c.to_str()
            .is_ok_and(|c| c.starts_with("woocommerce_items_in_cart=1"))
    }));
}

#[tokio::test]
async fn the_gallery_links_every_image_at_full_size_with_its_size_for_the_lightbox() {
    let shop = shop().await;
    let reply = get(&shop.app, "/product/hoodie/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_csp_clean(&reply.body);
    let body = &reply.body;
    let gallery = body
        .split("data-product-gallery")
        .nth(1)
        .and_then(|rest| rest.split("<div class=\"summary").next())
        .expect("the gallery");
    assert!(gallery.contains("data-behaviour=\"product-gallery\""));
    // The zoom button needs JavaScript: the page writes it hidden and the behaviour shows it.
    assert!(gallery.contains(
        "<button type=\"button\" class=\"woocommerce-product-gallery__trigger\" hidden>"
    ));
    assert!(gallery.contains("<span class=\"visually-hidden\">Zoom image</span>"));
    // The main image reserves its space and tells the lightbox the full image's size.
    assert!(gallery.contains("<a href=\"/media/hoodie.jpg\"><img src=\"/media/hoodie.jpg\""));
    assert!(gallery.contains(
        "width=\"1000\" height=\"1000\" data-large_image_width=\"1000\" data-large_image_height=\"1000\" class=\"wp-post-image\" data-large_image=\"/media/hoodie.jpg\""
    ));
    // Each thumbnail links to its full image and carries it at the main image's size.
    assert!(gallery.contains(
        "<a href=\"/media/hoodie-back.jpg\" data-gallery-index=\"1\" data-src=\"/media/hoodie-back.jpg\" data-srcset=\"/media/hoodie-back-300.jpg 300w, /media/hoodie-back.jpg 1000w\" data-sizes=\"(min-width: 850px) 600px, 100vw\""
    ));
    assert!(gallery.contains(
        "data-large_image=\"/media/hoodie-back.jpg\" data-large_image_width=\"1000\" data-large_image_height=\"1000\"><img src=\"/media/hoodie-back-300.jpg\""
    ));
    assert!(gallery.contains("<span class=\"visually-hidden\">Image 2 of 2, full size</span>"));
    assert!(
        body.contains("data-tabs data-behaviour=\"product-tabs\""),
        "the tabs are enhanced"
    );
}

/// Stores the `swatches` setting of the fixture shop.
async fn set_swatches(shop: &support::Shop, json: serde_json::Value) {
    let settings: mercato_core::catalogue::SwatchSettings =
        serde_json::from_value(json).expect("swatch settings");
    mercato_db::options::set(&shop.test_db.db, "swatches", &settings)
        .await
        .expect("stored");
}

/// The part of the page from `start` to the next `end`.
fn between<'a>(body: &'a str, start: &str, end: &str) -> &'a str {
    let from = body.find(start).unwrap_or_else(|| panic!("{start}"));
    let rest = &body[from..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

#[tokio::test]
async fn swatch_groups_are_radio_groups_that_mark_what_cannot_be_had() {
    let shop = shop().await;
    set_swatches(
        &shop,
        serde_json::json!({"attributes": {
            "pa_color": {"display_type": "color"},
            "pa_size": {"display_type": "button", "deselect_on_double_click": true},
        }}),
    )
    .await;
    let reply = get(&shop.app, "/product/hoodie/?attribute_pa_color=red").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_csp_clean(&reply.body);
    let body = &reply.body;
    assert!(
        !body.contains("<select id=\"pa_color\""),
        "swatches replace the select"
    );

    let colors = between(
        body,
        "<fieldset class=\"swatch-group swatch-group--color\"",
        "</fieldset>",
    );
    assert!(colors.contains("role=\"radiogroup\" aria-labelledby=\"pa_color_label\""));
    assert!(colors.contains("<span id=\"pa_color_label\">Color</span>"));
    assert!(
        colors.contains("data-swatch-chosen aria-hidden=\"true\">Red</span>"),
        "the chosen name beside the title"
    );
    assert!(colors.contains(
        "name=\"attribute_pa_color\" value=\"red\" checked><label class=\"swatch__label\" for=\"pa_color_1\" title=\"Red\">"
    ));
    assert!(colors.contains("fill=\"#b91c1c\""), "the term's colour");
    assert!(
        colors.contains("<span class=\"visually-hidden\">Red</span>"),
        "the radio's name"
    );
    // Green has no variation at all: it cannot be chosen.
    assert!(colors.contains("name=\"attribute_pa_color\" value=\"green\" disabled>"));
    assert!(colors.contains("value=\"blue\">"), "blue stays choosable");

    let sizes = between(
        body,
        "<fieldset class=\"swatch-group swatch-group--button\"",
        "</fieldset>",
    );
    assert!(sizes.contains("data-deselect"));
    assert!(
        sizes.contains("<span id=\"pa_size_oos\" class=\"visually-hidden\">Out of stock</span>")
    );
    // Red + Large is sold out: described as out of stock, still choosable.
    assert!(sizes.contains("<span class=\"swatch swatch--out-of-stock\" data-swatch><input type=\"radio\" class=\"swatch__input\" id=\"pa_size_1\" name=\"attribute_pa_size\" value=\"large\" aria-describedby=\"pa_size_oos\">"));
    assert!(sizes.contains("title=\"Large (out of stock)\">Large</label>"));
    assert!(
        sizes.contains("value=\"small\">"),
        "red + small is in stock"
    );

    // The no-JS check keeps working: the radios' names are the select's.
    let chosen = get(
        &shop.app,
        "/product/hoodie/?attribute_pa_color=blue&attribute_pa_size=large",
    )
    .await;
    assert!(chosen.body.contains("value=\"large\" checked>"));
    assert!(
        chosen
            .body
            .contains("SKU: <span class=\"sku\">HOOD-BL-L</span>")
    );
}

#[tokio::test]
async fn swatch_settings_hide_invalid_options_hide_titles_and_show_pictures() {
    let shop = shop().await;
    let db = &shop.test_db.db;
    let taxonomy = mercato_db::catalogue::load_taxonomy(db)
        .await
        .expect("taxonomy");
    let color = taxonomy.attribute_by_slug("pa_color").expect("pa_color");
    let mut blue = color.term_by_slug("blue").expect("blue").clone();
    blue.image = Some(mercato_core::catalogue::Image {
        src: "/media/blue-cloth.jpg".into(),
        thumbnail: Some("/media/blue-cloth-100.jpg".into()),
        ..mercato_core::catalogue::Image::default()
    });
    mercato_db::catalogue::save_term(db, color.id, &blue)
        .await
        .expect("term");
    set_swatches(
        &shop,
        serde_json::json!({"attributes": {"pa_color": {
            "display_type": "image", "hide_outofstock": false, "show_title": false,
            "show_selected_item": false,
        }}}),
    )
    .await;
    let reply = get(&shop.app, "/product/hoodie/").await;
    assert_csp_clean(&reply.body);
    let colors = between(
        &reply.body,
        "<fieldset class=\"swatch-group swatch-group--image\"",
        "</fieldset>",
    );
    assert!(
        colors.contains("<img class=\"swatch__image\" src=\"/media/blue-cloth-100.jpg\" alt=\"\"")
    );
    assert!(colors.contains("<span class=\"visually-hidden\">Blue</span>"));
    assert!(
        colors.contains("<legend class=\"swatch-group__title visually-hidden\">"),
        "the title is kept for screen readers only"
    );
    assert!(!colors.contains("data-swatch-chosen"));
    assert!(!colors.contains("data-disable-invalid"));
    // Without hide_outofstock, an option that cannot match is hidden rather than greyed.
    assert!(colors.contains("<span class=\"swatch\" data-swatch hidden><input type=\"radio\" class=\"swatch__input\" id=\"pa_color_2\" name=\"attribute_pa_color\" value=\"green\" disabled>"));
    // Size has no setting and is not a colour attribute: it keeps its select.
    assert!(
        reply
            .body
            .contains("<select id=\"pa_size\" name=\"attribute_pa_size\"")
    );
}
