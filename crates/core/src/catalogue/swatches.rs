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

/// Swatches on catalogue cards (the `archive` part of the setting): choosing one swaps the
/// card's image; without JavaScript each is a link to the product page with the term chosen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ArchiveSwatches {
    /// Cards show swatches at all.
    pub enabled: bool,
    /// The attributes shown on cards (`pa_color`), in this order; `None` shows those whose
    /// group is drawn as colour dots.
    pub attributes: Option<Vec<String>>,
    /// At most this many swatches per attribute on a card; the rest are a "+N" link to the
    /// product page.
    pub limit: u32,
}

impl ArchiveSwatches {
    /// The largest `limit` accepted: a card is small.
    pub const MAX_LIMIT: u32 = 20;
    /// The most attributes a card may show.
    pub const MAX_ATTRIBUTES: usize = 5;
}

impl Default for ArchiveSwatches {
    fn default() -> Self {
        ArchiveSwatches {
            enabled: false,
            attributes: None,
            limit: 5,
        }
    }
}

/// The `swatches` option: a group per attribute taxonomy (`pa_color`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SwatchSettings {
    /// Attribute slug (`pa_color`) → its group settings.
    pub attributes: BTreeMap<String, SwatchGroup>,
    /// Swatches on catalogue cards.
    pub archive: ArchiveSwatches,
}

/// An attribute slug without its `pa_` prefix, lower-cased (storage keeps slugs bare).
fn bare_slug(slug: &str) -> String {
    let lower = slug.to_lowercase();
    lower
        .strip_prefix("pa_")
        .map_or(lower.clone(), str::to_owned)
}

fn is_global_slug(slug: &str) -> bool {
    slug.starts_with("pa_") && slug.len() > 3
}

impl SwatchSettings {
    /// The option's name in the settings store.
    pub const OPTION: &'static str = "swatches";

    /// The group of `attribute`: its own settings, otherwise colour swatches for a colour
    /// attribute and the select for the others.
    pub fn group_for(&self, attribute: &GlobalAttribute) -> SwatchGroup {
        // Slugs are compared without their `pa_` (storage keeps attributes' slugs bare).
        let bare = bare_slug;
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

    /// Where `attribute` goes on catalogue cards: its position among the card's swatch groups,
    /// or `None` when cards do not show it (or show no swatches at all).
    pub fn archive_position(&self, attribute: &GlobalAttribute) -> Option<usize> {
        if !self.archive.enabled {
            return None;
        }
        match &self.archive.attributes {
            Some(chosen) => {
                let wanted = bare_slug(&attribute.slug);
                chosen.iter().position(|slug| bare_slug(slug) == wanted)
            }
            // Colour attributes, in the product's own order.
            None => (self.group_for(attribute).display_type == DisplayType::Color).then_some(0),
        }
    }

    /// What is wrong with the settings, if anything: slugs that are not `pa_…`, a card limit
    /// out of range, too many or repeated card attributes.
    pub fn problem(&self) -> Option<String> {
        let not_global = |slug: &String| {
            format!("\"{slug}\" is not a global attribute's slug (they start with pa_)")
        };
        if let Some(slug) = self.attributes.keys().find(|slug| !is_global_slug(slug)) {
            return Some(not_global(slug));
        }
        let archive = &self.archive;
        if archive.limit == 0 || archive.limit > ArchiveSwatches::MAX_LIMIT {
            return Some(format!(
                "archive.limit must be from 1 to {} swatches per card, not {}",
                ArchiveSwatches::MAX_LIMIT,
                archive.limit
            ));
        }
        let chosen = archive.attributes.as_deref().unwrap_or_default();
        if chosen.len() > ArchiveSwatches::MAX_ATTRIBUTES {
            return Some(format!(
                "archive.attributes names {} attributes; a card shows at most {}",
                chosen.len(),
                ArchiveSwatches::MAX_ATTRIBUTES
            ));
        }
        if let Some(slug) = chosen
            .iter()
            .find(|slug| !is_global_slug(slug) || slug.len() > 32)
        {
            return Some(format!("archive.attributes: {}", not_global(slug)));
        }
        chosen
            .iter()
            .enumerate()
            .find(|(i, slug)| {
                chosen[..*i]
                    .iter()
                    .any(|earlier| bare_slug(earlier) == bare_slug(slug))
            })
            .map(|(_, slug)| format!("archive.attributes names \"{slug}\" twice"))
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

    #[test]
    fn cards_show_colour_attributes_unless_told_otherwise() {
        let mut color = GlobalAttribute::new(AttributeId(1), "Color");
        color.kind = AttributeType::Color;
        let size = GlobalAttribute {
            slug: "size".to_owned(),
            ..GlobalAttribute::new(AttributeId(2), "Size")
        };
        let off = SwatchSettings::default();
        assert_eq!(off.archive_position(&color), None, "off unless enabled");

        let on: SwatchSettings =
            serde_json::from_str(r#"{"archive": {"enabled": true}}"#).expect("valid");
        assert_eq!(on.archive.limit, 5);
        assert_eq!(on.archive_position(&color), Some(0));
        assert_eq!(on.archive_position(&size), None);

        let chosen: SwatchSettings = serde_json::from_str(
            r#"{"archive": {"enabled": true, "attributes": ["pa_size", "pa_color"], "limit": 3}}"#,
        )
        .expect("valid");
        assert_eq!(chosen.problem(), None);
        assert_eq!(chosen.archive_position(&size), Some(0));
        assert_eq!(chosen.archive_position(&color), Some(1));
    }

    #[test]
    fn card_settings_are_checked() {
        let problem = |json: &str| {
            serde_json::from_str::<SwatchSettings>(json)
                .expect("parses")
                .problem()
                .unwrap_or_default()
        };
        assert!(problem(r#"{"archive": {"limit": 0}}"#).contains("from 1 to 20"));
        assert!(problem(r#"{"archive": {"limit": 21}}"#).contains("not 21"));
        assert!(problem(r#"{"archive": {"attributes": ["color"]}}"#).contains("\"color\""));
        assert!(
            problem(r#"{"archive": {"attributes": ["pa_color", "pa_COLOR"]}}"#).contains("twice")
        );
        assert!(
            problem(
                r#"{"archive": {"attributes": ["pa_a", "pa_b", "pa_c", "pa_d", "pa_e", "pa_f"]}}"#
            )
            .contains("at most 5")
        );
        assert_eq!(
            problem(r#"{"archive": {"enabled": true, "limit": 20}}"#),
            ""
        );
    }
}
