//! WordPress's `sanitize_text_field`, which WooCommerce runs on every attribution value (and on
//! most single-line checkout input).

/// Cleans a single line of user text the way WordPress's `sanitize_text_field` does.
///
/// - tags are stripped (`<b>x</b>` → `x`); a `<` that does not open a tag becomes `&lt;`;
/// - line breaks, tabs and runs of spaces become one space, and the ends are trimmed;
/// - percent-encoded octets (`%20`, `%2F`) are removed, as WordPress does;
/// - other control characters (C0, DEL, C1: ESC, BEL, NUL, ...) are dropped. WordPress keeps
///   them; we do not, so that no stored name, address or attribution value can drive the
///   terminal of the staff who read it (`mercato orders show`), nor a log viewer.
///
/// Invalid UTF-8 cannot reach a `&str`, so WordPress's first step has nothing to do here.
pub fn sanitize_text_field(text: &str) -> String {
    let text = &drop_controls(text, |c| matches!(c, '\r' | '\n' | '\t'));
    let stripped = if text.contains('<') {
        strip_tags(text, true)
    } else {
        text.to_owned()
    };
    let collapsed = collapse(&stripped, |c| matches!(c, '\r' | '\n' | '\t' | ' '));
    let (without_octets, found) = remove_octets(collapsed.trim());
    if found {
        collapse(&without_octets, |c| c == ' ').trim().to_owned()
    } else {
        without_octets
    }
}

/// Cleans multi-line user text (the order note): line breaks (CRLF and a lone CR become `\n`)
/// and tabs stay, every other control character goes as in [`sanitize_text_field`], and the
/// ends are trimmed. Markup and `%XX` stay as typed: the note is text, escaped wherever shown.
pub fn clean_multiline_text(text: &str) -> String {
    let unified = if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text.to_owned()
    };
    let kept = drop_controls(&unified, |c| matches!(c, '\n' | '\t'));
    kept.trim().to_owned()
}

/// Control characters a terminal or a log viewer would obey rather than show: C0 (U+0000 to
/// U+001F), DEL and C1 (U+0080 to U+009F): `char::is_control`.
fn drop_controls(text: &str, keep: impl Fn(char) -> bool) -> String {
    if !text.chars().any(|c| c.is_control() && !keep(c)) {
        return text.to_owned();
    }
    text.chars()
        .filter(|&c| !c.is_control() || keep(c))
        .collect()
}

/// Plain text without markup, for a name shown on its own (a review's author): tags dropped,
/// script and style elements with their content, line breaks, tabs and runs of spaces made one
/// space, the ends trimmed. Unlike [`sanitize_text_field`] nothing is escaped: the result is
/// text, and whoever shows it escapes it once.
pub fn strip_all_tags(text: &str) -> String {
    let stripped = if text.contains('<') {
        strip_tags(text, false)
    } else {
        text.to_owned()
    };
    collapse(&stripped, char::is_whitespace).trim().to_owned()
}

/// Drops tags; with `escape_stray`, a `<` that does not start one is escaped
/// (`wp_pre_kses_less_than` followed by `wp_strip_all_tags`), else kept as typed. Script and
/// style elements go with their content.
fn strip_tags(text: &str, escape_stray: bool) -> String {
    let without_scripts = drop_elements(text, &["script", "style"]);
    let mut out = String::with_capacity(without_scripts.len());
    let mut rest = without_scripts.as_str();
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let chunk = &rest[start..];
        // The chunk runs to the next '>' (inclusive) or up to the next '<' or the end.
        let end = chunk[1..].find(['<', '>']).map_or(chunk.len(), |i| {
            if chunk.as_bytes()[i + 1] == b'>' {
                i + 2
            } else {
                i + 1
            }
        });
        let piece = &chunk[..end];
        if !opens_tag(piece) {
            if escape_stray {
                out.push_str(&escape(piece));
            } else {
                out.push_str(piece);
            }
        } else if piece[1..].starts_with(char::is_whitespace) {
            // PHP's strip_tags does not treat "< " as a tag, so it stays as typed.
            out.push_str(piece);
        }
        rest = &chunk[end..];
    }
    out.push_str(rest);
    out
}

/// Whether a `<…` chunk looks like a tag: `<`, optional space, optional `/`, then a letter or digit.
fn opens_tag(piece: &str) -> bool {
    let after = piece[1..].trim_start();
    let after = after.strip_prefix('/').map_or(after, str::trim_start);
    after.starts_with(|c: char| c.is_ascii_alphanumeric())
}

/// HTML-escapes `<`, `>`, `&` and quotes, leaving existing entities alone as `esc_html` does.
fn escape(piece: &str) -> String {
    let mut out = String::with_capacity(piece.len() + 8);
    for (i, c) in piece.char_indices() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#039;"),
            '&' if !starts_entity(&piece[i..]) => out.push_str("&amp;"),
            other => out.push(other),
        }
    }
    out
}

fn starts_entity(text: &str) -> bool {
    let Some(end) = text.find(';') else {
        return false;
    };
    let body = &text[1..end];
    !body.is_empty()
        && end <= 10
        && (body.chars().all(|c| c.is_ascii_alphanumeric())
            || body
                .strip_prefix('#')
                .is_some_and(|n| n.chars().all(|c| c.is_ascii_alphanumeric())))
}

