//! Filling a [`ProductRow`] cell by cell: what each column's text means.

use super::cells::{
    decode_description, parse_backorders, parse_bool, parse_published, parse_reference,
    parse_stock_status, parse_tax_status, parse_visibility, split_list, split_paths, unguard,
};
use super::columns::{
    AttributePart, Column, DownloadPart, HeaderKind, attribute_header, download_header,
};
use super::read::ReadOptions;
use super::row::{Attribute, Download, ProductKind, ProductRow, ProductType, Reference, Stock};
use super::values::{Decimal, SaleDate, parse_int, parse_price};

/// Where one header cell's values go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Slot {
    Fixed(Column),
    /// Index into the attribute groups, sorted by N.
    Attribute(usize, AttributePart),
    /// Index into the download groups, sorted by N.
    Download(usize, DownloadPart),
    /// Index into the meta keys.
    Meta(usize),
    Ignored,
}

/// The header, turned into one [`Slot`] per cell.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) slots: Vec<Slot>,
    /// Header cells as written (trimmed), for messages.
    pub(crate) names: Vec<String>,
    attribute_numbers: Vec<u32>,
    download_numbers: Vec<u32>,
    meta_keys: Vec<String>,
}

impl Layout {
    /// Builds the slots; also returns the numbered or meta headers that appear twice.
    pub(crate) fn new(names: Vec<String>, kinds: Vec<HeaderKind>) -> (Layout, Vec<String>) {
        let numbers = |pick: fn(&HeaderKind) -> Option<u32>| {
            let mut found: Vec<u32> = kinds.iter().filter_map(pick).collect();
            found.sort_unstable();
            found.dedup();
            found
        };
        let attribute_numbers = numbers(|k| match k {
            HeaderKind::Attribute(n, _) => Some(*n),
            _ => None,
        });
        let download_numbers = numbers(|k| match k {
            HeaderKind::Download(n, _) => Some(*n),
            _ => None,
        });
        let position = |list: &[u32], n: &u32| list.binary_search(n).unwrap_or_default();
        let mut meta_keys: Vec<String> = Vec::new();
        let mut seen = Vec::new();
        let mut duplicates = Vec::new();
        let slots = kinds
            .into_iter()
            .zip(&names)
            .map(|(kind, name)| {
                let slot = match kind {
                    HeaderKind::Fixed(column, _) => return Slot::Fixed(column),
                    HeaderKind::Unknown => return Slot::Ignored,
                    HeaderKind::Attribute(n, part) => {
                        Slot::Attribute(position(&attribute_numbers, &n), part)
                    }
                    HeaderKind::Download(n, part) => {
                        Slot::Download(position(&download_numbers, &n), part)
                    }
                    HeaderKind::Meta(key) => match meta_keys.iter().position(|k| *k == key) {
                        Some(index) => Slot::Meta(index),
                        None => {
                            meta_keys.push(key);
                            Slot::Meta(meta_keys.len() - 1)
                        }
                    },
                };
                if seen.contains(&slot) {
                    duplicates.push(name.clone());
                } else {
                    seen.push(slot.clone());
                }
                slot
            })
            .collect();
        let layout = Layout {
            slots,
            names,
            attribute_numbers,
            download_numbers,
            meta_keys,
        };
        (layout, duplicates)
    }
}

/// A row under construction, reused from record to record.
#[derive(Debug, Default)]
pub(crate) struct RowBuilder {
    row: ProductRow,
    attributes: Vec<Attribute>,
    downloads: Vec<PartDownload>,
    meta: Vec<Option<String>>,
    space_tags: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default)]
struct PartDownload {
    id: Option<String>,
    name: Option<String>,
    url: Option<String>,
}

impl RowBuilder {
    /// A builder sized for the header's attribute, download and meta groups.
    pub(crate) fn new(layout: &Layout) -> RowBuilder {
        RowBuilder {
            attributes: vec![Attribute::default(); layout.attribute_numbers.len()],
            downloads: vec![PartDownload::default(); layout.download_numbers.len()],
            meta: vec![None; layout.meta_keys.len()],
            ..RowBuilder::default()
        }
    }

    /// Clears everything for the next record.
    pub(crate) fn start(&mut self) {
        self.row = ProductRow::default();
        self.attributes.fill(Attribute::default());
        self.downloads.fill(PartDownload::default());
        self.meta.fill(None);
        self.space_tags = None;
    }

