//! `GET /wc/store/v1/products/collection-data`: the numbers beside the filter blocks.

use crate::store_api_support;

use axum::http::StatusCode;
use serde_json::json;
use store_api_support::{assert_snapshot, assert_wp_error, shop};

#[tokio::test]
async fn nothing_is_counted_unless_asked() {
    let s = shop().await;
    let reply = s.get("/products/collection-data").await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(
        reply.text,
        r#"{"price_range":null,"attribute_counts":null,"rating_counts":null,"stock_status_counts":null}"#
    );
}

#[tokio::test]
async fn price_range_ignores_the_price_filter() {
    let s = shop().await;
    let reply = s
        .get("/products/collection-data?calculate_price_range=true&min_price=2000")
        .await;
    assert_snapshot("collection-data-price", &reply.text);
    assert_eq!(reply.body["price_range"]["min_price"], "900");
    assert_eq!(reply.body["price_range"]["max_price"], "4800");
    assert_eq!(reply.body["price_range"]["currency_code"], "USD");
    let accessories = s
        .get("/products/collection-data?calculate_price_range=1&category=accessories")
        .await;
    assert_eq!(accessories.body["price_range"]["min_price"], "900");
    assert_eq!(accessories.body["price_range"]["max_price"], "2500");
    let none = s
        .get("/products/collection-data?calculate_price_range=1&category=music")
        .await;
    assert_eq!(none.body["price_range"], serde_json::Value::Null);
}

#[tokio::test]
async fn stock_and_rating_counts() {
    let s = shop().await;
    let reply = s
        .get("/products/collection-data?calculate_stock_status_counts=true&calculate_rating_counts=true&stock_status=instock&rating=5")
        .await;
    // Each count leaves out its own filter, so every choice shows what it would give.
    assert_eq!(
        reply.body["stock_status_counts"],
        json!([
            {"status": "instock", "count": 1},
            {"status": "outofstock", "count": 0},
            {"status": "onbackorder", "count": 0}
        ])
    );
    assert_eq!(
        reply.body["rating_counts"],
        json!([{"rating": 3, "count": 1}, {"rating": 5, "count": 1}])
    );
    let all = s
        .get("/products/collection-data?calculate_stock_status_counts=1")
        .await;
    assert_eq!(
        all.body["stock_status_counts"][0],
        json!({"status": "instock", "count": 8})
    );
    assert_eq!(
        all.body["stock_status_counts"][1],
        json!({"status": "outofstock", "count": 1})
    );
    let hidden = s
        .get("/products/collection-data?calculate_stock_status_counts=1&catalog_visibility=hidden")
        .await;
    // Asked for, the hidden (in stock) product is counted.
    assert_eq!(
        hidden.body["stock_status_counts"][0],
        json!({"status": "instock", "count": 1})
    );
}

#[tokio::test]
async fn attribute_counts_with_or_and_and() {
    let s = shop().await;
    let (red, blue, green) = (s.red, s.blue, s.green);
    let or = s.get("/products/collection-data?calculate_attribute_counts[0][taxonomy]=pa_color&calculate_attribute_counts[0][query_type]=or").await;
    assert_eq!(
        or.body["attribute_counts"],
        json!([{"term": red, "count": 3}, {"term": blue, "count": 1}, {"term": green, "count": 1}])
    );
    // With blue chosen: `or` counts ignore the colour filter, `and` counts keep it.
    let chosen = "attributes[0][attribute]=pa_color&attributes[0][slug]=blue";
    let or_chosen = s
        .get(&format!(
            "/products/collection-data?{chosen}&calculate_attribute_counts[0][taxonomy]=pa_color"
        ))
        .await;
    assert_eq!(
        or_chosen.body["attribute_counts"],
        or.body["attribute_counts"]
    );
    let and_chosen = s
        .get(&format!(
            "/products/collection-data?{chosen}&calculate_attribute_counts[0][taxonomy]=pa_color&calculate_attribute_counts[0][query_type]=and"
        ))
        .await;
    assert_eq!(
        and_chosen.body["attribute_counts"],
        json!([{"term": red, "count": 1}, {"term": blue, "count": 1}])
    );
    let size = s
        .get(&format!(
            "/products/collection-data?{chosen}&calculate_attribute_counts[0][taxonomy]=pa_size"
        ))
        .await;
    assert_eq!(size.body["attribute_counts"], json!([]));
    let unknown = s
        .get("/products/collection-data?calculate_attribute_counts[0][taxonomy]=pa_nope")
        .await;
    assert_eq!(unknown.body["attribute_counts"], json!([]));
    let by_id = s
        .get(&format!(
            "/products/collection-data?calculate_attribute_counts[0][taxonomy]={}",
            s.size
        ))
        .await;
    assert_eq!(
        by_id.body["attribute_counts"].as_array().map(Vec::len),
        Some(2)
    );
}

#[tokio::test]
async fn bad_count_requests_are_rejected() {
    let s = shop().await;
    let reply = s
        .get("/products/collection-data?calculate_attribute_counts[0][taxonomy]=pa_color&calculate_attribute_counts[0][query_type]=xor&calculate_price_range=maybe")
        .await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
    assert_eq!(
        reply.body["data"]["params"]["calculate_attribute_counts"],
        "calculate_attribute_counts[0][query_type] is not one of and and or."
    );
    assert_eq!(
        reply.body["data"]["params"]["calculate_price_range"],
        "calculate_price_range is not of type boolean."
    );
    let many: String = (0..26)
        .map(|i| format!("&calculate_attribute_counts[{i}][taxonomy]=pa_color"))
        .collect();
    let reply = s.get(&format!("/products/collection-data?x=1{many}")).await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
    assert_eq!(
        reply.body["data"]["details"]["calculate_attribute_counts"]["code"],
        "rest_too_many_items"
    );
    let reply = s.get("/products/collection-data?per_page=0").await;
    assert_wp_error(&reply, 400, "rest_invalid_param");
}
