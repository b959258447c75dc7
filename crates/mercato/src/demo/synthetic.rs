//! A synthetic catalogue of any size for benchmarks: simple and variable products with a few
//! variations each, spread over the demo's categories, with searchable names and SKUs
//! (`SYN-TS-000042`, "Retro Fox T-shirt 42"). Loaded through the importer.

use std::io::Write;
use std::path::Path;

use anyhow::Context as _;
use mercato_core::csv_format::{
    Attribute, Decimal, ProductKind, ProductRow, ProductType, ReadOutcome, Reference, Stock,
    WriteOptions, write_rows,
};
use mercato_core::money::Money;
use mercato_db::Db;

use crate::import::{self, ImportOptions, ImportReport};

/// Category path, SKU code, noun and illustration of each kind of synthetic product.
const KINDS: [(&[&str], &str, &str, &str); 8] = [
    (&["Clothing", "T-shirts"], "TS", "T-shirt", "tshirt"),
    (&["Clothing", "Hoodies"], "HD", "Hoodie", "hoodie"),
    (&["Caps & beanies"], "CP", "Cap", "cap"),
    (&["Mugs"], "MG", "Mug", "mug"),
    (&["Posters"], "PS", "Poster", "poster"),
    (&["Stickers"], "ST", "Sticker", "sticker"),
    (&["Bags"], "BG", "Tote bag", "bag"),
    (&["Accessories"], "AC", "Pin", "sticker"),
];

const STYLES: [&str; 8] = [
    "Retro", "Minimal", "Bold", "Vintage", "Neon", "Classic", "Pastel", "Midnight",
];

const MOTIFS: [&str; 10] = [
    "Fox", "Mountain", "Wave", "Rocket", "Cactus", "Owl", "Comet", "Pixel", "Tiger", "Lotus",
];

const SIZES: [&str; 3] = ["S", "M", "L"];

fn pick<T: Copy>(list: &[T], n: u32) -> T {
    let len = u32::try_from(list.len()).unwrap_or(1);
    list[usize::try_from(n % len).unwrap_or(0)]
}

/// The rows of synthetic products `first..first + count`: every third one is variable with
/// three sizes, so the file has about twice as many rows as products.
pub fn rows(first: u32, count: u32) -> Vec<ProductRow> {
    let mut rows = Vec::new();
    for n in first..first.saturating_add(count) {
        let (path, code, noun, shape) = pick(&KINDS, n);
        let style = pick(&STYLES, n / 8);
        let motif = pick(&MOTIFS, n / 3);
        let sku = format!("SYN-{code}-{n:06}");
        let variable = n % 3 == 0;
        let price = Money::from_minor(900 + i64::from(n % 40) * 100 + 99);
        let mut row = ProductRow {
            sku: Some(sku.clone()),
            name: Some(format!("{style} {motif} {noun} {n}")),
            product_type: ProductType {
                kind: if variable {
                    ProductKind::Variable
                } else {
                    ProductKind::Simple
                },
                ..ProductType::default()
            },
            short_description: Some(format!(
                "A {} {noun} with a {} {} print.",
                style.to_lowercase(),
                style.to_lowercase(),
                motif.to_lowercase()
            )),
            categories: vec![path.iter().map(|s| (*s).to_owned()).collect()],
            tags: vec![motif.to_lowercase(), style.to_lowercase()],
            images: vec![format!("/media/demo/synthetic-{shape}.svg")],
            weight: Decimal::new(u64::from(n % 9 + 1), 1),
            ..ProductRow::default()
        };
        if variable {
            row.attributes.push(Attribute {
                name: "Size".to_owned(),
                values: SIZES.iter().map(|s| (*s).to_owned()).collect(),
                visible: Some(true),
                global: Some(true),
                default: Some("M".to_owned()),
            });
            rows.push(row);
            for size in SIZES {
                rows.push(ProductRow {
                    sku: Some(format!("{sku}-{size}")),
                    product_type: ProductType {
                        kind: ProductKind::Variation,
                        ..ProductType::default()
                    },
                    parent: Some(Reference::Sku(sku.clone())),
                    regular_price: Some(price),
                    stock: Some(Stock::Quantity(i64::from(n % 25))),
                    attributes: vec![Attribute {
                        name: "Size".to_owned(),
                        values: vec![size.to_owned()],
                        global: Some(true),
                        ..Attribute::default()
                    }],
                    ..ProductRow::default()
                });
            }
        } else {
            row.regular_price = Some(price);
            if n % 5 == 0 {
                row.sale_price = Some(Money::from_minor(price.minor() * 4 / 5));
            }
            if n % 2 == 0 {
                row.stock = Some(Stock::Quantity(i64::from(n % 50)));
            }
            rows.push(row);
        }
    }
    rows
}

/// Writes `count` synthetic products to a CSV file; returns the number of rows.
pub fn write_csv(path: &Path, count: u32) -> anyhow::Result<usize> {
    let rows = rows(1, count);
    let file =
        std::fs::File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    let options = WriteOptions {
        weight_unit: "lbs".to_owned(),
        dimension_unit: "in".to_owned(),
        ..WriteOptions::default()
    };
    write_rows(&mut writer, &rows, &options)?;
    writer.flush()?;
    Ok(rows.len())
}

/// Adds `count` synthetic products after the ones already there.
pub async fn add(db: &Db, count: u32) -> anyhow::Result<ImportReport> {
    let first = mercato_db::catalogue::product_keys(db)
        .await?
        .iter()
        .filter_map(|k| {
            k.sku
                .as_deref()?
                .strip_prefix("SYN-")?
                .get(3..9)?
                .parse::<u32>()
                .ok()
        })
        .max()
        .map_or(1, |n| n + 1);
    let outcome = ReadOutcome {
        rows: rows(first, count)
            .into_iter()
            .zip(2..)
            .map(|(row, line)| (line, row))
            .collect(),
        ..ReadOutcome::default()
    };
    let options = ImportOptions {
        progress: true,
        ..ImportOptions::default()
    };
    import::run_rows(db, outcome, Path::new("."), options).await
}
