//! The rates offered for a package: what each configured method charges for it
//! (`calculate_shipping` of flat rate, free shipping and the block checkout's pickup
//! locations), with its taxes.

use crate::geo::{AddressParts, address_lines};
use crate::money::Money;

use super::cart::{Address, CartLine};
use super::decimal::{RoundMode, SubMinor};
use super::formula::evaluate_cost;
use super::shipping::{
    ClassCalculation, FlatRate, FreeShipping, FreeShippingRequires, LocalPickup, ShippingMethod,
};
use super::tax_calc::{RateTaxes, calc_exclusive};
use super::tax_rates::TaxRate;
use super::totals::{RateAmount, RateMeta, ShippingRate};

/// What the rates of one package depend on.
pub(crate) struct PackageQuote<'a> {
    /// The lines in the package, with their totals after discounts (excluding tax).
    pub lines: Vec<(&'a CartLine, Money)>,
    /// Whether a valid applied coupon grants free shipping.
    pub free_shipping_coupon: bool,
    /// The amount free shipping's minimum is compared with, after discounts.
    pub amount_after_discounts: Money,
    /// The same amount before discounts.
    pub amount_before_discounts: Money,
    /// Decimals of the currency.
    pub minor_unit: u32,
    /// Tax rates that apply to shipping here.
    pub tax_rates: Vec<&'a TaxRate>,
    /// How shown taxes are rounded.
    pub rounding: RoundMode,
    /// The shop's country (left out of pickup addresses in it).
    pub base_country: &'a str,
}

/// A rate before its taxes and the `Items` line are added.
struct RateSpec {
    rate_id: String,
    instance_id: u32,
    method_id: &'static str,
    name: String,
    cost: Money,
    taxable: bool,
    meta_data: Vec<RateMeta>,
}

/// A rate with its exact taxes, for the totals.
pub(crate) struct QuotedRate {
    /// The rate as shown.
    pub rate: ShippingRate,
    /// Its taxes to a millionth of a minor unit.
    pub exact_taxes: RateTaxes,
}

