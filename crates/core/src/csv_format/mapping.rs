//! Rows ↔ catalogue records: what `mercato import` makes of a [`ProductRow`] and what
//! `mercato export` writes for a record, with WooCommerce's meaning for each column.
//!
//! Pure: the shop is reached through two small traits. [`Resolver`] turns names into ids
//! (creating categories, tags and attribute terms that are missing) and image sources into
//! images; [`Names`] turns ids back into names for an export. Columns without a field in the
//! model are kept in [`ProductExtras`]; the Min/Max Quantities meta keys become
//! [`PurchaseLimits`](crate::catalogue::PurchaseLimits).

mod dates;
mod extras;
mod fields;
mod from_row;
mod to_row;

#[cfg(test)]
mod tests;

pub use dates::{format_sale_end, format_sale_start, sale_end, sale_start};
pub use extras::{DownloadFile, PRODUCT_LIMIT_KEYS, ProductExtras, VARIATION_LIMIT_KEYS};
pub use from_row::{
    Has, apply_product_row, apply_variation_row, image_from_source, new_product, new_variation,
};
pub use to_row::{product_to_row, variation_to_row};

use crate::catalogue::{CategoryId, GlobalAttribute, Image, ProductId, TagId, TermId};
use crate::csv_format::Reference;

/// What mapping a row needs from the shop. Errors are reasons a merchant can act on.
pub trait Resolver {
    /// The category at the end of `path` (names from the top), created with its ancestors
    /// when missing.
    fn category(&mut self, path: &[String]) -> Result<CategoryId, String>;
    /// The tag named `name`, created when missing.
    fn tag(&mut self, name: &str) -> Result<TagId, String>;
    /// The global attribute named `name` (label or slug) and its terms named `values`,
    /// created when missing; the attribute's `slug` is its taxonomy (`pa_color`).
    fn global_attribute(
        &mut self,
        name: &str,
        values: &[String],
    ) -> Result<(GlobalAttribute, Vec<TermId>), String>;
    /// The product an `id:NN` or SKU reference names.
    fn product(&mut self, reference: &Reference) -> Result<ProductId, String>;
    /// The image for a URL or file in the `Images` column.
    fn image(&mut self, source: &str) -> Result<Image, String>;
}

/// What an export needs to name the ids a record holds.
pub trait Names {
    /// The names from the top category down to `id`.
    fn category_path(&self, id: CategoryId) -> Option<Vec<String>>;
    /// The tag's name.
    fn tag_name(&self, id: TagId) -> Option<String>;
    /// How a row refers to the product: its SKU, else `id:NN`.
    fn product_reference(&self, id: ProductId) -> Option<Reference>;
}
