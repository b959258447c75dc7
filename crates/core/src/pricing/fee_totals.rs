//! Fees in the calculation: asked from the fee sources after shipping, priced, kept from
//! taking the total below zero, and taxed (a negative fee takes its share of every class's
//! tax, as in `WC_Cart_Totals::get_fees_from_cart`).

use crate::catalogue::TaxStatus;
use crate::money::Money;

use super::cart::PricingContext;
use super::decimal::{PER_MINOR, RoundMode, SubMinor, div_round, money_from_i128};
use super::fees::{FeeAmount, FeeCart, fee_id};
use super::items::ItemStage;
use super::settings::{ShippingTaxClass, normalize_tax_class};
use super::tax_calc::{RateTaxes, add_into, calc_exclusive};
use super::tax_rates::find_rates;
use super::totals::{FeeTotals, LineTotals, RateAmount};

/// Asks the fee sources for fees, prices them and taxes them.
pub(crate) fn fee_totals(
    stage: &ItemStage<'_>,
    ctx: &PricingContext<'_>,
    fee_cart: &FeeCart<'_>,
    lines: &[LineTotals],
) -> (Vec<FeeTotals>, Vec<RateTaxes>) {
    let rounding = stage.rounding;
    let mut fees = Vec::new();
    let mut exact = Vec::new();
    let mut running = Money::ZERO;
    // Amounts per tax class so far, for splitting the tax of a negative fee.
    let mut class_costs: Vec<(Option<String>, Money)> = Vec::new();
    for (item, totals) in stage.items.iter().zip(lines) {
        let class = (item.line.tax_status == TaxStatus::Taxable)
            .then(|| normalize_tax_class(&item.line.tax_class));
        add_cost(&mut class_costs, class, totals.line_total);
    }
    let shipping_class = match &ctx.tax.shipping_tax_class {
        ShippingTaxClass::Class(class) => class.clone(),
        ShippingTaxClass::Inherit => stage
            .items
            .first()
            .map(|i| normalize_tax_class(&i.line.tax_class))
            .unwrap_or_default(),
    };
    add_cost(
        &mut class_costs,
        Some(shipping_class),
        fee_cart.shipping_total,
    );

    for source in ctx.fee_sources {
        for fee in source.fees(fee_cart) {
            let id = if fee.id.trim().is_empty() {
                fee_id(&fee.name)
            } else {
                fee.id.clone()
            };
            if fees.iter().any(|f: &FeeTotals| f.id == id) {
                continue;
            }
            let mut amount = match fee.amount {
                FeeAmount::Fixed(amount) => amount,
                FeeAmount::PercentOfItems(percent) => money_from_i128(div_round(
                    i128::from(fee_cart.items_total.minor()) * i128::from(percent.units()),
                    PER_MINOR,
                    RoundMode::HalfUp,
                )),
            };
            // A negative fee never takes the total below zero.
            let floor = -(fee_cart.items_total + running + fee_cart.shipping_total);
            if amount < floor {
                amount = floor;
            }
            running += amount;
            let mut taxes: RateTaxes = Vec::new();
            if stage.calculate_tax {
                if amount.is_negative() {
                    let whole: Money = class_costs.iter().map(|(_, c)| *c).sum();
                    for (class, cost) in &class_costs {
                        let Some(class) = class else { continue };
                        if whole.is_zero() {
                            continue;
                        }
                        let share = SubMinor(div_round(
                            i128::from(amount.minor()) * i128::from(cost.minor()) * PER_MINOR,
                            i128::from(whole.minor()),
                            RoundMode::HalfUp,
                        ));
                        let rates = find_rates(ctx.tax_rates, &stage.location, class);
                        add_into(&mut taxes, &calc_exclusive(share, &rates));
                    }
                } else if fee.taxable {
                    let rates = find_rates(ctx.tax_rates, &stage.location, &fee.tax_class);
                    taxes = calc_exclusive(SubMinor::from_money(amount), &rates);
                }
            }
            let class = fee.taxable.then(|| normalize_tax_class(&fee.tax_class));
            add_cost(&mut class_costs, class, amount);
            fees.push(FeeTotals {
                id,
                name: fee.name.clone(),
                total: amount,
                total_tax: rounding.line_taxes(&taxes),
                taxes: taxes
                    .iter()
                    .map(|(rate_id, t)| RateAmount {
                        rate_id: *rate_id,
                        amount: rounding.line(*t),
                    })
                    .collect(),
            });
            exact.push(taxes);
        }
    }
    (fees, exact)
}

/// Adds a non-negative amount to its tax class (`None`: not taxable).
fn add_cost(costs: &mut Vec<(Option<String>, Money)>, class: Option<String>, amount: Money) {
    if amount.is_negative() {
        return;
    }
    match costs.iter_mut().find(|(c, _)| *c == class) {
        Some(slot) => slot.1 += amount,
        None => costs.push((class, amount)),
    }
}
