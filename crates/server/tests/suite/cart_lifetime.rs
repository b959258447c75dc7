//! How long a cart lives (code review 2, §6.5): a customer's cart 30 days after its last
//! write, a guest's 48 hours, whatever wrote it. A read that corrects a customer's cart (a
//! changed price, a coupon no longer valid) rewrites it and must keep the customer's
//! lifetime, or the purge deletes it after two days. Time is a test clock moved on by hand;
//! the purge is the background worker's minutely job.

use crate::store_api_cart_support::{Client, RefShop, customer, ref_shop_on};

use axum::http::StatusCode;
use mercato_core::catalogue::ProductId;
use mercato_core::money::Money;
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::{Backend, coupons, sessions};
use mercato_server::AppState;
use mercato_server::cart::{self, CART_TTL_SECS, CUSTOMER_CART_TTL_SECS, store};
use mercato_server::emails::Outbox;
use mercato_server::jobs::{RELEASE_EXPIRED_DRAFTS, Worker};
use mercato_server::services::ManualClock;
use serde_json::{Value, json};

/// When the cart stored under `key` stops being live.
async fn expiry(state: &AppState, key: &str) -> i64 {
    store::load(state, key)
        .await
        .expect("load")
        .unwrap_or_else(|| panic!("cart {key} is live"))
        .expires_at
}

/// Runs the worker's minutely job once; returns how many carts are left in storage.
async fn purge(state: &AppState) -> i64 {
    let db = &state.db;
    mercato_db::jobs::enqueue(db, RELEASE_EXPIRED_DRAFTS, &json!({}), mercato_db::now())
        .await
        .expect("enqueue");
    let outbox = tempfile::tempdir().expect("outbox");
    let worker = Worker::new(state.services.clone(), Outbox::new(outbox.path()));
    assert!(worker.run_one().await.expect("run"), "the job ran");
    sqlx::query_scalar("select count(*) from carts")
        .fetch_one(db.pool())
        .await
        .expect("count")
}

async fn client_with_tshirt(app: &axum::Router, session: Option<&str>) -> Client {
    let mut client = Client::new(app);
    if let Some(id) = session {
        client
            .cookies
            .insert("mercato_session".into(), id.to_owned());
    }
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.body);
    client
}

async fn set_tshirt_price(shop: &RefShop, minor: i64) {
    let db = &shop.state.db;
    let mut product = catalogue::product_by_id(db, ProductId(17))
        .await
        .expect("read")
        .expect("t-shirt");
    product.pricing.regular = Some(Money::from_minor(minor));
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    writer
        .save_product(&mut product, &mut [])
        .await
        .expect("save");
    writer.commit().await.expect("commit");
}

fn messages(cart: &Value) -> Vec<String> {
    cart["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .map(|e| e["message"].as_str().expect("message").to_owned())
        .collect()
}

async fn a_customers_cart_outlives_a_guests(backend: Backend) {
    let shop = ref_shop_on(backend).await;
    let hand = ManualClock::starting_at(mercato_db::now());
    let state = shop.state.with_clock(hand.clone().into());
    let app = mercato_server::store_api::with_rest_route(mercato_server::router(state.clone()));

    let ann = customer(&shop, "ann@example.com").await;
    let session = sessions::create(&shop.state.db, Some(ann.id), 3600)
        .await
        .expect("session");
    let mut customer_client = client_with_tshirt(&app, Some(&session.id)).await;
    let applied = customer_client
        .post("/cart/apply-coupon", json!({"code": "ten"}))
        .await;
    assert_eq!(applied.status, StatusCode::OK, "{}", applied.body);
    let mut guest = client_with_tshirt(&app, None).await;
    let guest_session = sessions::load(&shop.state.db, &guest.cookies["mercato_session"])
        .await
        .expect("load")
        .expect("live");
    let guest_key = cart::identity::cart_key_of(&guest_session).expect("guest cart");
    let customer_key = ann.id.to_string();
    assert_eq!(
        expiry(&state, &customer_key).await,
        hand.now() + CUSTOMER_CART_TTL_SECS
    );
    assert_eq!(expiry(&state, &guest_key).await, hand.now() + CART_TTL_SECS);

    // An hour later the T-Shirt costs more: reading the cart corrects the stored price.
    hand.advance(3600);
    set_tshirt_price(&shop, 2000).await;
    let read = customer_client.get("/cart").await.body;
    assert_eq!(
        messages(&read),
        ["The price of &quot;T-Shirt&quot; has changed since it was added to your cart."]
    );
    assert_eq!(
        expiry(&state, &customer_key).await,
        hand.now() + CUSTOMER_CART_TTL_SECS,
        "the corrected cart is still a customer's"
    );

    // Another hour: the coupon has expired, and reading takes it off.
    hand.advance(3600);
    let mut ten = coupons::get_by_code(&shop.state.db, "ten")
        .await
        .expect("read")
        .expect("ten");
    ten.expires_at = Some(1_577_836_800);
    coupons::save(&shop.state.db, &ten).await.expect("save");
    let read = customer_client.get("/cart").await.body;
    assert_eq!(read["coupons"], json!([]), "{read}");
    assert_eq!(
        expiry(&state, &customer_key).await,
        hand.now() + CUSTOMER_CART_TTL_SECS
    );

    // Past the guest's 48 hours the purge takes the guest's cart, not the customer's.
    assert_eq!(purge(&state).await, 2, "nothing is due yet");
    hand.advance(CART_TTL_SECS);
    assert_eq!(purge(&state).await, 1);
    assert_eq!(guest.get("/cart").await.body["items_count"], 0);
    let kept = customer_client.get("/cart").await.body;
    assert_eq!(kept["items_count"], 1, "{kept}");
    assert_eq!(kept["totals"]["total_items"], "2000");

    // 30 days after its last write the customer's cart goes too.
    hand.advance(CUSTOMER_CART_TTL_SECS - CART_TTL_SECS);
    assert_eq!(purge(&state).await, 0);
    assert_eq!(customer_client.get("/cart").await.body["items_count"], 0);
}

#[tokio::test]
async fn a_customers_cart_outlives_a_guests_on_sqlite() {
    a_customers_cart_outlives_a_guests(Backend::Sqlite).await;
}

#[tokio::test]
async fn a_customers_cart_outlives_a_guests_on_postgres() {
    a_customers_cart_outlives_a_guests(Backend::Postgres).await;
}
