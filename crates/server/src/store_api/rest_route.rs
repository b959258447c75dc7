//! WordPress's fallback for sites without pretty permalinks: `/?rest_route=/wc/store/v1/cart`
//! is the same request as `/wp-json/wc/store/v1/cart`. The URI is rewritten before routing,
//! and a REST path loses its trailing slash, as WordPress's router ignores it.

use axum::Router;
use axum::extract::OriginalUri;
use axum::http::{Request, Uri};

/// `/?rest_route=/wc/store/v1/products&per_page=3` → `/wp-json/wc/store/v1/products?per_page=3`,
/// and `/wp-json/wc/store/v1/products/` → `/wp-json/wc/store/v1/products`. Any other request
/// is returned unchanged.
pub fn rewrite_rest_route<B>(mut request: Request<B>) -> Request<B> {
    if let Some(uri) = rewritten(request.uri()) {
        // Handlers build links from the original URI; they should see the REST path.
        request.extensions_mut().insert(OriginalUri(uri.clone()));
        *request.uri_mut() = uri;
    }
    request
}

/// `router` behind [`rewrite_rest_route`]. A `Router::layer` runs after routing, so the
/// rewrite wraps the whole router as a service instead.
pub fn with_rest_route(router: Router) -> Router {
    Router::new().fallback_service(tower::util::MapRequest::new(
        router,
        rewrite_rest_route::<axum::body::Body>,
    ))
}

fn rewritten(uri: &Uri) -> Option<Uri> {
    let path = uri.path();
    if path.starts_with("/wp-json/") && path.len() > "/wp-json/".len() && path.ends_with('/') {
        let mut target = path.trim_end_matches('/').to_owned();
        if let Some(query) = uri.query() {
            target.push('?');
            target.push_str(query);
        }
        return with_path_and_query(uri, &target);
    }
    if !matches!(path, "/" | "/index.php") {
        return None;
    }
    let query = uri.query()?;
    let mut route = None;
    let mut rest: Vec<&str> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.strip_prefix("rest_route=") {
            Some(value) => route = Some(value),
            None => rest.push(pair),
        }
    }
    let route = decode(route?);
    // WordPress drops a trailing slash and treats an empty route as the index.
    let route = route.trim_end_matches('/');
    let mut target = String::from("/wp-json");
    if !route.starts_with('/') {
        target.push('/');
    }
    target.push_str(&encode_path(route));
    if !rest.is_empty() {
        target.push('?');
        target.push_str(&rest.join("&"));
    }
    with_path_and_query(uri, &target)
}

fn with_path_and_query(uri: &Uri, target: &str) -> Option<Uri> {
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = Some(target.parse().ok()?);
    Uri::from_parts(parts).ok()
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|b| char::from(*b).to_digit(16));
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match hex(i + 1)
                .zip(hex(i + 2))
                .and_then(|(h, l)| u8::try_from(h * 16 + l).ok())
            {
                Some(byte) => {
                    out.push(byte);
                    i += 2;
                }
                None => out.push(b'%'),
            },
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for byte in path.bytes() {
        let keep = byte.is_ascii_alphanumeric() || b"/-._~!$&'()*+,;=:@".contains(&byte);
        if keep {
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

    fn rewrite(uri: &str) -> String {
        let request = Request::get(uri).body(()).expect("request");
        rewrite_rest_route(request).uri().to_string()
    }

    #[test]
    fn rest_route_becomes_the_wp_json_path() {
        assert_eq!(
            rewrite("/?rest_route=/wc/store/v1/products&per_page=3"),
            "/wp-json/wc/store/v1/products?per_page=3"
        );
        assert_eq!(
            rewrite("/?per_page=3&rest_route=%2Fwc%2Fstore%2Fproducts%2F"),
            "/wp-json/wc/store/products?per_page=3"
        );
        assert_eq!(
            rewrite("/index.php?rest_route=/wc/store/v1/cart"),
            "/wp-json/wc/store/v1/cart"
        );
        assert_eq!(
            rewrite("/?rest_route=wc/store/v1/products/a%20b"),
            "/wp-json/wc/store/v1/products/a%20b"
        );
        assert_eq!(
            rewrite("/wp-json/wc/store/v1/products/?page=2"),
            "/wp-json/wc/store/v1/products?page=2"
        );
    }

    #[test]
    fn other_requests_are_left_alone() {
        for uri in [
            "/",
            "/?s=hat",
            "/shop/?rest_route=/wc/store/v1/cart",
            "/wp-json/wc/store/v1/cart",
            "/wp-json/",
        ] {
            assert_eq!(rewrite(uri), uri);
        }
    }
}
