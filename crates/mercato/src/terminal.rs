//! Stored text on the staff's terminal. Names, addresses, notes, attribution, titles: shoppers
//! and merchants typed them, so every command that prints them goes through [`inert`] (one
//! line) or [`inert_lines`] (a multi-line field). A control character is shown as an escape
//! (`\u{1b}`), never sent: an ESC could erase lines and forge new ones, hide a hyperlink
//! (OSC 8), set the window title or write the clipboard (OSC 52). Input is cleaned too
//! (`mercato_core::attribution::sanitize`), but older rows and other writers are not.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether the terminal could obey `c` rather than show it: C0 controls, DEL, C1 controls
/// (`char::is_control`), and the bidirectional overrides and isolates, which reorder what
/// follows on the line.
fn obeyed(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        other => {
            let _ = write!(out, "{}", other.escape_unicode());
        }
    }
}

/// One line of stored text made safe to print: every control character (line breaks and tabs
/// too) and bidirectional control shown as an escape (`\n`, `\u{1b}`, `\u{202e}`).
pub fn inert(text: &str) -> Cow<'_, str> {
    if !text.chars().any(obeyed) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if obeyed(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A multi-line field made safe to print: line breaks and tabs kept, every other control
/// escaped as in [`inert`], and each line after the first begun with `continuation`, so that
/// no line of the field can pass for a field of its own (`Status:   completed`).
pub fn inert_lines(text: &str, continuation: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(continuation);
        }
        for c in line.chars() {
            if c != '\t' && obeyed(c) {
                push_escaped(&mut out, c);
            } else {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{inert, inert_lines};

    #[test]
    fn escapes_what_a_terminal_would_obey() {
        assert_eq!(inert("Ann\u{1b}[31m"), "Ann\\u{1b}[31m");
        assert_eq!(
            inert("news\u{1b}]8;;https://evil.example/\u{7}click"),
            "news\\u{1b}]8;;https://evil.example/\\u{7}click"
        );
        assert_eq!(inert("a\u{0}b\u{7f}c\u{9b}d"), "a\\u{0}b\\u{7f}c\\u{9b}d");
        assert_eq!(inert("x\u{202e}gpj.exe"), "x\\u{202e}gpj.exe");
        assert_eq!(inert("one\ntwo\tthree\r"), "one\\ntwo\\tthree\\r");
    }

    #[test]
    fn ordinary_text_is_printed_as_stored() {
        for text in ["Grace Hopper", "Zoë Ångström", "東京都", "100% <b>", ""] {
            assert_eq!(inert(text), text);
            assert_eq!(inert_lines(text, "  | "), text);
        }
    }

    #[test]
    fn continuation_lines_cannot_pass_for_fields() {
        assert_eq!(
            inert_lines("leave at door\nStatus:   completed\t!", "  | "),
            "leave at door\n  | Status:   completed\t!"
        );
        assert_eq!(
            inert_lines("a\u{1b}[1A\r\nb", "  | "),
            "a\\u{1b}[1A\\r\n  | b"
        );
    }
}
