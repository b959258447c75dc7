//! Attributes and their terms, categories, tags and reviews.

use crate::store_api_support;

use axum::http::StatusCode;
use store_api_support::{assert_snapshot, assert_wp_error, shop};

fn names(body: &serde_json::Value) -> Vec<&str> {
    body.as_array()
        .expect("list")
        .iter()
        .map(|item| item["name"].as_str().expect("name"))
        .collect()
}

#[tokio::test]
async fn attributes_and_their_terms() {
    let s = shop().await;
    let reply = s.get("/products/attributes").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_snapshot("attributes", &reply.text);
    assert_eq!(reply.body[0]["taxonomy"], "pa_color");
    assert_eq!(reply.body[0]["count"], 3);
    assert!(reply.all("x-wp-total").is_empty());

    let one = s.get(&format!("/products/attributes/{}", s.size)).await;
    assert_eq!(
        (one.body["name"].as_str(), one.body["count"].as_i64()),
        (Some("Size"), Some(2))
    );
    assert_wp_error(
        &s.get("/products/attributes/999").await,
        404,
        "woocommerce_rest_attribute_invalid_id",
    );
    assert_wp_error(
        &s.get("/products/attributes/pa_color").await,
        404,
        "woocommerce_rest_attribute_invalid_id",
    );

    let terms = s
        .get(&format!("/products/attributes/{}/terms", s.color))
        .await;
    assert_eq!(names(&terms.body), ["Blue", "Green", "Red"]);
    assert_snapshot("attribute-terms", &terms.text);
    let counts: Vec<i64> = terms
        .body
        .as_array()
        .expect("terms")
        .iter()
        .map(|t| t["count"].as_i64().expect("count"))
        .collect();
    assert_eq!(counts, [1, 1, 3]);
    let by_order = s
        .get(&format!(
            "/products/attributes/{}/terms?orderby=menu_order",
            s.color
        ))
        .await;
    assert_eq!(names(&by_order.body), ["Green", "Blue", "Red"]);
    let by_count = s
        .get(&format!(
            "/products/attributes/{}/terms?orderby=count&order=desc",
            s.color
        ))
        .await;
    assert_eq!(names(&by_count.body)[0], "Red");
    let paged = s
        .get(&format!(
            "/products/attributes/{}/terms?per_page=2",
            s.color
        ))
        .await;
    assert_eq!(names(&paged.body), ["Blue", "Green"]);
    assert_eq!(
        (paged.header("x-wp-total"), paged.header("x-wp-totalpages")),
        ("3", "2")
    );
    assert_eq!(paged.all("link").len(), 1);
    assert_wp_error(
        &s.get("/products/attributes/999/terms").await,
        404,
        "woocommerce_rest_taxonomy_invalid",
    );
    let bad = s
        .get(&format!(
            "/products/attributes/{}/terms?orderby=colour",
            s.color
        ))
        .await;
    assert_wp_error(&bad, 400, "rest_invalid_param");
    assert_eq!(
        bad.body["data"]["params"]["orderby"],
        "orderby is not one of name, slug, count, and menu_order."
    );
}

