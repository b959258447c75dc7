//! The catalogue storage story, on both engines.

use mercato_core::catalogue::{
    AttributeId, AttributeOption, AttributeTerm, Category, CategoryId, GlobalAttribute, HexColor,
    Image, Pricing, Product, ProductAttribute, ProductId, ProductStatus, ProductType, Rating,
    Review, ReviewStatus, Stock, StockStatus, Tag, TagId, TermId, Variation,
};
use mercato_core::money::Money;
use mercato_db::Db;
use mercato_db::catalogue::{
    self, AttributeFilter, CatalogueWriter, ProductOrder, ProductQuery, StoredRecord, Visibility,
};

struct Fixture {
    clothing: CategoryId,
    hoodies: CategoryId,
    mugs: CategoryId,
    color: AttributeId,
    red: TermId,
    blue: TermId,
    hoodie: ProductId,
    mug: ProductId,
    draft: ProductId,
}

fn option(term: TermId, name: &str) -> AttributeOption {
    AttributeOption {
        term_id: Some(term),
        name: name.to_owned(),
        slug: name.to_lowercase(),
    }
}

async fn fixture(db: &Db) -> Fixture {
    let clothing = catalogue::save_category(db, &Category::new(CategoryId(0), "Clothing"))
        .await
        .expect("category");
    let hoodies =
        catalogue::save_category(db, &Category::new(CategoryId(0), "Hoodies").under(clothing))
            .await
            .expect("category");
    let mugs = catalogue::save_category(db, &Category::new(CategoryId(0), "Mugs"))
        .await
        .expect("category");
    let tag = catalogue::save_tag(
        db,
        &Tag {
            id: TagId(0),
            name: "Cosy".into(),
            slug: "cosy".into(),
            ..Tag::default()
        },
    )
    .await
    .expect("tag");
    let color = catalogue::save_attribute(db, &GlobalAttribute::new(AttributeId(0), "Color"))
        .await
        .expect("attribute");
    let mut red_term = AttributeTerm::new(TermId(0), "Red");
    red_term.swatch_color = Some(HexColor::parse("#cc0000").expect("hex"));
    let red = catalogue::save_term(db, color, &red_term)
        .await
        .expect("term");
    let blue = catalogue::save_term(db, color, &AttributeTerm::new(TermId(0), "Blue"))
        .await
        .expect("term");

    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut hoodie = Product::new(ProductId(0), ProductType::Variable, "Cloud Hoodie");
    hoodie.sku = "HD-CLOUD".into();
    hoodie.description = "<p>Heavy <strong>fleece</strong> for cold mornings.</p>".into();
    hoodie.category_ids = vec![hoodies];
    hoodie.tag_ids = vec![tag];
    hoodie.menu_order = 1;
    hoodie.image = Some(Image {
        src: "/media/hoodie.svg".into(),
        alt: "A hoodie".into(),
        ..Image::default()
    });
    hoodie.attributes = vec![ProductAttribute {
        attribute_id: Some(color),
        name: "Color".into(),
        taxonomy: Some("pa_color".into()),
        options: vec![option(red, "Red"), option(blue, "Blue")],
        visible: true,
        variation: true,
        ..ProductAttribute::default()
    }];
    let mut red_hoodie = Variation::new(ProductId(0), ProductId(0), &[("pa_color", "red")]);
    red_hoodie.sku = "HD-CLOUD-RED".into();
    red_hoodie.pricing = Pricing::regular(Money::from_minor(4500));
    red_hoodie.stock = Stock::managed(3);
    let mut blue_hoodie = Variation::new(ProductId(0), ProductId(0), &[("pa_color", "blue")]);
    blue_hoodie.sku = "HD-CLOUD-BLU".into();
    blue_hoodie.pricing = Pricing::on_sale(Money::from_minor(5500), Money::from_minor(3900));
    let mut variations = vec![red_hoodie, blue_hoodie];
    let hoodie_id = writer
        .save_product(&mut hoodie, &mut variations)
        .await
        .expect("save hoodie");
    assert!(
        variations
            .iter()
            .all(|v| v.id.0 != 0 && v.parent_id == hoodie_id)
    );

    let mut mug = Product::new(ProductId(0), ProductType::Simple, "Sunrise Mug");
    mug.sku = "MUG-SUN".into();
    mug.pricing = Pricing::regular(Money::from_minor(1200));
    mug.category_ids = vec![mugs];
    mug.menu_order = 2;
    mug.total_sales = 40;
    let mug_id = writer
        .save_product(&mut mug, &mut [])
        .await
        .expect("save mug");

    let mut draft = Product::new(ProductId(0), ProductType::Simple, "Secret Mug");
    draft.status = ProductStatus::Draft;
    draft.pricing = Pricing::regular(Money::from_minor(900));
    draft.category_ids = vec![mugs];
    let draft_id = writer
        .save_product(&mut draft, &mut [])
        .await
        .expect("save draft");
    writer.commit().await.expect("commit");

    Fixture {
        clothing,
        hoodies,
        mugs,
        color,
        red,
        blue,
        hoodie: hoodie_id,
        mug: mug_id,
        draft: draft_id,
    }
}

