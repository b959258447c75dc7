//! What pricing returns: per-line, per-coupon, per-fee and per-package amounts, the tax lines
//! and the cart totals, in the Store API's terms (all amounts in minor units).

use std::collections::BTreeMap;

use serde::Serialize;
use ts_rs::TS;

use crate::money::Money;

use super::cart::Address;
use super::coupon::CouponKind;
use super::coupon_error::CouponError;

/// An amount for one tax rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RateAmount {
    /// The tax rate id.
    pub rate_id: u64,
    /// The tax.
    pub amount: Money,
}

/// A line's taxes for one rate, before and after discounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LineTax {
    /// The tax rate id.
    pub rate_id: u64,
    /// Tax on the line before discounts.
    pub subtotal: Money,
    /// Tax on the line after discounts.
    pub total: Money,
}

/// A line's amounts (`totals` of a Store API cart item).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LineTotals {
    /// The cart item key.
    pub key: String,
    /// Before discounts, excluding tax.
    pub line_subtotal: Money,
    /// Tax before discounts.
    pub line_subtotal_tax: Money,
    /// After discounts, excluding tax.
    pub line_total: Money,
    /// Tax after discounts.
    pub line_total_tax: Money,
    /// The taxes per rate.
    pub taxes: Vec<LineTax>,
}

/// What one applied coupon takes off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CouponTotals {
    /// The coupon code.
    pub code: String,
    /// `percent`, `fixed_cart` or `fixed_product`.
    pub discount_type: CouponKind,
    /// The discount, excluding tax.
    pub discount: Money,
    /// The tax the discount takes off.
    pub discount_tax: Money,
}

/// A fee as charged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FeeTotals {
    /// The fee's key.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The amount, excluding tax (negative for a discount).
    pub total: Money,
    /// Its tax.
    pub total_tax: Money,
    /// Its taxes per rate.
    pub taxes: Vec<RateAmount>,
}

/// One line of a package's contents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PackageItem {
    /// The cart item key.
    pub key: String,
    /// The line's name.
    pub name: String,
    /// How many.
    pub quantity: u32,
}

/// A key and value shown with a rate (`pickup_location`, `Items`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct RateMeta {
    /// The key.
    pub key: String,
    /// The value (HTML, as WooCommerce stores it).
    pub value: String,
}

/// A way to ship a package, with its cost.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShippingRate {
    /// `flat_rate:1`, `free_shipping:2`, `pickup_location:0`.
    pub rate_id: String,
    /// The method instance (0 for pickup locations).
    pub instance_id: u32,
    /// `flat_rate`, `free_shipping`, `pickup_location`.
    pub method_id: String,
    /// Name shown to shoppers.
    pub name: String,
    /// Description.
    pub description: String,
    /// Delivery time.
    pub delivery_time: String,
    /// Cost, excluding tax.
    pub cost: Money,
    /// Tax on the cost.
    pub taxes: Money,
    /// Tax on the cost per rate.
    pub tax_breakdown: Vec<RateAmount>,
    /// Extra data shown with the rate.
    pub meta_data: Vec<RateMeta>,
    /// Whether this is the package's chosen rate.
    pub selected: bool,
}

/// The items shipped together to one destination, and the rates offered for them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShippingPackage {
    /// Package id (0 for the first).
    pub package_id: u32,
    /// "Shipment 1".
    pub name: String,
    /// Where it goes.
    pub destination: Address,
    /// What is in it.
    pub items: Vec<PackageItem>,
    /// The rates offered, in order.
    pub rates: Vec<ShippingRate>,
}

impl ShippingPackage {
    /// The chosen rate, if any rate is offered.
    pub fn selected_rate(&self) -> Option<&ShippingRate> {
        self.rates.iter().find(|rate| rate.selected)
    }
}

/// One tax line (`tax_lines` of the Store API): rates sharing a code are combined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TaxLine {
    /// The (last) rate of the line.
    pub rate_id: u64,
    /// The rate's label ("CA Tax").
    pub name: String,
    /// The rate as a percentage ("8.25%").
    pub rate: String,
    /// The tax.
    pub price: Money,
    /// Whether the rate is compound.
    pub compound: bool,
}

/// The cart totals (`totals` of the Store API cart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Totals {
    /// Items before discounts, excluding tax.
    pub total_items: Money,
    /// Tax on items before discounts.
    pub total_items_tax: Money,
    /// Fees, excluding tax.
    pub total_fees: Money,
    /// Tax on fees.
    pub total_fees_tax: Money,
    /// Coupon discounts, excluding tax.
    pub total_discount: Money,
    /// Tax taken off by coupon discounts.
    pub total_discount_tax: Money,
    /// Chosen shipping, excluding tax; `None` until shipping can be calculated.
    pub total_shipping: Option<Money>,
    /// Tax on shipping; `None` until shipping can be calculated.
    pub total_shipping_tax: Option<Money>,
    /// What the shopper pays.
    pub total_price: Money,
    /// All tax.
    pub total_tax: Money,
}

/// Everything pricing works out for a cart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartTotals {
    /// Per line, in cart order.
    pub lines: Vec<LineTotals>,
    /// Per valid applied coupon, in the order applied.
    pub coupons: Vec<CouponTotals>,
    /// The fees.
    pub fees: Vec<FeeTotals>,
    /// The shipping packages (none when nothing ships or shipping is not calculated yet).
    pub packages: Vec<ShippingPackage>,
    /// Taxes per rate code (empty unless taxes are itemised).
    pub tax_lines: Vec<TaxLine>,
    /// The totals.
    pub totals: Totals,
    /// Whether anything in the cart ships.
    pub needs_shipping: bool,
    /// Whether shipping costs are known (cart not empty, methods set up, address complete
    /// enough).
    pub has_calculated_shipping: bool,
    /// Applied coupons that no longer apply: the server removes them and reports these.
    pub coupon_errors: Vec<CouponError>,
    /// The chosen rate per package, to remember.
    pub chosen_rates: BTreeMap<u32, String>,
}

impl CartTotals {
    /// A line's totals by cart item key.
    pub fn line(&self, key: &str) -> Option<&LineTotals> {
        self.lines.iter().find(|line| line.key == key)
    }

    /// A package by id.
    pub fn package(&self, package_id: u32) -> Option<&ShippingPackage> {
        self.packages.iter().find(|p| p.package_id == package_id)
    }

    /// Whether `rate_id` is offered for the package: `select-shipping-rate` keeps the previous
    /// choice when it is not.
    pub fn offers_rate(&self, package_id: u32, rate_id: &str) -> bool {
        self.package(package_id)
            .is_some_and(|p| p.rates.iter().any(|rate| rate.rate_id == rate_id))
    }
}
