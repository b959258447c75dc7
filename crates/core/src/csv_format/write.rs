//! Writing rows as a WooCommerce product CSV that [`read_rows`](super::read_rows) reads back
//! into the same rows.

use std::borrow::Cow;
use std::io::Write;

use super::cells::{
    encode_description, format_backorders, format_bool, format_published, format_reference,
    format_stock_status, format_tax_status, format_visibility, guard, join_list, join_paths,
};
use super::columns::Column;
use super::plan::{Plan, check_row};
use super::row::{ProductRow, Reference, Stock};
use super::values::{Decimal, MAX_SCALE, format_price};
use crate::money::Money;

/// How to write cells whose form depends on the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WriteOptions {
    /// Decimals of the store currency (2 for EUR): minor units 1250 are written `12.50`.
    pub minor_unit: u32,
    /// The store's price decimal separator.
    pub decimal_separator: char,
    /// The weight unit named in the `Weight (…)` header.
    pub weight_unit: String,
    /// The dimension unit named in the `Length|Width|Height (…)` headers.
    pub dimension_unit: String,
}

impl Default for WriteOptions {
    fn default() -> Self {
        WriteOptions {
            minor_unit: 2,
            decimal_separator: '.',
            weight_unit: "kg".to_string(),
            dimension_unit: "cm".to_string(),
        }
    }
}

/// Why rows could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// A value the format cannot carry without changing its meaning; nothing was written.
    #[error("row {index}, column \"{column}\": {reason}")]
    Unrepresentable {
        /// Index of the row in the slice given.
        index: usize,
        /// The column the value belongs in.
        column: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The writer failed.
    #[error("could not write the file: {0}")]
    Io(#[from] std::io::Error),
    /// The options make no sense (e.g. 40 currency decimals).
    #[error("invalid write options: {0}")]
    Options(String),
}

/// Writes a header and one record per row: UTF-8 BOM, CRLF, WooCommerce's column order.
///
/// Rows read by [`read_rows`](super::read_rows) come back identical. Other rows should be in the
/// same normal form (trimmed values, no empty list items, no `Some("")`); values whose meaning
/// would change, such as a category name containing `>`, are refused before anything is written.
pub fn write_rows<W: Write>(
    mut writer: W,
    rows: &[ProductRow],
    options: &WriteOptions,
) -> Result<(), WriteError> {
    if options.minor_unit > MAX_SCALE {
        return Err(WriteError::Options(format!(
            "minor_unit {} is more than {MAX_SCALE} decimals",
            options.minor_unit
        )));
    }
    for (index, row) in rows.iter().enumerate() {
        check_row(row).map_err(|(column, reason)| WriteError::Unrepresentable {
            index,
            column,
            reason,
        })?;
    }
    let plan = Plan::new(rows);
    writer.write_all("\u{feff}".as_bytes())?;
    let mut csv = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(writer);
    let header = plan.header(options);
    csv.write_record(&header).map_err(csv_error)?;
    for row in rows {
        for column in &plan.fixed {
            csv.write_field(guard(&fixed_cell(row, *column, options)).as_bytes())
                .map_err(csv_error)?;
        }
        for index in 0..plan.downloads {
            let download = row.downloads.get(index);
            let id = download.and_then(|d| d.id.as_deref()).unwrap_or("");
            let name = download.and_then(|d| d.name.as_deref()).unwrap_or("");
            let url = download.map_or("", |d| d.url.as_str());
            for cell in [id, name, url] {
                csv.write_field(guard(cell).as_bytes()).map_err(csv_error)?;
            }
        }
        for (index, with_default) in plan.attributes.iter().enumerate() {
            let attribute = row.attributes.get(index);
            let mut cells = vec![
                Cow::Borrowed(attribute.map_or("", |a| a.name.as_str())),
                Cow::Owned(attribute.map(|a| join_list(&a.values)).unwrap_or_default()),
                Cow::Borrowed(attribute.and_then(|a| a.visible).map_or("", format_bool)),
                Cow::Borrowed(attribute.and_then(|a| a.global).map_or("", format_bool)),
            ];
            if *with_default {
                cells.push(Cow::Borrowed(
                    attribute.and_then(|a| a.default.as_deref()).unwrap_or(""),
                ));
            }
            for cell in &cells {
                csv.write_field(guard(cell).as_bytes()).map_err(csv_error)?;
            }
        }
        for key in &plan.meta_keys {
            let value = row
                .meta
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, v)| v.as_str());
            csv.write_field(guard(value).as_bytes())
                .map_err(csv_error)?;
        }
        csv.write_record(None::<&[u8]>).map_err(csv_error)?;
    }
    csv.flush()?;
    Ok(())
}