fn listing() -> ProductQuery {
    ProductQuery {
        per_page: 10,
        page: 1,
        ..ProductQuery::default()
    }
}

storage_story!(
    products_round_trip_with_their_variations,
    |db: Db| async move {
        let version_before = catalogue::version(&db).await.expect("version");
        let f = fixture(&db).await;
        assert!(
            catalogue::version(&db).await.expect("version") > version_before,
            "writes move the version"
        );

        let hoodie = catalogue::product_by_slug(&db, "cloud-hoodie")
            .await
            .expect("load")
            .expect("found");
        assert_eq!(hoodie.id, f.hoodie);
        assert_eq!(hoodie.kind, ProductType::Variable);
        assert_eq!(hoodie.attributes[0].options.len(), 2);
        let variations = catalogue::variations_of(&db, f.hoodie)
            .await
            .expect("variations");
        assert_eq!(variations.len(), 2);
        assert_eq!(variations[0].stock.quantity, Some(3));

        match catalogue::product_by_sku(&db, "HD-CLOUD-BLU")
            .await
            .expect("by sku")
        {
            Some(StoredRecord::Variation(v)) => assert_eq!(v.parent_id, f.hoodie),
            other => panic!("expected the blue variation, got {other:?}"),
        }
        let both = catalogue::products_by_ids(&db, &[f.mug, f.hoodie, ProductId(999_999)])
            .await
            .expect("by ids");
        assert_eq!(
            both.iter().map(|p| p.id).collect::<Vec<_>>(),
            vec![f.mug, f.hoodie],
            "in the order asked"
        );
        assert!(
            catalogue::product_by_id(&db, f.draft)
                .await
                .expect("load")
                .is_some()
        );
    }
);

storage_story!(
    saving_again_replaces_variations_and_keeps_slugs_unique,
    |db: Db| async move {
        let f = fixture(&db).await;
        let mut hoodie = catalogue::product_by_id(&db, f.hoodie)
            .await
            .expect("load")
            .expect("found");
        let mut variations = catalogue::variations_of(&db, f.hoodie)
            .await
            .expect("variations");
        variations.truncate(1);
        let mut writer = CatalogueWriter::begin(&db).await.expect("writer");
        writer
            .save_product(&mut hoodie, &mut variations)
            .await
            .expect("save");
        let mut twin = Product::new(ProductId(0), ProductType::Simple, "Cloud Hoodie");
        writer
            .save_product(&mut twin, &mut [])
            .await
            .expect("save twin");
        writer.commit().await.expect("commit");
        assert_eq!(
            catalogue::variations_of(&db, f.hoodie)
                .await
                .expect("variations")
                .len(),
            1
        );
        assert_eq!(twin.slug, "cloud-hoodie-2");

        // A SKU already in use is a clear error and the transaction writes nothing.
        let mut writer = CatalogueWriter::begin(&db).await.expect("writer");
        let mut clash = Product::new(ProductId(0), ProductType::Simple, "Clash");
        clash.sku = "MUG-SUN".into();
        let error = writer
            .save_product(&mut clash, &mut [])
            .await
            .expect_err("duplicate SKU");
        assert!(
            matches!(error, mercato_db::DbError::Duplicate(_)),
            "{error}"
        );
    }
);

