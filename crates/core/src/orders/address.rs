//! Addresses (SPEC §3.17): the stored form and the Store API's `billing_address` and
//! `shipping_address` objects.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::geo::{AddressField, AddressParts, address_lines, states};

/// A postal address with the contact fields WooCommerce keeps beside it.
///
/// The same type holds billing and shipping addresses; `email` is only used for billing.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Address {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Company.
    pub company: String,
    /// Street address.
    pub address_1: String,
    /// Apartment, suite, unit.
    pub address_2: String,
    /// Town or city.
    pub city: String,
    /// State code (or free text where the country has no list).
    pub state: String,
    /// Postcode, formatted for the country.
    pub postcode: String,
    /// ISO 3166-1 alpha-2 country code.
    pub country: String,
    /// Email (billing only).
    pub email: String,
    /// Phone.
    pub phone: String,
}

/// Billing or shipping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddressKind {
    /// The billing address (has an email).
    Billing,
    /// The shipping address.
    Shipping,
}

impl AddressKind {
    /// The request parameter (`billing_address`).
    pub fn param(self) -> &'static str {
        match self {
            AddressKind::Billing => "billing_address",
            AddressKind::Shipping => "shipping_address",
        }
    }

    /// The short name WooCommerce keys checkout errors by (`billing`).
    pub fn key(self) -> &'static str {
        match self {
            AddressKind::Billing => "billing",
            AddressKind::Shipping => "shipping",
        }
    }

    /// The words used in messages ("billing address").
    pub fn words(self) -> &'static str {
        match self {
            AddressKind::Billing => "billing address",
            AddressKind::Shipping => "shipping address",
        }
    }
}

impl Address {
    /// The value of one of the ten locale fields.
    pub fn field(&self, field: AddressField) -> &str {
        match field {
            AddressField::FirstName => &self.first_name,
            AddressField::LastName => &self.last_name,
            AddressField::Company => &self.company,
            AddressField::Address1 => &self.address_1,
            AddressField::Address2 => &self.address_2,
            AddressField::City => &self.city,
            AddressField::Postcode => &self.postcode,
            AddressField::Country => &self.country,
            AddressField::State => &self.state,
            AddressField::Phone => &self.phone,
        }
    }

    /// Mutable access to one of the ten locale fields.
    pub fn field_mut(&mut self, field: AddressField) -> &mut String {
        match field {
            AddressField::FirstName => &mut self.first_name,
            AddressField::LastName => &mut self.last_name,
            AddressField::Company => &mut self.company,
            AddressField::Address1 => &mut self.address_1,
            AddressField::Address2 => &mut self.address_2,
            AddressField::City => &mut self.city,
            AddressField::Postcode => &mut self.postcode,
            AddressField::Country => &mut self.country,
            AddressField::State => &mut self.state,
            AddressField::Phone => &mut self.phone,
        }
    }

    /// This address's given fields over `base`: each field left empty here takes `base`'s
    /// value (a customer's cart address over their saved one: what the checkout starts from).
    pub fn over(&self, base: &Address) -> Address {
        let pick = |mine: &String, theirs: &String| {
            if mine.trim().is_empty() {
                theirs.clone()
            } else {
                mine.clone()
            }
        };
        Address {
            first_name: pick(&self.first_name, &base.first_name),
            last_name: pick(&self.last_name, &base.last_name),
            company: pick(&self.company, &base.company),
            address_1: pick(&self.address_1, &base.address_1),
            address_2: pick(&self.address_2, &base.address_2),
            city: pick(&self.city, &base.city),
            state: pick(&self.state, &base.state),
            postcode: pick(&self.postcode, &base.postcode),
            country: pick(&self.country, &base.country),
            email: pick(&self.email, &base.email),
            phone: pick(&self.phone, &base.phone),
        }
    }

    /// The postal address as the lines of a label in its country's format, the country left
    /// out when it is `base_country` (see [`address_lines`]); phone and email are not part of it.
    pub fn lines(&self, base_country: &str) -> Vec<String> {
        let parts = AddressParts {
            first_name: &self.first_name,
            last_name: &self.last_name,
            company: &self.company,
            address_1: &self.address_1,
            address_2: &self.address_2,
            city: &self.city,
            state: &self.state,
            postcode: &self.postcode,
            country: &self.country,
        };
        address_lines(&parts, base_country)
    }

