//! The demo's reviews: a few shoppers' words and stars on the best sellers.

use anyhow::Context as _;
use mercato_core::calendar::DAY;
use mercato_core::catalogue::{Rating, Review, ReviewId, ReviewStatus};
use mercato_db::Db;
use mercato_db::catalogue::{self as store, StoredRecord};

/// Reviews: product SKU, author, stars, text.
pub const REVIEWS: [(&str, &str, i64, &str); 14] = [
    (
        "TS-ORG",
        "Maya R.",
        5,
        "Softest tee I own. The black has not faded after twenty washes.",
    ),
    (
        "TS-ORG",
        "Jonas K.",
        4,
        "Great quality, runs slightly large: I sized down.",
    ),
    (
        "TS-ORG",
        "Priya S.",
        5,
        "Bought three colours. Perfect everyday shirt.",
    ),
    (
        "HD-ZIP",
        "Tom W.",
        5,
        "Warm, heavy and the zip feels solid.",
    ),
    (
        "HD-ZIP",
        "Lea M.",
        4,
        "Love the mustard colour. Sleeves a bit long.",
    ),
    (
        "HD-ZIP",
        "Sam O.",
        3,
        "Nice hoodie, but it shrank a little in the dryer.",
    ),
    ("CP-DAD", "Chris P.", 5, "The buckle is a nice touch."),
    (
        "MG-ENM",
        "Ana G.",
        4,
        "Took it camping, survived the fire. Coffee tastes like adventure.",
    ),
    (
        "MG-CER",
        "Felix B.",
        5,
        "Heavy, well glazed, keeps the tea warm.",
    ),
    (
        "PS-MTN",
        "Nora L.",
        5,
        "The colours are even better in person.",
    ),
    (
        "PS-MTN",
        "Ravi T.",
        4,
        "Arrived well packed in a sturdy tube.",
    ),
    (
        "ST-LOGO",
        "Emma D.",
        5,
        "Survived the dishwasher on my bottle!",
    ),
    (
        "BG-TOTE",
        "Lukas H.",
        4,
        "Big enough for groceries, sturdy handles.",
    ),
    ("AC-WALL", "Ines V.", 5, "Beautiful on my ultrawide screen."),
];

/// Adds the reviews (approved, dated over the last weeks); returns how many.
pub(super) async fn add(db: &Db) -> anyhow::Result<usize> {
    let mut count = 0;
    let now = mercato_db::now();
    for (n, (sku, author, stars, text)) in REVIEWS.iter().enumerate() {
        let Some(StoredRecord::Product(product)) = store::product_by_sku(db, sku).await? else {
            continue;
        };
        let days = i64::try_from(n).unwrap_or(0) * 3 + 1;
        let review = Review {
            id: ReviewId(0),
            product_id: product.id,
            rating: Rating::new(*stars).context("demo ratings are 1 to 5")?,
            author_name: (*author).to_owned(),
            author_email: format!(
                "{}@example.com",
                mercato_core::catalogue::slugify(author).replace('-', ".")
            ),
            content: (*text).to_owned(),
            verified_owner: n % 2 == 0,
            status: ReviewStatus::Approved,
            created_at: now - days * DAY,
        };
        store::add_review(db, &review).await?;
        count += 1;
    }
    Ok(count)
}