storage_story!(listings_filter_sort_and_paginate, |db: Db| async move {
    let f = fixture(&db).await;
    let page = catalogue::find_products(&db, &listing())
        .await
        .expect("list");
    assert_eq!(page.total, 2, "the draft is not listed");
    assert_eq!(page.ids, vec![f.hoodie, f.mug], "menu order");

    let by_category = ProductQuery {
        category_ids: vec![f.clothing, f.hoodies]
            .into_iter()
            .map(|c| c.0)
            .collect(),
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &by_category)
            .await
            .expect("list")
            .ids,
        vec![f.hoodie]
    );

    let blue = ProductQuery {
        attributes: vec![AttributeFilter {
            attribute_id: f.color.0,
            term_ids: vec![f.blue.0],
            all: false,
        }],
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &blue)
            .await
            .expect("list")
            .ids,
        vec![f.hoodie]
    );

    // The hoodie costs 39.00–45.00 (blue on sale), the mug 12.00.
    let cheap = ProductQuery {
        max_price: Some(2000),
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &cheap)
            .await
            .expect("list")
            .ids,
        vec![f.mug]
    );
    let dear = ProductQuery {
        min_price: Some(4000),
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &dear)
            .await
            .expect("list")
            .ids,
        vec![f.hoodie]
    );
    let on_sale = ProductQuery {
        on_sale: Some(true),
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &on_sale)
            .await
            .expect("list")
            .ids,
        vec![f.hoodie]
    );

    for (order, expected) in [
        (ProductOrder::Price, vec![f.mug, f.hoodie]),
        (ProductOrder::PriceDesc, vec![f.hoodie, f.mug]),
        (ProductOrder::Popularity, vec![f.mug, f.hoodie]),
        (ProductOrder::Title, vec![f.hoodie, f.mug]),
    ] {
        let sorted = ProductQuery { order, ..listing() };
        assert_eq!(
            catalogue::find_products(&db, &sorted)
                .await
                .expect("list")
                .ids,
            expected,
            "{order:?}"
        );
    }

    let second_page = ProductQuery {
        per_page: 1,
        page: 2,
        ..listing()
    };
    let page = catalogue::find_products(&db, &second_page)
        .await
        .expect("list");
    assert_eq!((page.ids, page.total), (vec![f.mug], 2));
    let far = ProductQuery {
        per_page: 10,
        page: u32::MAX,
        ..listing()
    };
    assert!(
        catalogue::find_products(&db, &far)
            .await
            .expect("list")
            .ids
            .is_empty()
    );

    let everything = ProductQuery {
        visibility: Visibility::All,
        per_page: 0,
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &everything)
            .await
            .expect("list")
            .total,
        3
    );
});

storage_story!(
    search_finds_names_skus_and_descriptions,
    |db: Db| async move {
        let f = fixture(&db).await;
        let search = |term: &str| ProductQuery {
            visibility: Visibility::Search,
            search: Some(term.to_owned()),
            order: ProductOrder::Relevance,
            ..listing()
        };
        for (term, expected) in [
            ("hoodie", vec![f.hoodie]),
            ("SUNRISE", vec![f.mug]),
            ("MUG-SUN", vec![f.mug]),
            ("mug-s", vec![f.mug]),
            ("HD-CLOUD-BLU", vec![f.hoodie]),
            ("fleece", vec![f.hoodie]),
            ("secret", vec![]),
            ("%", vec![]),
            ("' or 1=1 --", vec![]),
            ("<script>", vec![]),
        ] {
            assert_eq!(
                catalogue::find_products(&db, &search(term))
                    .await
                    .expect("search")
                    .ids,
                expected,
                "{term}"
            );
        }
    }
);

