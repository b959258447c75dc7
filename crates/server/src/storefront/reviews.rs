//! Product reviews on the product page: the approved list, and the review form for named
//! guests (validated, same-origin checked, held for moderation when the shop says so).

use axum::http::{HeaderMap, StatusCode};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::attribution::strip_all_tags;
use mercato_core::calendar::DateTime;
use mercato_core::catalogue::{Rating, Review, ReviewId, ReviewStatus, review_paragraphs};
use mercato_core::limits::{
    MAX_REVIEW_AUTHOR_CHARS, MAX_REVIEW_CHARS, MAX_REVIEW_EMAIL_CHARS, exceeds,
};
use serde::Serialize;

use super::cards::RatingView;
use super::product::{PageNotice, ProductData, ProductRequest, render_product};
use super::{now, urls};
use crate::forms::redirect_see_other;
use crate::forms::same_origin;
use crate::layout::{PageContext, PageResult, Shopper, render_page};
use crate::state::AppState;

/// A review as listed.
#[derive(Debug, Clone, Serialize)]
pub struct ReviewView {
    /// Id (the `#comment-N` anchor).
    pub id: i64,
    /// Reviewer's name.
    pub author: String,
    /// `November 21, 2026`.
    pub date: String,
    /// `2026-11-21`.
    pub iso_date: String,
    /// Stars.
    pub rating: RatingView,
    /// The reviewer bought the product.
    pub verified: bool,
    /// The text, as plain paragraphs (the template escapes them).
    pub paragraphs: Vec<String>,
}

/// The listed reviews.
pub fn review_views(reviews: &[Review]) -> Vec<ReviewView> {
    reviews
        .iter()
        .map(|r| ReviewView {
            id: r.id.0,
            author: r.author_name.clone(),
            date: DateTime::from_unix(r.created_at).long_date(),
            iso_date: DateTime::from_unix(r.created_at).iso_date(),
            rating: RatingView::stars(r.rating.stars()),
            verified: r.verified_owner,
            paragraphs: review_paragraphs(&r.content),
        })
        .collect()
}

/// Messages beside the review form's fields.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ReviewErrors {
    /// The rating.
    pub rating: Option<&'static str>,
    /// The text.
    pub comment: Option<String>,
    /// The name.
    pub author: Option<&'static str>,
    /// The email.
    pub email: Option<&'static str>,
}

/// The review form as shown: blank, or the shopper's values with errors.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ReviewFormView {
    /// Chosen rating (`"1"`–`"5"`).
    pub rating: String,
    /// Text.
    pub comment: String,
    /// Name.
    pub author: String,
    /// Email.
    pub email: String,
    /// Field errors.
    pub errors: ReviewErrors,
    /// Whether any error is set.
    pub invalid: bool,
    /// After a post: `held` or `approved`.
    pub posted: Option<&'static str>,
}

impl ReviewFormView {
    /// A blank form; `?review=held|approved` (after a post) adds the matching notice.
    pub fn from_query(query: &[(String, String)]) -> Self {
        let posted = query
            .iter()
            .find(|(k, _)| k == "review")
            .and_then(|(_, v)| match v.as_str() {
                "held" => Some("held"),
                "approved" => Some("approved"),
                _ => None,
            });
        ReviewFormView {
            posted,
            ..ReviewFormView::default()
        }
    }

    /// The page notice for this form's state.
    pub fn notice(&self) -> Option<PageNotice> {
        if self.invalid {
            return Some(PageNotice {
                kind: "error",
                text: "Your review could not be posted. Please correct the marked fields."
                    .to_owned(),
            });
        }
        match self.posted {
            Some("held") => Some(PageNotice {
                kind: "info",
                text: "Your review is awaiting approval".to_owned(),
            }),
            Some(_) => Some(PageNotice {
                kind: "success",
                text: "Thank you for your review.".to_owned(),
            }),
            None => None,
        }
    }
}

/// A review checked and ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidReview {
    /// Stars.
    pub rating: Rating,
    /// Text.
    pub comment: String,
    /// Name.
    pub author: String,
    /// Email.
    pub email: String,
}

/// Checks the posted fields; on failure, the form to show again with its messages.
pub fn validate(fields: &[(String, String)]) -> Result<ValidReview, Box<ReviewFormView>> {
    let field = |name: &str| {
        crate::input::form_value(fields, name)
            .unwrap_or("")
            .trim()
            .to_owned()
    };
    let mut form = ReviewFormView {
        rating: field("rating"),
        comment: field("comment"),
        // A name is shown on its own: no markup in it, as WordPress strips comment authors'.
        author: strip_all_tags(&field("author")),
        email: field("email"),
        ..ReviewFormView::default()
    };
    let rating = form
        .rating
        .parse::<i64>()
        .ok()
        .and_then(|r| Rating::new(r).ok());
    if rating.is_none() {
        form.errors.rating = Some("Please select a rating");
    }
    if form.comment.is_empty() {
        form.errors.comment = Some("Please type your review.".to_owned());
    } else if exceeds(&form.comment, MAX_REVIEW_CHARS) {
        let length = form.comment.chars().count();
        form.errors.comment = Some(format!(
            "Your review is too long: {length} characters; at most {MAX_REVIEW_CHARS} are allowed."
        ));
    }
    if form.author.is_empty() {
        form.errors.author = Some("Please enter your name.");
    } else if exceeds(&form.author, MAX_REVIEW_AUTHOR_CHARS) {
        form.errors.author = Some("Your name is too long.");
    }
    if !is_email(&form.email) {
        form.errors.email = Some("Please enter a valid email address.");
    }
    match rating {
        Some(rating)
            if form.errors.comment.is_none()
                && form.errors.author.is_none()
                && form.errors.email.is_none() =>
        {
            Ok(ValidReview {
                rating,
                comment: form.comment,
                author: form.author,
                email: form.email,
            })
        }
        _ => {
            form.invalid = true;
            Err(Box::new(form))
        }
    }
}

