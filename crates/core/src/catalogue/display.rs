//! Catalogue display settings and the context every view is built in, plus how weights and
//! dimensions are written for shoppers.

use serde::{Deserialize, Serialize};

use crate::money::Currency;

use super::product::Dimensions;
use super::stock::StockFormat;

/// The merchant's catalogue display settings, with WooCommerce's defaults for a US shop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CatalogueSettings {
    /// Weight unit label (`lbs`, `kg`, `g`, `oz`).
    pub weight_unit: String,
    /// Dimension unit label (`in`, `cm`, `m`, `mm`, `yd`).
    pub dimension_unit: String,
    /// Store-wide low-stock threshold.
    pub low_stock_amount: i64,
    /// How stock quantities are shown.
    pub stock_format: StockFormat,
    /// Hide out-of-stock items from listings, ranges and variation lists.
    pub hide_out_of_stock: bool,
}

impl Default for CatalogueSettings {
    fn default() -> Self {
        CatalogueSettings {
            weight_unit: "lbs".to_owned(),
            dimension_unit: "in".to_owned(),
            low_stock_amount: 2,
            stock_format: StockFormat::Always,
            hide_out_of_stock: false,
        }
    }
}

/// What a view needs besides the records: where the shop lives, its currency and settings,
/// and the time (sale schedules depend on it).
#[derive(Debug, Clone, Copy)]
pub struct ViewContext<'a> {
    /// The shop's base URL without a trailing slash (`https://shop.example`).
    pub base_url: &'a str,
    /// The shop currency.
    pub currency: &'a Currency,
    /// Catalogue display settings.
    pub settings: &'a CatalogueSettings,
    /// Now, in unix seconds.
    pub now: i64,
}

impl ViewContext<'_> {
    fn base(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }

    /// A product's page: `{base}/product/{slug}/`.
    pub fn product_url(&self, slug: &str) -> String {
        format!("{}/product/{slug}/", self.base())
    }

    /// A category's page from its slug path: `{base}/product-category/clothing/hoodies/`.
    pub fn category_url(&self, slug_path: &str) -> String {
        format!("{}/product-category/{slug_path}/", self.base())
    }

    /// A tag's page: `{base}/product-tag/{slug}/`.
    pub fn tag_url(&self, slug: &str) -> String {
        format!("{}/product-tag/{slug}/", self.base())
    }

    /// A weight for shoppers (see [`format_weight`]).
    pub fn weight_html(&self, weight: &str) -> String {
        format_weight(
            weight,
            &self.settings.weight_unit,
            &self.currency.decimal_separator,
        )
    }

    /// Dimensions for shoppers (see [`format_dimensions`]).
    pub fn dimensions_html(&self, dimensions: &Dimensions) -> String {
        format_dimensions(
            dimensions,
            &self.settings.dimension_unit,
            &self.currency.decimal_separator,
        )
    }
}

/// PHP's idea of an empty value, which WooCommerce uses to leave out weights and sizes.
fn php_empty(value: &str) -> bool {
    value.is_empty() || value == "0"
}

/// `1.5 lbs`, with the shop's decimal separator; `N/A` when there is no weight.
pub fn format_weight(weight: &str, unit: &str, decimal_separator: &str) -> String {
    let weight = weight.trim();
    if php_empty(weight) {
        return "N/A".to_owned();
    }
    format!("{} {unit}", weight.replace('.', decimal_separator))
}

/// `10 &times; 8 &times; 3 in` (empty and zero sides left out); `N/A` when none is given.
pub fn format_dimensions(dimensions: &Dimensions, unit: &str, decimal_separator: &str) -> String {
    let sides: Vec<String> = [&dimensions.length, &dimensions.width, &dimensions.height]
        .into_iter()
        .map(|side| side.trim())
        .filter(|side| !php_empty(side))
        .map(|side| side.replace('.', decimal_separator))
        .collect();
    if sides.is_empty() {
        "N/A".to_owned()
    } else {
        format!("{} {unit}", sides.join(" &times; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_and_dimensions() {
        assert_eq!(format_weight("1.5", "lbs", "."), "1.5 lbs");
        assert_eq!(format_weight("1.5", "kg", ","), "1,5 kg");
        assert_eq!(format_weight("", "lbs", "."), "N/A");
        assert_eq!(format_weight("0", "lbs", "."), "N/A");
        assert_eq!(
            format_dimensions(&Dimensions::new("10", "8", "3"), "in", "."),
            "10 &times; 8 &times; 3 in"
        );
        assert_eq!(
            format_dimensions(&Dimensions::new("10", "", "3.5"), "cm", ","),
            "10 &times; 3,5 cm"
        );
        assert_eq!(format_dimensions(&Dimensions::default(), "in", "."), "N/A");
    }

    #[test]
    fn urls() {
        let currency = Currency::default();
        let settings = CatalogueSettings::default();
        let ctx = ViewContext {
            base_url: "http://127.0.0.1:8091/",
            currency: &currency,
            settings: &settings,
            now: 0,
        };
        assert_eq!(
            ctx.product_url("hoodie"),
            "http://127.0.0.1:8091/product/hoodie/"
        );
        assert_eq!(
            ctx.category_url("clothing/hoodies"),
            "http://127.0.0.1:8091/product-category/clothing/hoodies/"
        );
        assert_eq!(
            ctx.tag_url("sale"),
            "http://127.0.0.1:8091/product-tag/sale/"
        );
    }
}
