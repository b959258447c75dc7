//! 200 shoppers press "Place order" at once for a product with 50 in stock: exactly 50
//! orders, a clean out-of-stock error for everyone else, stock 0, every order whole. On
//! SQLite and on PostgreSQL, through the whole Store API.

use crate::store_api_cart_support;

use axum::http::StatusCode;
use mercato_core::catalogue::{ProductId, Stock};
use mercato_core::orders::OrderStatus;
use mercato_db::catalogue::{self, CatalogueWriter, StoredRecord};
use mercato_db::{Backend, orders};
use serde_json::json;
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop_on};

/// The Belt of the reference shop.
const BELT: i64 = 19;
const IN_STOCK: i64 = 50;
const SHOPPERS: usize = 200;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_checkouts_for_fifty_in_stock_on_sqlite() {
    race(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_checkouts_for_fifty_in_stock_on_postgres() {
    race(ref_shop_on(Backend::Postgres).await).await;
}

async fn stock_of(shop: &RefShop, id: i64) -> Option<i64> {
    match catalogue::load_record(&shop.state.db, id)
        .await
        .expect("record")
    {
        Some(StoredRecord::Product(p)) => p.stock.quantity,
        _ => panic!("product {id} is gone"),
    }
}

async fn race(shop: RefShop) {
    let db = &shop.state.db;
    // Stock is what is raced here, not the checkout rate limit (the shoppers share one
    // unknown address in memory): limits off.
    let off = mercato_core::settings::CheckoutRateLimit {
        enabled: false,
        ..Default::default()
    };
    mercato_db::options::set(db, mercato_core::settings::CheckoutRateLimit::OPTION, &off)
        .await
        .expect("settings");
    let mut belt = catalogue::product_by_id(db, ProductId(BELT))
        .await
        .expect("read")
        .expect("belt");
    belt.stock = Stock::managed(IN_STOCK);
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer
        .save_product(&mut belt, &mut Vec::new())
        .await
        .expect("save");
    writer.commit().await.expect("commit");

    // Every shopper has the Belt in their cart (there is stock for each, one at a time).
    let mut shoppers = Vec::with_capacity(SHOPPERS);
    for n in 0..SHOPPERS {
        let mut client = Client::new(&shop.app);
        client.get("/cart").await;
        let reply = client
            .post("/cart/add-item", json!({"id": BELT, "quantity": 1}))
            .await;
        assert_eq!(
            reply.status,
            StatusCode::CREATED,
            "shopper {n}: {}",
            reply.body
        );
        shoppers.push(client);
    }

    let tasks: Vec<_> = shoppers
        .into_iter()
        .enumerate()
        .map(|(n, mut client)| {
            tokio::spawn(async move {
                let mut body = golden_request("034");
                body["billing_address"]["email"] = json!(format!("shopper{n}@example.com"));
                client.post("/checkout", body).await
            })
        })
        .collect();
    let mut placed = Vec::new();
    let mut refused = 0;
    for task in tasks {
        let reply = task.await.expect("task");
        match reply.status {
            StatusCode::OK => {
                assert_eq!(reply.body["status"], "processing", "{}", reply.body);
                placed.push(reply.body["order_id"].as_i64().expect("order id"));
            }
            status => {
                assert!(
                    status == StatusCode::CONFLICT || status == StatusCode::BAD_REQUEST,
                    "a refused checkout is a clean client error, not {status}: {}",
                    reply.body
                );
                let code = reply.body["code"].as_str().unwrap_or("");
                assert!(
                    code.contains("out_of_stock") || code.contains("not_enough_stock"),
                    "refused for stock, not {code}: {}",
                    reply.body
                );
                refused += 1;
            }
        }
    }
    assert_eq!(placed.len() as i64, IN_STOCK, "exactly the stock is sold");
    assert_eq!(refused, SHOPPERS - placed.len());
    assert_eq!(stock_of(&shop, BELT).await, Some(0), "stock 0, never below");

    // Every order is whole: one Belt, the totals, the shopper's email; nothing else placed.
    for id in &placed {
        let order = orders::load(db, *id).await.expect("load").expect("order");
        assert_eq!(order.status, OrderStatus::Processing);
        assert_eq!(order.line_items.len(), 1, "order {id}");
        assert_eq!(order.line_items[0].product_id, ProductId(BELT));
        assert_eq!(order.line_items[0].quantity, 1);
        assert!(order.totals.total.minor() > 0);
        assert!(order.billing.email.starts_with("shopper"));
    }
    assert_eq!(
        orders::count_with_status(db, OrderStatus::Processing)
            .await
            .expect("count"),
        IN_STOCK
    );
    for status in [
        OrderStatus::Pending,
        OrderStatus::Failed,
        OrderStatus::OnHold,
    ] {
        assert_eq!(
            orders::count_with_status(db, status).await.expect("count"),
            0,
            "no order left half-way as {status:?}"
        );
    }
}
