//! Orders with nothing to pay (a 100% coupon, collected from the shop): no payment method is
//! asked for, on the Store API or on the classic form, and the order is placed as a paid one
//! (processing), as WooCommerce does when the cart does not need payment.

use crate::cart_page_support;
use crate::checkout_page::{form, nonce, post, rates, with_beanie};
use crate::store_api_cart_support;
use crate::store_api_support;

use axum::http::StatusCode;
use mercato_core::orders::OrderStatus;
use mercato_core::pricing::{Coupon, CouponKind, Decimal};
use mercato_db::{Db, coupons, orders};
use serde_json::{Value, json};
use store_api_cart_support::{Client, golden_request, ref_shop};
use store_api_support::assert_wp_error;

/// A coupon that takes the whole price of every item off.
async fn gift_coupon(db: &Db) {
    let coupon = Coupon {
        code: "gift".into(),
        kind: CouponKind::Percent,
        amount: Decimal::parse("100").expect("amount"),
        ..Coupon::default()
    };
    coupons::save(db, &coupon).await.expect("coupon");
}

#[tokio::test]
async fn the_store_api_places_a_free_order_without_a_payment_method() {
    let shop = ref_shop().await;
    gift_coupon(&shop.state.db).await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let added = client.post("/cart/add-item", golden_request("031")).await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    let pickup = client
        .post("/cart/select-shipping-rate", golden_request("017"))
        .await;
    assert_eq!(pickup.status, StatusCode::OK, "{}", pickup.body);
    assert_eq!(pickup.body["needs_payment"], true);

    // Something to pay: a checkout without a method is refused, and nothing is placed.
    let mut request = golden_request("034");
    if let Some(body) = request.as_object_mut() {
        body.remove("payment_method");
        body.remove("payment_data");
    }
    let refused = client.post("/checkout", request.clone()).await;
    assert_wp_error(
        &refused,
        400,
        "woocommerce_rest_checkout_missing_payment_method",
    );

    let applied = client
        .post("/cart/apply-coupon", json!({"code": "gift"}))
        .await;
    assert_eq!(applied.status, StatusCode::OK, "{}", applied.body);
    assert_eq!(applied.body["totals"]["total_price"], "0");
    assert_eq!(applied.body["needs_payment"], false);
    // The gateways' requirements are the cart's, whatever its total.
    assert_eq!(applied.body["payment_requirements"], json!(["products"]));

    let placed = client.post("/checkout", request).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    assert_eq!(placed.body["status"], "processing");
    assert_eq!(placed.body["payment_method"], "");
    assert_eq!(placed.body["payment_result"]["payment_status"], "success");
    let id = placed.body["order_id"].as_i64().expect("id");
    let key = placed.body["order_key"].as_str().expect("key");
    assert_eq!(
        placed.body["payment_result"]["redirect_url"],
        format!("http://127.0.0.1:8091/checkout/order-received/{id}/?key={key}")
    );
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert_eq!(order.payment_method, "");
    assert!(order.totals.total.is_zero());
    assert_eq!(client.get("/cart").await.body["items_count"], 0);
}

#[tokio::test]
async fn a_free_order_with_a_method_named_takes_it_without_charging() {
    let shop = ref_shop().await;
    gift_coupon(&shop.state.db).await;
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    client.post("/cart/add-item", golden_request("031")).await;
    client
        .post("/cart/select-shipping-rate", golden_request("017"))
        .await;
    client
        .post("/cart/apply-coupon", json!({"code": "gift"}))
        .await;
    // A client that still sends the test card with no card details: nothing is charged, so
    // the card is not asked for.
    let mut request = golden_request("034");
    request["payment_method"] = Value::String("test_card".into());
    request["payment_data"] = json!([]);
    let placed = client.post("/checkout", request).await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.body);
    assert_eq!(placed.body["status"], "processing");
}

/// The classic form as the page shows it, with `rate` chosen and no payment method (a free
/// order's form has none to post), and the total the page showed.
fn free_form(page: &cart_page_support::Page, rate: &str) -> Vec<(String, String)> {
    let mut fields = form(&nonce(page), &[("shipping_method[0]", rate)]);
    fields.retain(|(name, _)| name != "payment_method");
    let shown = page
        .body
        .split("<form")
        .find(|f| f.contains("name=\"checkout\""))
        .and_then(|f| cart_page_support::attribute_after(f, "name=\"shown_total\" value=\""))
        .expect("shown total");
    fields.push(("shown_total".to_owned(), shown));
    fields
}

#[tokio::test]
async fn the_classic_form_hides_the_payment_methods_of_a_free_order_and_places_it() {
    let shop = cart_page_support::cart_shop().await;
    gift_coupon(&shop.state.db).await;
    let mut browser = with_beanie(&shop).await;
    let cart = browser.get("/cart/").await;
    let cart_nonce = cart_page_support::attribute_after(&cart.body, "name=\"_wpnonce\" value=\"")
        .expect("cart nonce");
    let applied = browser
        .post(
            "/cart/",
            &[
                ("_wpnonce", &cart_nonce),
                ("coupon_code", "gift"),
                ("apply_coupon", "1"),
            ],
        )
        .await;
    assert_eq!(applied.status, StatusCode::SEE_OTHER, "{}", applied.body);

    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let pickup = rates(&page.body)
        .into_iter()
        .find(|r| r.starts_with("pickup_location"))
        .expect("a pickup rate");
    // The page was drawn with the flat rate (something to pay), so it lists the gateways.
    assert!(page.body.contains("name=\"payment_method\""));
    // Choosing pickup on the form makes the order free: the total shown is not the total
    // now, so the form comes back with the new total, and without payment methods.
    let fields = free_form(&page, &pickup);
    let again = post(&mut browser, &fields).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert!(again.body.contains("The total of your order has changed"));
    let page = again;
    assert!(
        !page.body.contains("name=\"payment_method\""),
        "no payment methods for a free order: {}",
        page.body
    );
    assert!(!page.body.contains("no available payment methods"));
    assert!(page.body.contains("id=\"place_order\""));
    assert_eq!(crate::checkout_page::placed_orders(&shop).await, 0);

    let fields = free_form(&page, &pickup);
    let placed = post(&mut browser, &fields).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    assert!(placed.location.starts_with("/checkout/order-received/"));
    let id: i64 = placed.location["/checkout/order-received/".len()..]
        .split('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("order id");
    let order = orders::load(&shop.state.db, id)
        .await
        .expect("load")
        .expect("order");
    assert_eq!(order.status, OrderStatus::Processing);
    assert_eq!(order.payment_method, "");
    assert!(order.totals.total.is_zero());
    let received = browser.get(&placed.location).await;
    assert_eq!(received.status, StatusCode::OK, "{}", received.body);
    assert!(received.body.contains("Total: <strong>$0.00</strong>"));
    assert!(
        !received.body.contains("Payment method:"),
        "{}",
        received.body
    );
}
