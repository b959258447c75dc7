//! The fixture catalogue: Clothing > Hoodies and T-shirts, Accessories, an empty Posters;
//! colours and sizes; a product of every kind and visibility; reviews.

use mercato_core::catalogue::{
    AttributeId, AttributeOption, AttributeTerm, CatalogVisibility, Category, CategoryId,
    ExternalLink, GlobalAttribute, HexColor, Image, Pricing, Product, ProductAttribute, ProductId,
    ProductStatus, ProductType, Rating, Review, ReviewId, ReviewStatus, Stock, StockStatus, Tag,
    TagId, TermId, Variation,
};
use mercato_core::money::Money;
use mercato_db::Db;
use mercato_db::catalogue::{self, CatalogueWriter};

/// Ids of the fixture catalogue.
#[derive(Debug, Clone, Copy)]
pub struct Ids {
    pub hoodie: ProductId,
    pub beanie: ProductId,
    pub cap: ProductId,
    pub tee: ProductId,
    pub sold_out_tee: ProductId,
    pub bundle: ProductId,
    pub scarf: ProductId,
    pub hidden_mug: ProductId,
    pub draft_poster: ProductId,
    pub sticker: ProductId,
    pub clothing: CategoryId,
    pub hoodies: CategoryId,
    pub accessories: CategoryId,
}

fn money(minor: i64) -> Money {
    Money::from_minor(minor)
}

fn image(name: &str) -> Option<Image> {
    Some(Image {
        src: format!("/media/{name}.jpg"),
        thumbnail: Some(format!("/media/{name}-300.jpg")),
        alt: String::new(),
        name: name.to_owned(),
        width: Some(1000),
        height: Some(1000),
        ..Image::default()
    })
}

fn option(term: &AttributeTerm) -> AttributeOption {
    AttributeOption {
        term_id: Some(term.id),
        name: term.name.clone(),
        slug: term.slug.clone(),
    }
}

