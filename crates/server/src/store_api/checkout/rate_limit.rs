//! The checkout's rate limit: WooCommerce's Store API rate limiting, for `POST /checkout`.
//!
//! Off unless the `checkout_rate_limit` setting enables it. Then each client (the logged-in
//! user, else the address the request came from) may place `limit` checkout requests per
//! window of `seconds`; the window opens with the client's first request. Counting is
//! `mercato_db::rate_limits`, in the database, so every process serving the shop shares it.
//!
//! As WooCommerce's, the limit is checked before anything else (the nonce included), and
//! every response of a limited request carries `RateLimit-Limit`, `RateLimit-Remaining` and
//! `RateLimit-Reset` (unix time at which the window ends). A refused request gets
//! `rate_limit_exceeded` with status 400 (WooCommerce's, not 429) and `RateLimit-Retry-After`
//! (seconds). Where it differs: the peer address is used when proxy support is on but the
//! request carries none of the proxy headers (WooCommerce uses `0.0.0.0`), and no user is
//! exempt (WooCommerce exempts users who can edit posts).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use mercato_core::settings::CheckoutRateLimit;
use mercato_db::{options, rate_limits};

use crate::state::AppState;
use crate::store_api::cart::CartSession;
use crate::store_api::error::{ErrorCode, StoreApiError};

/// The headers a proxy names the client in, in the order WooCommerce reads them.
const PROXY_HEADERS: [&str; 4] = ["x-real-ip", "client-ip", "x-forwarded-for", "forwarded"];

const LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
const REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
const RESET: HeaderName = HeaderName::from_static("ratelimit-reset");
const RETRY_AFTER: HeaderName = HeaderName::from_static("ratelimit-retry-after");

/// The route layer of `/checkout`: counts and limits its `POST`s, passes other methods.
pub async fn layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let settings = match options::get_recent::<CheckoutRateLimit>(
        &state.db,
        CheckoutRateLimit::OPTION,
    )
    .await
    {
        Ok(settings) => settings.unwrap_or_default(),
        Err(error) => return StoreApiError::from(error).into_response(),
    };
    if !settings.enabled {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    // Absent when the app is not served from a socket (tests in memory): `0.0.0.0` then.
    let peer = ConnectInfo::<SocketAddr>::from_request_parts(&mut parts, &())
        .await
        .ok()
        .map(|ConnectInfo(address)| address.ip());
    let request = Request::from_parts(parts, body);
    let user_id = match request.extensions().get::<Arc<CartSession>>() {
        Some(session) => session.outcome().await.user_id,
        None => 0,
    };
    let key = client_key(user_id, peer, request.headers(), settings.proxy_support);
    let now = mercato_db::now();
    let hit = match rate_limits::hit(
        &state.db,
        &key,
        i64::from(settings.limit),
        i64::from(settings.seconds),
        now,
    )
    .await
    {
        Ok(hit) => hit,
        Err(error) => return StoreApiError::from(error).into_response(),
    };
    if !hit.admitted() {
        let retry = hit.retry_after(now);
        tracing::warn!(
            rate_limit.key = %key,
            rate_limit.retry_after = retry,
            "checkout rate limit exceeded"
        );
        let mut response = StoreApiError::new(ErrorCode::RateLimitExceeded)
            .with_message(format!(
                "Too many requests. Please wait {retry} seconds before trying again."
            ))
            .into_response();
        let headers = response.headers_mut();
        set(headers, LIMIT, hit.limit);
        set(headers, REMAINING, 0);
        set(headers, RETRY_AFTER, retry);
        set(headers, RESET, now.saturating_add(retry));
        return response;
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    set(headers, LIMIT, hit.limit);
    set(headers, REMAINING, hit.remaining());
    set(headers, RESET, hit.window_ends_at);
    response
}

/// Makes a batch's sub-request come from the batch's client: the connection's address and
/// the batch request's proxy headers (a sub-request cannot name a client of its own).
pub fn carry_client<B>(outer: &HeaderMap, peer: Option<SocketAddr>, sub: &mut Request<B>) {
    if let Some(peer) = peer {
        sub.extensions_mut().insert(ConnectInfo(peer));
    }
    let headers = sub.headers_mut();
    for name in PROXY_HEADERS {
        headers.remove(name);
        if let Some(value) = outer.get(name) {
            headers.insert(HeaderName::from_static(name), value.clone());
        }
    }
}

fn set(headers: &mut HeaderMap, name: HeaderName, value: i64) {
    headers.insert(name, HeaderValue::from(value));
}

/// Who is counted: the logged-in user, else the client's address. With proxy support the
/// first proxy header present names the address (one that does not parse counts as
/// `0.0.0.0`, as WooCommerce); without it, or without any such header, the peer does.
fn client_key(
    user_id: i64,
    peer: Option<IpAddr>,
    headers: &HeaderMap,
    proxy_support: bool,
) -> String {
    if user_id > 0 {
        return format!("checkout:user:{user_id}");
    }
    let forwarded = if proxy_support {
        proxied_address(headers)
    } else {
        None
    };
    let address = forwarded
        .or(peer.map(|ip| ip.to_canonical()))
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    format!("checkout:ip:{address}")
}

/// The address the first proxy header present names.
fn proxied_address(headers: &HeaderMap) -> Option<IpAddr> {
    let (name, value) = PROXY_HEADERS
        .iter()
        .find_map(|name| headers.get(*name).map(|value| (*name, value)))?;
    let value = value.to_str().unwrap_or("");
    let text = match name {
        "x-forwarded-for" => value.split(',').next().unwrap_or(""),
        // `Forwarded: for=192.0.2.60;proto=http, for="[2001:db8::17]:4711"`: the first `for`.
        "forwarded" => {
            let at = value.to_ascii_lowercase().find("for=").map(|at| at + 4);
            let rest = at.and_then(|at| value.get(at..)).unwrap_or("");
            rest.split([';', ',']).next().unwrap_or("")
        }
        _ => value,
    };
    Some(parse_address(text).unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)))
}

