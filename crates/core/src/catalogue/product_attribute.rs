//! How one product uses attributes (options, visibility, variations) and the one
//! normalisation of attribute names every surface shares.

use serde::{Deserialize, Serialize};

use super::attributes::GlobalAttribute;
use super::ids::{AttributeId, TermId};
use super::slug::slugify;

/// One option a product offers for an attribute.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AttributeOption {
    /// The term, for global attributes.
    pub term_id: Option<TermId>,
    /// Display name.
    pub name: String,
    /// Value stored on variations: the term slug, or the local value itself.
    pub slug: String,
}

/// An attribute as one product uses it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ProductAttribute {
    /// The global attribute, or `None` for a product-local one.
    pub attribute_id: Option<AttributeId>,
    /// Label ("Color", "Logo").
    pub name: String,
    /// Taxonomy (`pa_color`) for global attributes.
    pub taxonomy: Option<String>,
    /// The options this product offers, in display order.
    pub options: Vec<AttributeOption>,
    /// Position among the product's attributes.
    pub position: u32,
    /// Shown in the product's "Additional information".
    pub visible: bool,
    /// Used to define variations.
    pub variation: bool,
}

impl ProductAttribute {
    /// A global attribute limited to `term_ids`, options in the attribute's term order.
    pub fn global(attribute: &GlobalAttribute, term_ids: &[TermId]) -> Self {
        let options = attribute
            .sorted_terms()
            .into_iter()
            .filter(|t| term_ids.contains(&t.id))
            .map(|t| AttributeOption {
                term_id: Some(t.id),
                name: t.name.clone(),
                slug: t.slug.clone(),
            })
            .collect();
        ProductAttribute {
            attribute_id: Some(attribute.id),
            name: attribute.name.clone(),
            taxonomy: Some(attribute.slug.clone()),
            options,
            visible: true,
            ..ProductAttribute::default()
        }
    }

    /// A product-local attribute with literal values.
    pub fn local(name: &str, values: &[&str]) -> Self {
        let options = values
            .iter()
            .map(|v| AttributeOption {
                term_id: None,
                name: (*v).to_owned(),
                slug: (*v).to_owned(),
            })
            .collect();
        ProductAttribute {
            name: name.to_owned(),
            options,
            visible: true,
            ..ProductAttribute::default()
        }
    }

    /// The same attribute, used for variations.
    pub fn for_variations(mut self) -> Self {
        self.variation = true;
        self
    }

    /// The same attribute, hidden from "Additional information".
    pub fn hidden(mut self) -> Self {
        self.visible = false;
        self
    }

    /// The same attribute at `position`.
    pub fn at(mut self, position: u32) -> Self {
        self.position = position;
        self
    }

    /// Whether it is a global (taxonomy) attribute.
    pub fn is_global(&self) -> bool {
        self.taxonomy.is_some()
    }

    /// The canonical key: the taxonomy (`pa_color`) or the slug of the local name (`logo`).
    pub fn key(&self) -> String {
        match &self.taxonomy {
            Some(taxonomy) => attribute_key(taxonomy),
            None => attribute_key(&self.name),
        }
    }

    /// The form field and variation meta name (`attribute_pa_color`, `attribute_logo`).
    pub fn field_name(&self) -> String {
        format!("attribute_{}", self.key())
    }

    /// Whether `name` (a key, a taxonomy, a label, with or without `attribute_`) names it.
    pub fn is_named(&self, name: &str) -> bool {
        let wanted = attribute_key(name);
        keys_match(&self.key(), &wanted) || attribute_key(&self.name) == wanted
    }

    /// The option whose slug, else whose name, equals `value` (case-insensitive).
    pub fn option(&self, value: &str) -> Option<&AttributeOption> {
        let wanted = value.trim().to_lowercase();
        self.options
            .iter()
            .find(|o| o.slug.to_lowercase() == wanted)
            .or_else(|| {
                self.options
                    .iter()
                    .find(|o| o.name.to_lowercase() == wanted)
            })
    }

    /// The display name of a stored value (term name, or the local value itself).
    pub fn option_name<'a>(&'a self, value: &'a str) -> &'a str {
        self.option(value).map_or(value, |o| o.name.as_str())
    }

