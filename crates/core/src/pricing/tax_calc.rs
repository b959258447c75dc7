//! Taxes on an amount for a set of rates, exclusive or inclusive, compound rates included
//! (`WC_Tax::calc_exclusive_tax` and `calc_inclusive_tax`), to a millionth of a minor unit.

use super::decimal::{PER_MINOR, RoundMode, SubMinor, div_round};
use super::tax_rates::TaxRate;

/// Taxes per rate id, in the order the rates apply.
pub(crate) type RateTaxes = Vec<(u64, SubMinor)>;

/// A rate as a fraction of `PER_MINOR` (8.25 % is 82 500 / 1 000 000).
fn rate_millionths(rate: &TaxRate) -> i128 {
    // `Decimal` holds ten-thousandths of a percent, which are millionths of the whole.
    i128::from(rate.rate.units())
}

/// `amount × fraction` rounded to the millionth, as WooCommerce rounds to six decimals.
fn times_rate(amount: SubMinor, millionths: i128) -> SubMinor {
    SubMinor(div_round(
        amount.0.saturating_mul(millionths),
        PER_MINOR,
        RoundMode::HalfUp,
    ))
}

/// The taxes on `price` for `rates`; `inclusive` when the price already contains them.
pub(crate) fn calc_tax(price: SubMinor, rates: &[&TaxRate], inclusive: bool) -> RateTaxes {
    if inclusive {
        calc_inclusive(price, rates)
    } else {
        calc_exclusive(price, rates)
    }
}

/// Regular rates on the price; compound rates on the price plus the taxes before them.
pub(crate) fn calc_exclusive(price: SubMinor, rates: &[&TaxRate]) -> RateTaxes {
    let mut taxes: RateTaxes = rates
        .iter()
        .filter(|rate| !rate.compound)
        .map(|rate| (rate.id, times_rate(price, rate_millionths(rate))))
        .collect();
    for rate in rates.iter().filter(|rate| rate.compound) {
        let pre_compound: SubMinor = taxes.iter().map(|(_, tax)| *tax).sum();
        taxes.push((
            rate.id,
            times_rate(price + pre_compound, rate_millionths(rate)),
        ));
    }
    merge_duplicates(taxes)
}

/// The taxes contained in a tax-inclusive price: compound rates are taken off first
/// (last to first), then the regular rates share what is left in proportion.
pub(crate) fn calc_inclusive(price: SubMinor, rates: &[&TaxRate]) -> RateTaxes {
    let mut taxes: RateTaxes = rates.iter().map(|rate| (rate.id, SubMinor::ZERO)).collect();
    let mut non_compound = price;
    for (index, rate) in rates.iter().enumerate().rev() {
        if !rate.compound {
            continue;
        }
        let net = div_round(
            non_compound.0.saturating_mul(PER_MINOR),
            PER_MINOR + rate_millionths(rate),
            RoundMode::HalfUp,
        );
        let tax = SubMinor(non_compound.0 - net);
        if let Some(slot) = taxes.get_mut(index) {
            slot.1 += tax;
        }
        non_compound -= tax;
    }
    let regular_sum: i128 = rates
        .iter()
        .filter(|rate| !rate.compound)
        .map(|rate| rate_millionths(rate))
        .sum();
    for (index, rate) in rates.iter().enumerate() {
        if rate.compound {
            continue;
        }
        let tax = SubMinor(div_round(
            non_compound.0.saturating_mul(rate_millionths(rate)),
            PER_MINOR + regular_sum,
            RoundMode::HalfUp,
        ));
        if let Some(slot) = taxes.get_mut(index) {
            slot.1 += tax;
        }
    }
    merge_duplicates(taxes)
}

/// One entry per rate id (a rate listed twice adds up, as PHP's keyed arrays do).
fn merge_duplicates(taxes: RateTaxes) -> RateTaxes {
    let mut merged: RateTaxes = Vec::with_capacity(taxes.len());
    for (id, tax) in taxes {
        match merged.iter_mut().find(|(existing, _)| *existing == id) {
            Some(slot) => slot.1 += tax,
            None => merged.push((id, tax)),
        }
    }
    merged
}

/// The sum of several taxes.
pub(crate) fn total(taxes: &RateTaxes) -> SubMinor {
    taxes.iter().map(|(_, tax)| *tax).sum()
}

/// Adds `more` into `into`, keeping first-seen order.
pub(crate) fn add_into(into: &mut RateTaxes, more: &RateTaxes) {
    for (id, tax) in more {
        match into.iter_mut().find(|(existing, _)| existing == id) {
            Some(slot) => slot.1 += *tax,
            None => into.push((*id, *tax)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Money;
    use crate::pricing::decimal::Decimal;

    fn rate(id: u64, percent: &str, compound: bool) -> TaxRate {
        TaxRate {
            id,
            rate: Decimal::parse(percent).expect("a rate"),
            compound,
            ..TaxRate::default()
        }
    }

    fn minor(amount: i64) -> SubMinor {
        SubMinor::from_money(Money::from_minor(amount))
    }

    #[test]
    fn exclusive_tax_keeps_six_decimals_of_a_cent() {
        let ca = rate(1, "8.25", false);
        let taxes = calc_exclusive(minor(5400), &[&ca]);
        assert_eq!(taxes, vec![(1, SubMinor(445_500_000))]);
    }

    #[test]
    fn compound_rates_apply_on_top_of_the_others() {
        // Canada-style: 5 % GST, then 9.975 % QST compounding on price + GST.
        let gst = rate(1, "5", false);
        let qst = rate(2, "9.975", true);
        let taxes = calc_exclusive(minor(10_000), &[&gst, &qst]);
        assert_eq!(taxes[0], (1, minor(500)));
        assert_eq!(taxes[1], (2, SubMinor(1_047_375_000)));
        // The same taxes come back out of the inclusive price.
        let inclusive = minor(10_000) + total(&taxes);
        let back = calc_inclusive(inclusive, &[&gst, &qst]);
        assert_eq!(back, taxes);
    }

    #[test]
    fn inclusive_tax_is_split_between_regular_rates() {
        let a = rate(1, "20", false);
        let b = rate(2, "5", false);
        let taxes = calc_inclusive(minor(1250), &[&a, &b]);
        assert_eq!(taxes, vec![(1, minor(200)), (2, minor(50))]);
        assert!(calc_tax(minor(999), &[], true).is_empty());
    }
}
