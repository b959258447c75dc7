//! WooCommerce's product CSV, read and written at the row level.
//!
//! This is the format layer of `mercato import` / `mercato export`: [`read_rows`] turns a file
//! exported by WooCommerce into typed [`ProductRow`]s and per-row [`RowError`]s, and
//! [`write_rows`] writes rows back in the same format. [`resolve_references`] links rows to each
//! other by `id:NN` or SKU. Mapping rows onto the catalogue and storage is the importer's job.
//!
//! Column meanings follow WooCommerce's importer (`shared/reference/csv-import.md`). Where
//! WooCommerce quietly coerces a bad value (`floatval("abc")` is 0), this module reports the row
//! instead, so the merchant can fix the file.

mod addons;
mod cells;
mod columns;
mod fill;
pub mod mapping;
mod plan;
mod read;
mod references;
mod row;
mod values;
mod write;

#[cfg(test)]
mod tests_fixtures;
#[cfg(test)]
mod tests_roundtrip;

pub use addons::{ADDONS_META_KEY, addons_from_cell, addons_to_cell};
pub use columns::Column;
pub use read::{ReadError, ReadOptions, ReadOutcome, ReadWarning, RowError, read_rows};
pub use references::{
    DuplicateKey, Link, LinkColumn, NotInFile, Resolution, RowLinks, Target, resolve_references,
};
pub use row::{
    Attribute, Backorders, CatalogVisibility, Download, ProductKind, ProductRow, ProductType,
    Published, Reference, Stock, StockStatus, TaxStatus,
};
pub use values::{Decimal, MAX_SCALE, SaleDate};
pub use write::{WriteError, WriteOptions, write_rows};
