//! Tax rate matching (postcode wildcards and ranges, cities, priority, compound, shipping
//! flag, classes), tax-inclusive prices, rounding, the tax address and the shipping class.

use super::fixtures::*;
use crate::catalogue::{ProductId, TaxStatus};
use crate::money::Money;
use crate::pricing::*;

fn rate(id: u64, country: &str, state: &str, percent: &str, priority: u32) -> TaxRate {
    TaxRate {
        id,
        country: country.into(),
        state: state.into(),
        rate: Decimal::parse(percent).expect("a rate"),
        name: format!("Rate {id}"),
        priority,
        ..TaxRate::default()
    }
}

fn ids(rates: &[&TaxRate]) -> Vec<u64> {
    rates.iter().map(|r| r.id).collect()
}

fn at(country: &str, state: &str, postcode: &str, city: &str) -> TaxLocation {
    TaxLocation {
        country: country.into(),
        state: state.into(),
        postcode: postcode.into(),
        city: city.into(),
    }
}

/// A shop without shipping methods, with these rates.
fn tax_shop(rates: Vec<TaxRate>) -> Shop {
    Shop {
        rates,
        shipping: ShippingSettings::default(),
        ..Shop::reference()
    }
}

fn line(key: &str, price: i64) -> CartLine {
    CartLine {
        key: key.into(),
        product_id: ProductId(1),
        name: key.into(),
        unit_price: m(price),
        ..CartLine::default()
    }
}

fn cart(lines: Vec<CartLine>, country: &str, state: &str) -> CartInput {
    let address = Address::new(country, state, "", "");
    CartInput {
        lines,
        customer: Customer {
            billing: address.clone(),
            shipping: address,
            ..Customer::default()
        },
        ..CartInput::default()
    }
}

#[test]
fn rates_match_by_place_one_per_priority() {
    let rates = vec![
        rate(1, "US", "CA", "8.25", 1),
        rate(2, "US", "", "1", 1),
        TaxRate {
            postcodes: vec!["941*".into()],
            ..rate(3, "US", "CA", "1.25", 2)
        },
        TaxRate {
            postcodes: vec!["90210...90299".into()],
            ..rate(4, "US", "CA", "2", 2)
        },
        TaxRate {
            cities: vec!["Sacramento".into()],
            ..rate(5, "US", "CA", "0.5", 2)
        },
        TaxRate {
            shipping: false,
            ..rate(6, "", "", "5", 3)
        },
        TaxRate {
            class: "reduced-rate".into(),
            ..rate(7, "US", "CA", "9", 1)
        },
    ];
    let find = |location: TaxLocation| ids(&find_rates(&rates, &location, ""));
    assert_eq!(
        find(at("US", "CA", "94103", "San Francisco")),
        vec![1, 3, 6]
    );
    assert_eq!(find(at("us", "ca", "90250", "")), vec![1, 4, 6]);
    assert_eq!(find(at("US", "CA", "95814", "SACRAMENTO")), vec![1, 5, 6]);
    assert_eq!(find(at("US", "CA", "10001", "Fresno")), vec![1, 6]);
    assert_eq!(find(at("US", "NY", "10001", "")), vec![2, 6]);
    assert_eq!(find(at("FR", "", "75001", "")), vec![6]);
    assert_eq!(find(at("", "", "", "")), Vec::<u64>::new());
    let shipping = find_shipping_rates(&rates, &at("US", "CA", "94103", ""), "");
    assert_eq!(ids(&shipping), vec![1, 3]);
    let reduced = find_rates(&rates, &at("US", "CA", "", ""), "Reduced-Rate");
    assert_eq!(ids(&reduced), vec![7]);
    assert_eq!(
        ids(&find_rates(&rates, &at("US", "CA", "", ""), "standard")),
        vec![1, 6]
    );
}

#[test]
fn postcode_patterns() {
    assert!(postcode_matches("941*", "94103", "US"));
    assert!(postcode_matches("941*", "941", "US"));
    assert!(!postcode_matches("941*", "95103", "US"));
    assert!(postcode_matches("*", "anything", "US"));
    assert!(postcode_matches("90210...90299", "90299", "US"));
    assert!(!postcode_matches("90210...90299", "90300", "US"));
    assert!(!postcode_matches("90210...90299", "ABCDE", "US"));
    assert!(postcode_matches("sw1a 1aa", "SW1A1AA", "GB"));
    assert!(postcode_matches("SW1A *", "sw1a 2bb", "GB"));
    assert!(postcode_matches("B1...B9", "B5 1AA", "GB"));
    assert!(!postcode_matches("B1...B9", "C5 1AA", "GB"));
    assert!(!postcode_matches("", "94103", "US"));
}

