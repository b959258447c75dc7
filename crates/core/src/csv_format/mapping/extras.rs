//! What a WooCommerce row carries that the catalogue model has no field for (yet): kept beside
//! the record so an export gives it back.

use serde::{Deserialize, Serialize};

use crate::csv_format::{Column, Download, ProductRow};
use crate::money::Money;
use crate::orders::downloads::file_source;

/// The columns of one row without a home in [`Product`](crate::catalogue::Product) or
/// [`Variation`](crate::catalogue::Variation), stored beside the record by the importer.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProductExtras {
    /// `GTIN, UPC, EAN, or ISBN`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gtin: Option<String>,
    /// `Purchase note` (HTML).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purchase_note: Option<String>,
    /// `Allow customer reviews?`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reviews_allowed: Option<bool>,
    /// `Shipping class`, by name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipping_class: Option<String>,
    /// `Download limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub download_limit: Option<i64>,
    /// `Download expiry days`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub download_expiry_days: Option<i64>,
    /// `Download N …`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub downloads: Vec<DownloadFile>,
    /// `Brands`: category-like paths.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub brands: Vec<Vec<String>>,
    /// `Commodity code (HS code)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commodity_code: Option<String>,
    /// `Country of origin`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country_of_origin: Option<String>,
    /// `Customs description`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub customs_description: Option<String>,
    /// `Cost of goods`, minor units.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost_of_goods: Option<i64>,
    /// `Meta: key` columns, in column order (the purchase-limit keys live in the record).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub meta: Vec<(String, String)>,
}

/// One downloadable file of a downloadable product.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DownloadFile {
    /// WooCommerce's file id, kept so re-imports update the same file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The name shown to the customer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Where the file is.
    pub url: String,
}

impl ProductExtras {
    /// Whether there is nothing to keep.
    pub fn is_empty(&self) -> bool {
        *self == ProductExtras::default()
    }

    /// Takes the columns `has` says the file had (numbered groups: when the row has any).
    /// Returns a warning for each download file left out because the download route would
    /// never serve its address (`orders::downloads::file_source`).
    pub(super) fn apply(&mut self, row: &ProductRow, has: &dyn Fn(Column) -> bool) -> Vec<String> {
        let mut warnings = Vec::new();
        let set = |column: Column, target: &mut Option<String>, value: &Option<String>| {
            if has(column) {
                target.clone_from(value);
            }
        };
        set(Column::Gtin, &mut self.gtin, &row.gtin);
        set(
            Column::PurchaseNote,
            &mut self.purchase_note,
            &row.purchase_note,
        );
        set(
            Column::ShippingClass,
            &mut self.shipping_class,
            &row.shipping_class,
        );
        set(
            Column::CommodityCode,
            &mut self.commodity_code,
            &row.commodity_code,
        );
        set(
            Column::CountryOfOrigin,
            &mut self.country_of_origin,
            &row.country_of_origin,
        );
        set(
            Column::CustomsDescription,
            &mut self.customs_description,
            &row.customs_description,
        );
        if has(Column::ReviewsAllowed) {
            self.reviews_allowed = row.reviews_allowed;
        }
        if has(Column::DownloadLimit) {
            self.download_limit = row.download_limit;
        }
        if has(Column::DownloadExpiryDays) {
            self.download_expiry_days = row.download_expiry_days;
        }
        if has(Column::Brands) {
            self.brands.clone_from(&row.brands);
        }
        if has(Column::CostOfGoods) {
            self.cost_of_goods = row.cost_of_goods.map(Money::minor);
        }
        if !row.downloads.is_empty() {
            self.downloads = row
                .downloads
                .iter()
                .filter(|d| match file_source(&d.url) {
                    Ok(_) => true,
                    Err(e) => {
                        warnings.push(format!("the download file {:?} was left out: {e}", d.url));
                        false
                    }
                })
                .map(|d| DownloadFile {
                    id: d.id.clone(),
                    name: d.name.clone(),
                    url: d.url.clone(),
                })
                .collect();
        }
        // Meta merges by key, as WooCommerce's `update_meta_data`.
        for (key, value) in row.meta.iter().filter(|(k, _)| !is_limit_key(k)) {
            match self.meta.iter_mut().find(|(k, _)| k == key) {
                Some(entry) => entry.1.clone_from(value),
                None => self.meta.push((key.clone(), value.clone())),
            }
        }
        warnings
    }

    /// Writes the kept columns back into `row`.
    pub(super) fn fill(&self, row: &mut ProductRow) {
        row.gtin.clone_from(&self.gtin);
        row.purchase_note.clone_from(&self.purchase_note);
        row.reviews_allowed = self.reviews_allowed;
        row.shipping_class.clone_from(&self.shipping_class);
        row.download_limit = self.download_limit;
        row.download_expiry_days = self.download_expiry_days;
        row.downloads = self
            .downloads
            .iter()
            .map(|d| Download {
                id: d.id.clone(),
                name: d.name.clone(),
                url: d.url.clone(),
            })
            .collect();
        row.brands.clone_from(&self.brands);
        row.commodity_code.clone_from(&self.commodity_code);
        row.country_of_origin.clone_from(&self.country_of_origin);
        row.customs_description
            .clone_from(&self.customs_description);
        row.cost_of_goods = self.cost_of_goods.map(Money::from_minor);
        row.meta.extend(self.meta.iter().cloned());
    }
}

/// Meta keys of WooCommerce's Min/Max Quantities extension, read into
/// [`PurchaseLimits`](crate::catalogue::PurchaseLimits): minimum, maximum, multiple of.
pub const PRODUCT_LIMIT_KEYS: [&str; 3] = [
    "minimum_allowed_quantity",
    "maximum_allowed_quantity",
    "group_of_quantity",
];

/// The same keys as the extension names them on variations.
pub const VARIATION_LIMIT_KEYS: [&str; 3] = [
    "variation_minimum_allowed_quantity",
    "variation_maximum_allowed_quantity",
    "variation_group_of_quantity",
];

/// Meta keys read into the record itself (purchase limits, add-on groups), not kept aside.
fn is_limit_key(key: &str) -> bool {
    PRODUCT_LIMIT_KEYS.contains(&key)
        || VARIATION_LIMIT_KEYS.contains(&key)
        || key == crate::csv_format::ADDONS_META_KEY
}
