//! The posted checkout form: its fields by name, the addresses it makes, and the address
//! inputs as the page shows them (in the country's order, with labels and errors).

use std::collections::BTreeMap;

use mercato_core::geo::{self, AddressField};
use mercato_core::limits;
use mercato_core::money::Money;
use mercato_core::orders::{Address, AddressFieldSettings, AddressKind, CheckoutAddressError};
use serde::Serialize;
use serde_json::{Map, Value};

/// The box asking for an account (WooCommerce's classic checkout names).
pub const CREATE_ACCOUNT: &str = "createaccount";

/// The new account's password; never shown again.
pub const ACCOUNT_PASSWORD: &str = "account_password";

/// The order note (WooCommerce's classic checkout name).
pub const ORDER_NOTE: &str = "order_comments";

/// Suffix of the hidden inputs naming the country an address's inputs were drawn for
/// (`billing_form_country`, `shipping_form_country`).
pub const FORM_COUNTRY: &str = "_form_country";

/// The hidden input carrying the total the page showed, in minor units: an order whose total
/// differs is not placed, the form comes back with the new total.
pub const SHOWN_TOTAL: &str = "shown_total";

/// The form's fields by name (the first value of each), as posted or from the cart.
#[derive(Debug, Clone, Default)]
pub struct Posted {
    values: BTreeMap<String, String>,
}

impl Posted {
    /// The fields of a posted form.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Self {
        let mut values = BTreeMap::new();
        for (k, v) in pairs {
            values.entry(k).or_insert(v);
        }
        Posted { values }
    }

    /// The cart's addresses as the form's starting values.
    pub fn from_addresses(billing: &Address, shipping: &Address) -> Self {
        let mut posted = Posted::default();
        for (prefix, address) in [("billing", billing), ("shipping", shipping)] {
            for (key, value) in address_pairs(address) {
                posted
                    .values
                    .insert(format!("{prefix}_{key}"), value.to_owned());
            }
        }
        posted
    }

    /// A field's value ("" when absent).
    pub fn get(&self, name: &str) -> &str {
        self.values.get(name).map_or("", String::as_str)
    }

    /// Whether a checkbox was ticked.
    pub fn checked(&self, name: &str) -> bool {
        !self.get(name).is_empty()
    }

    /// Sets a field (used to drop the card details before showing the form again).
    pub fn set(&mut self, name: &str, value: &str) {
        self.values.insert(name.to_owned(), value.to_owned());
    }

    /// The address posted with `prefix` (`billing`, `shipping`) as a Store API address
    /// object, so it goes through the same checks.
    pub fn address_json(&self, prefix: &str) -> Value {
        let mut map = Map::new();
        for field in AddressField::ALL {
            let name = format!("{prefix}_{}", field.key());
            map.insert(field.key().to_owned(), Value::from(self.get(&name)));
        }
        if prefix == "billing" {
            map.insert("email".to_owned(), Value::from(self.get("billing_email")));
        }
        Value::Object(map)
    }

    /// The address posted with `prefix` as typed (for saying what it lacks when it could not
    /// be read).
    pub fn address(&self, prefix: &str) -> Address {
        let mut address = Address::default();
        for field in AddressField::ALL {
            let name = format!("{prefix}_{}", field.key());
            *address.field_mut(field) = self.get(&name).trim().to_owned();
        }
        if prefix == "billing" {
            address.email = self.get("billing_email").trim().to_owned();
        }
        address
    }

    /// Blanks a state input posted for another country than the one posted with it: without
    /// JavaScript, changing the country leaves the state input drawn for the old one (a US
    /// state on a British address). The form says which country it drew each address for
    /// ([`FORM_COUNTRY`]).
    pub fn drop_stale_states(&mut self) {
        for prefix in ["billing", "shipping"] {
            let drawn = self.get(&format!("{prefix}{FORM_COUNTRY}")).to_owned();
            let country = self.get(&format!("{prefix}_country")).to_owned();
            if !drawn.is_empty() && !drawn.eq_ignore_ascii_case(country.trim()) {
                self.set(&format!("{prefix}_state"), "");
            }
        }
    }

    /// The total the form showed, in minor units ([`SHOWN_TOTAL`]); `None` when the form did
    /// not say (a request not made from the page).
    pub fn shown_total(&self) -> Option<Money> {
        self.get(SHOWN_TOTAL)
            .trim()
            .parse()
            .ok()
            .map(Money::from_minor)
    }

    /// Pairs whose name starts with `prefix`, e.g. the rates of `shipping_method[…]`.
    pub fn with_prefix(&self, prefix: &str) -> Vec<(String, String)> {
        self.values
            .iter()
            .filter(|(k, _)| k.starts_with(prefix))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Every posted pair (the gateways pick their own fields from them).
    pub fn pairs(&self) -> Vec<(String, String)> {
        self.values
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }
}

