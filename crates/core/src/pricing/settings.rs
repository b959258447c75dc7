//! The merchant's tax and coupon settings, stored by the server as JSON options.
//!
//! Every field has a default (the reference shop's: taxes on, prices entered without tax,
//! taxes from the shipping address, rounded per line, shown without tax, itemised), so a
//! stored value from an older version still loads.

use serde::{Deserialize, Serialize};

use super::decimal::RoundMode;

/// How taxes are calculated and shown (WooCommerce's Tax settings tab).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaxSettings {
    /// Whether taxes are calculated at all (`woocommerce_calc_taxes`).
    pub enabled: bool,
    /// Whether catalogue prices are entered including tax.
    pub prices_include_tax: bool,
    /// Which address decides the tax rates.
    pub based_on: TaxBasedOn,
    /// Round taxes once on the subtotal instead of on every line.
    pub round_at_subtotal: bool,
    /// Show cart and checkout prices including tax (`displayCartPricesIncludingTax`).
    pub display_cart_including_tax: bool,
    /// List taxes one line per rate (`tax_lines`) instead of a single total.
    pub itemised: bool,
    /// The tax class shipping is taxed at.
    pub shipping_tax_class: ShippingTaxClass,
    /// The additional tax classes, in the merchant's order (standard is implicit).
    pub classes: Vec<TaxClass>,
}

impl Default for TaxSettings {
    fn default() -> Self {
        TaxSettings {
            enabled: true,
            prices_include_tax: false,
            based_on: TaxBasedOn::Shipping,
            round_at_subtotal: false,
            display_cart_including_tax: false,
            itemised: true,
            shipping_tax_class: ShippingTaxClass::Inherit,
            classes: vec![
                TaxClass::new("reduced-rate", "Reduced rate"),
                TaxClass::new("zero-rate", "Zero rate"),
            ],
        }
    }
}

impl TaxSettings {
    /// WooCommerce's tax rounding: halves down when prices include tax, else up.
    pub fn rounding_mode(&self) -> RoundMode {
        if self.prices_include_tax {
            RoundMode::HalfDown
        } else {
            RoundMode::HalfUp
        }
    }
}

/// Which address the tax rates are looked up for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaxBasedOn {
    /// The customer's shipping address.
    #[default]
    Shipping,
    /// The customer's billing address.
    Billing,
    /// The shop's base address, whoever buys.
    Base,
}

/// The tax class applied to shipping.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum ShippingTaxClass {
    /// The class of the items in the cart (`inherit`).
    #[default]
    Inherit,
    /// A fixed class; the empty slug is the standard class.
    Class(String),
}

impl From<String> for ShippingTaxClass {
    fn from(value: String) -> Self {
        if value == "inherit" {
            ShippingTaxClass::Inherit
        } else {
            ShippingTaxClass::Class(normalize_tax_class(&value))
        }
    }
}

impl From<ShippingTaxClass> for String {
    fn from(value: ShippingTaxClass) -> Self {
        match value {
            ShippingTaxClass::Inherit => "inherit".to_owned(),
            ShippingTaxClass::Class(slug) => slug,
        }
    }
}

/// A tax class besides the standard one.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TaxClass {
    /// Slug used by products and rates (`reduced-rate`).
    pub slug: String,
    /// Name shown to merchants.
    pub name: String,
}

impl TaxClass {
    /// A class from its slug and name.
    pub fn new(slug: &str, name: &str) -> Self {
        TaxClass {
            slug: slug.to_owned(),
            name: name.to_owned(),
        }
    }
}

/// A tax class slug as rates and products are compared: trimmed, lower-case, and the
/// standard class (`""` or `"standard"`) as the empty string.
pub fn normalize_tax_class(slug: &str) -> String {
    let slug = slug.trim().to_lowercase();
    if slug == "standard" {
        String::new()
    } else {
        slug
    }
}

/// Coupon settings (WooCommerce's General tab).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CouponSettings {
    /// Whether shoppers may enter coupon codes.
    pub enabled: bool,
    /// Apply each coupon to the price left by the coupons before it.
    pub calc_discounts_sequentially: bool,
}

impl Default for CouponSettings {
    fn default() -> Self {
        CouponSettings {
            enabled: true,
            calc_discounts_sequentially: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_default_missing_fields() {
        let settings: TaxSettings =
            serde_json::from_str(r#"{"prices_include_tax":true,"shipping_tax_class":"Standard"}"#)
                .expect("settings");
        assert!(settings.enabled);
        assert!(settings.prices_include_tax);
        assert_eq!(settings.rounding_mode(), RoundMode::HalfDown);
        assert_eq!(
            settings.shipping_tax_class,
            ShippingTaxClass::Class(String::new())
        );
        let json = serde_json::to_value(TaxSettings::default()).expect("json");
        assert_eq!(json["shipping_tax_class"], "inherit");
        assert_eq!(json["based_on"], "shipping");
        let back: TaxSettings = serde_json::from_value(json).expect("settings");
        assert_eq!(back, TaxSettings::default());
        assert_eq!(normalize_tax_class(" Reduced-Rate "), "reduced-rate");
    }
}
