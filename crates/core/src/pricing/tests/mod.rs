//! Tests of cart pricing: the recorded WooCommerce carts, each rule on its own, and
//! properties of generated carts.

mod coupons;
mod fees;
mod fixtures;
mod formula;
mod golden;
mod props;
mod rows;
mod shipping;
mod storage;
mod taxes;
