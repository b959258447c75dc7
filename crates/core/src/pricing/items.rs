//! The first half of a cart's calculation, in WooCommerce's order: item prices and their
//! taxes before discounts, coupon validation and discounts, then the taxes on the
//! discounted lines (`WC_Cart_Totals::calculate_item_totals`).

use crate::catalogue::TaxStatus;
use crate::money::Money;

use super::cart::{Address, CartInput, CartLine, PricingContext};
use super::coupon::{Coupon, CouponCheck, format_coupon_code, validate_coupon};
use super::coupon_error::CouponError;
use super::decimal::{PER_MINOR, RoundMode, SubMinor};
use super::discounts::{DiscountItem, DiscountTable, distribute, sort_coupons};
use super::shipping::ShippingMethod;
use super::tax_calc::{RateTaxes, calc_exclusive, calc_inclusive, calc_tax, total};
use super::tax_rates::{TaxLocation, TaxRate, find_rates};

/// How amounts finer than a minor unit become money: per line, or once per total.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rounding {
    /// Round totals once instead of line by line.
    pub at_subtotal: bool,
    /// How halves go.
    pub mode: RoundMode,
}

impl Rounding {
    /// One line's amount as shown.
    pub(crate) fn line(self, value: SubMinor) -> Money {
        value.round(self.mode)
    }

    /// The total of several lines' amounts, per the setting.
    pub(crate) fn group(self, values: impl Iterator<Item = SubMinor>) -> Money {
        if self.at_subtotal {
            values.sum::<SubMinor>().round(self.mode)
        } else {
            values.map(|v| v.round(self.mode)).sum()
        }
    }

    /// A line's tax: each rate rounded (per line), or the exact sum rounded (at subtotal).
    pub(crate) fn line_taxes(self, taxes: &RateTaxes) -> Money {
        if self.at_subtotal {
            total(taxes).round(self.mode)
        } else {
            taxes.iter().map(|(_, t)| self.line(*t)).sum()
        }
    }

    /// The total of per-rate taxes over several members: each rate's total follows the
    /// setting, so tax lines add up to the tax total.
    pub(crate) fn taxes<'t>(
        self,
        members: impl Iterator<Item = &'t RateTaxes>,
    ) -> (Money, RateTaxes) {
        let mut merged: RateTaxes = Vec::new();
        let mut total = Money::ZERO;
        let members: Vec<&RateTaxes> = members.collect();
        for taxes in &members {
            for (id, _) in taxes.iter() {
                if !merged.iter().any(|(m, _)| m == id) {
                    merged.push((*id, SubMinor::ZERO));
                }
            }
        }
        for (id, slot) in &mut merged {
            let values = members
                .iter()
                .flat_map(|taxes| taxes.iter().filter(|(r, _)| r == id).map(|(_, t)| *t));
            let rounded = self.group(values);
            total += rounded;
            *slot = SubMinor::from_money(rounded);
        }
        (total, merged)
    }
}

/// A line in the calculation.
pub(crate) struct Item<'a> {
    /// The line.
    pub line: &'a CartLine,
    /// The tax rates of its class at the tax location.
    pub rates: Vec<&'a TaxRate>,
    /// Whether tax is calculated on it.
    pub taxed: bool,
    /// Whether its price includes tax.
    pub inclusive: bool,
    /// Line price the coupons work on (after base-location adjustments).
    pub price: SubMinor,
    /// Before discounts, excluding tax.
    pub subtotal: SubMinor,
    /// Taxes before discounts.
    pub subtotal_taxes: RateTaxes,
    /// Coupon discounts on the line, in minor units.
    pub discount: i64,
    /// After discounts, excluding tax.
    pub total: SubMinor,
    /// Taxes after discounts.
    pub taxes: RateTaxes,
}

