//! Countries: codes, English names, display order and whether customers may pick them.

use serde::Serialize;

use super::GeoError;
use super::data::countries::{LISTED, UNLISTED};

/// A country (or a legacy code that postcode rules still know), with its English name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Country {
    /// Upper-case code: ISO 3166-1 alpha-2, or one of UK, CS, YU, XK, INTL.
    pub code: &'static str,
    /// English name as WooCommerce shows it, e.g. "United States (US)".
    pub name: &'static str,
    /// False for the legacy codes that can be looked up but never chosen.
    pub listed: bool,
}

impl Country {
    pub(crate) const fn listed(code: &'static str, name: &'static str) -> Self {
        Self {
            code,
            name,
            listed: true,
        }
    }

    pub(crate) const fn unlisted(code: &'static str, name: &'static str) -> Self {
        Self {
            code,
            name,
            listed: false,
        }
    }

    /// Finds a country, listed or legacy, by code (case-insensitive, surrounding space ignored).
    pub fn find(code: &str) -> Option<&'static Country> {
        let code = code.trim();
        LISTED
            .iter()
            .chain(UNLISTED)
            .find(|c| c.code.eq_ignore_ascii_case(code))
    }

    /// Whether a billing address may be in this country.
    ///
    /// Every listed country is allowed, as in a fresh WooCommerce shop; a shop that sells to fewer
    /// countries filters these where it builds its settings.
    pub fn allow_billing(&self) -> bool {
        self.listed
    }

    /// Whether goods may be shipped to this country (see [`Country::allow_billing`]).
    pub fn allow_shipping(&self) -> bool {
        self.listed
    }
}

/// The countries customers can pick, in display order (sorted by name, accents ignored).
pub fn countries() -> impl ExactSizeIterator<Item = &'static Country> + Clone {
    LISTED.iter()
}

/// The legacy codes (UK, CS, YU, XK, INTL) that are known but not offered.
pub fn unlisted_countries() -> impl ExactSizeIterator<Item = &'static Country> + Clone {
    UNLISTED.iter()
}

/// The English name of a country code, listed or legacy.
pub fn country_name(code: &str) -> Option<&'static str> {
    Country::find(code).map(|c| c.name)
}

/// Normalises a customer's country: trimmed and upper-cased, empty → `Ok(None)`.
///
/// Only listed countries are accepted: "UK" is not a country WooCommerce offers (GB is).
pub fn normalize_country(input: &str) -> Result<Option<&'static Country>, GeoError> {
    let input = input.trim();
    if input.is_empty() {
        return Ok(None);
    }
    match Country::find(input) {
        Some(country) if country.listed => Ok(Some(country)),
        _ => Err(GeoError::UnknownCountry(input.to_uppercase())),
    }
}
