//! `mercato import`: a WooCommerce product CSV into the catalogue.
//!
//! Pass one reads every row and decides what it is (new, an update, skipped, broken) and which
//! product id it will have, so `Parent`, `Grouped products`, `Upsells` and `Cross-sells` resolve
//! in any row order. The categories, tags and attribute terms the rows need are created once,
//! and held in memory with the rest of the taxonomy. Pass two maps each product with its
//! variations onto records (loading the existing ones for an update), compares, and writes
//! what changed in large transactions.
//!
//! As in WooCommerce, a row whose ID or SKU exists is skipped unless `--update-existing`;
//! with it, a row naming an ID or SKU that does not exist is skipped, and an update changes
//! only the columns the file has.

mod apply;
mod media;
mod plan;
mod report;
mod taxonomy;
mod write;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::time::Instant;

use anyhow::Context as _;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mercato_core::csv_format::mapping::ProductExtras;
use mercato_core::csv_format::{Column, ProductKind, ReadOptions, ReadOutcome, read_rows};
use mercato_core::settings::ShopSettings;
use mercato_db::catalogue::{CatalogueWriter, load_taxonomy, options_with_prefix, product_keys};
use mercato_db::{Db, options};

pub use report::{ImportReport, Outcome, RowNote};

use apply::{Context, Lookups, Prepared, prepare};
use media::Images;
use plan::{Decision, plan};
use taxonomy::{Sink, TaxonomyCache};

/// How to import.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions {
    /// Update products the file names by ID or SKU (WooCommerce's "update existing").
    pub update_existing: bool,
    /// Check and report, write nothing.
    pub dry_run: bool,
    /// All or nothing: one transaction, and nothing is written when any row fails.
    pub strict: bool,
    /// Draw a progress bar on a terminal.
    pub progress: bool,
}

/// The shop settings that decide how cells read (currency decimals, units).
pub async fn shop_settings(db: &Db) -> anyhow::Result<ShopSettings> {
    Ok(options::get::<ShopSettings>(db, "shop")
        .await?
        .unwrap_or_default())
}

/// Imports the CSV file at `path`; images named by a relative path are looked for beside it.
pub async fn run(db: &Db, path: &Path, options: ImportOptions) -> anyhow::Result<ImportReport> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let settings = shop_settings(db).await?;
    let read_options = ReadOptions {
        minor_unit: settings.currency.minor_unit,
        decimal_separator: settings
            .currency
            .decimal_separator
            .chars()
            .next()
            .unwrap_or('.'),
    };
    let outcome = read_rows(bytes.as_slice(), &read_options)
        .with_context(|| format!("cannot import {}", path.display()))?;
    let base_dir = path.parent().unwrap_or_else(|| Path::new("."));
    run_rows(db, outcome, base_dir, options).await
}

