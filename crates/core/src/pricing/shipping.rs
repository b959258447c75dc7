//! Shipping settings: zones matched in order by country, state and postcode, and the methods
//! each zone offers (flat rate, free shipping, local pickup with pickup locations).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::money::Money;

use super::cart::Address;
use super::tax_rates::{normalize_postcode_for_matching, postcode_matches};

/// Zones, methods and the shipping options of the shop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShippingSettings {
    /// Whether the shop ships at all.
    pub enabled: bool,
    /// Show shipping costs only once the shopper has entered a full address.
    pub cost_requires_address: bool,
    /// The zones, matched in their `order` (then id).
    pub zones: Vec<ShippingZone>,
    /// Methods for addresses no zone covers ("Locations not covered by your other zones").
    pub rest_of_world: Vec<ShippingMethod>,
    /// Methods offered after the zone's own wherever the package goes (the block checkout's
    /// local pickup works this way).
    pub everywhere: Vec<ShippingMethod>,
}

impl Default for ShippingSettings {
    fn default() -> Self {
        ShippingSettings {
            enabled: true,
            cost_requires_address: false,
            zones: Vec::new(),
            rest_of_world: Vec::new(),
            everywhere: Vec::new(),
        }
    }
}

/// A shipping zone.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ShippingZone {
    /// Zone id.
    pub id: u32,
    /// Zone name.
    pub name: String,
    /// Position: lower zones are tried first.
    pub order: i32,
    /// Regions: a country (`US`) or a state (`US:CA`); none matches every address.
    pub regions: Vec<String>,
    /// Postcode patterns (exact, `941*`, `90210...90299`); none matches every postcode.
    pub postcodes: Vec<String>,
    /// The methods, in the order shoppers see their rates.
    pub methods: Vec<ShippingMethod>,
}

impl ShippingZone {
    /// Whether an address falls in the zone.
    pub fn matches(&self, destination: &Address) -> bool {
        let country = destination.country.trim().to_uppercase();
        let state = destination.state.trim().to_uppercase();
        let regions: Vec<String> = self
            .regions
            .iter()
            .map(|r| r.trim().to_uppercase())
            .filter(|r| !r.is_empty())
            .collect();
        let in_region = regions.is_empty()
            || regions.iter().any(|region| match region.split_once(':') {
                Some((c, s)) => c == country && s == state,
                None => *region == country,
            });
        let postcodes: Vec<&String> = self
            .postcodes
            .iter()
            .filter(|p| !p.trim().is_empty())
            .collect();
        let postcode = normalize_postcode_for_matching(&destination.postcode);
        let in_postcodes = postcodes.is_empty()
            || postcodes
                .iter()
                .any(|pattern| postcode_matches(pattern, &postcode, &country));
        in_region && in_postcodes
    }
}

/// A way to ship, as configured in a zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "method_id", rename_all = "snake_case")]
pub enum ShippingMethod {
    /// A cost computed from a formula, per order or per shipping class.
    FlatRate(FlatRate),
    /// Free, possibly only above an amount or with a coupon.
    FreeShipping(FreeShipping),
    /// Collection from one of the shop's pickup locations (`pickup_location:N` rates).
    LocalPickup(LocalPickup),
}

impl ShippingMethod {
    /// Whether the merchant switched the method on.
    pub fn is_enabled(&self) -> bool {
        match self {
            ShippingMethod::FlatRate(m) => m.enabled,
            ShippingMethod::FreeShipping(m) => m.enabled,
            ShippingMethod::LocalPickup(m) => m.enabled,
        }
    }
}

/// How class costs combine in a flat rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClassCalculation {
    /// Each shipping class in the package adds its cost.
    #[default]
    PerClass,
    /// Only the most expensive class cost is added.
    PerOrder,
}

/// A flat rate: `cost` for the package plus class costs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FlatRate {
    /// Instance id (`flat_rate:1`).
    pub instance_id: u32,
    /// Name shown to shoppers.
    pub title: String,
    /// Whether the method is on.
    pub enabled: bool,
    /// Cost formula for the package (`10.00`, `5 + 2 * [qty]`); empty for none.
    pub cost: String,
    /// Cost formula per shipping class slug.
    pub class_costs: BTreeMap<String, String>,
    /// Cost formula for items without a shipping class.
    pub no_class_cost: String,
    /// How class costs combine.
    pub calculation: ClassCalculation,
    /// Whether the rate is taxed.
    pub taxable: bool,
}

