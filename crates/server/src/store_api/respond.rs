//! How Store API responses leave: JSON bodies, the headers every response carries (one
//! layer, so the cart's `Nonce`/`Cart-Token` headers join in one place), and WordPress's
//! pagination headers.

use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// WordPress's JSON content type.
pub const JSON_CONTENT_TYPE: &str = "application/json; charset=UTF-8";

/// Kept out of shared caches: cart and checkout responses carry session credentials, and a
/// catalogue response is cheap to make again. (WooCommerce itself sends no `Cache-Control`
/// on Store API responses; this is the one line to change for cacheable catalogue reads.)
pub const CACHE_CONTROL: &str = "no-store";

/// Response headers a cross-origin client may read (WooCommerce's list).
pub const EXPOSE_HEADERS: &str = "X-WP-Total, X-WP-TotalPages, Link, Cart-Token";

/// Request headers a cross-origin client may send (WooCommerce's list).
pub const ALLOW_HEADERS: &str =
    "Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, Cart-Token, Nonce";

/// `body` as JSON with `status`. A body that cannot be serialised is an internal error.
pub fn json<T: Serialize>(status: StatusCode, body: &T) -> Response {
    match serde_json::to_vec(body) {
        Ok(bytes) => (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static(JSON_CONTENT_TYPE),
            )],
            bytes,
        )
            .into_response(),
        Err(error) => {
            tracing::error!(error = %error, "store api response did not serialise");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                [(header::CONTENT_TYPE, HeaderValue::from_static(JSON_CONTENT_TYPE))],
                r#"{"code":"internal_server_error","message":"Internal Server Error","data":{"status":500}}"#,
            )
                .into_response()
        }
    }
}

/// `200 OK` with `body` and extra `headers`.
pub fn ok_with<T: Serialize>(body: &T, headers: HeaderMap) -> Response {
    let mut response = json(StatusCode::OK, body);
    response.headers_mut().extend(headers);
    response
}

/// `200 OK` with `body`.
pub fn ok<T: Serialize>(body: &T) -> Response {
    json(StatusCode::OK, body)
}

/// Adds the headers every Store API response carries, errors included.
pub async fn standard_headers(response: Response) -> Response {
    let mut response = json_rejections(response);
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    headers.insert(
        HeaderName::from_static("x-robots-tag"),
        HeaderValue::from_static("noindex"),
    );
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static(EXPOSE_HEADERS),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static(ALLOW_HEADERS),
    );
    response
}

/// A body over the size limit is refused by axum before a handler runs, in plain text; a Store
/// API client reads errors as JSON, so it becomes `rest_request_too_large` (the headers the
/// other layers added are kept).
fn json_rejections(response: Response) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("json"));
    if response.status() != StatusCode::PAYLOAD_TOO_LARGE || is_json {
        return response;
    }
    let (parts, _) = response.into_parts();
    let mut replaced = super::StoreApiError::new(super::ErrorCode::RequestTooLarge).into_response();
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            replaced.headers_mut().append(name.clone(), value.clone());
        }
    }
    replaced
}

/// Where a collection response sits among its pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pagination {
    /// Items in all pages.
    pub total: i64,
    /// Pages in all.
    pub pages: i64,
    /// The page served, from 1.
    pub current: i64,
}

impl Pagination {
    /// The page of `per_page` items numbered `current` out of `total` items.
    pub fn of(total: i64, per_page: i64, current: i64) -> Self {
        let pages = if per_page > 0 {
            total.saturating_add(per_page - 1) / per_page
        } else {
            1
        };
        Self {
            total,
            pages,
            current: current.max(1),
        }
    }

    /// `X-WP-Total`, `X-WP-TotalPages` and a `Link` per neighbour page, pointing at
    /// `base_url` + `path` with the request's `query` and another `page`.
    pub fn headers(&self, base_url: &str, path: &str, query: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-wp-total", HeaderValue::from(self.total));
        headers.insert("x-wp-totalpages", HeaderValue::from(self.pages));
        let link = |page: i64, rel: &str| {
            let url = page_url(base_url, path, query, page);
            HeaderValue::from_str(&format!("<{url}>; rel=\"{rel}\"")).ok()
        };
        if self.current > 1 {
            let previous = (self.current - 1).min(self.pages).max(1);
            if let Some(value) = link(previous, "prev") {
                headers.append(header::LINK, value);
            }
        }
        if self.pages > self.current
            && let Some(value) = link(self.current + 1, "next")
        {
            headers.append(header::LINK, value);
        }
        headers
    }
}

/// The request's URL with `page` replaced (in place) or appended, as `add_query_arg` does.
/// Bytes that could end the link early or break the header are percent-encoded.
fn page_url(base_url: &str, path: &str, query: Option<&str>, page: i64) -> String {
    let mut pairs: Vec<String> = query
        .unwrap_or("")
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(encode_unsafe)
        .collect();
    let page_pair = format!("page={page}");
    match pairs
        .iter()
        .position(|pair| pair.split('=').next() == Some("page"))
    {
        Some(i) => pairs[i] = page_pair,
        None => pairs.push(page_pair),
    }
    format!(
        "{}{}?{}",
        base_url.trim_end_matches('/'),
        path,
        pairs.join("&")
    )
}

fn encode_unsafe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_graphic() && !matches!(byte, b'<' | b'>' | b'"' | b'\\' | b'`') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_round_up_and_links_point_both_ways() {
        let page = Pagination::of(18, 3, 2);
        assert_eq!(page.pages, 6);
        let headers = page.headers(
            "http://127.0.0.1:8091",
            "/wp-json/wc/store/v1/products",
            Some("page=2&per_page=3"),
        );
        assert_eq!(headers["x-wp-total"], "18");
        assert_eq!(headers["x-wp-totalpages"], "6");
        let links: Vec<&str> = headers
            .get_all(header::LINK)
            .iter()
            .map(|v| v.to_str().expect("ascii"))
            .collect();
        assert_eq!(
            links,
            [
                "<http://127.0.0.1:8091/wp-json/wc/store/v1/products?page=1&per_page=3>; rel=\"prev\"",
                "<http://127.0.0.1:8091/wp-json/wc/store/v1/products?page=3&per_page=3>; rel=\"next\"",
            ]
        );
    }

    #[test]
    fn page_is_appended_and_a_far_page_points_back_to_the_last() {
        let headers = Pagination::of(18, 3, 1).headers("http://x", "/p", Some("per_page=3"));
        assert_eq!(
            headers[header::LINK],
            "<http://x/p?per_page=3&page=2>; rel=\"next\""
        );
        let headers = Pagination::of(18, 3, 99).headers("http://x", "/p", None);
        assert_eq!(headers[header::LINK], "<http://x/p?page=6>; rel=\"prev\"");
        assert_eq!(Pagination::of(0, 10, 1).pages, 0);
    }

    #[test]
    fn hostile_queries_stay_inside_the_link() {
        let url = page_url("http://x", "/p", Some("search=<a>\"b\""), 2);
        assert_eq!(url, "http://x/p?search=%3Ca%3E%22b%22&page=2");
    }
}
