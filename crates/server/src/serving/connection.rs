//! One connection: hyper's HTTP/1.1 with the header-read timeout, an idle watchdog, and a
//! graceful close when the server shuts down.
//!
//! About keep-alive: in hyper 1.12 the header-read timer starts as soon as the connection
//! waits for a request head, right after accept and again right after each response (hyper's
//! `State::idle` re-arms the read for exactly that). So a keep-alive connection waiting for
//! its next request is already closed after the header timeout; the idle watchdog here
//! covers what that timer does not: a connection where nothing moves in either direction
//! between a handler's answer and the end of its response (a client that stopped reading).

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::{OwnedSemaphorePermit, watch};
use tokio::time::{Duration, Instant};

use super::ServeOptions;
use super::request;

/// Serves one accepted connection until it ends, goes idle too long, or is closed by the
/// server's shutdown; `_slot` is its place under the connection cap, given back on return.
pub(super) async fn serve(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    options: Arc<ServeOptions>,
    mut closing: watch::Receiver<bool>,
    _slot: OwnedSemaphorePermit,
) {
    let activity = Arc::new(Activity::new());
    let io = TokioIo::new(Watched {
        stream,
        activity: Arc::clone(&activity),
    });
    let service = {
        let activity = Arc::clone(&activity);
        let options = Arc::clone(&options);
        hyper::service::service_fn(move |req| {
            let working = activity.handler_started();
            let answer = request::handle(app.clone(), req, peer, &options);
            async move {
                let response = answer.await;
                drop(working);
                Ok::<_, std::convert::Infallible>(response)
            }
        })
    };
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(options.header_timeout)
        .serve_connection(io, service);
    tokio::pin!(connection);
    let mut shutting_down = false;
    loop {
        tokio::select! {
            served = connection.as_mut() => {
                if let Err(e) = served {
                    // Header timeouts, resets, malformed requests: the client's doing.
                    tracing::debug!(error = %e, "connection ended with an error");
                }
                return;
            }
            () = activity.idle_for(options.idle_timeout) => {
                tracing::debug!("closing a connection idle for too long");
                return; // dropping the connection closes the socket
            }
            _ = closing.changed(), if !shutting_down => {
                // An idle connection closes now; one with a request in flight closes
                // after its response; a half-sent head has until its header timeout (or the
                // shutdown deadline, whichever comes first).
                shutting_down = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// When bytes last moved on a connection, and how many of its handlers are working.
#[derive(Debug)]
struct Activity {
    start: Instant,
    /// Milliseconds from `start` to the last read or write that moved bytes.
    last: AtomicU64,
    handlers: AtomicUsize,
}

impl Activity {
    fn new() -> Self {
        Self {
            start: Instant::now(),
            last: AtomicU64::new(0),
            handlers: AtomicUsize::new(0),
        }
    }

    fn touch(&self) {
        let elapsed = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last.store(elapsed, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.start + Duration::from_millis(self.last.load(Ordering::Relaxed))
    }

    fn handler_started(self: &Arc<Self>) -> Working {
        self.handlers.fetch_add(1, Ordering::Relaxed);
        Working(Arc::clone(self))
    }

    /// Completes once nothing has moved for `limit` while no handler was working; a handler
    /// is bounded by the request timeout instead.
    async fn idle_for(&self, limit: Duration) {
        loop {
            let now = Instant::now();
            let until = if self.handlers.load(Ordering::Relaxed) > 0 {
                now + limit
            } else {
                self.last() + limit
            };
            if until <= now {
                return;
            }
            tokio::time::sleep_until(until).await;
        }
    }
}

/// A handler at work on the connection; the idle clock restarts when it is done.
struct Working(Arc<Activity>);

impl Drop for Working {
    fn drop(&mut self) {
        self.0.touch();
        self.0.handlers.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The socket, noting every read and write that moves bytes.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
