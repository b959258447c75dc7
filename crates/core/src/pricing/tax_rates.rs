//! Tax rates and which of them apply where: by country, state, postcode (exact, `941*`
//! wildcards and `90210...90299` ranges) and city, one rate per priority, as WooCommerce's
//! `WC_Tax::find_rates` picks them.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::geo::format_postcode;

use super::cart::Address;
use super::decimal::Decimal;
use super::settings::normalize_tax_class;

/// One row of the tax rate table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaxRate {
    /// Rate id; tax totals are kept per id.
    pub id: u64,
    /// ISO country code; empty matches every country.
    pub country: String,
    /// State code; empty matches every state.
    pub state: String,
    /// Postcodes: exact, `941*` wildcards or `90210...90299` ranges; empty matches all.
    pub postcodes: Vec<String>,
    /// Cities; empty matches all.
    pub cities: Vec<String>,
    /// The rate in percent (`8.25`).
    pub rate: Decimal,
    /// Name shown in tax lines; "Tax" when empty.
    pub name: String,
    /// Only the first matching rate of each priority applies.
    pub priority: u32,
    /// Compound rates apply on top of the price plus the other taxes.
    pub compound: bool,
    /// Whether the rate also applies to shipping.
    pub shipping: bool,
    /// Tax class slug; empty for the standard class.
    pub class: String,
}

impl Default for TaxRate {
    fn default() -> Self {
        TaxRate {
            id: 0,
            country: String::new(),
            state: String::new(),
            postcodes: Vec::new(),
            cities: Vec::new(),
            rate: Decimal::ZERO,
            name: String::new(),
            priority: 1,
            compound: false,
            shipping: true,
            class: String::new(),
        }
    }
}

impl TaxRate {
    /// The label of its tax line ("Tax" when the rate has no name).
    pub fn label(&self) -> &str {
        if self.name.is_empty() {
            "Tax"
        } else {
            &self.name
        }
    }

    /// WooCommerce's rate code (`US-CA-CA TAX-1`): rates with the same code share a tax line.
    pub fn code(&self) -> String {
        let name = if self.name.is_empty() {
            "TAX"
        } else {
            &self.name
        };
        let priority = self.priority.to_string();
        [self.country.as_str(), self.state.as_str(), name, &priority]
            .iter()
            .filter(|part| !part.is_empty() && **part != "0")
            .copied()
            .collect::<Vec<_>>()
            .join("-")
            .to_uppercase()
    }
}

/// Where taxes are looked up for.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TaxLocation {
    /// ISO country code.
    pub country: String,
    /// State code.
    pub state: String,
    /// Postcode as entered.
    pub postcode: String,
    /// City as entered.
    pub city: String,
}

impl TaxLocation {
    /// The location of an address.
    pub fn of(address: &Address) -> Self {
        TaxLocation {
            country: address.country.clone(),
            state: address.state.clone(),
            postcode: address.postcode.clone(),
            city: address.city.clone(),
        }
    }
}

/// The rates that apply at `location` for tax class `class`, in the order they apply.
pub fn find_rates<'a>(
    rates: &'a [TaxRate],
    location: &TaxLocation,
    class: &str,
) -> Vec<&'a TaxRate> {
    let country = location.country.trim().to_uppercase();
    if country.is_empty() {
        return Vec::new();
    }
    let state = location.state.trim().to_uppercase();
    let city = location.city.trim().to_uppercase();
    let class = normalize_tax_class(class);
    let mut found: Vec<&TaxRate> = rates
        .iter()
        .filter(|rate| {
            let rate_country = rate.country.trim().to_uppercase();
            let rate_state = rate.state.trim().to_uppercase();
            (rate_country.is_empty() || rate_country == country)
                && (rate_state.is_empty() || rate_state == state)
                && normalize_tax_class(&rate.class) == class
                && location_matches(rate, &location.postcode, &country, &city)
        })
        .collect();
    found.sort_by(|a, b| compare_rates(a, b));
    let mut priorities = Vec::new();
    found.retain(|rate| {
        if priorities.contains(&rate.priority) {
            false
        } else {
            priorities.push(rate.priority);
            true
        }
    });
    found
}

/// The rates that apply to shipping at `location` for tax class `class`.
pub fn find_shipping_rates<'a>(
    rates: &'a [TaxRate],
    location: &TaxLocation,
    class: &str,
) -> Vec<&'a TaxRate> {
    let mut found = find_rates(rates, location, class);
    found.retain(|rate| rate.shipping);
    found
}

