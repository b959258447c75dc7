//! `GET /products` answers are kept whole and sent again (issue 26): a kept answer is the
//! answer made afresh, headers included; every catalogue write (a price, stock taken by an
//! order, a review) shows in the very next answer; another host or query gets its own; a
//! sale starting or ending shows on its second, without a write.

use crate::store_api_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_core::catalogue::{Pricing, ProductId, Rating, Review, ReviewId, ReviewStatus};
use mercato_core::money::Money;
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_server::services::ManualClock;
use serde_json::Value;
use store_api_support::{Reply, Shop, shop};
use tower::ServiceExt;

/// The listed product `id` in `reply`.
fn item(reply: &Reply, id: i64) -> &Value {
    reply
        .body
        .as_array()
        .expect("list")
        .iter()
        .find(|p| p["id"].as_i64() == Some(id))
        .unwrap_or_else(|| panic!("{id} listed in {}", reply.body))
}

fn price(reply: &Reply, id: i64) -> &str {
    item(reply, id)["prices"]["price"].as_str().expect("price")
}

/// `GET path` twice: the second answer comes from the cache and is the first, byte for
/// byte, with the same route headers.
async fn listed_twice(s: &Shop, path: &str) -> Reply {
    let first = s.get(path).await;
    assert_eq!(first.status, StatusCode::OK, "{path}: {}", first.body);
    let hits = s.state.web.answer_cache.hits();
    let again = s.get(path).await;
    assert_eq!(
        s.state.web.answer_cache.hits(),
        hits + 1,
        "{path}: the second answer is the kept one"
    );
    assert_eq!(again.text, first.text, "{path}");
    for name in [
        "x-wp-total",
        "x-wp-totalpages",
        "last-modified",
        "content-type",
    ] {
        assert_eq!(again.header(name), first.header(name), "{path}: {name}");
    }
    assert_eq!(again.all("link"), first.all("link"), "{path}");
    again
}

async fn save_pricing(s: &Shop, id: i64, pricing: Pricing) {
    let mut product = catalogue::product_by_id(&s.db.db, ProductId(id))
        .await
        .expect("read")
        .expect("product");
    product.pricing = pricing;
    let mut writer = CatalogueWriter::begin(&s.db.db).await.expect("writer");
    writer
        .save_product(&mut product, &mut [])
        .await
        .expect("save");
    writer.commit().await.expect("commit");
}

#[tokio::test]
async fn a_kept_answer_carries_its_pagination_and_last_modified() {
    let s = shop().await;
    let middle = listed_twice(&s, "/products?page=2&per_page=3").await;
    assert_eq!(middle.ids(), s.listed()[3..6]);
    assert_eq!(
        (
            middle.header("x-wp-total"),
            middle.header("x-wp-totalpages")
        ),
        ("9", "3")
    );
    assert_eq!(
        middle.all("link"),
        [
            "<http://shop.test/wp-json/wc/store/v1/products?page=1&per_page=3>; rel=\"prev\"",
            "<http://shop.test/wp-json/wc/store/v1/products?page=3&per_page=3>; rel=\"next\"",
        ]
    );
    let last_modified: i64 = middle.header("last-modified").parse().expect("seconds");
    assert!(last_modified > 0);
    // The shop's standard headers are the request's, not kept ones.
    assert_eq!(middle.header("cache-control"), "no-store");
    assert_eq!(
        middle.header("access-control-expose-headers"),
        "X-WP-Total, X-WP-TotalPages, Link, Cart-Token"
    );

    // The `?rest_route=` form of the same page is the same answer, links included.
    let routed = s
        .call(
            axum::http::Method::GET,
            "/?rest_route=/wc/store/v1/products&page=2&per_page=3",
        )
        .await;
    assert_eq!(routed.text, middle.text);
    assert_eq!(routed.all("link"), middle.all("link"));
    assert_eq!(routed.header("x-wp-total"), "9");
}

#[tokio::test]
async fn a_price_change_shows_in_the_very_next_answer() {
    let s = shop().await;
    let before = listed_twice(&s, "/products").await;
    assert_eq!(price(&before, s.tshirt), "1800");
    let one = format!("/products/{}", s.tshirt);
    let single = listed_twice(&s, &one).await;
    assert_eq!(single.body["prices"]["price"], "1800");
    let last_modified: i64 = before.header("last-modified").parse().expect("seconds");

    save_pricing(&s, s.tshirt, Pricing::regular(Money::from_minor(2100))).await;
    let after = s.get("/products").await;
    assert_eq!(price(&after, s.tshirt), "2100", "the new price, at once");
    assert_eq!(s.get(&one).await.body["prices"]["price"], "2100");
    let moved: i64 = after.header("last-modified").parse().expect("seconds");
    assert!(moved >= last_modified);
    // And the new answer is kept in its turn.
    assert_eq!(
        price(&listed_twice(&s, "/products").await, s.tshirt),
        "2100"
    );
}

