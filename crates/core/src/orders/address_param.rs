//! Checking a posted `billing_address` / `shipping_address` object (WooCommerce's address
//! schema callbacks), before anything is stored: types, then country, state, postcode, phone
//! and email. Failures become `rest_invalid_param` (see [`InvalidParams`]).
//!
//! Only the keys a request sends are checked: a partial address is merged over the stored one,
//! and completeness is checked later, per country ([`super::required`]).

use serde_json::Value;

use super::address::{Address, AddressKind};
use super::contact::{is_valid_email, is_valid_phone, remove_non_displayable};
use super::invalid_params::{FieldError, InvalidParams};
use super::required::AddressFieldSettings;
use crate::attribution::sanitize_text_field;
use crate::geo::{Country, GeoError, format_postcode, normalize_state, validate_postcode};
use crate::limits;

/// The keys of a posted address, in WooCommerce's schema order.
const KEYS: [&str; 11] = [
    "first_name",
    "last_name",
    "company",
    "address_1",
    "address_2",
    "city",
    "state",
    "postcode",
    "country",
    "phone",
    "email",
];

/// The fields a request posted, cleaned; keys it did not send stay `None`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AddressPatch {
    values: Vec<(&'static str, String)>,
}

impl AddressPatch {
    /// The cleaned value of a posted key.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Whether the request sent no known key.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Writes the posted values over `address`, leaving the others as they are.
    pub fn apply_to(&self, address: &mut Address) {
        for (key, value) in &self.values {
            let slot = match *key {
                "first_name" => &mut address.first_name,
                "last_name" => &mut address.last_name,
                "company" => &mut address.company,
                "address_1" => &mut address.address_1,
                "address_2" => &mut address.address_2,
                "city" => &mut address.city,
                "state" => &mut address.state,
                "postcode" => &mut address.postcode,
                "country" => &mut address.country,
                "phone" => &mut address.phone,
                _ => &mut address.email,
            };
            slot.clone_from(value);
        }
    }

    /// Writes the posted values over `address` as an order takes them: a country changed
    /// without a state drops the old country's state, and what is left must fit the country
    /// ([`AddressFieldSettings::fit`]).
    pub fn apply_fitted(&self, address: &mut Address, settings: &AddressFieldSettings) {
        let moved = self
            .get("country")
            .is_some_and(|country| country != address.country);
        if moved && self.get("state").is_none() {
            address.state.clear();
        }
        self.apply_to(address);
        settings.fit(address);
    }

    /// This patch writing what `fitted` holds for the keys it sends, and the state with a
    /// country, so the cart keeps the address the order was checked with.
    #[must_use]
    pub fn following(&self, fitted: &Address) -> AddressPatch {
        let mut keys: Vec<&'static str> = self.values.iter().map(|(k, _)| *k).collect();
        if keys.contains(&"country") && !keys.contains(&"state") {
            keys.push("state");
        }
        let values = keys
            .into_iter()
            .map(|key| {
                let value = match key {
                    "first_name" => &fitted.first_name,
                    "last_name" => &fitted.last_name,
                    "company" => &fitted.company,
                    "address_1" => &fitted.address_1,
                    "address_2" => &fitted.address_2,
                    "city" => &fitted.city,
                    "state" => &fitted.state,
                    "postcode" => &fitted.postcode,
                    "country" => &fitted.country,
                    "phone" => &fitted.phone,
                    _ => &fitted.email,
                };
                (key, value.clone())
            })
            .collect();
        AddressPatch { values }
    }

    /// The posted values as a whole address (missing keys empty).
    pub fn to_address(&self) -> Address {
        let mut address = Address::default();
        self.apply_to(&mut address);
        address
    }
}

