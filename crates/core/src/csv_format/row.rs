//! The typed shape of one CSV row: what each WooCommerce column means once parsed.

use super::values::{Decimal, SaleDate};
use crate::money::Money;

/// One product (or variation) row, with every column WooCommerce's importer knows.
///
/// `None` / an empty list means the cell was empty or the column absent; which columns the file
/// had is in [`ReadOutcome::columns`](super::ReadOutcome::columns), for "update existing" imports.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductRow {
    /// `ID`: the product's id in the shop the file came from (positive).
    pub id: Option<i64>,
    /// `Type`: the kind plus the `virtual` / `downloadable` flags; `simple` when empty.
    pub product_type: ProductType,
    /// `SKU`.
    pub sku: Option<String>,
    /// `GTIN, UPC, EAN, or ISBN` (WooCommerce 9.2+ exports it after SKU).
    pub gtin: Option<String>,
    /// `Name`, kept exactly as written (variations usually have none).
    pub name: Option<String>,
    /// `Published`: `1` publish, `0` private, `-1` draft.
    pub published: Option<Published>,
    /// `Is featured?`.
    pub featured: Option<bool>,
    /// `Visibility in catalog`.
    pub catalog_visibility: Option<CatalogVisibility>,
    /// `Short description`, with WooCommerce's `\n` escapes turned into newlines.
    pub short_description: Option<String>,
    /// `Description`, with WooCommerce's `\n` escapes turned into newlines.
    pub description: Option<String>,
    /// `Date sale price starts`.
    pub sale_starts: Option<SaleDate>,
    /// `Date sale price ends`.
    pub sale_ends: Option<SaleDate>,
    /// `Tax status`.
    pub tax_status: Option<TaxStatus>,
    /// `Tax class` slug (empty means the standard class).
    pub tax_class: Option<String>,
    /// `In stock?`.
    pub stock_status: Option<StockStatus>,
    /// `Stock`: `None` means stock is not managed for this product.
    pub stock: Option<Stock>,
    /// `Low stock amount`.
    pub low_stock_amount: Option<i64>,
    /// `Backorders allowed?` (WooCommerce reads an empty cell as "no").
    pub backorders: Option<Backorders>,
    /// `Sold individually?`.
    pub sold_individually: Option<bool>,
    /// `Weight (<unit>)`, in the unit named by the header.
    pub weight: Option<Decimal>,
    /// `Length (<unit>)`.
    pub length: Option<Decimal>,
    /// `Width (<unit>)`.
    pub width: Option<Decimal>,
    /// `Height (<unit>)`.
    pub height: Option<Decimal>,
    /// `Allow customer reviews?`.
    pub reviews_allowed: Option<bool>,
    /// `Purchase note` (HTML allowed).
    pub purchase_note: Option<String>,
    /// `Sale price`, in minor units of the store currency.
    pub sale_price: Option<Money>,
    /// `Regular price`, in minor units of the store currency.
    pub regular_price: Option<Money>,
    /// `Categories`: each entry a path such as `["Clothing", "Tshirts"]`.
    pub categories: Vec<Vec<String>>,
    /// `Tags` (or `Tags (space separated)`).
    pub tags: Vec<String>,
    /// `Shipping class`, by name.
    pub shipping_class: Option<String>,
    /// `Images`: URLs or file names; the first is the main image.
    pub images: Vec<String>,
    /// `Download limit`.
    pub download_limit: Option<i64>,
    /// `Download expiry days`.
    pub download_expiry_days: Option<i64>,
    /// `Parent` of a variation.
    pub parent: Option<Reference>,
    /// `Grouped products`: the children of a grouped product.
    pub grouped_products: Vec<Reference>,
    /// `Upsells`.
    pub upsells: Vec<Reference>,
    /// `Cross-sells`.
    pub cross_sells: Vec<Reference>,
    /// `External URL` of an external product.
    pub external_url: Option<String>,
    /// `Button text` of an external product.
    pub button_text: Option<String>,
    /// `Position` (menu order).
    pub position: Option<i64>,
    /// `Brands`: paths like categories.
    pub brands: Vec<Vec<String>>,
    /// `Commodity code (HS code)`.
    pub commodity_code: Option<String>,
    /// `Country of origin`.
    pub country_of_origin: Option<String>,
    /// `Customs description`.
    pub customs_description: Option<String>,
    /// `Cost of goods`, in minor units.
    pub cost_of_goods: Option<Money>,
    /// `Attribute N …` columns, in N order, without the ones whose name is empty.
    pub attributes: Vec<Attribute>,
    /// `Download N …` columns, in N order, without the ones whose URL is empty.
    pub downloads: Vec<Download>,
    /// `Meta: key` columns with a non-empty value, as (key, value), in column order.
    pub meta: Vec<(String, String)>,
}