#[tokio::test]
async fn stock_taken_and_a_review_show_in_the_very_next_answer() {
    let s = shop().await;
    let before = listed_twice(&s, "/products?per_page=20").await;
    assert_eq!(item(&before, s.beanie)["is_in_stock"], true);
    assert_eq!(item(&before, s.beanie)["review_count"], 1);

    // What an order does to stock: the beanie's last two are taken.
    assert!(
        catalogue::take_stock_now(&s.db.db, s.beanie, 2)
            .await
            .expect("take")
    );
    let sold_out = s.get("/products?per_page=20").await;
    assert_eq!(item(&sold_out, s.beanie)["is_in_stock"], false);

    listed_twice(&s, "/products?per_page=20").await;
    let review = Review {
        id: ReviewId(0),
        product_id: ProductId(s.beanie),
        rating: Rating::new(5).expect("rating"),
        author_name: "Grace".to_owned(),
        author_email: "grace@example.com".to_owned(),
        content: "Warm.".to_owned(),
        verified_owner: true,
        status: ReviewStatus::Approved,
        created_at: store_api_support::fixture::EPOCH,
    };
    catalogue::add_review(&s.db.db, &review)
        .await
        .expect("review");
    let reviewed = s.get("/products?per_page=20").await;
    assert_eq!(item(&reviewed, s.beanie)["review_count"], 2);
}

async fn get_on(s: &Shop, host: &str, proto: Option<&str>, path: &str) -> (Value, Vec<String>) {
    let mut request =
        Request::get(format!("/wp-json/wc/store/v1{path}")).header(header::HOST, host);
    if let Some(proto) = proto {
        request = request.header("x-forwarded-proto", proto);
    }
    let response = s
        .app
        .clone()
        .oneshot(request.body(Body::empty()).expect("request"))
        .await
        .expect("response");
    assert_eq!(response.status(), StatusCode::OK);
    let links = response
        .headers()
        .get_all(header::LINK)
        .iter()
        .map(|v| v.to_str().expect("text").to_owned())
        .collect();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    (serde_json::from_slice(&bytes).expect("json"), links)
}

fn permalink(body: &Value) -> &str {
    body[0]["permalink"].as_str().expect("permalink")
}

#[tokio::test]
async fn another_host_or_query_gets_its_own_answer() {
    let s = shop().await;
    let path = "/products?per_page=3";
    for _ in 0..2 {
        let (ours, links) = get_on(&s, "shop.test", None, path).await;
        assert!(permalink(&ours).starts_with("http://shop.test/product/"));
        assert!(links[0].starts_with("<http://shop.test/"), "{links:?}");
        let (other, links) = get_on(&s, "other.example", None, path).await;
        assert!(permalink(&other).starts_with("http://other.example/product/"));
        assert!(links[0].starts_with("<http://other.example/"), "{links:?}");
        let (secure, links) = get_on(&s, "shop.test", Some("https"), path).await;
        assert!(permalink(&secure).starts_with("https://shop.test/product/"));
        assert!(links[0].starts_with("<https://shop.test/"), "{links:?}");
    }
    assert!(
        s.state.web.answer_cache.hits() >= 3,
        "the second round is kept"
    );
    assert_eq!(s.ids("/products?per_page=2").await, s.listed()[..2]);
    assert_eq!(s.ids("/products?per_page=3").await, s.listed()[..3]);
    assert_eq!(s.ids("/products?per_page=2").await, s.listed()[..2]);
}

#[tokio::test]
async fn a_scheduled_sale_shows_on_its_second_without_a_write() {
    let s = shop().await;
    // On a minute's first second, so that the sale starts and ends inside that minute: only
    // the sale's own times can end the kept answer.
    let start = (mercato_db::now() / 60 + 1) * 60;
    let hand = ManualClock::starting_at(start);
    let state = s.state.with_clock(hand.clone().into());
    let app = mercato_server::router(state);
    let products = |app: axum::Router| async move {
        let response = app
            .oneshot(
                Request::get("/wp-json/wc/store/v1/products?per_page=20")
                    .header(header::HOST, "shop.test")
                    .body(Body::empty())
                    .expect("request"),
            )
            .await
            .expect("response");
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        let body: Value = serde_json::from_slice(&bytes).expect("json");
        body
    };
    let tshirt = |body: &Value| {
        let item = body
            .as_array()
            .expect("list")
            .iter()
            .find(|p| p["id"].as_i64() == Some(s.tshirt))
            .expect("listed")
            .clone();
        (
            item["prices"]["price"].as_str().expect("price").to_owned(),
            item["on_sale"].as_bool().expect("on_sale"),
        )
    };
    save_pricing(
        &s,
        s.tshirt,
        Pricing {
            regular: Some(Money::from_minor(1800)),
            sale: Some(Money::from_minor(1500)),
            sale_from: Some(start + 20),
            sale_to: Some(start + 39),
        },
    )
    .await;

    let hits = s.state.web.answer_cache.hits();
    assert_eq!(tshirt(&products(app.clone()).await), ("1800".into(), false));
    hand.advance(19);
    assert_eq!(tshirt(&products(app.clone()).await), ("1800".into(), false));
    assert_eq!(
        s.state.web.answer_cache.hits(),
        hits + 1,
        "kept until the sale"
    );
    hand.advance(1);
    assert_eq!(tshirt(&products(app.clone()).await), ("1500".into(), true));
    hand.advance(19);
    assert_eq!(tshirt(&products(app.clone()).await), ("1500".into(), true));
    hand.advance(1);
    assert_eq!(tshirt(&products(app.clone()).await), ("1800".into(), false));
}
