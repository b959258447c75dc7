//! The demo shop's products: a small merchandise brand's range, with every case the
//! storefront has to show (variations, sales, stock levels, limits, bundles, downloads).

use mercato_core::calendar::DAY;
use mercato_core::csv_format::{
    Backorders, Download, ProductKind, Published, Reference, SaleDate, Stock,
};

use super::build::{Item, SIZES};
use super::svg::{Shape, View};

const TEE: &str = "Clothing > T-shirts";
const HOODIE: &str = "Clothing > Hoodies";
const CAPS: &str = "Caps & beanies";
const MUGS: &str = "Mugs";

/// Gift wrap on a mug: no by default, yes for $3.00 a mug.
const GIFT_WRAP: &str = r#"[{"name":"Gift wrap","type":"multiple_choice","display":"radiobutton","required":0,"default":"No","options":[{"label":"No","price":""},{"label":"Yes","price":"3.00","price_type":"quantity_based"}]}]"#;

/// Where the rocket goes on the kids' tee: a required choice.
const PRINT_POSITION: &str = r#"[{"name":"Print position","type":"multiple_choice","display":"radiobutton","required":1,"options":[{"label":"Front","price":""},{"label":"Back","price":"2.00","price_type":"quantity_based"},{"label":"Both","price":"4.00","price_type":"quantity_based"}]}]"#;
const POSTERS: &str = "Posters";
const STICKERS: &str = "Stickers";
const BAGS: &str = "Bags";
const ACCESSORIES: &str = "Accessories";

fn long(lead: &str, points: &[&str]) -> String {
    let items: String = points.iter().map(|p| format!("<li>{p}</li>")).collect();
    format!("<p>{lead}</p>\n<ul>{items}</ul>")
}

fn tee_text(item: Item, short: &str, lead: &str) -> Item {
    item.about(
        short,
        &long(
            lead,
            &[
                "100% organic ring-spun cotton, 180 g/m²",
                "Regular fit, taped neck",
                "Printed with water-based inks",
                "Machine wash cold, inside out",
            ],
        ),
    )
    .size("0.4", ["11", "9", "1"])
}

fn hoodie_text(item: Item, short: &str, lead: &str) -> Item {
    item.about(
        short,
        &long(
            lead,
            &[
                "80% organic cotton, 20% recycled polyester, 320 g/m²",
                "Brushed fleece inside",
                "Kangaroo pocket, ribbed cuffs",
                "Machine wash at 30 °C",
            ],
        ),
    )
    .size("1.3", ["13", "11", "3"])
}

fn seconds_from_now(days: i64) -> Option<SaleDate> {
    let now = mercato_db::now();
    SaleDate::parse(&(now + days * DAY).max(0).to_string()).ok()
}

/// The Retro Wave Poster's colourways, each a named print and the demo colour it is drawn in:
/// image swatches showing each print. Named, not coloured, so that the shop's colourway
/// filter does not list the colour filter's terms again.
pub const RETRO_WAVE_COLORWAYS: [(&str, &str); 3] = [
    ("Surf", "Sky blue"),
    ("Sunset", "Orange"),
    ("Midnight", "Navy"),
];

