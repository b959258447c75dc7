//! How Store API responses leave: the [`Reply`] every handler returns (a JSON body and what
//! the edge must add: the cart's hash, the caller when the request changed it), the headers
//! every response carries (one layer, so the cart's `Nonce`/`Cart-Token` headers join in one
//! place), and WordPress's pagination headers.

use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::cart::Caller;

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
        Ok(bytes) => serialised(status, bytes),
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

/// `body`, JSON already serialised, with `status`.
fn serialised(status: StatusCode, body: impl Into<axum::body::Body>) -> Response {
    (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(JSON_CONTENT_TYPE),
        )],
        body.into(),
    )
        .into_response()
}

/// What the edge (`cart::layer`) adds to an answer besides its body, as the handler (or its
/// error) returned it: the cart's hash after the request (`Cart-Hash` and the cart cookies),
/// and the caller when the request changed who is calling (a first write made the session, a
/// checkout logged a new customer in), whose `Nonce`, `User-ID`, `Cart-Token` and session
/// cookie the response then carries. Travels in the response's extensions, from the handler
/// up to the layer (and to a batch, which reads each sub-request's).
#[derive(Debug, Clone, Default)]
pub struct Edge {
    /// The cart's hash ("" for an empty cart), when the answer says what the cart is.
    pub cart_hash: Option<String>,
    /// The caller after the request, when the handler hands it back.
    pub caller: Option<Caller>,
}

/// A Store API answer: status, JSON body (or none), route headers, and the [`Edge`].
#[derive(Debug)]
#[must_use]
pub struct Reply {
    response: Response,
    edge: Edge,
}

impl Reply {
    /// `body` as JSON with `status`.
    pub fn json<T: Serialize>(status: StatusCode, body: &T) -> Self {
        Self {
            response: json(status, body),
            edge: Edge::default(),
        }
    }

    /// `200 OK` with `body`.
    pub fn ok<T: Serialize>(body: &T) -> Self {
        Self::json(StatusCode::OK, body)
    }

    /// `200 OK` with `body` and the route's own `headers` (pagination).
    pub fn ok_with<T: Serialize>(body: &T, headers: HeaderMap) -> Self {
        Self::ok(body).with_headers(headers)
    }

    /// `200 OK` with `body`, JSON already serialised (a kept answer), and the route's own
    /// `headers`.
    pub fn ok_serialised(body: bytes::Bytes, headers: HeaderMap) -> Self {
        Self {
            response: serialised(StatusCode::OK, body),
            edge: Edge::default(),
        }
        .with_headers(headers)
    }

    /// `204 No Content`.
    pub fn no_content() -> Self {
        Self {
            response: StatusCode::NO_CONTENT.into_response(),
            edge: Edge::default(),
        }
    }

    /// The same answer with the route's own `headers` (pagination, `Allow` ...).
    pub fn with_headers(mut self, headers: HeaderMap) -> Self {
        self.response.headers_mut().extend(headers);
        self
    }

    /// The same answer, its compressed bytes kept under `reusable` and sent again while its
    /// body is the same (a collection that depends on no shopper).
    pub fn reusable(mut self, reusable: crate::compression::Reusable) -> Self {
        self.response.extensions_mut().insert(reusable);
        self
    }

    /// The same answer saying what the cart is now.
    pub fn with_cart_hash(mut self, hash: String) -> Self {
        self.edge.cart_hash = Some(hash);
        self
    }

    /// The same answer for `caller` as the request left them.
    pub fn with_caller(mut self, caller: Caller) -> Self {
        self.edge.caller = Some(caller);
        self
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let mut response = self.response;
        response.extensions_mut().insert(self.edge);
        response
    }
}

/// Adds the headers every Store API response carries, errors included.
pub async fn standard_headers(mut response: Response) -> Response {
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
