//! The checkout's last address checks, on the order about to be paid for (WooCommerce's
//! `validate_order_before_payment`): an email, countries the shop serves, and every field the
//! country's locale requires (SPEC §3.17). Hidden fields are blanked and never required.

use serde::Serialize;
use serde::ser::SerializeMap;

use super::address::{Address, AddressKind};
use super::contact::is_valid_email;
use super::model::{Order, is_local_pickup_method};
use crate::geo::{AddressField, FieldLocale, countries, locale_overrides, normalize_state};

/// Whether the shop asks for an optional address field (WooCommerce's checkout field options).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldMode {
    /// Not shown; the value is blanked.
    Hidden,
    /// Shown, may be left empty.
    #[default]
    Optional,
    /// Shown and must be filled in.
    Required,
}

/// The shop's choices for the three address fields WooCommerce lets merchants configure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(default)]
pub struct AddressFieldSettings {
    /// Company name.
    pub company: FieldMode,
    /// Apartment, suite, unit.
    pub address_2: FieldMode,
    /// Phone.
    pub phone: FieldMode,
}

/// The order WooCommerce's default locale lists fields in (`get_default_address_fields`).
const DEFAULT_ORDER: [AddressField; 10] = [
    AddressField::FirstName,
    AddressField::LastName,
    AddressField::Company,
    AddressField::Country,
    AddressField::Address1,
    AddressField::Address2,
    AddressField::City,
    AddressField::State,
    AddressField::Postcode,
    AddressField::Phone,
];

impl AddressFieldSettings {
    /// One field of `country`'s form with the shop's settings applied: the default, then the
    /// shop's mode for company, address_2 and phone, then the country's overrides.
    pub fn field(&self, country: &str, field: AddressField) -> FieldLocale {
        let mut locale = field.default_locale();
        let mode = match field {
            AddressField::Company => Some(self.company),
            AddressField::Address2 => Some(self.address_2),
            AddressField::Phone => Some(self.phone),
            _ => None,
        };
        if let Some(mode) = mode {
            locale.required = mode == FieldMode::Required;
            locale.hidden = mode == FieldMode::Hidden;
        }
        let merged = locale_overrides(country)
            .iter()
            .filter(|(f, _)| *f == field)
            .fold(locale, |merged, (_, o)| o.apply(merged));
        FieldLocale {
            required: merged.required && !merged.hidden,
            ..merged
        }
    }

    /// The fields in the order WooCommerce checks them: the country's overridden fields first,
    /// then the rest in the default order (`validate_address_fields`).
    pub fn check_order(&self, country: &str) -> Vec<FieldLocale> {
        let mut order: Vec<AddressField> = Vec::new();
        let overridden = locale_overrides(country).iter().map(|(f, _)| *f);
        for field in overridden.chain(DEFAULT_ORDER) {
            if !order.contains(&field) {
                order.push(field);
            }
        }
        order.into_iter().map(|f| self.field(country, f)).collect()
    }

    /// The required fields of `address` left empty, in WooCommerce's order.
    pub fn missing(&self, address: &Address) -> Vec<FieldLocale> {
        self.check_order(&address.country)
            .into_iter()
            .filter(|f| f.required && address.field(f.field).trim().is_empty())
            .collect()
    }

    /// "X is required" for each required field left empty, in WooCommerce's order.
    pub fn missing_fields(&self, address: &Address) -> Vec<String> {
        self.missing(address)
            .into_iter()
            .map(|f| format!("{} is required", f.label))
            .collect()
    }

    /// Blanks the fields the country (or the shop) hides.
    pub fn blank_hidden_fields(&self, address: &mut Address) {
        let country = address.country.clone();
        for field in AddressField::ALL {
            if self.field(&country, field).hidden {
                address.field_mut(field).clear();
            }
        }
    }

    /// Makes `address` one its country can have (SPEC §3.17): a state its country's list does
    /// not hold is blanked (a state left over from another country: "London, CA" for the
    /// United Kingdom when it came from a list), a state named by its name becomes its code,
    /// and the fields the country (or the shop) hides are blanked. A country whose state is
    /// free text keeps whatever was typed.
    pub fn fit(&self, address: &mut Address) {
        match normalize_state(&address.country, &address.state) {
            Ok(code) => address.state = code.unwrap_or_default(),
            Err(_) => address.state.clear(),
        }
        self.blank_hidden_fields(address);
    }
}

/// The countries the shop sells to and ships to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowedCountries {
    /// Billing countries.
    pub billing: Vec<String>,
    /// Shipping countries.
    pub shipping: Vec<String>,
}

impl AllowedCountries {
    /// Every country customers can pick, for both (a fresh shop's default).
    pub fn all() -> Self {
        let codes: Vec<String> = countries().map(|c| c.code.to_owned()).collect();
        AllowedCountries {
            billing: codes.clone(),
            shipping: codes,
        }
    }
}

/// Why an order cannot be paid for yet because of its addresses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckoutAddressError {
    /// No billing email.
    #[error("A valid email address is required")]
    MissingEmail,
    /// A billing email that is not an address.
    #[error("The provided email address ({0}) is not valid—please provide a valid email address")]
    InvalidEmail(String),
    /// Shipping to a country the shop does not ship to.
    #[error("Sorry, we do not ship orders to the provided country ({country})")]
    ShippingCountry {
        /// The address's country.
        country: String,
        /// The countries the shop ships to.
        allowed: Vec<String>,
    },
    /// Billing in a country the shop does not sell to.
    #[error("Sorry, we do not allow orders from the provided country ({country})")]
    BillingCountry {
        /// The address's country.
        country: String,
        /// The countries the shop sells to.
        allowed: Vec<String>,
    },
    /// Required fields left empty, per address (shipping first, as WooCommerce checks it).
    #[error("{}", missing_message(.0))]
    MissingFields(Vec<(AddressKind, Vec<String>)>),
}

