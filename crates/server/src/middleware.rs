//! Layers every response passes through: request ids, access logs, baseline headers.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, Request, Response, header};
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use tracing::Span;

/// The header carrying the request id, in and out.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The Content-Security-Policy every page satisfies: scripts and styles only from our own
/// origin (the settings JSON is data, not script), images also from https and data URLs.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data: https:; font-src 'self'; connect-src 'self'; object-src 'none'; \
base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/// Request ids: a per-process random prefix and a counter, short and unique enough to find
/// one request in the logs of many processes.
#[derive(Clone)]
struct ProcessRequestIds {
    prefix: String,
    counter: std::sync::Arc<AtomicU64>,
}

impl MakeRequestId for ProcessRequestIds {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{}-{n}", self.prefix))
            .ok()
            .map(RequestId::new)
    }
}

/// Wraps `router` in the standard layers.
pub fn apply(router: Router) -> Router {
    let ids = ProcessRequestIds {
        prefix: mercato_db::sessions::new_id().chars().take(8).collect(),
        counter: std::sync::Arc::new(AtomicU64::new(1)),
    };
    let trace = TraceLayer::new_for_http()
        .make_span_with(|request: &Request<_>| {
            let id = request
                .headers()
                .get(REQUEST_ID)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("-");
            tracing::info_span!(
                "request",
                request.id = %id,
                http.method = %request.method(),
                http.path = ?request.uri().path(),
            )
        })
        .on_request(())
        .on_response(|response: &Response<_>, latency: Duration, _span: &Span| {
            tracing::info!(
                http.status = response.status().as_u16(),
                latency_us = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX),
                "served"
            );
        });
    router
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("SAMEORIGIN"),
        ))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(trace)
        .layer(SetRequestIdLayer::new(REQUEST_ID, ids))
}
