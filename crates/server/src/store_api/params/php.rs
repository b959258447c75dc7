//! Query strings read the way PHP reads them, because WooCommerce clients write them for PHP:
//! `stock_status[]=instock&stock_status[]=onbackorder`,
//! `attributes[0][attribute]=pa_color&attributes[0][slug][]=red`.

/// Pairs read at most (PHP's `max_input_vars`); the rest are ignored, as PHP does.
const MAX_PAIRS: usize = 1000;
/// Bracket levels kept; a deeper name is dropped, as PHP's `max_input_nesting_level` does.
const MAX_DEPTH: usize = 8;

/// One parsed value: text, or a PHP array (keys in insertion order; `[]` appends the next
/// integer key).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    /// `name=value`.
    Text(String),
    /// `name[key]=...` or `name[]=...`.
    Array(Vec<(String, Param)>),
}

impl Param {
    /// Whether every key is an integer, the way `wp_is_numeric_array` asks.
    pub fn is_list(entries: &[(String, Param)]) -> bool {
        entries.iter().all(|(key, _)| integer_key(key).is_some())
    }
}

/// Parses a raw (still percent-encoded) query string into its top-level entries.
pub fn parse(query: &str) -> Vec<(String, Param)> {
    let mut root = Vec::new();
    for pair in query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .take(MAX_PAIRS)
    {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let Some((base, path)) = split_name(&decode(name)) else {
            continue;
        };
        insert(&mut root, Some(base), &path, decode(value));
    }
    root
}

/// `a[b][]` → (`a`, [Some(b), None]). `None` when the name is empty or nests too deep.
fn split_name(name: &str) -> Option<(String, Vec<Option<String>>)> {
    let (base, mut rest) = match name.find('[') {
        Some(open) if name[open..].contains(']') => (&name[..open], &name[open..]),
        // An unmatched bracket is part of the name, as PHP turns it into `_`.
        _ => (name, ""),
    };
    // PHP turns spaces, dots and stray brackets in the top-level name into underscores.
    let base: String = base
        .chars()
        .map(|c| if matches!(c, ' ' | '.' | '[') { '_' } else { c })
        .collect();
    if base.is_empty() {
        return None;
    }
    let mut path = Vec::new();
    while let Some(inner) = rest.strip_prefix('[') {
        let Some(close) = inner.find(']') else { break };
        let key = &inner[..close];
        path.push((!key.is_empty()).then(|| key.to_owned()));
        rest = &inner[close + 1..];
    }
    (path.len() <= MAX_DEPTH).then_some((base, path))
}

fn integer_key(key: &str) -> Option<i64> {
    let canonical = key == "0" || (!key.starts_with('0') && !key.starts_with("-0"));
    key.parse::<i64>().ok().filter(|_| canonical)
}

fn next_index(entries: &[(String, Param)]) -> String {
    entries
        .iter()
        .filter_map(|(key, _)| integer_key(key))
        .max()
        .map_or(0, |max| max.saturating_add(1).max(0))
        .to_string()
}

fn insert(
    entries: &mut Vec<(String, Param)>,
    key: Option<String>,
    path: &[Option<String>],
    value: String,
) {
    let key = key.unwrap_or_else(|| next_index(entries));
    let position = entries.iter().position(|(k, _)| *k == key);
    let Some((next, rest)) = path.split_first() else {
        match position {
            Some(i) => entries[i].1 = Param::Text(value),
            None => entries.push((key, Param::Text(value))),
        }
        return;
    };
    let i = match position {
        Some(i) => i,
        None => {
            entries.push((key, Param::Array(Vec::new())));
            entries.len() - 1
        }
    };
    if !matches!(entries[i].1, Param::Array(_)) {
        entries[i].1 = Param::Array(Vec::new());
    }
    if let Param::Array(children) = &mut entries[i].1 {
        insert(children, next.clone(), rest, value);
    }
}

/// Percent-decoding with `+` as a space; invalid UTF-8 becomes U+FFFD.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = |at: usize| bytes.get(at).and_then(|b| char::from(*b).to_digit(16));
                match (hex(i + 1).zip(hex(i + 2))).and_then(|(h, l)| u8::try_from(h * 16 + l).ok())
                {
                    Some(byte) => {
                        out.push(byte);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Param {
        Param::Text(s.to_owned())
    }

    fn array(entries: &[(&str, Param)]) -> Param {
        Param::Array(
            entries
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect(),
        )
    }

    #[test]
    fn plain_and_repeated_names() {
        let parsed = parse("per_page=3&search=red+hat&per_page=5&empty");
        assert_eq!(
            parsed,
            vec![
                ("per_page".to_owned(), text("5")),
                ("search".to_owned(), text("red hat")),
                ("empty".to_owned(), text("")),
            ]
        );
    }

    #[test]
    fn brackets_build_arrays() {
        let parsed = parse(
            "stock_status[]=instock&stock_status[]=onbackorder\
             &attributes[0][attribute]=pa_color&attributes[0][slug][]=red&attributes[0][slug][]=blue",
        );
        assert_eq!(
            parsed[0],
            (
                "stock_status".to_owned(),
                array(&[("0", text("instock")), ("1", text("onbackorder"))])
            )
        );
        assert_eq!(
            parsed[1],
            (
                "attributes".to_owned(),
                array(&[(
                    "0",
                    array(&[
                        ("attribute", text("pa_color")),
                        ("slug", array(&[("0", text("red")), ("1", text("blue"))])),
                    ])
                )])
            )
        );
    }

    #[test]
    fn encoded_brackets_and_odd_names() {
        let parsed = parse("rating%5B%5D=4&a.b=1&c[=2&%5B%5D=x&d[x]y=3&bad=%ZZ%4");
        assert_eq!(parsed[0], ("rating".to_owned(), array(&[("0", text("4"))])));
        assert_eq!(parsed[1], ("a_b".to_owned(), text("1")));
        assert_eq!(parsed[2], ("c_".to_owned(), text("2")));
        assert_eq!(parsed[3], ("d".to_owned(), array(&[("x", text("3"))])));
        assert_eq!(parsed[4], ("bad".to_owned(), text("%ZZ%4")));
    }

    #[test]
    fn deep_names_are_dropped_and_lists_are_recognised() {
        assert!(parse("a[1][2][3][4][5][6][7][8][9]=x").is_empty());
        let parsed = parse("a[5]=x&a[]=y&b[k]=z");
        let Param::Array(a) = &parsed[0].1 else {
            panic!("array")
        };
        assert_eq!(a[1].0, "6");
        assert!(Param::is_list(a));
        let Param::Array(b) = &parsed[1].1 else {
            panic!("array")
        };
        assert!(!Param::is_list(b));
    }
}
