//! Properties of generated carts: lines add up to the totals, nothing is negative, discounts
//! never exceed what they discount, tax lines add up to the tax total, taxes are rounded per
//! line or at the subtotal as the setting says, and the totals rows add up to the total in
//! both display modes.

use proptest::prelude::*;

use super::fixtures::*;
use crate::catalogue::{CategoryId, ProductId, TaxStatus};
use crate::money::Money;
use crate::pricing::*;

const CLASSES: [&str; 3] = ["", "reduced-rate", "zero-rate"];
/// Rates by class, in ten-thousandths of a percent.
const RATE_UNITS: [i64; 3] = [82_500, 50_000, 0];

fn rates(with_compound: bool) -> Vec<TaxRate> {
    let mut rates = vec![ca_tax()];
    for (id, (class, units)) in [
        (2, (CLASSES[1], RATE_UNITS[1])),
        (3, (CLASSES[2], RATE_UNITS[2])),
    ] {
        rates.push(TaxRate {
            id,
            class: class.into(),
            rate: Decimal::from_units(units),
            name: format!("Rate {id}"),
            ..ca_tax()
        });
    }
    if with_compound {
        rates.push(TaxRate {
            id: 4,
            rate: Decimal::from_units(10_000),
            name: "County".into(),
            priority: 2,
            compound: true,
            ..ca_tax()
        });
    }
    rates
}

prop_compose! {
    fn line()(price in 0_i64..20_000, quantity in 1_u32..5, status in 0_u8..10, class in 0_usize..3,
              ships in any::<bool>(), on_sale in any::<bool>(), bulky in any::<bool>(), product in 1_i64..6)
        -> CartLine
    {
        CartLine {
            key: String::new(),
            product_id: ProductId(product),
            name: format!("Product {product}"),
            category_ids: vec![CategoryId(product % 2)],
            quantity,
            unit_price: Money::from_minor(price),
            on_sale,
            tax_status: match status { 0 => TaxStatus::None, 1 => TaxStatus::Shipping, _ => TaxStatus::Taxable },
            tax_class: CLASSES[class].to_owned(),
            needs_shipping: ships,
            shipping_class: if bulky { "bulky".to_owned() } else { String::new() },
            ..CartLine::default()
        }
    }
}

prop_compose! {
    fn a_coupon()(kind in 0_u8..3, amount in 0_i64..1_200_000, limit in proptest::option::of(1_u32..4),
                  exclude_sale in any::<bool>(), product in proptest::option::of(1_i64..6), id in 1_u64..100)
        -> Coupon
    {
        let kind = match kind { 0 => CouponKind::Percent, 1 => CouponKind::FixedCart, _ => CouponKind::FixedProduct };
        Coupon {
            id,
            code: String::new(),
            kind,
            // Percentages up to 120 %, amounts up to $120.00.
            amount: Decimal::from_units(amount),
            limit_usage_to_x_items: if kind == CouponKind::FixedCart { None } else { limit },
            exclude_sale_items: exclude_sale && kind != CouponKind::FixedCart,
            product_ids: product.map(ProductId).into_iter().collect(),
            ..Coupon::default()
        }
    }
}

#[derive(Debug, Clone)]
struct Case {
    cart: CartInput,
    inclusive: bool,
    at_subtotal: bool,
    display_inclusive: bool,
    sequential: bool,
    compound: bool,
    gift_wrap: bool,
}

prop_compose! {
    fn case(allow_inclusive: bool)(lines in proptest::collection::vec(line(), 0..6),
                                   coupons in proptest::collection::vec(a_coupon(), 0..3),
                                   inclusive in any::<bool>(), at_subtotal in any::<bool>(),
                                   display_inclusive in any::<bool>(), sequential in any::<bool>(),
                                   compound in any::<bool>(), gift_wrap in any::<bool>())
        -> Case
    {
        let mut cart = cart_of(&[]);
        cart.customer.shipping = Address::new("US", "CA", "94103", "San Francisco");
        for (i, mut line) in lines.into_iter().enumerate() {
            line.key = format!("line-{i}");
            cart.lines.push(line);
        }
        for (i, mut coupon) in coupons.into_iter().enumerate() {
            coupon.code = format!("c{i}");
            cart.coupons.push(AppliedCoupon { code: coupon.code.clone(), coupon: Some(coupon) });
        }
        Case {
            cart,
            inclusive: inclusive && allow_inclusive,
            at_subtotal,
            display_inclusive,
            sequential,
            compound: compound && allow_inclusive,
            gift_wrap,
        }
    }
}

