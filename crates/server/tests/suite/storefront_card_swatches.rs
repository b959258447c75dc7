//! Swatches on catalogue cards (the `archive` part of the `swatches` setting) through the
//! whole router: a group per chosen attribute under a variable product's card, links to the
//! product page with the term chosen, the variation's picture for the card image, sold-out
//! terms described and marked, the "+N" past the limit; the quick view opening with a card's
//! choice.

use crate::storefront_support as support;

use axum::http::StatusCode;
use mercato_core::catalogue::{
    GlobalAttribute, Image, Pricing, Product, ProductAttribute, ProductId, ProductType, Stock,
    StockStatus, Variation,
};
use mercato_core::money::Money;
use mercato_db::catalogue::{self as db, CatalogueWriter};
use support::{assert_csp_clean, get, post_form, shop_with};

/// Stores the `swatches` setting of the fixture shop.
async fn set_swatches(shop: &support::Shop, json: serde_json::Value) {
    let settings: mercato_core::catalogue::SwatchSettings =
        serde_json::from_value(json).expect("swatch settings");
    mercato_db::options::set(&shop.test_db.db, "swatches", &settings)
        .await
        .expect("stored");
}

/// Colour dots for Color (the fixture's attribute is a plain select), cards with swatches.
fn colour_dots_on_cards() -> serde_json::Value {
    serde_json::json!({
        "attributes": {"pa_color": {"display_type": "color"}},
        "archive": {"enabled": true},
    })
}

/// The card of the product named `name` (its `<li>`).
fn card<'a>(body: &'a str, name: &str) -> &'a str {
    let title = format!("<h2 class=\"woocommerce-loop-product__title\">{name}</h2>");
    let at = body
        .find(&title)
        .unwrap_or_else(|| panic!("no card {name} in {body}"));
    let start = body[..at].rfind("<li class=\"product").expect("card start");
    let end = at + body[at..].find("</li>").expect("card end");
    &body[start..end]
}

/// A global attribute as the fixture built it (`pa_` slug), from the stored taxonomy.
async fn attribute(shop: &support::Shop, slug: &str) -> GlobalAttribute {
    let taxonomy = db::load_taxonomy(&shop.test_db.db).await.expect("taxonomy");
    let mut found = taxonomy.attribute_by_slug(slug).expect("attribute").clone();
    found.slug = slug.to_owned();
    found
}

/// A tee in Blue, Red and Green × Small, Large: Blue sold out in every size, Green only as
/// a Large with its own picture.
async fn rainbow_tee(shop: &support::Shop) -> ProductId {
    let color = attribute(shop, "pa_color").await;
    let size = attribute(shop, "pa_size").await;
    let color_ids: Vec<_> = color.terms.iter().map(|t| t.id).collect();
    let size_ids: Vec<_> = size.terms.iter().map(|t| t.id).collect();
    let mut tee = Product::new(ProductId(0), ProductType::Variable, "Rainbow Tee");
    tee.menu_order = 0;
    tee.attributes = vec![
        ProductAttribute::global(&color, &color_ids).for_variations(),
        ProductAttribute::global(&size, &size_ids)
            .for_variations()
            .at(1),
    ];
    let variation = |c: &str, s: &str| Variation {
        pricing: Pricing::regular(Money::from_minor(2000)),
        ..Variation::new(
            ProductId(0),
            ProductId(0),
            &[("pa_color", c), ("pa_size", s)],
        )
    };
    let sold_out = |v: Variation| Variation {
        stock: Stock::untracked(StockStatus::OutOfStock),
        ..v
    };
    let mut variations = vec![
        sold_out(variation("blue", "small")),
        sold_out(variation("blue", "large")),
        variation("red", "small"),
        Variation {
            image: Some(Image {
                src: "/media/tee-green.jpg".into(),
                thumbnail: Some("/media/tee-green-300.jpg".into()),
                width: Some(800),
                height: Some(600),
                ..Image::default()
            }),
            ..variation("green", "large")
        },
    ];
    let mut writer = CatalogueWriter::begin(&shop.test_db.db)
        .await
        .expect("writer");
    let id = writer
        .save_product(&mut tee, &mut variations)
        .await
        .expect("saved");
    writer.commit().await.expect("committed");
    id
}

#[tokio::test]
async fn cards_show_no_swatches_unless_the_setting_asks() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    let reply = get(&shop.app, "/shop/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert!(!reply.body.contains("card-swatch"), "off by default");
}

