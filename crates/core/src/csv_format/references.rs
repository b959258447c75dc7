//! Linking rows to each other: `Parent`, `Grouped products`, `Upsells` and `Cross-sells` name
//! other products by `id:NN` or SKU, in any order within the file.

use std::collections::HashMap;
use std::fmt;

use super::row::{ProductRow, Reference};

/// The four columns that name other products.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LinkColumn {
    /// `Parent`.
    Parent,
    /// `Grouped products`.
    GroupedProducts,
    /// `Upsells`.
    Upsells,
    /// `Cross-sells`.
    CrossSells,
}

impl LinkColumn {
    /// The column's header.
    pub fn header(self) -> &'static str {
        match self {
            LinkColumn::Parent => "Parent",
            LinkColumn::GroupedProducts => "Grouped products",
            LinkColumn::Upsells => "Upsells",
            LinkColumn::CrossSells => "Cross-sells",
        }
    }
}

/// Where a reference points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// A row of this file, by the line its record starts on.
    InFile {
        /// The target row's line.
        line: u64,
    },
    /// No row of this file has that ID or SKU: the importer should look in the catalogue.
    NotInFile,
}

/// One reference and where it points.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Link {
    /// As written in the cell.
    pub reference: Reference,
    /// The row it names, if it is in the file.
    pub target: Target,
}

/// The resolved references of one row.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowLinks {
    /// The row's line.
    pub line: u64,
    /// `Parent`.
    pub parent: Option<Link>,
    /// `Grouped products`.
    pub grouped_products: Vec<Link>,
    /// `Upsells`.
    pub upsells: Vec<Link>,
    /// `Cross-sells`.
    pub cross_sells: Vec<Link>,
}

/// A reference that names no row of the file (not fatal: it may exist in the catalogue).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NotInFile {
    /// The line of the row that holds the reference.
    pub line: u64,
    /// The column that holds it.
    pub column: LinkColumn,
    /// The reference.
    pub reference: Reference,
}

impl fmt::Display for NotInFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.reference {
            Reference::Id(id) => format!("id:{id}"),
            Reference::Sku(sku) => format!("SKU \"{sku}\""),
        };
        write!(
            f,
            "line {}, column \"{}\": {what} is not in this file",
            self.line,
            self.column.header()
        )
    }
}

/// An ID or SKU carried by more than one row, so references to it are ambiguous.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DuplicateKey {
    /// The ID or SKU.
    pub key: Reference,
    /// Every line that carries it; references resolve to the first.
    pub lines: Vec<u64>,
}

/// Every row's links, plus what the importer has to decide about.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Resolution {
    /// One entry per row, in the order given.
    pub links: Vec<RowLinks>,
    /// References to products that are not in the file, in row order.
    pub not_in_file: Vec<NotInFile>,
    /// IDs and SKUs that several rows claim.
    pub duplicates: Vec<DuplicateKey>,
}