/// The cart after items and coupons.
pub(crate) struct ItemStage<'a> {
    /// The lines.
    pub items: Vec<Item<'a>>,
    /// Valid applied coupons, in the order applied.
    pub coupons: Vec<&'a Coupon>,
    /// Their discounts (`[coupon][item]`), coupons in the order applied.
    pub discounts: DiscountTable,
    /// Applied coupons that no longer apply.
    pub coupon_errors: Vec<CouponError>,
    /// Where taxes are looked up for.
    pub location: TaxLocation,
    /// Whether taxes are calculated.
    pub calculate_tax: bool,
    /// How amounts are rounded.
    pub rounding: Rounding,
}

/// Prices the lines and applies the coupons.
pub(crate) fn price_items<'a>(cart: &'a CartInput, ctx: &PricingContext<'a>) -> ItemStage<'a> {
    let mut stage = subtotals(cart, ctx);
    let displayed = displayed_subtotal_of(&stage, ctx);
    let check = CouponCheck {
        lines: &cart.lines,
        displayed_subtotal: displayed,
        customer: &cart.customer,
        now: ctx.now,
        currency: ctx.currency,
        category_names: &cart.category_names,
    };
    let mut seen: Vec<String> = Vec::new();
    for applied in &cart.coupons {
        let code = format_coupon_code(&applied.code);
        if seen.contains(&code) {
            continue;
        }
        seen.push(code.clone());
        match &applied.coupon {
            None => stage.coupon_errors.push(CouponError::NotExist { code }),
            Some(coupon) => match validate_coupon(coupon, &check) {
                Ok(()) => stage.coupons.push(coupon),
                Err(error) => stage.coupon_errors.push(error),
            },
        }
    }
    let mut ordered = stage.coupons.clone();
    sort_coupons(&mut ordered);
    let discount_items: Vec<DiscountItem<'_>> = stage
        .items
        .iter()
        .map(|item| DiscountItem {
            line: item.line,
            price: item.price,
        })
        .collect();
    let table = distribute(
        &discount_items,
        &ordered,
        ctx.coupons.calc_discounts_sequentially,
        ctx.currency.minor_unit,
    );
    // Back to the order the coupons were applied in.
    stage.discounts = stage
        .coupons
        .iter()
        .map(|coupon| {
            ordered
                .iter()
                .position(|c| std::ptr::eq(*c, *coupon))
                .and_then(|at| table.get(at).cloned())
                .unwrap_or_else(|| vec![0; stage.items.len()])
        })
        .collect();
    for (index, item) in stage.items.iter_mut().enumerate() {
        item.discount = stage
            .discounts
            .iter()
            .filter_map(|row| row.get(index))
            .sum();
        item.total = item.price - SubMinor::from_minor(i128::from(item.discount));
        if item.taxed {
            item.taxes = calc_tax(item.total, &item.rates, item.inclusive);
            if item.inclusive {
                item.total -= total(&item.taxes);
            }
        }
    }
    stage
}

/// The subtotal the cart shows (with tax when prices are shown with tax): what coupon
/// minimum and maximum spends are compared with.
pub(crate) fn displayed_subtotal(cart: &CartInput, ctx: &PricingContext<'_>) -> Money {
    displayed_subtotal_of(&subtotals(cart, ctx), ctx)
}

fn displayed_subtotal_of(stage: &ItemStage<'_>, ctx: &PricingContext<'_>) -> Money {
    let rounding = stage.rounding;
    let subtotal = rounding.group(stage.items.iter().map(|i| i.subtotal));
    if ctx.tax.display_cart_including_tax {
        let (tax, _) = rounding.taxes(stage.items.iter().map(|i| &i.subtotal_taxes));
        subtotal + tax
    } else {
        subtotal
    }
}

