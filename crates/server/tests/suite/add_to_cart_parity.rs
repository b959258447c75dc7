//! Parity of the three ways into the cart: the Store API (`POST /cart/add-item`), store AJAX
//! (`?wc-ajax=add_to_cart`, the listing buttons) and the add-to-cart link
//! (`?add-to-cart=ID&quantity=N`). Each scenario adds the same thing on a fresh shop through
//! each surface; the carts that result must be the same (an addition refused by one is refused
//! by all). The quantity and stock rules live once in the cart domain.

use crate::cart_page_support::{self, GROUPED, SOLO};
use crate::store_ajax_support;
use crate::store_api_cart_support::{Client, RefShop};

use mercato_db::Backend;
use serde_json::json;

/// `(product or variation id, quantity)`, and a name.
const SCENARIOS: &[(&str, i64, i64)] = &[
    ("a simple product", 17, 1),
    ("three of it", 17, 3),
    ("on sale", 20, 2),
    ("all the stock", 18, 2),
    ("more than the stock", 18, 3),
    ("a variation by its id", 31, 1),
    ("another variation", 38, 2),
    ("a variable product without a choice", 15, 1),
    ("a grouped product", GROUPED, 1),
    ("sold one at a time, two asked", SOLO, 2),
    ("quantity zero", 17, 0),
    ("a negative quantity", 17, -2),
    ("an unknown product", 999_999, 1),
];

async fn shop(backend: Backend) -> RefShop {
    cart_page_support::cart_shop_on(backend).await
}

/// The cart's lines as `(id, quantity)`, read through the Store API with `cookies`.
async fn lines(
    shop: &RefShop,
    cookies: std::collections::BTreeMap<String, String>,
) -> Vec<(i64, i64)> {
    let mut reader = Client::new(&shop.app);
    reader.cookies = cookies;
    let cart = reader.get("/cart").await.body;
    let mut lines: Vec<(i64, i64)> = cart["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|item| {
            (
                item["id"].as_i64().expect("id"),
                item["quantity"].as_i64().expect("quantity"),
            )
        })
        .collect();
    lines.sort_unstable();
    lines
}

async fn through_store_api(backend: Backend, id: i64, quantity: i64) -> Vec<(i64, i64)> {
    let shop = shop(backend).await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    client
        .post("/cart/add-item", json!({"id": id, "quantity": quantity}))
        .await;
    lines(&shop, client.cookies.clone()).await
}

async fn through_store_ajax(backend: Backend, id: i64, quantity: i64) -> Vec<(i64, i64)> {
    let shop = shop(backend).await;
    let mut browser = store_ajax_support::Browser::new(&shop.app);
    browser
        .ajax(
            "add_to_cart",
            &[
                ("product_id", &id.to_string()),
                ("quantity", &quantity.to_string()),
            ],
        )
        .await;
    lines(&shop, browser.cookies.clone()).await
}

async fn through_link(backend: Backend, id: i64, quantity: i64) -> Vec<(i64, i64)> {
    let shop = shop(backend).await;
    let mut browser = cart_page_support::Browser::new(&shop);
    browser
        .get(&format!("/shop/?add-to-cart={id}&quantity={quantity}"))
        .await;
    lines(&shop, browser.cookies.clone()).await
}

async fn parity(backend: Backend) {
    let mut added = 0;
    for (name, id, quantity) in SCENARIOS {
        let api = through_store_api(backend, *id, *quantity).await;
        let ajax = through_store_ajax(backend, *id, *quantity).await;
        let link = through_link(backend, *id, *quantity).await;
        assert_eq!(api, ajax, "{name}: the Store API and store AJAX differ");
        assert_eq!(api, link, "{name}: the Store API and the link differ");
        added += usize::from(!api.is_empty());
    }
    // Both kinds are in the table: additions made and additions refused.
    assert!(added >= 6 && added < SCENARIOS.len(), "{added} added");
}

#[tokio::test]
async fn every_way_into_the_cart_adds_the_same_on_sqlite() {
    parity(Backend::Sqlite).await;
}

#[tokio::test]
async fn every_way_into_the_cart_adds_the_same_on_postgres() {
    parity(Backend::Postgres).await;
}