#[tokio::test]
async fn a_variable_card_gets_its_colours_as_links_carrying_a_variation_picture() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    set_swatches(&shop, colour_dots_on_cards()).await;
    let reply = get(&shop.app, "/shop/").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_csp_clean(&reply.body);
    let hoodie = card(&reply.body, "Hoodie");
    assert!(hoodie.contains("<div class=\"card-swatches\" data-behaviour=\"card-swatches\">"));
    assert!(hoodie.contains(
        "<div class=\"card-swatches__group card-swatches__group--color\" role=\"group\" aria-label=\"Color\" data-card-swatch-group data-attribute_name=\"attribute_pa_color\">"
    ));
    // Blue: a variation has its own picture, drawn as the card image is (thumbnail first).
    assert!(hoodie.contains(
        "<a class=\"card-swatch\" href=\"/product/hoodie/?attribute_pa_color=blue\" data-value=\"blue\" title=\"Blue\" data-image-src=\"/media/hoodie-blue-300.jpg\" data-image-srcset=\"/media/hoodie-blue-300.jpg 300w, /media/hoodie-blue.jpg 1000w\" data-image-alt=\"Hoodie\" data-image-width=\"1000\" data-image-height=\"1000\"><svg class=\"card-swatch__color\" viewBox=\"0 0 2 2\" aria-hidden=\"true\" focusable=\"false\"><circle cx=\"1\" cy=\"1\" r=\"1\" fill=\"#1e40af\"/></svg><span class=\"visually-hidden\">Blue</span></a>"
    ));
    // Red: no picture of its own, so choosing it keeps the card image.
    assert!(hoodie.contains(
        "<a class=\"card-swatch\" href=\"/product/hoodie/?attribute_pa_color=red\" data-value=\"red\" title=\"Red\"><svg"
    ));
    assert!(
        !hoodie.contains("attribute_pa_color=green"),
        "no variation offers Green"
    );
    assert!(
        !hoodie.contains("Out of stock</span>"),
        "each colour can be had"
    );
    assert!(
        !hoodie.contains("attribute_pa_size"),
        "only colour attributes by default"
    );
    assert!(!hoodie.contains("card-swatches__more"));
    for simple in ["Beanie", "Cap", "Cold Weather Bundle"] {
        assert!(
            !card(&reply.body, simple).contains("card-swatch"),
            "{simple} has no variations"
        );
    }

    // Category listings and search results are built by the same code.
    let category = get(&shop.app, "/product-category/clothing/hoodies/").await;
    assert!(card(&category.body, "Hoodie").contains("aria-label=\"Color\""));
    let search = get(&shop.app, "/?s=o&post_type=product").await;
    assert!(card(&search.body, "Hoodie").contains("aria-label=\"Color\""));
}