    /// Stores one non-empty cell; `Err` is the reason it is bad.
    pub(crate) fn apply(
        &mut self,
        slot: &Slot,
        cell: &str,
        options: &ReadOptions,
    ) -> Result<(), String> {
        let cell = unguard(cell);
        let keeps_space = matches!(slot, Slot::Fixed(column) if column.keeps_whitespace())
            || matches!(slot, Slot::Meta(_));
        let value = if keeps_space { cell } else { cell.trim() };
        if value.is_empty() {
            return Ok(());
        }
        match slot {
            Slot::Fixed(column) => self.apply_fixed(*column, value, options),
            Slot::Attribute(index, part) => {
                let attribute = &mut self.attributes[*index];
                match part {
                    AttributePart::Name => attribute.name = value.to_string(),
                    AttributePart::Values => attribute.values = split_list(value, ','),
                    AttributePart::Visible => attribute.visible = Some(parse_bool(value)?),
                    AttributePart::Global => attribute.global = Some(parse_bool(value)?),
                    AttributePart::Default => attribute.default = Some(value.to_string()),
                }
                Ok(())
            }
            Slot::Download(index, part) => {
                let download = &mut self.downloads[*index];
                let target = match part {
                    DownloadPart::Id => &mut download.id,
                    DownloadPart::Name => &mut download.name,
                    DownloadPart::Url => &mut download.url,
                };
                *target = Some(value.to_string());
                Ok(())
            }
            Slot::Meta(index) => {
                self.meta[*index] = Some(value.to_string());
                Ok(())
            }
            Slot::Ignored => Ok(()),
        }
    }

    fn apply_fixed(
        &mut self,
        column: Column,
        value: &str,
        options: &ReadOptions,
    ) -> Result<(), String> {
        let row = &mut self.row;
        let text = || Some(value.to_string());
        let price = || parse_price(value, options.minor_unit, options.decimal_separator);
        let references = || -> Result<Vec<Reference>, String> {
            split_list(value, ',')
                .iter()
                .map(|item| parse_reference(item))
                .collect()
        };
        match column {
            Column::Id => row.id = Some(parse_id(value)?),
            Column::Type => row.product_type = parse_type(value)?,
            Column::Sku => row.sku = text(),
            Column::Gtin => row.gtin = text(),
            Column::Name => row.name = text(),
            Column::Published => row.published = Some(parse_published(value)?),
            Column::Featured => row.featured = Some(parse_bool(value)?),
            Column::CatalogVisibility => row.catalog_visibility = Some(parse_visibility(value)?),
            Column::ShortDescription => {
                row.short_description = Some(decode_description(value).into_owned());
            }
            Column::Description => row.description = Some(decode_description(value).into_owned()),
            Column::SaleStarts => row.sale_starts = Some(SaleDate::parse(value)?),
            Column::SaleEnds => row.sale_ends = Some(SaleDate::parse(value)?),
            Column::TaxStatus => row.tax_status = Some(parse_tax_status(value)?),
            Column::TaxClass => row.tax_class = text(),
            Column::StockStatus => row.stock_status = Some(parse_stock_status(value)?),
            Column::Stock => row.stock = Some(parse_stock(value)?),
            Column::LowStockAmount => row.low_stock_amount = Some(parse_int(value)?),
            Column::Backorders => row.backorders = Some(parse_backorders(value)?),
            Column::SoldIndividually => row.sold_individually = Some(parse_bool(value)?),
            Column::Weight => row.weight = Some(Decimal::parse(value)?),
            Column::Length => row.length = Some(Decimal::parse(value)?),
            Column::Width => row.width = Some(Decimal::parse(value)?),
            Column::Height => row.height = Some(Decimal::parse(value)?),
            Column::ReviewsAllowed => row.reviews_allowed = Some(parse_bool(value)?),
            Column::PurchaseNote => row.purchase_note = text(),
            Column::SalePrice => row.sale_price = Some(price()?),
            Column::RegularPrice => row.regular_price = Some(price()?),
            Column::Categories => row.categories = split_paths(value)?,
            Column::Tags => row.tags = split_list(value, ','),
            Column::TagsSpaceSeparated => self.space_tags = Some(split_list(value, ' ')),
            Column::ShippingClass => row.shipping_class = text(),
            Column::Images => row.images = split_list(value, ','),
            Column::DownloadLimit => row.download_limit = Some(parse_int(value)?),
            Column::DownloadExpiryDays => row.download_expiry_days = Some(parse_int(value)?),
            Column::Parent => row.parent = Some(parse_reference(value)?),
            Column::GroupedProducts => row.grouped_products = references()?,
            Column::Upsells => row.upsells = references()?,
            Column::CrossSells => row.cross_sells = references()?,
            Column::ExternalUrl => row.external_url = text(),
            Column::ButtonText => row.button_text = text(),
            Column::Position => row.position = Some(parse_int(value)?),
            Column::Brands => row.brands = split_paths(value)?,
            Column::CommodityCode => row.commodity_code = text(),
            Column::CountryOfOrigin => row.country_of_origin = text(),
            Column::CustomsDescription => row.customs_description = text(),
            Column::CostOfGoods => row.cost_of_goods = Some(price()?),
        }
        Ok(())
    }

