//! Security review F4: a coupon that stops applying while `POST /checkout` runs (the posted
//! billing email is not one it allows; another order used up its limit meanwhile) refuses the
//! checkout with 409 `woocommerce_rest_cart_coupon_errors` and `removed_coupons`, instead of
//! placing the order at the full price.

use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::StatusCode;
use mercato_core::pricing::{Coupon, CouponKind, Decimal};
use mercato_db::{Backend, coupons, orders};
use serde_json::{Value, json};
use store_api_cart_support::{Client, RefShop, golden_request, ref_shop_on};
use store_api_support::assert_wp_error;

#[tokio::test]
async fn a_coupon_the_billing_email_loses_refuses_the_checkout_on_sqlite() {
    email_mismatch(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test]
async fn a_coupon_the_billing_email_loses_refuses_the_checkout_on_postgres() {
    email_mismatch(ref_shop_on(Backend::Postgres).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_coupon_used_up_meanwhile_refuses_the_checkout_on_sqlite() {
    used_up_meanwhile(ref_shop_on(Backend::Sqlite).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_coupon_used_up_meanwhile_refuses_the_checkout_on_postgres() {
    used_up_meanwhile(ref_shop_on(Backend::Postgres).await).await;
}

async fn save_coupon(shop: &RefShop, coupon: Coupon) {
    coupons::save(&shop.state.db, &coupon)
        .await
        .expect("coupon");
}

fn checkout_as(email: &str) -> Value {
    let mut body = golden_request("034");
    body["billing_address"]["email"] = json!(email);
    body["payment_method"] = json!("bacs");
    body
}

/// A shopper with a T-Shirt in the cart, their cart's email `email`, and coupon `code`
/// applied; returns the discounted total shown.
async fn shopper_with_coupon(shop: &RefShop, email: &str, code: &str) -> (Client, String) {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    let mut billing = golden_request("034")["billing_address"].clone();
    billing["email"] = json!(email);
    let updated = client
        .post("/cart/update-customer", json!({"billing_address": billing}))
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.body);
    let applied = client
        .post("/cart/apply-coupon", json!({"code": code}))
        .await;
    assert_eq!(applied.status, StatusCode::OK, "{}", applied.body);
    let total = applied.body["totals"]["total_price"]
        .as_str()
        .expect("total")
        .to_owned();
    (client, total)
}

async fn order_count(shop: &RefShop) -> usize {
    orders::list(&shop.state.db, None, 100)
        .await
        .expect("orders")
        .into_iter()
        .filter(|o| o.status != mercato_core::orders::OrderStatus::CheckoutDraft)
        .count()
}

async fn email_mismatch(shop: RefShop) {
    save_coupon(
        &shop,
        Coupon {
            code: "vip".into(),
            kind: CouponKind::Percent,
            amount: Decimal::parse("50").expect("amount"),
            allowed_emails: vec!["vip@example.com".into()],
            ..Coupon::default()
        },
    )
    .await;
    let (mut client, _) = shopper_with_coupon(&shop, "vip@example.com", "vip").await;
    let refused = client
        .post("/checkout", checkout_as("someone.else@example.com"))
        .await;
    assert_wp_error(&refused, 409, "woocommerce_rest_cart_coupon_errors");
    let reason = refused.body["data"]["removed_coupons"]["vip"]
        .as_str()
        .unwrap_or_else(|| panic!("removed_coupons names vip: {}", refused.body));
    assert!(!reason.is_empty());
    assert_eq!(
        refused.body["data"]["cart"]["coupons"],
        json!([]),
        "the cart shown is without it"
    );
    assert_eq!(
        order_count(&shop).await,
        0,
        "nothing placed at the full price"
    );

    // Told, the shopper can place it at the price they now see.
    let placed = client
        .post("/checkout", checkout_as("someone.else@example.com"))
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
}

async fn used_up_meanwhile(shop: RefShop) {
    save_coupon(
        &shop,
        Coupon {
            code: "once".into(),
            kind: CouponKind::FixedCart,
            amount: Decimal::parse("5").expect("amount"),
            usage_limit: Some(1),
            ..Coupon::default()
        },
    )
    .await;
    // Twelve shoppers with the coupon check out at once, each posting another email than
    // their cart had (so each cart is priced again inside the checkout, racing the others'
    // use of the coupon).
    let mut shoppers = Vec::new();
    for n in 0..12 {
        let (client, _) = shopper_with_coupon(&shop, &format!("cart{n}@example.com"), "once").await;
        shoppers.push(client);
    }
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(shoppers.len()));
    let mut tasks = Vec::new();
    for (n, mut client) in shoppers.into_iter().enumerate() {
        let barrier = barrier.clone();
        tasks.push(tokio::spawn(async move {
            barrier.wait().await;
            client
                .post("/checkout", checkout_as(&format!("buyer{n}@example.com")))
                .await
        }));
    }
    let mut placed = 0;
    for task in tasks {
        let reply = task.await.expect("task");
        match reply.status.as_u16() {
            200 => placed += 1,
            409 => assert!(
                matches!(
                    reply.body["code"].as_str(),
                    Some(
                        "woocommerce_rest_cart_coupon_errors"
                            | "woocommerce_rest_cart_coupon_error"
                    )
                ),
                "{}",
                reply.body
            ),
            other => panic!("{other}: {}", reply.body),
        }
    }
    assert_eq!(placed, 1, "only the order that used the coupon is placed");
    let orders = orders::list(&shop.state.db, None, 100)
        .await
        .expect("orders");
    let placed: Vec<_> = orders
        .iter()
        .filter(|o| o.status != mercato_core::orders::OrderStatus::CheckoutDraft)
        .collect();
    assert_eq!(placed.len(), 1);
    assert!(
        placed[0].totals.discount_total > mercato_core::money::Money::ZERO,
        "placed with its discount"
    );
    let coupon = coupons::get_many(&shop.state.db, &["once".to_owned()])
        .await
        .expect("coupon");
    assert_eq!(coupon[0].usage_count, 1, "the limit holds");
}
