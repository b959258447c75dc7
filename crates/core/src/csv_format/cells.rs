//! Cell-level syntax shared by the reader and the writer: lists with `\,`, the `'` guard,
//! description `\n` escapes, yes/no words and the small enums.

use std::borrow::Cow;

use super::row::{Backorders, CatalogVisibility, Published, Reference, StockStatus, TaxStatus};
use super::values::parse_int;

/// Removes the `'` WooCommerce puts before a value starting with `= + - @` (spreadsheet guard).
pub(crate) fn unguard(cell: &str) -> &str {
    if needs_guard(cell.strip_prefix('\'').unwrap_or("")) {
        &cell[1..]
    } else {
        cell
    }
}

/// Adds the spreadsheet guard where [`unguard`] will take it off again.
pub(crate) fn guard(cell: &str) -> Cow<'_, str> {
    if needs_guard(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// True for values matching `'*[=+-@]…`: the ones that get (or keep) a leading `'`.
fn needs_guard(value: &str) -> bool {
    matches!(
        value.trim_start_matches('\'').as_bytes().first(),
        Some(b'=' | b'+' | b'-' | b'@')
    )
}

/// Splits a list cell on `sep`, honouring `\,`, trimming items and dropping empty ones.
pub(crate) fn split_list(cell: &str, sep: char) -> Vec<String> {
    if !cell.contains("\\,") {
        return cell
            .split(sep)
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(str::to_string)
            .collect();
    }
    let mut items = Vec::new();
    let mut current = String::new();
    let mut chars = cell.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&',') {
            chars.next();
            current.push(',');
        } else if c == sep {
            push_trimmed(&mut items, &current);
            current.clear();
        } else {
            current.push(c);
        }
    }
    push_trimmed(&mut items, &current);
    items
}

fn push_trimmed(items: &mut Vec<String>, item: &str) {
    let item = item.trim();
    if !item.is_empty() {
        items.push(item.to_string());
    }
}

/// Joins items with `, `, escaping commas as `\,` so that [`split_list`] gives them back.
pub(crate) fn join_list<S: AsRef<str>>(items: &[S]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let item = item.as_ref();
        out.push_str(&item.replace(',', "\\,"));
        // A trailing backslash would swallow the next separator; the space is trimmed on read.
        if item.ends_with('\\') && i + 1 < items.len() {
            out.push(' ');
        }
    }
    out
}

/// Splits a categories/brands cell into `>` paths.
pub(crate) fn split_paths(cell: &str) -> Result<Vec<Vec<String>>, String> {
    split_list(cell, ',')
        .into_iter()
        .map(|item| {
            let path: Vec<String> = item.split('>').map(|s| s.trim().to_string()).collect();
            if path.iter().any(String::is_empty) {
                return Err(format!("\"{item}\" has an empty name in its > path"));
            }
            Ok(path)
        })
        .collect()
}

/// Joins paths as `Parent > Child, Other`.
pub(crate) fn join_paths(paths: &[Vec<String>]) -> String {
    let joined: Vec<String> = paths.iter().map(|path| path.join(" > ")).collect();
    join_list(&joined)
}

/// Turns WooCommerce's description escapes into text: `\n` is a newline, `\\n` a literal `\n`.
pub(crate) fn decode_description(cell: &str) -> Cow<'_, str> {
    if !cell.contains("\\n") {
        return Cow::Borrowed(cell);
    }
    let mut out = String::with_capacity(cell.len());
    let mut rest = cell;
    while let Some(pos) = rest.find('\\') {
        out.push_str(&rest[..pos]);
        let tail = &rest[pos..];
        if let Some(after) = tail.strip_prefix("\\\\n") {
            out.push_str("\\n");
            rest = after;
        } else if let Some(after) = tail.strip_prefix("\\n") {
            out.push('\n');
            rest = after;
        } else {
            out.push('\\');
            rest = &tail[1..];
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The inverse of [`decode_description`], writing newlines as `\n` as WooCommerce exports them.
pub(crate) fn encode_description(text: &str) -> Cow<'_, str> {
    if !text.contains('\n') && !text.contains("\\n") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut previous = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            // A backslash run before `n` gets one more backslash, so it is not read as a newline.
            '\\' if chars.peek() == Some(&'n') => out.push_str("\\\\"),
            // After a backslash an escaped newline would be ambiguous: keep the real one.
            '\n' if previous == Some('\\') => out.push('\n'),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
        previous = Some(c);
    }
    Cow::Owned(out)
}

/// Yes/no columns: `1`/`0`, also `yes`/`no`, `true`/`false`, `on`/`off`.
pub(crate) fn parse_bool(cell: &str) -> Result<bool, String> {
    match_word(
        cell,
        &[("1", true), ("yes", true), ("true", true), ("on", true)],
    )
    .or_else(|| {
        match_word(
            cell,
            &[
                ("0", false),
                ("no", false),
                ("false", false),
                ("off", false),
            ],
        )
    })
    .ok_or_else(|| format!("expected 1 or 0 (or yes/no, true/false), got \"{cell}\""))
}

/// Writes a yes/no value the way WooCommerce exports it.
pub(crate) fn format_bool(value: bool) -> &'static str {
    if value { "1" } else { "0" }
}

fn match_word<T: Copy>(cell: &str, words: &[(&str, T)]) -> Option<T> {
    words
        .iter()
        .find(|(word, _)| cell.eq_ignore_ascii_case(word))
        .map(|&(_, value)| value)
}

