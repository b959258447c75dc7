//! The cart's shipping calculator offers only the countries the shop ships to (its
//! "Shipping location(s)" setting), with JavaScript (`/cart/shipping-countries.json`) and
//! without (the classic form's select), and refuses another country.

use crate::cart_page_support::{Browser, cart_json, cart_shop, notices};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use tower::ServiceExt;

const COUNTRIES: &str = "/cart/shipping-countries.json";

/// The calculator's country options on the classic cart page.
fn calculator_countries(body: &str) -> Vec<String> {
    let start = body
        .find("name=\"calc_shipping_country\"")
        .expect("the calculator's country select");
    let end = start + body[start..].find("</select>").expect("its end");
    body[start..end]
        .split("<option value=\"")
        .skip_while(|part| !part.starts_with(|c: char| c.is_ascii_uppercase()))
        .filter_map(|part| part.split('"').next())
        .map(str::to_owned)
        .collect()
}

/// The JSON list's codes, the ETag, and the status of `GET` with `If-None-Match: etag`.
async fn json_list(
    app: &axum::Router,
    if_none_match: Option<&str>,
) -> (StatusCode, Vec<String>, String) {
    let mut request = Request::get(COUNTRIES).header(header::HOST, "shop.test");
    if let Some(tag) = if_none_match {
        request = request.header(header::IF_NONE_MATCH, tag);
    }
    let response = app
        .clone()
        .oneshot(request.body(Body::empty()).expect("request"))
        .await
        .expect("response");
    let status = response.status();
    let etag = response
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    let codes = serde_json::from_slice::<Value>(&bytes)
        .ok()
        .and_then(|v| {
            v["countries"].as_array().map(|list| {
                list.iter()
                    .filter_map(|c| c["code"].as_str().map(str::to_owned))
                    .collect()
            })
        })
        .unwrap_or_default();
    (status, codes, etag)
}

#[tokio::test]
async fn the_calculator_offers_only_where_the_shop_ships() {
    let shop = cart_shop().await;
    let (status, every, first_tag) = json_list(&shop.app, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(every.len() > 200, "{} countries", every.len());
    assert!(!first_tag.is_empty(), "the list carries an ETag");
    let (unchanged, _, _) = json_list(&shop.app, Some(&first_tag)).await;
    assert_eq!(unchanged, StatusCode::NOT_MODIFIED);

    mercato_db::options::set(
        &shop.state.db,
        "checkout_addresses",
        &json!({"sell_to": ["GB", "US", "CA"], "ship_to": ["US", "CA"]}),
    )
    .await
    .expect("settings");

    // With JavaScript: the list is the shop's two, and a browser's kept copy is not reused.
    let (status, narrowed, tag) = json_list(&shop.app, Some(&first_tag)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(narrowed, ["CA", "US"]);
    assert_ne!(tag, first_tag);

    // Without: the classic form's select.
    let mut browser = Browser::new(&shop);
    let added = browser.get("/?add-to-cart=17").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER);
    let page = browser.get("/cart/").await;
    assert_eq!(calculator_countries(&page.body), ["CA", "US"]);

    // A country posted anyway is refused, and the cart's address stays.
    let nonce = browser.nonce().await;
    let refused = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", nonce.as_str()),
                ("calc_shipping_country", "GB"),
                ("calc_shipping_postcode", "SW1A 1AA"),
                ("calc_shipping", "1"),
            ],
        )
        .await;
    let page = browser.follow(refused).await;
    assert_eq!(
        notices(&page.body),
        ["Sorry, we do not ship orders to the provided country (GB)"]
    );
    assert_ne!(cart_json(&page.body)["shipping_address"]["country"], "GB");
}
