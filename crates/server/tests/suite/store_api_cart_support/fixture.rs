//! The reference shop of the recorded WooCommerce cart flow (`wc-golden/index.md`), with the
//! same ids: T-Shirt 17, Hoodie 15 (variations 31 red/No on sale, 32 green/No, 33 blue/No,
//! 38 blue/Yes), Beanie 18 (stock 2, on sale), Belt 19, Cap 20 (on sale), V-Neck T-Shirt 14
//! (variations 28 red, 29 green, 30 blue, any size), and the coupons `ten`, `fixed5`,
//! `expired`.

use mercato_core::catalogue::{
    AttributeId, AttributeTerm, CatalogVisibility, ExternalLink, GlobalAttribute, Pricing, Product,
    ProductAttribute, ProductId, ProductType, Stock, TermId, Variation,
};
use mercato_core::money::Money;
use mercato_core::pricing::{Coupon, CouponKind, Decimal};
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::testing::Fixture;
use mercato_db::{Backend, Db, coupons};

use crate::shop::Shop;

/// The reference shop, served: the test shop of the one builder.
pub use crate::shop::Shop as RefShop;

fn usd(minor: i64) -> Money {
    Money::from_minor(minor)
}

async fn attribute(db: &Db, name: &str, terms: &[&str]) -> GlobalAttribute {
    let mut attribute = GlobalAttribute::new(AttributeId(0), name);
    attribute.id = catalogue::save_attribute(db, &attribute)
        .await
        .expect("attribute");
    for term in terms {
        let mut t = AttributeTerm::new(TermId(0), term);
        t.id = catalogue::save_term(db, attribute.id, &t)
            .await
            .expect("term");
        attribute.terms.push(t);
    }
    attribute
}

fn simple(id: i64, name: &str, sku: &str, pricing: Pricing, weight: &str) -> Product {
    Product {
        sku: sku.into(),
        pricing,
        weight: weight.into(),
        short_description: "<p>This is a simple product.</p>".into(),
        description: "<p>Pellentesque habitant morbi tristique senectus.</p>".into(),
        ..Product::new(ProductId(id), ProductType::Simple, name)
    }
}

fn variation(id: i64, values: &[(&str, &str)], pricing: Pricing, sku: &str) -> Variation {
    Variation {
        pricing,
        sku: sku.into(),
        ..Variation::new(ProductId(id), ProductId(0), values)
    }
}

/// The reference shop on SQLite.
pub async fn ref_shop() -> RefShop {
    ref_shop_on(Backend::Sqlite).await
}

/// The reference shop on `backend`: every gateway on, `?rest_route=` answered.
pub async fn ref_shop_on(backend: Backend) -> RefShop {
    Shop::builder()
        .with_products(&REF_SHOP)
        .paying()
        .rest_route()
        .build(backend)
        .await
}

/// The reference shop's rows.
pub static REF_SHOP: Fixture = Fixture {
    name: "ref_shop",
    build: |db| Box::pin(write_ref_shop(db)),
};

/// Writes the reference shop's catalogue and coupons into `db`.
pub async fn write_ref_shop(db: Db) {
    let color = attribute(&db, "Color", &["Red", "Green", "Blue", "Gray"]).await;
    let size = attribute(&db, "Size", &["Small", "Medium", "Large"]).await;
    let named = |a: &GlobalAttribute, names: &[&str]| {
        a.terms
            .iter()
            .filter(|t| names.contains(&t.name.as_str()))
            .map(|t| t.id)
            .collect::<Vec<_>>()
    };
    let terms = |a: &GlobalAttribute| {
        if a.name == "Color" {
            named(a, &["Red", "Green", "Blue"])
        } else {
            a.terms.iter().map(|t| t.id).collect()
        }
    };

    let mut writer = CatalogueWriter::begin(&db).await.expect("writer");
    let mut vneck = Product {
        sku: "woo-vneck-tee".into(),
        weight: "0.5".into(),
        short_description: "<p>This is a variable product.</p>".into(),
        attributes: vec![
            ProductAttribute::global(&color, &terms(&color)).for_variations(),
            ProductAttribute::global(&size, &terms(&size))
                .for_variations()
                .at(1),
        ],
        ..Product::new(ProductId(14), ProductType::Variable, "V-Neck T-Shirt")
    };
    let mut vneck_variations = vec![
        variation(
            28,
            &[("pa_color", "red"), ("pa_size", "")],
            Pricing::regular(usd(2000)),
            "woo-vneck-tee-red",
        ),
        variation(
            29,
            &[("pa_color", "green"), ("pa_size", "")],
            Pricing::regular(usd(2000)),
            "woo-vneck-tee-green",
        ),
        variation(
            30,
            &[("pa_color", "blue"), ("pa_size", "")],
            Pricing::regular(usd(1500)),
            "woo-vneck-tee-blue",
        ),
    ];
    writer
        .save_product(&mut vneck, &mut vneck_variations)
        .await
        .expect("vneck");

    let mut hoodie = Product {
        sku: "woo-hoodie".into(),
        weight: "1.5".into(),
        short_description: "<p>This is a variable product.</p>".into(),
        attributes: vec![
            ProductAttribute::global(&color, &terms(&color)).for_variations(),
            ProductAttribute::local("Logo", &["Yes", "No"])
                .for_variations()
                .at(1),
        ],
        ..Product::new(ProductId(15), ProductType::Variable, "Hoodie")
    };
    let mut hoodie_variations = vec![
        variation(
            31,
            &[("pa_color", "red"), ("logo", "No")],
            Pricing::on_sale(usd(4500), usd(4200)),
            "woo-hoodie-red",
        ),
        variation(
            32,
            &[("pa_color", "green"), ("logo", "No")],
            Pricing::regular(usd(4500)),
            "woo-hoodie-green",
        ),
        variation(
            33,
            &[("pa_color", "blue"), ("logo", "No")],
            Pricing::regular(usd(4500)),
            "woo-hoodie-blue",
        ),
        variation(
            38,
            &[("pa_color", "blue"), ("logo", "Yes")],
            Pricing::regular(usd(4500)),
            "woo-hoodie-blue-logo",
        ),
    ];
    writer
        .save_product(&mut hoodie, &mut hoodie_variations)
        .await
        .expect("hoodie");

    let products = [
        // The sample T-shirt is gray: a visible global attribute that defines nothing.
        Product {
            attributes: vec![ProductAttribute::global(&color, &named(&color, &["Gray"]))],
            ..simple(
                17,
                "T-Shirt",
                "woo-tshirt",
                Pricing::regular(usd(1800)),
                "0.8",
            )
        },
        Product {
            stock: Stock::managed(2),
            ..simple(
                18,
                "Beanie",
                "woo-beanie",
                Pricing::on_sale(usd(2000), usd(1800)),
                "0.2",
            )
        },
        simple(
            19,
            "Belt",
            "woo-belt",
            Pricing::on_sale(usd(6500), usd(5500)),
            "1.2",
        ),
        simple(
            20,
            "Cap",
            "woo-cap",
            Pricing::on_sale(usd(1800), usd(1600)),
            "0.6",
        ),
    ];
    for mut product in products {
        writer
            .save_product(&mut product, &mut [])
            .await
            .expect("product");
    }
    writer.commit().await.expect("commit");

    for (code, kind, amount, expires_at) in [
        ("ten", CouponKind::Percent, "10", None),
        ("fixed5", CouponKind::FixedCart, "5.00", None),
        ("expired", CouponKind::Percent, "10", Some(1_577_836_800)),
    ] {
        let coupon = Coupon {
            code: code.into(),
            kind,
            amount: Decimal::parse(amount).expect("amount"),
            expires_at,
            ..Coupon::default()
        };
        coupons::save(&db, &coupon).await.expect("coupon");
    }
}