impl ProductRow {
    /// The status WooCommerce gives the row: a variation marked draft (`-1`) is published.
    pub fn effective_status(&self) -> Option<Published> {
        match (self.published, self.product_type.kind) {
            (Some(Published::Draft), ProductKind::Variation) => Some(Published::Publish),
            (status, _) => status,
        }
    }
}

/// The `Type` cell: one kind and two flags.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ProductType {
    /// simple, variable, grouped, external or variation.
    pub kind: ProductKind,
    /// The `virtual` flag.
    pub is_virtual: bool,
    /// The `downloadable` flag.
    pub is_downloadable: bool,
}

/// The product kinds WooCommerce's core importer knows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ProductKind {
    /// A plain product.
    #[default]
    Simple,
    /// A product with variations.
    Variable,
    /// A set of other products.
    Grouped,
    /// A product sold elsewhere (external URL + button text).
    External,
    /// One variation of a variable product.
    Variation,
}

impl ProductKind {
    /// All kinds, in WooCommerce's order.
    pub const ALL: [ProductKind; 5] = [
        ProductKind::Simple,
        ProductKind::Variable,
        ProductKind::Grouped,
        ProductKind::External,
        ProductKind::Variation,
    ];

    /// The token used in the `Type` cell.
    pub fn as_str(self) -> &'static str {
        match self {
            ProductKind::Simple => "simple",
            ProductKind::Variable => "variable",
            ProductKind::Grouped => "grouped",
            ProductKind::External => "external",
            ProductKind::Variation => "variation",
        }
    }
}

/// The `Published` cell, as a post status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Published {
    /// `1` (or `true`).
    Publish,
    /// `0`.
    Private,
    /// `-1` (or `false`, or any other number).
    Draft,
}

/// The `Visibility in catalog` cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CatalogVisibility {
    /// Shown in the shop and in search results.
    Visible,
    /// Shown in the shop only.
    Catalog,
    /// Shown in search results only.
    Search,
    /// Shown in neither.
    Hidden,
}

/// The `Tax status` cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TaxStatus {
    /// The product and its shipping are taxed.
    Taxable,
    /// Only the shipping is taxed.
    Shipping,
    /// Nothing is taxed.
    None,
}

/// The `In stock?` cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StockStatus {
    /// `1`.
    InStock,
    /// `0`.
    OutOfStock,
    /// `backorder`.
    OnBackorder,
}

/// A non-empty `Stock` cell: stock is managed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stock {
    /// A quantity (WooCommerce drops decimals: `3.43` is 3).
    Quantity(i64),
    /// `parent`: a variation whose stock is managed by its parent.
    Parent,
}

/// The `Backorders allowed?` cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Backorders {
    /// `0`.
    No,
    /// `1`.
    Yes,
    /// `notify`: allowed, and the customer is told.
    Notify,
}

/// A link to another product: `id:NN` or a SKU.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reference {
    /// `id:NN`: the product's ID in the shop the file came from.
    Id(i64),
    /// Any other item: a SKU.
    Sku(String),
}

/// One `Attribute N …` group of columns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attribute {
    /// `Attribute N name`.
    pub name: String,
    /// `Attribute N value(s)`; on a variation one value, or none for "any".
    pub values: Vec<String>,
    /// `Attribute N visible`.
    pub visible: Option<bool>,
    /// `Attribute N global`: true for a taxonomy (`pa_*`) attribute.
    pub global: Option<bool>,
    /// `Attribute N default`: the parent's default variation value.
    pub default: Option<String>,
}

/// One `Download N …` group of columns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Download {
    /// `Download N ID`, kept so re-imports update the same file.
    pub id: Option<String>,
    /// `Download N name` (WooCommerce defaults it to the file name).
    pub name: Option<String>,
    /// `Download N URL` (required).
    pub url: String,
}
