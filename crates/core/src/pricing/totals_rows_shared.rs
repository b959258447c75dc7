//! The totals-rows cases shared with the browser (`totals_rows_cases.json`;
//! web/src/core/cart/totals-rows.cases.test.ts runs the same file through the page's copy of
//! the rule), so the cart block and the mini cart lay out the rows of a Store API cart as the
//! server's pages do (SPEC §9.3). A case's cart is written in the Store API's words, which
//! `cart_response` copies one for one from [`CartTotals`].

use std::collections::BTreeMap;

use serde::Deserialize;

use super::coupon::CouponKind;
use super::settings::TaxSettings;
use super::totals::{CartTotals, CouponTotals, FeeTotals, LineTotals, TaxLine, Totals};
use super::totals_rows::{CartRow, CartRowKind};
use crate::money::Money;

#[derive(Deserialize)]
struct Cases {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    display: Display,
    cart: WireCart,
    rows: Vec<Row>,
    included_taxes: Vec<Row>,
}

#[derive(Deserialize)]
struct Display {
    taxes_enabled: bool,
    including_tax: bool,
    itemised: bool,
}

#[derive(Deserialize)]
struct WireCart {
    line_count: usize,
    needs_shipping: bool,
    totals: WireTotals,
    coupons: Vec<WireCoupon>,
    fees: Vec<WireFee>,
}

#[derive(Deserialize)]
struct WireTotals {
    total_items: String,
    total_items_tax: String,
    total_fees: String,
    total_fees_tax: String,
    total_discount: String,
    total_discount_tax: String,
    total_shipping: Option<String>,
    total_shipping_tax: Option<String>,
    total_price: String,
    total_tax: String,
    tax_lines: Vec<WireTaxLine>,
}

#[derive(Deserialize)]
struct WireTaxLine {
    name: String,
    rate: String,
    price: String,
}

#[derive(Deserialize)]
struct WireCoupon {
    code: String,
    total_discount: String,
    total_discount_tax: String,
}

#[derive(Deserialize)]
struct WireFee {
    key: String,
    name: String,
    total: String,
    total_tax: String,
}

#[derive(Deserialize, Debug, PartialEq, Eq)]
struct Row {
    kind: String,
    label: String,
    amount: String,
}

fn money(text: &str) -> Money {
    Money::from_minor(text.parse().expect("an amount in minor units"))
}

fn kind_name(kind: CartRowKind) -> &'static str {
    match kind {
        CartRowKind::Subtotal => "subtotal",
        CartRowKind::Coupon => "coupon",
        CartRowKind::Shipping => "shipping",
        CartRowKind::Fee => "fee",
        CartRowKind::Tax => "tax",
        CartRowKind::Total => "total",
    }
}

fn row(row: &CartRow) -> Row {
    Row {
        kind: kind_name(row.kind).to_owned(),
        label: row.label.clone(),
        amount: row.amount.minor().to_string(),
    }
}

fn totals_of(cart: &WireCart) -> CartTotals {
    let t = &cart.totals;
    let zero = Money::ZERO;
    CartTotals {
        lines: (0..cart.line_count)
            .map(|i| LineTotals {
                key: format!("line-{i}"),
                line_subtotal: zero,
                line_subtotal_tax: zero,
                line_total: zero,
                line_total_tax: zero,
                taxes: Vec::new(),
            })
            .collect(),
        coupons: cart
            .coupons
            .iter()
            .map(|c| CouponTotals {
                code: c.code.clone(),
                discount_type: CouponKind::FixedCart,
                discount: money(&c.total_discount),
                discount_tax: money(&c.total_discount_tax),
            })
            .collect(),
        fees: cart
            .fees
            .iter()
            .map(|f| FeeTotals {
                id: f.key.clone(),
                name: f.name.clone(),
                total: money(&f.total),
                total_tax: money(&f.total_tax),
                taxes: Vec::new(),
            })
            .collect(),
        packages: Vec::new(),
        tax_lines: t
            .tax_lines
            .iter()
            .zip(1..)
            .map(|(line, rate_id)| TaxLine {
                rate_id,
                name: line.name.clone(),
                rate: line.rate.clone(),
                price: money(&line.price),
                compound: false,
            })
            .collect(),
        totals: Totals {
            total_items: money(&t.total_items),
            total_items_tax: money(&t.total_items_tax),
            total_fees: money(&t.total_fees),
            total_fees_tax: money(&t.total_fees_tax),
            total_discount: money(&t.total_discount),
            total_discount_tax: money(&t.total_discount_tax),
            total_shipping: t.total_shipping.as_deref().map(money),
            total_shipping_tax: t.total_shipping_tax.as_deref().map(money),
            total_price: money(&t.total_price),
            total_tax: money(&t.total_tax),
        },
        needs_shipping: cart.needs_shipping,
        has_calculated_shipping: true,
        coupon_errors: Vec::new(),
        chosen_rates: BTreeMap::new(),
    }
}

#[test]
fn the_shared_cases_hold_for_the_server_rows() {
    let cases: Cases =
        serde_json::from_str(include_str!("totals_rows_cases.json")).expect("the cases parse");
    assert!(cases.cases.len() >= 10, "the file holds the cases");
    for case in &cases.cases {
        let tax = TaxSettings {
            enabled: case.display.taxes_enabled,
            display_cart_including_tax: case.display.including_tax,
            itemised: case.display.itemised,
            ..TaxSettings::default()
        };
        let rows = totals_of(&case.cart).rows(&tax);
        let shown: Vec<Row> = rows.rows.iter().map(row).collect();
        assert_eq!(shown, case.rows, "{}: rows", case.name);
        let included: Vec<Row> = rows.included_taxes.iter().map(row).collect();
        assert_eq!(
            included, case.included_taxes,
            "{}: taxes with the total",
            case.name
        );
    }
}
