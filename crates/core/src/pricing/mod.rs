//! Cart pricing: coupons, taxes, shipping and fees, worked out in WooCommerce's order so that
//! the totals match a WooCommerce shop to the cent.
//!
//! [`calculate`] takes a [`CartInput`] (lines, applied coupons, customer, chosen shipping
//! rates, extension data) and a [`PricingContext`] (settings, tax rates, zones, base address,
//! fee sources, the clock) and returns [`CartTotals`]:
//!
//! 1. item subtotals, and their taxes (prices entered with or without tax);
//! 2. the applied coupons, re-validated, spread over the lines as `WC_Discounts` does;
//! 3. taxes on the discounted lines;
//! 4. shipping packages, the rates their zone offers, the chosen rate and its taxes;
//! 5. fees from the [`FeeSource`]s, with their taxes;
//! 6. the totals and the tax lines.
//!
//! Everything is integer arithmetic: money in minor units, taxes kept to a millionth of a
//! minor unit (WooCommerce's six decimals) until the rounding setting rounds them. The
//! recorded WooCommerce carts (`golden/`) come out identical, field by field.
//!
//! Where we knowingly differ from WooCommerce 10:
//!
//! - One shipping package per cart; zone regions are countries and states (no continents).
//! - A flat rate whose formula fails is not offered (WooCommerce offers it for nothing).
//! - The remembered rate stays chosen while it is offered (WooCommerce also falls back to
//!   the default whenever the set of offered rates changes).
//! - Per-customer coupon limits count the billing email from the cart on, not only at
//!   checkout; in allowed emails only `*` is special (WooCommerce's regex also lets `.`
//!   match anything); amounts are clamped to 0–100 % and to non-negative money.
//! - With rounding at the subtotal, each rate's total is rounded on its own, so the tax
//!   lines add up to the tax total (WooCommerce can be a cent apart there).
//! - A rate without a name is labelled "Tax" (WooCommerce says "VAT" for EU shops).
//!
//! Kept from WooCommerce on purpose: the discount tax total is the exact discount tax
//! rounded, so `total_items_tax - total_discount_tax` can differ by a cent from the tax on
//! the lines (golden 022: 41, not 446 - 404 = 42); tax lines of zero are hidden.

mod apply;
mod calculate;
mod cart;
mod coupon;
mod coupon_error;
mod decimal;
mod discounts;
mod display;
mod fee_totals;
mod fees;
mod formula;
mod items;
mod settings;
mod shipping;
mod shipping_rates;
mod tax_calc;
mod tax_rates;
mod totals;
mod totals_rows;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod totals_rows_shared;

pub use apply::apply_coupon;
pub use calculate::calculate;
pub use cart::{Address, AppliedCoupon, CartInput, CartLine, Customer, PricingContext};
pub use coupon::{
    Coupon, CouponCheck, CouponKind, format_coupon_code, validate_coupon, wildcard_matches,
};
pub use coupon_error::{COUPON_ERROR_CODE, CouponError, price_text};
pub use decimal::{Decimal, DecimalError, RoundMode};
pub use display::display_price;
pub use fees::{Fee, FeeAmount, FeeCart, FeeSource, GiftWrap, fee_id};
pub use formula::{FormulaError, check_cost_formula, evaluate_cost};
pub use settings::{
    CouponSettings, ShippingTaxClass, TaxBasedOn, TaxClass, TaxSettings, normalize_tax_class,
};
pub use shipping::{
    ClassCalculation, FlatRate, FreeShipping, FreeShippingRequires, LocalPickup, PickupLocation,
    ShippingMethod, ShippingSettings, ShippingZone, has_methods, methods_for, zone_for,
};
pub use shipping_rates::format_address;
pub use tax_rates::{
    TaxLocation, TaxRate, find_rates, find_shipping_rates, normalize_postcode_for_matching,
    postcode_matches,
};
pub use totals::{
    CartTotals, CouponTotals, FeeTotals, LineTax, LineTotals, PackageItem, RateAmount, RateMeta,
    ShippingPackage, ShippingRate, TaxLine, Totals,
};
pub use totals_rows::{CartRow, CartRowKind, CartTotalsRows};
