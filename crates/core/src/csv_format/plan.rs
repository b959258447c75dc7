//! What a file needs before any byte is written: its columns, and whether every row fits.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::columns::{
    AttributePart, Column, DownloadPart, EXPORT_ORDER, attribute_header, download_header,
};
use super::row::{ProductRow, Reference};
use super::write::{WriteOptions, fixed_cell};
use crate::money::Money;

/// Columns written only when some row has a value: newer or optional WooCommerce features.
const OPTIONAL: [Column; 5] = [
    Column::Brands,
    Column::CommodityCode,
    Column::CountryOfOrigin,
    Column::CustomsDescription,
    Column::CostOfGoods,
];

/// Which columns the file needs.
pub(crate) struct Plan {
    pub(crate) fixed: Vec<Column>,
    pub(crate) downloads: usize,
    /// One entry per attribute group: whether it needs a `default` column.
    pub(crate) attributes: Vec<bool>,
    pub(crate) meta_keys: Vec<String>,
}

impl Plan {
    pub(crate) fn new(rows: &[ProductRow]) -> Plan {
        let used = |column: Column| {
            rows.iter()
                .any(|row| !fixed_cell(row, column, &WriteOptions::default()).is_empty())
        };
        let fixed = EXPORT_ORDER
            .iter()
            .map(|(column, _)| *column)
            .filter(|column| !OPTIONAL.contains(column) || used(*column))
            .collect();
        let downloads = rows
            .iter()
            .map(|row| row.downloads.len())
            .max()
            .unwrap_or(0);
        let groups = rows
            .iter()
            .map(|row| row.attributes.len())
            .max()
            .unwrap_or(0);
        let attributes = (0..groups)
            .map(|i| {
                rows.iter()
                    .any(|row| row.attributes.get(i).is_some_and(|a| a.default.is_some()))
            })
            .collect();
        let meta_keys = meta_order(rows);
        Plan {
            fixed,
            downloads,
            attributes,
            meta_keys,
        }
    }

    pub(crate) fn header(&self, options: &WriteOptions) -> Vec<String> {
        let with_unit = |name: &str, unit: &str| {
            if unit.is_empty() {
                name.to_string()
            } else {
                format!("{name} ({unit})")
            }
        };
        let mut header: Vec<String> = self
            .fixed
            .iter()
            .map(|column| match column {
                Column::Weight => with_unit(column.header(), &options.weight_unit),
                Column::Length | Column::Width | Column::Height => {
                    with_unit(column.header(), &options.dimension_unit)
                }
                other => other.header().to_string(),
            })
            .collect();
        for n in 1..=self.downloads {
            for part in [DownloadPart::Id, DownloadPart::Name, DownloadPart::Url] {
                header.push(download_header(n, part));
            }
        }
        for (i, with_default) in self.attributes.iter().enumerate() {
            let parts = [
                AttributePart::Name,
                AttributePart::Values,
                AttributePart::Visible,
                AttributePart::Global,
            ];
            header.extend(parts.into_iter().map(|part| attribute_header(i + 1, part)));
            if *with_default {
                header.push(attribute_header(i + 1, AttributePart::Default));
            }
        }
        header.extend(self.meta_keys.iter().map(|key| format!("Meta: {key}")));
        header
    }
}

/// Meta columns in an order every row's own order fits in (a topological sort, ties broken by
/// first appearance), so rows read from one file keep their meta order.
fn meta_order(rows: &[ProductRow]) -> Vec<String> {
    let mut keys: Vec<&str> = Vec::new();
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut edges: HashSet<(usize, usize)> = HashSet::new();
    for row in rows {
        let mut previous = None;
        for (key, _) in &row.meta {
            let id = *index.entry(key.as_str()).or_insert_with(|| {
                keys.push(key.as_str());
                keys.len() - 1
            });
            if let Some(before) = previous {
                edges.insert((before, id));
            }
            previous = Some(id);
        }
    }
    let mut incoming = vec![0usize; keys.len()];
    for &(_, to) in &edges {
        incoming[to] += 1;
    }
    let mut ready: BTreeSet<usize> = (0..keys.len()).filter(|&k| incoming[k] == 0).collect();
    let mut placed = vec![false; keys.len()];
    let mut order = Vec::with_capacity(keys.len());
    while let Some(next) = ready.pop_first() {
        placed[next] = true;
        order.push(next);
        for &(from, to) in &edges {
            if from == next {
                incoming[to] -= 1;
                if incoming[to] == 0 {
                    ready.insert(to);
                }
            }
        }
    }
    // Rows that disagree about the order (a cycle): the rest in first-appearance order.
    order.extend((0..keys.len()).filter(|&k| !placed[k]));
    order.into_iter().map(|k| keys[k].to_string()).collect()
}

/// Refuses values that would read back with another meaning (or as an error).
pub(crate) fn check_row(row: &ProductRow) -> Result<(), (String, String)> {
    let fail = |column: &str, reason: String| Err((column.to_string(), reason));
    if row.id.is_some_and(|id| id <= 0) {
        return fail("ID", "a product ID must be positive".to_string());
    }
    for (column, price) in [
        ("Sale price", row.sale_price),
        ("Regular price", row.regular_price),
        ("Cost of goods", row.cost_of_goods),
    ] {
        if price.is_some_and(Money::is_negative) {
            return fail(column, "a price must not be negative".to_string());
        }
    }
    for (column, paths) in [("Categories", &row.categories), ("Brands", &row.brands)] {
        for path in paths {
            if path.is_empty()
                || path
                    .iter()
                    .any(|name| name.trim().is_empty() || name.contains('>'))
            {
                return fail(
                    column,
                    format!("{path:?} is not a path of non-empty names without '>'"),
                );
            }
        }
    }
    let links = [
        ("Parent", row.parent.as_slice()),
        ("Grouped products", &row.grouped_products),
        ("Upsells", &row.upsells),
        ("Cross-sells", &row.cross_sells),
    ];
    for (column, references) in links {
        for reference in references {
            let bad = match reference {
                Reference::Id(id) => *id <= 0,
                Reference::Sku(sku) => {
                    sku.trim().is_empty()
                        || sku.get(..3).is_some_and(|p| p.eq_ignore_ascii_case("id:"))
                }
            };
            if bad {
                return fail(
                    column,
                    format!("{reference:?} cannot be written as id:NN or a SKU"),
                );
            }
        }
    }
    for (i, attribute) in row.attributes.iter().enumerate() {
        if attribute.name.trim().is_empty() {
            return fail(
                &attribute_header(i + 1, AttributePart::Name),
                "an attribute needs a name".to_string(),
            );
        }
    }
    for (i, download) in row.downloads.iter().enumerate() {
        if download.url.trim().is_empty() {
            return fail(
                &download_header(i + 1, DownloadPart::Url),
                "a download needs a URL".to_string(),
            );
        }
    }
    for (i, (key, value)) in row.meta.iter().enumerate() {
        let header = format!("Meta: {key}");
        if key.is_empty() || key.trim() != key {
            return fail(
                &header,
                "a meta key must be non-empty and without surrounding spaces".to_string(),
            );
        }
        if value.is_empty() {
            return fail(
                &header,
                "an empty meta value would read back as no entry".to_string(),
            );
        }
        if row.meta[..i].iter().any(|(k, _)| k == key) {
            return fail(&header, "the key appears twice in this row".to_string());
        }
    }
    Ok(())
}
