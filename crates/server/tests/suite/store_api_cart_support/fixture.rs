//! The reference shop of the recorded WooCommerce cart flow (`wc-golden/index.md`), with the
//! same ids: T-Shirt 17, Hoodie 15 (variations 31 red/No on sale, 32 green/No, 33 blue/No,
//! 38 blue/Yes), Beanie 18 (stock 2, on sale), Belt 19, Cap 20 (on sale), V-Neck T-Shirt 14
//! (variations 28 red, 29 green, 30 blue, any size), and the coupons `ten`, `fixed5`,
//! `expired`.

use mercato_core::catalogue::{
    AttributeId, AttributeTerm, GlobalAttribute, Pricing, Product, ProductAttribute, ProductId,
    ProductType, Stock, TermId, Variation,
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
    let color = attribute(&db, "Color", &["Red", "Green", "Blue"]).await;
    let size = attribute(&db, "Size", &["Small", "Medium", "Large"]).await;
    let terms = |a: &GlobalAttribute| a.terms.iter().map(|t| t.id).collect::<Vec<_>>();

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
        simple(
            17,
            "T-Shirt",
            "woo-tshirt",
            Pricing::regular(usd(1800)),
            "0.8",
        ),
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