/// Removes `<name ...>...</name>` for the given element names, case-insensitively.
fn drop_elements(text: &str, names: &[&str]) -> String {
    let mut out = text.to_owned();
    for name in names {
        loop {
            let lower = out.to_ascii_lowercase();
            let Some(start) = lower.find(&format!("<{name}")) else {
                break;
            };
            let close = format!("</{name}>");
            let Some(end) = lower[start..].find(&close) else {
                break;
            };
            out.replace_range(start..start + end + close.len(), "");
        }
    }
    out
}

/// Replaces each run of characters matching `is_space` with one space.
fn collapse(text: &str, is_space: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_run = false;
    for c in text.chars() {
        if is_space(c) {
            if !in_run {
                out.push(' ');
            }
            in_run = true;
        } else {
            out.push(c);
            in_run = false;
        }
    }
    out
}

/// Removes every `%XX` octet, again until none is left (`%%4141` goes entirely); says whether
/// any was found.
fn remove_octets(text: &str) -> (String, bool) {
    let mut current = text.to_owned();
    let mut found = false;
    while let Some(at) = find_octet(&current) {
        current.replace_range(at..at + 3, "");
        found = true;
    }
    (current, found)
}

fn find_octet(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(2)).find(|&i| {
        bytes[i] == b'%' && bytes[i + 1].is_ascii_hexdigit() && bytes[i + 2].is_ascii_hexdigit()
    })
}

#[cfg(test)]
mod tests {
    use super::sanitize_text_field as clean;

    #[test]
    fn collapses_space_and_trims() {
        assert_eq!(clean("  a\tb\r\n  c  "), "a b c");
        assert_eq!(clean("(none)"), "(none)");
        assert_eq!(clean(""), "");
    }

    #[test]
    fn strips_tags_and_escapes_stray_less_than() {
        assert_eq!(clean("<b>bold</b> text"), "bold text");
        assert_eq!(clean("a <script>alert(1)</script>b"), "a b");
        assert_eq!(clean("1 < 2"), "1 < 2");
        assert_eq!(clean("a <= b"), "a &lt;= b");
        assert_eq!(clean("x <3 y"), "x");
        assert_eq!(clean("<a href='x'>link"), "link");
    }

    #[test]
    fn removes_percent_octets() {
        assert_eq!(
            clean("https://shop.example/?q=red%20shoes"),
            "https://shop.example/?q=redshoes"
        );
        assert_eq!(clean("a %41 b"), "a b");
        assert_eq!(clean("100% cotton"), "100% cotton");
        assert_eq!(clean("%2%41"), "%2");
        assert_eq!(clean("%%4141"), "");
    }

    #[test]
    fn plain_names_lose_their_tags_only() {
        use super::strip_all_tags;
        assert_eq!(
            strip_all_tags("Eve\"><img src=x onerror=alert(2)><script>alert(1)</script>"),
            "Eve\">"
        );
        assert_eq!(strip_all_tags("<b>Lin</b>\n  Wu"), "Lin Wu");
        assert_eq!(strip_all_tags("a <= b & c"), "a <= b & c");
        assert_eq!(strip_all_tags("100% cotton"), "100% cotton");
    }

    #[test]
    fn drops_control_characters_a_terminal_would_obey() {
        // ESC (CSI, OSC 8 hyperlinks, window titles), BEL, BS, NUL, DEL and C1 (CSI as U+009B)
        // go; tabs and line breaks become a space as before.
        assert_eq!(clean("Ann\u{1b}[31m"), "Ann[31m");
        assert_eq!(
            clean("news\u{1b}]8;;https://evil.example/\u{7}click\u{1b}]8;;\u{7}"),
            "news]8;;https://evil.example/click]8;;"
        );
        assert_eq!(clean("a\u{0}b\u{8}c\u{7f}d\u{9b}2Je\u{85}f"), "abcd2Jef");
        assert_eq!(clean("Ann\tLee\r\nSmith"), "Ann Lee Smith");
        assert_eq!(clean("\u{1b}\u{1b}"), "");
    }

    #[test]
    fn multi_line_text_keeps_its_lines_and_loses_other_controls() {
        use super::clean_multiline_text as note;
        assert_eq!(
            note("note \u{1b}[2K\u{1b}[1AStatus:   completed"),
            "note [2K[1AStatus:   completed"
        );
        // Browsers post a textarea's line breaks as CRLF; a lone CR is a line break too.
        assert_eq!(
            note("  first\r\nsecond\rthird\n\tfourth  "),
            "first\nsecond\nthird\n\tfourth"
        );
        assert_eq!(note("a\u{0}b\u{7f}c\u{9d}d\u{7}"), "abcd");
        // Unlike the single-line cleaner, markup and octets stay as typed (escaped when shown).
        assert_eq!(note("<b>fragile</b> 100%20"), "<b>fragile</b> 100%20");
    }

    #[test]
    fn keeps_ordinary_values() {
        let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
        assert_eq!(clean(ua), ua);
        assert_eq!(clean("2025-07-20 10:00:00"), "2025-07-20 10:00:00");
        assert_eq!(clean("Fish & Chips"), "Fish & Chips");
    }
}
