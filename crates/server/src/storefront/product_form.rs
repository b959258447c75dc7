//! The add-to-cart form of each product type, as real HTML forms that work without
//! JavaScript. A variable product's choice also lives in the URL
//! (`?attribute_pa_color=blue`): the page then preselects it and shows the matched variation.

use mercato_core::catalogue::{
    AttributeChoice, Availability, ExternalLink, ProductFamily, ProductType, SwatchGroup,
    SwatchSettings, ValueAvailability, Variation, ViewContext, available_variations,
    find_matching_variation, option_states, product_price_html, resolve_choice, simple_price_html,
};
use mercato_core::quantity::QuantityLimits;
use mercato_db::catalogue::Taxonomy;
use serde::Serialize;

use super::cards::ImageView;
use super::html::json_for_attribute;
use super::urls;

/// WooCommerce's texts for the variation form (`wc_add_to_cart_variation_params`).
pub const NO_MATCH_TEXT: &str =
    "Sorry, no products matched your selection. Please choose a different combination.";
/// Shown when the matched variation cannot be bought.
pub const UNAVAILABLE_TEXT: &str =
    "Sorry, this product is unavailable. Please choose a different combination.";
/// Shown when the shopper has not chosen every option.
pub const MAKE_A_SELECTION_TEXT: &str =
    "Please select some product options before adding this product to your cart.";

/// A quantity input.
#[derive(Debug, Clone, Serialize)]
pub struct QuantityView {
    /// Smallest.
    pub min: u32,
    /// Largest, if limited.
    pub max: Option<u32>,
    /// Step.
    pub step: u32,
    /// Initial value.
    pub value: u32,
    /// Sold individually: the input is hidden and fixed at 1.
    pub fixed: bool,
}

impl QuantityView {
    /// The input for `limits`.
    pub fn new(limits: &QuantityLimits) -> Self {
        QuantityView {
            min: limits.minimum,
            max: limits.maximum,
            step: limits.multiple_of,
            value: limits.minimum,
            fixed: !limits.editable,
        }
    }
}

/// An option of a variation attribute's select.
#[derive(Debug, Clone, Serialize)]
pub struct OptionView {
    /// The value (term slug or local value).
    pub value: String,
    /// The text.
    pub name: String,
    /// Chosen.
    pub selected: bool,
    /// Some variation with the other choices offers it.
    pub enabled: bool,
    /// Swatch colour of the term (colour swatches).
    pub color: Option<String>,
    /// Swatch picture of the term (image swatches): its thumbnail URL.
    pub image: Option<String>,
    /// Every variation with this value (and the other choices) is unavailable, not
    /// purchasable or not in stock (SPEC §4.4): shown as "Out of stock".
    pub out_of_stock: bool,
    /// Element id of the option's radio (swatch groups).
    pub input_id: String,
}

/// One attribute's choice: a select, or a swatch group of radios (SPEC §2.3, §3.4).
#[derive(Debug, Clone, Serialize)]
pub struct SelectView {
    /// The attribute's label.
    pub label: String,
    /// Field name (`attribute_pa_color`).
    pub name: String,
    /// Element id (`pa_color`).
    pub id: String,
    /// Its options.
    pub options: Vec<OptionView>,
    /// `select`, `color`, `image` or `button`.
    pub display: &'static str,
    /// The group's settings (swatch groups).
    pub group: SwatchGroup,
    /// The chosen option's name, if any.
    pub selected_name: Option<String>,
}

/// The variation the URL's choice matched.
#[derive(Debug, Clone, Serialize)]
pub struct MatchedView {
    /// Id.
    pub variation_id: i64,
    /// Price HTML (safe).
    pub price_html: String,
    /// SKU (inherited).
    pub sku: String,
    /// Stock text and class.
    pub availability: Availability,
    /// Description (merchant HTML).
    pub description: String,
    /// Its own image, if it has one.
    pub image: Option<ImageView>,
    /// Can be added to the cart.
    pub available: bool,
}

/// The form of a variable product.
#[derive(Debug, Clone, Serialize)]
pub struct VariableForm {
    /// `data-product_variations`: every visible variation as JSON, or `false` past the limit.
    pub variations_json: String,
    /// One select per attribute.
    pub selects: Vec<SelectView>,
    /// Something is chosen (the reset link shows).
    pub any_chosen: bool,
    /// Every attribute is chosen.
    pub complete: bool,
    /// The matched variation.
    pub matched: Option<MatchedView>,
    /// A complete choice matched nothing.
    pub no_match: bool,
}

