//! One request: the peer address for handlers, a deadline for the body, a timeout for the
//! handler.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, ready};

use axum::Router;
use axum::body::Body as AxumBody;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use axum::response::IntoResponse;
use hyper::body::{Body, Frame, Incoming, SizeHint};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use super::ServeOptions;

/// Runs `app` on `request` within the request timeout, its body within the body deadline.
pub(super) fn handle(
    app: Router,
    mut request: Request<Incoming>,
    peer: SocketAddr,
    options: &ServeOptions,
) -> impl Future<Output = Response<AxumBody>> + Send + use<> {
    // What `into_make_service_with_connect_info` gave handlers (the checkout's rate limit).
    request.extensions_mut().insert(ConnectInfo(peer));
    let late = Arc::new(AtomicBool::new(false));
    let body_deadline = Instant::now() + options.body_timeout;
    let request = request.map(|body| DeadlineBody {
        body,
        deadline: body_deadline,
        sleep: None,
        late: Arc::clone(&late),
    });
    let request_timeout = options.request_timeout;
    let method = request.method().clone();
    let uri = request.uri().clone();
    async move {
        let answered = tokio::time::timeout(request_timeout, app.oneshot(request)).await;
        if late.load(Ordering::Relaxed) {
            // Whatever the handler made of a body cut short, the client was too slow.
            tracing::info!(http.method = %method, http.path = %uri.path(), "request body too slow");
            return body_too_slow();
        }
        match answered {
            Ok(Ok(response)) => response,
            Ok(Err(never)) => match never {},
            Err(_) => {
                tracing::warn!(http.method = %method, http.path = %uri.path(), "request timed out");
                too_slow_to_answer()
            }
        }
    }
}

/// 408 and close: the rest of the body may still be on its way.
fn body_too_slow() -> Response<AxumBody> {
    (
        StatusCode::REQUEST_TIMEOUT,
        [
            (header::CONNECTION, HeaderValue::from_static("close")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        "Request Timeout",
    )
        .into_response()
}

/// 503: the shop, not the client, took too long.
fn too_slow_to_answer() -> Response<AxumBody> {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))],
        "Service Unavailable",
    )
        .into_response()
}

/// A request body that fails once its deadline passes. tower-http's `RequestBodyTimeout`
/// restarts its timer at every frame, so a body trickled a byte at a time never trips it;
/// this deadline is for the whole body.
struct DeadlineBody {
    body: Incoming,
    deadline: Instant,
    /// Made on the first wait, so bodies that are already there cost no timer.
    sleep: Option<Pin<Box<Sleep>>>,
    late: Arc<AtomicBool>,
}

#[derive(Debug)]
struct BodyTooSlow;

impl std::fmt::Display for BodyTooSlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the request body did not arrive in time")
    }
}

impl std::error::Error for BodyTooSlow {}

impl Body for DeadlineBody {
    type Data = bytes::Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = self.get_mut();
        if let Poll::Ready(frame) = Pin::new(&mut this.body).poll_frame(cx) {
            return Poll::Ready(frame.map(|frame| frame.map_err(Into::into)));
        }
        let deadline = this.deadline;
        let sleep = this
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        ready!(sleep.as_mut().poll(cx));
        this.late.store(true, Ordering::Relaxed);
        Poll::Ready(Some(Err(BodyTooSlow.into())))
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
