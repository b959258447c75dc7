//! The browser's Store API types are the ones the Rust types generate: a change to a wire
//! struct without regenerating `web/src/core/api/storeapi.generated.ts`, or an edit of that
//! file by hand, fails here.

use std::path::PathBuf;

use mercato_server::store_api::wire_types::{GENERATED_PATH, REGENERATE, typescript};

#[test]
fn committed_typescript_matches_the_rust_wire_types() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(GENERATED_PATH);
    let generated = typescript();
    if std::env::var_os("MERCATO_WRITE_WIRE_TYPES").is_some() {
        std::fs::write(&path, &generated).expect("write the generated types");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{GENERATED_PATH} is not what the Rust wire types generate; if the Rust change is \
         intended, run\n  {REGENERATE}\nand commit the file"
    );
}

#[test]
fn generated_types_cover_the_cart_objects() {
    let text = typescript();
    for name in [
        "export type CartResponse = {",
        "export type CartItemView = {",
        "export type TotalsView = {",
        "export type CouponView = {",
        "export type PackageView = {",
        "export type RateView = {",
        "export type StoreApiError = {",
        "export type CheckoutView = {",
    ] {
        assert!(text.contains(name), "missing `{name}`");
    }
    // Integers are numbers in JSON; a bigint would not type-check against a parsed reply.
    assert!(!text.contains("bigint"));
}
