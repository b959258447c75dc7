//! Mapping one family (a product and its variation rows) onto records: the existing ones for
//! an update, new ones otherwise; then deciding whether anything changed.

use std::collections::HashMap;

use mercato_core::catalogue::{
    GlobalAttribute, Image, Product, ProductId, ProductType, StockStatus, TermId, Variation,
};
use mercato_core::csv_format::mapping::{
    self, ProductExtras, Resolver, apply_product_row, apply_variation_row,
};
use mercato_core::csv_format::{ADDONS_META_KEY, Column, ProductRow, Reference, addons_from_cell};
use mercato_db::{Db, DbResult};

use super::media::Images;
use super::plan::{Decision, Family, Plan};
use super::report::Outcome;
use super::taxonomy::{TaxonomyCache, describe};

/// What the rows resolve against: the taxonomy (complete by now), references and images.
pub(crate) struct Lookups<'a> {
    pub taxonomy: &'a TaxonomyCache,
    pub references: &'a HashMap<Reference, Result<ProductId, String>>,
    pub images: &'a Images,
}

impl Resolver for Lookups<'_> {
    fn category(&mut self, path: &[String]) -> Result<mercato_core::catalogue::CategoryId, String> {
        self.taxonomy
            .category(path)
            .ok_or_else(|| format!("category \"{}\" was not created", path.join(" > ")))
    }

    fn tag(&mut self, name: &str) -> Result<mercato_core::catalogue::TagId, String> {
        self.taxonomy
            .tag(name)
            .ok_or_else(|| format!("tag \"{name}\" was not created"))
    }

    fn global_attribute(
        &mut self,
        name: &str,
        values: &[String],
    ) -> Result<(GlobalAttribute, Vec<TermId>), String> {
        let attribute = self
            .taxonomy
            .attribute(name)
            .ok_or_else(|| format!("attribute \"{name}\" was not created"))?;
        let terms = values
            .iter()
            .map(|v| {
                TaxonomyCache::term(attribute, v)
                    .ok_or_else(|| format!("term \"{v}\" was not created"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((attribute.clone(), terms))
    }

    fn product(&mut self, reference: &Reference) -> Result<ProductId, String> {
        match self.references.get(reference) {
            Some(Ok(id)) => Ok(*id),
            Some(Err(reason)) => Err(format!("{}: {reason}", describe(reference))),
            None => Err(format!(
                "{} is neither in the file nor in the shop",
                describe(reference)
            )),
        }
    }

    fn image(&mut self, source: &str) -> Result<Image, String> {
        match self.images.by_source.get(source) {
            Some(result) => result.clone(),
            None => Ok(mapping::image_from_source(source)),
        }
    }
}

/// A family mapped onto records, ready to write.
#[derive(Debug, Default)]
pub(crate) struct Prepared {
    pub product: Product,
    pub variations: Vec<Variation>,
    /// Side records that changed: (record id, JSON or `None` to remove).
    pub extras: Vec<(ProductId, Option<String>)>,
    /// Whether anything has to be written.
    pub write: bool,
    /// Whether the product is new (nothing of it is stored yet).
    pub new: bool,
    /// Each row's outcome once written, by row index.
    pub outcomes: Vec<(usize, Outcome)>,
    pub warnings: Vec<String>,
}

/// The settings of one import that mapping needs.
pub(crate) struct Context<'a> {
    pub db: &'a Db,
    pub plan: &'a Plan,
    /// The fixed columns of the file: an update changes only these.
    pub present: &'a [Column],
    /// The shop's side records, by record id.
    pub extras: &'a HashMap<i64, ProductExtras>,
    pub update_existing: bool,
    /// Decimals of the shop currency (add-on prices in `Meta: _product_addons`).
    pub minor_unit: u32,
}

/// The add-on groups of a row's `Meta: _product_addons` cell onto the product. A broken cell
/// costs only the add-ons: the product keeps the groups it had and the rest of the row
/// imports; the returned warning says why.
fn apply_addons(row: &ProductRow, product: &mut Product, minor_unit: u32) -> Option<String> {
    let (_, cell) = row.meta.iter().find(|(k, _)| k == ADDONS_META_KEY)?;
    match addons_from_cell(cell, minor_unit) {
        Ok(groups) if product.kind == ProductType::Grouped || product.kind == ProductType::External => {
            (!groups.is_empty()).then(|| {
                format!(
                    "column \"Meta: {ADDONS_META_KEY}\": a {} product takes no add-ons; they were left out",
                    product.kind.as_str()
                )
            })
        }
        Ok(groups) => {
            product.addons = groups;
            None
        }
        Err(e) => Some(format!(
            "column \"Meta: {ADDONS_META_KEY}\": {e}; the product was imported without changing its add-ons"
        )),
    }
}

/// The name of a record's side record in the options table.
pub(crate) fn extras_key(id: ProductId) -> String {
    format!("catalogue.extras.{id}")
}

/// Maps `family`; a product that exists is loaded first. Row errors become outcomes.
pub(crate) async fn prepare(
    context: &Context<'_>,
    family: &Family,
    lookups: &mut Lookups<'_>,
) -> DbResult<Prepared> {
    let plan = context.plan;
    let all = |_: Column| true;
    let present = |column: Column| context.present.contains(&column);
    let mut prepared = Prepared::default();
    let parent_decision = family.parent_row.map(|i| &plan.rows[i].decision);
    let is_new = matches!(parent_decision, Some(Decision::Create(_)));
    if let (Some(Decision::Exists(_, reason)), true) =
        (parent_decision, family.variation_rows.is_empty())
    {
        // Nothing to load: the product is left alone.
        if let Some(i) = family.parent_row {
            prepared
                .outcomes
                .push((i, Outcome::Skipped(reason.clone())));
        }
        return Ok(prepared);
    }
    prepared.new = is_new;
    let (original, original_variations) = if is_new {
        (None, Vec::new())
    } else {
        match mercato_db::catalogue::product_by_id(context.db, family.id).await? {
            Some(product) => {
                let variations =
                    mercato_db::catalogue::variations_of(context.db, family.id).await?;
                (Some(product), variations)
            }
            None => {
                for i in family.parent_row.iter().chain(&family.variation_rows) {
                    let reason = format!("product {} disappeared during the import", family.id);
                    prepared.outcomes.push((*i, Outcome::Failed(reason)));
                }
                return Ok(prepared);
            }
        }
    };
    let original_extras = |id: ProductId| context.extras.get(&id.0).cloned().unwrap_or_default();
    let mut product = original
        .clone()
        .unwrap_or_else(|| mapping::new_product(family.id));
    let mut product_extras = original_extras(family.id);
    if let Some(i) = family.parent_row {
        let planned = &plan.rows[i];
        let has: mapping::Has<'_> = if is_new { &all } else { &present };
        let outcome = match &planned.decision {
            Decision::Exists(_, reason) => Some(Outcome::Skipped(reason.clone())),
            _ => match apply_product_row(
                &planned.row,
                &mut product,
                &mut product_extras,
                has,
                lookups,
            ) {
                Ok(warnings) => {
                    let line = planned.line;
                    prepared
                        .warnings
                        .extend(warnings.into_iter().map(|w| format!("line {line}: {w}")));
                    if let Some(warning) =
                        apply_addons(&planned.row, &mut product, context.minor_unit)
                    {
                        prepared.warnings.push(format!("line {line}: {warning}"));
                    }
                    None
                }
                Err(reason) => {
                    prepared.outcomes.push((i, Outcome::Failed(reason)));
                    for v in &family.variation_rows {
                        let reason = format!("its parent on line {} failed", planned.line);
                        prepared.outcomes.push((*v, Outcome::Failed(reason)));
                    }
                    return Ok(prepared);
                }
            },
        };
        if let Some(outcome) = outcome {
            prepared.outcomes.push((i, outcome));
        }
    }

    let mut variations = original_variations.clone();
    let mut variation_extras: HashMap<ProductId, ProductExtras> = HashMap::new();
    let mut variation_outcomes: Vec<(usize, ProductId, bool)> = Vec::new();
    for &i in &family.variation_rows {
        let planned = &plan.rows[i];
        let (mut variation, existing) = match planned.decision {
            Decision::Update(id) => match variations.iter().find(|v| v.id == id) {
                Some(v) => (v.clone(), true),
                None => {
                    let reason =
                        format!("variation {id} is not a variation of product {}", family.id);
                    prepared.outcomes.push((i, Outcome::Failed(reason)));
                    continue;
                }
            },
            Decision::Create(id) => (mapping::new_variation(id, family.id), false),
            _ => continue,
        };
        let mut extras = original_extras(variation.id);
        let has: mapping::Has<'_> = if existing { &present } else { &all };
        match apply_variation_row(
            &planned.row,
            &mut variation,
            &mut extras,
            &product,
            has,
            lookups,
        ) {
            Ok(warnings) => {
                let line = planned.line;
                prepared
                    .warnings
                    .extend(warnings.into_iter().map(|w| format!("line {line}: {w}")));
            }
            Err(reason) => {
                prepared.outcomes.push((i, Outcome::Failed(reason)));
                continue;
            }
        }
        let mut existing = existing;
        if !existing && planned.row.id.is_none() && planned.row.sku.is_none() {
            // Without ID or SKU, a variation is known by its attribute values.
            if let Some(same) = variations.iter().find(|v| same_values(v, &variation)) {
                if !context.update_existing {
                    let reason = "a variation with these attribute values already exists (--update-existing updates it)";
                    prepared
                        .outcomes
                        .push((i, Outcome::Skipped(reason.to_owned())));
                    continue;
                }
                let mut again = same.clone();
                extras = original_extras(again.id);
                if let Err(reason) = apply_variation_row(
                    &planned.row,
                    &mut again,
                    &mut extras,
                    &product,
                    &present,
                    lookups,
                ) {
                    prepared.outcomes.push((i, Outcome::Failed(reason)));
                    continue;
                }
                variation = again;
                existing = true;
            }
        }
        match variations.iter_mut().find(|v| v.id == variation.id) {
            Some(slot) => *slot = variation.clone(),
            None => variations.push(variation.clone()),
        }
        variation_extras.insert(variation.id, extras);
        variation_outcomes.push((i, variation.id, existing));
    }

    // Attributes the variations use are variation attributes of the parent (WooCommerce
    // promotes them the same way).
    for variation in &variations {
        for value in &variation.attributes {
            if let Some(attribute) = product
                .attributes
                .iter_mut()
                .find(|a| mercato_core::catalogue::keys_match(&a.key(), &value.key))
            {
                attribute.variation = true;
            }
        }
    }

    let product_changed =
        original.as_ref() != Some(&product) || original_extras(family.id) != product_extras;
    if let Some(i) = family.parent_row
        && !prepared.outcomes.iter().any(|(row, _)| *row == i)
    {
        let outcome = match (is_new, product_changed) {
            (true, _) => Outcome::Created,
            (false, true) => Outcome::Updated,
            (false, false) => Outcome::Unchanged,
        };
        prepared.outcomes.push((i, outcome));
    }
    if product_changed {
        prepared
            .extras
            .push(extras_change(family.id, &product_extras));
    }
    let mut any_variation_changed = false;
    for (i, id, existing) in variation_outcomes {
        let now = variations.iter().find(|v| v.id == id);
        let before = original_variations.iter().find(|v| v.id == id);
        let extras = variation_extras.remove(&id).unwrap_or_default();
        let changed = !same_variation(before, now, &product) || original_extras(id) != extras;
        if changed {
            any_variation_changed = true;
            prepared.extras.push(extras_change(id, &extras));
        }
        let outcome = match (existing, changed) {
            (false, _) => Outcome::Created,
            (true, true) => Outcome::Updated,
            (true, false) => Outcome::Unchanged,
        };
        prepared.outcomes.push((i, outcome));
    }
    prepared
        .extras
        .retain(|(id, json)| json.is_some() || context.extras.contains_key(&id.0));
    prepared.write = product_changed || any_variation_changed;
    prepared.product = product;
    prepared.variations = variations;
    Ok(prepared)
}

fn extras_change(id: ProductId, extras: &ProductExtras) -> (ProductId, Option<String>) {
    let json = (!extras.is_empty())
        .then(|| serde_json::to_string(extras).ok())
        .flatten();
    (id, json)
}

fn same_values(a: &Variation, b: &Variation) -> bool {
    let mut left: Vec<(&str, &str)> = a
        .attributes
        .iter()
        .map(|v| (v.key.as_str(), v.value.as_str()))
        .collect();
    let mut right: Vec<(&str, &str)> = b
        .attributes
        .iter()
        .map(|v| (v.key.as_str(), v.value.as_str()))
        .collect();
    left.sort_unstable();
    right.sort_unstable();
    left == right
}

/// Equal once the status storage fills in for stock the parent manages is ignored.
fn same_variation(before: Option<&Variation>, now: Option<&Variation>, parent: &Product) -> bool {
    let normal = |v: &Variation| {
        let mut v = v.clone();
        if !v.stock.managed && parent.stock.managed {
            v.stock.status = StockStatus::InStock;
        }
        v
    };
    match (before, now) {
        (Some(a), Some(b)) => normal(a) == normal(b),
        (None, None) => true,
        _ => false,
    }
}
