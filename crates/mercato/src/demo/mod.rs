//! The demo shop: what `mercato demo` and `mercato serve --demo-if-empty` load.
//!
//! The catalogue is written as CSV rows and goes through the importer (rows → mapping →
//! writer), so the demo exercises the same path as a merchant's file. Around it: the shop
//! settings, the taxonomy the rows use (with swatch colours and size order), the pictures
//! (SVG illustrations in the media store) and reviews.

mod build;
mod catalogue;
mod content;
mod home;
pub mod pricing;
mod reviews;
pub mod svg;
pub mod synthetic;

use std::path::Path;

use mercato_core::catalogue::{
    ArchiveSwatches, AttributeId, AttributeTerm, AttributeType, Category, CategoryId, DisplayType,
    GlobalAttribute, HexColor, Image, SwatchGroup, SwatchSettings, TermId, taxonomy_name,
};
use mercato_core::csv_format::ReadOutcome;
use mercato_core::settings::{BankAccount, GatewaySettings, ShopSettings};
use mercato_db::catalogue as store;
use mercato_db::{Db, options};
use mercato_server::payments;

use crate::import::{self, ImportOptions};

/// The demo's swatches: colour dots for Color, buttons for Size; cards show the colours.
fn demo_swatches() -> SwatchSettings {
    let group = |display_type| SwatchGroup {
        display_type,
        ..SwatchGroup::default()
    };
    SwatchSettings {
        attributes: [
            ("pa_color".to_owned(), group(DisplayType::Color)),
            ("pa_size".to_owned(), group(DisplayType::Button)),
            ("pa_colorway".to_owned(), group(DisplayType::Image)),
        ]
        .into(),
        archive: ArchiveSwatches {
            enabled: true,
            ..ArchiveSwatches::default()
        },
    }
}

/// The Digital Wallpaper Pack's file, a path under the downloads directory.
pub const WALLPAPER_FILE: &str = "demo/wallpaper-pack.zip";

/// A small real ZIP (a few PNGs) for the wallpaper pack, so a demo purchase downloads
/// something.
const WALLPAPER_ZIP: &[u8] = include_bytes!("wallpaper-pack.zip");

/// Writes the demo's downloadable files into `downloads_dir` when the demo is loaded and
/// they are missing (a file the merchant replaced is kept). Returns how many were written.
pub async fn ensure_files(db: &Db, downloads_dir: &Path) -> anyhow::Result<usize> {
    if options::get::<serde_json::Value>(db, LOADED)
        .await?
        .is_none()
    {
        return Ok(0);
    }
    let path = downloads_dir.join(WALLPAPER_FILE);
    if path.exists() {
        return Ok(0);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| {
            anyhow::anyhow!(
                "cannot create the downloads directory {}: {e}",
                parent.display()
            )
        })?;
    }
    std::fs::write(&path, WALLPAPER_ZIP)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    Ok(1)
}

/// The demo pays with every gateway (the test card too, which says it is in test mode): a new
/// shop has none on. A merchant's own setting is kept.
async fn turn_on_gateways(db: &Db) -> anyhow::Result<()> {
    if options::get::<serde_json::Value>(db, GatewaySettings::OPTION)
        .await?
        .is_none()
    {
        options::set(db, GatewaySettings::OPTION, &demo_gateways()).await?;
    }
    Ok(())
}

/// Every gateway on, the offline ones with what their shoppers need: the studio's bank
/// account (a US routing number; example numbers) and the address checks go to, so that no
/// page or email promises details it does not give (`GatewaySettings::gaps` is empty).
pub fn demo_gateways() -> Vec<GatewaySettings> {
    let mut list = payments::all_turned_on();
    for gateway in &mut list {
        match gateway.id.as_str() {
            "bacs" => {
                gateway.instructions = Some(
                    "Transfer the order total to the account below with your order number as the reference. We ship once the money has arrived, usually within two working days."
                        .to_owned(),
                );
                gateway.accounts = Some(vec![BankAccount {
                    account_name: "Mercato Studio LLC".to_owned(),
                    bank_name: "Mission Community Bank".to_owned(),
                    account_number: "000123456789".to_owned(),
                    sort_code: "110000000".to_owned(),
                    iban: String::new(),
                    bic: "MCBKUS6S".to_owned(),
                }]);
            }
            "cheque" => {
                gateway.description = Some(
                    "Pay by check. Where to send it is shown once the order is placed, and in the order email."
                        .to_owned(),
                );
                gateway.instructions = Some(
                    "Make your check payable to Mercato Studio LLC, write your order number on the back, and send it to Mercato Studio, 600 Valencia St, San Francisco, CA 94110. We ship once it has cleared."
                        .to_owned(),
                );
            }
            "cod" => {
                gateway.instructions =
                    Some("Please have the exact amount ready for the courier.".to_owned());
            }
            _ => {}
        }
    }
    list
}

