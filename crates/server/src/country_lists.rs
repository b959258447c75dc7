//! The country lists the pages' scripts pick from: the cart's shipping calculator
//! (`/cart/shipping-countries.json`, `cart_page::countries`) and the block checkout
//! (`countries` in `#mercato-checkout`, `checkout_page::island`). Both lists are built here,
//! so the two pages offer the same countries under the same names with the same states; each
//! page adds what only it needs (the calculator three field rules, the checkout every field's
//! rule and the postcode pattern). Names are plain text, not HTML.

use mercato_core::geo::{AddressField, Country, address_field, countries, states};
use serde_json::{Map, Value, json};

/// The countries goods may be shipped to, in display order.
pub fn shipping_countries() -> impl Iterator<Item = &'static Country> + Clone {
    countries().filter(|c| c.allow_shipping())
}

/// The countries a billing address may be in, in display order.
pub fn billing_countries() -> impl Iterator<Item = &'static Country> + Clone {
    countries().filter(|c| c.allow_billing())
}

/// `[{code, name, states: [[code, name]...], ...}]` for each of `list`, each entry with what
/// `extra` adds for its country.
pub fn country_list<'a>(
    list: impl Iterator<Item = &'a Country>,
    extra: impl Fn(&Country, &mut Map<String, Value>),
) -> Vec<Value> {
    list.map(|c| {
        let state_list: Vec<[&str; 2]> = states(c.code)
            .unwrap_or_default()
            .iter()
            .map(|s| [s.code(), s.name()])
            .collect();
        let mut entry = Map::new();
        entry.insert("code".into(), json!(c.code));
        entry.insert("name".into(), json!(c.text_name()));
        entry.insert("states".into(), json!(state_list));
        extra(c, &mut entry);
        Value::Object(entry)
    })
    .collect()
}

/// Whether a field rule carries the field's position in the form (`index`, its priority)
/// besides its label, whether it is required and whether it is hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleIndex {
    /// Label, required and hidden only (the cart's calculator keeps its own field order).
    Without,
    /// Also `index` (the checkout orders its fields by it).
    With,
}

/// What `country`'s locale changes about `field`: only the keys that differ from the field's
/// default, so the lists stay small; `{}` when nothing does.
pub fn field_rule(country: &str, field: AddressField, index: RuleIndex) -> Value {
    let default = field.default_locale();
    let here = address_field(country, field);
    let mut rule = Map::new();
    if here.label != default.label {
        rule.insert("label".into(), json!(here.label));
    }
    if here.required != default.required {
        rule.insert("required".into(), json!(here.required));
    }
    if here.hidden != default.hidden {
        rule.insert("hidden".into(), json!(here.hidden));
    }
    if index == RuleIndex::With && here.priority != default.priority {
        rule.insert("index".into(), json!(here.priority));
    }
    Value::Object(rule)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_carry_code_plain_name_and_states() {
        let list = country_list(shipping_countries(), |_, _| {});
        let us = list.iter().find(|c| c["code"] == "US");
        assert!(us.is_some_and(|us| {
            us["states"]
                .as_array()
                .is_some_and(|s| s.contains(&json!(["CA", "California"])))
        }));
        let cw = list.iter().find(|c| c["code"] == "CW");
        assert_eq!(cw.map(|c| &c["name"]), Some(&json!("Curaçao")));
    }

    #[test]
    fn a_rule_holds_only_what_differs_and_the_position_when_asked() {
        assert_eq!(
            field_rule("GB", AddressField::State, RuleIndex::Without),
            json!({"label": "County", "required": false})
        );
        assert_eq!(
            field_rule("US", AddressField::City, RuleIndex::Without),
            json!({})
        );
        // Austria moves the postcode before the city: only the checkout is told.
        assert_eq!(
            field_rule("AT", AddressField::Postcode, RuleIndex::With),
            json!({"index": 65})
        );
        assert_eq!(
            field_rule("AT", AddressField::Postcode, RuleIndex::Without),
            json!({})
        );
        assert_eq!(
            field_rule("US", AddressField::Postcode, RuleIndex::Without),
            json!({"label": "ZIP Code"})
        );
    }
}
