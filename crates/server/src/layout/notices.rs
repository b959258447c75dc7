//! Flash notices of the classic pages: kept in the session by the request that made them
//! (an add to cart, a cart form), shown once by the next page the base layout renders.
//!
//! Notice text is HTML (WooCommerce's messages carry entities and a "View cart" link); it is
//! sanitised when shown, to SPEC §5.8's allowlist: the tags `a b em i strong p br` and the
//! attributes `target href rel name download`. Everything else is escaped.

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_db::DbResult;
use mercato_db::sessions;
use serde::{Deserialize, Serialize};

use super::PageError;
use crate::state::AppState;

/// The session field holding notices not yet shown.
pub const NOTICES_FIELD: &str = "notices";

/// Notices kept at most (a shopper who never looks at a page does not grow the session).
const MAX_KEPT: usize = 20;

/// A notice waiting to be shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// `success`, `error` or `info`.
    pub kind: String,
    /// HTML, sanitised when shown.
    pub html: String,
}

impl Notice {
    /// A success notice.
    pub fn success(html: impl Into<String>) -> Self {
        Self::of("success", html)
    }

    /// An error notice.
    pub fn error(html: impl Into<String>) -> Self {
        Self::of("error", html)
    }

    /// An informational notice.
    pub fn info(html: impl Into<String>) -> Self {
        Self::of("info", html)
    }

    fn of(kind: &str, html: impl Into<String>) -> Self {
        Notice {
            kind: kind.to_owned(),
            html: html.into(),
        }
    }

    /// The notice as the layout shows it: a known kind, sanitised HTML.
    pub fn shown(&self) -> Notice {
        let kind = match self.kind.as_str() {
            "success" | "error" => self.kind.as_str(),
            _ => "info",
        };
        Notice::of(kind, sanitize(&self.html))
    }
}

/// Adds `notices` to the request's session (made when there is none); returns the jar to send.
pub async fn flash(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    notices: Vec<Notice>,
) -> DbResult<CookieJar> {
    if notices.is_empty() {
        return Ok(jar);
    }
    let (mut session, jar) = crate::session::start(state, jar, headers).await?;
    let mut kept = pending(&session.data);
    kept.extend(notices);
    let skip = kept.len().saturating_sub(MAX_KEPT);
    let kept: Vec<Notice> = kept.into_iter().skip(skip).collect();
    set_field(
        &mut session.data,
        serde_json::to_value(kept).unwrap_or_default(),
    );
    sessions::save(&state.db, &session, state.config.session_ttl_secs).await?;
    Ok(jar)
}

/// A classic form's answer: `303` to `to` with `notices` kept for the page it lands on (the
/// form again with its refusal, or where a success goes). The one way a form answers with a
/// notice; failing to keep them is our failure ([`PageError`]).
pub async fn redirect_with(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    to: &str,
    notices: Vec<Notice>,
) -> Result<Response, PageError> {
    let jar = flash(state, jar, headers, notices).await?;
    Ok((jar, crate::forms::redirect_see_other(to)).into_response())
}

/// The notices a session holds.
pub fn pending(data: &serde_json::Value) -> Vec<Notice> {
    data.get(NOTICES_FIELD)
        .cloned()
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

/// Removes `shown` from the session's notices (re-read, so notices added meanwhile stay).
pub async fn forget(state: &AppState, session_id: &str, shown: &[Notice]) -> DbResult<()> {
    let Some(mut session) = sessions::load(&state.db, session_id).await? else {
        return Ok(());
    };
    let mut left = pending(&session.data);
    for notice in shown {
        if let Some(i) = left.iter().position(|n| n == notice) {
            left.remove(i);
        }
    }
    set_field(
        &mut session.data,
        serde_json::to_value(left).unwrap_or_default(),
    );
    sessions::save(&state.db, &session, state.config.session_ttl_secs).await
}

fn set_field(data: &mut serde_json::Value, value: serde_json::Value) {
    let empty = value.as_array().is_some_and(Vec::is_empty);
    if let Some(map) = data.as_object_mut() {
        if empty {
            map.remove(NOTICES_FIELD);
        } else {
            map.insert(NOTICES_FIELD.to_owned(), value);
        }
    } else if !empty {
        *data = serde_json::json!({ NOTICES_FIELD: value });
    }
}

const TAGS: [&str; 7] = ["a", "b", "em", "i", "strong", "p", "br"];
const ATTRIBUTES: [&str; 5] = ["target", "href", "rel", "name", "download"];

/// Keeps the allowed tags and attributes of `html`; escapes everything else.
pub fn sanitize(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&escape_text(&rest[..start]));
        let after = &rest[start..];
        match after
            .find('>')
            .and_then(|end| tag(&after[1..end]).map(|t| (end, t)))
        {
            Some((end, clean)) => {
                out.push_str(&clean);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str("&lt;");
                rest = &after[1..];
            }
        }
    }
    out.push_str(&escape_text(rest));
    out
}