    /// Gathers the numbered groups; `Err` lists (column, reason) for groups that make no sense.
    pub(crate) fn finish(&mut self, layout: &Layout) -> Result<ProductRow, Vec<(String, String)>> {
        let mut row = std::mem::take(&mut self.row);
        let mut problems = Vec::new();
        if let Some(tags) = self.space_tags.take() {
            row.tags = tags;
        }
        for (attribute, n) in self.attributes.iter_mut().zip(&layout.attribute_numbers) {
            let attribute = std::mem::take(attribute);
            if !attribute.name.is_empty() {
                row.attributes.push(attribute);
            } else if attribute != Attribute::default() {
                problems.push((
                    attribute_header(*n as usize, AttributePart::Name),
                    format!("attribute {n} has values or settings but no name"),
                ));
            }
        }
        for (download, n) in self.downloads.iter_mut().zip(&layout.download_numbers) {
            let PartDownload { id, name, url } = std::mem::take(download);
            match url {
                Some(url) => row.downloads.push(Download { id, name, url }),
                None if id.is_some() || name.is_some() => problems.push((
                    download_header(*n as usize, DownloadPart::Url),
                    format!("download {n} has an ID or name but no URL"),
                )),
                None => {}
            }
        }
        for (value, key) in self.meta.iter_mut().zip(&layout.meta_keys) {
            if let Some(value) = value.take() {
                row.meta.push((key.clone(), value));
            }
        }
        if problems.is_empty() {
            Ok(row)
        } else {
            Err(problems)
        }
    }
}

fn parse_id(value: &str) -> Result<i64, String> {
    match value.parse::<i64>() {
        Ok(id) if id > 0 && value.bytes().all(|b| b.is_ascii_digit()) => Ok(id),
        _ => Err(format!(
            "\"{value}\" is not a product ID (expected a positive whole number)"
        )),
    }
}

fn parse_stock(value: &str) -> Result<Stock, String> {
    if value.eq_ignore_ascii_case("parent") {
        return Ok(Stock::Parent);
    }
    parse_int(value)
        .map(Stock::Quantity)
        .map_err(|_| format!("expected a stock quantity or \"parent\", got \"{value}\""))
}

/// `variable, virtual`: one kind (simple when only flags are given) plus the flags.
fn parse_type(value: &str) -> Result<ProductType, String> {
    let mut product_type = ProductType::default();
    let mut kind = None;
    for token in split_list(value, ',') {
        if token.eq_ignore_ascii_case("virtual") {
            product_type.is_virtual = true;
        } else if token.eq_ignore_ascii_case("downloadable") {
            product_type.is_downloadable = true;
        } else if let Some(found) = ProductKind::ALL
            .into_iter()
            .find(|k| token.eq_ignore_ascii_case(k.as_str()))
        {
            if kind.is_some_and(|k| k != found) {
                return Err(format!("\"{value}\" names more than one product type"));
            }
            kind = Some(found);
        } else {
            return Err(format!(
                "unknown product type \"{token}\" (expected simple, variable, grouped, external or variation, optionally with virtual and downloadable)"
            ));
        }
    }
    product_type.kind = kind.unwrap_or_default();
    Ok(product_type)
}
