//! Pass one: decide what each row is (new, an update, skipped, broken) and give every product
//! it will write an id, so references in any row order resolve before anything is written.

use std::collections::HashMap;

use mercato_core::catalogue::ProductId;
use mercato_core::csv_format::{ProductKind, ProductRow, Reference, Target, resolve_references};
use mercato_db::catalogue::ProductKey;

/// What to do with one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Decision {
    /// Write a new record with this id.
    Create(ProductId),
    /// Update the existing record with this id.
    Update(ProductId),
    /// The record exists and is left alone (no `--update-existing`).
    Exists(ProductId, String),
    /// Left alone for another reason.
    Skip(String),
    /// Broken.
    Fail(String),
}

impl Decision {
    /// The record the row stands for, when it has one.
    pub(super) fn target(&self) -> Option<ProductId> {
        match self {
            Decision::Create(id) | Decision::Update(id) | Decision::Exists(id, _) => Some(*id),
            Decision::Skip(_) | Decision::Fail(_) => None,
        }
    }
}

/// A row and its decision.
#[derive(Debug, Clone)]
pub(super) struct PlannedRow {
    pub line: u64,
    pub row: ProductRow,
    pub decision: Decision,
}

/// A product and the variation rows that go with it: written together.
#[derive(Debug, Clone)]
pub(super) struct Family {
    pub id: ProductId,
    /// Its own row, when the file has one.
    pub parent_row: Option<usize>,
    /// Its variation rows, in file order.
    pub variation_rows: Vec<usize>,
}

/// The outcome of pass one.
#[derive(Debug, Default)]
pub(super) struct Plan {
    pub rows: Vec<PlannedRow>,
    pub families: Vec<Family>,
    /// `id:NN` and SKUs of the file's rows and of the shop's products, to product ids.
    pub references: HashMap<Reference, Result<ProductId, String>>,
}

/// Decides every row against the shop's products (`keys`).
pub(super) fn plan(
    mut rows: Vec<(u64, ProductRow)>,
    keys: &[ProductKey],
    update_existing: bool,
    has_type: bool,
) -> Plan {
    let by_id: HashMap<i64, &ProductKey> = keys.iter().map(|k| (k.id, k)).collect();
    let by_sku: HashMap<&str, &ProductKey> = keys
        .iter()
        .filter_map(|k| k.sku.as_deref().map(|sku| (sku, k)))
        .collect();
    if !has_type {
        // Without a Type column an existing record keeps its kind (WooCommerce loads it).
        for (_, row) in &mut rows {
            let existing = row
                .id
                .and_then(|id| by_id.get(&id))
                .or_else(|| row.sku.as_deref().and_then(|sku| by_sku.get(sku)));
            if existing.is_some_and(|k| k.parent_id.is_some()) {
                row.product_type.kind = ProductKind::Variation;
            }
        }
    }
    let resolution = resolve_references(&rows);
    let mut repeated: HashMap<u64, String> = HashMap::new();
    for duplicate in &resolution.duplicates {
        for line in duplicate.lines.iter().skip(1) {
            let key = describe(&duplicate.key);
            repeated.entry(*line).or_insert_with(|| {
                format!(
                    "{key} is also on line {}; a product may appear once in a file",
                    duplicate.lines[0]
                )
            });
        }
    }

    let mut planned: Vec<PlannedRow> = rows
        .into_iter()
        .map(|(line, row)| {
            let decision = match repeated.remove(&line) {
                Some(reason) => Decision::Fail(reason),
                None => decide(&row, &by_id, &by_sku, update_existing),
            };
            PlannedRow {
                line,
                row,
                decision,
            }
        })
        .collect();

    // New rows without an ID get ids after every id in use or named by the file.
    let mut next = keys
        .iter()
        .map(|k| k.id)
        .chain(planned.iter().filter_map(|p| p.row.id))
        .max()
        .unwrap_or(0)
        + 1;
    for row in &mut planned {
        if row.decision == Decision::Create(ProductId(0)) {
            row.decision = Decision::Create(ProductId(next));
            next += 1;
        }
    }

    let mut references: HashMap<Reference, Result<ProductId, String>> = HashMap::new();
    for key in keys {
        references.insert(Reference::Id(key.id), Ok(ProductId(key.id)));
        if let Some(sku) = &key.sku {
            references.insert(Reference::Sku(sku.clone()), Ok(ProductId(key.id)));
        }
    }
    for row in &planned {
        let value = match &row.decision {
            Decision::Fail(_) | Decision::Skip(_) => Err(format!(
                "it names the row on line {}, which was not imported",
                row.line
            )),
            decision => Ok(decision.target().unwrap_or_default()),
        };
        if let Some(id) = row.row.id {
            references.insert(Reference::Id(id), value.clone());
        }
        if let Some(sku) = &row.row.sku {
            references.insert(Reference::Sku(sku.clone()), value);
        }
    }

    let families = families(&mut planned, &resolution.links, &by_id, &by_sku);
    Plan {
        rows: planned,
        families,
        references,
    }
}

fn describe(reference: &Reference) -> String {
    match reference {
        Reference::Id(id) => format!("ID {id}"),
        Reference::Sku(sku) => format!("SKU \"{sku}\""),
    }
}

fn kind_name(row: &ProductRow) -> &'static str {
    row.product_type.kind.as_str()
}