fn run(case: &Case) -> CartTotals {
    let mut shop = Shop::reference();
    shop.rates = rates(case.compound);
    shop.tax.prices_include_tax = case.inclusive;
    shop.tax.round_at_subtotal = case.at_subtotal;
    shop.tax.display_cart_including_tax = case.display_inclusive;
    shop.coupons.calc_discounts_sequentially = case.sequential;
    if let ShippingMethod::FlatRate(flat) = &mut shop.shipping.zones[0].methods[0] {
        flat.class_costs.insert("bulky".into(), "2 * [qty]".into());
    }
    let gift_wrap = GiftWrap::default();
    let sources: [&dyn FeeSource; 1] = [&gift_wrap];
    let mut cart = case.cart.clone();
    if case.gift_wrap {
        cart.extensions
            .insert("mercato".into(), serde_json::json!({ "gift_wrap": true }));
    }
    calculate(&cart, &shop.ctx_with(&sources))
}

fn sum(values: impl Iterator<Item = Money>) -> i64 {
    values.map(Money::minor).sum()
}

/// Checks what holds for every cart, in every setting.
fn check_common(case: &Case, totals: &CartTotals) -> Result<(), TestCaseError> {
    let t = &totals.totals;
    let lines = &totals.lines;
    let n = i64::try_from(lines.len()).unwrap_or(0);
    for value in [
        t.total_items,
        t.total_items_tax,
        t.total_fees,
        t.total_fees_tax,
        t.total_discount,
        t.total_discount_tax,
        t.total_shipping.unwrap_or_default(),
        t.total_shipping_tax.unwrap_or_default(),
        t.total_price,
        t.total_tax,
    ] {
        prop_assert!(!value.is_negative(), "{:?}", t);
    }
    for line in lines {
        prop_assert!(
            !line.line_total.is_negative() && line.line_total <= line.line_subtotal,
            "{:?}",
            line
        );
        prop_assert!(
            !line.line_total_tax.is_negative() && line.line_total_tax <= line.line_subtotal_tax,
            "{:?}",
            line
        );
    }
    // Discounts never exceed what they discount (a cent per line for prices with tax, as in
    // WooCommerce, where the ex-tax discount and subtotal are rounded apart).
    let slack = if case.inclusive { n } else { 0 };
    prop_assert!(
        t.total_discount.minor() <= t.total_items.minor() + slack,
        "{:?}",
        t
    );
    for coupon in &totals.coupons {
        prop_assert!(!coupon.discount.is_negative() && !coupon.discount_tax.is_negative());
        prop_assert!(coupon.discount.minor() <= t.total_items.minor() + slack);
    }
    // The tax total is the items', the shipping's and the fees' tax; the tax lines add up to it.
    let shipping_tax = t.total_shipping_tax.unwrap_or_default();
    let items_tax = t.total_tax - shipping_tax - t.total_fees_tax;
    prop_assert_eq!(
        sum(totals.tax_lines.iter().map(|l| l.price)),
        t.total_tax.minor()
    );
    // What the shopper pays is items after discounts, fees, shipping and tax.
    let items_total =
        t.total_price - t.total_fees - t.total_shipping.unwrap_or_default() - t.total_tax;
    let lines_total = sum(lines.iter().map(|l| l.line_total));
    let lines_tax = sum(lines.iter().map(|l| l.line_total_tax));
    if case.at_subtotal {
        // Rounded once: within half a cent per line of the lines' rounded amounts.
        let within = |a: i64, b: i64| (a - b).abs() <= (n + 4) / 2 + 1;
        prop_assert!(within(
            sum(lines.iter().map(|l| l.line_subtotal)),
            t.total_items.minor()
        ));
        prop_assert!(within(
            sum(lines.iter().map(|l| l.line_subtotal_tax)),
            t.total_items_tax.minor()
        ));
        prop_assert!(within(lines_total, items_total.minor()));
        prop_assert!(within(lines_tax, items_tax.minor()));
    } else {
        prop_assert_eq!(
            sum(lines.iter().map(|l| l.line_subtotal)),
            t.total_items.minor()
        );
        prop_assert_eq!(
            sum(lines.iter().map(|l| l.line_subtotal_tax)),
            t.total_items_tax.minor()
        );
        prop_assert_eq!(lines_total, items_total.minor());
        prop_assert_eq!(lines_tax, items_tax.minor());
        for line in lines {
            prop_assert_eq!(
                sum(line.taxes.iter().map(|x| x.total)),
                line.line_total_tax.minor()
            );
        }
    }
    if !case.inclusive {
        prop_assert_eq!(t.total_items - t.total_discount, items_total);
    }
    if let Some(package) = totals.packages.first() {
        prop_assert_eq!(package.rates.iter().filter(|r| r.selected).count(), 1);
        let chosen = package.selected_rate().map_or(0, |r| r.cost.minor());
        prop_assert_eq!(Some(Money::from_minor(chosen)), t.total_shipping);
    }
    prop_assert_eq!(
        totals.needs_shipping,
        case.cart.lines.iter().any(|l| l.needs_shipping)
    );
    Ok(())
}