impl Default for FlatRate {
    fn default() -> Self {
        FlatRate {
            instance_id: 0,
            title: "Flat rate".to_owned(),
            enabled: true,
            cost: String::new(),
            class_costs: BTreeMap::new(),
            no_class_cost: String::new(),
            calculation: ClassCalculation::PerClass,
            taxable: true,
        }
    }
}

/// What free shipping requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FreeShippingRequires {
    /// Nothing: always offered.
    #[default]
    None,
    /// A coupon granting free shipping.
    Coupon,
    /// The minimum amount.
    MinAmount,
    /// The minimum amount or a coupon.
    Either,
    /// The minimum amount and a coupon.
    Both,
}

/// Free shipping.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FreeShipping {
    /// Instance id (`free_shipping:2`).
    pub instance_id: u32,
    /// Name shown to shoppers.
    pub title: String,
    /// Whether the method is on.
    pub enabled: bool,
    /// What it requires.
    pub requires: FreeShippingRequires,
    /// The minimum order amount, when required.
    pub min_amount: Money,
    /// Compare the amount before coupon discounts.
    pub ignore_discounts: bool,
}

impl Default for FreeShipping {
    fn default() -> Self {
        FreeShipping {
            instance_id: 0,
            title: "Free shipping".to_owned(),
            enabled: true,
            requires: FreeShippingRequires::None,
            min_amount: Money::ZERO,
            ignore_discounts: false,
        }
    }
}

/// Local pickup: one rate per enabled location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LocalPickup {
    /// Name shown to shoppers, followed by the location ("Pickup (SF Store)").
    pub title: String,
    /// Whether the method is on.
    pub enabled: bool,
    /// Cost of a pickup.
    pub cost: Money,
    /// Whether the cost is taxed.
    pub taxable: bool,
    /// The locations; a rate's id is its location's position here (`pickup_location:0`).
    pub locations: Vec<PickupLocation>,
}

impl Default for LocalPickup {
    fn default() -> Self {
        LocalPickup {
            title: "Pickup".to_owned(),
            enabled: true,
            cost: Money::ZERO,
            taxable: false,
            locations: Vec::new(),
        }
    }
}

/// A place where shoppers collect their orders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PickupLocation {
    /// Name ("SF Store").
    pub name: String,
    /// Where it is; its country, state, postcode and city decide the taxes of a pickup order.
    pub address: Address,
    /// Opening hours and instructions.
    pub details: String,
    /// A cost for this location instead of the method's.
    pub cost: Option<Money>,
    /// Whether shoppers can choose it.
    pub enabled: bool,
}

impl Default for PickupLocation {
    fn default() -> Self {
        PickupLocation {
            name: String::new(),
            address: Address::default(),
            details: String::new(),
            cost: None,
            enabled: true,
        }
    }
}

/// The zone an address falls in; `None` for the rest of the world.
pub fn zone_for<'a>(
    settings: &'a ShippingSettings,
    destination: &Address,
) -> Option<&'a ShippingZone> {
    let mut zones: Vec<&ShippingZone> = settings.zones.iter().collect();
    zones.sort_by_key(|zone| (zone.order, zone.id));
    zones.into_iter().find(|zone| zone.matches(destination))
}

/// The methods offered for an address: its zone's (or the rest of the world's), then the
/// ones offered everywhere; only enabled ones.
pub fn methods_for<'a>(
    settings: &'a ShippingSettings,
    destination: &Address,
) -> Vec<&'a ShippingMethod> {
    let zone_methods = match zone_for(settings, destination) {
        Some(zone) => &zone.methods,
        None => &settings.rest_of_world,
    };
    zone_methods
        .iter()
        .chain(settings.everywhere.iter())
        .filter(|method| method.is_enabled())
        .collect()
}

/// Whether any method is configured and on (WooCommerce hides shipping otherwise).
pub fn has_methods(settings: &ShippingSettings) -> bool {
    settings
        .zones
        .iter()
        .flat_map(|zone| zone.methods.iter())
        .chain(settings.rest_of_world.iter())
        .chain(settings.everywhere.iter())
        .any(ShippingMethod::is_enabled)
}