/// Every demo product, in the order they are created.
pub fn items() -> Vec<Item> {
    let mut items = vec![
        tee_text(
            Item::simple("TS-ORG", "Organic Logo Tee", TEE, Shape::Tshirt, "Black", 2400)
                .variable(&SIZES, &["Black", "White", "Heather grey", "Navy"], 2400)
                .gallery(&[View::Back, View::Detail]),
            "Our signature tee in soft organic cotton, with the Mercato logo on the chest.",
            "The one we wear ourselves: a mid-weight organic tee with a small screen-printed logo.",
        )
        .tags(&["organic", "bestseller"])
        .links(&["TS-HVY"], &["ST-LOGO", "BG-TOTE"])
        .featured(),
        tee_text(
            Item::simple("TS-HVY", "Heavyweight Pocket Tee", TEE, Shape::PocketTee, "Sand", 3200)
                .variable(&["S", "M", "L", "XL"], &["Sand", "Forest green", "Black"], 3200)
                .sale(2600),
            "A boxy 240 g tee with a chest pocket. On sale this week.",
            "Thick, structured cotton that keeps its shape wash after wash.",
        )
        .tags(&["organic"]),
        tee_text(
            Item::simple("TS-MYS", "Mystery Color Tee", TEE, Shape::PlainTee, "Sky blue", 1800)
                .variable(&["S", "M", "L", "XL"], &[], 1800)
                .with(|row| {
                    row.attributes.insert(
                        0,
                        mercato_core::csv_format::Attribute {
                            name: "Color".into(),
                            values: vec!["Black".into(), "Navy".into(), "Burgundy".into(), "Sky blue".into()],
                            visible: Some(true),
                            global: Some(true),
                            default: None,
                        },
                    );
                })
                .with_variations(|row| {
                    row.attributes.insert(
                        0,
                        mercato_core::csv_format::Attribute {
                            name: "Color".into(),
                            global: Some(true),
                            ..Default::default()
                        },
                    );
                }),
            "Pick your size, we pick the colour: any of our four seasonal dyes.",
            "Leftover dye lots from our last runs, at a friendly price. Every colour is a surprise.",
        )
        .tags(&["new"]),
        tee_text(
            Item::simple("TS-KID", "Kids' Rocket Tee", TEE, Shape::RocketTee, "Orange", 1600)
                .sale(1200)
                .with(|row| {
                    row.sale_starts = seconds_from_now(-2);
                    row.sale_ends = seconds_from_now(12);
                }),
            "A bright rocket print for small explorers. Back-to-school sale, ends soon.",
            "Soft cotton jersey in kid sizes, printed with a rocket and a trail of stars.",
        )
        .tags(&["kids", "gift"])
        .addons(PRINT_POSITION),
        tee_text(
            Item::simple("TS-VTG", "Vintage Wash Tee", TEE, Shape::PlainTee, "Burgundy", 2800).stock(0),
            "Garment-dyed and stone-washed for a lived-in feel. Sold out, back soon.",
            "Each tee is washed with pumice stones, so no two fade the same way.",
        ),
        tee_text(
            Item::simple("TS-LSV", "Long Sleeve Crew", TEE, Shape::LongSleeve, "White", 3400)
                .variable(&["S", "M", "L", "XL"], &["White", "Black"], 3400)
                // XL costs more, and one combination is sold out: the swatches mark
                // Black + XL out of stock.
                .with_variations(|row| {
                    let sku = row.sku.as_deref().unwrap_or_default();
                    if sku.ends_with("-XL") {
                        row.regular_price = Some(mercato_core::money::Money::from_minor(3800));
                    }
                    if sku == "TS-LSV-BLK-XL" {
                        row.stock = Some(Stock::Quantity(0));
                    }
                }),
            "The organic tee with long sleeves, for cooler evenings.",
            "Same fabric as our logo tee, with rib cuffs and a longer back hem.",
        ),
        hoodie_text(
            Item::simple("HD-ZIP", "Classic Zip Hoodie", HOODIE, Shape::ZipHoodie, "Navy", 6400).variable(
                &SIZES,
                &["Navy", "Black", "Heather grey", "Forest green", "Burgundy", "Mustard"],
                6400,
            )
            .gallery(&[View::Back, View::Detail]),
            "A full-zip hoodie in six colours and six sizes: 36 ways to stay warm.",
            "Our warmest layer, with a metal zip, lined hood and side pockets.",
        )
        .tags(&["bestseller"])
        .links(&["HD-PUL"], &["CP-DAD", "MG-ENM"])
        .featured(),
        hoodie_text(
            Item::simple("HD-PUL", "Heavyweight Pullover Hoodie", HOODIE, Shape::Hoodie, "Heather grey", 7200)
                .variable(&SIZES, &["Heather grey", "Navy", "Forest green"], 7200),
            "A 400 g pullover with a double-layer hood.",
            "Built for cold mornings: dense fleece, dropped shoulders and a roomy fit.",
        ),
        hoodie_text(
            Item::simple("HD-CRP", "Cropped Hoodie", HOODIE, Shape::CroppedHoodie, "Sand", 5800)
                .variable(&["XS", "S", "M", "L"], &["Sand", "Burgundy"], 5800)
                .sale(4600),
            "A cropped, boxy hoodie with raw hems.",
            "Cut short and wide, to wear over high-waisted everything.",
        ),
        hoodie_text(
            Item::simple("HD-EMB", "Limited Embroidered Hoodie", HOODIE, Shape::CrestHoodie, "Forest green", 8900)
                .stock(2)
                .with(|row| row.low_stock_amount = Some(3)),
            "A numbered run of 50 with a hand-embroidered crest. Only a few left.",
            "Each crest takes 40 minutes on the machine; the run will not be repeated.",
        )
        .tags(&["limited"]),
        Item::simple("CP-DAD", "Dad Cap", CAPS, Shape::Cap, "Black", 2600)
            .variable(&[], &["Black", "Navy", "Sand", "Forest green"], 2600)
            .gallery(&[View::Back, View::Detail])
            .about(
                "A washed cotton cap with an embroidered logo and a brass buckle.",
                &long("Unstructured six-panel cap that softens with wear.", &["Washed cotton twill", "Adjustable strap with brass buckle", "One size fits most"]),
            )
            .size("0.3", ["10", "8", "5"])
            .tags(&["bestseller"]),
        Item::simple("CP-TRK", "Trucker Cap", CAPS, Shape::TruckerCap, "White", 2400)
            .about("A foam-front trucker with a mesh back.", &long("A classic trucker shape with a printed front panel.", &["Foam front, mesh back", "Snapback closure"]))
            .size("0.3", ["10", "8", "5"]),
        Item::simple("CP-BNE", "Ribbed Beanie", CAPS, Shape::Beanie, "Mustard", 2200)
            .variable(&[], &["Mustard", "Black", "Burgundy", "Heather grey"], 2200)
            .about("A chunky rib-knit beanie with a fold-over cuff.", &long("Knitted from soft recycled acrylic with a woven label.", &["Recycled acrylic", "Fold-over cuff", "One size"]))
            .size("0.2", ["9", "8", "2"]),
        Item::simple("CP-POM", "Pom-pom Beanie", CAPS, Shape::PomBeanie, "Sky blue", 2600)
            .sale(1900)
            .about("A warm beanie topped with a faux-fur pom-pom.", &long("For the coldest days, with a fleece lining.", &["Fleece lined", "Detachable pom-pom"]))
            .size("0.25", ["9", "8", "3"]),
        Item::simple("CP-BKT", "Bucket Hat", CAPS, Shape::BucketHat, "Sand", 2900)
            .stock(0)
            .with(|row| row.backorders = Some(Backorders::Notify))
            .about("A reversible cotton bucket hat. Available on backorder.", &long("Two hats in one: sand on one side, a tiny logo print on the other.", &["Reversible", "Cotton canvas"]))
            .size("0.2", ["11", "11", "3"]),
        Item::simple("MG-ENM", "Enamel Camp Mug", MUGS, Shape::EnamelMug, "White", 1800)
            .about("A speckled enamel mug for coffee outdoors.", &long("Steel with a glass enamel coat: light, tough and fire-safe.", &["12 oz", "Not for the microwave"]))
            .gallery(&[View::Back, View::Detail])
            .size("0.5", ["5", "4", "4"])
            .links(&["MG-CER"], &["ST-LOGO"])
            .addons(GIFT_WRAP),
        Item::simple("MG-CER", "Ceramic Logo Mug", MUGS, Shape::Mug, "Black", 1600)
            .variable(&[], &["Black", "White"], 1600)
            .about("An 11 oz stoneware mug with the logo in relief.", &long("Glazed inside and out, dishwasher and microwave safe.", &["11 oz", "Dishwasher safe"]))
            .size("0.9", ["5", "4", "4"]),
        Item::simple("MG-TMB", "Travel Tumbler", MUGS, Shape::Tumbler, "Forest green", 3200)
            .about("A double-walled tumbler that keeps coffee hot for six hours.", &long("Vacuum-insulated steel with a leak-proof lid.", &["16 oz", "Hot 6 h, cold 12 h"]))
            .size("0.8", ["4", "4", "8"])
            .stock(40),
        Item::simple("MG-ESP", "Espresso Cup Pair", MUGS, Shape::EspressoCups, "Mustard", 1400)
            .about("Small stoneware cups, sold in pairs: order 2, 4, 6 ...", &long("Hand-dipped glaze; every cup is slightly different.", &["3 oz each", "Sold in pairs"]))
            .size("0.4", ["3", "3", "3"])
            .with(|row| {
                row.meta.push(("minimum_allowed_quantity".into(), "2".into()));
                row.meta.push(("group_of_quantity".into(), "2".into()));
            }),
        Item::simple("PS-MTN", "Mountain Dawn Poster", POSTERS, Shape::Poster, "Orange", 2500)
            .local_variants("Paper size", &[("A3", "A3", 2500), ("A2", "A2", 3500), ("50 × 70 cm", "50X70", 4500)])
            .gallery(&[View::Back, View::Detail])
            .about("A risograph-style print of the sun rising over the peaks.", &long("Printed on 200 g matte recycled paper.", &["Three sizes", "Shipped rolled in a tube"]))
            .size("0.5", ["24", "3", "3"])
            .featured(),
        Item::simple("PS-CTY", "City Lights Poster", POSTERS, Shape::CityPoster, "Navy", 3000)
            .about("A night skyline in deep blues.", &long("Giclée print on heavy paper.", &["50 × 70 cm", "Unframed"]))
            .size("0.5", ["24", "3", "3"]),
        Item::simple("PS-WAV", "Retro Wave Poster", POSTERS, Shape::WavePoster, "Sky blue", 3000)
            .colorways("Colorway", &RETRO_WAVE_COLORWAYS, 3000)
            .sale(2200)
            .about("A wave in three tones, inspired by 70s surf posters.", &long("Screen printed by hand in three passes.", &["50 × 70 cm", "Edition of 200"]))
            .size("0.5", ["24", "3", "3"]),
        Item::simple("PS-SGN", "Signed Artist Print", POSTERS, Shape::ArtPrint, "Burgundy", 12000)
            .with(|row| row.sold_individually = Some(true))
            .stock(5)
            .about("A signed and numbered print: one per customer.", &long("Signed by the artist, with a certificate of authenticity.", &["40 × 50 cm", "Limited to one per order"]))
            .size("0.6", ["20", "16", "1"])
            .tags(&["limited"]),
        Item::simple("PS-BOT", "Botanical Poster Set", POSTERS, Shape::BotanicalSet, "Forest green", 4200)
            .about("Three leaf studies that hang well together.", &long("A set of three A4 prints.", &["3 × A4", "Recycled paper"]))
            .size("0.4", ["13", "10", "1"]),
        Item::simple("ST-LOGO", "Logo Sticker Pack", STICKERS, Shape::Sticker, "Black", 600)
            .about("Five vinyl stickers for laptops and bottles.", &long("Weatherproof vinyl with a matte laminate.", &["5 stickers", "Dishwasher safe"]))
            .size("0.05", ["6", "4", "0.1"])
            .tags(&["gift"]),
        Item::simple("ST-HOL", "Holographic Sticker", STICKERS, Shape::HoloSticker, "Sky blue", 400)
            .about("A rainbow holographic logo sticker.", &long("Shifts colour in the light.", &["3 in", "Vinyl"]))
            .size("0.02", ["4", "4", "0.1"]),
        Item::simple("ST-SHT", "Laptop Sticker Sheet", STICKERS, Shape::StickerSheet, "Mustard", 800)
            .about("A sheet of twelve small stickers.", &long("Kiss-cut on one A5 sheet.", &["12 stickers", "A5 sheet"]))
            .size("0.05", ["8", "6", "0.1"]),
        Item::simple("ST-FOX", "Die-cut Fox Sticker", STICKERS, Shape::FoxSticker, "Orange", 350)
            .about("A fox, cut to shape.", &long("Thick vinyl, die-cut around the outline.", &["3 in"]))
            .size("0.02", ["4", "4", "0.1"]),
        Item::simple("ST-MYS", "Mystery Sticker Bag", STICKERS, Shape::StickerBag, "Burgundy", 1000)
            .about("Ten stickers from the archive, chosen at random.", &long("Misprints, old designs and one-offs.", &["10 stickers"]))
            .size("0.1", ["6", "4", "0.5"]),
        Item::simple("BG-TOTE", "Canvas Tote Bag", BAGS, Shape::Bag, "Sand", 1900)
            .variable(&[], &["Sand", "Black"], 1900)
            .about("A heavy canvas tote with long handles.", &long("Fits a laptop and the weekly shop.", &["12 oz canvas", "Inside pocket"]))
            .size("0.6", ["15", "14", "4"])
            .tags(&["organic"]),
        Item::simple("BG-BPK", "Everyday Backpack", BAGS, Shape::Backpack, "Black", 5900)
            .about("A roll-top backpack with a padded laptop sleeve.", &long("Water-resistant recycled nylon.", &["20 l", "Fits a 15 in laptop"]))
            .size("1.8", ["18", "12", "6"])
            .stock(15),
        Item::simple("BG-GYM", "Drawstring Gym Bag", BAGS, Shape::GymBag, "Navy", 1500)
            .about("A light drawstring bag for the gym or the beach.", &long("Recycled polyester with cord straps.", &["12 l"]))
            .size("0.3", ["17", "14", "1"]),
        Item::simple("BG-XBD", "Crossbody Bag", BAGS, Shape::Crossbody, "Forest green", 3500)
            .about("A small bag for phone, keys and wallet.", &long("Adjustable strap and two zip pockets.", &["2 l"]))
            .size("0.5", ["9", "6", "3"]),
        Item::simple("BG-DUF", "Weekender Duffel", BAGS, Shape::Duffel, "Burgundy", 14900)
            .with(|row| {
                row.product_type.kind = ProductKind::External;
                row.external_url = Some("https://fieldandco.example/weekender-duffel".into());
                row.button_text = Some("Buy at Field & Co.".into());
            })
            .about("Our collaboration duffel, sold by Field & Co.", &long("Waxed canvas and leather, made by our friends at Field & Co.", &["45 l", "Lifetime repairs"])),
        Item::simple("AC-PIN", "Enamel Pin Set", ACCESSORIES, Shape::Pin, "Mustard", 1200)
            .about("Three hard-enamel pins with rubber clutches.", &long("Gold-plated outlines and glossy enamel.", &["3 pins", "1 in each"]))
            .size("0.05", ["4", "3", "1"])
            .tags(&["gift"]),
        Item::simple("AC-PAT", "Embroidered Patch", ACCESSORIES, Shape::Patch, "Navy", 700)
            .about("An iron-on patch with our mountain logo.", &long("Embroidered, with a heat-seal back.", &["3 in"]))
            .size("0.02", ["4", "4", "0.1"]),
        Item::simple("AC-LNY", "Woven Lanyard", ACCESSORIES, Shape::Lanyard, "Black", 900)
            .about("A woven lanyard with a metal clasp.", &long("Soft woven polyester.", &["90 cm"]))
            .size("0.05", ["6", "4", "1"]),
        Item::simple("AC-CASE", "Phone Case", ACCESSORIES, Shape::PhoneCase, "Heather grey", 2500)
            .local_variants("Model", &[("iPhone 15", "IP15", 2500), ("iPhone 15 Pro", "IP15P", 2500), ("Pixel 8", "PX8", 2500)])
            .about("A slim recycled case with the logo embossed.", &long("Compostable bioplastic; raised edges protect the screen.", &["Three models"]))
            .size("0.1", ["6", "3", "1"]),
        Item::simple("AC-SOCK", "Logo Socks", ACCESSORIES, Shape::Socks, "White", 1400)
            .variable(&["S", "M", "L"], &[], 1400)
            .about("Crew socks in combed cotton with a knitted logo.", &long("Reinforced heel and toe.", &["80% cotton"]))
            .size("0.15", ["8", "4", "1"]),
        Item::simple("AC-WALL", "Digital Wallpaper Pack", ACCESSORIES, Shape::Screen, "Sky blue", 500)
            .with(|row| {
                row.product_type.is_virtual = true;
                row.product_type.is_downloadable = true;
                row.download_limit = Some(5);
                row.download_expiry_days = Some(30);
                row.downloads = vec![Download {
                    id: Some("wallpapers-4k".into()),
                    name: Some("Wallpapers (4K, 12 images)".into()),
                    url: super::WALLPAPER_FILE.into(),
                }];
            })
            .about("Twelve wallpapers for desktop and phone, in 4K.", &long("Our poster art, resized for your screens. Download right after checkout.", &["12 images", "Desktop and phone sizes"]))
            .tags(&["digital", "new"]),
    ];
    for (sku, name, children, price) in [
        (
            "BND-START",
            "Starter Bundle",
            ["TS-ORG", "CP-DAD", "ST-LOGO"],
            "the tee, the cap and the stickers",
        ),
        (
            "BND-COFFEE",
            "Coffee Break Bundle",
            ["MG-ENM", "MG-CER", "ST-HOL"],
            "two mugs and a sticker",
        ),
    ] {
        items.push(
            Item::simple(sku, name, ACCESSORIES, Shape::GiftBox, "Orange", 0)
                .with(|row| {
                    row.product_type.kind = ProductKind::Grouped;
                    row.regular_price = None;
                    row.grouped_products = children
                        .iter()
                        .map(|s| Reference::Sku((*s).to_owned()))
                        .collect();
                })
                .about(
                    &format!("Our favourites together: {price}."),
                    &long(
                        "Pick the items you want from the set below.",
                        &["Each item ships on its own"],
                    ),
                ),
        );
    }
    // One draft to show that drafts stay hidden.
    items.push(
        Item::simple(
            "TS-NEXT",
            "Next Season Tee (draft)",
            TEE,
            Shape::PlainTee,
            "Sky blue",
            2600,
        )
        .with(|row| row.published = Some(Published::Draft)),
    );
    for item in &mut items {
        if item.row.stock.is_none()
            && item.variations.is_empty()
            && item.row.product_type.kind == ProductKind::Simple
        {
            item.row.stock = Some(Stock::Quantity(30));
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::svg::illustration;

    /// The text an SVG shows: what lies outside its tags.
    fn words_shown(svg: &str) -> String {
        let mut inside = false;
        svg.chars()
            .filter(|c| {
                match c {
                    '<' => inside = true,
                    '>' => {
                        inside = false;
                        return false;
                    }
                    _ => {}
                }
                !inside && !c.is_whitespace()
            })
            .collect()
    }

    /// Every product picture shows the item, not its name, says its size and stays small.
    #[test]
    fn pictures_show_no_name_and_say_their_size() {
        for item in items() {
            let name = item.row.name.clone().unwrap_or_default();
            assert!(!item.pictures.is_empty(), "{name} has a picture");
            for picture in &item.pictures {
                let svg = illustration(picture.shape, picture.view, &picture.color);
                assert!(
                    !svg.contains("<text") && !svg.to_lowercase().contains(&name.to_lowercase()),
                    "{}: {name} written in the picture",
                    picture.path
                );
                assert_eq!(
                    words_shown(&svg),
                    "",
                    "{}: words in the picture",
                    picture.path
                );
                assert!(
                    svg.starts_with("<svg")
                        && svg.contains(r#"viewBox="0 0 600 600" width="600" height="600""#),
                    "{}: width and height",
                    picture.path
                );
                assert!(svg.len() < 4096, "{}: {} bytes", picture.path, svg.len());
            }
        }
    }

    /// The picture draws what the name says: a long-sleeve crew has long sleeves, a zip
    /// hoodie a zip, socks are socks.
    #[test]
    fn pictures_draw_what_the_names_say() {
        let expected = [
            ("Long Sleeve", Shape::LongSleeve),
            ("Zip Hoodie", Shape::ZipHoodie),
            ("Pullover Hoodie", Shape::Hoodie),
            ("Cropped Hoodie", Shape::CroppedHoodie),
            ("Embroidered Hoodie", Shape::CrestHoodie),
            ("Pocket Tee", Shape::PocketTee),
            ("Rocket Tee", Shape::RocketTee),
            ("Trucker", Shape::TruckerCap),
            ("Bucket Hat", Shape::BucketHat),
            ("Pom-pom", Shape::PomBeanie),
            ("Enamel Camp Mug", Shape::EnamelMug),
            ("Tumbler", Shape::Tumbler),
            ("Espresso", Shape::EspressoCups),
            ("City Lights", Shape::CityPoster),
            ("Botanical", Shape::BotanicalSet),
            ("Holographic", Shape::HoloSticker),
            ("Sticker Sheet", Shape::StickerSheet),
            ("Fox", Shape::FoxSticker),
            ("Backpack", Shape::Backpack),
            ("Duffel", Shape::Duffel),
            ("Patch", Shape::Patch),
            ("Lanyard", Shape::Lanyard),
            ("Phone Case", Shape::PhoneCase),
            ("Socks", Shape::Socks),
            ("Bundle", Shape::GiftBox),
        ];
        let items = items();
        for (words, shape) in expected {
            let item = items
                .iter()
                .find(|i| i.row.name.as_deref().unwrap_or_default().contains(words))
                .unwrap_or_else(|| panic!("a product named {words}"));
            assert!(
                item.pictures.iter().all(|p| p.shape == shape),
                "{words}: drawn as {shape:?}"
            );
        }
    }

    /// A product with a gallery shows other views of itself, each a picture of its own.
    #[test]
    fn galleries_show_other_views() {
        let items = items();
        let hoodie = items
            .iter()
            .find(|i| i.row.sku.as_deref() == Some("HD-ZIP"))
            .expect("HD-ZIP");
        assert_eq!(
            hoodie.row.images,
            [
                "/media/demo/classic-zip-hoodie-navy.svg",
                "/media/demo/classic-zip-hoodie-navy-back.svg",
                "/media/demo/classic-zip-hoodie-navy-detail.svg",
            ]
        );
        let drawn: Vec<String> = hoodie
            .pictures
            .iter()
            .filter(|p| p.path.starts_with("demo/classic-zip-hoodie-navy"))
            .map(|p| illustration(p.shape, p.view, &p.color))
            .collect();
        assert_eq!(drawn.len(), 3);
        assert!(drawn[0] != drawn[1] && drawn[1] != drawn[2] && drawn[0] != drawn[2]);
        let galleries = items.iter().filter(|i| i.row.images.len() > 1).count();
        assert!(galleries >= 4, "{galleries} products with a gallery");
    }
}
