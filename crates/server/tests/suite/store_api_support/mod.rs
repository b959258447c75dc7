//! A small shop for the Store API tests, the app driven in memory, and the checks every
//! Store API test shares (WordPress's error shape, key-and-type comparison with the
//! recorded WooCommerce responses, snapshots of the wire).

#![allow(
    dead_code,
    unused_imports,
    reason = "each test file uses part of the support"
)]

pub mod fixture;
pub mod wire;

pub use fixture::{Shop, shop, shop_on};
pub use wire::{Reply, assert_same_shape, assert_snapshot, assert_wp_error, golden_body};
