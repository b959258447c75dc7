//! Global attributes (`pa_color`) with their terms, swatch colours and term order.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::ids::{AttributeId, TermId};
use super::product::Image;
use super::slug::{natural_cmp, slugify};

/// How a global attribute's options are picked on the product page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttributeType {
    /// A drop-down of names.
    #[default]
    Select,
    /// Colour swatches.
    Color,
}

/// The order of a global attribute's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttributeOrderBy {
    /// The merchant's manual order.
    #[default]
    MenuOrder,
    /// Alphabetical.
    Name,
    /// Alphabetical with numbers by value.
    NameNum,
    /// Creation order.
    Id,
}

impl AttributeOrderBy {
    /// WooCommerce's name (`menu_order`, `name`, `name_num`, `id`).
    pub fn as_str(self) -> &'static str {
        match self {
            AttributeOrderBy::MenuOrder => "menu_order",
            AttributeOrderBy::Name => "name",
            AttributeOrderBy::NameNum => "name_num",
            AttributeOrderBy::Id => "id",
        }
    }
}

/// A swatch colour, always `#rrggbb` in lower case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HexColor(String);

/// A swatch colour that is not `#rrggbb`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a colour of the form #rrggbb")]
pub struct InvalidHexColor(pub String);

impl HexColor {
    /// Checks and lower-cases `#rrggbb`.
    pub fn parse(text: &str) -> Result<HexColor, InvalidHexColor> {
        let trimmed = text.trim();
        let valid = trimmed.len() == 7
            && trimmed.starts_with('#')
            && trimmed[1..].bytes().all(|b| b.is_ascii_hexdigit());
        if valid {
            Ok(HexColor(trimmed.to_ascii_lowercase()))
        } else {
            Err(InvalidHexColor(text.to_owned()))
        }
    }

    /// The colour text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for HexColor {
    type Error = InvalidHexColor;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        HexColor::parse(&text)
    }
}

impl From<HexColor> for String {
    fn from(color: HexColor) -> String {
        color.0
    }
}

impl fmt::Display for HexColor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One value of a global attribute (Red of `pa_color`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AttributeTerm {
    /// Id.
    pub id: TermId,
    /// Display name.
    pub name: String,
    /// Slug, the value stored on variations.
    pub slug: String,
    /// Description.
    pub description: String,
    /// Manual sort position.
    pub menu_order: i64,
    /// Swatch colour for colour attributes.
    pub swatch_color: Option<HexColor>,
    /// Swatch image.
    pub image: Option<Image>,
    /// Number of products using the term.
    pub count: u32,
}

impl AttributeTerm {
    /// A term with its slug derived from the name.
    pub fn new(id: TermId, name: &str) -> Self {
        AttributeTerm {
            id,
            name: name.to_owned(),
            slug: slugify(name),
            ..AttributeTerm::default()
        }
    }
}

/// A shop-wide attribute such as Color (`pa_color`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GlobalAttribute {
    /// Id.
    pub id: AttributeId,
    /// Label ("Color").
    pub name: String,
    /// Taxonomy slug, always starting with `pa_`.
    pub slug: String,
    /// Select or colour swatches.
    pub kind: AttributeType,
    /// How terms are ordered.
    pub order_by: AttributeOrderBy,
    /// Whether the attribute has archive pages.
    pub has_archives: bool,
    /// Its terms.
    pub terms: Vec<AttributeTerm>,
}

impl GlobalAttribute {
    /// An attribute labelled `name` with taxonomy `pa_<slug of name>`.
    pub fn new(id: AttributeId, name: &str) -> Self {
        GlobalAttribute {
            id,
            name: name.to_owned(),
            slug: taxonomy_name(name),
            ..GlobalAttribute::default()
        }
    }

    /// The term with this id.
    pub fn term(&self, id: TermId) -> Option<&AttributeTerm> {
        self.terms.iter().find(|t| t.id == id)
    }

    /// The term with this slug (case-insensitive).
    pub fn term_by_slug(&self, slug: &str) -> Option<&AttributeTerm> {
        let wanted = slug.to_lowercase();
        self.terms.iter().find(|t| t.slug.to_lowercase() == wanted)
    }

    /// Compares two terms in this attribute's configured order.
    pub fn compare_terms(&self, a: &AttributeTerm, b: &AttributeTerm) -> Ordering {
        let by_name = || a.name.to_lowercase().cmp(&b.name.to_lowercase());
        match self.order_by {
            AttributeOrderBy::MenuOrder => a.menu_order.cmp(&b.menu_order).then_with(by_name),
            AttributeOrderBy::Name => by_name(),
            AttributeOrderBy::NameNum => natural_cmp(&a.name, &b.name),
            AttributeOrderBy::Id => Ordering::Equal,
        }
        .then(a.id.cmp(&b.id))
    }

    /// Terms in the configured order.
    pub fn sorted_terms(&self) -> Vec<&AttributeTerm> {
        let mut terms: Vec<&AttributeTerm> = self.terms.iter().collect();
        terms.sort_by(|a, b| self.compare_terms(a, b));
        terms
    }
}

/// The taxonomy name of a global attribute: `pa_` and the slug (`Color` → `pa_color`).
pub fn taxonomy_name(name_or_slug: &str) -> String {
    let slug = slugify(name_or_slug);
    if slug.starts_with("pa_") {
        slug
    } else {
        format!("pa_{slug}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn color() -> GlobalAttribute {
        let mut attribute = GlobalAttribute::new(AttributeId(1), "Color");
        attribute.terms = vec![
            AttributeTerm {
                menu_order: 2,
                ..AttributeTerm::new(TermId(24), "Red")
            },
            AttributeTerm {
                menu_order: 0,
                ..AttributeTerm::new(TermId(22), "Blue")
            },
            AttributeTerm {
                menu_order: 1,
                ..AttributeTerm::new(TermId(23), "Green")
            },
        ];
        attribute
    }

    #[test]
    fn hex_colours_are_validated() {
        assert_eq!(
            HexColor::parse("#FF00aa").map(|c| c.to_string()),
            Ok("#ff00aa".to_owned())
        );
        for bad in ["ff00aa", "#ff00a", "#ff00aag", "#gg0000", "", "#fff"] {
            assert!(HexColor::parse(bad).is_err(), "{bad}");
        }
        let json: Result<HexColor, _> = serde_json::from_str("\"#12345z\"");
        assert!(json.is_err());
        let ok: HexColor = serde_json::from_str("\"#12345A\"").expect("a value");
        assert_eq!(serde_json::to_string(&ok).expect("a value"), "\"#12345a\"");
    }

    #[test]
    fn taxonomy_names() {
        assert_eq!(
            GlobalAttribute::new(AttributeId(1), "Color").slug,
            "pa_color"
        );
        assert_eq!(taxonomy_name("pa_size"), "pa_size");
        assert_eq!(taxonomy_name("T-Shirt Size"), "pa_t-shirt-size");
    }

    #[test]
    fn term_orders() {
        let mut attribute = color();
        let names = |a: &GlobalAttribute| {
            a.sorted_terms()
                .iter()
                .map(|t| t.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&attribute), ["Blue", "Green", "Red"]);
        attribute.order_by = AttributeOrderBy::Id;
        assert_eq!(names(&attribute), ["Blue", "Green", "Red"]);
        attribute.terms[0].menu_order = -1;
        attribute.order_by = AttributeOrderBy::MenuOrder;
        assert_eq!(names(&attribute), ["Red", "Blue", "Green"]);
        attribute.order_by = AttributeOrderBy::Name;
        assert_eq!(names(&attribute), ["Blue", "Green", "Red"]);
    }
}
