//! The `countries` and `countryData` page settings (SPEC §3.9), in WooCommerce's JSON shape.
//!
//! Both serialise in display order. `serde_json::Value` keeps that order only with serde_json's
//! `preserve_order` feature, so pages should serialise [`CountriesSetting`] and
//! [`CountryDataSetting`] directly; the `*_json()` helpers are for tests and small callers.
//! Empty lists and maps are written `[]`, as PHP's `json_encode` writes an empty array.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::Value;

use super::countries::{Country, countries};
use super::locale::{AddressField, FieldOverride, custom_address_format, locale_overrides};
use super::states::{State, states};

/// The `countries` setting: `{"AF": "Afghanistan", ...}` for every listed country.
#[derive(Debug, Clone, Copy, Default)]
pub struct CountriesSetting;

/// The `countryData` setting: per country `allowBilling`, `allowShipping`, `states`, `locale`
/// and, on the checkout page, `format`.
#[derive(Debug, Clone, Copy)]
pub struct CountryDataSetting {
    /// Whether each country's address `format` is included (the checkout page has it, the
    /// cart page does not).
    pub with_formats: bool,
}

/// `countries` as a JSON value.
pub fn countries_json() -> Value {
    serde_json::to_value(CountriesSetting).expect("country names serialise as strings")
}

/// `countryData` as the checkout page sends it (with address formats), as a JSON value.
pub fn country_data_json() -> Value {
    let setting = CountryDataSetting { with_formats: true };
    serde_json::to_value(setting).expect("country data serialises as plain JSON")
}

impl Serialize for CountriesSetting {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(countries().len()))?;
        for country in countries() {
            map.serialize_entry(country.code, country.name)?;
        }
        map.end()
    }
}

impl Serialize for CountryDataSetting {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(countries().len()))?;
        for country in countries() {
            let entry = CountryEntry {
                country,
                with_format: self.with_formats,
            };
            map.serialize_entry(country.code, &entry)?;
        }
        map.end()
    }
}

struct CountryEntry {
    country: &'static Country,
    with_format: bool,
}

impl Serialize for CountryEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let code = self.country.code;
        let format = custom_address_format(code).filter(|_| self.with_format);
        let mut map = serializer.serialize_map(Some(4 + usize::from(format.is_some())))?;
        map.serialize_entry("allowBilling", &self.country.allow_billing())?;
        map.serialize_entry("allowShipping", &self.country.allow_shipping())?;
        map.serialize_entry("states", &StatesJson(states(code).unwrap_or_default()))?;
        map.serialize_entry("locale", &LocaleJson(locale_overrides(code)))?;
        if let Some(format) = format {
            map.serialize_entry("format", format)?;
        }
        map.end()
    }
}

/// Writes `[]` for an empty map, as PHP does.
fn empty_array<S: Serializer>(serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_seq(Some(0))?.end()
}

struct StatesJson(&'static [State]);

impl Serialize for StatesJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_empty() {
            return empty_array(serializer);
        }
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for state in self.0 {
            map.serialize_entry(state.code(), state.name())?;
        }
        map.end()
    }
}

struct LocaleJson(&'static [(AddressField, FieldOverride)]);

impl Serialize for LocaleJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_empty() {
            return empty_array(serializer);
        }
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (field, properties) in self.0 {
            map.serialize_entry(field.key(), &OverrideJson(properties))?;
        }
        map.end()
    }
}

struct OverrideJson<'a>(&'a FieldOverride);

impl Serialize for OverrideJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let o = self.0;
        if *o == FieldOverride::NONE {
            return empty_array(serializer);
        }
        let mut map = serializer.serialize_map(None)?;
        if let Some(label) = o.label {
            map.serialize_entry("label", label)?;
        }
        if let Some(required) = o.required {
            map.serialize_entry("required", &required)?;
        }
        if let Some(hidden) = o.hidden {
            map.serialize_entry("hidden", &hidden)?;
        }
        // The block checkout calls the priority `index`.
        if let Some(priority) = o.priority {
            map.serialize_entry("index", &priority)?;
        }
        map.end()
    }
}