/// With prices entered without tax and no compound rate, taxes can be worked out
/// independently: each line's total times its rate, rounded per line or once per rate.
fn check_rounding(case: &Case, totals: &CartTotals) -> Result<(), TestCaseError> {
    let mut exact_per_rate = [0_i128; 3];
    let mut per_line = 0_i64;
    for (line, t) in case.cart.lines.iter().zip(&totals.lines) {
        if line.tax_status != TaxStatus::Taxable {
            prop_assert_eq!(t.line_total_tax, Money::ZERO);
            continue;
        }
        let class = CLASSES
            .iter()
            .position(|c| *c == line.tax_class)
            .unwrap_or(0);
        let millionths = i128::from(t.line_total.minor()) * i128::from(RATE_UNITS[class]);
        exact_per_rate[class] += millionths;
        let rounded = (millionths + 500_000) / 1_000_000;
        per_line += i64::try_from(rounded).unwrap_or(0);
        if !case.at_subtotal {
            prop_assert_eq!(
                t.line_total_tax.minor(),
                i64::try_from(rounded).unwrap_or(0)
            );
        }
    }
    let t = &totals.totals;
    let items_tax = t.total_tax - t.total_shipping_tax.unwrap_or_default() - t.total_fees_tax;
    let expected = if case.at_subtotal {
        exact_per_rate
            .iter()
            .map(|x| i64::try_from((x + 500_000) / 1_000_000).unwrap_or(0))
            .sum()
    } else {
        per_line
    };
    prop_assert_eq!(items_tax.minor(), expected);
    Ok(())
}

/// The totals rows the pages show add up to the total, prices shown with tax or without,
/// taxes itemised or not; each row is what SPEC §9.3 says, give or take the rounding cent the
/// last coupon takes.
fn check_rows(case: &Case, totals: &CartTotals) -> Result<(), TestCaseError> {
    let t = &totals.totals;
    let incl = case.display_inclusive;
    for itemised in [true, false] {
        let tax = TaxSettings {
            display_cart_including_tax: incl,
            itemised,
            ..TaxSettings::default()
        };
        let shown = totals.rows(&tax);
        let rows = &shown.rows;
        prop_assert_eq!(rows.last().map(|r| r.kind), Some(CartRowKind::Total));
        prop_assert_eq!(shown.total(), t.total_price);
        let added = sum(rows[..rows.len() - 1].iter().map(|r| r.amount));
        prop_assert_eq!(added, t.total_price.minor(), "{:#?}\n{:#?}", rows, t);
        let with_tax = |amount: Money, tax: Money| if incl { amount + tax } else { amount };
        prop_assert_eq!(shown.subtotal(), with_tax(t.total_items, t.total_items_tax));
        let shipping = shown.amount(CartRowKind::Shipping);
        if totals.needs_shipping {
            let cost = t.total_shipping.unwrap_or_default();
            let cost_tax = t.total_shipping_tax.unwrap_or_default();
            prop_assert_eq!(shipping, Some(with_tax(cost, cost_tax)));
        } else {
            prop_assert_eq!(shipping, None);
        }
        let fees: Vec<&CartRow> = shown.of(CartRowKind::Fee).collect();
        prop_assert_eq!(
            fees.len(),
            totals.fees.iter().filter(|f| !f.total.is_zero()).count()
        );
        prop_assert_eq!(
            sum(fees.iter().map(|r| r.amount)),
            with_tax(t.total_fees, t.total_fees_tax).minor()
        );
        // The coupons take off what they discount, the last one a rounding cent or two more.
        let coupons = sum(shown.of(CartRowKind::Coupon).map(|r| r.amount));
        let discounted = sum(totals
            .coupons
            .iter()
            .map(|c| with_tax(c.discount, c.discount_tax)));
        let slack = i64::try_from(totals.lines.len() + totals.coupons.len()).unwrap_or(0);
        prop_assert!(
            (coupons + discounted).abs() <= slack,
            "{} {}",
            coupons,
            discounted
        );
        let taxes = sum(shown.of(CartRowKind::Tax).map(|r| r.amount));
        let included = sum(shown.included_taxes.iter().map(|r| r.amount));
        if incl {
            prop_assert_eq!(taxes, 0);
            prop_assert_eq!(included, t.total_tax.minor());
        } else {
            prop_assert_eq!(taxes, t.total_tax.minor());
            prop_assert!(shown.included_taxes.is_empty());
            let tax_rows = shown.of(CartRowKind::Tax).count();
            if !itemised || totals.tax_lines.is_empty() {
                prop_assert_eq!(tax_rows, 1);
            } else {
                prop_assert_eq!(tax_rows, totals.tax_lines.len());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn carts_with_prices_without_tax(case in case(false)) {
        let totals = run(&case);
        check_common(&case, &totals)?;
        check_rounding(&case, &totals)?;
        check_rows(&case, &totals)?;
    }

    #[test]
    fn carts_in_every_setting(case in case(true)) {
        let totals = run(&case);
        check_common(&case, &totals)?;
        check_rows(&case, &totals)?;
    }
}