#[tokio::test]
async fn categories_count_their_subcategories() {
    let s = shop().await;
    let reply = s.get("/products/categories").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_snapshot("categories", &reply.text);
    // Music holds only a draft, so it is empty and hidden by default.
    assert_eq!(
        names(&reply.body),
        ["Accessories", "Clothing", "Decor", "Hoodies", "Tshirts"]
    );
    let clothing = &reply.body[1];
    assert_eq!(
        (
            clothing["count"].as_i64(),
            clothing["review_count"].as_i64()
        ),
        (Some(4), Some(2))
    );
    let hoodies = &reply.body[3];
    assert_eq!(hoodies["parent"], s.clothing);
    assert_eq!(
        hoodies["permalink"],
        "http://shop.test/product-category/clothing/hoodies/"
    );
    assert_eq!(
        reply.body[2]["count"], 1,
        "the hidden product is not counted"
    );

    let all = s.get("/products/categories?hide_empty=false").await;
    assert_eq!(names(&all.body).len(), 6);
    let top = s.get("/products/categories?parent=0").await;
    assert_eq!(names(&top.body), ["Accessories", "Clothing", "Decor"]);
    let children = s
        .get(&format!(
            "/products/categories?parent={}&order=desc",
            s.clothing
        ))
        .await;
    assert_eq!(names(&children.body), ["Tshirts", "Hoodies"]);
    let found = s.get("/products/categories?search=HOOD").await;
    assert_eq!(names(&found.body), ["Hoodies"]);
    let picked = s
        .get(&format!(
            "/products/categories?include={},{}&orderby=count",
            s.decor, s.accessories
        ))
        .await;
    assert_eq!(names(&picked.body), ["Decor", "Accessories"]);

    let one = s.get(&format!("/products/categories/{}", s.music)).await;
    assert_eq!(
        (one.body["name"].as_str(), one.body["count"].as_i64()),
        (Some("Music"), Some(0))
    );
    assert_wp_error(
        &s.get("/products/categories/999").await,
        404,
        "woocommerce_rest_category_invalid_id",
    );
    assert_wp_error(
        &s.get("/products/categories/-1").await,
        404,
        "woocommerce_rest_category_invalid_id",
    );
}

#[tokio::test]
async fn tags() {
    let s = shop().await;
    let reply = s.get("/products/tags").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_snapshot("tags", &reply.text);
    assert_eq!(names(&reply.body), ["Cosy", "Gift"]);
    let paged = s.get("/products/tags?per_page=1&page=2").await;
    assert_eq!(names(&paged.body), ["Gift"]);
    assert_eq!(paged.header("x-wp-totalpages"), "2");
    assert_wp_error(
        &s.get("/products/tags?per_page=101").await,
        400,
        "rest_invalid_param",
    );
}

#[tokio::test]
async fn reviews_of_published_products_only() {
    let s = shop().await;
    let reply = s.get("/products/reviews").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_snapshot("reviews", &reply.text);
    let ratings = |body: &serde_json::Value| -> Vec<i64> {
        body.as_array()
            .expect("list")
            .iter()
            .map(|r| r["rating"].as_i64().expect("rating"))
            .collect()
    };
    // Newest first; the held review and the draft's review stay private.
    assert_eq!(ratings(&reply.body), [3, 4, 5]);
    assert_eq!(reply.header("x-wp-total"), "3");
    let first = &reply.body[0];
    assert_eq!(first["product_id"], s.beanie);
    assert_eq!(
        first["product_permalink"],
        "http://shop.test/product/beanie/"
    );
    assert_eq!(
        first["review"],
        "<p>3 stars &lt;em&gt;from&lt;/em&gt; me.</p>\n"
    );
    assert_eq!(first["date_created"], "2026-12-01T11:06:40");
    assert_eq!(first["formatted_date_created"], "December 1, 2026");
    assert!(
        first["reviewer_avatar_urls"]["96"]
            .as_str()
            .expect("avatar")
            .starts_with("https://")
    );
    assert!(!reply.text.contains("ada@example.com"));

    let hoodie = s
        .get(&format!("/products/reviews?product_id={}", s.hoodie))
        .await;
    assert_eq!(ratings(&hoodie.body), [4, 5]);
    let clothing = s
        .get(&format!("/products/reviews?category_id={}", s.clothing))
        .await;
    assert_eq!(ratings(&clothing.body), [4, 5], "subcategories count");
    let best = s.get("/products/reviews?orderby=rating&order=asc").await;
    assert_eq!(ratings(&best.body), [3, 4, 5]);
    let paged = s.get("/products/reviews?per_page=1&page=2").await;
    assert_eq!(ratings(&paged.body), [4]);
    assert_eq!(paged.header("x-wp-totalpages"), "3");
    assert_eq!(paged.all("link").len(), 2);
    let bad = s.get("/products/reviews?orderby=stars&per_page=0").await;
    assert_wp_error(&bad, 400, "rest_invalid_param");
    assert_eq!(
        bad.body["message"],
        "Invalid parameter(s): per_page, orderby"
    );
}
