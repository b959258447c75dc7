//! Security review F11: anonymous stock holds. Five sessions each putting one unit in the cart
//! and opening the checkout (`GET /checkout` makes a draft that holds its stock for ten
//! minutes) took the last five units off sale for everyone. Now one client (an address, a
//! customer) holds stock with at most two carts, and at most half of a product's stock.

use std::net::SocketAddr;

use crate::store_api_cart_support;

use axum::Router;
use axum::extract::connect_info::MockConnectInfo;
use mercato_core::catalogue::{ProductId, Stock};
use mercato_db::Backend;
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_server::services::ManualClock;
use serde_json::json;
use store_api_cart_support::{Client, RefShop, ref_shop_on};
use tower::Layer;

/// The Beanie, given 5 in stock here.
const BEANIE: i64 = 18;

#[tokio::test]
async fn one_client_cannot_hold_the_last_units_on_sqlite() {
    holds_are_capped(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn one_client_cannot_hold_the_last_units_on_postgres() {
    holds_are_capped(ref_shop_on(Backend::Postgres).await).await;
}

fn app_from(shop: &RefShop, address: &str) -> Router {
    app_at(&shop.app, address)
}

fn app_at(app: &Router, address: &str) -> Router {
    let peer: SocketAddr = format!("{address}:50000").parse().expect("address");
    Router::new().fallback_service(MockConnectInfo(peer).layer(app.clone()))
}

/// A new anonymous session at `address` putting `quantity` Beanies in its cart; the reply's
/// status.
async fn add_beanies(shop: &RefShop, address: &str, quantity: i64) -> (Client, u16) {
    add(shop, address, BEANIE, quantity).await
}

async fn add(shop: &RefShop, address: &str, product: i64, quantity: i64) -> (Client, u16) {
    let mut client = Client::new(&app_from(shop, address));
    client.get("/cart").await;
    let reply = client
        .post(
            "/cart/add-item",
            json!({"id": product, "quantity": quantity}),
        )
        .await;
    (client, reply.status.as_u16())
}

async fn stock(shop: &RefShop, id: i64, quantity: i64) {
    let db = &shop.state.db;
    let mut product = catalogue::product_by_id(db, ProductId(id))
        .await
        .expect("read")
        .expect("product");
    product.stock = Stock::managed(quantity);
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer
        .save_product(&mut product, &mut Vec::new())
        .await
        .expect("save");
    writer.commit().await.expect("commit");
}

async fn holds_are_capped(shop: RefShop) {
    stock(&shop, BEANIE, 5).await;
    // The review's attack: five sessions from one address, one unit each, checkout opened.
    for n in 0..5 {
        let (mut session, status) = add_beanies(&shop, "203.0.113.66", 1).await;
        assert_eq!(status, 201, "session {n}");
        let draft = session.get("/checkout").await;
        assert_eq!(draft.status.as_u16(), 200, "{}", draft.body);
    }
    // Another shopper can still buy: the first client holds two carts' worth, not five.
    let (mut shopper, status) = add_beanies(&shop, "198.51.100.20", 3).await;
    assert_eq!(status, 201, "three of five are still on sale");
    let (_, status) = add_beanies(&shop, "198.51.100.21", 4).await;
    assert_eq!(status, 400, "but not more than are free");
    let mut body = store_api_cart_support::golden_request("034");
    body["payment_method"] = json!("cod");
    let placed = shopper.post("/checkout", body).await;
    assert_eq!(placed.status.as_u16(), 200, "{}", placed.body);

    // One cart taking every unit of a product holds only half of them (rounded up).
    const CAP: i64 = 20;
    stock(&shop, CAP, 4).await;
    let (mut greedy, status) = add(&shop, "192.0.2.80", CAP, 4).await;
    assert_eq!(status, 201);
    assert_eq!(greedy.get("/checkout").await.status.as_u16(), 200);
    let (_, status) = add(&shop, "192.0.2.81", CAP, 2).await;
    assert_eq!(
        status, 201,
        "the greedy cart did not take them all off sale"
    );
    let (_, status) = add(&shop, "192.0.2.82", CAP, 3).await;
    assert_eq!(status, 400, "it holds two");
}

#[tokio::test]
async fn held_stock_goes_back_on_sale_when_the_hold_lapses_on_sqlite() {
    holds_lapse(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn held_stock_goes_back_on_sale_when_the_hold_lapses_on_postgres() {
    holds_lapse(ref_shop_on(Backend::Postgres).await).await;
}

/// A checkout draft holds its stock for the shop's hold time by the shop's clock, and not a
/// second longer. The test moves the clock on instead of waiting ten minutes.
async fn holds_lapse(shop: RefShop) {
    let hand = ManualClock::starting_at(mercato_db::now());
    let state = shop.state.with_clock(hand.clone().into());
    let hold_secs = state.settings.stock_hold_secs();
    let app = mercato_server::store_api::with_rest_route(mercato_server::router(state));
    let add_two = async |address: &str| {
        let mut client = Client::new(&app_at(&app, address));
        client.get("/cart").await;
        let reply = client
            .post("/cart/add-item", json!({"id": BEANIE, "quantity": 2}))
            .await;
        (client, reply.status.as_u16())
    };
    // Two in stock; one shopper's open checkout holds one of them (half, rounded up).
    let (mut holder, status) = add_two("203.0.113.7").await;
    assert_eq!(status, 201);
    assert_eq!(holder.get("/checkout").await.status.as_u16(), 200);
    let (_, status) = add_two("198.51.100.30").await;
    assert_eq!(status, 400, "one of the two is held");
    hand.advance(hold_secs - 1);
    let (_, status) = add_two("198.51.100.31").await;
    assert_eq!(status, 400, "held until the hold time is up");
    hand.advance(1);
    let (_, status) = add_two("198.51.100.32").await;
    assert_eq!(status, 201, "the hold lapsed: both are on sale again");
}
