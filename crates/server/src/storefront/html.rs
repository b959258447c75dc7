//! Small text helpers for pages: JSON in attributes.

use serde::Serialize;

/// `value` as JSON escaped for a single-quoted HTML attribute (`data-x='…'`), ready to be
/// marked safe. An unserialisable value (which our types never are) becomes `false`.
pub fn json_for_attribute<T: Serialize + ?Sized>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "false".to_owned());
    let mut out = String::with_capacity(json.len() + json.len() / 8);
    for c in json.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '\'' => out.push_str("&#39;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_safe_in_single_quotes() {
        let text = json_for_attribute(&serde_json::json!({"a": "it's <b>&</b>"}));
        assert_eq!(text, "{\"a\":\"it&#39;s &lt;b&gt;&amp;&lt;/b&gt;\"}");
    }
}
