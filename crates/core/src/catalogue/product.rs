//! The product record as the merchant edits it, and the small value types it is made of.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::addons::AddonGroup;
use super::ids::{CategoryId, ImageId, ProductId, TagId};
use super::pricing::Pricing;
use super::product_attribute::{
    ProductAttribute, VariationAttribute, attribute_key, find_attribute, keys_match,
};
use super::slug::slugify;
use super::stock::Stock;

/// The kind of product.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProductType {
    /// One item, one price.
    #[default]
    Simple,
    /// Options (size, colour) chosen from variations.
    Variable,
    /// A set of other products shown together.
    Grouped,
    /// Sold on another site; the button links there.
    External,
    /// One option set of a variable product.
    Variation,
}

impl ProductType {
    /// The Store API name (`simple`, `variable` ...).
    pub fn as_str(self) -> &'static str {
        match self {
            ProductType::Simple => "simple",
            ProductType::Variable => "variable",
            ProductType::Grouped => "grouped",
            ProductType::External => "external",
            ProductType::Variation => "variation",
        }
    }
}

/// Publication status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProductStatus {
    /// Visible to everyone.
    #[default]
    Publish,
    /// Being written.
    Draft,
    /// Visible to staff only.
    Private,
    /// Waiting for review.
    Pending,
}

/// Where the product is listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CatalogVisibility {
    /// Shop listings and search results.
    #[default]
    Visible,
    /// Shop listings only.
    Catalog,
    /// Search results only.
    Search,
    /// Only by direct link.
    Hidden,
}

impl CatalogVisibility {
    /// The Store API name.
    pub fn as_str(self) -> &'static str {
        match self {
            CatalogVisibility::Visible => "visible",
            CatalogVisibility::Catalog => "catalog",
            CatalogVisibility::Search => "search",
            CatalogVisibility::Hidden => "hidden",
        }
    }
}

/// What is taxed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaxStatus {
    /// The product and its shipping.
    #[default]
    Taxable,
    /// Only its shipping.
    Shipping,
    /// Nothing.
    None,
}

/// An image of a product, category or attribute term.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Image {
    /// The upload's id.
    pub id: ImageId,
    /// Full-size URL.
    pub src: String,
    /// Thumbnail URL, when a resized copy exists.
    pub thumbnail: Option<String>,
    /// Alternative text.
    pub alt: String,
    /// The upload's title.
    pub name: String,
    /// Full-size width in pixels, when known.
    pub width: Option<u32>,
    /// Full-size height in pixels, when known.
    pub height: Option<u32>,
}

impl Image {
    /// The thumbnail URL, or the full-size one when there is no thumbnail.
    pub fn thumbnail_src(&self) -> &str {
        self.thumbnail.as_deref().unwrap_or(&self.src)
    }
}

/// Length, width and height as the merchant typed them ("" when not given).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Dimensions {
    /// Length.
    pub length: String,
    /// Width.
    pub width: String,
    /// Height.
    pub height: String,
}

impl Dimensions {
    /// Dimensions from three decimal strings.
    pub fn new(length: &str, width: &str, height: &str) -> Self {
        Dimensions {
            length: length.to_owned(),
            width: width.to_owned(),
            height: height.to_owned(),
        }
    }

    /// Each dimension of `self`, or of `fallback` where `self` leaves it empty.
    pub fn or_inherit(&self, fallback: &Dimensions) -> Dimensions {
        let pick = |own: &String, inherited: &String| {
            if own.is_empty() {
                inherited.clone()
            } else {
                own.clone()
            }
        };
        Dimensions {
            length: pick(&self.length, &fallback.length),
            width: pick(&self.width, &fallback.width),
            height: pick(&self.height, &fallback.height),
        }
    }
}

/// Quantity limits the merchant set on a product or variation (`None`: no rule of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PurchaseLimits {
    /// Smallest quantity per order line.
    pub minimum: Option<u32>,
    /// Largest quantity per order line.
    pub maximum: Option<u32>,
    /// Quantities must be a multiple of this.
    pub multiple_of: Option<u32>,
}

