//! `calculate`: a cart's totals in WooCommerce's order — items, coupons, taxes on the
//! discounted lines, shipping rates with their taxes, fees with theirs, then the totals and
//! the tax lines.

use std::collections::BTreeMap;

use crate::catalogue::TaxStatus;
use crate::geo::{AddressField, address_field};
use crate::money::Money;

use super::cart::{CartInput, PricingContext};
use super::coupon::format_coupon_code;
use super::decimal::{RoundMode, SubMinor};
use super::fee_totals::fee_totals;
use super::fees::FeeCart;
use super::items::{ItemStage, price_items};
use super::settings::{ShippingTaxClass, normalize_tax_class};
use super::shipping::{has_methods, methods_for};
use super::shipping_rates::{PackageQuote, QuotedRate};
use super::tax_calc::{RateTaxes, calc_tax, total};
use super::tax_rates::{TaxRate, find_shipping_rates};
use super::totals::{
    CartTotals, CouponTotals, LineTax, LineTotals, PackageItem, ShippingPackage, TaxLine, Totals,
};

/// Works out everything the cart costs.
///
/// Taxes follow the chosen shipping rate (a pickup order is taxed where it is collected). The
/// rate in force is only known once the rates are: one the shopper has not chosen yet is
/// chosen by default, and one chosen earlier may no longer be offered for the address. When
/// the rate in force for the first package is not the one the cart names and either of them is
/// a pickup rate, the cart is worked out again with the rate in force, as WooCommerce's next
/// calculation would: the totals do not depend on which rate the shopper clicked before.
pub fn calculate(cart: &CartInput, ctx: &PricingContext<'_>) -> CartTotals {
    let totals = calculate_once(cart, ctx);
    let named = cart.chosen_rates.get(&0);
    let in_force = totals.chosen_rates.get(&0);
    let is_pickup = |rate: Option<&String>| rate.is_some_and(|r| r.starts_with("pickup_location:"));
    if named != in_force && (is_pickup(named) || is_pickup(in_force)) {
        let mut chosen = cart.clone();
        chosen.chosen_rates = totals.chosen_rates.clone();
        return calculate_once(&chosen, ctx);
    }
    totals
}

fn calculate_once(cart: &CartInput, ctx: &PricingContext<'_>) -> CartTotals {
    let stage = price_items(cart, ctx);
    let rounding = stage.rounding;
    let lines = line_totals(&stage);
    let total_items = rounding.group(stage.items.iter().map(|i| i.subtotal));
    let (total_items_tax, _) = rounding.taxes(stage.items.iter().map(|i| &i.subtotal_taxes));
    let items_total = rounding.group(stage.items.iter().map(|i| i.total));
    let (items_total_tax, items_taxes) = rounding.taxes(stage.items.iter().map(|i| &i.taxes));
    let (coupons, total_discount, total_discount_tax) = coupon_totals(&stage);

    let shipping_on = ctx.shipping.enabled && has_methods(ctx.shipping);
    let needs_shipping = shipping_on && cart.lines.iter().any(|l| l.needs_shipping);
    let has_calculated_shipping = ctx.shipping.enabled
        && !cart.lines.is_empty()
        && (!ctx.shipping.cost_requires_address || has_full_address(cart));
    let display_tax = if ctx.tax.display_cart_including_tax {
        (total_items_tax, total_discount_tax)
    } else {
        (Money::ZERO, Money::ZERO)
    };
    // Free shipping's minimum is compared with the subtotal as shown (a WooCommerce detail:
    // the discount's tax comes off the shown subtotal even when discounts are ignored).
    let shown_subtotal = total_items + display_tax.0 - display_tax.1;
    let shipment = if has_calculated_shipping && needs_shipping {
        ship(cart, ctx, &stage, &lines, shown_subtotal, total_discount)
    } else {
        Shipment::default()
    };
    let Shipment {
        packages,
        chosen_rates,
        exact_taxes: shipping_exact,
        total: total_shipping,
    } = shipment;
    let (total_shipping_tax, shipping_taxes) = rounding.taxes(shipping_exact.iter());

    let fee_cart = FeeCart {
        cart,
        items_subtotal: total_items,
        items_total,
        shipping_total: total_shipping,
    };
    let (fees, fees_exact) = fee_totals(&stage, ctx, &fee_cart, &lines);
    let total_fees: Money = fees.iter().map(|f| f.total).sum();
    let (total_fees_tax, fee_taxes) = rounding.taxes(fees_exact.iter());

    let total_tax = items_total_tax + total_shipping_tax + total_fees_tax;
    let total_price = (items_total + total_fees + total_shipping + total_tax).max(Money::ZERO);
    let tax_lines = if ctx.tax.itemised {
        tax_lines(ctx.tax_rates, &[&items_taxes, &shipping_taxes, &fee_taxes])
    } else {
        Vec::new()
    };
    CartTotals {
        lines,
        coupons,
        fees,
        packages,
        tax_lines,
        totals: Totals {
            total_items,
            total_items_tax,
            total_fees,
            total_fees_tax,
            total_discount,
            total_discount_tax,
            total_shipping: has_calculated_shipping.then_some(total_shipping),
            total_shipping_tax: has_calculated_shipping.then_some(total_shipping_tax),
            total_price,
            total_tax,
        },
        needs_shipping,
        has_calculated_shipping,
        coupon_errors: stage.coupon_errors,
        chosen_rates,
    }
}