#[test]
fn compound_rates_and_their_tax_lines() {
    let shop = tax_shop(vec![
        TaxRate {
            name: "GST".into(),
            ..rate(10, "CA", "", "5", 1)
        },
        TaxRate {
            name: "QST".into(),
            compound: true,
            ..rate(11, "CA", "QC", "9.975", 2)
        },
    ]);
    let totals = calculate(&cart(vec![line("a", 10_000)], "CA", "QC"), &shop.ctx());
    // 5 % of 100.00, then 9.975 % of 105.00 = 10.47375.
    assert_eq!(totals.lines[0].line_total_tax, m(1547));
    let lines: Vec<(String, String, Money, bool)> = totals
        .tax_lines
        .iter()
        .map(|l| (l.name.clone(), l.rate.clone(), l.price, l.compound))
        .collect();
    assert_eq!(
        lines,
        vec![
            ("GST".into(), "5%".into(), m(500), false),
            ("QST".into(), "9.975%".into(), m(1047), true),
        ]
    );
    assert_eq!(totals.totals.total_price, m(11_547));
}

#[test]
fn prices_entered_with_tax_keep_the_price_and_adjust_abroad() {
    let mut shop = tax_shop(vec![
        TaxRate {
            name: "VAT".into(),
            ..rate(20, "GB", "", "20", 1)
        },
        TaxRate {
            name: "MwSt".into(),
            ..rate(21, "DE", "", "19", 1)
        },
    ]);
    shop.base = Address::new("GB", "", "", "London");
    shop.tax.prices_include_tax = true;
    let price = |country: &str| {
        let totals = calculate(&cart(vec![line("a", 1200)], country, ""), &shop.ctx());
        let l = &totals.lines[0];
        (
            l.line_subtotal.minor(),
            l.line_subtotal_tax.minor(),
            totals.totals.total_price.minor(),
        )
    };
    assert_eq!(price("GB"), (1000, 200, 1200));
    assert_eq!(
        price("DE"),
        (1000, 190, 1190),
        "the German rate replaces the British"
    );
    assert_eq!(
        price("US"),
        (1000, 0, 1000),
        "no tax outside the shop's rates"
    );
    let mut exempt = cart(vec![line("a", 1200)], "GB", "");
    exempt.customer.vat_exempt = true;
    let totals = calculate(&exempt, &shop.ctx());
    assert_eq!(totals.totals.total_price, m(1000));
    assert_eq!(totals.totals.total_tax, Money::ZERO);
    // Displayed prices follow the display setting.
    let gb = cart(vec![line("a", 1200)], "GB", "");
    let de = cart(vec![line("a", 1200)], "DE", "");
    let ctx = shop.ctx();
    assert_eq!(display_price(&gb, &ctx, &gb.lines[0], 1), m(1000));
    shop.tax.display_cart_including_tax = true;
    let ctx = shop.ctx();
    assert_eq!(display_price(&gb, &ctx, &gb.lines[0], 1), m(1200));
    assert_eq!(display_price(&de, &ctx, &de.lines[0], 2), m(2380));
    // A coupon takes a share of the tax with it.
    let mut with_coupon = cart(vec![line("a", 1200)], "GB", "");
    with_coupon.coupons = vec![AppliedCoupon {
        code: "ten".into(),
        coupon: coupon("ten"),
    }];
    let totals = calculate(&with_coupon, &shop.ctx());
    assert_eq!(totals.lines[0].line_total, m(900));
    assert_eq!(totals.lines[0].line_total_tax, m(180));
    assert_eq!(totals.coupons[0].discount, m(100));
    assert_eq!(totals.coupons[0].discount_tax, m(20));
    assert_eq!(totals.totals.total_price, m(1080));
}

#[test]
fn rounding_per_line_or_at_subtotal() {
    let mut shop = tax_shop(vec![rate(30, "US", "", "5", 1)]);
    let lines = vec![line("a", 10), line("b", 10), line("c", 10)];
    let per_line = calculate(&cart(lines.clone(), "US", "NY"), &shop.ctx());
    // Half a cent on each line rounds up three times.
    assert_eq!(per_line.totals.total_tax, m(3));
    assert_eq!(per_line.totals.total_price, m(33));
    shop.tax.round_at_subtotal = true;
    let at_subtotal = calculate(&cart(lines, "US", "NY"), &shop.ctx());
    assert_eq!(at_subtotal.totals.total_tax, m(2), "1.5 cents rounded once");
    assert_eq!(at_subtotal.totals.total_items_tax, m(2));
    assert_eq!(at_subtotal.tax_lines[0].price, m(2));
    assert_eq!(at_subtotal.totals.total_price, m(32));
    assert!(at_subtotal.lines.iter().all(|l| l.line_total_tax == m(1)));
}

