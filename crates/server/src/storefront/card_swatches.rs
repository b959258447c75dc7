//! Swatches on catalogue cards (the `archive` part of the `swatches` setting): a small group
//! per chosen attribute under a variable product's card. Each swatch is a link to the product
//! page with the term chosen (`?attribute_pa_color=navy`), which is all it does without
//! JavaScript; `web/src/behaviours/card-swatches.ts` turns the group into radios that swap the
//! card's image for the picture of a variation with that term (docs/variations-and-swatches.md).

use mercato_core::catalogue::{
    AttributeChoice, ProductFamily, SwatchSettings, ValueAvailability, Variation, option_states,
};
use mercato_db::catalogue::Taxonomy;
use serde::Serialize;

use super::cards::ImageView;
use super::urls;

/// What card swatches are built from: the taxonomy (term colours and pictures) and the
/// setting.
#[derive(Debug, Clone, Copy)]
pub struct CardSwatchSource<'a> {
    /// The shop's taxonomy.
    pub taxonomy: &'a Taxonomy,
    /// The `swatches` setting.
    pub settings: &'a SwatchSettings,
}

/// One swatch on a card.
#[derive(Debug, Clone, Serialize)]
pub struct CardSwatch {
    /// The term's slug (`navy`).
    pub value: String,
    /// The term's name (`Navy`): the swatch's accessible name.
    pub name: String,
    /// The term's colour (colour swatches).
    pub color: Option<String>,
    /// The term's picture (image swatches): its thumbnail URL.
    pub picture: Option<String>,
    /// Every variation with the term is sold out or cannot be bought: described as "Out of
    /// stock" and not choosable.
    pub out_of_stock: bool,
    /// The product page with the term chosen.
    pub href: String,
    /// The picture of a variation with the term, drawn as the card's image is.
    pub image: Option<ImageView>,
}

/// One attribute's swatches on a card.
#[derive(Debug, Clone, Serialize)]
pub struct CardSwatchGroup {
    /// The attribute's name (`Color`): the group's accessible name.
    pub label: String,
    /// The field (`attribute_pa_color`).
    pub field: String,
    /// `color`, `image` or `button` (a select is drawn as buttons on a card).
    pub display: &'static str,
    /// Element id prefix, unique on the page (`card-12-pa_color`).
    pub id: String,
    /// The swatches, at most the setting's limit.
    pub options: Vec<CardSwatch>,
    /// Terms past the limit: shown as a "+N" link to the product page.
    pub more: usize,
    /// Some swatch is out of stock (the group then holds the "Out of stock" text).
    pub any_out_of_stock: bool,
}

/// A variation with its own picture, as a card with more than one swatch group needs it to
/// pick the picture of the variation matching every chosen value. Written out as the SPEC
/// §3.1 variation object's `variation_id`, `attributes` and `image` (src, srcset, alt), so
/// the browser matches it with the variation form's own matcher.
#[derive(Debug, Clone, Serialize)]
struct CardVariation<'a> {
    variation_id: i64,
    attributes: std::collections::BTreeMap<String, &'a str>,
    image: CardVariationImage,
}

#[derive(Debug, Clone, Serialize)]
struct CardVariationImage {
    src: String,
    srcset: String,
    alt: String,
}

/// The JSON list of the visible variations that have their own picture, for a card that
/// shows more than one swatch group (`data-variations`); `None` for one group or none, where
/// each swatch's own `data-image-*` is all the card needs.
pub fn card_swatch_variations(
    family: &ProductFamily<'_>,
    groups: &[CardSwatchGroup],
    sizes: &str,
) -> Option<String> {
    if groups.len() < 2 {
        return None;
    }
    let product = family.product;
    let list: Vec<CardVariation<'_>> = family
        .visible_variations()
        .into_iter()
        .filter_map(|v| {
            let image = ImageView::new(v.image.as_ref()?, &product.name, sizes, true);
            Some(CardVariation {
                variation_id: v.id.0,
                attributes: v
                    .attributes
                    .iter()
                    .map(|a| (format!("attribute_{}", a.key), a.value.as_str()))
                    .collect(),
                image: CardVariationImage {
                    src: image.src,
                    srcset: image.srcset,
                    alt: image.alt,
                },
            })
        })
        .collect();
    if list.is_empty() {
        return None;
    }
    serde_json::to_string(&list).ok()
}