/// A plausible address: one `@`, something before it, a dotted domain after, no spaces.
fn is_email(text: &str) -> bool {
    if exceeds(text, MAX_REVIEW_EMAIL_CHARS)
        || text.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        return false;
    }
    match text.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains("..")
        }
        None => false,
    }
}

/// Handles a posted review for the loaded product.
pub async fn submit(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    data: &ProductData,
    fields: &[(String, String)],
) -> PageResult {
    let product = &data.product;
    if !same_origin(state, headers) {
        let context = PageContext::new(
            state,
            jar,
            "Review not posted",
            &urls::product(&product.slug),
        );
        return Ok(render_page(
            state,
            shopper,
            "error.html",
            StatusCode::FORBIDDEN,
            &context,
            minijinja::context! {
                message => "This review did not come from our product page, so it was not posted. Please go back, reload the page and try again.",
            },
        ));
    }
    let valid = match validate(fields) {
        Ok(valid) => valid,
        Err(form) => {
            let request = ProductRequest {
                query: &[],
                review: &form,
                status: StatusCode::UNPROCESSABLE_ENTITY,
                cache: None,
            };
            return Ok(render_product(state, shopper, jar, headers, data, request));
        }
    };
    let status = if state.settings.moderate_guest_reviews {
        ReviewStatus::Held
    } else {
        ReviewStatus::Approved
    };
    let review = Review {
        id: ReviewId(0),
        product_id: product.id,
        rating: valid.rating,
        author_name: valid.author,
        author_email: valid.email,
        // Stored as typed; shown escaped (the page's template, the Store API's paragraphs).
        content: valid.comment,
        verified_owner: false,
        status,
        created_at: now(),
    };
    let id = mercato_db::catalogue::add_review(&state.db, &review).await?;
    tracing::info!(
        product.id = product.id.0,
        review.id = id.0,
        review.held = status == ReviewStatus::Held,
        "review posted"
    );
    let outcome = if status == ReviewStatus::Held {
        "held"
    } else {
        "approved"
    };
    Ok(redirect_see_other(&format!(
        "{}?review={outcome}#reviews",
        urls::product(&product.slug)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_good_review_passes() {
        let review = validate(&fields(&[
            ("rating", "4"),
            ("comment", " Warm. "),
            ("author", "Ada"),
            ("email", "ada@example.com"),
        ]))
        .expect("valid");
        assert_eq!(review.rating.stars(), 4);
        assert_eq!(review.comment, "Warm.");
    }

    #[test]
    fn every_field_is_checked() {
        let form = validate(&fields(&[
            ("rating", "9"),
            ("comment", ""),
            ("email", "nope"),
        ]))
        .expect_err("invalid");
        assert!(form.invalid);
        assert!(form.errors.rating.is_some());
        assert!(form.errors.comment.is_some());
        assert!(form.errors.author.is_some());
        assert!(form.errors.email.is_some());
        let long = "x".repeat(MAX_REVIEW_CHARS + 1);
        let form = validate(&fields(&[
            ("rating", "5"),
            ("comment", &long),
            ("author", "A"),
            ("email", "a@b.co"),
        ]))
        .expect_err("too long");
        assert!(
            form.errors
                .comment
                .as_deref()
                .is_some_and(|m| m.contains("too long"))
        );
    }

    #[test]
    fn names_lose_their_markup() {
        let review = validate(&fields(&[
            ("rating", "5"),
            ("comment", "<b>Warm</b> & soft"),
            (
                "author",
                "Eve\"><img src=x onerror=alert(2)><script>alert(1)</script>",
            ),
            ("email", "eve@example.com"),
        ]))
        .expect("valid");
        assert_eq!(review.author, "Eve\">");
        assert_eq!(
            review.comment, "<b>Warm</b> & soft",
            "the text is kept as typed"
        );
        let form = validate(&fields(&[
            ("rating", "5"),
            ("comment", "x"),
            ("author", "<script>x</script>"),
            ("email", "eve@example.com"),
        ]))
        .expect_err("no name left");
        assert!(form.errors.author.is_some());
    }

    #[test]
    fn emails() {
        assert!(is_email("a@b.co"));
        assert!(!is_email("a@b"));
        assert!(!is_email("a b@c.de"));
        assert!(!is_email("@c.de"));
        assert!(!is_email("a@@c.de"));
    }
}