/// The option that records that the demo was loaded.
const LOADED: &str = "demo";

/// Whether the shop has no products and never had the demo.
pub async fn is_empty(db: &Db) -> anyhow::Result<bool> {
    Ok(store::product_count(db).await? == 0
        && options::get::<serde_json::Value>(db, LOADED)
            .await?
            .is_none())
}

/// Loads the demo shop; loading it again changes nothing. Returns a one-line summary.
pub async fn load(db: &Db) -> anyhow::Result<String> {
    if options::get::<serde_json::Value>(db, LOADED)
        .await?
        .is_some()
        || store::product_by_sku(db, "TS-ORG").await?.is_some()
    {
        let added = pricing::load(db).await?;
        let pages = content::load(db).await?;
        home::load(db).await?;
        turn_on_gateways(db).await?;
        return Ok(format!(
            "the demo shop is already loaded ({added} missing coupons and {pages} missing pages added)"
        ));
    }
    if options::get::<serde_json::Value>(db, "shop")
        .await?
        .is_none()
    {
        options::set(db, "shop", &ShopSettings::default()).await?;
    }
    if options::get::<serde_json::Value>(db, SwatchSettings::OPTION)
        .await?
        .is_none()
    {
        options::set(db, SwatchSettings::OPTION, &demo_swatches()).await?;
    }
    taxonomy(db).await?;
    let items = catalogue::items();
    for picture in items.iter().flat_map(|i| &i.pictures) {
        let svg = svg::illustration(picture.shape, picture.view, &picture.color);
        store::put_media(db, &picture.path, "image/svg+xml", svg.as_bytes()).await?;
    }
    for shape in [
        svg::Shape::Tshirt,
        svg::Shape::Hoodie,
        svg::Shape::Cap,
        svg::Shape::Mug,
        svg::Shape::Poster,
        svg::Shape::Sticker,
        svg::Shape::Bag,
    ] {
        let svg = svg::illustration(shape, svg::View::Front, "#9ea3a8");
        let path = format!("demo/synthetic-{}.svg", shape.name());
        store::put_media(db, &path, "image/svg+xml", svg.as_bytes()).await?;
    }
    let products = items.len();
    let mut rows = Vec::new();
    for item in items {
        rows.push(item.row);
        rows.extend(item.variations);
    }
    let variations = rows.len() - products;
    let outcome = ReadOutcome {
        rows: rows
            .into_iter()
            .zip(2..)
            .map(|(row, line)| (line, row))
            .collect(),
        ..ReadOutcome::default()
    };
    let report = import::run_rows(db, outcome, Path::new("."), ImportOptions::default()).await?;
    if let Some(failure) = report.failed.first() {
        anyhow::bail!(
            "the demo catalogue did not import: row {}: {}",
            failure.line,
            failure.reason
        );
    }
    let reviews = reviews::add(db).await?;
    record_sales(db).await?;
    let coupons = pricing::load(db).await?;
    let pages = content::load(db).await?;
    home::load(db).await?;
    turn_on_gateways(db).await?;
    options::set(db, LOADED, &serde_json::json!({ "version": 1 })).await?;
    Ok(format!(
        "demo shop loaded: {products} products with {variations} variations, {reviews} reviews, {coupons} coupons, {pages} pages"
    ))
}

/// What the demo's best-known products have sold before (as a catalogue moved from another
/// shop brings its sales counts): the home page's "Best sellers" ranks by these until the
/// shop's own paid orders say otherwise, so on a fresh shop it differs from "New in".
const SALES: [(&str, u64); 8] = [
    ("ST-LOGO", 512),
    ("TS-ORG", 430),
    ("HD-ZIP", 365),
    ("CP-DAD", 290),
    ("MG-ENM", 248),
    ("BG-TOTE", 196),
    ("PS-MTN", 151),
    ("CP-BNE", 120),
];