impl PurchaseLimits {
    /// Each limit of `self`, or of `fallback` where `self` has none.
    pub fn or_inherit(&self, fallback: &PurchaseLimits) -> PurchaseLimits {
        PurchaseLimits {
            minimum: self.minimum.or(fallback.minimum),
            maximum: self.maximum.or(fallback.maximum),
            multiple_of: self.multiple_of.or(fallback.multiple_of),
        }
    }
}

/// The link of an external product.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ExternalLink {
    /// Where the product is sold.
    pub url: String,
    /// The button's text; "" means "Buy product".
    pub button_text: String,
}

impl ExternalLink {
    /// The URL when it is safe to send a shopper to ([`safe_external_url`]).
    pub fn safe_url(&self) -> Option<String> {
        safe_external_url(&self.url)
    }
}

/// An external product's URL when it is plain http(s), never `javascript:`, `data:` or a
/// scheme-relative `//host` (WooCommerce's `esc_url_raw` on save). The one rule for every
/// surface: import keeps only such URLs, and the pages and the Store API show only them.
pub fn safe_external_url(url: &str) -> Option<String> {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    let web = lower.starts_with("https://") || lower.starts_with("http://");
    (web && !url.chars().any(|c| c.is_control() || c.is_whitespace())).then(|| url.to_owned())
}

/// An average review rating, held in hundredths (450 = 4.50 stars).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct AverageRating(pub u16);

impl AverageRating {
    /// The average of some 1–5 ratings, rounded half up to hundredths; zero when there are none.
    pub fn of<I: IntoIterator<Item = u8>>(ratings: I) -> AverageRating {
        let (sum, count) = ratings
            .into_iter()
            .fold((0_u64, 0_u64), |(s, c), r| (s + u64::from(r), c + 1));
        if count == 0 {
            return AverageRating(0);
        }
        let hundredths = (sum * 200 + count) / (count * 2);
        AverageRating(u16::try_from(hundredths).unwrap_or(500))
    }
}

impl fmt::Display for AverageRating {
    /// `0` without reviews, otherwise two decimals (`4.50`), as WooCommerce stores it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            f.write_str("0")
        } else {
            write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
        }
    }
}

/// A product: simple, variable, grouped or external (variations are [`super::Variation`]).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Product {
    /// Id.
    pub id: ProductId,
    /// Kind of product.
    pub kind: ProductType,
    /// No shipping needed.
    pub is_virtual: bool,
    /// Comes with downloadable files.
    pub is_downloadable: bool,
    /// Title (HTML allowed, as WooCommerce).
    pub name: String,
    /// URL slug.
    pub slug: String,
    /// Stock-keeping unit; "" when none.
    pub sku: String,
    /// Short description (HTML).
    pub short_description: String,
    /// Long description (HTML).
    pub description: String,
    /// Regular and sale price.
    pub pricing: Pricing,
    /// What is taxed.
    pub tax_status: TaxStatus,
    /// Tax class slug; "" is the standard class.
    pub tax_class: String,
    /// Stock settings.
    pub stock: Stock,
    /// Weight as entered ("" when not given).
    pub weight: String,
    /// Dimensions as entered.
    pub dimensions: Dimensions,
    /// Merchant quantity rules.
    pub purchase_limits: PurchaseLimits,
    /// At most one per order.
    pub sold_individually: bool,
    /// Where it is listed.
    pub catalog_visibility: CatalogVisibility,
    /// Featured flag.
    pub featured: bool,
    /// Publication status.
    pub status: ProductStatus,
    /// Manual sort position.
    pub menu_order: i64,
    /// Categories it belongs to.
    pub category_ids: Vec<CategoryId>,
    /// Tags.
    pub tag_ids: Vec<TagId>,
    /// Main image.
    pub image: Option<Image>,
    /// Further images.
    pub gallery: Vec<Image>,
    /// Attributes, in the merchant's order (see [`ProductAttribute::position`]).
    pub attributes: Vec<ProductAttribute>,
    /// Options pre-selected on the product page (variable products).
    pub default_attributes: Vec<VariationAttribute>,
    /// "You may also like" products.
    pub upsell_ids: Vec<ProductId>,
    /// Products suggested in the cart.
    pub cross_sell_ids: Vec<ProductId>,
    /// Children of a grouped product.
    pub grouped_ids: Vec<ProductId>,
    /// Link of an external product.
    pub external: Option<ExternalLink>,
    /// Add-on option groups shoppers choose from beside the product (gift wrap ...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub addons: Vec<AddonGroup>,
    /// Average of approved review ratings.
    pub average_rating: AverageRating,
    /// Number of approved reviews.
    pub review_count: u32,
    /// Units sold.
    pub total_sales: u64,
    /// Created at (unix seconds).
    pub created_at: i64,
    /// Last modified at (unix seconds).
    pub modified_at: i64,
}