fn address_pairs(a: &Address) -> [(&'static str, &str); 11] {
    [
        ("first_name", &a.first_name),
        ("last_name", &a.last_name),
        ("company", &a.company),
        ("address_1", &a.address_1),
        ("address_2", &a.address_2),
        ("city", &a.city),
        ("state", &a.state),
        ("postcode", &a.postcode),
        ("country", &a.country),
        ("email", &a.email),
        ("phone", &a.phone),
    ]
}

/// Field errors by input name, in the order they were found: the message under the input,
/// and the notice the top of the form lists for it (the same words unless given apart).
#[derive(Debug, Clone, Default)]
pub struct FieldErrors {
    entries: Vec<(String, String, Option<String>)>,
}

impl FieldErrors {
    /// Adds an error for the input `name` (one per input; the first stays).
    pub fn add(&mut self, name: impl Into<String>, message: impl Into<String>) {
        self.add_entry(name.into(), message.into(), None);
    }

    /// Adds an error for the input `name` whose notice at the top says more than the message
    /// under the input (the whole address's problem, said once for all of its inputs).
    pub fn add_with_notice(
        &mut self,
        name: impl Into<String>,
        message: impl Into<String>,
        notice: impl Into<String>,
    ) {
        self.add_entry(name.into(), message.into(), Some(notice.into()));
    }

    fn add_entry(&mut self, name: String, message: String, notice: Option<String>) {
        if !self.entries.iter().any(|(n, _, _)| *n == name) {
            self.entries.push((name, message, notice));
        }
    }

    /// The message for an input.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, m, _)| m.as_str())
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The notices, in order, each once (an address's problem marks each of its inputs).
    pub fn messages(&self) -> Vec<String> {
        let mut messages: Vec<String> = Vec::new();
        for (_, message, notice) in &self.entries {
            let notice = notice.as_ref().unwrap_or(message);
            if !messages.contains(notice) {
                messages.push(notice.clone());
            }
        }
        messages
    }
}

/// One input of an address, as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct FieldView {
    pub name: String,
    pub label: String,
    pub required: bool,
    /// `text`, `email`, `tel`, `country` or `state` (a select when `options` is not empty).
    pub kind: &'static str,
    pub autocomplete: String,
    pub value: String,
    pub error: Option<String>,
    pub options: Vec<(String, String)>,
}

/// The inputs of the `prefix` address in its country's order, with the shop's field
/// `settings` (a field it requires is marked so, one it hides is left out).
pub fn address_view(
    prefix: &str,
    posted: &Posted,
    errors: &FieldErrors,
    settings: &AddressFieldSettings,
) -> Vec<FieldView> {
    let country = posted.get(&format!("{prefix}_country")).to_owned();
    let mut fields: Vec<FieldView> = geo::address_fields(&country)
        .into_iter()
        .map(|f| settings.field(&country, f.field))
        .filter(|f| !f.hidden)
        .filter(|f| prefix == "billing" || f.field != AddressField::Phone)
        .map(|f| {
            let name = format!("{prefix}_{}", f.field.key());
            let (kind, options) = match f.field {
                AddressField::Country => (
                    "country",
                    geo::countries()
                        .map(|c| (c.code.to_owned(), c.text_name().into_owned()))
                        .collect(),
                ),
                AddressField::State => match geo::states(&country) {
                    Some(states) if !states.is_empty() => (
                        "state",
                        states
                            .iter()
                            .map(|s| (s.code().to_owned(), s.name().to_owned()))
                            .collect(),
                    ),
                    _ => ("text", Vec::new()),
                },
                AddressField::Phone => ("tel", Vec::new()),
                _ => ("text", Vec::new()),
            };
            FieldView {
                label: if f.required {
                    f.label.to_owned()
                } else {
                    f.optional_label()
                },
                required: f.required,
                kind,
                autocomplete: autocomplete(prefix, f.field),
                value: posted.get(&name).to_owned(),
                error: errors.get(&name).map(str::to_owned),
                options,
                name,
            }
        })
        .collect();
    if prefix == "billing" {
        fields.push(FieldView {
            name: "billing_email".to_owned(),
            label: "Email address".to_owned(),
            required: true,
            kind: "email",
            autocomplete: "email".to_owned(),
            value: posted.get("billing_email").to_owned(),
            error: errors.get("billing_email").map(str::to_owned),
            options: Vec::new(),
        });
    }
    fields
}

fn autocomplete(prefix: &str, field: AddressField) -> String {
    let token = match field {
        AddressField::FirstName => "given-name",
        AddressField::LastName => "family-name",
        AddressField::Company => "organization",
        AddressField::Address1 => "address-line1",
        AddressField::Address2 => "address-line2",
        AddressField::City => "address-level2",
        AddressField::State => "address-level1",
        AddressField::Postcode => "postal-code",
        AddressField::Country => "country",
        AddressField::Phone => "tel",
    };
    format!("{prefix} {token}")
}

/// Inputs of the `kind` address longer than their limit (`mercato_core::limits`), in the
/// page's words ("Billing First name must be at most 200 characters long."). The same values
/// are checked again with the Store API's words when the address is read; these come first.
pub fn too_long(kind: AddressKind, posted: &Posted, errors: &mut FieldErrors) {
    let prefix = prefix(kind);
    let title = title(kind);
    let country = posted.get(&format!("{prefix}_country"));
    let mut inputs: Vec<(&'static str, String)> = geo::address_fields(country)
        .into_iter()
        .map(|f| (f.field.key(), f.label.to_owned()))
        .collect();
    if kind == AddressKind::Billing {
        inputs.push(("email", "Email address".to_owned()));
    }
    for (key, label) in inputs {
        let name = format!("{prefix}_{key}");
        let max = limits::address_field_limit(key);
        if limits::exceeds(posted.get(&name), max) {
            errors.add(
                name,
                limits::too_long_message(&format!("{title} {label}"), max),
            );
        }
    }
}

/// "Billing" or "Shipping", as field errors start.
fn title(kind: AddressKind) -> &'static str {
    match kind {
        AddressKind::Billing => "Billing",
        AddressKind::Shipping => "Shipping",
    }
}

/// The input prefix of an address kind.
pub fn prefix(kind: AddressKind) -> &'static str {
    match kind {
        AddressKind::Billing => "billing",
        AddressKind::Shipping => "shipping",
    }
}