#[tokio::test]
async fn sold_out_terms_are_described_and_the_limit_ends_in_a_more_link() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    let tee = rainbow_tee(&shop).await;
    set_swatches(
        &shop,
        serde_json::json!({
            "attributes": {"pa_size": {"display_type": "button"}},
            "archive": {"enabled": true, "attributes": ["pa_size", "pa_color"], "limit": 2},
        }),
    )
    .await;
    let reply = get(&shop.app, "/shop/").await;
    assert_eq!(reply.status, StatusCode::OK);
    let body = card(&reply.body, "Rainbow Tee");
    let size_at = body.find("aria-label=\"Size\"").expect("a Size group");
    let color_at = body.find("aria-label=\"Color\"").expect("a Color group");
    assert!(size_at < color_at, "in the setting's order");
    assert!(
        body.contains("card-swatches__group--button"),
        "sizes as buttons"
    );
    assert!(body.contains(">Small</a>") && body.contains(">Large</a>"));

    let id = format!("card-{}-pa_color", tee.0);
    assert!(body.contains(&format!(
        "<span id=\"{id}-oos\" class=\"visually-hidden\">Out of stock</span>"
    )));
    assert!(body.contains(&format!(
        "<a class=\"card-swatch card-swatch--out-of-stock\" href=\"/product/rainbow-tee/?attribute_pa_color=blue\" data-value=\"blue\" title=\"Blue (out of stock)\" aria-describedby=\"{id}-oos\" data-out-of-stock>"
    )));
    // Green: only a Large offers it, with its own picture.
    assert!(body.contains(
        "<a class=\"card-swatch\" href=\"/product/rainbow-tee/?attribute_pa_color=green\" data-value=\"green\" title=\"Green\" data-image-src=\"/media/tee-green-300.jpg\" data-image-srcset=\"/media/tee-green-300.jpg 300w, /media/tee-green.jpg 800w\" data-image-alt=\"Rainbow Tee\" data-image-width=\"800\" data-image-height=\"600\">Green</a>"
    ));
    // Two groups: the variations with a picture of their own ride along for the script to
    // match (only Green in Large has one), as SPEC §3.1 variation objects.
    let variations_at = body
        .find("<div class=\"card-swatches\" data-behaviour=\"card-swatches\" data-variations=\"[{&quot;variation_id&quot;:")
        .expect("the variations on a card with two groups");
    let variations =
        &body[variations_at..variations_at + body[variations_at..].find('>').expect("tag end")];
    assert_eq!(
        variations.matches("variation_id").count(),
        1,
        "{variations}"
    );
    assert!(
        variations.ends_with(",&quot;attributes&quot;:{&quot;attribute_pa_color&quot;:&quot;green&quot;,&quot;attribute_pa_size&quot;:&quot;large&quot;},&quot;image&quot;:{&quot;src&quot;:&quot;/media/tee-green-300.jpg&quot;,&quot;srcset&quot;:&quot;/media/tee-green-300.jpg 300w, /media/tee-green.jpg 800w&quot;,&quot;alt&quot;:&quot;Rainbow Tee&quot;}}]\""),
        "{variations}"
    );
    // Two of three colours (the terms' order: Blue, Green, Red); the third is a link to the page.
    assert!(!body.contains("attribute_pa_color=red"));
    assert!(body.contains(
        "<a class=\"card-swatches__more\" href=\"/product/rainbow-tee/\">+1<span class=\"visually-hidden\"> more Color option</span></a>"
    ));
}

#[tokio::test]
async fn the_product_page_and_the_quick_view_open_with_the_cards_choice() {
    let shop = shop_with(|s| s.products_per_page = 16).await;
    set_swatches(&shop, colour_dots_on_cards()).await;
    // Without JavaScript the swatch is a link: the page has the colour chosen.
    let page = get(&shop.app, "/product/hoodie/?attribute_pa_color=blue").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("value=\"blue\" checked"));

    let id = shop.ids.hoodie.0.to_string();
    let quick = |fields: Vec<(&'static str, String)>| {
        let app = shop.app.clone();
        async move {
            let pairs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            post_form(&app, "/wp-admin/admin-ajax.php", &pairs, &[]).await
        }
    };
    let chosen = quick(vec![
        ("action", "mercato_quickview".into()),
        ("product", id.clone()),
        ("attribute_pa_color", "red".into()),
    ])
    .await;
    assert_eq!(chosen.status, StatusCode::OK, "{}", chosen.body);
    assert!(
        chosen.body.contains("value=\"red\" checked"),
        "the card's choice"
    );
    let plain = quick(vec![
        ("action", "mercato_quickview".into()),
        ("product", id.clone()),
    ])
    .await;
    assert!(
        !plain.body.contains("value=\"red\" checked"),
        "no choice without one"
    );
    let bogus = quick(vec![
        ("action", "mercato_quickview".into()),
        ("product", id),
        ("attribute_pa_color", "<script>".into()),
    ])
    .await;
    assert_eq!(bogus.status, StatusCode::OK);
    assert!(!bogus.body.contains("<script>"), "not an option: dropped");
    assert!(!bogus.body.contains("\" checked"));
}

#[tokio::test]
async fn a_shop_hiding_sold_out_items_hides_sold_out_terms() {
    let shop = shop_with(|s| {
        s.products_per_page = 16;
        s.catalogue.hide_out_of_stock = true;
    })
    .await;
    rainbow_tee(&shop).await;
    set_swatches(
        &shop,
        serde_json::json!({"archive": {"enabled": true, "attributes": ["pa_color"]}}),
    )
    .await;
    let reply = get(&shop.app, "/shop/").await;
    let body = card(&reply.body, "Rainbow Tee");
    assert!(
        !body.contains("attribute_pa_color=blue"),
        "Blue is sold out"
    );
    assert!(!body.contains("Out of stock"));
    assert!(body.contains("attribute_pa_color=green") && body.contains("attribute_pa_color=red"));
}
