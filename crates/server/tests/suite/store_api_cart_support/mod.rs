//! Support for the Store API cart tests: the reference shop, a client that behaves like the
//! block client, and comparisons with the recorded WooCommerce cart flow.

#![allow(
    dead_code,
    unused_imports,
    reason = "each test file uses part of the support"
)]

pub mod client;
pub mod fixture;
pub mod hostile;

use serde_json::Value;

pub use client::Client;
pub use fixture::{RefShop, ref_shop, ref_shop_on};

use crate::store_api_support::{Reply, assert_same_shape, golden_body};

/// The request body of a recorded exchange.
pub fn golden_request(number: &str) -> Value {
    crate::snapshots::golden_exchange(number)["request"]["body"].clone()
}

/// Removes what the fixture does not reproduce (descriptions are catalogue text, weights are
/// floats): what is left must equal WooCommerce's cart value for value.
fn comparable(cart: &Value) -> Value {
    let mut cart = cart.clone();
    if let Some(items) = cart["items"].as_array_mut() {
        for item in items {
            if let Some(item) = item.as_object_mut() {
                item.remove("short_description");
                item.remove("description");
            }
        }
    }
    if let Some(object) = cart.as_object_mut() {
        object.remove("items_weight");
    }
    // The recorded shop had the three offline gateways; ours also offers the test card.
    if let Some(methods) = cart["payment_methods"].as_array_mut() {
        methods.retain(|m| m != "test_card");
    }
    cart
}

/// Our cart has the golden cart's keys and types everywhere, and the same values except for
/// catalogue text; the weight agrees to a milligram.
pub fn assert_cart_matches(ours: &Value, number: &str) {
    let golden = golden_body(number);
    assert_same_shape(ours, &golden, number);
    assert_eq!(
        comparable(ours),
        comparable(&golden),
        "{number}: cart differs from WooCommerce's"
    );
    let weight = |v: &Value| v["items_weight"].as_f64().expect("weight");
    assert!(
        (weight(ours) - weight(&golden)).abs() < 0.001,
        "{number}: weight {} vs {}",
        weight(ours),
        weight(&golden)
    );
}

/// The Store API headers every response carries.
pub fn assert_store_headers(reply: &Reply) {
    for name in ["nonce", "nonce-timestamp", "user-id", "cart-token"] {
        assert!(
            !reply.header(name).is_empty(),
            "missing {name} header: {:?}",
            reply.headers
        );
    }
    assert_eq!(reply.header("nonce").len(), 10);
    assert_eq!(reply.header("cart-token").split('.').count(), 3);
}

/// A customer account for `email` (no addresses saved yet).
pub async fn customer(shop: &RefShop, email: &str) -> mercato_db::users::User {
    let empty = mercato_core::orders::Address::default();
    mercato_db::users::create(
        &shop.state.db,
        mercato_db::users::NewUser {
            email,
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo",
            display_name: email,
            billing: &empty,
            shipping: &empty,
        },
    )
    .await
    .expect("customer")
}
