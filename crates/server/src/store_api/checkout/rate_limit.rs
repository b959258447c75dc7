//! The checkout rate limit as the Store API answers it (the rule itself, shared with the
//! classic checkout, is [`crate::checkout::rate_limit`]): a route layer of `/checkout` and
//! `/checkout/{id}` counting their `POST`s.
//!
//! As WooCommerce's, the limit is checked before anything else (the nonce included), and
//! every response of a limited request carries `RateLimit-Limit`, `RateLimit-Remaining` and
//! `RateLimit-Reset` (unix time at which the window ends). A refused request gets
//! `rate_limit_exceeded` with status 400 (WooCommerce's, not 429) and `RateLimit-Retry-After`
//! (seconds). Where it differs: no user is exempt (WooCommerce exempts users who can edit
//! posts), and behind a proxy the client is found as [`crate::checkout::rate_limit`] says.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use mercato_core::settings::PROXY_HEADERS;

use crate::checkout::rate_limit::{self, Peer};
use crate::state::AppState;
use crate::store_api::cart::Caller;
use crate::store_api::error::{ErrorCode, StoreApiError};

const LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
const REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
const RESET: HeaderName = HeaderName::from_static("ratelimit-reset");
const RETRY_AFTER: HeaderName = HeaderName::from_static("ratelimit-retry-after");

/// The route layer of `/checkout`: counts and limits its `POST`s, passes other methods.
pub async fn layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    let Ok(peer) = Peer::from_request_parts(&mut parts, &()).await;
    let request = Request::from_parts(parts, body);
    let user_id = request
        .extensions()
        .get::<Caller>()
        .map_or(0, Caller::user_id);
    let verdict = match rate_limit::count(&state, user_id, peer, request.headers()).await {
        Ok(Some(verdict)) => verdict,
        Ok(None) => return next.run(request).await,
        Err(error) => return StoreApiError::from(error).into_response(),
    };
    if let Some(retry) = verdict.retry_after {
        let mut response = StoreApiError::new(ErrorCode::RateLimitExceeded)
            .with_message(rate_limit::refusal_message(retry))
            .into_response();
        let headers = response.headers_mut();
        set(headers, LIMIT, verdict.limit);
        set(headers, REMAINING, 0);
        set(headers, RETRY_AFTER, retry);
        set(headers, RESET, verdict.reset);
        return response;
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    set(headers, LIMIT, verdict.limit);
    set(headers, REMAINING, verdict.remaining);
    set(headers, RESET, verdict.reset);
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
        for value in outer.get_all(name) {
            headers.append(HeaderName::from_static(name), value.clone());
        }
    }
}

fn set(headers: &mut HeaderMap, name: HeaderName, value: i64) {
    headers.insert(name, HeaderValue::from(value));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sub_request_comes_from_the_batch_client() {
        let mut outer = HeaderMap::new();
        outer.insert("x-forwarded-for", HeaderValue::from_static("198.51.100.7"));
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
