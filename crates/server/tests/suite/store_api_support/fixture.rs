//! The test shop: a category tree, tags, two global attributes, one product of every kind,
//! a draft, a hidden and a search-only product, and reviews.

use mercato_core::catalogue::{
    AttributeId, AttributeTerm, CatalogVisibility, Category, CategoryId, ExternalLink,
    GlobalAttribute, Pricing, Product, ProductAttribute, ProductId, ProductStatus, ProductType,
    Rating, Review, ReviewId, ReviewStatus, Stock, StockStatus, Tag, TagId, TermId, Variation,
};
use mercato_core::money::Money;
use mercato_core::settings::ShopSettings;
use mercato_db::Db;
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::testing::TestDb;

/// The app over the test shop, and the ids tests refer to.
pub struct Shop {
    /// Keeps the database alive.
    pub db: TestDb,
    /// The whole application, `?rest_route=` included.
    pub app: axum::Router,
    /// Its state (for what the app keeps: its caches' counts).
    pub state: mercato_server::AppState,
    pub clothing: i64,
    pub hoodies: i64,
    pub tshirts: i64,
    pub accessories: i64,
    pub decor: i64,
    pub music: i64,
    pub cosy: i64,
    pub gift: i64,
    pub color: i64,
    pub size: i64,
    pub red: i64,
    pub blue: i64,
    pub green: i64,
    pub beanie: i64,
    pub hoodie: i64,
    pub hoodie_red: i64,
    pub hoodie_blue_logo: i64,
    pub hoodie_blue_any: i64,
    pub vneck: i64,
    pub vneck_red: i64,
    pub tshirt: i64,
    pub collection: i64,
    pub pennant: i64,
    pub scarf: i64,
    pub sock: i64,
    pub hidden: i64,
    pub draft: i64,
}

impl Shop {
    /// Listed products, newest first, as the Store API lists them when asked nothing (as
    /// WooCommerce's does): hidden ones too, drafts never.
    pub fn listed(&self) -> Vec<i64> {
        vec![
            self.hidden,
            self.sock,
            self.scarf,
            self.pennant,
            self.collection,
            self.tshirt,
            self.vneck,
            self.hoodie,
            self.beanie,
        ]
    }
}

