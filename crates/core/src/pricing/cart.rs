//! What the pricing rules are given: the cart's lines, its applied coupons, the customer and
//! the shipping choices, and the shop around it ([`PricingContext`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::catalogue::{CategoryId, ProductId, TaxStatus};
use crate::money::{Currency, Money};

use super::coupon::Coupon;
use super::fees::FeeSource;
use super::settings::{CouponSettings, TaxSettings};
use super::shipping::ShippingSettings;
use super::tax_rates::TaxRate;

/// The parts of an address that pricing looks at (tax rates, shipping zones, packages).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Address {
    /// Street address.
    pub address_1: String,
    /// Apartment, suite, unit.
    pub address_2: String,
    /// Town or city.
    pub city: String,
    /// State code (`CA`), as `geo::normalize_state` leaves it.
    pub state: String,
    /// Postcode as entered.
    pub postcode: String,
    /// ISO country code (`US`).
    pub country: String,
}

impl Address {
    /// An address from its country, state, postcode and city.
    pub fn new(country: &str, state: &str, postcode: &str, city: &str) -> Self {
        Address {
            country: country.to_owned(),
            state: state.to_owned(),
            postcode: postcode.to_owned(),
            city: city.to_owned(),
            ..Address::default()
        }
    }
}

/// The shopper, as far as prices depend on them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Customer {
    /// Billing email, when known.
    pub email: String,
    /// The logged-in account's email, when there is one.
    pub account_email: String,
    /// The logged-in account, if any.
    pub user_id: Option<u64>,
    /// Billing address.
    pub billing: Address,
    /// Shipping address.
    pub shipping: Address,
    /// Exempt from tax (VAT-exempt business customers).
    pub vat_exempt: bool,
}

/// One cart line as pricing sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CartLine {
    /// The cart item key.
    pub key: String,
    /// The product, or the variable parent of a variation.
    pub product_id: ProductId,
    /// The variation, for a variation.
    pub variation_id: Option<ProductId>,
    /// The name shown for the line ("Hoodie - Blue, Yes" for a variation).
    pub name: String,
    /// Categories of the product (of the parent, for a variation).
    pub category_ids: Vec<CategoryId>,
    /// How many.
    pub quantity: u32,
    /// The price of one, as entered (including tax when the shop enters prices with tax).
    pub unit_price: Money,
    /// Whether the product is on sale now.
    pub on_sale: bool,
    /// What is taxed.
    pub tax_status: TaxStatus,
    /// Tax class slug; empty for the standard class.
    pub tax_class: String,
    /// Whether the line is shipped (not virtual).
    pub needs_shipping: bool,
    /// Shipping class slug; empty for none.
    pub shipping_class: String,
}

impl Default for CartLine {
    fn default() -> Self {
        CartLine {
            key: String::new(),
            product_id: ProductId(0),
            variation_id: None,
            name: String::new(),
            category_ids: Vec::new(),
            quantity: 1,
            unit_price: Money::ZERO,
            on_sale: false,
            tax_status: TaxStatus::Taxable,
            tax_class: String::new(),
            needs_shipping: true,
            shipping_class: String::new(),
        }
    }
}

impl CartLine {
    /// The id WooCommerce calls the line's product: the variation if there is one.
    pub fn item_id(&self) -> ProductId {
        self.variation_id.unwrap_or(self.product_id)
    }

    /// The ids coupon product lists are compared with: the item and its parent.
    pub fn coupon_ids(&self) -> [ProductId; 2] {
        [self.item_id(), self.product_id]
    }
}

/// A code applied to the cart, with its coupon record (`None` when the coupon no longer
/// exists).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppliedCoupon {
    /// The code as applied.
    pub code: String,
    /// The coupon as stored now.
    pub coupon: Option<Coupon>,
}

/// A cart to price.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CartInput {
    /// The lines, in cart order.
    pub lines: Vec<CartLine>,
    /// Applied coupon codes, in the order they were applied.
    pub coupons: Vec<AppliedCoupon>,
    /// The shopper.
    pub customer: Customer,
    /// The rate the shopper chose last, per package id.
    pub chosen_rates: BTreeMap<u32, String>,
    /// Cart extension data, by extension namespace (`POST /cart/extensions`).
    pub extensions: serde_json::Map<String, serde_json::Value>,
    /// Category names, for coupon messages that list excluded categories.
    pub category_names: BTreeMap<CategoryId, String>,
}

/// The shop around a cart: settings, rates, zones, base address, fee sources and the clock.
#[derive(Clone, Copy)]
pub struct PricingContext<'a> {
    /// The shop currency.
    pub currency: &'a Currency,
    /// Tax settings.
    pub tax: &'a TaxSettings,
    /// Every tax rate.
    pub tax_rates: &'a [TaxRate],
    /// Shipping zones and methods.
    pub shipping: &'a ShippingSettings,
    /// Coupon settings.
    pub coupons: &'a CouponSettings,
    /// The shop's base address (country, state, postcode, city).
    pub base_address: &'a Address,
    /// Sources of fees (server extensions), asked in order.
    pub fee_sources: &'a [&'a dyn FeeSource],
    /// Now, in unix seconds (coupon expiry).
    pub now: i64,
}