impl PackageQuote<'_> {
    /// Every rate the methods offer, in method order.
    pub(crate) fn rates(&self, methods: &[&ShippingMethod]) -> Vec<QuotedRate> {
        let mut rates = Vec::new();
        for method in methods {
            match method {
                ShippingMethod::FlatRate(flat) => {
                    if let Some(cost) = self.flat_rate_cost(flat) {
                        rates.push(self.rate(RateSpec {
                            rate_id: format!("flat_rate:{}", flat.instance_id),
                            instance_id: flat.instance_id,
                            method_id: "flat_rate",
                            name: flat.title.clone(),
                            cost,
                            taxable: flat.taxable,
                            meta_data: Vec::new(),
                        }));
                    }
                }
                ShippingMethod::FreeShipping(free) => {
                    if self.free_shipping_available(free) {
                        rates.push(self.rate(RateSpec {
                            rate_id: format!("free_shipping:{}", free.instance_id),
                            instance_id: free.instance_id,
                            method_id: "free_shipping",
                            name: free.title.clone(),
                            cost: Money::ZERO,
                            taxable: false,
                            meta_data: Vec::new(),
                        }));
                    }
                }
                ShippingMethod::LocalPickup(pickup) => self.pickup_rates(pickup, &mut rates),
            }
        }
        rates
    }

    fn rate(&self, spec: RateSpec) -> QuotedRate {
        let RateSpec {
            rate_id,
            instance_id,
            method_id,
            name,
            cost,
            taxable,
            mut meta_data,
        } = spec;
        let exact_taxes = if taxable {
            calc_exclusive(SubMinor::from_money(cost), &self.tax_rates)
        } else {
            Vec::new()
        };
        let tax_breakdown: Vec<RateAmount> = exact_taxes
            .iter()
            .map(|(rate_id, tax)| RateAmount {
                rate_id: *rate_id,
                amount: tax.round(self.rounding),
            })
            .collect();
        let taxes = tax_breakdown.iter().map(|t| t.amount).sum();
        meta_data.push(RateMeta {
            key: "Items".to_owned(),
            value: self.items_text(),
        });
        QuotedRate {
            rate: ShippingRate {
                rate_id,
                instance_id,
                method_id: method_id.to_owned(),
                name,
                description: String::new(),
                delivery_time: String::new(),
                cost,
                taxes,
                tax_breakdown,
                meta_data,
                selected: false,
            },
            exact_taxes,
        }
    }

    /// "T-Shirt &times; 3, Hoodie - Blue, Yes &times; 1".
    fn items_text(&self) -> String {
        self.lines
            .iter()
            .map(|(line, _)| format!("{} &times; {}", line.name, line.quantity))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The flat rate's cost, or `None` when it has no cost set (or a formula fails: a broken
    /// formula must not ship for free).
    fn flat_rate_cost(&self, flat: &FlatRate) -> Option<Money> {
        let qty: u32 = self.lines.iter().map(|(line, _)| line.quantity).sum();
        let contents_cost: Money = self.lines.iter().map(|(_, total)| *total).sum();
        let mut has_costs = false;
        let mut cost = Money::ZERO;
        if !flat.cost.trim().is_empty() {
            has_costs = true;
            cost = evaluate_cost(&flat.cost, qty, contents_cost, self.minor_unit).ok()?;
        }
        if !flat.class_costs.is_empty() || !flat.no_class_cost.trim().is_empty() {
            let mut classes: Vec<&str> = Vec::new();
            for (line, _) in &self.lines {
                let class = line.shipping_class.trim();
                if !classes.contains(&class) {
                    classes.push(class);
                }
            }
            let mut highest = Money::ZERO;
            for class in classes {
                let formula = if class.is_empty() {
                    flat.no_class_cost.as_str()
                } else {
                    flat.class_costs.get(class).map_or("", String::as_str)
                };
                if formula.trim().is_empty() {
                    continue;
                }
                has_costs = true;
                let in_class = self
                    .lines
                    .iter()
                    .filter(|(l, _)| l.shipping_class.trim() == class);
                let class_qty: u32 = in_class.clone().map(|(l, _)| l.quantity).sum();
                let class_cost: Money = in_class.map(|(_, total)| *total).sum();
                let amount = evaluate_cost(formula, class_qty, class_cost, self.minor_unit).ok()?;
                match flat.calculation {
                    ClassCalculation::PerClass => cost += amount,
                    ClassCalculation::PerOrder => highest = highest.max(amount),
                }
            }
            cost += highest;
        }
        has_costs.then_some(cost.max(Money::ZERO))
    }

    fn free_shipping_available(&self, free: &FreeShipping) -> bool {
        let amount = if free.ignore_discounts {
            self.amount_before_discounts
        } else {
            self.amount_after_discounts
        };
        let met_minimum = amount >= free.min_amount;
        let coupon = self.free_shipping_coupon;
        match free.requires {
            FreeShippingRequires::None => true,
            FreeShippingRequires::Coupon => coupon,
            FreeShippingRequires::MinAmount => met_minimum,
            FreeShippingRequires::Either => met_minimum || coupon,
            FreeShippingRequires::Both => met_minimum && coupon,
        }
    }

    fn pickup_rates(&self, pickup: &LocalPickup, rates: &mut Vec<QuotedRate>) {
        for (index, location) in pickup.locations.iter().enumerate() {
            if !location.enabled {
                continue;
            }
            let meta = vec![
                RateMeta {
                    key: "pickup_location".to_owned(),
                    value: location.name.clone(),
                },
                RateMeta {
                    key: "pickup_address".to_owned(),
                    value: format_address(&location.address, self.base_country),
                },
                RateMeta {
                    key: "pickup_details".to_owned(),
                    value: location.details.clone(),
                },
            ];
            rates.push(self.rate(RateSpec {
                rate_id: format!("pickup_location:{index}"),
                instance_id: 0,
                method_id: "pickup_location",
                name: format!("{} ({})", pickup.title, location.name),
                cost: location.cost.unwrap_or(pickup.cost).max(Money::ZERO),
                taxable: pickup.taxable,
                meta_data: meta,
            }));
        }
    }
}

/// An address on one line, as WooCommerce formats it with a ", " separator (the country is
/// left out when it is the shop's own): "2000 Mission St, San Francisco, CA 94110".
pub fn format_address(address: &Address, base_country: &str) -> String {
    let parts = AddressParts {
        address_1: &address.address_1,
        address_2: &address.address_2,
        city: &address.city,
        state: &address.state,
        postcode: &address.postcode,
        country: &address.country,
        ..AddressParts::default()
    };
    address_lines(&parts, base_country).join(", ")
}
