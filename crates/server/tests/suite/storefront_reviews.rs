//! Reviews posted to the product page: moderation, validation and the same-origin check.

use crate::storefront_support as support;

use axum::http::StatusCode;
use support::{get, post_form, shop, shop_with};

const ORIGIN: (&str, &str) = ("origin", "http://shop.test");

fn review<'a>(
    rating: &'a str,
    comment: &'a str,
    author: &'a str,
    email: &'a str,
) -> Vec<(&'a str, &'a str)> {
    vec![
        ("rating", rating),
        ("comment", comment),
        ("author", author),
        ("email", email),
        ("comment_post_ID", "0"),
    ]
}

#[tokio::test]
async fn a_guest_review_is_held_for_moderation() {
    let shop = shop().await;
    let reply = post_form(
        &shop.app,
        "/product/cap/",
        &review("4", "Fits well.", "Lin", "lin@example.com"),
        &[ORIGIN],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert_eq!(reply.location(), "/product/cap/?review=held#reviews");
    let page = get(&shop.app, "/product/cap/?review=held").await;
    assert!(page.body.contains("Your review is awaiting approval"));
    assert!(
        !page.body.contains("Fits well."),
        "held reviews are not listed"
    );
    assert!(page.body.contains("There are no reviews yet."));
}

#[tokio::test]
async fn without_moderation_a_review_shows_at_once_as_text() {
    let shop = shop_with(|s| s.moderate_guest_reviews = false).await;
    let reply = post_form(
        &shop.app,
        "/product/cap/",
        &review(
            "5",
            "Great <script>alert(1)</script> & cheap\n\nSecond paragraph",
            "<b>Lin</b>",
            "lin@example.com",
        ),
        &[("referer", "http://shop.test/product/cap/")],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER);
    assert_eq!(reply.location(), "/product/cap/?review=approved#reviews");
    let page = get(&shop.app, "/product/cap/?review=approved").await;
    assert!(page.body.contains("Thank you for your review."));
    assert!(
        page.body
            .contains("<p>Great &lt;script&gt;alert(1)&lt;&#x2f;script&gt; &amp; cheap</p>")
            || page
                .body
                .contains("<p>Great &lt;script&gt;alert(1)&lt;/script&gt; &amp; cheap</p>")
    );
    assert!(page.body.contains("<p>Second paragraph</p>"));
    // The name loses its markup on the way in (as WordPress strips comment authors').
    assert!(
        page.body.contains(">Lin<"),
        "the name is kept, its tags dropped"
    );
    assert!(!page.body.contains("&lt;b&gt;Lin"));
    assert!(!page.body.contains("<script>alert"));
    assert!(
        page.body
            .contains("(<span class=\"count\">1</span> customer review)")
    );
    assert!(page.body.contains("aria-label=\"Rated 5.00 out of 5\""));
}

/// Security review F10: a review posted through the site reads the same on the product page
/// and in the Store API, its text escaped exactly once, the reviewer's markup gone.
#[tokio::test]
async fn a_site_review_is_escaped_once_everywhere() {
    let shop = shop_with(|s| s.moderate_guest_reviews = false).await;
    let reply = post_form(
        &shop.app,
        "/product/cap/",
        &review(
            "4",
            "Great \"value\" <b>&</b> it's <3\nSecond line\n\nNext paragraph",
            "Eve\"><img src=x onerror=alert(2)><script>alert(1)</script>",
            "eve@example.com",
        ),
        &[ORIGIN],
    )
    .await;
    assert_eq!(reply.status, StatusCode::SEE_OTHER, "{}", reply.body);

    let api = get(
        &shop.app,
        &format!(
            "/wp-json/wc/store/v1/products/reviews?product_id={}",
            shop.ids.cap.0
        ),
    )
    .await;
    assert_eq!(api.status, StatusCode::OK, "{}", api.body);
    let reviews: serde_json::Value = serde_json::from_str(&api.body).expect("json");
    assert_eq!(reviews.as_array().map(Vec::len), Some(1), "{reviews}");
    assert_eq!(reviews[0]["reviewer"], "Eve\"&gt;");
    assert_eq!(
        reviews[0]["review"],
        "<p>Great &quot;value&quot; &lt;b&gt;&amp;&lt;/b&gt; it's &lt;3<br />\nSecond line</p>\n<p>Next paragraph</p>\n"
    );

    let page = get(&shop.app, "/product/cap/").await;
    let html = support::html_decode(&page.body).replace("&#x2f;", "/");
    assert!(
        html.contains("<p>Great \"value\" <b>&</b> it's <3\nSecond line</p>"),
        "the page shows the text as typed: {}",
        &page.body[page.body.find("Great").unwrap_or(0)..][..200]
    );
    assert!(
        !page.body.contains("<b>&amp;</b>"),
        "no markup of the shopper's"
    );
    assert!(!page.body.contains("&amp;quot;") && !page.body.contains("&amp;lt;"));
    assert!(!page.body.contains("<img src=x"));
}

#[tokio::test]
async fn invalid_reviews_come_back_with_messages_and_values() {
    let shop = shop().await;
    let reply = post_form(
        &shop.app,
        "/product/cap/",
        &review("7", "", "", "not-an-email\"><x>"),
        &[ORIGIN],
    )
    .await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    let body = &reply.body;
    assert!(body.contains("Your review could not be posted."));
    assert!(
        body.contains(
            "<span class=\"field-error\" id=\"rating-error\">Please select a rating</span>"
        )
    );
    assert!(body.contains("Please type your review."));
    assert!(body.contains("Please enter your name."));
    assert!(body.contains("Please enter a valid email address."));
    assert!(
        body.contains("value=\"not-an-email&quot;&gt;&lt;x&gt;\""),
        "the value is kept, escaped"
    );
    assert!(body.contains("aria-invalid=\"true\""));

    let long = "x".repeat(5001);
    let too_long = post_form(
        &shop.app,
        "/product/cap/",
        &review("3", &long, "Lin", "lin@example.com"),
        &[ORIGIN],
    )
    .await;
    assert_eq!(too_long.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        too_long
            .body
            .contains("Your review is too long: 5001 characters")
    );

    let garbage = post_form(&shop.app, "/product/cap/", &[], &[ORIGIN]).await;
    assert_eq!(garbage.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn reviews_from_other_sites_are_refused() {
    let shop = shop().await;
    let fields = review("5", "Spam", "Bot", "bot@example.com");
    for headers in [
        vec![("origin", "https://evil.example")],
        vec![("referer", "https://evil.example/form")],
        vec![("origin", "null")],
        vec![],
    ] {
        let reply = post_form(&shop.app, "/product/cap/", &fields, &headers).await;
        assert_eq!(reply.status, StatusCode::FORBIDDEN, "{headers:?}");
        assert!(reply.body.contains("was not posted"));
    }
    let reply = post_form(&shop.app, "/product/nope/", &fields, &[ORIGIN]).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
}
