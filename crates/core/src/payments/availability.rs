//! When a gateway is offered: the merchant's rules for one gateway (cash on delivery's
//! shipping-method and virtual-order rules in WooCommerce, made general: any gateway may have
//! them, plus order amounts and billing countries).

use serde::{Deserialize, Serialize};

use super::gateway::GatewayInfo;
use crate::money::Money;

/// One gateway's availability rules. The default offers it always.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Availability {
    /// Offered only from this order total up (inclusive).
    pub min_total: Option<Money>,
    /// Offered only up to this order total (inclusive).
    pub max_total: Option<Money>,
    /// Offered only for billing addresses in these countries (ISO codes); empty: everywhere.
    pub countries: Vec<String>,
    /// Offered only when a chosen shipping rate is one of these methods (`flat_rate`) or rates
    /// (`flat_rate:1`); empty: with any shipping.
    pub shipping_methods: Vec<String>,
    /// Not offered for orders that need no shipping (WooCommerce's `enable_for_virtual` off).
    pub not_for_virtual: bool,
}

/// What availability is judged on: the order (or cart) being paid for.
#[derive(Debug, Clone, Copy)]
pub struct PaymentContext<'a> {
    /// The total to pay.
    pub total: Money,
    /// Whether anything ships.
    pub needs_shipping: bool,
    /// The chosen rate ids (`flat_rate:1`), or for an existing order its shipping lines as
    /// `method_id:instance_id`.
    pub chosen_rates: &'a [&'a str],
    /// The billing country ("" when not known yet).
    pub country: &'a str,
}

impl Availability {
    /// Whether the gateway is offered for `context` (`WC_Payment_Gateway::is_available`, with
    /// cash on delivery's rules for every gateway).
    pub fn allows(&self, context: &PaymentContext<'_>) -> bool {
        if self.min_total.is_some_and(|min| context.total < min)
            || self.max_total.is_some_and(|max| context.total > max)
        {
            return false;
        }
        if !self.countries.is_empty()
            && !self
                .countries
                .iter()
                .any(|c| c.eq_ignore_ascii_case(context.country))
        {
            return false;
        }
        if !context.needs_shipping {
            return !self.not_for_virtual;
        }
        self.shipping_methods.is_empty()
            || context.chosen_rates.iter().any(|rate| {
                let method = rate.split(':').next().unwrap_or(rate);
                self.shipping_methods
                    .iter()
                    .any(|allowed| allowed == rate || allowed == method)
            })
    }

    /// `paymentMethodData.cod` as WooCommerce sends it: the common data plus the shipping
    /// rules (`enableForVirtual`, `enableForShippingMethods`).
    pub fn cod_method_data(&self, info: &GatewayInfo) -> serde_json::Value {
        serde_json::json!({
            "title": info.title,
            "description": info.description,
            "enableForVirtual": !self.not_for_virtual,
            "enableForShippingMethods": self.shipping_methods,
            "supports": info.method_data().supports,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context<'a>(needs_shipping: bool, rates: &'a [&'a str]) -> PaymentContext<'a> {
        PaymentContext {
            total: Money::from_minor(5000),
            needs_shipping,
            chosen_rates: rates,
            country: "US",
        }
    }

    #[test]
    fn shipping_rules_follow_cash_on_delivery() {
        let any = Availability::default();
        assert!(any.allows(&context(true, &["flat_rate:1"])));
        assert!(any.allows(&context(false, &[])));
        let no_virtual = Availability {
            not_for_virtual: true,
            ..Availability::default()
        };
        assert!(!no_virtual.allows(&context(false, &[])));
        let flat_only = Availability {
            shipping_methods: vec!["flat_rate".into()],
            ..Availability::default()
        };
        assert!(flat_only.allows(&context(true, &["flat_rate:1"])));
        assert!(!flat_only.allows(&context(true, &["pickup_location:0"])));
        assert!(!flat_only.allows(&context(true, &[])));
        assert!(flat_only.allows(&context(true, &["pickup_location:0", "flat_rate:3"])));
        let one_rate = Availability {
            shipping_methods: vec!["flat_rate:2".into()],
            not_for_virtual: true,
            ..Availability::default()
        };
        assert!(one_rate.allows(&context(true, &["flat_rate:2"])));
        assert!(!one_rate.allows(&context(true, &["flat_rate:1"])));
    }

    #[test]
    fn amounts_and_countries_bound_it() {
        let bounded = Availability {
            min_total: Some(Money::from_minor(1000)),
            max_total: Some(Money::from_minor(5000)),
            countries: vec!["US".into(), "ca".into()],
            ..Availability::default()
        };
        assert!(bounded.allows(&context(true, &[])));
        let mut small = context(true, &[]);
        small.total = Money::from_minor(999);
        assert!(!bounded.allows(&small));
        small.total = Money::from_minor(1000);
        assert!(bounded.allows(&small), "inclusive");
        let mut big = context(true, &[]);
        big.total = Money::from_minor(5001);
        assert!(!bounded.allows(&big));
        let mut canada = context(true, &[]);
        canada.country = "CA";
        assert!(bounded.allows(&canada));
        canada.country = "GB";
        assert!(!bounded.allows(&canada));
        canada.country = "";
        assert!(!bounded.allows(&canada), "unknown country");
    }
}
