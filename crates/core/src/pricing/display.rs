//! Prices as the cart shows them, with or without tax as the shop chooses
//! (`wc_get_price_including_tax` and `wc_get_price_excluding_tax`).

use crate::catalogue::TaxStatus;
use crate::money::Money;

use super::cart::{CartInput, CartLine, PricingContext};
use super::decimal::{PER_MINOR, RoundMode, SubMinor};
use super::items::tax_location;
use super::tax_calc::{RateTaxes, calc_exclusive, calc_inclusive, total};
use super::tax_rates::{TaxLocation, find_rates};

/// The price of `quantity` of the line's product as the cart shows it: including tax when
/// the shop shows cart prices with tax, else excluding it.
pub fn display_price(
    cart: &CartInput,
    ctx: &PricingContext<'_>,
    line: &CartLine,
    quantity: u32,
) -> Money {
    let price = SubMinor(
        i128::from(line.unit_price.minor())
            .saturating_mul(i128::from(quantity))
            .saturating_mul(PER_MINOR),
    );
    let taxable = ctx.tax.enabled && line.tax_status == TaxStatus::Taxable;
    if !taxable {
        return price.round(RoundMode::HalfUp);
    }
    let base = find_rates(
        ctx.tax_rates,
        &TaxLocation::of(ctx.base_address),
        &line.tax_class,
    );
    if !ctx.tax.display_cart_including_tax {
        if ctx.tax.prices_include_tax {
            return (price - total(&calc_inclusive(price, &base))).round(RoundMode::HalfUp);
        }
        return price.round(RoundMode::HalfUp);
    }
    let rates = find_rates(ctx.tax_rates, &tax_location(cart, ctx), &line.tax_class);
    let mode = ctx.tax.rounding_mode();
    let sum = |taxes: &RateTaxes| {
        if ctx.tax.round_at_subtotal {
            total(taxes)
        } else {
            taxes
                .iter()
                .map(|(_, tax)| SubMinor::from_money(tax.round(mode)))
                .sum()
        }
    };
    let shown = if !ctx.tax.prices_include_tax {
        price + sum(&calc_exclusive(price, &rates))
    } else if cart.customer.vat_exempt {
        price - sum(&calc_inclusive(price, &base))
    } else if rates.len() != base.len() || rates.iter().zip(&base).any(|(a, b)| a.id != b.id) {
        let base_taxes = calc_inclusive(price, &base);
        let local = calc_exclusive(price - total(&base_taxes), &rates);
        price - sum(&base_taxes) + sum(&local)
    } else {
        price
    };
    shown.round(RoundMode::HalfUp)
}