/// The reference shop on SQLite with the rest of WooCommerce's sample catalogue beside it
/// (`ref_catalogue`): 18 products, one of them hidden (Hoodie with Pocket, 22).
pub async fn ref_catalogue() -> RefShop {
    Shop::builder()
        .with_products(&REF_CATALOGUE)
        .paying()
        .rest_route()
        .build(Backend::Sqlite)
        .await
}

/// The reference shop's rows and the other twelve products of the sample catalogue.
pub static REF_CATALOGUE: Fixture = Fixture {
    name: "ref_catalogue",
    build: |db| Box::pin(write_ref_catalogue(db)),
};

/// Writes the reference shop, then the sample products it leaves out, with their ids,
/// types and catalogue visibility. They were imported after the others in one go, so they
/// share one creation time, later than the reference shop's (the newest listed first, the
/// highest id first among them).
async fn write_ref_catalogue(db: Db) {
    write_ref_shop(db.clone()).await;
    let imported_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX - 1))
        + 1;
    let at = |product: Product| Product {
        created_at: imported_at,
        ..product
    };
    let regular = |price: i64| Pricing::regular(usd(price));
    let mut products = vec![
        simple(
            16,
            "Hoodie with Logo",
            "woo-hoodie-with-logo",
            regular(4500),
            "2",
        ),
        simple(21, "Sunglasses", "woo-sunglasses", regular(9000), "0.2"),
        Product {
            catalog_visibility: CatalogVisibility::Hidden,
            featured: true,
            ..simple(
                22,
                "Hoodie with Pocket",
                "woo-hoodie-with-pocket",
                Pricing::on_sale(usd(4500), usd(3500)),
                "3",
            )
        },
        simple(
            23,
            "Hoodie with Zipper",
            "woo-hoodie-with-zipper",
            regular(4500),
            "2",
        ),
        simple(
            24,
            "Long Sleeve Tee",
            "woo-long-sleeve-tee",
            regular(2500),
            "1",
        ),
        simple(25, "Polo", "woo-polo", regular(2000), "0.8"),
        Product {
            is_virtual: true,
            is_downloadable: true,
            ..simple(26, "Album", "woo-album", regular(1500), "")
        },
        Product {
            is_virtual: true,
            is_downloadable: true,
            ..simple(
                27,
                "Single",
                "woo-single",
                Pricing::on_sale(usd(300), usd(200)),
                "",
            )
        },
        simple(
            34,
            "T-Shirt with Logo",
            "Woo-tshirt-logo",
            regular(1800),
            "0.5",
        ),
        simple(
            35,
            "Beanie with Logo",
            "Woo-beanie-logo",
            Pricing::on_sale(usd(2000), usd(1800)),
            "0.2",
        ),
        Product {
            sku: "logo-collection".into(),
            short_description: "<p>This is a grouped product.</p>".into(),
            grouped_ids: vec![ProductId(16), ProductId(17), ProductId(18)],
            ..Product::new(ProductId(36), ProductType::Grouped, "Logo Collection")
        },
        Product {
            sku: "wp-pennant".into(),
            short_description: "<p>This is an external product.</p>".into(),
            pricing: regular(1105),
            external: Some(ExternalLink {
                url: "https://mercantile.wordpress.org/product/wordpress-pennant/".into(),
                button_text: "Buy on the WordPress swag store!".into(),
            }),
            ..Product::new(ProductId(37), ProductType::External, "WordPress Pennant")
        },
    ];
    let mut writer = CatalogueWriter::begin(&db).await.expect("writer");
    for product in products.drain(..) {
        let mut product = at(product);
        writer
            .save_product(&mut product, &mut [])
            .await
            .expect("sample product");
    }
    writer.commit().await.expect("commit");
}