storage_story!(facets_count_products_beside_filters, |db: Db| async move {
    let f = fixture(&db).await;
    let facets = catalogue::facets(&db, &listing()).await.expect("facets");
    assert_eq!(facets.terms.get(&f.red.0), Some(&1));
    assert_eq!(facets.terms.get(&f.blue.0), Some(&1));
    assert_eq!(
        facets.categories.get(&f.mugs.0),
        Some(&1),
        "the draft mug is not counted"
    );
    assert_eq!(facets.stock.get("instock"), Some(&2));
    assert_eq!(facets.price_range, Some((1200, 4500)));

    // Choosing red still counts blue (counted without the colour's own filter).
    let red = ProductQuery {
        attributes: vec![AttributeFilter {
            attribute_id: f.color.0,
            term_ids: vec![f.red.0],
            all: false,
        }],
        ..listing()
    };
    let facets = catalogue::facets(&db, &red).await.expect("facets");
    assert_eq!(facets.terms.get(&f.blue.0), Some(&1));

    let taxonomy = catalogue::load_taxonomy(&db).await.expect("taxonomy");
    assert_eq!(
        taxonomy.categories.by_slug("hoodies").map(|c| c.count),
        Some(1)
    );
    let color = taxonomy.attribute_by_slug("pa_color").expect("colour");
    assert_eq!(
        color
            .terms
            .iter()
            .find(|t| t.slug == "red")
            .and_then(|t| t.swatch_color.clone())
            .map(|c| c.as_str().to_owned()),
        Some("#cc0000".to_owned())
    );
});

storage_story!(approved_reviews_set_the_rating, |db: Db| async move {
    let f = fixture(&db).await;
    let review = |stars: i64, status: ReviewStatus| Review {
        id: mercato_core::catalogue::ReviewId(0),
        product_id: f.mug,
        rating: Rating::new(stars).expect("rating"),
        author_name: "Ada".into(),
        author_email: "ada@example.com".into(),
        content: "Lovely <b>mug</b>".into(),
        verified_owner: false,
        status,
        created_at: 0,
    };
    catalogue::add_review(&db, &review(5, ReviewStatus::Approved))
        .await
        .expect("review");
    catalogue::add_review(&db, &review(4, ReviewStatus::Approved))
        .await
        .expect("review");
    let held = catalogue::add_review(&db, &review(1, ReviewStatus::Held))
        .await
        .expect("review");
    let mug = catalogue::product_by_id(&db, f.mug)
        .await
        .expect("load")
        .expect("found");
    assert_eq!(
        (mug.average_rating.to_string(), mug.review_count),
        ("4.50".to_owned(), 2)
    );

    let (listed, total) = catalogue::reviews(
        &db,
        &catalogue::ReviewQuery {
            product_ids: vec![f.mug],
            per_page: 10,
            page: 1,
            ..Default::default()
        },
    )
    .await
    .expect("reviews");
    assert_eq!((listed.len(), total), (2, 2), "held reviews are not shown");

    assert!(
        catalogue::set_review_status(&db, held, ReviewStatus::Approved)
            .await
            .expect("moderate")
    );
    let mug = catalogue::product_by_id(&db, f.mug)
        .await
        .expect("load")
        .expect("found");
    assert_eq!(
        (mug.average_rating.to_string(), mug.review_count),
        ("3.33".to_owned(), 3)
    );
    let rated = ProductQuery {
        ratings: vec![3],
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &rated)
            .await
            .expect("list")
            .ids,
        vec![f.mug]
    );
});

storage_story!(reviews_stored_as_html_become_text, |db: Db| async move {
    // Before migration 6 the review form stored `text_to_html` of the shopper's text.
    let f = fixture(&db).await;
    let review = |content: &str| Review {
        id: mercato_core::catalogue::ReviewId(0),
        product_id: f.mug,
        rating: Rating::new(5).expect("rating"),
        author_name: "Ada".into(),
        author_email: "ada@example.com".into(),
        content: content.into(),
        verified_owner: false,
        status: ReviewStatus::Approved,
        created_at: 0,
    };
    let typed = "Great \"mug\" & <b>cheap</b>, it's &lt;3\nSecond line\n\nNext paragraph";
    let html = concat!(
        "<p>Great &quot;mug&quot; &amp; &lt;b&gt;cheap&lt;/b&gt;, it&#039;s &amp;lt;3<br>\n",
        "Second line</p>\n<p>Next paragraph</p>\n"
    );
    let old = catalogue::add_review(&db, &review(html))
        .await
        .expect("old");
    let plain = catalogue::add_review(&db, &review("<p>kept as typed</p>"))
        .await
        .expect("plain");
    // Run migration 6 again over these rows, as an existing shop would.
    sqlx::query("delete from schema_migrations where version = 6")
        .execute(db.pool())
        .await
        .expect("forget 6");
    let report = mercato_db::migrate::run(&db).await.expect("migrate");
    assert_eq!(report.applied, [(6, "0006_review_text")]);
    let content = |id: mercato_core::catalogue::ReviewId| {
        let db = db.clone();
        async move {
            let row: (String,) = sqlx::query_as("select content from reviews where id = $1")
                .bind(id.0)
                .fetch_one(db.pool())
                .await
                .expect("content");
            row.0
        }
    };
    assert_eq!(content(old).await, typed);
    assert_eq!(content(plain).await, "<p>kept as typed</p>");
});