    /// The state as the Store API shows it: blank when the country lists states and this is
    /// not one of them (`BillingAddressSchema::get_item_response`).
    pub fn shown_state(&self) -> &str {
        match states(&self.country) {
            Some(list)
                if !list.is_empty()
                    && !list
                        .iter()
                        .any(|s| s.code().eq_ignore_ascii_case(&self.state)) =>
            {
                ""
            }
            _ => &self.state,
        }
    }
}

/// The Store API `billing_address` object (keys in WooCommerce's order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct BillingAddressView {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Company.
    pub company: String,
    /// Street address.
    pub address_1: String,
    /// Apartment, suite, unit.
    pub address_2: String,
    /// Town or city.
    pub city: String,
    /// State code.
    pub state: String,
    /// Postcode.
    pub postcode: String,
    /// Country code.
    pub country: String,
    /// Email.
    pub email: String,
    /// Phone.
    pub phone: String,
}

/// The Store API `shipping_address` object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ShippingAddressView {
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Company.
    pub company: String,
    /// Street address.
    pub address_1: String,
    /// Apartment, suite, unit.
    pub address_2: String,
    /// Town or city.
    pub city: String,
    /// State code.
    pub state: String,
    /// Postcode.
    pub postcode: String,
    /// Country code.
    pub country: String,
    /// Phone.
    pub phone: String,
}

impl From<&Address> for BillingAddressView {
    fn from(a: &Address) -> Self {
        BillingAddressView {
            first_name: a.first_name.clone(),
            last_name: a.last_name.clone(),
            company: a.company.clone(),
            address_1: a.address_1.clone(),
            address_2: a.address_2.clone(),
            city: a.city.clone(),
            state: a.shown_state().to_owned(),
            postcode: a.postcode.clone(),
            country: a.country.clone(),
            email: a.email.clone(),
            phone: a.phone.clone(),
        }
    }
}

impl From<&Address> for ShippingAddressView {
    fn from(a: &Address) -> Self {
        ShippingAddressView {
            first_name: a.first_name.clone(),
            last_name: a.last_name.clone(),
            company: a.company.clone(),
            address_1: a.address_1.clone(),
            address_2: a.address_2.clone(),
            city: a.city.clone(),
            state: a.shown_state().to_owned(),
            postcode: a.postcode.clone(),
            country: a.country.clone(),
            phone: a.phone.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us(state: &str) -> Address {
        Address {
            state: state.into(),
            country: "US".into(),
            email: "a@b.co".into(),
            ..Address::default()
        }
    }

    #[test]
    fn given_fields_win_over_the_saved_ones() {
        let saved = Address {
            first_name: "Ada".into(),
            address_1: "1 Main Street".into(),
            city: "Austin".into(),
            postcode: "78701".into(),
            ..us("TX")
        };
        // The shipping calculator gave a postcode and a city; the street stays the saved one.
        let cart = Address {
            city: "Dallas".into(),
            postcode: "75201".into(),
            ..Address::default()
        };
        let both = cart.over(&saved);
        assert_eq!(
            (both.first_name.as_str(), both.address_1.as_str()),
            ("Ada", "1 Main Street")
        );
        assert_eq!(
            (both.city.as_str(), both.postcode.as_str()),
            ("Dallas", "75201")
        );
        assert_eq!(both.country, "US");
        assert_eq!(Address::default().over(&saved), saved);
    }

    #[test]
    fn invalid_state_is_shown_blank() {
        assert_eq!(us("CA").shown_state(), "CA");
        assert_eq!(us("ca").shown_state(), "ca");
        assert_eq!(us("Narnia").shown_state(), "");
        let free_text = Address {
            state: "Somewhere".into(),
            country: "GB".into(),
            ..Address::default()
        };
        assert_eq!(free_text.shown_state(), "Somewhere");
    }

    #[test]
    fn views_have_woocommerce_keys() {
        let billing = serde_json::to_string(&BillingAddressView::from(&us("CA"))).expect("json");
        assert_eq!(
            billing,
            r#"{"first_name":"","last_name":"","company":"","address_1":"","address_2":"","city":"","state":"CA","postcode":"","country":"US","email":"a@b.co","phone":""}"#
        );
        let shipping = serde_json::to_value(ShippingAddressView::from(&us("CA"))).expect("json");
        assert!(shipping.get("email").is_none());
    }
}