/// The picture of the first visible variation offering exactly `value` for `key`, else of
/// one accepting any value.
fn variation_image<'a>(
    visible: &[&'a Variation],
    key: &str,
    value: &str,
) -> Option<&'a mercato_core::catalogue::Image> {
    let with = |exact: bool| {
        visible.iter().find_map(|v| {
            let own = v.value_of(key)?;
            let fits = if exact {
                own.eq_ignore_ascii_case(value)
            } else {
                own.is_empty()
            };
            fits.then_some(v.image.as_ref()).flatten()
        })
    };
    with(true).or_else(|| with(false))
}

/// The swatch groups of a card; empty unless the product is variable, the setting shows
/// swatches on cards and one of the product's global attributes is among those chosen.
pub fn card_swatches(
    family: &ProductFamily<'_>,
    source: &CardSwatchSource<'_>,
    sizes: &str,
    url: &str,
) -> Vec<CardSwatchGroup> {
    let product = family.product;
    let settings = source.settings;
    if !settings.archive.enabled {
        return Vec::new();
    }
    let visible = family.visible_variations();
    if visible.is_empty() {
        return Vec::new();
    }
    let limit = usize::try_from(settings.archive.limit.max(1)).unwrap_or(usize::MAX);
    let mut groups: Vec<(usize, CardSwatchGroup)> =
        option_states(product, family.variations, &AttributeChoice::new())
            .into_iter()
            .zip(product.variation_attributes())
            .filter_map(|((key, states), attribute)| {
                let global = source
                    .taxonomy
                    .attribute_by_slug(&key)
                    .filter(|_| attribute.is_global())?;
                let position = settings.archive_position(global)?;
                let display = match settings.group_for(global).display_type.as_str() {
                    "select" => "button",
                    other => other,
                };
                let field = attribute.field_name();
                let offered: Vec<CardSwatch> = states
                    .into_iter()
                    // A store that hides sold-out items hides sold-out terms too.
                    .filter(|s| match s.availability {
                        ValueAvailability::Unavailable => false,
                        ValueAvailability::OutOfStock => !family.hide_out_of_stock,
                        ValueAvailability::Available => true,
                    })
                    .map(|s| {
                        let term = global.term_by_slug(&s.value);
                        CardSwatch {
                            color: term
                                .and_then(|t| t.swatch_color.as_ref())
                                .map(|c| c.as_str().to_owned()),
                            picture: term
                                .and_then(|t| t.image.as_ref())
                                .map(|i| i.thumbnail_src().to_owned()),
                            out_of_stock: s.availability == ValueAvailability::OutOfStock,
                            href: urls::with_query(url, &[(field.clone(), s.value.clone())]),
                            image: variation_image(&visible, &key, &s.value)
                                .map(|i| ImageView::new(i, &product.name, sizes, true)),
                            value: s.value,
                            name: s.name,
                        }
                    })
                    .collect();
                if offered.is_empty() {
                    return None;
                }
                let more = offered.len().saturating_sub(limit);
                let options: Vec<CardSwatch> = offered.into_iter().take(limit).collect();
                Some((
                    position,
                    CardSwatchGroup {
                        label: attribute.name.clone(),
                        id: format!("card-{}-{key}", product.id.0),
                        field,
                        display,
                        any_out_of_stock: options.iter().any(|o| o.out_of_stock),
                        options,
                        more,
                    },
                ))
            })
            .collect();
    // The setting's order; the product's own among attributes of the same position.
    groups.sort_by_key(|(position, _)| *position);
    groups.into_iter().map(|(_, group)| group).collect()
}
