//! The card confirmation step: a card that asks for it leaves the order pending (202) and
//! sends the shopper to `/checkout/confirm-card/{id}/`, where confirming pays the order and
//! cancelling fails it and gives its stock back.

use crate::store_api_cart_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mercato_core::catalogue::ProductId;
use mercato_core::orders::OrderStatus;
use mercato_db::{catalogue, orders};
use serde_json::json;
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop, ref_shop_on};
use tower::ServiceExt;

/// The Beanie (id 18) has 2 in stock.
const BEANIE: i64 = 18;
/// The host the recorded shop ran on.
const HOST: &str = "127.0.0.1:8091";
const ORIGIN: &str = "http://127.0.0.1:8091";

struct Page {
    status: StatusCode,
    location: String,
    body: String,
}

async fn page(
    shop: &RefShop,
    method: &str,
    uri: &str,
    form: Option<&str>,
    origin: Option<&str>,
) -> Page {
    let mut request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, HOST);
    if let Some(origin) = origin {
        request = request.header(header::ORIGIN, origin);
    }
    let body = match form {
        Some(form) => {
            request = request.header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
            Body::from(form.to_owned())
        }
        None => Body::empty(),
    };
    let response = shop
        .app
        .clone()
        .oneshot(request.body(body).expect("request"))
        .await
        .expect("response");
    let status = response.status();
    let location = response
        .headers()
        .get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    Page {
        status,
        location,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

async fn beanie_stock(shop: &RefShop) -> Option<i64> {
    catalogue::product_by_id(&shop.state.db, ProductId(BEANIE))
        .await
        .expect("read")
        .expect("beanie")
        .stock
        .quantity
}

/// A shopper whose card asked for confirmation: their client, the order id, key and the
/// confirmation URL's path and query.
async fn waiting_for_confirmation(shop: &RefShop) -> (Client, i64, String, String) {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let reply = client
        .post("/cart/add-item", json!({"id": BEANIE, "quantity": 2}))
        .await;
    assert_eq!(reply.status.as_u16(), 201, "{}", reply.body);
    let mut body = golden_request("034");
    body["payment_method"] = json!("test_card");
    body["payment_data"] = json!([
        {"key": "test_card-card-number", "value": "4000 0000 0000 3220"},
        {"key": "test_card-card-expiry", "value": "12/40"},
        {"key": "test_card-card-cvc", "value": "123"},
    ]);
    let reply = client.post("/checkout", body).await;
    assert_eq!(reply.status, StatusCode::ACCEPTED, "{}", reply.body);
    let id = reply.body["order_id"].as_i64().expect("id");
    let key = reply.body["order_key"].as_str().expect("key").to_owned();
    let redirect = reply.body["payment_result"]["redirect_url"]
        .as_str()
        .expect("url");
    let path = redirect
        .strip_prefix(ORIGIN)
        .expect("on our host")
        .to_owned();
    assert_eq!(path, format!("/checkout/confirm-card/{id}/?key={key}"));
    (client, id, key, path)
}

#[tokio::test]
async fn confirming_pays_the_order_and_empties_the_cart() {
    let shop = ref_shop().await;
    let (mut client, id, key, path) = waiting_for_confirmation(&shop).await;
    assert_eq!(
        beanie_stock(&shop).await,
        Some(0),
        "a pending order holds its stock"
    );
    assert!(
        client.get("/cart").await.body["items_count"].as_u64() > Some(0),
        "the cart waits too"
    );

    let shown = page(&shop, "GET", &path, None, None).await;
    assert_eq!(shown.status, StatusCode::OK);
    assert!(shown.body.contains("Confirm your payment"));
    assert!(shown.body.contains(&format!("order #{id}")));
    assert!(shown.body.contains("value=\"confirm\""));

    let action = format!("/checkout/confirm-card/{id}/");
    let form = format!("key={key}&decision=confirm");
    let done = page(&shop, "POST", &action, Some(&form), Some(ORIGIN)).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    assert_eq!(
        done.location,
        format!("{ORIGIN}/checkout/order-received/{id}/?key={key}")
    );
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert!(!order.transaction_id.is_empty());
    assert_eq!(beanie_stock(&shop).await, Some(0));
    assert_eq!(
        client.get("/cart").await.body["items_count"],
        0,
        "paid: the cart is empty"
    );

    // A second click (another tab) changes nothing and shows the order.
    let again = page(
        &shop,
        "POST",
        &action,
        Some(&format!("key={key}&decision=decline")),
        Some(ORIGIN),
    )
    .await;
    assert_eq!(again.status, StatusCode::SEE_OTHER);
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(
        order.status,
        OrderStatus::Processing,
        "a settled payment stays settled"
    );
    assert_eq!(
        page(&shop, "GET", &path, None, None).await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn cancelling_fails_the_order_and_gives_the_stock_back() {
    let shop = ref_shop().await;
    let (mut client, id, key, _) = waiting_for_confirmation(&shop).await;
    let action = format!("/checkout/confirm-card/{id}/");
    let done = page(
        &shop,
        "POST",
        &action,
        Some(&format!("key={key}&decision=decline")),
        Some(ORIGIN),
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Failed);
    assert_eq!(beanie_stock(&shop).await, Some(2), "the stock is back");
    assert!(
        client.get("/cart").await.body["items_count"].as_u64() > Some(0),
        "the cart is kept to try again"
    );
}

#[tokio::test]
async fn only_the_key_and_our_own_pages_reach_it() {
    let shop = ref_shop().await;
    let (_, id, key, _) = waiting_for_confirmation(&shop).await;
    let wrong = page(
        &shop,
        "GET",
        &format!("/checkout/confirm-card/{id}/?key=wc_order_nope"),
        None,
        None,
    )
    .await;
    assert_eq!(wrong.status, StatusCode::NOT_FOUND);
    assert_eq!(
        page(
            &shop,
            "GET",
            &format!("/checkout/confirm-card/{id}/"),
            None,
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        page(
            &shop,
            "GET",
            "/checkout/confirm-card/not-a-number/?key=x",
            None,
            None
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );

    let action = format!("/checkout/confirm-card/{id}/");
    let form = format!("key={key}&decision=confirm");
    let forged = page(
        &shop,
        "POST",
        &action,
        Some(&form),
        Some("https://evil.example"),
    )
    .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    let no_origin = page(&shop, "POST", &action, Some(&form), None).await;
    assert_eq!(no_origin.status, StatusCode::FORBIDDEN);
    let wrong_key = page(
        &shop,
        "POST",
        &action,
        Some("key=wc_order_nope&decision=confirm"),
        Some(ORIGIN),
    )
    .await;
    assert_eq!(wrong_key.status, StatusCode::NOT_FOUND);
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Pending, "nothing changed");
}

/// Email jobs queued for order `id` (two at placement, two more when a payment is confirmed).
async fn emails_for(shop: &RefShop, id: i64) -> i64 {
    use sqlx::Row;
    sqlx::query("select count(*) from jobs where kind = 'send_email' and payload like $1")
        .bind(format!("%\"order_id\":{id}%"))
        .fetch_one(shop.state.db.pool())
        .await
        .expect("count")
        .try_get::<i64, _>(0)
        .expect("count")
}

/// Security review F3: "Confirm" and "Cancel" posted at once (two tabs, a double click)
/// decide once. The order ends either paid (processing, transaction id, its emails sent once,
/// stock kept, cart emptied) or failed (no transaction id, no payment emails, stock back);
/// never a paid order turned failed.
async fn decisions_race(backend: mercato_db::Backend, trials: usize) {
    for trial in 0..trials {
        let shop = ref_shop_on(backend).await;
        let (mut client, id, key, _) = waiting_for_confirmation(&shop).await;
        let placed_emails = emails_for(&shop, id).await;
        let action = format!("/checkout/confirm-card/{id}/");
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(4));
        let mut posts = Vec::new();
        for decision in ["confirm", "decline", "confirm", "decline"] {
            let app = shop.app.clone();
            let (action, form) = (action.clone(), format!("key={key}&decision={decision}"));
            let barrier = barrier.clone();
            posts.push(tokio::spawn(async move {
                let request = Request::builder()
                    .method("POST")
                    .uri(&action)
                    .header(header::HOST, HOST)
                    .header(header::ORIGIN, ORIGIN)
                    .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                    .body(Body::from(form))
                    .expect("request");
                barrier.wait().await;
                app.oneshot(request).await.expect("response")
            }));
        }
        for post in posts {
            let response = post.await.expect("task");
            assert_eq!(response.status(), StatusCode::SEE_OTHER, "trial {trial}");
            let location = response.headers()[header::LOCATION]
                .to_str()
                .expect("ascii");
            assert_eq!(
                location,
                format!("{ORIGIN}/checkout/order-received/{id}/?key={key}"),
                "every decision lands on the order, trial {trial}"
            );
        }
        let order = orders::load(&shop.state.db, id)
            .await
            .expect("load")
            .expect("order");
        let emails = emails_for(&shop, id).await - placed_emails;
        let in_cart = client.get("/cart").await.body["items_count"].as_u64();
        match order.status {
            OrderStatus::Processing => {
                assert_eq!(order.transaction_id, format!("test_{id}_confirmed"));
                assert_eq!(emails, 2, "the payment emails once, trial {trial}");
                assert_eq!(beanie_stock(&shop).await, Some(0), "trial {trial}");
                assert_eq!(in_cart, Some(0), "paid: cart emptied, trial {trial}");
            }
            OrderStatus::Failed => {
                assert_eq!(
                    order.transaction_id, "",
                    "a failed order was never paid, trial {trial}"
                );
                assert_eq!(emails, 0, "no payment emails, trial {trial}");
                assert_eq!(
                    beanie_stock(&shop).await,
                    Some(2),
                    "stock back, trial {trial}"
                );
                assert!(in_cart > Some(0), "cart kept to try again, trial {trial}");
            }
            other => panic!("trial {trial}: order ended {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn confirm_and_cancel_at_once_decide_once_on_sqlite() {
    decisions_race(mercato_db::Backend::Sqlite, 8).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn confirm_and_cancel_at_once_decide_once_on_postgres() {
    decisions_race(mercato_db::Backend::Postgres, 6).await;
}
