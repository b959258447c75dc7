//! The checkout rate limit, one rule for every way of placing or paying for an order: the
//! Store API's `POST /checkout` and `POST /checkout/{id}` (its batched sub-requests too), the
//! classic `POST /checkout/` form and its express button. Each surface answers a refusal in
//! its own format; the counting and who is counted live here.
//!
//! Settings: the `checkout_rate_limit` option ([`CheckoutRateLimit`]), on by default with 25
//! checkouts a minute per client. A client is the logged-in customer (by id), else the
//! address the request came from. Counting is `mercato_db::rate_limits` (one atomic upsert in
//! the database), so every process serving the shop shares it.
//!
//! Behind a reverse proxy (`proxy_support`) the address comes from the one header the proxy
//! sets (`proxy_header`, default `X-Forwarded-For`). Proxies append the address they saw to
//! a list header, so everything to the left of that is whatever the client sent: the client
//! is the right-most entry that is not a trusted proxy (`trusted_proxies`). An entry that
//! does not parse stops the walk (the client is then the last trusted hop). Without proxy
//! support every proxy header is ignored and the connection's peer is the client.

use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use mercato_core::settings::CheckoutRateLimit;
use mercato_db::{DbError, options, rate_limits};

use crate::services::Services;

/// The connection's peer address, when the app is served from a socket (absent in tests that
/// drive the router in memory without `MockConnectInfo`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Peer(pub Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Infallible> {
        Ok(Peer(
            ConnectInfo::<SocketAddr>::from_request_parts(parts, state)
                .await
                .ok()
                .map(|ConnectInfo(address)| address.ip()),
        ))
    }
}

/// What the limit said of one checkout request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// Requests allowed per window.
    pub limit: i64,
    /// Requests left in this window after this one.
    pub remaining: i64,
    /// When the window ends (unix seconds).
    pub reset: i64,
    /// `Some(seconds to wait)` when this request is refused.
    pub retry_after: Option<i64>,
}

impl Verdict {
    /// Whether the request may go on.
    pub fn admitted(&self) -> bool {
        self.retry_after.is_none()
    }
}

/// Counts one checkout request of `user_id` (0 for a guest) coming from `peer` with
/// `headers`; `None` when the limit is off.
pub async fn count(
    state: &Services,
    user_id: i64,
    peer: Peer,
    headers: &HeaderMap,
) -> Result<Option<Verdict>, DbError> {
    let settings = options::get_recent::<CheckoutRateLimit>(&state.db, CheckoutRateLimit::OPTION)
        .await?
        .unwrap_or_default();
    if !settings.enabled {
        return Ok(None);
    }
    let key = client_key(user_id, peer.0, headers, &settings);
    let now = state.clock.now();
    let hit = rate_limits::hit(
        &state.db,
        &key,
        i64::from(settings.limit),
        i64::from(settings.seconds),
        now,
    )
    .await?;
    if hit.admitted() {
        return Ok(Some(Verdict {
            limit: hit.limit,
            remaining: hit.remaining(),
            reset: hit.window_ends_at,
            retry_after: None,
        }));
    }
    let retry = hit.retry_after(now);
    tracing::warn!(rate_limit.key = ?key, rate_limit.retry_after = retry, "checkout rate limit exceeded");
    Ok(Some(Verdict {
        limit: hit.limit,
        remaining: 0,
        reset: now.saturating_add(retry),
        retry_after: Some(retry),
    }))
}

/// The client a request comes from, as the rate limit counts it (`checkout:user:42`,
/// `checkout:ip:203.0.113.9`), whether or not the limit is on: stock holds are capped per
/// client with the same reading of proxies.
pub async fn client_of(
    state: &Services,
    user_id: i64,
    peer: Peer,
    headers: &HeaderMap,
) -> Result<String, DbError> {
    let settings = options::get_recent::<CheckoutRateLimit>(&state.db, CheckoutRateLimit::OPTION)
        .await?
        .unwrap_or_default();
    Ok(client_key(user_id, peer.0, headers, &settings))
}

/// The message shown to a refused client.
pub fn refusal_message(retry_after: i64) -> String {
    format!("Too many requests. Please wait {retry_after} seconds before trying again.")
}

/// Who is counted: the logged-in user, else the client's address.
pub fn client_key(
    user_id: i64,
    peer: Option<IpAddr>,
    headers: &HeaderMap,
    settings: &CheckoutRateLimit,
) -> String {
    if user_id > 0 {
        return format!("checkout:user:{user_id}");
    }
    format!("checkout:ip:{}", client_address(peer, headers, settings))
}

