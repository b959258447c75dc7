//! Fees from fee sources: the demo's gift wrap, percentage fees, negative fees and duplicates.

use serde_json::json;

use super::fixtures::*;
use crate::money::Money;
use crate::pricing::*;

/// A source returning fixed fees, for tests.
struct Fixed(Vec<Fee>);

impl FeeSource for Fixed {
    fn fees(&self, _: &FeeCart<'_>) -> Vec<Fee> {
        self.0.clone()
    }
}

fn fee(id: &str, amount: FeeAmount, taxable: bool) -> Fee {
    Fee {
        id: id.into(),
        name: format!("Fee {id}"),
        amount,
        taxable,
        tax_class: String::new(),
    }
}

fn wrapped(cart: &mut CartInput) {
    cart.extensions
        .insert("mercato".into(), json!({ "gift_wrap": true }));
}

#[test]
fn gift_wrap_is_a_taxed_fee_chosen_through_extension_data() {
    let shop = Shop::reference();
    let gift_wrap = GiftWrap::default();
    let sources: [&dyn FeeSource; 1] = [&gift_wrap];
    let mut cart = cart_of(&[(17, 3), (38, 1)]);
    let plain = calculate(&cart, &shop.ctx_with(&sources));
    assert!(plain.fees.is_empty());
    wrapped(&mut cart);
    let totals = calculate(&cart, &shop.ctx_with(&sources));
    assert_eq!(totals.fees.len(), 1);
    let fee = &totals.fees[0];
    assert_eq!(
        (fee.id.as_str(), fee.name.as_str()),
        ("gift-wrap", "Gift wrap")
    );
    assert_eq!((fee.total, fee.total_tax), (m(500), m(41)));
    assert_eq!(totals.totals.total_fees, m(500));
    assert_eq!(totals.totals.total_fees_tax, m(41));
    assert_eq!(totals.totals.total_tax, plain.totals.total_tax + m(41));
    assert_eq!(totals.totals.total_price, plain.totals.total_price + m(541));
    assert_eq!(totals.tax_lines[0].price, totals.totals.total_tax);
    // Another namespace, or `false`, is no choice.
    let other = GiftWrap {
        namespace: "elsewhere".into(),
        ..GiftWrap::default()
    };
    let sources: [&dyn FeeSource; 1] = [&other];
    assert!(calculate(&cart, &shop.ctx_with(&sources)).fees.is_empty());
    cart.extensions
        .insert("mercato".into(), json!({ "gift_wrap": false }));
    assert!(!gift_wrap.is_chosen(&cart));
}

#[test]
fn percentage_fees_and_duplicates() {
    let shop = Shop::reference();
    let source = Fixed(vec![
        fee(
            "service",
            FeeAmount::PercentOfItems(Decimal::parse("2.5").expect("2.5")),
            false,
        ),
        fee("service", FeeAmount::Fixed(m(100)), false),
        Fee {
            id: String::new(),
            ..fee("", FeeAmount::Fixed(m(100)), false)
        },
    ]);
    let sources: [&dyn FeeSource; 1] = [&source];
    let totals = calculate(&cart_of(&[(17, 3), (38, 1)]), &shop.ctx_with(&sources));
    let fees: Vec<(&str, Money, Money)> = totals
        .fees
        .iter()
        .map(|f| (f.id.as_str(), f.total, f.total_tax))
        .collect();
    // 2.5 % of 99.00, untaxed; the second "service" fee is dropped; the third is named.
    assert_eq!(
        fees,
        vec![
            ("service", m(248), Money::ZERO),
            ("fee", m(100), Money::ZERO)
        ]
    );
    assert_eq!(fee_id(" Gift  wrap! "), "gift-wrap");
}

#[test]
fn a_negative_fee_never_takes_the_total_below_zero() {
    let shop = Shop::reference();
    let source = Fixed(vec![fee("discount", FeeAmount::Fixed(m(-5000)), false)]);
    let sources: [&dyn FeeSource; 1] = [&source];
    let totals = calculate(&cart_of(&[(17, 1)]), &shop.ctx_with(&sources));
    // Items 18.00 and shipping 10.00: the fee stops at -28.00 and takes its tax share along.
    assert_eq!(totals.fees[0].total, m(-2800));
    assert_eq!(totals.fees[0].total_tax, m(-231));
    assert_eq!(totals.totals.total_tax, m(149 + 83 - 231));
    assert_eq!(totals.totals.total_price, m(1));
}