/// Writes [`SALES`] into the products.
async fn record_sales(db: &Db) -> anyhow::Result<()> {
    let mut writer = store::CatalogueWriter::begin(db).await?;
    for (sku, sold) in SALES {
        let Some(store::StoredRecord::Product(mut product)) =
            store::product_by_sku(db, sku).await?
        else {
            anyhow::bail!("the demo has no product {sku}");
        };
        product.total_sales = sold;
        let mut variations = store::variations_of(db, product.id).await?;
        writer.save_product(&mut product, &mut variations).await?;
    }
    writer.commit().await?;
    Ok(())
}

/// Categories with descriptions and order, and the Color and Size attributes with swatches
/// and size order, created where missing (the rows then find them by name).
async fn taxonomy(db: &Db) -> anyhow::Result<()> {
    let existing = store::load_taxonomy(db).await?;
    let mut clothing = existing
        .categories
        .find_by_names(&["Clothing"])
        .map(|c| c.id);
    let categories: [(&str, bool, &str); 9] = [
        ("Clothing", false, "Tees and hoodies in organic cotton."),
        ("T-shirts", true, "Everyday tees, printed in small batches."),
        ("Hoodies", true, "Warm layers for cold days."),
        ("Caps & beanies", false, "Caps, beanies and hats."),
        ("Mugs", false, "Mugs and cups for every drink."),
        ("Posters", false, "Prints for your walls."),
        ("Stickers", false, "Vinyl stickers for laptops and bottles."),
        ("Bags", false, "Totes, backpacks and more."),
        (
            "Accessories",
            false,
            "Pins, patches, socks and digital goods.",
        ),
    ];
    for (position, (name, under_clothing, description)) in categories.into_iter().enumerate() {
        let parent = if under_clothing { clothing } else { None };
        let path: Vec<&str> = if under_clothing {
            vec!["Clothing", name]
        } else {
            vec![name]
        };
        if existing.categories.find_by_names(&path).is_some() {
            continue;
        }
        let category = Category {
            parent,
            description: description.to_owned(),
            menu_order: i64::try_from(position).unwrap_or(0),
            ..Category::new(CategoryId(0), name)
        };
        let id = store::save_category(db, &category).await?;
        if name == "Clothing" {
            clothing = Some(id);
        }
    }
    let color = attribute(db, &existing, "Color", AttributeType::Color).await?;
    for (position, (name, _, hex)) in build::COLORS.iter().enumerate() {
        let term = AttributeTerm {
            menu_order: i64::try_from(position).unwrap_or(0),
            swatch_color: HexColor::parse(hex).ok(),
            ..AttributeTerm::new(TermId(0), name)
        };
        if existing_term(&existing, "Color", name).is_none() {
            store::save_term(db, color, &term).await?;
        }
    }
    // Image swatches: each colourway's term shows the poster printed in it.
    let colorway = attribute(db, &existing, "Colorway", AttributeType::Select).await?;
    for (position, (name, color)) in catalogue::RETRO_WAVE_COLORWAYS.iter().enumerate() {
        let src = format!("/media/{}", build::picture_path("retro-wave-poster", color));
        let term = AttributeTerm {
            menu_order: i64::try_from(position).unwrap_or(0),
            image: Some(Image {
                src,
                alt: format!("Retro Wave Poster in {name}"),
                name: (*name).to_owned(),
                ..Image::default()
            }),
            ..AttributeTerm::new(TermId(0), name)
        };
        if existing_term(&existing, "Colorway", name).is_none() {
            store::save_term(db, colorway, &term).await?;
        }
    }
    let size = attribute(db, &existing, "Size", AttributeType::Select).await?;
    for (position, name) in build::SIZES.iter().enumerate() {
        let term = AttributeTerm {
            menu_order: i64::try_from(position).unwrap_or(0),
            ..AttributeTerm::new(TermId(0), name)
        };
        if existing_term(&existing, "Size", name).is_none() {
            store::save_term(db, size, &term).await?;
        }
    }
    Ok(())
}

async fn attribute(
    db: &Db,
    existing: &store::Taxonomy,
    name: &str,
    kind: AttributeType,
) -> anyhow::Result<AttributeId> {
    if let Some(found) = existing.attribute_by_slug(&taxonomy_name(name)) {
        return Ok(found.id);
    }
    let attribute = GlobalAttribute {
        kind,
        ..GlobalAttribute::new(AttributeId(0), name)
    };
    Ok(store::save_attribute(db, &attribute).await?)
}

fn existing_term(existing: &store::Taxonomy, attribute: &str, name: &str) -> Option<TermId> {
    let attribute = existing.attribute_by_slug(&taxonomy_name(attribute))?;
    attribute
        .terms
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .map(|t| t.id)
}