/// The client's address: the connection's peer, or behind a configured proxy the address
/// its header names (the account pages' rate limits read proxies the same way).
pub fn client_address(
    peer: Option<IpAddr>,
    headers: &HeaderMap,
    settings: &CheckoutRateLimit,
) -> IpAddr {
    let peer = peer.map(|ip| ip.to_canonical());
    let address = if settings.proxy_support {
        proxied_address(headers, settings).or(peer)
    } else {
        peer
    };
    address.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

/// The client address the configured proxy header names, if it is present.
fn proxied_address(headers: &HeaderMap, settings: &CheckoutRateLimit) -> Option<IpAddr> {
    let name = settings.proxy_header.as_str();
    let values: Vec<&str> = headers
        .get_all(name)
        .iter()
        .map(|value| value.to_str().unwrap_or(""))
        .collect();
    if values.is_empty() {
        return None;
    }
    let entries: Vec<&str> = match name {
        "x-forwarded-for" => values.iter().flat_map(|v| v.split(',')).collect(),
        "forwarded" => values
            .iter()
            .flat_map(|v| v.split(','))
            .map(forwarded_for)
            .collect(),
        // A single address the proxy sets (and overwrites).
        _ => vec![values[values.len() - 1]],
    };
    let trusted = settings.trusted_networks();
    let mut last_trusted = None;
    for entry in entries.iter().rev() {
        match parse_address(entry) {
            Some(ip) if trusted.iter().any(|net| net.contains(ip)) => last_trusted = Some(ip),
            Some(ip) => return Some(ip),
            None => return last_trusted,
        }
    }
    // Every hop is a trusted proxy: the left-most is where the request began.
    last_trusted
}

/// The `for=` parameter of one `Forwarded` element (`for=192.0.2.60;proto=http`).
fn forwarded_for(element: &str) -> &str {
    element
        .split(';')
        .find_map(|pair| {
            let (name, value) = pair.split_once('=')?;
            name.trim().eq_ignore_ascii_case("for").then_some(value)
        })
        .unwrap_or("")
}

/// An address as proxies write it: bare, quoted, with a port, IPv6 in brackets.
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    let bare = text
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']').map(|(ip, _)| ip))
        .unwrap_or(text);
    bare.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).expect("value"));
        }
        map
    }

    fn behind_proxy(header: &str, trusted: &[&str]) -> CheckoutRateLimit {
        CheckoutRateLimit {
            proxy_support: true,
            proxy_header: header.to_owned(),
            trusted_proxies: trusted.iter().map(|t| (*t).to_owned()).collect(),
            ..CheckoutRateLimit::default()
        }
    }

    #[test]
    fn users_are_counted_by_id_and_guests_by_address() {
        let peer: Option<IpAddr> = Some("203.0.113.9".parse().expect("ip"));
        let none = HeaderMap::new();
        let direct = CheckoutRateLimit::default();
        assert_eq!(client_key(42, peer, &none, &direct), "checkout:user:42");
        assert_eq!(
            client_key(0, peer, &none, &direct),
            "checkout:ip:203.0.113.9"
        );
        assert_eq!(client_key(0, None, &none, &direct), "checkout:ip:0.0.0.0");
        let mapped = Some("::ffff:203.0.113.9".parse().expect("ip"));
        assert_eq!(
            client_key(0, mapped, &none, &direct),
            "checkout:ip:203.0.113.9"
        );
    }

    #[test]
    fn without_proxy_support_every_proxy_header_is_the_clients_own_words() {
        let peer: Option<IpAddr> = Some("10.0.0.2".parse().expect("ip"));
        let spoofed = headers(&[
            ("x-forwarded-for", "198.51.100.7"),
            ("x-real-ip", "192.0.2.5"),
            ("client-ip", "192.0.2.6"),
            ("forwarded", "for=192.0.2.7"),
        ]);
        assert_eq!(
            client_key(0, peer, &spoofed, &CheckoutRateLimit::default()),
            "checkout:ip:10.0.0.2"
        );
    }

    #[test]
    fn behind_an_appending_proxy_the_client_is_the_right_most_untrusted_address() {
        let peer: Option<IpAddr> = Some("10.0.0.2".parse().expect("ip"));
        let one_proxy = behind_proxy("x-forwarded-for", &[]);
        // The client wrote "203.0.113.50, 127.0.0.1"; the proxy appended what it saw.
        let forged = headers(&[("x-forwarded-for", "203.0.113.50, 127.0.0.1, 198.51.100.7")]);
        assert_eq!(
            client_key(0, peer, &forged, &one_proxy),
            "checkout:ip:198.51.100.7"
        );
        // A CDN in front of the load balancer: skip the trusted hops.
        let chain = behind_proxy("x-forwarded-for", &["10.0.0.0/8", "2001:db8::/32"]);
        let hops = headers(&[
            ("x-forwarded-for", "6.6.6.6, 198.51.100.7"),
            ("x-forwarded-for", "10.1.1.1, 2001:db8::5"),
        ]);
        assert_eq!(
            client_key(0, peer, &hops, &chain),
            "checkout:ip:198.51.100.7"
        );
        // Junk where an address should be: the last trusted hop is the client.
        let junk = headers(&[("x-forwarded-for", "198.51.100.7, unknown, 10.1.1.1")]);
        assert_eq!(client_key(0, peer, &junk, &chain), "checkout:ip:10.1.1.1");
        // No header: the connection's address.
        assert_eq!(
            client_key(0, peer, &HeaderMap::new(), &one_proxy),
            "checkout:ip:10.0.0.2"
        );
    }

    #[test]
    fn only_the_configured_header_is_read() {
        let peer: Option<IpAddr> = Some("10.0.0.2".parse().expect("ip"));
        let both = headers(&[
            ("x-forwarded-for", "198.51.100.7"),
            ("x-real-ip", "192.0.2.5"),
        ]);
        assert_eq!(
            client_key(0, peer, &both, &behind_proxy("x-real-ip", &[])),
            "checkout:ip:192.0.2.5"
        );
        assert_eq!(
            client_key(0, peer, &both, &behind_proxy("x-forwarded-for", &[])),
            "checkout:ip:198.51.100.7"
        );
        let forwarded = headers(&[(
            "forwarded",
            r#"for=192.0.2.99;proto=https, For="[2001:db8:cafe::17]:4711";by=10.0.0.1"#,
        )]);
        assert_eq!(
            client_key(0, peer, &forwarded, &behind_proxy("forwarded", &[])),
            "checkout:ip:2001:db8:cafe::17"
        );
        let with_port = headers(&[("forwarded", "for=192.0.2.43:47011;by=10.0.0.1")]);
        assert_eq!(
            client_key(0, peer, &with_port, &behind_proxy("forwarded", &[])),
            "checkout:ip:192.0.2.43"
        );
    }
}
