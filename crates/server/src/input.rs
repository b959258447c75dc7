//! Request text as it enters, before any handler or query sees it (security review F6).
//!
//! PostgreSQL refuses a NUL character in text, and no field of ours ever holds one, so NUL is
//! stopped at the edge, once per kind of input:
//!
//! - the URL (path and query, every surface): a request whose URL decodes to a NUL is refused
//!   before routing reaches a handler: `pages::refuse_nul_in_pages` answers pages with a 404
//!   (a path) or a 400 page (a query); the Store API answers in its own format
//!   (`store_api::routes`);
//! - the Store API's body (JSON or form): `store_api::cart::body::Body` refuses it as
//!   `rest_invalid_param` naming the parameter;
//! - classic form bodies (cart, checkout, review form, AJAX): [`FormFields`] drops NUL
//!   characters, as browsers never send one and PHP's sanitisers strip them.

use std::convert::Infallible;

use axum::body::Body;
use axum::extract::{Form, FromRequest, Query, Request};
use axum::http::Uri;

/// How a URL carries a NUL character: only percent-encoded, as `%00` (a raw byte cannot be in a
/// request line, and an overlong encoding is invalid UTF-8, read as U+FFFD).
const NUL_ESCAPE: &str = "%00";

/// Query fields read at most (the rest is ignored).
const MAX_QUERY_FIELDS: usize = 64;

/// Where a URL carries a NUL character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NulInUri {
    /// In the path.
    Path,
    /// In the query string, in the parameter with this (top-level) name.
    Query(String),
}

/// Whether (and where) `uri` decodes to a NUL character.
pub fn nul_in_uri(uri: &Uri) -> Option<NulInUri> {
    if uri.path().contains(NUL_ESCAPE) {
        return Some(NulInUri::Path);
    }
    let query = uri.query()?;
    let pair = query.split('&').find(|pair| pair.contains(NUL_ESCAPE))?;
    let name = pair.split('=').next().unwrap_or("");
    let base = name.split('[').next().unwrap_or(name);
    let param = if base.is_empty() { name } else { base };
    Some(NulInUri::Query(param.to_owned()))
}

/// Bytes a classic form's body may hold: ten times the largest form we serve (the checkout's,
/// with every field at its limit). A larger body reads as no fields at all.
pub const MAX_FORM_BYTES: usize = 256 * 1024;

/// Fields a classic form's body is read for, unless its handler names fewer (the rest are
/// ignored).
pub const MAX_FORM_FIELDS: usize = 256;

/// A classic form's fields (`application/x-www-form-urlencoded`), in order, with NUL
/// characters dropped from names and values, at most `MAX` of them from a body of at most
/// [`MAX_FORM_BYTES`]. Every form a page posts is read with it: `FormFields(fields):
/// FormFields<16>` in the handler's signature is the whole prologue.
///
/// It never refuses: a body that is not a form, is malformed or too large reads as no fields,
/// and the handler refuses what is missing as for an empty form (an expired link, a required
/// field), which is what a browser's user can act on.
#[derive(Debug, Clone, Default)]
pub struct FormFields<const MAX: usize = MAX_FORM_FIELDS>(pub Vec<(String, String)>);

impl<S: Send + Sync, const MAX: usize> FromRequest<S> for FormFields<MAX> {
    type Rejection = Infallible;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = request.into_parts();
        let Ok(bytes) = axum::body::to_bytes(body, MAX_FORM_BYTES).await else {
            return Ok(FormFields(Vec::new()));
        };
        let request = Request::from_parts(parts, Body::from(bytes));
        let pairs = match Form::<Vec<(String, String)>>::from_request(request, state).await {
            Ok(Form(pairs)) => pairs,
            Err(_) => Vec::new(),
        };
        Ok(FormFields(
            pairs.into_iter().take(MAX).map(without_nul_pair).collect(),
        ))
    }
}

fn without_nul_pair((name, value): (String, String)) -> (String, String) {
    (without_nul(name), without_nul(value))
}

/// `text` with its NUL characters dropped.
pub fn without_nul(text: String) -> String {
    if text.contains('\0') {
        text.replace('\0', "")
    } else {
        text
    }
}

/// The first value of the field `name` among `pairs` (a form's or a query's), as sent.
pub fn form_value<'a>(pairs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// The query string's fields, in order; a malformed query reads as empty.
pub fn query_pairs(uri: &Uri) -> Vec<(String, String)> {
    let mut pairs = Query::<Vec<(String, String)>>::try_from_uri(uri)
        .map(|q| q.0)
        .unwrap_or_default();
    pairs.truncate(MAX_QUERY_FIELDS);
    pairs
}

/// Percent-encodes a query component (everything but `A-Z a-z 0-9 - _ . ~`).
pub fn encode_query_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(uri: &str) -> Option<NulInUri> {
        nul_in_uri(&uri.parse().expect("uri"))
    }

    #[test]
    fn nul_is_found_where_it_is() {
        assert_eq!(found("/product/a%00b/"), Some(NulInUri::Path));
        assert_eq!(
            found("/products?per_page=2&slug=a%00b"),
            Some(NulInUri::Query("slug".into()))
        );
        assert_eq!(
            found("/products?attributes[0][slug]=%00"),
            Some(NulInUri::Query("attributes".into()))
        );
        assert_eq!(found("/x?a%00b=1"), Some(NulInUri::Query("a%00b".into())));
        assert_eq!(found("/product/a%2500/?s=%2500"), None);
        assert_eq!(found("/shop/?s=hat"), None);
    }

    #[test]
    fn forms_lose_nul_characters() {
        assert_eq!(
            without_nul_pair(("a\0".into(), "b\0c".into())),
            ("a".into(), "bc".into())
        );
    }
}