impl Product {
    /// A published product of `kind` named `name`, with its slug derived from the name and
    /// every other field at its default.
    pub fn new(id: ProductId, kind: ProductType, name: &str) -> Self {
        Product {
            id,
            kind,
            name: name.to_owned(),
            slug: slugify(name),
            ..Product::default()
        }
    }

    /// Whether shoppers can see it at all.
    pub fn is_published(&self) -> bool {
        self.status == ProductStatus::Publish
    }

    /// Main image first, then the gallery.
    pub fn images(&self) -> impl Iterator<Item = &Image> {
        self.image.iter().chain(self.gallery.iter())
    }

    /// The attribute whose key, taxonomy or label matches `name` (see [`super::attribute_key`]).
    pub fn attribute(&self, name: &str) -> Option<&ProductAttribute> {
        find_attribute(&self.attributes, name)
    }

    /// Attributes used for variations, in display order.
    pub fn variation_attributes(&self) -> Vec<&ProductAttribute> {
        let mut list: Vec<&ProductAttribute> =
            self.attributes.iter().filter(|a| a.variation).collect();
        list.sort_by_key(|a| a.position);
        list
    }

    /// The default option for an attribute, if the merchant set one.
    pub fn default_value(&self, attribute: &ProductAttribute) -> Option<&str> {
        let key = attribute.key();
        self.default_attributes
            .iter()
            .find(|d| keys_match(&attribute_key(&d.key), &key))
            .map(|d| d.value.as_str())
            .filter(|v| !v.is_empty())
    }

    /// Whether a shopper must choose an add-on option on the product page first (a required
    /// group without a default): listings then link to the page ("Select options") instead of
    /// adding from the listing.
    pub fn needs_addon_choice(&self) -> bool {
        self.addons
            .iter()
            .any(|g| g.required && g.default_option().is_none())
    }

    /// The text on the external product's button.
    pub fn external_button_text(&self) -> &str {
        match &self.external {
            Some(link) if !link.button_text.is_empty() => &link.button_text,
            _ => "Buy product",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn average_rating_text() {
        assert_eq!(AverageRating::of([]).to_string(), "0");
        assert_eq!(AverageRating::of([4, 5]).to_string(), "4.50");
        assert_eq!(AverageRating::of([5]).to_string(), "5.00");
        assert_eq!(AverageRating::of([1, 2, 2]).to_string(), "1.67");
    }

    #[test]
    fn new_product_defaults() {
        let p = Product::new(ProductId(1), ProductType::Simple, "Hoodie with Logo");
        assert_eq!(p.slug, "hoodie-with-logo");
        assert!(p.is_published());
        assert_eq!(p.catalog_visibility, CatalogVisibility::Visible);
        assert_eq!(p.external_button_text(), "Buy product");
        assert_eq!(
            safe_external_url(" https://x.test/a "),
            Some("https://x.test/a".into())
        );
        for bad in [
            "javascript:alert(1)",
            " JavaScript:alert(1)",
            "data:text/html,x",
            "//evil.test",
            "/relative",
            "https://x.test/\nLocation: y",
        ] {
            assert_eq!(safe_external_url(bad), None, "{bad}");
        }
    }

    #[test]
    fn dimensions_inherit_field_by_field() {
        let own = Dimensions::new("", "8", "");
        let parent = Dimensions::new("10", "9", "3");
        assert_eq!(own.or_inherit(&parent), Dimensions::new("10", "8", "3"));
    }
}