/// Checks and cleans one posted address object.
///
/// On failure, the reasons in WooCommerce's order; the country check stops at once.
pub fn check_address_param(
    kind: AddressKind,
    value: &Value,
) -> Result<AddressPatch, Vec<FieldError>> {
    let Value::Object(map) = value else {
        return Err(vec![FieldError::new(
            "rest_invalid_type",
            format!("{} is not of type object.", kind.param()),
        )]);
    };
    let keys = KEYS
        .iter()
        .copied()
        .filter(|k| *k != "email" || kind == AddressKind::Billing);
    let mut raw: Vec<(&'static str, &str)> = Vec::new();
    let mut type_errors = Vec::new();
    for key in keys {
        match map.get(key) {
            None => {}
            Some(Value::Null) => raw.push((key, "")),
            Some(Value::String(text)) => raw.push((key, text)),
            Some(Value::Bool(false)) => raw.push((key, "")),
            Some(_) => type_errors.push(FieldError::new(
                format!("invalid_{key}"),
                format!("Invalid {key} provided."),
            )),
        }
    }
    if !type_errors.is_empty() {
        return Err(type_errors);
    }
    // Lengths before cleaning, as WordPress checks `maxLength` before sanitising.
    let too_long: Vec<FieldError> = raw
        .iter()
        .filter(|(key, text)| limits::exceeds(text, limits::address_field_limit(key)))
        .map(|&(key, _)| {
            let name = format!("{}[{key}]", kind.param());
            FieldError::new(
                "rest_too_long",
                limits::too_long_message(&name, limits::address_field_limit(key)),
            )
            .about(key)
        })
        .collect();
    if !too_long.is_empty() {
        return Err(too_long);
    }
    let patch = sanitize(&raw);
    let errors = problems(kind, &patch);
    if errors.is_empty() {
        Ok(patch)
    } else {
        Err(errors)
    }
}

/// Checks the addresses of a checkout or update-customer request together.
///
/// Returns the cleaned patches (`None` for an address the request did not send), or the
/// `rest_invalid_param` error naming each failing address.
pub fn check_address_params(
    billing: Option<&Value>,
    shipping: Option<&Value>,
) -> Result<(Option<AddressPatch>, Option<AddressPatch>), InvalidParams> {
    let mut invalid = InvalidParams::new();
    let mut check = |kind, value: Option<&Value>| {
        value.and_then(|v| match check_address_param(kind, v) {
            Ok(patch) => Some(patch),
            Err(errors) => {
                invalid.add(kind.param(), errors);
                None
            }
        })
    };
    let billing = check(AddressKind::Billing, billing);
    let shipping = check(AddressKind::Shipping, shipping);
    invalid.into_result().map(|()| (billing, shipping))
}

/// Cleans the raw values: text sanitised, country upper-cased, state names turned into codes,
/// postcodes formatted, control characters dropped from phones.
fn sanitize(raw: &[(&'static str, &str)]) -> AddressPatch {
    let country = raw
        .iter()
        .find(|(k, _)| *k == "country")
        .map(|(_, v)| sanitize_text_field(v).to_uppercase())
        .unwrap_or_default();
    let values = raw
        .iter()
        .map(|&(key, text)| {
            let clean = sanitize_text_field(text);
            let value = match key {
                "country" => clean.to_uppercase(),
                "state" => match normalize_state(&country, &clean) {
                    Ok(code) => code.unwrap_or_default(),
                    Err(_) => clean.to_uppercase(),
                },
                "postcode" if !clean.is_empty() => format_postcode(&country, &clean),
                "phone" => remove_non_displayable(&clean),
                _ => clean,
            };
            (key, value)
        })
        .collect();
    AddressPatch { values }
}

/// What is wrong with a cleaned patch, in WooCommerce's order.
fn problems(kind: AddressKind, patch: &AddressPatch) -> Vec<FieldError> {
    let present = |key| patch.get(key).filter(|v| !v.is_empty());
    let country = present("country");
    if let Some(code) = country
        && !Country::find(code).is_some_and(|c| c.listed)
    {
        let error = GeoError::UnknownCountry(code.to_owned());
        return vec![FieldError::new(error.code(), error.store_api_message())];
    }
    let mut errors = Vec::new();
    if let (Some(country), Some(state)) = (country, present("state"))
        && let Err(error) = normalize_state(country, state)
    {
        errors.push(FieldError::new(error.code(), error.store_api_message()));
    }
    if let (Some(country), Some(postcode)) = (country, present("postcode"))
        && !validate_postcode(country, postcode)
    {
        errors.push(FieldError::new(
            "invalid_postcode",
            "The provided postcode / ZIP is not valid",
        ));
    }
    if present("phone").is_some_and(|p| !is_valid_phone(p)) {
        errors.push(FieldError::new(
            "invalid_phone",
            "The provided phone number is not valid",
        ));
    }
    if kind == AddressKind::Billing && present("email").is_some_and(|e| !is_valid_email(e)) {
        errors.push(FieldError::new(
            "invalid_email",
            "The provided email address is not valid",
        ));
    }
    errors
}