/// `1` publish, `0` private, `-1` draft, `true`/`false`; any other number is a draft.
pub(crate) fn parse_published(cell: &str) -> Result<Published, String> {
    if let Some(status) = match_word(
        cell,
        &[("true", Published::Publish), ("false", Published::Draft)],
    ) {
        return Ok(status);
    }
    match parse_int(cell) {
        Ok(1) => Ok(Published::Publish),
        Ok(0) => Ok(Published::Private),
        Ok(_) => Ok(Published::Draft),
        Err(_) => Err(format!(
            "expected 1 (published), 0 (private) or -1 (draft), got \"{cell}\""
        )),
    }
}

/// The `Published` code WooCommerce exports.
pub(crate) fn format_published(value: Published) -> &'static str {
    match value {
        Published::Publish => "1",
        Published::Private => "0",
        Published::Draft => "-1",
    }
}

const VISIBILITY: [(&str, CatalogVisibility); 4] = [
    ("visible", CatalogVisibility::Visible),
    ("catalog", CatalogVisibility::Catalog),
    ("search", CatalogVisibility::Search),
    ("hidden", CatalogVisibility::Hidden),
];

/// `visible`, `catalog`, `search` or `hidden`.
pub(crate) fn parse_visibility(cell: &str) -> Result<CatalogVisibility, String> {
    match_word(cell, &VISIBILITY)
        .ok_or_else(|| format!("expected visible, catalog, search or hidden, got \"{cell}\""))
}

/// The slug WooCommerce exports for a catalog visibility.
pub(crate) fn format_visibility(value: CatalogVisibility) -> &'static str {
    VISIBILITY
        .iter()
        .find(|(_, v)| *v == value)
        .map_or("visible", |(word, _)| word)
}

/// `taxable`, `shipping` or `none`; `true`/`false` mean taxable/none.
pub(crate) fn parse_tax_status(cell: &str) -> Result<TaxStatus, String> {
    let words = [
        ("taxable", TaxStatus::Taxable),
        ("shipping", TaxStatus::Shipping),
        ("none", TaxStatus::None),
        ("true", TaxStatus::Taxable),
        ("false", TaxStatus::None),
    ];
    match_word(cell, &words)
        .ok_or_else(|| format!("expected taxable, shipping or none, got \"{cell}\""))
}

/// The slug WooCommerce exports for a tax status.
pub(crate) fn format_tax_status(value: TaxStatus) -> &'static str {
    match value {
        TaxStatus::Taxable => "taxable",
        TaxStatus::Shipping => "shipping",
        TaxStatus::None => "none",
    }
}

/// `1`/`0`/`backorder`, plus the status slugs and yes/no words.
pub(crate) fn parse_stock_status(cell: &str) -> Result<StockStatus, String> {
    let words = [
        ("backorder", StockStatus::OnBackorder),
        ("onbackorder", StockStatus::OnBackorder),
        ("on backorder", StockStatus::OnBackorder),
        ("instock", StockStatus::InStock),
        ("in stock", StockStatus::InStock),
        ("outofstock", StockStatus::OutOfStock),
        ("out of stock", StockStatus::OutOfStock),
    ];
    if let Some(status) = match_word(cell, &words) {
        return Ok(status);
    }
    match parse_bool(cell) {
        Ok(true) => Ok(StockStatus::InStock),
        Ok(false) => Ok(StockStatus::OutOfStock),
        Err(_) => Err(format!(
            "expected 1 (in stock), 0 (out of stock) or backorder, got \"{cell}\""
        )),
    }
}

/// The `In stock?` value WooCommerce exports.
pub(crate) fn format_stock_status(value: StockStatus) -> &'static str {
    match value {
        StockStatus::InStock => "1",
        StockStatus::OutOfStock => "0",
        StockStatus::OnBackorder => "backorder",
    }
}

/// `notify`, or a yes/no word.
pub(crate) fn parse_backorders(cell: &str) -> Result<Backorders, String> {
    if cell.eq_ignore_ascii_case("notify") {
        return Ok(Backorders::Notify);
    }
    match parse_bool(cell) {
        Ok(true) => Ok(Backorders::Yes),
        Ok(false) => Ok(Backorders::No),
        Err(_) => Err(format!("expected 1, 0 or notify, got \"{cell}\"")),
    }
}

/// The `Backorders allowed?` value WooCommerce exports.
pub(crate) fn format_backorders(value: Backorders) -> &'static str {
    match value {
        Backorders::No => "0",
        Backorders::Yes => "1",
        Backorders::Notify => "notify",
    }
}

/// `id:NN` (any case of `id:`) or a SKU; `id:` followed by anything but a positive number fails.
pub(crate) fn parse_reference(item: &str) -> Result<Reference, String> {
    let is_id = item
        .get(..3)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("id:"));
    if !is_id {
        return Ok(Reference::Sku(item.to_string()));
    }
    let digits = item[3..].trim();
    match digits.parse::<i64>() {
        Ok(id) if id > 0 && digits.bytes().all(|b| b.is_ascii_digit()) => Ok(Reference::Id(id)),
        _ => Err(format!(
            "\"{item}\" is not a valid product reference (expected id: followed by a product ID, or a SKU)"
        )),
    }
}

/// `id:NN` or the SKU.
pub(crate) fn format_reference(reference: &Reference) -> Cow<'_, str> {
    match reference {
        Reference::Id(id) => Cow::Owned(format!("id:{id}")),
        Reference::Sku(sku) => Cow::Borrowed(sku),
    }
}
