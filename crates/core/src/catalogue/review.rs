//! Product reviews and their 1–5 star ratings.

use serde::{Deserialize, Serialize};

use super::ids::{ProductId, ReviewId};
use super::product::AverageRating;

/// A star rating, 1 to 5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rating(u8);

/// A rating outside 1–5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a rating must be from 1 to 5, not {0}")]
pub struct InvalidRating(pub i64);

impl Rating {
    /// Checks that `stars` is 1–5.
    pub fn new(stars: i64) -> Result<Rating, InvalidRating> {
        match u8::try_from(stars) {
            Ok(value @ 1..=5) => Ok(Rating(value)),
            _ => Err(InvalidRating(stars)),
        }
    }

    /// The number of stars.
    pub fn stars(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for Rating {
    type Error = InvalidRating;
    fn try_from(stars: u8) -> Result<Self, Self::Error> {
        Rating::new(i64::from(stars))
    }
}

impl From<Rating> for u8 {
    fn from(rating: Rating) -> u8 {
        rating.0
    }
}

/// Whether a review is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReviewStatus {
    /// Published.
    Approved,
    /// Waiting for moderation.
    #[default]
    Held,
}

/// A shopper's review of a product.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Review {
    /// Id.
    pub id: ReviewId,
    /// The product reviewed.
    pub product_id: ProductId,
    /// Stars given.
    pub rating: Rating,
    /// Reviewer's display name.
    pub author_name: String,
    /// Reviewer's email (never shown).
    pub author_email: String,
    /// The review text as the shopper typed it: plain text, never HTML. Every page and API
    /// that shows it escapes it once ([`review_paragraphs`]).
    pub content: String,
    /// The reviewer bought the product.
    pub verified_owner: bool,
    /// Moderation state.
    pub status: ReviewStatus,
    /// Written at (unix seconds).
    pub created_at: i64,
}

impl Review {
    /// Whether it is published.
    pub fn is_approved(&self) -> bool {
        self.status == ReviewStatus::Approved
    }
}

/// A review's text in paragraphs (split at blank lines), each trimmed, its lines joined by
/// `\n`. Still plain text: the caller escapes it for HTML.
pub fn review_paragraphs(text: &str) -> Vec<String> {
    let mut paragraphs = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            if !current.is_empty() {
                paragraphs.push(current.join("\n"));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        paragraphs.push(current.join("\n"));
    }
    paragraphs
}

/// The average rating and count of the approved reviews among `reviews`.
pub fn rating_summary<'a, I: IntoIterator<Item = &'a Review>>(reviews: I) -> (AverageRating, u32) {
    let stars: Vec<u8> = reviews
        .into_iter()
        .filter(|r| r.is_approved())
        .map(|r| r.rating.stars())
        .collect();
    (
        AverageRating::of(stars.iter().copied()),
        u32::try_from(stars.len()).unwrap_or(u32::MAX),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(id: i64, stars: i64, status: ReviewStatus) -> Review {
        Review {
            id: ReviewId(id),
            product_id: ProductId(18),
            rating: Rating::new(stars).expect("a value"),
            author_name: "Ada".into(),
            author_email: "ada@example.com".into(),
            content: "Warm.".into(),
            verified_owner: true,
            status,
            created_at: 0,
        }
    }

    #[test]
    fn ratings_are_one_to_five() {
        assert!(Rating::new(0).is_err());
        assert!(Rating::new(6).is_err());
        assert!(Rating::new(-1).is_err());
        assert_eq!(Rating::new(5).map(Rating::stars), Ok(5));
        assert!(serde_json::from_str::<Rating>("7").is_err());
        assert_eq!(
            serde_json::from_str::<Rating>("3").map(Rating::stars).ok(),
            Some(3)
        );
    }

    #[test]
    fn paragraphs_split_at_blank_lines() {
        assert_eq!(
            review_paragraphs("  Warm <b>and</b> soft.\r\nReally. \n\n\n\"Five\" stars\n"),
            ["Warm <b>and</b> soft.\nReally.", "\"Five\" stars"]
        );
        assert!(review_paragraphs(" \n ").is_empty());
    }

    #[test]
    fn summary_counts_approved_only() {
        let reviews = [
            review(1, 5, ReviewStatus::Approved),
            review(2, 4, ReviewStatus::Approved),
            review(3, 1, ReviewStatus::Held),
        ];
        let (average, count) = rating_summary(&reviews);
        assert_eq!((average.to_string(), count), ("4.50".to_owned(), 2));
    }
}
