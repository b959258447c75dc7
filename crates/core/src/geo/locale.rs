//! The address locale (SPEC §3.17): which address fields a country asks for, how they are
//! labelled, whether they are required or hidden, and in which order they come.

use serde::Serialize;

use super::data::formats::{DEFAULT_FORMAT, FORMATS};
use super::data::locale::OVERRIDES;

/// One of the ten address fields, in SPEC §3.17's default order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AddressField {
    /// `first_name`.
    FirstName,
    /// `last_name`.
    LastName,
    /// `company`.
    Company,
    /// `address_1`.
    #[serde(rename = "address_1")]
    Address1,
    /// `address_2`.
    #[serde(rename = "address_2")]
    Address2,
    /// `city`.
    City,
    /// `postcode`.
    Postcode,
    /// `country`.
    Country,
    /// `state`.
    State,
    /// `phone`.
    Phone,
}

impl AddressField {
    /// All fields in default order.
    pub const ALL: [AddressField; 10] = [
        Self::FirstName,
        Self::LastName,
        Self::Company,
        Self::Address1,
        Self::Address2,
        Self::City,
        Self::Postcode,
        Self::Country,
        Self::State,
        Self::Phone,
    ];

    /// The field's key in addresses and JSON, e.g. "address_1".
    pub fn key(self) -> &'static str {
        match self {
            Self::FirstName => "first_name",
            Self::LastName => "last_name",
            Self::Company => "company",
            Self::Address1 => "address_1",
            Self::Address2 => "address_2",
            Self::City => "city",
            Self::Postcode => "postcode",
            Self::Country => "country",
            Self::State => "state",
            Self::Phone => "phone",
        }
    }

    /// The field with this key, if any.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.key() == key)
    }

    /// WooCommerce's default settings for the field, before any country changes them.
    pub fn default_locale(self) -> FieldLocale {
        let (label, required, priority) = match self {
            Self::FirstName => ("First name", true, 10),
            Self::LastName => ("Last name", true, 20),
            Self::Company => ("Company name", false, 30),
            Self::Address1 => ("Street address", true, 50),
            Self::Address2 => ("Apartment, suite, unit, etc.", false, 60),
            Self::City => ("Town / City", true, 70),
            Self::Postcode => ("Postcode / ZIP", true, 90),
            Self::Country => ("Country / Region", true, 40),
            Self::State => ("State / County", true, 80),
            Self::Phone => ("Phone", false, 100),
        };
        FieldLocale {
            field: self,
            label,
            placeholder: (self == Self::Address1).then_some("House number and street name"),
            required,
            hidden: false,
            priority,
        }
    }
}

/// A field as one country's address form shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FieldLocale {
    /// Which field.
    pub field: AddressField,
    /// The label, e.g. "ZIP Code" in the US.
    pub label: &'static str,
    /// Placeholder text, where the field has one.
    pub placeholder: Option<&'static str>,
    /// Whether the field must be filled in (never true for a hidden field).
    pub required: bool,
    /// Whether the field is left out of the form (its value is then blanked).
    pub hidden: bool,
    /// Sort key: lower comes first.
    pub priority: u32,
}

impl FieldLocale {
    /// The label followed by " (optional)", shown on fields that are not required.
    pub fn optional_label(&self) -> String {
        format!("{} (optional)", self.label)
    }
}

/// What a country changes about one field; `None` keeps the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FieldOverride {
    /// Replacement label.
    pub label: Option<&'static str>,
    /// Replacement required flag.
    pub required: Option<bool>,
    /// Replacement hidden flag.
    pub hidden: Option<bool>,
    /// Replacement priority (sent to the browser as `index`).
    pub priority: Option<u32>,
}

impl FieldOverride {
    /// An override that changes nothing.
    pub const NONE: Self = Self {
        label: None,
        required: None,
        hidden: None,
        priority: None,
    };

    /// Sets the label.
    pub const fn label(self, label: &'static str) -> Self {
        Self {
            label: Some(label),
            ..self
        }
    }

    /// Sets the required flag.
    pub const fn required(self, required: bool) -> Self {
        Self {
            required: Some(required),
            ..self
        }
    }

    /// Sets the hidden flag.
    pub const fn hidden(self, hidden: bool) -> Self {
        Self {
            hidden: Some(hidden),
            ..self
        }
    }

    /// Sets the priority.
    pub const fn priority(self, priority: u32) -> Self {
        Self {
            priority: Some(priority),
            ..self
        }
    }

    /// Applies the override to a field; a field that ends up hidden is never required.
    pub fn apply(&self, mut field: FieldLocale) -> FieldLocale {
        field.label = self.label.unwrap_or(field.label);
        field.required = self.required.unwrap_or(field.required);
        field.hidden = self.hidden.unwrap_or(field.hidden);
        field.priority = self.priority.unwrap_or(field.priority);
        if field.hidden {
            field.required = false;
        }
        field
    }
}

/// The fields a country overrides, in WooCommerce's order; empty for countries using defaults.
pub fn locale_overrides(country: &str) -> &'static [(AddressField, FieldOverride)] {
    let country = country.trim();
    OVERRIDES
        .iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(country))
        .map_or(&[], |(_, fields)| fields)
}

/// The ten address fields of `country`'s form: defaults merged with the country's overrides,
/// sorted by priority (ties keep the default order). Unknown countries get the defaults.
pub fn address_fields(country: &str) -> Vec<FieldLocale> {
    let overrides = locale_overrides(country);
    let mut fields: Vec<FieldLocale> = AddressField::ALL
        .into_iter()
        .map(|field| merge(field, overrides))
        .collect();
    fields.sort_by_key(|f| f.priority);
    fields
}

/// One field of `country`'s address form (see [`address_fields`]).
pub fn address_field(country: &str, field: AddressField) -> FieldLocale {
    merge(field, locale_overrides(country))
}

fn merge(field: AddressField, overrides: &[(AddressField, FieldOverride)]) -> FieldLocale {
    overrides
        .iter()
        .filter(|(f, _)| *f == field)
        .fold(field.default_locale(), |merged, (_, o)| o.apply(merged))
}

/// How an address in `country` is printed: a template of `{field}` placeholders and newlines
/// (WooCommerce's address formats, e.g. "{city}, {state_code} {postcode}" in the US).
pub fn address_format(country: &str) -> &'static str {
    custom_address_format(country).unwrap_or(DEFAULT_FORMAT)
}

/// The address format of `country` if it differs from the default.
pub(crate) fn custom_address_format(country: &str) -> Option<&'static str> {
    let country = country.trim();
    FORMATS
        .iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(country))
        .map(|(_, format)| *format)
}

/// The format used by countries without their own.
pub fn default_address_format() -> &'static str {
    DEFAULT_FORMAT
}