/// A child row of a grouped product.
#[derive(Debug, Clone, Serialize)]
pub struct GroupedChild {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Product page.
    pub url: String,
    /// Price HTML (safe).
    pub price_html: String,
    /// A quantity can be entered (purchasable simple product in stock).
    pub quantity: Option<QuantityView>,
    /// Options must be chosen on its own page.
    pub needs_options: bool,
    /// Stock text.
    pub availability: Availability,
}

/// The add-to-cart area.
#[derive(Debug, Clone, Serialize)]
pub struct CartForm {
    /// `simple`, `variable`, `grouped` or `external`.
    pub kind: &'static str,
    /// Where the form posts (the product page).
    pub action: String,
    /// The form can add to the cart at all.
    pub purchasable: bool,
    /// Stock text of the product itself.
    pub availability: Availability,
    /// The quantity input.
    pub quantity: QuantityView,
    /// Variable products.
    pub variable: Option<VariableForm>,
    /// Grouped products' children.
    pub children: Vec<GroupedChild>,
    /// External products: the button's link and text.
    pub external: Option<(String, String)>,
}

/// What the forms are built from.
pub struct FormInput<'a> {
    /// The product with its variations and children.
    pub family: ProductFamily<'a>,
    /// Display settings.
    pub view: ViewContext<'a>,
    /// The taxonomy, for swatch colours and images.
    pub taxonomy: &'a Taxonomy,
    /// How each global attribute is shown.
    pub swatches: &'a SwatchSettings,
    /// The query of the page (the choice lives there).
    pub query: &'a [(String, String)],
    /// Past this many visible variations none is embedded.
    pub max_embedded: u32,
}

/// Builds the add-to-cart form for the product.
pub fn cart_form(input: &FormInput<'_>) -> CartForm {
    let family = input.family;
    let product = family.product;
    let view = &input.view;
    let availability = product
        .stock
        .availability(view.settings.stock_format, view.settings.low_stock_amount);
    let mut form = CartForm {
        kind: product.kind.as_str(),
        action: urls::product(&product.slug),
        purchasable: family.is_purchasable(view.now) && family.is_in_stock(),
        availability,
        quantity: QuantityView::new(&QuantityLimits::for_product(product)),
        variable: None,
        children: Vec::new(),
        external: None,
    };
    match product.kind {
        ProductType::Variable => {
            let variable = variable_form(input);
            if let Some(matched) = variable.matched.as_ref()
                && let Some(v) = family
                    .variations
                    .iter()
                    .find(|v| v.id.0 == matched.variation_id)
            {
                form.quantity = QuantityView::new(&QuantityLimits::for_variation(v, product));
            }
            form.purchasable =
                family.is_purchasable(view.now) && !family.visible_variations().is_empty();
            form.variable = Some(variable);
        }
        ProductType::Grouped => {
            form.children = grouped_children(input);
            form.purchasable = form.children.iter().any(|c| c.quantity.is_some());
        }
        ProductType::External => {
            form.external = product
                .external
                .as_ref()
                .and_then(ExternalLink::safe_url)
                .map(|url| (url, product.external_button_text().to_owned()));
            form.purchasable = form.external.is_some();
        }
        _ => {}
    }
    form
}

/// The choice the URL carries, or the product's defaults when it carries none; values that
/// are not options of the product are dropped.
pub fn chosen(family: &ProductFamily<'_>, query: &[(String, String)]) -> AttributeChoice {
    let product = family.product;
    let from_url: Vec<(&str, &str)> = query
        .iter()
        .filter(|(k, _)| k.starts_with("attribute_"))
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let raw = if from_url.is_empty() {
        AttributeChoice::from_pairs(
            product
                .variation_attributes()
                .into_iter()
                .filter_map(|a| product.default_value(a).map(|v| (a.key(), v.to_owned()))),
        )
    } else {
        resolve_choice(product, from_url).choice
    };
    let mut clean = AttributeChoice::new();
    for attribute in product.variation_attributes() {
        let key = attribute.key();
        if let Some(option) = raw.get(&key).and_then(|v| attribute.option(v)) {
            clean.set(&key, &option.slug);
        }
    }
    clean
}