/// Line prices and their taxes before any discount.
fn subtotals<'a>(cart: &'a CartInput, ctx: &PricingContext<'a>) -> ItemStage<'a> {
    let calculate_tax = ctx.tax.enabled && !cart.customer.vat_exempt;
    let location = tax_location(cart, ctx);
    let base = TaxLocation::of(ctx.base_address);
    let inclusive_shop = ctx.tax.enabled && ctx.tax.prices_include_tax;
    let items = cart
        .lines
        .iter()
        .map(|line| {
            let taxable = line.tax_status == TaxStatus::Taxable;
            let rates = if ctx.tax.enabled {
                find_rates(ctx.tax_rates, &location, &line.tax_class)
            } else {
                Vec::new()
            };
            let mut price = SubMinor(
                i128::from(line.unit_price.minor())
                    .saturating_mul(i128::from(line.quantity))
                    .saturating_mul(PER_MINOR),
            );
            let mut inclusive = inclusive_shop;
            if inclusive && taxable {
                let base_rates = find_rates(ctx.tax_rates, &base, &line.tax_class);
                if cart.customer.vat_exempt {
                    // The shop's own tax comes off; the customer pays no tax.
                    let removed = total(&calc_inclusive(price, &base_rates));
                    price = SubMinor::from_minor((price - removed).round_minor(RoundMode::HalfUp));
                    inclusive = false;
                } else if !same_rates(&rates, &base_rates) {
                    // Prices hold the shop's tax; elsewhere the local tax replaces it.
                    let base_taxes = total(&calc_inclusive(price, &base_rates));
                    let local = total(&calc_exclusive(price - base_taxes, &rates));
                    price = price - base_taxes + local;
                }
            }
            let taxed = calculate_tax && taxable;
            let mut subtotal = price;
            let mut subtotal_taxes = Vec::new();
            if taxed {
                subtotal_taxes = calc_tax(price, &rates, inclusive);
                if inclusive {
                    subtotal -= total(&subtotal_taxes);
                }
            }
            Item {
                line,
                rates,
                taxed,
                inclusive,
                price,
                subtotal,
                subtotal_taxes,
                discount: 0,
                total: subtotal,
                taxes: Vec::new(),
            }
        })
        .collect();
    ItemStage {
        items,
        coupons: Vec::new(),
        discounts: Vec::new(),
        coupon_errors: Vec::new(),
        location,
        calculate_tax,
        rounding: Rounding {
            at_subtotal: ctx.tax.round_at_subtotal,
            mode: ctx.tax.rounding_mode(),
        },
    }
}

fn same_rates(a: &[&TaxRate], b: &[&TaxRate]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.id == y.id && x.rate == y.rate)
}

/// Where taxes are looked up: the pickup location when the shopper collects (the shop's
/// address if the location has none), else the address the setting names.
pub(crate) fn tax_location(cart: &CartInput, ctx: &PricingContext<'_>) -> TaxLocation {
    if let Some(address) = pickup_address(cart, ctx) {
        return TaxLocation::of(address);
    }
    let address = match ctx.tax.based_on {
        super::settings::TaxBasedOn::Base => ctx.base_address,
        super::settings::TaxBasedOn::Billing => &cart.customer.billing,
        super::settings::TaxBasedOn::Shipping => &cart.customer.shipping,
    };
    TaxLocation::of(address)
}

/// The address of the pickup location chosen for the first package, if one is chosen.
fn pickup_address<'a>(cart: &CartInput, ctx: &PricingContext<'a>) -> Option<&'a Address> {
    let chosen = cart.chosen_rates.get(&0)?;
    let index: usize = chosen.strip_prefix("pickup_location:")?.parse().ok()?;
    let settings = ctx.shipping;
    let location = settings
        .zones
        .iter()
        .flat_map(|zone| zone.methods.iter())
        .chain(settings.rest_of_world.iter())
        .chain(settings.everywhere.iter())
        .find_map(|method| match method {
            ShippingMethod::LocalPickup(pickup) => pickup.locations.get(index),
            _ => None,
        });
    match location {
        Some(location) if !location.address.country.trim().is_empty() => Some(&location.address),
        _ => Some(ctx.base_address),
    }
}