/// The package, its rates and the chosen one.
#[derive(Default)]
struct Shipment {
    packages: Vec<ShippingPackage>,
    chosen_rates: BTreeMap<u32, String>,
    exact_taxes: Vec<RateTaxes>,
    total: Money,
}

/// Quotes the rates for the shipped lines (one package, to the shipping address) and picks
/// the chosen rate.
fn ship(
    cart: &CartInput,
    ctx: &PricingContext<'_>,
    stage: &ItemStage<'_>,
    lines: &[LineTotals],
    shown_subtotal: Money,
    discount: Money,
) -> Shipment {
    let quote = PackageQuote {
        lines: stage
            .items
            .iter()
            .zip(lines)
            .filter(|(item, _)| item.line.needs_shipping)
            .map(|(item, totals)| (item.line, totals.line_total))
            .collect(),
        free_shipping_coupon: stage.coupons.iter().any(|c| c.free_shipping),
        amount_after_discounts: shown_subtotal - discount,
        amount_before_discounts: shown_subtotal,
        minor_unit: ctx.currency.minor_unit,
        tax_rates: shipping_tax_rates(stage, ctx),
        rounding: stage.rounding.mode,
        base_country: &ctx.base_address.country,
    };
    let destination = &cart.customer.shipping;
    let mut rates = quote.rates(&methods_for(ctx.shipping, destination));
    let mut shipment = Shipment::default();
    let selected = choose(
        &rates,
        cart.chosen_rates.get(&0),
        quote.free_shipping_coupon,
    );
    if let Some(rate) = selected.and_then(|at| rates.get_mut(at)) {
        rate.rate.selected = true;
        shipment.chosen_rates.insert(0, rate.rate.rate_id.clone());
        shipment.total += rate.rate.cost;
        shipment.exact_taxes.push(rate.exact_taxes.clone());
    }
    shipment.packages.push(ShippingPackage {
        package_id: 0,
        name: "Shipment 1".to_owned(),
        destination: destination.clone(),
        items: quote
            .lines
            .iter()
            .map(|(line, _)| PackageItem {
                key: line.key.clone(),
                name: line.name.clone(),
                quantity: line.quantity,
            })
            .collect(),
        rates: rates.into_iter().map(|r| r.rate).collect(),
    });
    shipment
}

fn line_totals(stage: &ItemStage<'_>) -> Vec<LineTotals> {
    let rounding = stage.rounding;
    stage
        .items
        .iter()
        .map(|item| {
            let taxes: Vec<LineTax> = item
                .subtotal_taxes
                .iter()
                .map(|(rate_id, subtotal)| LineTax {
                    rate_id: *rate_id,
                    subtotal: rounding.line(*subtotal),
                    total: item
                        .taxes
                        .iter()
                        .find(|(id, _)| id == rate_id)
                        .map_or(Money::ZERO, |(_, t)| rounding.line(*t)),
                })
                .collect();
            LineTotals {
                key: item.line.key.clone(),
                line_subtotal: rounding.line(item.subtotal),
                line_subtotal_tax: rounding.line_taxes(&item.subtotal_taxes),
                line_total: rounding.line(item.total),
                line_total_tax: rounding.line_taxes(&item.taxes),
                taxes,
            }
        })
        .collect()
}

/// Each coupon's discount and the tax it takes off, and their totals. As in WooCommerce,
/// the totals are the exact sums rounded (half up), and each coupon's tax is rounded half
/// down, as the Store API writes it.
fn coupon_totals(stage: &ItemStage<'_>) -> (Vec<CouponTotals>, Money, Money) {
    let mut coupons = Vec::new();
    let mut all_amounts = SubMinor::ZERO;
    let mut all_taxes = SubMinor::ZERO;
    for (coupon, row) in stage.coupons.iter().zip(&stage.discounts) {
        let mut amount = SubMinor::ZERO;
        let mut tax = SubMinor::ZERO;
        for (item, given) in stage.items.iter().zip(row) {
            let given = SubMinor::from_minor(i128::from(*given));
            amount += given;
            if item.taxed {
                let item_tax = total(&calc_tax(given, &item.rates, item.inclusive));
                tax += item_tax;
                if item.inclusive {
                    amount -= item_tax;
                }
            }
        }
        all_amounts += amount;
        all_taxes += tax;
        coupons.push(CouponTotals {
            code: format_coupon_code(&coupon.code),
            discount_type: coupon.kind,
            discount: amount.round(RoundMode::HalfUp),
            discount_tax: tax.round(RoundMode::HalfDown),
        });
    }
    (
        coupons,
        all_amounts.round(RoundMode::HalfUp),
        all_taxes.round(RoundMode::HalfUp),
    )
}

