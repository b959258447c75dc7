//! The demo shop: a real-looking catalogue with every case the storefront must show.

use mercato_core::catalogue::{AttributeType, Product, ProductStatus, ProductType, StockStatus};
use mercato_db::Db;
use mercato_db::catalogue::{self as store, ProductOrder, ProductQuery, Visibility};

async fn all_products(db: &Db) -> Vec<Product> {
    let query = ProductQuery {
        visibility: Visibility::All,
        order: ProductOrder::Id,
        per_page: 0,
        ..ProductQuery::default()
    };
    let ids = store::find_products(db, &query).await.expect("ids").ids;
    store::products_by_ids(db, &ids).await.expect("products")
}

story!(the_demo_has_every_case, |db: Db| async move {
    assert!(mercato::demo::is_empty(&db).await.expect("empty"));
    let summary = mercato::demo::load(&db).await.expect("demo");
    assert!(summary.contains("loaded"), "{summary}");
    assert!(!mercato::demo::is_empty(&db).await.expect("empty"));
    let products = all_products(&db).await;
    assert!(products.len() >= 40, "{} products", products.len());
    let now = mercato_db::now();

    // Add-on radio groups: gift wrap on a mug (No by default), a required print position on
    // a tee.
    let named = |name: &str| {
        products
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("{name}"))
    };
    let wrap = &named("Enamel Camp Mug").addons;
    assert_eq!(wrap.len(), 1, "{wrap:?}");
    assert_eq!(wrap[0].name, "Gift wrap");
    assert_eq!(wrap[0].default.as_deref(), Some("no"));
    let print = &named("Kids' Rocket Tee").addons;
    assert!(print[0].required, "{print:?}");
    let labels: Vec<&str> = print[0].options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["Front", "Back", "Both"]);

    let taxonomy = store::load_taxonomy(&db).await.expect("taxonomy");
    let names: Vec<String> = taxonomy
        .categories
        .all()
        .iter()
        .map(|c| c.name.clone())
        .collect();
    for name in [
        "Clothing",
        "T-shirts",
        "Hoodies",
        "Caps & beanies",
        "Mugs",
        "Posters",
        "Stickers",
        "Bags",
        "Accessories",
    ] {
        assert!(
            names.iter().any(|n| n == name),
            "category {name}: {names:?}"
        );
    }
    let tees = taxonomy
        .categories
        .find_by_names(&["Clothing", "T-shirts"])
        .expect("Clothing > T-shirts");
    assert!(tees.parent.is_some());
    let color = taxonomy.attribute_by_slug("pa_color").expect("pa_color");
    assert_eq!(color.kind, AttributeType::Color);
    assert!(color.terms.iter().all(|t| t.swatch_color.is_some()));
    let size = taxonomy.attribute_by_slug("pa_size").expect("pa_size");
    let sizes: Vec<&str> = size
        .sorted_terms()
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(sizes, ["XS", "S", "M", "L", "XL", "XXL"]);

    // Colour dots for Color, buttons for Size (the `swatches` setting).
    let swatches: mercato_core::catalogue::SwatchSettings =
        mercato_db::options::get(&db, "swatches")
            .await
            .expect("read")
            .expect("the demo sets swatches");
    assert_eq!(
        swatches.group_for(color).display_type,
        mercato_core::catalogue::DisplayType::Color
    );
    assert_eq!(
        swatches.group_for(size).display_type,
        mercato_core::catalogue::DisplayType::Button
    );

    let colorway = taxonomy
        .attribute_by_slug("pa_colorway")
        .expect("pa_colorway");
    assert_eq!(
        swatches.group_for(colorway).display_type,
        mercato_core::catalogue::DisplayType::Image
    );
    // Cards show the colours as swatches; Colorway (pictures) and Size stay on the page.
    assert_eq!(swatches.archive_position(color), Some(0));
    assert_eq!(swatches.archive_position(size), None);
    assert_eq!(swatches.archive_position(colorway), None);
    assert!(
        colorway.terms.iter().all(|t| t
            .image
            .as_ref()
            .is_some_and(|i| i.src.starts_with("/media/demo/"))),
        "every colourway has its picture"
    );

    let by_sku = |sku: &str| {
        products
            .iter()
            .find(|p| p.sku == sku)
            .unwrap_or_else(|| panic!("{sku}"))
    };
    let mut most_variations = 0;
    for product in products.iter().filter(|p| p.kind == ProductType::Variable) {
        let variations = store::variations_of(&db, product.id)
            .await
            .expect("variations");
        most_variations = most_variations.max(variations.len());
        assert!(!variations.is_empty(), "{}", product.name);
    }
    assert!(most_variations > 30, "{most_variations}");
    // One sold-out combination of a variable product, for the swatches' out-of-stock mark.
    let crew = by_sku("TS-LSV");
    let crew_variations = store::variations_of(&db, crew.id)
        .await
        .expect("variations");
    let sold_out: Vec<&str> = crew_variations
        .iter()
        .filter(|v| !v.is_in_stock(crew))
        .map(|v| v.sku.as_str())
        .collect();
    assert_eq!(sold_out, ["TS-LSV-BLK-XL"]);
    let tee = by_sku("TS-ORG");
    let tee_variations = store::variations_of(&db, tee.id).await.expect("variations");
    let black_m = tee_variations
        .iter()
        .find(|v| v.sku == "TS-ORG-BLK-M")
        .expect("TS-ORG-BLK-M");
    let white_m = tee_variations
        .iter()
        .find(|v| v.sku == "TS-ORG-WHT-M")
        .expect("white");
    assert_ne!(black_m.image, white_m.image, "a picture per colour");
    assert!(!tee.upsell_ids.is_empty() && !tee.cross_sell_ids.is_empty());
    let picture = tee.image.as_ref().expect("image");
    assert!(picture.src.starts_with("/media/demo/") && !picture.alt.is_empty());
    let svg = store::get_media(&db, picture.src.trim_start_matches("/media/"))
        .await
        .expect("media")
        .expect("stored");
    assert_eq!(svg.content_type, "image/svg+xml");
    assert_eq!(
        (picture.width, picture.height),
        (Some(600), Some(600)),
        "the size read from the stored picture, for the page and the lightbox"
    );
    let hoodie = by_sku("HD-ZIP");
    assert_eq!(
        hoodie.images().count(),
        3,
        "a product with a gallery for the product page to show"
    );

    assert!(
        products.iter().any(|p| p.pricing.is_on_sale(now)),
        "on sale"
    );
    let scheduled = by_sku("TS-KID");
    assert!(scheduled.pricing.sale_to.is_some() && scheduled.pricing.is_on_sale(now));
    assert_eq!(by_sku("TS-VTG").stock.status(), StockStatus::OutOfStock);
    let low = by_sku("HD-EMB");
    assert_eq!((low.stock.managed, low.stock.quantity), (true, Some(2)));
    assert!(by_sku("PS-SGN").sold_individually);
    let pairs = by_sku("MG-ESP").purchase_limits;
    assert_eq!((pairs.minimum, pairs.multiple_of), (Some(2), Some(2)));
    assert_eq!(by_sku("BND-START").kind, ProductType::Grouped);
    assert_eq!(by_sku("BND-START").grouped_ids.len(), 3);
    assert_eq!(by_sku("BG-DUF").kind, ProductType::External);
    let wallpaper = by_sku("AC-WALL");
    assert!(wallpaper.is_virtual && wallpaper.is_downloadable);
    // Its file: a real ZIP written into the downloads directory, once; one the merchant
    // replaced is kept.
    let downloads = tempfile::tempdir().expect("downloads dir");
    let written = mercato::demo::ensure_files(&db, downloads.path())
        .await
        .expect("files");
    assert_eq!(written, 1);
    let zip = downloads.path().join(mercato::demo::WALLPAPER_FILE);
    let bytes = std::fs::read(&zip).expect("zip");
    assert!(bytes.starts_with(b"PK\x03\x04"), "a ZIP");
    std::fs::write(&zip, b"PK replaced").expect("replace");
    let again = mercato::demo::ensure_files(&db, downloads.path())
        .await
        .expect("files");
    assert_eq!(again, 0);
    assert_eq!(std::fs::read(&zip).expect("zip"), b"PK replaced");
    let extras: mercato_core::csv_format::mapping::ProductExtras =
        mercato_db::options::get(&db, &format!("catalogue.extras.{}", wallpaper.id.0))
            .await
            .expect("read")
            .expect("extras");
    assert_eq!(extras.downloads[0].url, mercato::demo::WALLPAPER_FILE);
    assert_eq!(
        (extras.download_limit, extras.download_expiry_days),
        (Some(5), Some(30))
    );
    assert_eq!(by_sku("TS-NEXT").status, ProductStatus::Draft);
    assert!(by_sku("HD-ZIP").review_count >= 3 && by_sku("HD-ZIP").average_rating.0 > 300);

    // Loading again changes nothing.
    let again = mercato::demo::load(&db).await.expect("again");
    assert!(again.contains("already loaded"), "{again}");
    assert_eq!(all_products(&db).await.len(), products.len());
});

story!(a_synthetic_catalogue_adds_products, |db: Db| async move {
    mercato::demo::load(&db).await.expect("demo");
    let before = store::product_count(&db).await.expect("count");
    let report = mercato::demo::synthetic::add(&db, 500)
        .await
        .expect("synthetic");
    assert!(report.is_success(), "{report}");
    assert_eq!(
        store::product_count(&db).await.expect("count"),
        before + 500
    );
    let query = ProductQuery {
        visibility: Visibility::All,
        search: Some("SYN-TS-000008".into()),
        per_page: 0,
        ..ProductQuery::default()
    };
    assert_eq!(
        store::find_products(&db, &query)
            .await
            .expect("search")
            .total,
        1
    );
    let more = mercato::demo::synthetic::add(&db, 10).await.expect("more");
    assert_eq!(more.failed.len(), 0, "{more}");
    assert_eq!(
        store::product_count(&db).await.expect("count"),
        before + 510
    );
});
