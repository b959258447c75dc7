//! `GET /products/reviews`: approved reviews of published products.

use std::collections::BTreeMap;

use axum::extract::{OriginalUri, RawQuery, State};
use axum::http::HeaderMap;
use mercato_core::calendar::DateTime;
use mercato_core::catalogue::{
    CategoryId, Product, ProductId, Review, StoreImage, review_paragraphs, store_image,
};
use mercato_db::catalogue::{self, ReviewQuery};
use serde::Serialize;

use super::error::StoreApiError;
use super::params::{Checker, Params};
use super::respond::{Pagination, Reply};
use super::views::Shop;
use crate::state::AppState;

/// A review as the Store API sends it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StoreReview {
    id: i64,
    date_created: String,
    formatted_date_created: String,
    date_created_gmt: String,
    product_id: i64,
    product_name: String,
    product_permalink: String,
    product_image: Option<StoreImage>,
    reviewer: String,
    review: String,
    rating: u8,
    verified: bool,
    reviewer_avatar_urls: BTreeMap<&'static str, String>,
}

const ORDERBY: &[&str] = &["date", "date_gmt", "id", "rating", "product"];

/// `GET /products/reviews`.
pub async fn list(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let params = Params::from_query(query.as_deref());
    let mut check = Checker::new(&params);
    let page = check.integer("page", 1, Some(1), None);
    let per_page = check.integer("per_page", 10, Some(1), Some(100));
    let orderby = check.choice("orderby", ORDERBY, "date");
    let ascending = check.choice("order", &["asc", "desc"], "desc") == "asc";
    let product_ids = check.id_list("product_id");
    let category_ids = check.id_list("category_id");
    check.finish()?;

    // A category's reviews include those of its subcategories.
    let mut categories: Vec<i64> = Vec::new();
    if !category_ids.is_empty() {
        let taxonomy = catalogue::load_taxonomy(&state.db).await?;
        for id in category_ids {
            for found in taxonomy.categories.with_descendants(CategoryId(id)) {
                if !categories.contains(&found.0) {
                    categories.push(found.0);
                }
            }
        }
    }
    let query = ReviewQuery {
        product_ids: product_ids.into_iter().map(ProductId).collect(),
        category_ids: categories,
        order_by_rating: orderby == "rating",
        ascending,
        page: u32::try_from(page).unwrap_or(u32::MAX),
        per_page: u32::try_from(per_page).unwrap_or(100),
    };
    let (reviews, total) = catalogue::reviews(&state.db, &query).await?;
    let mut reviewed: Vec<ProductId> = reviews.iter().map(|r| r.product_id).collect();
    reviewed.dedup();
    let products = catalogue::products_by_ids(&state.db, &reviewed).await?;
    let shop = Shop::for_request(&state, &headers);
    let body: Vec<StoreReview> = reviews
        .iter()
        .map(|review| {
            let product = products.iter().find(|p| p.id == review.product_id);
            store_review(review, product, &shop)
        })
        .collect();
    let pagination = Pagination::of(total, per_page, page);
    Ok(Reply::ok_with(
        &body,
        pagination.headers(&shop.base_url, uri.path(), uri.query()),
    ))
}

fn store_review(review: &Review, product: Option<&Product>, shop: &Shop) -> StoreReview {
    let created = DateTime::from_unix(review.created_at);
    // Gravatar's default picture: hashing reviewers' addresses would publish them.
    let avatars = [24, 48, 96]
        .into_iter()
        .zip(["24", "48", "96"])
        .map(|(size, key)| {
            (
                key,
                format!("https://secure.gravatar.com/avatar/?s={size}&d=mm&r=g"),
            )
        })
        .collect();
    StoreReview {
        id: review.id.0,
        date_created: created.iso_date_time(),
        formatted_date_created: created.long_date(),
        date_created_gmt: created.iso_date_time(),
        product_id: review.product_id.0,
        product_name: product.map(|p| p.name.clone()).unwrap_or_default(),
        product_permalink: product
            .map(|p| {
                format!(
                    "{}/product/{}/",
                    shop.base_url.trim_end_matches('/'),
                    p.slug
                )
            })
            .unwrap_or_default(),
        product_image: product.and_then(|p| p.image.as_ref()).map(store_image),
        reviewer: escape_author(&review.author_name),
        review: paragraphs(&review.content),
        rating: review.rating.stars(),
        verified: review.verified_owner,
        reviewer_avatar_urls: avatars,
    }
}

/// A review's text as WordPress's `wpautop` shows it: escaped once, in paragraphs, line breaks
/// kept. Reviews are stored as the shopper typed them, so none of their markup reaches a client.
fn paragraphs(text: &str) -> String {
    review_paragraphs(text)
        .iter()
        .map(|p| format!("<p>{}</p>\n", escape(p).replace('\n', "<br />\n")))
        .collect()
}

/// `&`, `<` and `>` as entities: WordPress keeps comment authors so (`_wp_specialchars` on
/// input), and clients written for it show `reviewer` as HTML.
fn escape_author(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `esc_html` for review text.
fn escape(text: &str) -> String {
    escape_author(text).replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn review_text_is_escaped_into_paragraphs() {
        assert_eq!(
            paragraphs("Warm <b>and</b> soft.\nReally.\n\n\"Five\" stars"),
            "<p>Warm &lt;b&gt;and&lt;/b&gt; soft.<br />\nReally.</p>\n<p>&quot;Five&quot; stars</p>\n"
        );
        assert_eq!(paragraphs("  "), "");
        assert_eq!(escape_author("Eve\"> & <b>"), "Eve\"&gt; &amp; &lt;b&gt;");
    }
}
