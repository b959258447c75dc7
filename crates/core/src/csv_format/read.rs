//! Reading a file: the header, then each record into a [`ProductRow`] or [`RowError`]s.

use std::borrow::Cow;
use std::fmt;
use std::io::Read;

use super::columns::{Column, HeaderKind, classify};
use super::fill::{Layout, RowBuilder, Slot};
use super::row::ProductRow;
use super::values::MAX_SCALE;

/// How to read cells whose meaning depends on the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOptions {
    /// Decimals of the store currency: prices become `price * 10^minor_unit` (2 for EUR).
    pub minor_unit: u32,
    /// The store's price decimal separator; `.` is always accepted too.
    pub decimal_separator: char,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            minor_unit: 2,
            decimal_separator: '.',
        }
    }
}

/// Everything read from one file: good rows, broken rows and notes about the header.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOutcome {
    /// Rows that parsed, with the line their record starts on.
    pub rows: Vec<(u64, ProductRow)>,
    /// One entry per bad cell or bad record; such rows are not in `rows`.
    pub errors: Vec<RowError>,
    /// Things worth telling the merchant that did not stop any row.
    pub warnings: Vec<ReadWarning>,
    /// The fixed columns the header had, in file order: absent ones must not be updated.
    pub columns: Vec<Column>,
    /// The unit in the `Weight (…)` header, e.g. `lbs`.
    pub weight_unit: Option<String>,
    /// The unit in the `Length|Width|Height (…)` headers, e.g. `in`.
    pub dimension_unit: Option<String>,
}

/// A row that could not be read, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}{}: {message}", column.as_ref().map(|c| format!(", column \"{c}\"")).unwrap_or_default())]
pub struct RowError {
    /// The line the record starts on (1 is the header).
    pub line: u64,
    /// The header of the bad cell, as written in the file; `None` for the whole record.
    pub column: Option<String>,
    /// A reason a merchant can act on.
    pub message: String,
}

/// A note about the file that did not make any row fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadWarning {
    /// A header WooCommerce would not map; its cells are ignored.
    UnknownColumn {
        /// The header as written.
        name: String,
    },
    /// A column that appears twice; the later cell wins, as in WooCommerce.
    DuplicateColumn {
        /// The header as written.
        name: String,
    },
    /// A cell that was not UTF-8; invalid bytes became U+FFFD.
    InvalidUtf8 {
        /// The line the record starts on.
        line: u64,
        /// The header of the cell.
        column: String,
    },
    /// `Length`, `Width` and `Height` name different units; the first one is reported.
    MixedDimensionUnits {
        /// The units, in header order.
        units: Vec<String>,
    },
}

impl fmt::Display for ReadWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadWarning::UnknownColumn { name } => {
                write!(
                    f,
                    "column \"{name}\" is not a product column and was ignored"
                )
            }
            ReadWarning::DuplicateColumn { name } => {
                write!(
                    f,
                    "column \"{name}\" appears more than once; the last one is used"
                )
            }
            ReadWarning::InvalidUtf8 { line, column } => write!(
                f,
                "line {line}, column \"{column}\": the text is not UTF-8; unreadable bytes were replaced"
            ),
            ReadWarning::MixedDimensionUnits { units } => write!(
                f,
                "the dimension columns use different units ({})",
                units.join(", ")
            ),
        }
    }
}

/// Why a file could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// No header and no rows.
    #[error("the file is empty: a product CSV starts with a header row such as ID,Type,SKU,Name")]
    Empty,
    /// The first record names no known column, so it is data or another kind of file.
    #[error(
        "the first line is not a product CSV header: none of its cells ({found}) is a known column such as ID, Type, SKU or Name"
    )]
    MissingHeader {
        /// The first cells of the first line.
        found: String,
    },
    /// The reader failed.
    #[error("could not read the file: {0}")]
    Io(#[from] std::io::Error),
    /// The CSV parser failed for another reason.
    #[error("could not parse the CSV: {0}")]
    Csv(String),
    /// The options make no sense (e.g. 40 currency decimals).
    #[error("invalid read options: {0}")]
    Options(String),
}

fn csv_error(error: csv::Error) -> ReadError {
    match error.into_kind() {
        csv::ErrorKind::Io(io) => ReadError::Io(io),
        other => ReadError::Csv(format!("{other:?}")),
    }
}

/// Reads a WooCommerce product CSV; a bad row becomes [`RowError`]s and does not stop the rest.
pub fn read_rows<R: Read>(reader: R, options: &ReadOptions) -> Result<ReadOutcome, ReadError> {
    if options.minor_unit > MAX_SCALE {
        return Err(ReadError::Options(format!(
            "minor_unit {} is more than {MAX_SCALE} decimals",
            options.minor_unit
        )));
    }
    // The whole file in memory lets the line of each record be found exactly (the csv crate
    // reports the line before skipping blank lines and the `\n` of a CRLF).
    let mut bytes = Vec::new();
    let mut reader = reader;
    reader.read_to_end(&mut bytes)?;
    let mut csv = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes.as_slice());
    let mut record = csv::ByteRecord::new();
    let mut lines = LineCounter::default();
    let mut outcome = ReadOutcome::default();
    loop {
        if !csv.read_byte_record(&mut record).map_err(csv_error)? {
            return Err(ReadError::Empty);
        }
        if !is_blank(&record) {
            break;
        }
    }
    let layout = read_header(&record, &mut outcome)?;
    let mut builder = RowBuilder::new(&layout);
    while csv.read_byte_record(&mut record).map_err(csv_error)? {
        if is_blank(&record) {
            continue;
        }
        let start = record.position().map_or(0, csv::Position::byte);
        let line = lines.line_at(&bytes, start);
        read_record(&record, line, &layout, &mut builder, options, &mut outcome);
    }
    Ok(outcome)
}

