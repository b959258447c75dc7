//! Countries, states, postcodes and the per-country address locale.
//!
//! Used by the page settings (`countries`, `countryData`: SPEC §3.9), by the Store API's
//! `update-customer` (countries and states checked, state names turned into codes, postcodes
//! checked and formatted) and by checkout validation (per-country fields: SPEC §3.17).
//! Facts (codes, names, locale overrides, postcode rules) follow WooCommerce 10.

pub mod countries;
mod data;
pub mod formatted;
pub mod json;
pub mod locale;
pub mod postcode;
pub mod states;

#[cfg(test)]
mod tests;

pub use countries::{Country, countries, country_name, normalize_country, unlisted_countries};
pub use formatted::{AddressParts, address_lines};
pub use json::{CountriesSetting, CountryDataSetting, countries_json, country_data_json};
pub use locale::{
    AddressField, FieldLocale, FieldOverride, address_field, address_fields, address_format,
    default_address_format, locale_overrides,
};
pub use postcode::{
    format_postcode, has_postcode_rule, normalize_postcode, postcode_pattern, validate_postcode,
};
pub use states::{State, normalize_state, state_name, states};

/// A country, state or postcode that does not check out.
///
/// Each message names the bad value. They are WooCommerce's Store API messages, except for the
/// postcode, whose WooCommerce message names nothing: [`GeoError::store_api_message`] gives that.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeoError {
    /// The country code is not one customers can pick.
    #[error("The provided country ({0}) is not valid.")]
    UnknownCountry(String),
    /// The state is neither a code nor a name in the country's state list.
    #[error(
        "The provided state ({state}) is not valid. Valid states are: {}.",
        states::state_codes(.country)
    )]
    UnknownState {
        /// Upper-case country code.
        country: String,
        /// The state as given, trimmed.
        state: String,
    },
    /// The postcode breaks the country's rule.
    #[error("The provided postcode / ZIP ({postcode}) is not valid for {country}.")]
    InvalidPostcode {
        /// Upper-case country code.
        country: String,
        /// The postcode as given, trimmed.
        postcode: String,
    },
}

impl GeoError {
    /// The Store API's error code for the address sub-error (`data.details.*.code`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::UnknownCountry(_) => "invalid_country",
            Self::UnknownState { .. } => "invalid_state",
            Self::InvalidPostcode { .. } => "invalid_postcode",
        }
    }

    /// The message exactly as WooCommerce's Store API words it.
    pub fn store_api_message(&self) -> String {
        match self {
            Self::InvalidPostcode { .. } => "The provided postcode / ZIP is not valid".to_owned(),
            other => other.to_string(),
        }
    }
}