storage_story!(media_is_stored_and_replaced, |db: Db| async move {
    assert!(
        catalogue::get_media(&db, "demo/x.svg")
            .await
            .expect("get")
            .is_none()
    );
    catalogue::put_media(&db, "demo/x.svg", "image/svg+xml", b"<svg/>")
        .await
        .expect("put");
    catalogue::put_media(&db, "demo/x.svg", "image/svg+xml", b"<svg></svg>")
        .await
        .expect("replace");
    let file = catalogue::get_media(&db, "demo/x.svg")
        .await
        .expect("get")
        .expect("found");
    assert_eq!(file.bytes, b"<svg></svg>");
});

storage_story!(stock_columns_are_the_truth_for_stock, |db: Db| async move {
    let f = fixture(&db).await;
    let variations = catalogue::variations_of(&db, f.hoodie)
        .await
        .expect("variations");
    // What checkout does: a conditional update of the stock column.
    let red = variations[0].id.0;
    assert!(
        !catalogue::take_stock_now(&db, red, 4).await.expect("take"),
        "only 3 left"
    );
    assert!(catalogue::take_stock_now(&db, red, 3).await.expect("take"));
    let again = catalogue::variations_of(&db, f.hoodie)
        .await
        .expect("variations");
    assert_eq!(again[0].stock.quantity, Some(0));
    assert!(
        !catalogue::take_stock_now(&db, red, 1).await.expect("take"),
        "none left"
    );
    // The mug does not manage stock: always available.
    assert!(
        catalogue::take_stock_now(&db, f.mug.0, 100)
            .await
            .expect("take")
    );
    let hidden = ProductQuery {
        stock_statuses: vec![StockStatus::InStock],
        ..listing()
    };
    assert_eq!(
        catalogue::find_products(&db, &hidden)
            .await
            .expect("list")
            .total,
        2
    );
});

storage_story!(
    every_catalogue_write_moves_last_modified,
    |db: Db| async move {
        let f = fixture(&db).await;
        assert!(
            catalogue::last_modified(&db).await.expect("read") > 0,
            "the fixture's writes count"
        );
        // An old time, so any write this second is seen to move it.
        let age = || async {
            sqlx::query("update options set updated_at = 1000 where name = 'catalogue_version'")
                .execute(db.pool())
                .await
                .expect("age");
            assert_eq!(catalogue::last_modified(&db).await.expect("read"), 1000);
        };
        age().await;
        let red = catalogue::variations_of(&db, f.hoodie)
            .await
            .expect("variations")[0]
            .id
            .0;
        assert!(catalogue::take_stock_now(&db, red, 1).await.expect("take"));
        assert!(
            catalogue::last_modified(&db).await.expect("read") > 1000,
            "stock taken"
        );
        age().await;
        catalogue::save_category(&db, &Category::new(CategoryId(0), "Posters"))
            .await
            .expect("category");
        assert!(
            catalogue::last_modified(&db).await.expect("read") > 1000,
            "a term"
        );
        age().await;
        assert!(
            catalogue::delete_product(&db, f.draft)
                .await
                .expect("delete")
        );
        assert!(
            catalogue::last_modified(&db).await.expect("read") > 1000,
            "a deletion (no product row is left to carry a newer date)"
        );
    }
);