    /// The option slugs, in display order.
    pub fn slugs(&self) -> Vec<&str> {
        self.options.iter().map(|o| o.slug.as_str()).collect()
    }
}

/// A variation's value for one attribute, or a default attribute of a variable product.
/// An empty value means "any".
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct VariationAttribute {
    /// The attribute's canonical key (`pa_color`, `logo`).
    pub key: String,
    /// The option slug, or "" for any.
    pub value: String,
}

impl VariationAttribute {
    /// A value for an attribute; the key is normalised with [`attribute_key`].
    pub fn new(key: &str, value: &str) -> Self {
        VariationAttribute {
            key: attribute_key(key),
            value: value.to_owned(),
        }
    }

    /// Whether this attribute accepts any value.
    pub fn is_any(&self) -> bool {
        self.value.is_empty()
    }
}

/// Normalises an attribute name for comparison: trimmed, without an `attribute_` prefix,
/// slugified (`attribute_pa_color` → `pa_color`, `Logo` → `logo`).
pub fn attribute_key(raw: &str) -> String {
    let trimmed = raw.trim();
    let without_prefix = match trimmed.get(..10) {
        Some(head) if head.eq_ignore_ascii_case("attribute_") => &trimmed[10..],
        _ => trimmed,
    };
    slugify(without_prefix)
}

/// Whether two normalised keys name the same attribute: equal, or equal once a `pa_` prefix
/// is ignored (a label such as `color` against the slug `pa_color`).
pub fn keys_match(a: &str, b: &str) -> bool {
    a == b || a.strip_prefix("pa_").unwrap_or(a) == b.strip_prefix("pa_").unwrap_or(b)
}

/// The attribute named by `name`: an exact key first, then a label, then a `pa_`-insensitive key.
pub fn find_attribute<'a>(
    attributes: &'a [ProductAttribute],
    name: &str,
) -> Option<&'a ProductAttribute> {
    find_among(attributes.iter(), name)
}

/// [`find_attribute`] over any list of attributes.
pub(super) fn find_among<'a, I>(attributes: I, name: &str) -> Option<&'a ProductAttribute>
where
    I: Iterator<Item = &'a ProductAttribute> + Clone,
{
    let wanted = attribute_key(name);
    attributes
        .clone()
        .find(|a| a.key() == wanted)
        .or_else(|| {
            attributes
                .clone()
                .find(|a| attribute_key(&a.name) == wanted)
        })
        .or_else(|| attributes.clone().find(|a| keys_match(&a.key(), &wanted)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::fixtures::color;

    #[test]
    fn product_attribute_keys_and_options() {
        let global = ProductAttribute::global(&color(), &[TermId(24), TermId(22)]).for_variations();
        assert_eq!(global.key(), "pa_color");
        assert_eq!(global.field_name(), "attribute_pa_color");
        assert_eq!(global.slugs(), ["blue", "red"]);
        assert_eq!(global.option("RED").map(|o| o.slug.as_str()), Some("red"));
        assert_eq!(global.option_name("blue"), "Blue");
        for name in [
            "pa_color",
            "attribute_pa_color",
            "Color",
            "color",
            "ATTRIBUTE_PA_COLOR",
        ] {
            assert!(global.is_named(name), "{name}");
        }
        let local = ProductAttribute::local("Logo", &["Yes", "No"]);
        assert_eq!(local.key(), "logo");
        assert_eq!(local.field_name(), "attribute_logo");
        assert!(local.is_named("attribute_logo") && local.is_named("Logo"));
        assert!(!local.is_named("pa_color"));
        assert_eq!(local.option("yes").map(|o| o.slug.as_str()), Some("Yes"));
    }

    #[test]
    fn finds_attributes_exact_first() {
        let attributes = vec![
            ProductAttribute::local("Color", &["x"]),
            ProductAttribute::global(&color(), &[]),
        ];
        assert_eq!(
            find_attribute(&attributes, "pa_color").and_then(|a| a.taxonomy.clone()),
            Some("pa_color".into())
        );
        assert_eq!(
            find_attribute(&attributes, "Color").map(|a| a.taxonomy.is_none()),
            Some(true)
        );
        assert!(find_attribute(&attributes, "size").is_none());
    }
}
