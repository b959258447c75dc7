//! The totals rows of priced carts (SPEC §9.3): what each row says, prices shown without tax
//! and with it.

use serde_json::json;

use super::fixtures::*;
use crate::catalogue::TaxStatus;
use crate::money::{Currency, Money};
use crate::pricing::*;

/// A source adding fixed fees.
struct Fixed(Vec<Fee>);

impl FeeSource for Fixed {
    fn fees(&self, _: &FeeCart<'_>) -> Vec<Fee> {
        self.0.clone()
    }
}

fn shown(rows: &[CartRow]) -> Vec<(String, String)> {
    let currency = Currency::default();
    rows.iter()
        .map(|row| (row.label.clone(), currency.format(row.amount)))
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(l, v)| ((*l).to_owned(), (*v).to_owned()))
        .collect()
}

/// A T-Shirt with the `ten` coupon and gift wrap, shipped by flat rate to California.
fn wrapped_tshirt(shop: &Shop) -> CartTotals {
    let gift_wrap = GiftWrap::default();
    let sources: [&dyn FeeSource; 1] = [&gift_wrap];
    let mut cart = cart_of(&[(17, 1)]);
    cart.coupons.push(applied("ten"));
    cart.extensions
        .insert("mercato".into(), json!({ "gift_wrap": true }));
    calculate(&cart, &shop.ctx_with(&sources))
}

#[test]
fn rows_shown_without_tax() {
    let shop = Shop::reference();
    let rows = wrapped_tshirt(&shop).rows(&shop.tax);
    // 18.00 less 10 %, wrapping 5.00 and shipping 10.00; 8.25 % on each: 1.34 + 0.83 + 0.41.
    assert_eq!(
        shown(&rows.rows),
        pairs(&[
            ("Subtotal", "$18.00"),
            ("Coupon: ten", "-$1.80"),
            ("Gift wrap", "$5.00"),
            ("Shipping", "$10.00"),
            ("CA Tax (8.25%)", "$2.58"),
            ("Total", "$33.78"),
        ])
    );
    assert!(rows.included_taxes.is_empty());
    let coupon = rows.of(CartRowKind::Coupon).next().expect("coupon row");
    assert_eq!(coupon.key, "ten");

    // Not itemised: one "Taxes" row.
    let mut tax = shop.tax.clone();
    tax.itemised = false;
    let rows = wrapped_tshirt(&shop).rows(&tax);
    let taxes: Vec<&CartRow> = rows.of(CartRowKind::Tax).collect();
    assert_eq!(taxes.len(), 1);
    assert_eq!(
        (taxes[0].label.as_str(), taxes[0].amount),
        ("Taxes", m(258))
    );
}

#[test]
fn rows_shown_with_tax_hold_their_tax_and_name_it_with_the_total() {
    let mut shop = Shop::reference();
    shop.tax.display_cart_including_tax = true;
    let rows = wrapped_tshirt(&shop).rows(&shop.tax);
    // Each amount with its 8.25 %: 18.00 + 1.49, 1.80 + 0.15, 10.00 + 0.83, 5.00 + 0.41.
    assert_eq!(
        shown(&rows.rows),
        pairs(&[
            ("Subtotal", "$19.49"),
            ("Coupon: ten", "-$1.95"),
            ("Gift wrap", "$5.41"),
            ("Shipping", "$10.83"),
            ("Total", "$33.78"),
        ])
    );
    assert_eq!(
        shown(&rows.included_taxes),
        pairs(&[("CA Tax (8.25%)", "$2.58")])
    );
}

#[test]
fn fees_of_nothing_are_left_out_and_nameless_ones_are_fees() {
    let shop = Shop::reference();
    let fee = |id: &str, name: &str, amount| Fee {
        id: id.into(),
        name: name.into(),
        amount: FeeAmount::Fixed(m(amount)),
        taxable: false,
        tax_class: String::new(),
    };
    let source = Fixed(vec![
        fee("nothing", "Nothing", 0),
        fee("handling", " ", 250),
    ]);
    let sources: [&dyn FeeSource; 1] = [&source];
    let totals = calculate(&cart_of(&[(17, 1)]), &shop.ctx_with(&sources));
    let rows = totals.rows(&shop.tax);
    let fees: Vec<(&str, &str, Money)> = rows
        .of(CartRowKind::Fee)
        .map(|r| (r.label.as_str(), r.key.as_str(), r.amount))
        .collect();
    assert_eq!(fees, vec![("Fee", "handling", m(250))]);
}

#[test]
fn the_taxes_row_is_hidden_only_when_taxes_are_off_and_there_is_none() {
    let mut shop = Shop::reference();
    shop.tax.enabled = false;
    let totals = calculate(&cart_of(&[(17, 1)]), &shop.ctx());
    let rows = totals.rows(&shop.tax);
    let kinds: Vec<CartRowKind> = rows.rows.iter().map(|r| r.kind).collect();
    assert_eq!(
        kinds,
        [
            CartRowKind::Subtotal,
            CartRowKind::Shipping,
            CartRowKind::Total
        ]
    );
    assert_eq!(rows.total(), m(2800));

    // Taxes on, nothing taxed: a "Taxes" row of nothing.
    shop.tax.enabled = true;
    shop.rates[0].shipping = false;
    let mut cart = cart_of(&[(17, 1)]);
    cart.lines[0].tax_status = TaxStatus::None;
    let rows = calculate(&cart, &shop.ctx()).rows(&shop.tax);
    assert_eq!(
        shown(&rows.of(CartRowKind::Tax).cloned().collect::<Vec<_>>()),
        pairs(&[("Taxes", "$0.00")])
    );
    // Shown with tax, nothing is said to be included.
    shop.tax.display_cart_including_tax = true;
    let rows = calculate(&cart, &shop.ctx()).rows(&shop.tax);
    assert!(rows.included_taxes.is_empty());
}
