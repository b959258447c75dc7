//! The recorded WooCommerce shop (reference/wc-golden/index.md) rebuilt as model values, for
//! tests across the crate.

use crate::money::Money;

use super::attributes::{AttributeTerm, GlobalAttribute};
use super::ids::{AttributeId, CategoryId, ProductId, TermId};
use super::pricing::Pricing;
use super::product::{Dimensions, ExternalLink, Product, ProductType};
use super::product_attribute::ProductAttribute;
use super::stock::Stock;
use super::taxonomy::{Category, CategoryTree};
use super::variation::Variation;

pub(crate) const LOREM: &str = "<p>Pellentesque habitant morbi tristique senectus et netus et malesuada fames ac turpis egestas. Vestibulum tortor quam, feugiat vitae, ultricies eget, tempor sit amet, ante. Donec eu libero sit amet quam egestas semper. Aenean ultricies mi vitae est. Mauris placerat eleifend leo.</p>";

pub(crate) const VARIATION_TEXT: &str = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit. Vestibulum sagittis orci ac odio dictum tincidunt. Donec ut metus leo. Class aptent taciti sociosqu ad litora torquent per conubia nostra, per inceptos himenaeos. Sed luctus, dui eu sagittis sodales, nulla nibh sagittis augue, vel porttitor diam enim non metus. Vestibulum aliquam augue neque. Phasellus tincidunt odio eget ullamcorper efficitur. Cras placerat ut turpis pellentesque vulputate. Nam sed consequat tortor. Curabitur finibus sapien dolor. Ut eleifend tellus nec erat pulvinar dignissim. Nam non arcu purus. Vivamus et massa massa.</p>\n";

pub(crate) fn usd(minor: i64) -> Money {
    Money::from_minor(minor)
}

pub(crate) fn color() -> GlobalAttribute {
    let mut attribute = GlobalAttribute::new(AttributeId(1), "Color");
    attribute.terms = vec![
        AttributeTerm::new(TermId(22), "Blue"),
        AttributeTerm::new(TermId(23), "Green"),
        AttributeTerm::new(TermId(24), "Red"),
    ];
    attribute
}

pub(crate) fn size() -> GlobalAttribute {
    let mut attribute = GlobalAttribute::new(AttributeId(2), "Size");
    attribute.terms = vec![
        AttributeTerm::new(TermId(25), "Large"),
        AttributeTerm::new(TermId(26), "Medium"),
        AttributeTerm::new(TermId(27), "Small"),
    ];
    attribute
}

pub(crate) fn categories() -> CategoryTree {
    CategoryTree::new(vec![
        Category::new(CategoryId(19), "Accessories").under(CategoryId(16)),
        Category::new(CategoryId(16), "Clothing"),
        Category::new(CategoryId(21), "Decor"),
        Category::new(CategoryId(18), "Hoodies").under(CategoryId(16)),
        Category::new(CategoryId(20), "Music"),
        Category::new(CategoryId(17), "Tshirts").under(CategoryId(16)),
    ])
}

fn base(id: i64, kind: ProductType, name: &str, sku: &str, category: i64) -> Product {
    Product {
        sku: sku.to_owned(),
        description: LOREM.to_owned(),
        short_description: match kind {
            ProductType::External => "<p>This is an external product.</p>".to_owned(),
            _ => format!("<p>This is a {} product.</p>", kind.as_str()),
        },
        category_ids: vec![CategoryId(category)],
        ..Product::new(ProductId(id), kind, name)
    }
}

/// Hoodie (15): pa_color × local "Logo"; variations 38 blue/Yes (first), 31 red/No on sale,
/// 32 green/No, 33 blue/No.
pub(crate) fn hoodie() -> (Product, Vec<Variation>) {
    let product = Product {
        attributes: vec![
            ProductAttribute::global(&color(), &[TermId(22), TermId(23), TermId(24)])
                .for_variations(),
            ProductAttribute::local("Logo", &["Yes", "No"])
                .for_variations()
                .at(1),
        ],
        weight: "1.5".into(),
        dimensions: Dimensions::new("10", "8", "3"),
        ..base(15, ProductType::Variable, "Hoodie", "woo-hoodie", 18)
    };
    let variation = |id, color, logo, sku: &str, menu_order, pricing| Variation {
        sku: sku.to_owned(),
        description: VARIATION_TEXT.to_owned(),
        pricing,
        menu_order,
        ..Variation::new(
            ProductId(id),
            ProductId(15),
            &[("pa_color", color), ("logo", logo)],
        )
    };
    let variations = vec![
        variation(
            31,
            "red",
            "No",
            "woo-hoodie-red",
            1,
            Pricing::on_sale(usd(4500), usd(4200)),
        ),
        variation(
            32,
            "green",
            "No",
            "woo-hoodie-green",
            2,
            Pricing::regular(usd(4500)),
        ),
        variation(
            33,
            "blue",
            "No",
            "woo-hoodie-blue",
            3,
            Pricing::regular(usd(4500)),
        ),
        variation(
            38,
            "blue",
            "Yes",
            "woo-hoodie-blue-logo",
            0,
            Pricing::regular(usd(4500)),
        ),
    ];
    (product, variations)
}

