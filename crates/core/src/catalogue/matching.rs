//! Variation matching: the one set of functions the product page, `get_variation`, the Store
//! API's add-item and the cart all use to turn chosen options into a variation (SPEC §3.1,
//! §4.3, §4.4, §5.2).
//!
//! Attribute names are compared after [`attribute_key`] (no `attribute_` prefix, slugified,
//! case-insensitive) and a label matches a `pa_` slug (`Color` ~ `pa_color`). Values are
//! compared case-insensitively; a variation value of "" accepts anything.

use std::fmt;

use super::product::Product;
use super::product_attribute::{ProductAttribute, attribute_key, find_among, keys_match};
use super::slug::{format_list, slugify};
use super::variation::Variation;

/// The options a shopper chose: attribute name → value. Empty values count as "not chosen".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AttributeChoice {
    entries: Vec<(String, String)>,
}

impl AttributeChoice {
    /// No choice yet.
    pub fn new() -> Self {
        AttributeChoice::default()
    }

    /// A choice from `(name, value)` pairs; names in any form (`attribute_pa_color`, `Color`).
    pub fn from_pairs<I, K, V>(pairs: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut choice = AttributeChoice::new();
        for (name, value) in pairs {
            choice.set(name.as_ref(), value.as_ref());
        }
        choice
    }

    /// The same choice with one more value.
    pub fn with(mut self, name: &str, value: &str) -> Self {
        self.set(name, value);
        self
    }

    /// Chooses `value` for `name` (replacing an earlier value); an empty value un-chooses.
    pub fn set(&mut self, name: &str, value: &str) {
        let key = attribute_key(name);
        self.entries.retain(|(k, _)| *k != key);
        let value = value.trim();
        if !value.is_empty() && !key.is_empty() {
            self.entries.push((key, value.to_owned()));
        }
    }

    /// The same choice without any value for `name` (in any of its forms).
    pub fn without(&self, name: &str) -> AttributeChoice {
        let key = attribute_key(name);
        AttributeChoice {
            entries: self
                .entries
                .iter()
                .filter(|(k, _)| !keys_match(k, &key))
                .cloned()
                .collect(),
        }
    }

    /// The value chosen for `name`: an exact key first, then a `pa_`-insensitive one.
    pub fn get(&self, name: &str) -> Option<&str> {
        // Keys stored on variations are already normalised: try them as they are first.
        if let Some((_, value)) = self.entries.iter().find(|(k, _)| k == name) {
            return Some(value);
        }
        let key = attribute_key(name);
        self.entries
            .iter()
            .find(|(k, _)| *k == key)
            .or_else(|| self.entries.iter().find(|(k, _)| keys_match(k, &key)))
            .map(|(_, v)| v.as_str())
    }

    /// Normalised `(key, value)` pairs in the order chosen.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Number of chosen values.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Nothing chosen.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// Case-insensitive equality without allocating.
fn eq_ci(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// Whether `variation` accepts `chosen`: every fixed value is chosen and equal.
pub fn variation_matches(variation: &Variation, chosen: &AttributeChoice) -> bool {
    variation
        .attributes
        .iter()
        .all(|a| a.is_any() || chosen.get(&a.key).is_some_and(|c| eq_ci(c, &a.value)))
}

/// Whether `variation` could still match: no chosen value contradicts it, ignoring `skip`.
fn agrees_with(variation: &Variation, chosen: &AttributeChoice, skip: &str) -> bool {
    variation
        .attributes
        .iter()
        .filter(|a| !keys_match(&a.key, skip))
        .all(|a| a.is_any() || chosen.get(&a.key).is_none_or(|c| eq_ci(c, &a.value)))
}

/// The enabled variation matching `chosen`; when several match, the most specific (fewest
/// "any") wins, then the lowest menu order, then the lowest id.
///
/// WooCommerce itself returns the first match in menu order; preferring the most specific
/// keeps "blue + Yes" from being shadowed by a "blue + any" sorted before it.
pub fn find_matching_variation<'a>(
    variations: &'a [Variation],
    chosen: &AttributeChoice,
) -> Option<&'a Variation> {
    variations
        .iter()
        .filter(|v| v.is_active() && variation_matches(v, chosen))
        .max_by(|a, b| {
            a.specificity()
                .cmp(&b.specificity())
                .then_with(|| (b.menu_order, b.id).cmp(&(a.menu_order, a.id)))
        })
}

