//! The storefront's URLs (WooCommerce's permalink scheme) and query strings.

/// `/product/{slug}/`.
pub fn product(slug: &str) -> String {
    format!("/product/{}/", encode_path_segment(slug))
}

/// `/product-category/{path}/` for a slug path such as `clothing/hoodies`.
pub fn category(slug_path: &str) -> String {
    let path: Vec<String> = slug_path
        .split('/')
        .filter(|s| !s.is_empty())
        .map(encode_path_segment)
        .collect();
    format!("/product-category/{}/", path.join("/"))
}

/// `/product-tag/{slug}/`.
pub fn tag(slug: &str) -> String {
    format!("/product-tag/{}/", encode_path_segment(slug))
}

/// Page `n` of a listing whose first page is `base` (`/shop/` → `/shop/page/2/`).
pub fn paged(base: &str, n: u32) -> String {
    if n <= 1 {
        base.to_owned()
    } else {
        format!("{base}page/{n}/")
    }
}

/// `path` with `pairs` as its query string (nothing when there are none).
pub fn with_query(path: &str, pairs: &[(String, String)]) -> String {
    if pairs.is_empty() {
        return path.to_owned();
    }
    let mut out = String::with_capacity(path.len() + 32);
    out.push_str(path);
    out.push('?');
    out.push_str(&query_string(pairs));
    out
}

/// `a=1&b=x+y` from pairs, encoded as an HTML form would.
pub fn query_string(pairs: &[(String, String)]) -> String {
    let mut out = String::new();
    for (i, (key, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        encode_component(key, &mut out);
        out.push('=');
        encode_component(value, &mut out);
    }
    out
}

/// Form encoding, leaving `,` readable (filter lists such as `filter_color=blue,red`).
fn encode_component(text: &str, out: &mut String) {
    for byte in text.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' | b',' => {
                out.push(char::from(byte));
            }
            b' ' => out.push('+'),
            _ => push_percent(byte, out),
        }
    }
}

/// A slug for a path segment: unreserved characters kept, the rest percent-encoded.
fn encode_path_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(byte))
            }
            _ => push_percent(byte, &mut out),
        }
    }
    out
}

fn push_percent(byte: u8, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(byte >> 4)]));
    out.push(char::from(HEX[usize::from(byte & 0x0f)]));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permalinks() {
        assert_eq!(product("hoodie"), "/product/hoodie/");
        assert_eq!(
            category("clothing/hoodies"),
            "/product-category/clothing/hoodies/"
        );
        assert_eq!(tag("sale"), "/product-tag/sale/");
        assert_eq!(paged("/shop/", 1), "/shop/");
        assert_eq!(paged("/shop/", 3), "/shop/page/3/");
        assert_eq!(product("a b/c"), "/product/a%20b%2Fc/");
    }

    #[test]
    fn query_strings_are_encoded() {
        let pairs = vec![
            ("filter_color".to_owned(), "blue,red".to_owned()),
            ("s".to_owned(), "tee & <cap>".to_owned()),
        ];
        assert_eq!(
            with_query("/shop/", &pairs),
            "/shop/?filter_color=blue,red&s=tee+%26+%3Ccap%3E"
        );
        assert_eq!(with_query("/shop/", &[]), "/shop/");
    }
}