/// An allowed tag rebuilt from the text between `<` and `>`, or `None`.
fn tag(inner: &str) -> Option<String> {
    if inner.contains('<') {
        return None;
    }
    let (closing, body) = match inner.strip_prefix('/') {
        Some(body) => (true, body),
        None => (false, inner),
    };
    let body = body.trim_end_matches('/');
    let name_end = body
        .find(|c: char| c.is_ascii_whitespace())
        .unwrap_or(body.len());
    let name = body[..name_end].to_ascii_lowercase();
    if !TAGS.contains(&name.as_str()) {
        return None;
    }
    if closing {
        return Some(format!("</{name}>"));
    }
    let mut out = format!("<{name}");
    for (attribute, value) in attributes(&body[name_end..]) {
        let lower = attribute.to_ascii_lowercase();
        if !ATTRIBUTES.contains(&lower.as_str()) || (lower == "href" && !safe_url(&value)) {
            continue;
        }
        out.push_str(&format!(" {lower}=\"{}\"", escape_attribute(&value)));
    }
    out.push('>');
    Some(out)
}

/// `name="value"`, `name='value'`, `name=value` and bare names, with entities decoded.
fn attributes(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let name_end = rest
            .find(|c: char| c == '=' || c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        let name = rest[..name_end].to_owned();
        rest = rest[name_end..].trim_start();
        let value = if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (value, next) = match after.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let body = &after[1..];
                    let end = body.find(q).unwrap_or(body.len());
                    (&body[..end], body.get(end + 1..).unwrap_or(""))
                }
                _ => {
                    let end = after
                        .find(|c: char| c.is_ascii_whitespace())
                        .unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
            };
            rest = next.trim_start();
            decode_entities(value)
        } else {
            String::new()
        };
        if !name.is_empty() {
            found.push((name, value));
        }
    }
    found
}

/// Relative URLs and http(s)/mailto links only.
fn safe_url(url: &str) -> bool {
    let compact: String = url
        .chars()
        .filter(|c| !c.is_ascii_whitespace() && !c.is_control())
        .collect::<String>()
        .to_ascii_lowercase();
    match compact.find(':') {
        None => true,
        Some(colon) => {
            let scheme = &compact[..colon];
            if scheme.contains(['/', '?', '#']) {
                return true;
            }
            matches!(scheme, "http" | "https" | "mailto")
        }
    }
}

fn decode_entities(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#039;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Escapes `<`, `>` and `"`, and `&` unless it starts an entity.
fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '&' if !starts_entity(&text[i + 1..]) => out.push_str("&amp;"),
            _ => out.push(c),
        }
    }
    out
}

fn starts_entity(text: &str) -> bool {
    let Some(end) = text.find(';').filter(|end| *end > 0 && *end <= 10) else {
        return false;
    };
    let name = &text[..end];
    match name.strip_prefix('#') {
        Some(num) => {
            let digits = num.strip_prefix(['x', 'X']).unwrap_or(num);
            !digits.is_empty() && digits.chars().all(|c| c.is_ascii_hexdigit())
        }
        None => name.chars().all(|c| c.is_ascii_alphanumeric()),
    }
}

fn escape_attribute(text: &str) -> String {
    crate::cart::escape_html(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_allowlist_and_escapes_the_rest() {
        assert_eq!(
            sanitize(
                "<a href=\"/cart/\" class=\"button\" onclick=\"x()\">View cart</a> &ldquo;Cap&rdquo; <b>ok</b>"
            ),
            "<a href=\"/cart/\">View cart</a> &ldquo;Cap&rdquo; <b>ok</b>"
        );
        assert_eq!(
            sanitize("<script>alert(1)</script><img src=x onerror=alert(1)>"),
            "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"
        );
        assert_eq!(
            sanitize("<a href=\"java\tscript:alert(1)\" target=_blank>x</a>"),
            "<a target=\"_blank\">x</a>"
        );
        assert_eq!(sanitize("a < b & c"), "a &lt; b &amp; c");
        assert_eq!(sanitize("<br/><P>x</P>"), "<br><p>x</p>");
        // A `>` inside a quoted value ends the tag here; what follows is text, escaped.
        assert_eq!(
            sanitize("<a href='\"><script>'>x</a>"),
            "<a href=\"&quot;\">&lt;script&gt;'&gt;x</a>"
        );
    }
}