/// The options of `attribute` that can still match given the other chosen values (the
/// narrowing of SPEC §4.3), as option slugs in display order.
pub fn available_values(
    variations: &[Variation],
    chosen: &AttributeChoice,
    attribute: &ProductAttribute,
) -> Vec<String> {
    let key = attribute.key();
    let others = chosen.without(&key);
    let mut any = false;
    let mut values: Vec<&str> = Vec::new();
    for variation in variations
        .iter()
        .filter(|v| v.is_active() && agrees_with(v, &others, &key))
    {
        match variation.value_of(&key) {
            Some(value) if !value.is_empty() => values.push(value),
            _ => any = true,
        }
    }
    attribute
        .options
        .iter()
        .filter(|o| any || values.iter().any(|v| eq_ci(v, &o.slug)))
        .map(|o| o.slug.clone())
        .collect()
}

/// What an option offers given the other chosen values (SPEC §4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueAvailability {
    /// No enabled variation has this value (or "any") with the other choices.
    Unavailable,
    /// Such variations exist, but none is purchasable and in stock.
    OutOfStock,
    /// At least one such variation can be bought.
    Available,
}

/// Classifies one option of `attribute` given the other chosen values.
pub fn value_availability(
    parent: &Product,
    variations: &[Variation],
    chosen: &AttributeChoice,
    attribute: &ProductAttribute,
    value: &str,
) -> ValueAvailability {
    let key = attribute.key();
    let others = chosen.without(&key);
    let mut candidates = variations.iter().filter(|v| {
        v.is_active()
            && agrees_with(v, &others, &key)
            && v.value_of(&key)
                .is_none_or(|own| own.is_empty() || eq_ci(own, value))
    });
    let Some(first) = candidates.next() else {
        return ValueAvailability::Unavailable;
    };
    if std::iter::once(first)
        .chain(candidates)
        .any(|v| v.is_available(parent))
    {
        ValueAvailability::Available
    } else {
        ValueAvailability::OutOfStock
    }
}

/// SPEC §4.4's out-of-stock mark: every variation with this value (or "any") that agrees
/// with the other choices is unavailable, not purchasable or not in stock.
pub fn value_out_of_stock(
    parent: &Product,
    variations: &[Variation],
    chosen: &AttributeChoice,
    attribute: &ProductAttribute,
    value: &str,
) -> bool {
    value_availability(parent, variations, chosen, attribute, value)
        == ValueAvailability::OutOfStock
}

/// One option's state on the product page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionState {
    /// The option slug.
    pub value: String,
    /// Its display name.
    pub name: String,
    /// Whether it is the chosen one.
    pub selected: bool,
    /// What choosing it would offer.
    pub availability: ValueAvailability,
}

/// Every option of every variation attribute of `parent`, with its state given `chosen`:
/// what a server-rendered variation form or swatch group needs.
pub fn option_states(
    parent: &Product,
    variations: &[Variation],
    chosen: &AttributeChoice,
) -> Vec<(String, Vec<OptionState>)> {
    parent
        .variation_attributes()
        .into_iter()
        .map(|attribute| {
            let key = attribute.key();
            let selected = chosen.get(&key);
            let states = attribute
                .options
                .iter()
                .map(|o| OptionState {
                    value: o.slug.clone(),
                    name: o.name.clone(),
                    selected: selected.is_some_and(|s| eq_ci(s, &o.slug)),
                    availability: value_availability(
                        parent, variations, chosen, attribute, &o.slug,
                    ),
                })
                .collect();
            (key, states)
        })
        .collect()
}