/// A rate matches when it has no postcodes and no cities, a matching postcode (and a
/// matching city if it lists cities), or a matching city and no postcodes.
fn location_matches(rate: &TaxRate, postcode: &str, country: &str, city: &str) -> bool {
    let has_postcodes = rate.postcodes.iter().any(|p| !p.trim().is_empty());
    let has_cities = rate.cities.iter().any(|c| !c.trim().is_empty());
    let city_matches = || rate.cities.iter().any(|c| c.trim().to_uppercase() == city);
    match (has_postcodes, has_cities) {
        (false, false) => true,
        (false, true) => city_matches(),
        (true, _) => {
            rate.postcodes
                .iter()
                .any(|pattern| postcode_matches(pattern, postcode, country))
                && (!has_cities || city_matches())
        }
    }
}

/// WooCommerce's rate order: priority, then specific countries and states before the
/// catch-alls, then more postcodes and cities first, then id.
fn compare_rates(a: &TaxRate, b: &TaxRate) -> Ordering {
    let specific = |x: &str, y: &str| match (x.is_empty(), y.is_empty()) {
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => x.cmp(y),
    };
    a.priority
        .cmp(&b.priority)
        .then_with(|| specific(&a.country.to_uppercase(), &b.country.to_uppercase()))
        .then_with(|| specific(&a.state.to_uppercase(), &b.state.to_uppercase()))
        .then_with(|| b.postcodes.len().cmp(&a.postcodes.len()))
        .then_with(|| b.cities.len().cmp(&a.cities.len()))
        .then_with(|| a.id.cmp(&b.id))
}

/// A postcode as WooCommerce compares it: upper-case, without spaces and dashes.
pub fn normalize_postcode_for_matching(postcode: &str) -> String {
    postcode
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect()
}

/// Whether `postcode` (in `country`) matches `pattern`: an exact postcode, a prefix ending
/// in `*` (a lone `*` matches everything), or an inclusive range `min...max`.
pub fn postcode_matches(pattern: &str, postcode: &str, country: &str) -> bool {
    let pattern = pattern.trim();
    if pattern.is_empty() {
        return false;
    }
    let normalized = normalize_postcode_for_matching(postcode);
    if let Some((min, max)) = pattern.split_once("...") {
        return in_range(
            &normalize_postcode_for_matching(min),
            &normalize_postcode_for_matching(max),
            &normalized,
        );
    }
    let formatted = format_postcode(country, postcode);
    let upper = pattern.to_uppercase();
    if let Some(prefix) = upper.strip_suffix('*') {
        let compact_prefix = normalize_postcode_for_matching(prefix);
        return normalized.starts_with(&compact_prefix) || formatted.starts_with(prefix);
    }
    normalize_postcode_for_matching(&upper) == normalized || upper == formatted
}

/// Range test: numerically for numeric bounds; otherwise on WooCommerce's numeric form of
/// the postcode (two digits per character), with the bounds padded to its length.
fn in_range(min: &str, max: &str, postcode: &str) -> bool {
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if numeric(min) && numeric(max) {
        if !numeric(postcode) {
            return false;
        }
        return compare_digits(postcode, min) != Ordering::Less
            && compare_digits(postcode, max) != Ordering::Greater;
    }
    let compare = numeric_postcode(postcode);
    let pad = |s: &str| {
        let mut out = numeric_postcode(s);
        while out.len() < compare.len() {
            out.push('0');
        }
        out
    };
    let (min, max) = (pad(min), pad(max));
    compare_digits(&compare, &min) != Ordering::Less
        && compare_digits(&compare, &max) != Ordering::Greater
}

/// Each digit as two digits, each letter as its place in the alphabet, anything else `00`.
fn numeric_postcode(postcode: &str) -> String {
    postcode
        .chars()
        .map(|c| match c {
            '0'..='9' => format!("0{c}"),
            'A'..='Z' => format!("{:02}", u32::from(c) - u32::from('A') + 1),
            _ => "00".to_owned(),
        })
        .collect()
}

/// Compares two digit strings by value, whatever their length.
fn compare_digits(a: &str, b: &str) -> Ordering {
    let a = a.trim_start_matches('0');
    let b = b.trim_start_matches('0');
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}