/// "There was a problem with the provided billing address: X is required, ..." for the first
/// address with missing fields.
fn missing_message(by_kind: &[(AddressKind, Vec<String>)]) -> String {
    by_kind
        .first()
        .map_or_else(String::new, |(kind, messages)| {
            format!(
                "There was a problem with the provided {}: {}",
                kind.words(),
                messages.join(", ")
            )
        })
}

impl CheckoutAddressError {
    /// The Store API error code.
    pub fn code(&self) -> &'static str {
        match self {
            Self::MissingEmail => "woocommerce_rest_missing_email_address",
            Self::InvalidEmail(_) => "woocommerce_rest_invalid_email_address",
            Self::ShippingCountry { .. } | Self::BillingCountry { .. } => {
                "woocommerce_rest_invalid_address_country"
            }
            Self::MissingFields(_) => "woocommerce_rest_invalid_address",
        }
    }

    /// The HTTP status (always 400).
    pub fn status(&self) -> u16 {
        400
    }

    /// The error's `data` object, `status` included.
    pub fn data(&self) -> ErrorData<'_> {
        ErrorData(self)
    }
}

/// The `data` of a [`CheckoutAddressError`], in WooCommerce's key order.
#[derive(Debug, Clone, Copy)]
pub struct ErrorData<'a>(&'a CheckoutAddressError);

impl Serialize for ErrorData<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self.0 {
            CheckoutAddressError::MissingFields(by_kind) => {
                map.serialize_entry("errors", &ByKind(by_kind))?;
            }
            CheckoutAddressError::ShippingCountry { allowed, .. }
            | CheckoutAddressError::BillingCountry { allowed, .. } => {
                map.serialize_entry("allowed_countries", allowed)?;
            }
            CheckoutAddressError::MissingEmail | CheckoutAddressError::InvalidEmail(_) => {}
        }
        map.serialize_entry("status", &self.0.status())?;
        map.end()
    }
}

struct ByKind<'a>(&'a [(AddressKind, Vec<String>)]);

impl Serialize for ByKind<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (kind, messages) in self.0 {
            map.serialize_entry(kind.key(), messages)?;
        }
        map.end()
    }
}

/// What the checkout knows about shipping when it checks addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippingNeeds {
    /// The order has goods to ship (or collect).
    pub needs_shipping: bool,
    /// Every chosen rate is local pickup: the shipping country is not checked.
    pub local_pickup_only: bool,
}

impl ShippingNeeds {
    /// The needs of an order or cart that `needs_shipping`, with these chosen methods (rate or
    /// line `method_id`s): local pickup only when there is at least one and all are pickup.
    pub fn new<'a>(
        needs_shipping: bool,
        chosen_methods: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let mut chosen = chosen_methods.into_iter().peekable();
        let any = chosen.peek().is_some();
        ShippingNeeds {
            needs_shipping,
            local_pickup_only: any && chosen.all(is_local_pickup_method),
        }
    }

    /// The needs of a placed order: it ships when it has shipping lines.
    pub fn of_order(order: &Order) -> Self {
        ShippingNeeds::new(
            !order.shipping_lines.is_empty(),
            order.shipping_lines.iter().map(|l| l.method_id.as_str()),
        )
    }
}

/// WooCommerce's pre-payment checks, first failure wins: email, then shipping country, billing
/// country, then required fields (shipping address first when the order needs shipping).
pub fn validate_order_addresses(
    billing: &Address,
    shipping: &Address,
    needs: ShippingNeeds,
    allowed: &AllowedCountries,
    settings: &AddressFieldSettings,
) -> Result<(), CheckoutAddressError> {
    match order_address_problems(billing, shipping, needs, allowed, settings)
        .into_iter()
        .next()
    {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}

/// Every problem [`validate_order_addresses`] checks for, in its order (at most one of each
/// kind; the missing fields of both addresses in one): a form that shows all of its errors
/// at once reads them here, the Store API answers with the first.
pub fn order_address_problems(
    billing: &Address,
    shipping: &Address,
    needs: ShippingNeeds,
    allowed: &AllowedCountries,
    settings: &AddressFieldSettings,
) -> Vec<CheckoutAddressError> {
    let mut problems = Vec::new();
    let email = billing.email.trim();
    if email.is_empty() {
        problems.push(CheckoutAddressError::MissingEmail);
    } else if !is_valid_email(email) {
        problems.push(CheckoutAddressError::InvalidEmail(email.to_owned()));
    }
    let allows = |list: &[String], country: &str| list.iter().any(|c| c == country);
    if needs.needs_shipping
        && !needs.local_pickup_only
        && !allows(&allowed.shipping, &shipping.country)
    {
        problems.push(CheckoutAddressError::ShippingCountry {
            country: shipping.country.clone(),
            allowed: allowed.shipping.clone(),
        });
    }
    if !allows(&allowed.billing, &billing.country) {
        problems.push(CheckoutAddressError::BillingCountry {
            country: billing.country.clone(),
            allowed: allowed.billing.clone(),
        });
    }
    let mut missing = Vec::new();
    if needs.needs_shipping {
        missing.push((AddressKind::Shipping, settings.missing_fields(shipping)));
    }
    missing.push((AddressKind::Billing, settings.missing_fields(billing)));
    missing.retain(|(_, messages)| !messages.is_empty());
    if !missing.is_empty() {
        problems.push(CheckoutAddressError::MissingFields(missing));
    }
    problems
}