/// Resolves every row's product references against the rows' own `ID` and `SKU` cells.
pub fn resolve_references(rows: &[(u64, ProductRow)]) -> Resolution {
    let mut owners: HashMap<Reference, Vec<u64>> = HashMap::new();
    let mut keys_in_order: Vec<Reference> = Vec::new();
    for (line, row) in rows {
        let keys = row
            .id
            .map(Reference::Id)
            .into_iter()
            .chain(row.sku.clone().map(Reference::Sku));
        for key in keys {
            let lines = owners.entry(key.clone()).or_default();
            if lines.is_empty() {
                keys_in_order.push(key);
            }
            lines.push(*line);
        }
    }
    let mut resolution = Resolution {
        duplicates: keys_in_order
            .into_iter()
            .filter_map(|key| {
                let lines = &owners[&key];
                (lines.len() > 1).then(|| DuplicateKey {
                    lines: lines.clone(),
                    key,
                })
            })
            .collect(),
        ..Resolution::default()
    };
    for (line, row) in rows {
        let mut link = |column: LinkColumn, reference: &Reference| {
            let target = match owners.get(reference).and_then(|lines| lines.first()) {
                Some(&line) => Target::InFile { line },
                None => {
                    resolution.not_in_file.push(NotInFile {
                        line: *line,
                        column,
                        reference: reference.clone(),
                    });
                    Target::NotInFile
                }
            };
            Link {
                reference: reference.clone(),
                target,
            }
        };
        let links = RowLinks {
            line: *line,
            parent: row.parent.as_ref().map(|r| link(LinkColumn::Parent, r)),
            grouped_products: row
                .grouped_products
                .iter()
                .map(|r| link(LinkColumn::GroupedProducts, r))
                .collect(),
            upsells: row
                .upsells
                .iter()
                .map(|r| link(LinkColumn::Upsells, r))
                .collect(),
            cross_sells: row
                .cross_sells
                .iter()
                .map(|r| link(LinkColumn::CrossSells, r))
                .collect(),
        };
        resolution.links.push(links);
    }
    resolution
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::csv_format::row::ProductKind;

    fn row(id: Option<i64>, sku: Option<&str>) -> ProductRow {
        ProductRow {
            id,
            sku: sku.map(str::to_string),
            ..ProductRow::default()
        }
    }

    #[test]
    fn references_resolve_in_any_order() {
        let mut variation = row(None, Some("TEE-RED"));
        variation.product_type.kind = ProductKind::Variation;
        variation.parent = Some(Reference::Sku("TEE".into()));
        variation.upsells = vec![Reference::Id(7), Reference::Sku("ELSEWHERE".into())];
        let rows = vec![(2, variation), (3, row(Some(7), Some("TEE")))];
        let resolution = resolve_references(&rows);
        let links = &resolution.links[0];
        assert_eq!(links.line, 2);
        assert_eq!(
            links.parent.as_ref().map(|l| l.target),
            Some(Target::InFile { line: 3 })
        );
        assert_eq!(links.upsells[0].target, Target::InFile { line: 3 });
        assert_eq!(links.upsells[1].target, Target::NotInFile);
        assert_eq!(
            resolution.not_in_file,
            vec![NotInFile {
                line: 2,
                column: LinkColumn::Upsells,
                reference: Reference::Sku("ELSEWHERE".into()),
            }]
        );
        assert_eq!(
            resolution.not_in_file[0].to_string(),
            "line 2, column \"Upsells\": SKU \"ELSEWHERE\" is not in this file"
        );
        assert!(resolution.duplicates.is_empty());
        assert_eq!(
            resolution.links[1],
            RowLinks {
                line: 3,
                ..RowLinks::default()
            }
        );
    }

    #[test]
    fn the_full_fixture_links_only_within_itself() {
        let file = include_bytes!("testdata/full.csv");
        let outcome = crate::csv_format::read_rows(&file[..], &Default::default()).expect("reads");
        let resolution = resolve_references(&outcome.rows);
        assert_eq!(resolution.not_in_file, vec![]);
        assert_eq!(resolution.duplicates, vec![]);
        let bundle = resolution
            .links
            .iter()
            .find(|l| l.line == 6)
            .expect("bundle row");
        let targets: Vec<Target> = bundle.grouped_products.iter().map(|l| l.target).collect();
        let lines = [2, 3, 7].map(|line| Target::InFile { line });
        assert_eq!(targets, lines);
    }

    #[test]
    fn duplicate_ids_and_skus_are_reported() {
        let rows = vec![
            (2, row(Some(5), Some("A"))),
            (3, row(Some(5), Some("B"))),
            (4, row(None, Some("A"))),
        ];
        let resolution = resolve_references(&rows);
        assert_eq!(
            resolution.duplicates,
            vec![
                DuplicateKey {
                    key: Reference::Id(5),
                    lines: vec![2, 3]
                },
                DuplicateKey {
                    key: Reference::Sku("A".into()),
                    lines: vec![2, 4]
                },
            ]
        );
    }
}