/// What marking an address error needs: the order's addresses as checked, whether the form
/// gave a shipping address of its own, and the shop's field settings.
pub struct AddressErrorMarking<'a> {
    pub billing: &'a Address,
    pub shipping: &'a Address,
    pub ship_apart: bool,
    pub settings: &'a AddressFieldSettings,
}

impl AddressErrorMarking<'_> {
    /// Marks the inputs an address error is about with its message. Without a shipping
    /// address of its own the order ships to the billing one, so a shipping problem is the
    /// billing inputs', said of the billing address (the address the shopper typed), once.
    /// A missing field's input says what it lacks; the notice names the address and every
    /// field it lacks.
    pub fn mark(&self, error: &CheckoutAddressError, errors: &mut FieldErrors) {
        let inputs = |kind| match kind {
            AddressKind::Shipping if self.ship_apart => AddressKind::Shipping,
            _ => AddressKind::Billing,
        };
        match error {
            CheckoutAddressError::MissingEmail | CheckoutAddressError::InvalidEmail(_) => {
                errors.add("billing_email", error.to_string());
            }
            CheckoutAddressError::BillingCountry { .. } => {
                errors.add("billing_country", error.to_string());
            }
            CheckoutAddressError::ShippingCountry { .. } => {
                let input = prefix(inputs(AddressKind::Shipping));
                errors.add(format!("{input}_country"), error.to_string());
            }
            CheckoutAddressError::MissingFields(by_kind) => {
                let mut said: Vec<AddressKind> = Vec::new();
                for (kind, messages) in by_kind {
                    let shown_as = inputs(*kind);
                    if said.contains(&shown_as) {
                        continue;
                    }
                    said.push(shown_as);
                    let address = match kind {
                        AddressKind::Billing => self.billing,
                        AddressKind::Shipping => self.shipping,
                    };
                    let notice =
                        CheckoutAddressError::MissingFields(vec![(shown_as, messages.clone())])
                            .to_string();
                    for field in self.settings.missing(address) {
                        let name = format!("{}_{}", prefix(shown_as), field.field.key());
                        let message = format!("{} is required", field.label);
                        errors.add_with_notice(name, message, notice.clone());
                    }
                }
            }
        }
    }
}