/// Imports rows already read (the demo builds its catalogue this way).
pub async fn run_rows(
    db: &Db,
    outcome: ReadOutcome,
    base_dir: &Path,
    options: ImportOptions,
) -> anyhow::Result<ImportReport> {
    let started = Instant::now();
    let mut report = ImportReport {
        dry_run: options.dry_run,
        ..ImportReport::default()
    };
    let settings = shop_settings(db).await?;
    report
        .warnings
        .extend(outcome.warnings.iter().map(ToString::to_string));
    for (found, unit, what) in [
        (
            &outcome.weight_unit,
            &settings.catalogue.weight_unit,
            "weights",
        ),
        (
            &outcome.dimension_unit,
            &settings.catalogue.dimension_unit,
            "dimensions",
        ),
    ] {
        if let Some(found) = found.as_ref().filter(|f| !f.eq_ignore_ascii_case(unit)) {
            report.warnings.push(format!(
                "the file's {what} are in {found} but the shop uses {unit}; the numbers were kept as written, as WooCommerce does"
            ));
        }
    }
    let mut broken: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for error in &outcome.errors {
        let message = match &error.column {
            Some(column) => format!("column \"{column}\": {}", error.message),
            None => error.message.clone(),
        };
        broken.entry(error.line).or_default().push(message);
    }
    report.rows = outcome.rows.len() + broken.len();
    for (line, messages) in broken {
        report.record(line, Outcome::Failed(messages.join("; ")));
    }

    let keys = product_keys(db).await?;
    let has_type = outcome.columns.contains(&Column::Type) || outcome.columns.is_empty();
    let plan = plan(outcome.rows, &keys, options.update_existing, has_type);
    for row in &plan.rows {
        let variation = row.row.product_type.kind == ProductKind::Variation;
        match &row.decision {
            Decision::Skip(reason) => report.record(row.line, Outcome::Skipped(reason.clone())),
            Decision::Exists(_, reason) if variation => {
                report.record(row.line, Outcome::Skipped(reason.clone()));
            }
            Decision::Fail(reason) => report.record(row.line, Outcome::Failed(reason.clone())),
            _ => {}
        }
    }
    if options.strict && !report.failed.is_empty() {
        report.rolled_back = !options.dry_run;
        report.elapsed = started.elapsed();
        return Ok(report);
    }

    let writing = || {
        plan.rows
            .iter()
            .filter(|r| matches!(r.decision, Decision::Create(_) | Decision::Update(_)))
            .map(|r| &r.row)
    };
    let mut images = Images::default();
    for row in writing() {
        for source in &row.images {
            images.add(source, base_dir);
        }
    }
    let mut taxonomy = TaxonomyCache::new(load_taxonomy(db).await?);
    let mut extras: HashMap<i64, ProductExtras> = HashMap::new();
    for (name, json) in options_with_prefix(db, "catalogue.extras.").await? {
        let id = name.rsplit('.').next().and_then(|id| id.parse().ok());
        if let (Some(id), Ok(value)) = (id, serde_json::from_str(&json)) {
            extras.insert(id, value);
        }
    }
    let progress = progress_bar(options.progress, plan.rows.len());

    // A writer is opened only when something is written, so a re-import that changes
    // nothing leaves the catalogue (and its version) alone.
    let mut probe = taxonomy.clone();
    probe.ensure(writing(), Sink::DryRun).await?;
    let new_taxonomy = probe.created.iter().any(|n| *n > 0);
    let mut strict_writer = None;
    if options.dry_run {
        taxonomy = probe;
    } else {
        images.store(db).await?;
        images.measure_stored(db).await?;
        if new_taxonomy {
            let mut writer = CatalogueWriter::begin(db).await?;
            taxonomy.ensure(writing(), Sink::Write(&mut writer)).await?;
            if options.strict {
                strict_writer = Some(writer);
            } else {
                writer.commit().await?;
            }
        }
    }

    let context = Context {
        db,
        plan: &plan,
        present: &outcome.columns,
        extras: &extras,
        update_existing: options.update_existing,
    };
    let mut lookups = Lookups {
        taxonomy: &taxonomy,
        references: &plan.references,
        images: &images,
    };
    let mut prepared: Vec<Prepared> = Vec::with_capacity(plan.families.len());
    for family in &plan.families {
        let family_prepared = prepare(&context, family, &mut lookups).await?;
        progress.inc(u64::try_from(family_prepared.outcomes.len()).unwrap_or(0));
        prepared.push(family_prepared);
    }
    let any_failed = prepared
        .iter()
        .flat_map(|p| &p.outcomes)
        .any(|(_, o)| matches!(o, Outcome::Failed(_)));

    if options.strict && !options.dry_run {
        if any_failed {
            drop(strict_writer);
            report.rolled_back = true;
        } else if strict_writer.is_some() || prepared.iter().any(|p| p.write) {
            let mut writer = match strict_writer {
                Some(writer) => writer,
                None => CatalogueWriter::begin(db).await?,
            };
            for family in &mut prepared {
                write::write_family(&mut writer, family)
                    .await
                    .context("strict import: nothing was written")?;
            }
            writer
                .commit()
                .await
                .context("strict import: nothing was written")?;
        }
    } else if !options.dry_run {
        for batch in prepared.chunks_mut(write::BATCH) {
            write::write_batch(db, batch).await?;
        }
    }
    progress.finish_and_clear();

    for family in prepared {
        report.warnings.extend(family.warnings);
        for (i, outcome) in family.outcomes {
            // After a strict roll-back only the failures mean anything.
            if !report.rolled_back || matches!(outcome, Outcome::Failed(_)) {
                report.record(plan.rows[i].line, outcome);
            }
        }
    }
    if taxonomy.created.iter().any(|n| *n > 0) {
        let [categories, tags, attributes, terms] = taxonomy.created;
        report.notes.push(format!(
            "{} {categories} categories, {tags} tags, {attributes} attributes and {terms} attribute terms",
            if options.dry_run { "would create" } else { "created" }
        ));
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

fn progress_bar(enabled: bool, rows: usize) -> ProgressBar {
    let on_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    if !enabled || !on_terminal {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(
        Some(u64::try_from(rows).unwrap_or(u64::MAX)),
        ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} rows {per_sec} {eta}") {
        bar.set_style(style);
    }
    bar
}
