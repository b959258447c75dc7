//! A pickup order is charged what the shopper was last shown (docs/cart-and-checkout.md, "a
//! pickup order charged as Flat rate"). The cause was the island posting `/checkout` while its
//! rate choice still waited in the cart store's batch window; these pin that the server keeps
//! its side: a chosen pickup survives address changes and the checkout's own addresses, and
//! the order's shipping line and total are those of the last cart the Store API answered with.

use crate::cart_page_support::{RefShop, cart_shop};
use crate::store_api_cart_support::Client;

use mercato_core::orders::{Order, OrderStatus};
use mercato_db::orders;
use serde_json::{Value, json};

const PICKUP: &str = "pickup_location:0";

/// The selected rate of the cart's first package, and the cart's total (minor units).
fn shown(cart: &Value) -> (String, String) {
    let rate = cart["shipping_rates"][0]["shipping_rates"]
        .as_array()
        .and_then(|rates| rates.iter().find(|r| r["selected"] == true))
        .and_then(|r| r["rate_id"].as_str())
        .unwrap_or_default()
        .to_owned();
    let total = cart["totals"]["total_price"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (rate, total)
}

async fn last_order(shop: &RefShop) -> Order {
    let mut all: Vec<Order> = orders::list(&shop.state.db, None, 1000)
        .await
        .expect("orders")
        .into_iter()
        .filter(|o| o.status != OrderStatus::CheckoutDraft)
        .collect();
    all.sort_by_key(|o| o.id);
    all.pop().expect("an order")
}

fn address(city: &str, postcode: &str) -> Value {
    json!({
        "first_name": "Pip", "last_name": "Collect", "address_1": "9 Side Street",
        "city": city, "state": "CA", "postcode": postcode, "country": "US",
        "email": "pip@example.com",
    })
}

/// A cart with the mug, addressed in San Francisco, with the flat rate chosen by default.
async fn addressed(shop: &RefShop) -> Client {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    let added = client
        .post("/cart/add-item", json!({"id": 17, "quantity": 1}))
        .await;
    assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    let here = address("San Francisco", "94103");
    let reply = client
        .post(
            "/cart/update-customer",
            json!({"billing_address": here, "shipping_address": here}),
        )
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    assert_eq!(shown(&reply.body).0, "flat_rate:1", "{}", reply.body);
    client
}

fn assert_charged_as_shown(order: &Order, last: &(String, String)) {
    let lines: Vec<&str> = order
        .shipping_lines
        .iter()
        .map(|l| l.rate_id.as_str())
        .collect();
    assert_eq!(lines, [last.0.as_str()], "{order:?}");
    assert_eq!(order.totals.total.minor().to_string(), last.1, "{order:?}");
}

#[tokio::test]
async fn a_pickup_chosen_before_an_address_change_is_the_rate_charged() {
    let shop = cart_shop().await;
    let mut client = addressed(&shop).await;
    let reply = client
        .post(
            "/cart/select-shipping-rate",
            json!({"package_id": 0, "rate_id": PICKUP}),
        )
        .await;
    assert_eq!(shown(&reply.body).0, PICKUP, "{}", reply.body);
    // The address sync after the choice: the server keeps the pickup.
    let moved = address("Oakland", "94612");
    let reply = client
        .post("/cart/update-customer", json!({"shipping_address": moved}))
        .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    let last = shown(&reply.body);
    assert_eq!(last.0, PICKUP, "{}", reply.body);
    // The checkout posts the addresses again, changed once more.
    let there = address("Berkeley", "94704");
    let placed = client
        .post(
            "/checkout",
            json!({"billing_address": there, "shipping_address": there, "payment_method": "cod"}),
        )
        .await;
    assert_eq!(placed.status.as_u16(), 200, "{}", placed.body);
    assert_charged_as_shown(&last_order(&shop).await, &last);
}

#[tokio::test]
async fn a_collected_order_posted_without_a_shipping_address_keeps_the_pickup_and_its_total() {
    let shop = cart_shop().await;
    let mut client = addressed(&shop).await;
    // A second choice after the first: the last one counts.
    for rate in [PICKUP, "flat_rate:1", PICKUP] {
        client
            .post(
                "/cart/select-shipping-rate",
                json!({"package_id": 0, "rate_id": rate}),
            )
            .await;
    }
    let cart = client.get("/cart").await;
    let last = shown(&cart.body);
    assert_eq!(last.0, PICKUP, "{}", cart.body);
    // The island's body for a collected order: the billing address only.
    let placed = client
        .post(
            "/checkout",
            json!({"billing_address": address("Oakland", "94612"), "payment_method": "cod"}),
        )
        .await;
    assert_eq!(placed.status.as_u16(), 200, "{}", placed.body);
    let order = last_order(&shop).await;
    assert_charged_as_shown(&order, &last);
    assert_eq!(order.shipping.city, "Oakland");
}