/// A raw choice read against the parent's attributes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResolvedChoice {
    /// The choice keyed by canonical attribute keys, global values as term slugs.
    pub choice: AttributeChoice,
    /// Names that are not variation attributes of the product (ignored by matching).
    pub unknown: Vec<String>,
}

/// Reads `(name, value)` pairs as a client sends them (labels, slugs or `attribute_` names;
/// term names or slugs) into canonical keys and stored values.
pub fn resolve_choice<I, K, V>(parent: &Product, pairs: I) -> ResolvedChoice
where
    I: IntoIterator<Item = (K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    let mut resolved = ResolvedChoice::default();
    for (name, value) in pairs {
        let (name, value) = (name.as_ref(), value.as_ref().trim());
        let Some(attribute) = find_among(parent.attributes.iter().filter(|a| a.variation), name)
        else {
            resolved.unknown.push(name.to_owned());
            continue;
        };
        let stored = match attribute.option(value) {
            Some(option) => option.slug.clone(),
            None if attribute.is_global() => slugify(value),
            None => value.to_owned(),
        };
        resolved.choice.set(&attribute.key(), &stored);
    }
    resolved
}

/// One attribute of a variation as it goes into a cart line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelectedAttribute {
    /// Canonical key (`pa_color`).
    pub key: String,
    /// Form field name (`attribute_pa_color`).
    pub field_name: String,
    /// The attribute's label ("Color").
    pub label: String,
    /// Stored value ("blue").
    pub value: String,
    /// Display name of the value ("Blue").
    pub value_name: String,
}

/// Why chosen values do not fit a variation (Store API add-item).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VariationChoiceError {
    /// "Any" attributes left without a value (their labels).
    Missing(Vec<String>),
    /// A value the variation or attribute does not allow.
    Invalid {
        /// The attribute's label.
        label: String,
        /// The values it allows.
        allowed: Vec<String>,
    },
}

impl fmt::Display for VariationChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariationChoiceError::Missing(labels) => {
                let names: Vec<&str> = labels.iter().map(String::as_str).collect();
                let verb = if labels.len() == 1 {
                    "is a required field"
                } else {
                    "are required fields"
                };
                write!(
                    f,
                    "Missing variation data for variable product. {} {verb}.",
                    format_list(&names)
                )
            }
            VariationChoiceError::Invalid { label, allowed } => {
                write!(
                    f,
                    "Invalid value posted for {label}. Allowed values: {}",
                    allowed.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for VariationChoiceError {}

/// The full attribute set of `variation` with `chosen` filling its "any" values, checked:
/// a fixed value may be repeated but not contradicted; an "any" value must be chosen and be
/// one of the attribute's options.
pub fn selected_attributes(
    parent: &Product,
    variation: &Variation,
    chosen: &AttributeChoice,
) -> Result<Vec<SelectedAttribute>, VariationChoiceError> {
    let mut selected = Vec::new();
    let mut missing = Vec::new();
    for attribute in parent.variation_attributes() {
        let key = attribute.key();
        let own = variation.value_of(&key).unwrap_or("");
        let wanted = chosen.get(&key);
        let value = if !own.is_empty() {
            if wanted.is_some_and(|w| !eq_ci(w, own)) {
                return Err(VariationChoiceError::Invalid {
                    label: attribute.name.clone(),
                    allowed: vec![own.to_owned()],
                });
            }
            own.to_owned()
        } else {
            let Some(wanted) = wanted else {
                missing.push(attribute.name.clone());
                continue;
            };
            match attribute.option(wanted) {
                Some(option) => option.slug.clone(),
                None => {
                    let allowed = attribute.slugs().into_iter().map(str::to_owned).collect();
                    return Err(VariationChoiceError::Invalid {
                        label: attribute.name.clone(),
                        allowed,
                    });
                }
            }
        };
        selected.push(SelectedAttribute {
            field_name: attribute.field_name(),
            label: attribute.name.clone(),
            value_name: attribute.option_name(&value).to_owned(),
            value,
            key,
        });
    }
    if missing.is_empty() {
        Ok(selected)
    } else {
        Err(VariationChoiceError::Missing(missing))
    }
}