/// Rows whose cells are all empty (or blank) are skipped, as WooCommerce skips empty rows.
fn is_blank(record: &csv::ByteRecord) -> bool {
    record.iter().all(|cell| cell.trim_ascii().is_empty())
}

/// Turns record start offsets (increasing) into 1-based line numbers in one pass over the file.
#[derive(Debug, Default)]
struct LineCounter {
    scanned: usize,
    newlines: u64,
}

impl LineCounter {
    /// The line of the first byte at or after `start` that is not a line break.
    fn line_at(&mut self, bytes: &[u8], start: u64) -> u64 {
        let start = usize::try_from(start)
            .unwrap_or(bytes.len())
            .min(bytes.len());
        let from = self.scanned.min(start);
        let mut end = start;
        while end < bytes.len() && matches!(bytes[end], b'\r' | b'\n') {
            end += 1;
        }
        // `\n`, `\r\n` and a lone `\r` (old Mac files) each end one line.
        let breaks = (from..end)
            .filter(|&i| {
                bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
            })
            .count();
        self.newlines += u64::try_from(breaks).unwrap_or(u64::MAX);
        self.scanned = end;
        self.newlines + 1
    }
}

fn read_record(
    record: &csv::ByteRecord,
    line: u64,
    layout: &Layout,
    builder: &mut RowBuilder,
    options: &ReadOptions,
    outcome: &mut ReadOutcome,
) {
    let errors_before = outcome.errors.len();
    builder.start();
    for (index, raw) in record.iter().enumerate() {
        let Some(slot) = layout.slots.get(index) else {
            if !raw.is_empty() {
                outcome.errors.push(RowError {
                    line,
                    column: None,
                    message: format!(
                        "the row has {} cells but the header has {}; an unquoted comma?",
                        record.len(),
                        layout.slots.len()
                    ),
                });
                break;
            }
            continue;
        };
        if matches!(slot, Slot::Ignored) || raw.is_empty() {
            continue;
        }
        let text = match std::str::from_utf8(raw) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => {
                outcome.warnings.push(ReadWarning::InvalidUtf8 {
                    line,
                    column: layout.names[index].clone(),
                });
                String::from_utf8_lossy(raw)
            }
        };
        if let Err(message) = builder.apply(slot, &text, options) {
            outcome.errors.push(RowError {
                line,
                column: Some(layout.names[index].clone()),
                message,
            });
        }
    }
    match builder.finish(layout) {
        Ok(row) if outcome.errors.len() == errors_before => outcome.rows.push((line, row)),
        Ok(_) => {}
        Err(problems) => outcome
            .errors
            .extend(problems.into_iter().map(|(column, message)| RowError {
                line,
                column: Some(column),
                message,
            })),
    }
}

fn read_header(record: &csv::ByteRecord, outcome: &mut ReadOutcome) -> Result<Layout, ReadError> {
    let names: Vec<String> = record
        .iter()
        .enumerate()
        .map(|(i, raw)| {
            let text = String::from_utf8_lossy(raw);
            let text = if i == 0 {
                text.trim_start_matches('\u{feff}')
            } else {
                &text
            };
            text.trim().to_string()
        })
        .collect();
    let kinds: Vec<HeaderKind> = names.iter().map(|name| classify(name)).collect();
    if kinds.iter().all(|kind| *kind == HeaderKind::Unknown) {
        let mut found: Vec<&str> = names.iter().take(4).map(String::as_str).collect();
        if names.len() > 4 {
            found.push("…");
        }
        return Err(ReadError::MissingHeader {
            found: found.join(", "),
        });
    }
    let mut dimension_units = Vec::new();
    for (name, kind) in names.iter().zip(&kinds) {
        match kind {
            HeaderKind::Unknown => outcome
                .warnings
                .push(ReadWarning::UnknownColumn { name: name.clone() }),
            HeaderKind::Fixed(column, unit) => {
                if outcome.columns.contains(column) {
                    outcome
                        .warnings
                        .push(ReadWarning::DuplicateColumn { name: name.clone() });
                } else {
                    outcome.columns.push(*column);
                }
                match (column, unit) {
                    (Column::Weight, Some(unit)) => outcome.weight_unit = Some(unit.clone()),
                    (Column::Length | Column::Width | Column::Height, Some(unit)) => {
                        dimension_units.push(unit.clone());
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    outcome.dimension_unit = dimension_units.first().cloned();
    if dimension_units
        .iter()
        .any(|unit| Some(unit) != dimension_units.first())
    {
        outcome.warnings.push(ReadWarning::MixedDimensionUnits {
            units: dimension_units,
        });
    }
    let (layout, duplicates) = Layout::new(names, kinds);
    outcome.warnings.extend(
        duplicates
            .into_iter()
            .map(|name| ReadWarning::DuplicateColumn { name }),
    );
    Ok(layout)
}