fn decide(
    row: &ProductRow,
    by_id: &HashMap<i64, &ProductKey>,
    by_sku: &HashMap<&str, &ProductKey>,
    update_existing: bool,
) -> Decision {
    let from_id = row.id.and_then(|id| by_id.get(&id));
    let from_sku = row.sku.as_deref().and_then(|sku| by_sku.get(sku));
    let existing = match (from_id, from_sku) {
        (Some(a), Some(b)) if a.id != b.id => {
            return Decision::Fail(format!(
                "ID {} and SKU \"{}\" name two different products ({} and {})",
                a.id,
                row.sku.as_deref().unwrap_or_default(),
                a.id,
                b.id
            ));
        }
        (a, b) => a.or(b),
    };
    let is_variation_row = row.product_type.kind == ProductKind::Variation;
    match existing {
        Some(key) => {
            let is_variation = key.parent_id.is_some();
            if is_variation != is_variation_row {
                return Decision::Fail(format!(
                    "{} is a {} in the shop, but the row is a {}",
                    if from_id.is_some() {
                        format!("ID {}", key.id)
                    } else {
                        format!("SKU \"{}\"", row.sku.as_deref().unwrap_or_default())
                    },
                    key.kind,
                    kind_name(row)
                ));
            }
            if update_existing {
                Decision::Update(ProductId(key.id))
            } else {
                let what = if from_id.is_some() { "ID" } else { "SKU" };
                Decision::Exists(
                    ProductId(key.id),
                    format!(
                        "a product with this {what} already exists (--update-existing updates it)"
                    ),
                )
            }
        }
        None if update_existing && (row.id.is_some() || row.sku.is_some()) => {
            Decision::Skip("no product with this ID or SKU exists to update".to_owned())
        }
        // Zero: an id is given out once every row's own ID is known.
        None => Decision::Create(ProductId(row.id.unwrap_or(0))),
    }
}

/// Groups rows by product: each product row heads a family; each variation row joins its
/// parent's (a row of the file or a variable product of the shop).
fn families(
    planned: &mut [PlannedRow],
    links: &[mercato_core::csv_format::RowLinks],
    by_id: &HashMap<i64, &ProductKey>,
    by_sku: &HashMap<&str, &ProductKey>,
) -> Vec<Family> {
    let mut families: Vec<Family> = Vec::new();
    let mut index: HashMap<ProductId, usize> = HashMap::new();
    let line_to_row: HashMap<u64, usize> = planned
        .iter()
        .enumerate()
        .map(|(i, p)| (p.line, i))
        .collect();
    for (i, row) in planned.iter().enumerate() {
        if row.row.product_type.kind == ProductKind::Variation {
            continue;
        }
        if let Some(id) = row.decision.target() {
            index.insert(id, families.len());
            families.push(Family {
                id,
                parent_row: Some(i),
                variation_rows: Vec::new(),
            });
        }
    }
    for i in 0..planned.len() {
        let row = &planned[i];
        if row.row.product_type.kind != ProductKind::Variation
            || !matches!(row.decision, Decision::Create(_) | Decision::Update(_))
        {
            continue;
        }
        let existing_parent = match row.decision {
            Decision::Update(id) => by_id.get(&id.0).and_then(|k| k.parent_id),
            _ => None,
        };
        let parent = match links.get(i).and_then(|l| l.parent.as_ref()) {
            // An update may leave the variation where it is.
            None if existing_parent.is_some() => Ok(ProductId(existing_parent.unwrap_or_default())),
            None => Err("a variation needs a Parent: the parent's SKU or id:NN".to_owned()),
            Some(link) => match link.target {
                Target::InFile { line } => {
                    let parent_row = &planned[line_to_row[&line]];
                    match (&parent_row.decision, parent_row.row.product_type.kind) {
                        (Decision::Fail(_) | Decision::Skip(_), _) => {
                            Err(format!("its parent on line {line} was not imported"))
                        }
                        (Decision::Exists(id, _), _) => match by_id.get(&id.0) {
                            Some(key) if key.kind == "variable" => Ok(*id),
                            _ => Err(format!(
                                "its parent on line {line} is not a variable product in the shop"
                            )),
                        },
                        (decision, ProductKind::Variable) => {
                            Ok(decision.target().unwrap_or_default())
                        }
                        (_, kind) => Err(format!(
                            "its parent on line {line} is a {} product, not a variable one",
                            kind.as_str()
                        )),
                    }
                }
                Target::NotInFile => {
                    let key = match &link.reference {
                        Reference::Id(id) => by_id.get(id).copied(),
                        Reference::Sku(sku) => by_sku.get(sku.as_str()).copied(),
                    };
                    match key {
                        Some(key) if key.kind == "variable" => Ok(ProductId(key.id)),
                        Some(key) => Err(format!(
                            "its parent {} is a {} product, not a variable one",
                            describe(&link.reference),
                            key.kind
                        )),
                        None => Err(format!(
                            "its parent {} is neither in the file nor in the shop",
                            describe(&link.reference)
                        )),
                    }
                }
            },
        };
        let parent = parent.and_then(|parent| match &row.decision {
            Decision::Update(id) => match by_id.get(&id.0).and_then(|k| k.parent_id) {
                Some(current) if current != parent.0 => Err(format!(
                    "the variation belongs to product {current}, not to its Parent {parent}"
                )),
                _ => Ok(parent),
            },
            _ => Ok(parent),
        });
        match parent {
            Ok(parent) => {
                let at = *index.entry(parent).or_insert_with(|| {
                    families.push(Family {
                        id: parent,
                        parent_row: None,
                        variation_rows: Vec::new(),
                    });
                    families.len() - 1
                });
                families[at].variation_rows.push(i);
            }
            Err(reason) => {
                planned[i].decision =
                    Decision::Fail(format!("variation cannot be imported: {reason}"));
            }
        }
    }
    families
}