fn csv_error(error: csv::Error) -> WriteError {
    match error.into_kind() {
        csv::ErrorKind::Io(io) => WriteError::Io(io),
        other => WriteError::Io(std::io::Error::other(format!("{other:?}"))),
    }
}

/// The text of one fixed column, before the spreadsheet guard.
pub(crate) fn fixed_cell<'a>(
    row: &'a ProductRow,
    column: Column,
    options: &WriteOptions,
) -> Cow<'a, str> {
    let text = |value: &'a Option<String>| Cow::Borrowed(value.as_deref().unwrap_or(""));
    let word = |value: Option<&'static str>| Cow::Borrowed(value.unwrap_or(""));
    let int = |value: Option<i64>| Cow::Owned(value.map(|v| v.to_string()).unwrap_or_default());
    let decimal =
        |value: Option<Decimal>| Cow::Owned(value.map(|v| v.to_string()).unwrap_or_default());
    let price = |value: Option<Money>| {
        Cow::Owned(
            value
                .map(|p| format_price(p, options.minor_unit, options.decimal_separator))
                .unwrap_or_default(),
        )
    };
    let references = |list: &'a [Reference]| {
        let items: Vec<Cow<'a, str>> = list.iter().map(format_reference).collect();
        Cow::Owned(join_list(&items))
    };
    match column {
        Column::Id => int(row.id),
        Column::Type => {
            let kind = row.product_type.kind.as_str();
            let flags = [
                (row.product_type.is_downloadable, "downloadable"),
                (row.product_type.is_virtual, "virtual"),
            ];
            let mut tokens = vec![kind];
            tokens.extend(flags.iter().filter(|(set, _)| *set).map(|(_, name)| *name));
            Cow::Owned(tokens.join(", "))
        }
        Column::Sku => text(&row.sku),
        Column::Gtin => text(&row.gtin),
        Column::Name => text(&row.name),
        Column::Published => word(row.published.map(format_published)),
        Column::Featured => word(row.featured.map(format_bool)),
        Column::CatalogVisibility => word(row.catalog_visibility.map(format_visibility)),
        Column::ShortDescription => row
            .short_description
            .as_deref()
            .map_or(Cow::Borrowed(""), encode_description),
        Column::Description => row
            .description
            .as_deref()
            .map_or(Cow::Borrowed(""), encode_description),
        Column::SaleStarts => Cow::Borrowed(row.sale_starts.as_ref().map_or("", |d| d.as_str())),
        Column::SaleEnds => Cow::Borrowed(row.sale_ends.as_ref().map_or("", |d| d.as_str())),
        Column::TaxStatus => word(row.tax_status.map(format_tax_status)),
        Column::TaxClass => text(&row.tax_class),
        Column::StockStatus => word(row.stock_status.map(format_stock_status)),
        Column::Stock => match row.stock {
            Some(Stock::Parent) => Cow::Borrowed("parent"),
            Some(Stock::Quantity(quantity)) => Cow::Owned(quantity.to_string()),
            None => Cow::Borrowed(""),
        },
        Column::LowStockAmount => int(row.low_stock_amount),
        Column::Backorders => word(row.backorders.map(format_backorders)),
        Column::SoldIndividually => word(row.sold_individually.map(format_bool)),
        Column::Weight => decimal(row.weight),
        Column::Length => decimal(row.length),
        Column::Width => decimal(row.width),
        Column::Height => decimal(row.height),
        Column::ReviewsAllowed => word(row.reviews_allowed.map(format_bool)),
        Column::PurchaseNote => text(&row.purchase_note),
        Column::SalePrice => price(row.sale_price),
        Column::RegularPrice => price(row.regular_price),
        Column::Categories => Cow::Owned(join_paths(&row.categories)),
        Column::Tags => Cow::Owned(join_list(&row.tags)),
        Column::TagsSpaceSeparated => Cow::Borrowed(""),
        Column::ShippingClass => text(&row.shipping_class),
        Column::Images => Cow::Owned(join_list(&row.images)),
        Column::DownloadLimit => int(row.download_limit),
        Column::DownloadExpiryDays => int(row.download_expiry_days),
        Column::Parent => row
            .parent
            .as_ref()
            .map_or(Cow::Borrowed(""), format_reference),
        Column::GroupedProducts => references(&row.grouped_products),
        Column::Upsells => references(&row.upsells),
        Column::CrossSells => references(&row.cross_sells),
        Column::ExternalUrl => text(&row.external_url),
        Column::ButtonText => text(&row.button_text),
        Column::Position => int(row.position),
        Column::Brands => Cow::Owned(join_paths(&row.brands)),
        Column::CommodityCode => text(&row.commodity_code),
        Column::CountryOfOrigin => text(&row.country_of_origin),
        Column::CustomsDescription => text(&row.customs_description),
        Column::CostOfGoods => price(row.cost_of_goods),
    }
}