/// V-Neck T-Shirt (14): pa_color × any pa_size; 28 red 20.00, 29 green 20.00, 30 blue 15.00.
pub(crate) fn vneck() -> (Product, Vec<Variation>) {
    let product = Product {
        attributes: vec![
            ProductAttribute::global(&color(), &[TermId(22), TermId(23), TermId(24)])
                .for_variations(),
            ProductAttribute::global(&size(), &[TermId(25), TermId(26), TermId(27)])
                .for_variations()
                .at(1),
        ],
        weight: "0.5".into(),
        dimensions: Dimensions::new("24", "1", "2"),
        ..base(
            14,
            ProductType::Variable,
            "V-Neck T-Shirt",
            "woo-vneck-tee",
            17,
        )
    };
    let variation = |id, color, price, sku: &str| Variation {
        sku: sku.to_owned(),
        description: VARIATION_TEXT.to_owned(),
        pricing: Pricing::regular(usd(price)),
        menu_order: id,
        ..Variation::new(
            ProductId(id),
            ProductId(14),
            &[("pa_color", color), ("pa_size", "")],
        )
    };
    let variations = vec![
        variation(28, "red", 2000, "woo-vneck-tee-red"),
        variation(29, "green", 2000, "woo-vneck-tee-green"),
        variation(30, "blue", 1500, "woo-vneck-tee-blue"),
    ];
    (product, variations)
}

/// Beanie (18): 20.00 on sale 18.00, stock managed, 2 left.
pub(crate) fn beanie() -> Product {
    Product {
        pricing: Pricing::on_sale(usd(2000), usd(1800)),
        stock: Stock::managed(2),
        attributes: vec![ProductAttribute::global(&color(), &[TermId(24)])],
        ..base(18, ProductType::Simple, "Beanie", "woo-beanie", 19)
    }
}

/// T-Shirt (17): 18.00.
pub(crate) fn tshirt() -> Product {
    Product {
        pricing: Pricing::regular(usd(1800)),
        ..base(17, ProductType::Simple, "T-Shirt", "woo-tshirt", 17)
    }
}

/// Hoodie with Logo (16): 45.00.
pub(crate) fn hoodie_with_logo() -> Product {
    Product {
        pricing: Pricing::regular(usd(4500)),
        ..base(
            16,
            ProductType::Simple,
            "Hoodie with Logo",
            "woo-hoodie-with-logo",
            18,
        )
    }
}

/// Beanie with Logo (35): 20.00 on sale 18.00.
pub(crate) fn beanie_with_logo() -> Product {
    Product {
        pricing: Pricing::on_sale(usd(2000), usd(1800)),
        attributes: vec![ProductAttribute::global(&color(), &[TermId(24)])],
        ..base(
            35,
            ProductType::Simple,
            "Beanie with Logo",
            "Woo-beanie-logo",
            19,
        )
    }
}

/// Logo Collection (36): grouped, children 16, 17, 18.
pub(crate) fn logo_collection() -> Product {
    Product {
        grouped_ids: vec![ProductId(16), ProductId(17), ProductId(18)],
        ..base(
            36,
            ProductType::Grouped,
            "Logo Collection",
            "logo-collection",
            16,
        )
    }
}

/// WordPress Pennant (37): external, 11.05.
pub(crate) fn pennant() -> Product {
    Product {
        pricing: Pricing::regular(usd(1105)),
        external: Some(ExternalLink {
            url: "https://mercantile.wordpress.org/product/wordpress-pennant/".into(),
            button_text: "Buy on the WordPress swag store!".into(),
        }),
        ..base(
            37,
            ProductType::External,
            "WordPress Pennant",
            "wp-pennant",
            21,
        )
    }
}

/// A recorded WooCommerce response body from `golden/`.
pub(crate) fn golden(name: &str) -> serde_json::Value {
    let text = match name {
        "products-per-page-3" => include_str!("golden/products-per-page-3.json"),
        "product-hoodie" => include_str!("golden/product-hoodie.json"),
        "product-vneck" => include_str!("golden/product-vneck.json"),
        "product-beanie" => include_str!("golden/product-beanie.json"),
        "variation-hoodie-blue-yes" => include_str!("golden/variation-hoodie-blue-yes.json"),
        "variation-hoodie-red-no" => include_str!("golden/variation-hoodie-red-no.json"),
        "variation-vneck-any-size" => include_str!("golden/variation-vneck-any-size.json"),
        _ => "null",
    };
    serde_json::from_str(text).unwrap_or(serde_json::Value::Null)
}
