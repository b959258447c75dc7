//! What an import did, row by row, and the summary printed at the end.

use std::fmt;
use std::time::Duration;

use crate::terminal::inert;

/// What happened to one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A new product or variation was written.
    Created,
    /// An existing one was changed.
    Updated,
    /// An existing one already matched the row: nothing was written.
    Unchanged,
    /// Left alone, and why (WooCommerce's "skipped").
    Skipped(String),
    /// Not imported, and why.
    Failed(String),
}

/// One row that was skipped or failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowNote {
    /// The line its record starts on (1 is the header).
    pub line: u64,
    /// Why.
    pub reason: String,
}

/// The result of one import.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Rows read (good and bad).
    pub rows: usize,
    /// New products and variations.
    pub created: usize,
    /// Existing ones changed.
    pub updated: usize,
    /// Existing ones the row already matched.
    pub unchanged: usize,
    /// Rows left alone.
    pub skipped: Vec<RowNote>,
    /// Rows not imported.
    pub failed: Vec<RowNote>,
    /// Notes that did not stop any row.
    pub warnings: Vec<String>,
    /// What else was done (taxonomy created).
    pub notes: Vec<String>,
    /// Nothing was written (`--dry-run`).
    pub dry_run: bool,
    /// `--strict` and something failed: nothing was written.
    pub rolled_back: bool,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl ImportReport {
    /// Records a row's outcome.
    pub fn record(&mut self, line: u64, outcome: Outcome) {
        match outcome {
            Outcome::Created => self.created += 1,
            Outcome::Updated => self.updated += 1,
            Outcome::Unchanged => self.unchanged += 1,
            Outcome::Skipped(reason) => self.skipped.push(RowNote { line, reason }),
            Outcome::Failed(reason) => self.failed.push(RowNote { line, reason }),
        }
    }

    /// Whether every row was imported, skipped on purpose or already up to date.
    pub fn is_success(&self) -> bool {
        self.failed.is_empty() && !self.rolled_back
    }

    /// Rows per second over the whole run.
    pub fn rows_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            // Row counts are far below 2^52: the conversion is exact.
            #[expect(clippy::cast_precision_loss, reason = "a rate for people to read")]
            let rows = self.rows as f64;
            rows / seconds
        } else {
            0.0
        }
    }
}

impl fmt::Display for ImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut failed = self.failed.clone();
        failed.sort_by_key(|n| n.line);
        let mut skipped = self.skipped.clone();
        skipped.sort_by_key(|n| n.line);
        // Reasons quote the file's cells: printed inert, as stored text is.
        for warning in &self.warnings {
            writeln!(f, "warning: {}", inert(warning))?;
        }
        for note in &self.notes {
            writeln!(f, "{}", inert(note))?;
        }
        for note in &skipped {
            writeln!(f, "skipped line {}: {}", note.line, inert(&note.reason))?;
        }
        for note in &failed {
            writeln!(f, "failed line {}: {}", note.line, inert(&note.reason))?;
        }
        let mode = if self.dry_run {
            " (dry run: nothing was written)"
        } else if self.rolled_back {
            " (strict: nothing was written because some rows failed)"
        } else {
            ""
        };
        write!(
            f,
            "{} rows in {:.2}s ({:.0} rows/s): {} created, {} updated, {} unchanged, {} skipped, {} failed{mode}",
            self.rows,
            self.elapsed.as_secs_f64(),
            self.rows_per_second(),
            self.created,
            self.updated,
            self.unchanged,
            self.skipped.len(),
            self.failed.len(),
        )
    }
}
