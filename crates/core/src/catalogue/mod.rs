//! The catalogue: products, variations, attributes, categories, tags and reviews, the rules
//! derived from them (prices, stock, purchasability), variation matching, and the JSON views
//! the Store API and the product page send.
//!
//! Everything here is pure: storage loads the records, this module decides what they mean.

mod addons;
mod attributes;
mod display;
mod family;
mod ids;
mod matching;
mod price_html;
mod pricing;
mod product;
mod product_attribute;
mod review;
mod slug;
mod stock;
mod store_product;
mod store_terms;
mod store_variation;
mod store_view;
mod swatches;
mod taxonomy;
mod variation;
mod variation_view;

#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod matching_props;
#[cfg(test)]
mod matching_shared;
#[cfg(test)]
mod matching_tests;
#[cfg(test)]
mod view_tests;

pub use addons::{
    AddonChoiceError, AddonError, AddonGroup, AddonOption, AddonPrice, ChosenAddon, MAX_GROUPS,
    MAX_KEY_CHARS, MAX_LABEL_CHARS, MAX_OPTIONS, ResolvedAddon, choose as choose_addons,
    find_group as find_addon_group, resolve as resolve_addons,
    unit_adjustment as addon_unit_adjustment, validate_groups as validate_addon_groups,
};
pub use attributes::{
    AttributeOrderBy, AttributeTerm, AttributeType, GlobalAttribute, HexColor, InvalidHexColor,
    taxonomy_name,
};
pub use display::{CatalogueSettings, ViewContext, format_dimensions, format_weight};
pub use family::ProductFamily;
pub use ids::{AttributeId, CategoryId, ImageId, ProductId, ReviewId, TagId, TermId};
pub use matching::{
    AttributeChoice, OptionState, ResolvedChoice, SelectedAttribute, ValueAvailability,
    VariationChoiceError, available_values, find_matching_variation, option_states, resolve_choice,
    selected_attributes, value_availability, value_out_of_stock, variation_matches,
};
pub use price_html::{
    amount_html, amount_text, for_store_api, product_price_html, range_html, sale_html,
    simple_price_html, symbol_html,
};
pub use pricing::{PriceRange, Pricing};
pub use product::{
    AverageRating, CatalogVisibility, Dimensions, ExternalLink, Image, Product, ProductStatus,
    ProductType, PurchaseLimits, TaxStatus, safe_external_url,
};
pub use product_attribute::{
    AttributeOption, ProductAttribute, VariationAttribute, attribute_key, find_attribute,
    keys_match,
};
pub use review::{InvalidRating, Rating, Review, ReviewStatus, rating_summary, review_paragraphs};
pub use slug::{format_list, natural_cmp, slugify};
pub use stock::{Availability, Backorders, Stock, StockFormat, StockStatus};
pub use store_product::{item_prices, store_image, store_prices, store_product};
pub use store_terms::{
    StoreAttributeSummary, StoreCategory, StoreTerm, store_attribute_summary, store_attribute_term,
    store_category, store_tag,
};
pub use store_variation::{store_variation_product, variation_permalink, variation_summary};
pub use store_view::{
    StoreAddToCart, StoreAttribute, StoreAttributeTerm, StoreImage, StorePriceRange, StorePrices,
    StoreProduct, StoreTermLink, StoreVariationRef, StoreVariationValue, Taxonomies,
};
pub use swatches::{ArchiveSwatches, DisplayType, SwatchGroup, SwatchSettings};
pub use taxonomy::{Category, CategoryTree, Tag};
pub use variation::Variation;
pub use variation_view::{
    OrderedAttributes, VariationImage, VariationImageSizes, VariationJson, available_variations,
    variation_json,
};