fn variable_form(input: &FormInput<'_>) -> VariableForm {
    let family = input.family;
    let product = family.product;
    let view = &input.view;
    let visible = family
        .hiding_out_of_stock(view.settings.hide_out_of_stock)
        .visible_variations();
    let variations_json =
        if visible.len() > usize::try_from(input.max_embedded).unwrap_or(usize::MAX) {
            "false".to_owned()
        } else {
            json_for_attribute(&available_variations(&family, view))
        };
    let choice = chosen(&family, input.query);
    let attributes = product.variation_attributes();
    let complete = attributes.iter().all(|a| choice.get(&a.key()).is_some());
    let selects = option_states(product, family.variations, &choice)
        .into_iter()
        .zip(attributes.iter())
        .map(|((key, states), attribute)| {
            let global = input
                .taxonomy
                .attribute_by_slug(&key)
                .filter(|_| attribute.is_global());
            let group = global.map_or_else(SwatchGroup::default, |g| input.swatches.group_for(g));
            let selected_name = states.iter().find(|s| s.selected).map(|s| s.name.clone());
            SelectView {
                label: attribute.name.clone(),
                name: attribute.field_name(),
                options: states
                    .into_iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let term = global.and_then(|g| g.term_by_slug(&s.value));
                        OptionView {
                            color: term
                                .and_then(|t| t.swatch_color.as_ref())
                                .map(|c| c.as_str().to_owned()),
                            image: term
                                .and_then(|t| t.image.as_ref())
                                .map(|i| i.thumbnail_src().to_owned()),
                            enabled: s.availability != ValueAvailability::Unavailable,
                            out_of_stock: s.availability == ValueAvailability::OutOfStock,
                            input_id: format!("{key}_{i}"),
                            value: s.value,
                            name: s.name,
                            selected: s.selected,
                        }
                    })
                    .collect(),
                id: key,
                display: group.display_type.as_str(),
                group,
                selected_name,
            }
        })
        .collect();
    let found: Option<&Variation> = complete
        .then(|| find_matching_variation(family.variations, &choice))
        .flatten()
        .filter(|v| visible.iter().any(|seen| seen.id == v.id));
    let matched = found.map(|v| matched_view(&family, v, view));
    VariableForm {
        variations_json,
        selects,
        any_chosen: !choice.is_empty(),
        complete,
        no_match: complete && matched.is_none(),
        matched,
    }
}

fn matched_view(
    family: &ProductFamily<'_>,
    variation: &Variation,
    view: &ViewContext<'_>,
) -> MatchedView {
    let parent = family.product;
    let stock = variation.effective_stock(parent);
    // As WooCommerce: no price of its own when every variation costs the same.
    let prices_differ = family
        .price_range(view.now)
        .is_none_or(|r| r.min != r.max || r.min_regular != r.max_regular);
    MatchedView {
        variation_id: variation.id.0,
        price_html: if prices_differ {
            simple_price_html(&variation.pricing, view.currency, view.now)
        } else {
            String::new()
        },
        sku: variation.effective_sku(parent).to_owned(),
        availability: stock
            .availability(view.settings.stock_format, view.settings.low_stock_amount),
        description: variation.description.clone(),
        image: variation
            .image
            .as_ref()
            .map(|i| ImageView::new(i, &parent.name, super::product::MAIN_IMAGE_SIZES, false)),
        available: variation.is_available(parent),
    }
}

fn grouped_children(input: &FormInput<'_>) -> Vec<GroupedChild> {
    let view = &input.view;
    input
        .family
        .visible_children()
        .into_iter()
        .map(|child| {
            let own = ProductFamily::new(child);
            let buyable = child.kind == ProductType::Simple
                && own.is_purchasable(view.now)
                && own.is_in_stock();
            let limits = QuantityLimits::for_product(child);
            GroupedChild {
                id: child.id.0,
                name: child.name.clone(),
                url: urls::product(&child.slug),
                price_html: product_price_html(&own, view.currency, view.now),
                quantity: buyable.then(|| QuantityView {
                    min: 0,
                    value: 0,
                    ..QuantityView::new(&limits)
                }),
                needs_options: child.kind == ProductType::Variable,
                availability: child
                    .stock
                    .availability(view.settings.stock_format, view.settings.low_stock_amount),
            }
        })
        .collect()
}
