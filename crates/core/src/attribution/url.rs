//! The small pieces of URL handling sourcebuster's rules need: its own query splitter, host
//! and path extraction, and the one round of percent-decoding its cookies add.

/// A query parameter as sourcebuster reads it: `None` when the key had no `=`.
pub(super) type Param = Option<String>;

/// Splits a query string the way sourcebuster does (order-attribution.md §5).
///
/// Pairs split on `&`, then on `=`: the value is the text between the first and second `=`
/// (`a=b=c` gives `b`). Keys are case-sensitive. A repeated key joins its values with `,`.
/// Values stay percent-encoded.
pub(super) fn parse_query(query: &str) -> Vec<(String, Param)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut params: Vec<(String, Param)> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let mut pieces = pair.split('=');
        let key = pieces.next().unwrap_or_default().to_owned();
        let value = pieces.next().map(str::to_owned);
        match params.iter_mut().find(|(k, _)| *k == key) {
            Some((_, existing)) => {
                *existing = match (existing.take(), value) {
                    (Some(a), Some(b)) => Some(format!("{a},{b}")),
                    (a, b) => a.or(b),
                }
            }
            None => params.push((key, value)),
        }
    }
    params
}

/// The value of `key`, if the key appeared with an `=`.
pub(super) fn param<'a>(params: &'a [(String, Param)], key: &str) -> Option<&'a str> {
    params
        .iter()
        .find(|(k, _)| k == key)
        .and_then(|(_, v)| v.as_deref())
}

/// The parts of a referrer URL the rules look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Referrer<'a> {
    /// Host name, lower case, without user, port or brackets.
    pub host: String,
    /// Path, `/` when empty.
    pub path: &'a str,
    /// Query without the `?` ("" when none).
    pub query: &'a str,
}

/// Reads a referrer URL; `None` when it has no host.
pub(super) fn parse_referrer(url: &str) -> Option<Referrer<'_>> {
    let url = url.trim();
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let end = after_scheme
        .find(['/', '?', '#'])
        .unwrap_or(after_scheme.len());
    let authority = &after_scheme[..end];
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = host_port.split(':').next().unwrap_or_default();
    if host.is_empty() {
        return None;
    }
    let rest = &after_scheme[end..];
    let rest = rest.split('#').next().unwrap_or_default();
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    Some(Referrer {
        host: host.to_ascii_lowercase(),
        path: if path.is_empty() { "/" } else { path },
        query,
    })
}

/// Removes the first `www.` found anywhere in a host, as sourcebuster does.
pub(super) fn strip_www(host: &str) -> String {
    host.replacen("www.", "", 1)
}

/// Whether `host` is `domain` or one of its subdomains (`^(.*\.)?domain$`, case-insensitive).
pub(super) fn is_same_or_subdomain(host: &str, domain: &str) -> bool {
    let host = host.to_ascii_lowercase();
    let domain = domain.to_ascii_lowercase();
    host == domain || host.ends_with(&format!(".{domain}"))
}

/// Decodes `%XX` escapes once; malformed escapes stay as they are.
pub(super) fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(hi), Some(lo)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
            && let Ok(byte) = u8::try_from(hi * 16 + lo)
        {
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitter_quirks() {
        let params = parse_query("?utm_source=a=b&UTM_MEDIUM=x&utm_term=&k&tag=1&tag=2");
        assert_eq!(param(&params, "utm_source"), Some("a"));
        assert_eq!(param(&params, "utm_medium"), None);
        assert_eq!(param(&params, "UTM_MEDIUM"), Some("x"));
        assert_eq!(param(&params, "utm_term"), Some(""));
        assert_eq!(param(&params, "k"), None);
        assert_eq!(param(&params, "tag"), Some("1,2"));
    }

    #[test]
    fn referrer_parts() {
        let r = parse_referrer("https://partner.example.org:8443/deals/?x=1#top").expect("host");
        assert_eq!(r.host, "partner.example.org");
        assert_eq!(r.path, "/deals/");
        assert_eq!(r.query, "x=1");
        let r = parse_referrer("https://user@WWW.Example.com").expect("host");
        assert_eq!(
            (r.host.as_str(), r.path, r.query),
            ("www.example.com", "/", "")
        );
        assert_eq!(parse_referrer(""), None);
    }

    #[test]
    fn hosts() {
        assert_eq!(strip_www("sub.www.example.org"), "sub.example.org");
        assert!(is_same_or_subdomain("blog.myshop.com", "myshop.com"));
        assert!(!is_same_or_subdomain("myshop.com.evil.org", "myshop.com"));
        assert!(!is_same_or_subdomain("evilmyshop.com", "myshop.com"));
    }

    #[test]
    fn decoding_once() {
        assert_eq!(percent_decode("Face%20Book"), "Face Book");
        assert_eq!(percent_decode("a%2Bb"), "a+b");
        assert_eq!(percent_decode("red+shoes"), "red+shoes");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("caf%C3%A9"), "café");
    }
}