#[test]
fn the_tax_address_follows_the_setting() {
    let mut shop = tax_shop(vec![
        rate(1, "US", "CA", "8.25", 1),
        rate(40, "US", "NY", "4", 1),
    ]);
    let mut input = cart(vec![line("a", 1000)], "US", "CA");
    input.customer.billing = Address::new("US", "NY", "", "");
    let tax = |shop: &Shop| calculate(&input, &shop.ctx()).totals.total_tax;
    assert_eq!(tax(&shop), m(83));
    shop.tax.based_on = TaxBasedOn::Billing;
    assert_eq!(tax(&shop), m(40));
    shop.tax.based_on = TaxBasedOn::Base;
    assert_eq!(tax(&shop), m(83));
}

#[test]
fn disabled_or_summed_taxes() {
    let mut shop = tax_shop(vec![rate(1, "US", "CA", "8.25", 1)]);
    let input = cart(vec![line("a", 1000)], "US", "CA");
    shop.tax.itemised = false;
    let totals = calculate(&input, &shop.ctx());
    assert!(totals.tax_lines.is_empty());
    assert_eq!(totals.totals.total_tax, m(83));
    shop.tax.enabled = false;
    let totals = calculate(&input, &shop.ctx());
    assert_eq!(totals.totals.total_tax, Money::ZERO);
    assert_eq!(totals.totals.total_price, m(1000));
    assert!(totals.lines[0].taxes.is_empty());
}

#[test]
fn rates_sharing_a_code_share_a_tax_line() {
    let mut shop = tax_shop(vec![
        TaxRate {
            name: "VAT".into(),
            ..rate(20, "GB", "", "20", 1)
        },
        TaxRate {
            name: "VAT".into(),
            class: "reduced-rate".into(),
            ..rate(22, "GB", "", "5", 1)
        },
    ]);
    shop.base = Address::new("GB", "", "", "");
    let mut reduced = line("b", 1000);
    reduced.tax_class = "reduced-rate".into();
    let totals = calculate(&cart(vec![line("a", 1000), reduced], "GB", ""), &shop.ctx());
    assert_eq!(totals.tax_lines.len(), 1);
    assert_eq!(totals.tax_lines[0].name, "VAT");
    assert_eq!(totals.tax_lines[0].price, m(250));
    assert_eq!(totals.tax_lines[0].rate, "5%");
}

#[test]
fn shipping_is_taxed_at_the_inherited_or_configured_class() {
    let reduced_rate = TaxRate {
        class: "reduced-rate".into(),
        ..rate(50, "US", "CA", "5", 1)
    };
    let shop_with = |class: ShippingTaxClass| {
        let mut shop = Shop::reference();
        shop.rates.push(reduced_rate.clone());
        shop.tax.shipping_tax_class = class;
        shop
    };
    let mut reduced = product(17, 1);
    reduced.tax_class = "reduced-rate".into();
    let mut zero = product(20, 1);
    zero.tax_class = "zero-rate".into();
    let shipping_tax = |shop: &Shop, lines: Vec<CartLine>| {
        let input = CartInput {
            lines,
            customer: guest(),
            ..CartInput::default()
        };
        calculate(&input, &shop.ctx()).totals.total_shipping_tax
    };
    let inherit = shop_with(ShippingTaxClass::Inherit);
    assert_eq!(shipping_tax(&inherit, vec![reduced.clone()]), Some(m(50)));
    assert_eq!(
        shipping_tax(&inherit, vec![reduced.clone(), product(38, 1)]),
        Some(m(83))
    );
    assert_eq!(
        shipping_tax(&inherit, vec![reduced.clone(), zero.clone()]),
        Some(m(50))
    );
    assert_eq!(
        shipping_tax(&inherit, vec![zero.clone()]),
        Some(m(83)),
        "no zero-rate rates: standard"
    );
    let fixed = shop_with(ShippingTaxClass::Class("reduced-rate".into()));
    assert_eq!(shipping_tax(&fixed, vec![product(38, 1)]), Some(m(50)));
    // An item taxed only for shipping pays no tax itself.
    let mut shipping_only = reduced;
    shipping_only.tax_status = TaxStatus::Shipping;
    let input = CartInput {
        lines: vec![shipping_only],
        customer: guest(),
        ..CartInput::default()
    };
    let totals = calculate(&input, &inherit.ctx());
    assert_eq!(totals.lines[0].line_total_tax, Money::ZERO);
    assert_eq!(totals.totals.total_shipping_tax, Some(m(50)));
    assert_eq!(totals.totals.total_tax, m(50));
}
