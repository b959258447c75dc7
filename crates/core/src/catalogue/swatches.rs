//! Swatch settings (SPEC §3.4, §4.4): how each global attribute's options are picked on the
//! product page (colour, image, button or the plain select) and the behaviour of a swatch
//! group. Stored as the `swatches` option and set with `mercato settings set swatches`
//! (docs/variations-and-swatches.md).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::attributes::{AttributeType, GlobalAttribute};

/// How one attribute's options are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DisplayType {
    /// The drop-down.
    #[default]
    Select,
    /// A round colour swatch per term (the term's `swatch_color`).
    Color,
    /// A small picture per term (the term's `image`).
    Image,
    /// A button with the term's name.
    Button,
}

impl DisplayType {
    /// `select`, `color`, `image` or `button`.
    pub fn as_str(self) -> &'static str {
        match self {
            DisplayType::Select => "select",
            DisplayType::Color => "color",
            DisplayType::Image => "image",
            DisplayType::Button => "button",
        }
    }
}

/// The settings of one swatch group (SPEC §3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SwatchGroup {
    /// How the options are shown.
    pub display_type: DisplayType,
    /// Show the attribute's title above the swatches (`wpvs_attr_title`).
    pub show_title: bool,
    /// Options that can no longer match are disabled (greyed out) when on, hidden when off
    /// (`hide_outofstock`, SPEC §4.4).
    pub hide_outofstock: bool,
    /// Show the chosen option's name next to the title.
    pub show_selected_item: bool,
    /// A second click on the chosen option clears it.
    pub deselect_on_double_click: bool,
}

impl Default for SwatchGroup {
    fn default() -> Self {
        SwatchGroup {
            display_type: DisplayType::Select,
            show_title: true,
            hide_outofstock: true,
            show_selected_item: true,
            deselect_on_double_click: false,
        }
    }
}

/// The `swatches` option: a group per attribute taxonomy (`pa_color`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SwatchSettings {
    /// Attribute slug (`pa_color`) → its group settings.
    pub attributes: BTreeMap<String, SwatchGroup>,
}

impl SwatchSettings {
    /// The option's name in the settings store.
    pub const OPTION: &'static str = "swatches";

    /// The group of `attribute`: its own settings, otherwise colour swatches for a colour
    /// attribute and the select for the others.
    pub fn group_for(&self, attribute: &GlobalAttribute) -> SwatchGroup {
        // Slugs are compared without their `pa_` (storage keeps attributes' slugs bare).
        let bare = |slug: &str| {
            let lower = slug.to_lowercase();
            lower
                .strip_prefix("pa_")
                .map_or(lower.clone(), str::to_owned)
        };
        let wanted = bare(&attribute.slug);
        if let Some(group) = self
            .attributes
            .iter()
            .find(|(slug, _)| bare(slug) == wanted)
            .map(|(_, group)| group)
        {
            return *group;
        }
        SwatchGroup {
            display_type: match attribute.kind {
                AttributeType::Color => DisplayType::Color,
                AttributeType::Select => DisplayType::Select,
            },
            ..SwatchGroup::default()
        }
    }

    /// What is wrong with the settings, if anything: slugs that are not `pa_…`.
    pub fn problem(&self) -> Option<String> {
        self.attributes
            .keys()
            .find(|slug| !slug.starts_with("pa_") || slug.len() <= 3)
            .map(|slug| {
                format!("\"{slug}\" is not a global attribute's slug (they start with pa_)")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::AttributeId;

    #[test]
    fn groups_fall_back_on_the_attribute_kind() {
        let mut color = GlobalAttribute::new(AttributeId(1), "Color");
        color.kind = AttributeType::Color;
        let size = GlobalAttribute::new(AttributeId(2), "Size");
        let stored_bare = GlobalAttribute {
            slug: "size".to_owned(),
            ..size.clone()
        };
        let none = SwatchSettings::default();
        assert_eq!(none.group_for(&color).display_type, DisplayType::Color);
        assert_eq!(none.group_for(&size).display_type, DisplayType::Select);

        let settings: SwatchSettings = serde_json::from_str(
            r#"{"attributes": {"pa_size": {"display_type": "button", "deselect_on_double_click": true}}}"#,
        )
        .expect("valid");
        let group = settings.group_for(&size);
        assert_eq!(group.display_type, DisplayType::Button);
        assert!(group.deselect_on_double_click && group.show_title && group.hide_outofstock);
        assert_eq!(
            settings.group_for(&stored_bare).display_type,
            DisplayType::Button,
            "storage keeps slugs without pa_"
        );
    }

    #[test]
    fn slugs_must_be_global_attributes() {
        let bad: SwatchSettings =
            serde_json::from_str(r#"{"attributes": {"size": {}}}"#).expect("parses");
        assert!(bad.problem().is_some_and(|p| p.contains("\"size\"")));
        let unknown_type = serde_json::from_str::<SwatchSettings>(
            r#"{"attributes": {"pa_size": {"display_type": "radio"}}}"#,
        );
        assert!(unknown_type.is_err());
    }
}