/// Clothing > Hoodies, Clothing > T-shirts, Accessories, Posters (empty); colours and sizes;
/// ten products of every kind and visibility.
pub async fn catalogue_fixture(db: &Db) -> Ids {
    let save_category =
        |c: Category| async move { catalogue::save_category(db, &c).await.expect("category") };
    let clothing = save_category(Category::new(CategoryId(0), "Clothing")).await;
    let hoodies = save_category(Category::new(CategoryId(0), "Hoodies").under(clothing)).await;
    let tshirts = save_category(Category::new(CategoryId(0), "T-shirts").under(clothing)).await;
    let accessories = save_category(Category::new(CategoryId(0), "Accessories")).await;
    save_category(Category::new(CategoryId(0), "Posters")).await;
    let new_tag = catalogue::save_tag(db, &Tag::new(TagId(0), "New"))
        .await
        .expect("tag");
    let sale_tag = catalogue::save_tag(db, &Tag::new(TagId(0), "Bargains"))
        .await
        .expect("tag");

    let mut color = GlobalAttribute::new(AttributeId(0), "Color");
    color.id = catalogue::save_attribute(db, &color)
        .await
        .expect("attribute");
    for (name, hex) in [
        ("Blue", "#1e40af"),
        ("Red", "#b91c1c"),
        ("Green", "#15803d"),
    ] {
        let mut term = AttributeTerm::new(TermId(0), name);
        term.swatch_color = Some(HexColor::parse(hex).expect("hex"));
        term.id = catalogue::save_term(db, color.id, &term)
            .await
            .expect("term");
        color.terms.push(term);
    }
    let mut size = GlobalAttribute::new(AttributeId(0), "Size");
    size.id = catalogue::save_attribute(db, &size)
        .await
        .expect("attribute");
    for name in ["Small", "Large"] {
        let mut term = AttributeTerm::new(TermId(0), name);
        term.id = catalogue::save_term(db, size.id, &term)
            .await
            .expect("term");
        size.terms.push(term);
    }
    let colors = |names: &[&str]| -> ProductAttribute {
        let ids: Vec<TermId> = color
            .terms
            .iter()
            .filter(|t| names.contains(&t.name.as_str()))
            .map(|t| t.id)
            .collect();
        ProductAttribute::global(&color, &ids)
    };
    let (blue, red, green) = (&color.terms[0], &color.terms[1], &color.terms[2]);

    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut save = async |product: &mut Product, variations: &mut Vec<Variation>| {
        writer
            .save_product(product, variations)
            .await
            .expect("product")
    };

    let mut hoodie = Product::new(ProductId(0), ProductType::Variable, "Hoodie");
    hoodie.sku = "HOOD".into();
    hoodie.category_ids = vec![hoodies];
    hoodie.tag_ids = vec![new_tag];
    hoodie.menu_order = 1;
    hoodie.image = image("hoodie");
    hoodie.gallery = vec![image("hoodie-back").expect("image")];
    hoodie.short_description = "<p>Warm and soft.</p>".into();
    hoodie.description = "<p>Heavy <strong>fleece</strong>.</p>".into();
    hoodie.weight = "1.5".into();
    hoodie.attributes = vec![
        ProductAttribute {
            options: vec![option(blue), option(red), option(green)],
            ..colors(&[]).for_variations()
        },
        ProductAttribute {
            options: size.terms.iter().map(option).collect(),
            ..ProductAttribute::global(&size, &[]).for_variations().at(1)
        },
    ];
    let variation = |c: &str, s: &str, sku: &str, pricing: Pricing| Variation {
        sku: sku.into(),
        pricing,
        ..Variation::new(
            ProductId(0),
            ProductId(0),
            &[("pa_color", c), ("pa_size", s)],
        )
    };
    let mut hoodie_variations = vec![
        variation("blue", "small", "HOOD-BL-S", Pricing::regular(money(4500))),
        Variation {
            image: image("hoodie-blue"),
            ..variation(
                "blue",
                "large",
                "HOOD-BL-L",
                Pricing::on_sale(money(4500), money(4000)),
            )
        },
        variation("red", "small", "HOOD-RD-S", Pricing::regular(money(4200))),
        Variation {
            stock: Stock::untracked(StockStatus::OutOfStock),
            ..variation("red", "large", "HOOD-RD-L", Pricing::regular(money(4200)))
        },
    ];
    save(&mut hoodie, &mut hoodie_variations).await;

    let mut beanie = Product::new(ProductId(0), ProductType::Simple, "Beanie");
    beanie.sku = "BEANIE-1".into();
    beanie.pricing = Pricing::on_sale(money(2000), money(1800));
    beanie.stock = Stock::managed(2);
    beanie.category_ids = vec![accessories];
    beanie.tag_ids = vec![sale_tag];
    beanie.image = image("beanie");
    beanie.menu_order = 2;
    beanie.total_sales = 50;
    beanie.attributes = vec![colors(&["Red"])];
    beanie.description = "<p>A knitted beanie.</p>".into();
    save(&mut beanie, &mut Vec::new()).await;

    let mut cap = Product::new(ProductId(0), ProductType::Simple, "Cap");
    cap.sku = "CAP-BLUE".into();
    cap.pricing = Pricing::regular(money(1600));
    cap.category_ids = vec![accessories];
    cap.image = image("cap");
    cap.menu_order = 3;
    cap.attributes = vec![colors(&["Blue"])];
    save(&mut cap, &mut Vec::new()).await;

    let mut tee = Product::new(ProductId(0), ProductType::Simple, "Logo T-shirt");
    tee.sku = "TEE-LOGO".into();
    tee.pricing = Pricing::regular(money(2500));
    tee.category_ids = vec![tshirts];
    tee.menu_order = 4;
    tee.attributes = vec![colors(&["Green"])];
    save(&mut tee, &mut Vec::new()).await;

    let mut sold_out_tee = Product::new(ProductId(0), ProductType::Simple, "Sold-out T-shirt");
    sold_out_tee.pricing = Pricing::regular(money(2200));
    sold_out_tee.stock = Stock::untracked(StockStatus::OutOfStock);
    sold_out_tee.category_ids = vec![tshirts];
    sold_out_tee.menu_order = 5;
    save(&mut sold_out_tee, &mut Vec::new()).await;

    let mut scarf = Product::new(ProductId(0), ProductType::External, "Partner Scarf");
    scarf.pricing = Pricing::regular(money(3000));
    scarf.external = Some(ExternalLink {
        url: "https://partner.example/scarf".into(),
        button_text: "Buy at our partner".into(),
    });
    scarf.category_ids = vec![accessories];
    scarf.menu_order = 7;
    save(&mut scarf, &mut Vec::new()).await;

    let mut hidden_mug = Product::new(ProductId(0), ProductType::Simple, "Hidden Mug");
    hidden_mug.pricing = Pricing::regular(money(1200));
    hidden_mug.catalog_visibility = CatalogVisibility::Hidden;
    hidden_mug.category_ids = vec![accessories];
    save(&mut hidden_mug, &mut Vec::new()).await;

    let mut draft_poster = Product::new(ProductId(0), ProductType::Simple, "Draft Poster");
    draft_poster.pricing = Pricing::regular(money(900));
    draft_poster.status = ProductStatus::Draft;
    draft_poster.category_ids = vec![accessories];
    save(&mut draft_poster, &mut Vec::new()).await;

    let mut sticker = Product::new(ProductId(0), ProductType::Simple, "Secret Sticker");
    sticker.sku = "STICK-1".into();
    sticker.pricing = Pricing::regular(money(300));
    sticker.catalog_visibility = CatalogVisibility::Search;
    sticker.category_ids = vec![accessories];
    save(&mut sticker, &mut Vec::new()).await;

    let mut bundle = Product::new(ProductId(0), ProductType::Grouped, "Cold Weather Bundle");
    bundle.grouped_ids = vec![beanie.id, cap.id];
    bundle.category_ids = vec![accessories];
    bundle.menu_order = 6;
    bundle.upsell_ids = vec![hoodie.id];
    save(&mut bundle, &mut Vec::new()).await;
    writer.commit().await.expect("commit");

    for (stars, name, status) in [
        (5, "Ada", ReviewStatus::Approved),
        (4, "Grace", ReviewStatus::Approved),
        (1, "Troll", ReviewStatus::Held),
    ] {
        catalogue::add_review(
            db,
            &Review {
                id: ReviewId(0),
                product_id: beanie.id,
                rating: Rating::new(stars).expect("rating"),
                author_name: name.into(),
                author_email: format!("{}@example.com", name.to_lowercase()),
                content: format!("Review by {name}."),
                verified_owner: name == "Ada",
                status,
                created_at: 1_795_289_201,
            },
        )
        .await
        .expect("review");
    }
    Ids {
        hoodie: hoodie.id,
        beanie: beanie.id,
        cap: cap.id,
        tee: tee.id,
        sold_out_tee: sold_out_tee.id,
        bundle: bundle.id,
        scarf: scarf.id,
        hidden_mug: hidden_mug.id,
        draft_poster: draft_poster.id,
        sticker: sticker.id,
        clothing,
        hoodies,
        accessories,
    }
}