/// Ids as a comma list.
pub fn csv(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

/// Day 0 of the fixture: products are created a day apart from here.
pub const EPOCH: i64 = 1_795_000_000;

fn usd(minor: i64) -> Money {
    Money::from_minor(minor)
}

async fn attribute(db: &Db, name: &str, terms: &[&str]) -> GlobalAttribute {
    let mut attribute = GlobalAttribute::new(AttributeId(0), name);
    attribute.id = catalogue::save_attribute(db, &attribute)
        .await
        .expect("attribute");
    for (i, term) in terms.iter().enumerate() {
        let mut t = AttributeTerm::new(TermId(0), term);
        t.menu_order = i64::try_from(terms.len() - i).expect("small");
        t.id = catalogue::save_term(db, attribute.id, &t)
            .await
            .expect("term");
        attribute.terms.push(t);
    }
    attribute
}

async fn category(db: &Db, name: &str, parent: Option<CategoryId>) -> CategoryId {
    let mut c = Category::new(CategoryId(0), name);
    c.parent = parent;
    catalogue::save_category(db, &c).await.expect("category")
}

async fn tag(db: &Db, name: &str) -> TagId {
    catalogue::save_tag(db, &Tag::new(TagId(0), name))
        .await
        .expect("tag")
}

fn product(kind: ProductType, name: &str, day: i64, categories: &[CategoryId]) -> Product {
    Product {
        created_at: EPOCH + day * 86_400,
        category_ids: categories.to_vec(),
        short_description: format!("<p>This is a {} product.</p>", kind.as_str()),
        description: "<p>Made to last.</p>".to_owned(),
        ..Product::new(ProductId(0), kind, name)
    }
}

fn variation(values: &[(&str, &str)], price: Pricing, sku: &str) -> Variation {
    Variation {
        pricing: price,
        sku: sku.to_owned(),
        ..Variation::new(ProductId(0), ProductId(0), values)
    }
}

async fn review(db: &Db, product: ProductId, stars: i64, status: ReviewStatus, day: i64) {
    let review = Review {
        id: ReviewId(0),
        product_id: product,
        rating: Rating::new(stars).expect("rating"),
        author_name: "Ada".to_owned(),
        author_email: "ada@example.com".to_owned(),
        content: format!("{stars} stars <em>from</em> me."),
        verified_owner: stars > 3,
        status,
        created_at: EPOCH + day * 86_400,
    };
    catalogue::add_review(db, &review).await.expect("review");
}

/// The test shop on SQLite with default settings.
pub async fn shop() -> Shop {
    shop_on(
        TestDb::sqlite().await.expect("sqlite"),
        ShopSettings::default(),
    )
    .await
}

/// The test shop on `test_db` with `settings`.
pub async fn shop_on(test_db: TestDb, settings: ShopSettings) -> Shop {
    let db = test_db.db.clone();
    let clothing = category(&db, "Clothing", None).await;
    let hoodies = category(&db, "Hoodies", Some(clothing)).await;
    let tshirts = category(&db, "Tshirts", Some(clothing)).await;
    let accessories = category(&db, "Accessories", None).await;
    let decor = category(&db, "Decor", None).await;
    let music = category(&db, "Music", None).await;
    let cosy = tag(&db, "Cosy").await;
    let gift = tag(&db, "Gift").await;
    let color = attribute(&db, "Color", &["Red", "Blue", "Green"]).await;
    let size = attribute(&db, "Size", &["Small", "Large"]).await;
    let term = |a: &GlobalAttribute, name: &str| {
        a.terms
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.id)
            .expect("term")
    };
    let (red, blue, green) = (
        term(&color, "Red"),
        term(&color, "Blue"),
        term(&color, "Green"),
    );

    let mut writer = CatalogueWriter::begin(&db).await.expect("writer");
    let mut beanie = Product {
        sku: "woo-beanie".into(),
        pricing: Pricing::on_sale(usd(2000), usd(1800)),
        stock: Stock::managed(2),
        featured: true,
        tag_ids: vec![gift],
        attributes: vec![ProductAttribute::global(&color, &[red])],
        ..product(ProductType::Simple, "Beanie", 1, &[accessories])
    };
    writer
        .save_product(&mut beanie, &mut [])
        .await
        .expect("beanie");

    let mut hoodie = Product {
        sku: "woo-hoodie".into(),
        tag_ids: vec![cosy],
        attributes: vec![
            ProductAttribute::global(&color, &[red, blue]).for_variations(),
            ProductAttribute::local("Logo", &["Yes", "No"])
                .for_variations()
                .at(1),
        ],
        ..product(ProductType::Variable, "Hoodie", 2, &[hoodies])
    };
    let mut hoodie_variations = vec![
        variation(
            &[("pa_color", "red"), ("logo", "No")],
            Pricing::on_sale(usd(4500), usd(4200)),
            "woo-hoodie-red",
        ),
        variation(
            &[("pa_color", "blue"), ("logo", "Yes")],
            Pricing::regular(usd(4500)),
            "woo-hoodie-blue-logo",
        ),
        variation(
            &[("pa_color", "blue"), ("logo", "")],
            Pricing::regular(usd(4800)),
            "woo-hoodie-blue",
        ),
    ];
    writer
        .save_product(&mut hoodie, &mut hoodie_variations)
        .await
        .expect("hoodie");

    let mut vneck = Product {
        sku: "woo-vneck-tee".into(),
        attributes: vec![
            ProductAttribute::global(&color, &[red, green]).for_variations(),
            ProductAttribute::global(&size, &[term(&size, "Small"), term(&size, "Large")])
                .for_variations()
                .at(1),
        ],
        ..product(ProductType::Variable, "V-Neck T-Shirt", 3, &[tshirts])
    };
    let mut vneck_variations = vec![
        variation(
            &[("pa_color", "red"), ("pa_size", "")],
            Pricing::regular(usd(2000)),
            "woo-vneck-red",
        ),
        variation(
            &[("pa_color", "green"), ("pa_size", "")],
            Pricing::regular(usd(1500)),
            "woo-vneck-green",
        ),
    ];
    writer
        .save_product(&mut vneck, &mut vneck_variations)
        .await
        .expect("vneck");

    let mut tshirt = Product {
        sku: "woo-tshirt".into(),
        pricing: Pricing::regular(usd(1800)),
        tag_ids: vec![cosy, gift],
        total_sales: 50,
        ..product(ProductType::Simple, "T-Shirt", 4, &[tshirts])
    };
    writer
        .save_product(&mut tshirt, &mut [])
        .await
        .expect("tshirt");

    let mut collection = Product {
        sku: "logo-collection".into(),
        grouped_ids: vec![beanie.id, tshirt.id],
        ..product(ProductType::Grouped, "Logo Collection", 5, &[clothing])
    };
    writer
        .save_product(&mut collection, &mut [])
        .await
        .expect("collection");

    let mut pennant = Product {
        sku: "wp-pennant".into(),
        pricing: Pricing::regular(usd(1105)),
        external: Some(ExternalLink {
            url: "https://mercantile.wordpress.org/product/wordpress-pennant/".into(),
            button_text: "Buy on the WordPress swag store!".into(),
        }),
        short_description: "<p>This is an external product.</p>".into(),
        ..product(ProductType::External, "WordPress Pennant", 6, &[decor])
    };
    writer
        .save_product(&mut pennant, &mut [])
        .await
        .expect("pennant");

    let mut scarf = Product {
        sku: "scarf".into(),
        pricing: Pricing::regular(usd(2500)),
        stock: Stock::untracked(StockStatus::OutOfStock),
        ..product(ProductType::Simple, "Scarf", 7, &[accessories])
    };
    writer
        .save_product(&mut scarf, &mut [])
        .await
        .expect("scarf");

    let mut sock = Product {
        sku: "sock".into(),
        pricing: Pricing::regular(usd(900)),
        catalog_visibility: CatalogVisibility::Search,
        ..product(ProductType::Simple, "Search Sock", 8, &[accessories])
    };
    writer.save_product(&mut sock, &mut []).await.expect("sock");

    let mut hidden = Product {
        sku: "hidden-mug".into(),
        pricing: Pricing::regular(usd(1000)),
        catalog_visibility: CatalogVisibility::Hidden,
        ..product(ProductType::Simple, "Hidden Mug", 9, &[decor])
    };
    writer
        .save_product(&mut hidden, &mut [])
        .await
        .expect("hidden");

    let mut draft = Product {
        sku: "secret-hoodie".into(),
        pricing: Pricing::regular(usd(9900)),
        status: ProductStatus::Draft,
        ..product(ProductType::Simple, "Secret Hoodie", 10, &[hoodies, music])
    };
    writer
        .save_product(&mut draft, &mut [])
        .await
        .expect("draft");
    writer.commit().await.expect("commit");

    review(&db, hoodie.id, 5, ReviewStatus::Approved, 11).await;
    review(&db, hoodie.id, 4, ReviewStatus::Approved, 12).await;
    review(&db, beanie.id, 3, ReviewStatus::Approved, 13).await;
    review(&db, beanie.id, 1, ReviewStatus::Held, 14).await;
    review(&db, draft.id, 5, ReviewStatus::Approved, 15).await;

    let (state, app) = crate::shop::Shop::builder()
        .paying()
        .rest_route()
        .settings(settings)
        .app(db);
    Shop {
        db: test_db,
        app,
        state,
        clothing: clothing.0,
        hoodies: hoodies.0,
        tshirts: tshirts.0,
        accessories: accessories.0,
        decor: decor.0,
        music: music.0,
        cosy: cosy.0,
        gift: gift.0,
        color: color.id.0,
        size: size.id.0,
        red: red.0,
        blue: blue.0,
        green: green.0,
        beanie: beanie.id.0,
        hoodie: hoodie.id.0,
        hoodie_red: hoodie_variations[0].id.0,
        hoodie_blue_logo: hoodie_variations[1].id.0,
        hoodie_blue_any: hoodie_variations[2].id.0,
        vneck: vneck.id.0,
        vneck_red: vneck_variations[0].id.0,
        tshirt: tshirt.id.0,
        collection: collection.id.0,
        pennant: pennant.id.0,
        scarf: scarf.id.0,
        sock: sock.id.0,
        hidden: hidden.id.0,
        draft: draft.id.0,
    }
}