/// An address as proxies write it: bare, quoted, with a port, IPv6 in brackets.
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    let bare = text
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .unwrap_or(text);
    bare.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).expect("value"));
        }
        map
    }

    #[test]
    fn users_are_counted_by_id_and_guests_by_address() {
        let peer: Option<IpAddr> = Some("203.0.113.9".parse().expect("ip"));
        let none = HeaderMap::new();
        assert_eq!(client_key(42, peer, &none, false), "checkout:user:42");
        assert_eq!(client_key(0, peer, &none, false), "checkout:ip:203.0.113.9");
        assert_eq!(client_key(0, None, &none, false), "checkout:ip:0.0.0.0");
        let mapped = Some("::ffff:203.0.113.9".parse().expect("ip"));
        assert_eq!(
            client_key(0, mapped, &none, false),
            "checkout:ip:203.0.113.9"
        );
    }

    #[test]
    fn proxy_headers_count_only_with_proxy_support() {
        let peer: Option<IpAddr> = Some("10.0.0.2".parse().expect("ip"));
        let xff = headers(&[("x-forwarded-for", "198.51.100.7, 10.0.0.1")]);
        assert_eq!(client_key(0, peer, &xff, false), "checkout:ip:10.0.0.2");
        assert_eq!(client_key(0, peer, &xff, true), "checkout:ip:198.51.100.7");
        // WooCommerce's order: X-Real-IP first.
        let both = headers(&[
            ("x-forwarded-for", "198.51.100.7"),
            ("x-real-ip", "192.0.2.5"),
        ]);
        assert_eq!(client_key(0, peer, &both, true), "checkout:ip:192.0.2.5");
        let forwarded = headers(&[(
            "forwarded",
            r#"For="[2001:db8:cafe::17]:4711";proto=https, for=192.0.2.1"#,
        )]);
        assert_eq!(
            client_key(0, peer, &forwarded, true),
            "checkout:ip:2001:db8:cafe::17"
        );
        let with_port = headers(&[("forwarded", "for=192.0.2.43:47011;by=10.0.0.1")]);
        assert_eq!(
            client_key(0, peer, &with_port, true),
            "checkout:ip:192.0.2.43"
        );
        let junk = headers(&[("x-forwarded-for", "unknown")]);
        assert_eq!(client_key(0, peer, &junk, true), "checkout:ip:0.0.0.0");
        // No proxy header: the connection's address.
        assert_eq!(
            client_key(0, peer, &HeaderMap::new(), true),
            "checkout:ip:10.0.0.2"
        );
    }

    #[test]
    fn a_sub_request_comes_from_the_batch_client() {
        let outer = headers(&[("x-forwarded-for", "198.51.100.7")]);
        let mut sub = Request::builder()
            .header("x-forwarded-for", "192.0.2.99")
            .header("x-real-ip", "192.0.2.98")
            .body(())
            .expect("request");
        let peer: SocketAddr = "203.0.113.9:5000".parse().expect("addr");
        carry_client(&outer, Some(peer), &mut sub);
        assert_eq!(
            sub.headers().get("x-forwarded-for"),
            outer.get("x-forwarded-for")
        );
        assert!(sub.headers().get("x-real-ip").is_none());
        assert_eq!(
            sub.extensions()
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0),
            Some(peer)
        );
    }
}