/// The rate the package ships with: the remembered choice if still offered, else free
/// shipping when a coupon grants it, else the first rate.
fn choose(rates: &[QuotedRate], remembered: Option<&String>, free_coupon: bool) -> Option<usize> {
    if let Some(chosen) = remembered
        && let Some(at) = rates.iter().position(|r| &r.rate.rate_id == chosen)
    {
        return Some(at);
    }
    if free_coupon
        && let Some(at) = rates
            .iter()
            .position(|r| r.rate.rate_id.starts_with("free_shipping"))
    {
        return Some(at);
    }
    (!rates.is_empty()).then_some(0)
}

/// The rates shipping is taxed at: the configured class, or (`inherit`) the class of the
/// shipped taxable items: theirs if they share one, the first in the merchant's class order
/// if they are mixed without a standard-rate item, else standard.
fn shipping_tax_rates<'a>(stage: &ItemStage<'a>, ctx: &PricingContext<'a>) -> Vec<&'a TaxRate> {
    if !stage.calculate_tax {
        return Vec::new();
    }
    let location = &stage.location;
    let classes_in_cart = || {
        let mut classes: Vec<String> = Vec::new();
        for item in &stage.items {
            let line = item.line;
            if line.needs_shipping && line.tax_status != TaxStatus::None {
                let class = normalize_tax_class(&line.tax_class);
                if !classes.contains(&class) {
                    classes.push(class);
                }
            }
        }
        classes
    };
    match &ctx.tax.shipping_tax_class {
        ShippingTaxClass::Class(class) => find_shipping_rates(ctx.tax_rates, location, class),
        ShippingTaxClass::Inherit => {
            let classes = classes_in_cart();
            let class = match classes.as_slice() {
                [only] => only.clone(),
                _ if classes.iter().any(String::is_empty) => String::new(),
                _ => ctx
                    .tax
                    .classes
                    .iter()
                    .map(|c| normalize_tax_class(&c.slug))
                    .find(|slug| classes.contains(slug))
                    .unwrap_or_default(),
            };
            let rates = find_shipping_rates(ctx.tax_rates, location, &class);
            // WooCommerce falls back to the standard rates when the class has none.
            if rates.is_empty() {
                find_shipping_rates(ctx.tax_rates, location, "")
            } else {
                rates
            }
        }
    }
}

/// Tax lines: each rate's total, rates sharing a code combined, in the order first seen,
/// without lines that come to nothing.
fn tax_lines(rates: &[TaxRate], parts: &[&RateTaxes]) -> Vec<TaxLine> {
    let mut lines: Vec<(String, TaxLine)> = Vec::new();
    for part in parts {
        for (rate_id, amount) in part.iter() {
            let Some(rate) = rates.iter().find(|r| r.id == *rate_id) else {
                continue;
            };
            let price = amount.round(RoundMode::HalfUp);
            let code = rate.code();
            match lines.iter_mut().find(|(c, _)| *c == code) {
                Some((_, line)) => {
                    line.price += price;
                    line.rate_id = rate.id;
                    line.name = rate.label().to_owned();
                    line.rate = rate.rate.percent_label();
                    line.compound = rate.compound;
                }
                None => lines.push((
                    code,
                    TaxLine {
                        rate_id: rate.id,
                        name: rate.label().to_owned(),
                        rate: rate.rate.percent_label(),
                        price,
                        compound: rate.compound,
                    },
                )),
            }
        }
    }
    // WooCommerce hides tax lines that come to nothing (`woocommerce_cart_hide_zero_taxes`).
    lines
        .into_iter()
        .map(|(_, line)| line)
        .filter(|line| !line.price.is_zero())
        .collect()
}

/// Whether the shipping address is complete enough to quote shipping: a country, and the
/// state and postcode where the country's address form requires them.
fn has_full_address(cart: &CartInput) -> bool {
    let address = &cart.customer.shipping;
    let country = address.country.trim();
    let required = |field: AddressField| address_field(country, field).required;
    !country.is_empty()
        && (!required(AddressField::State) || !address.state.trim().is_empty())
        && (!required(AddressField::Postcode) || !address.postcode.trim().is_empty())
}
