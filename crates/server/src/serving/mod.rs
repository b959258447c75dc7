//! Serving the router on a socket, with limits a slow or hostile client cannot outwait: a
//! header-read timeout, a request timeout, a body deadline, an idle timeout, a cap on open
//! connections, and a shutdown that ends by a deadline (security review, F2).
//!
//! Connections are HTTP/1.1 only, served by hyper's `http1` builder: hyper-util's `auto`
//! builder first waits for the HTTP/2 preface with no timer at all, which is the very hole
//! being closed here (and HTTP/2 was never enabled).

mod connection;
mod request;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// The limits `serve` applies; the binary's flags set them (`mercato serve --help`).
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// A client must send a request's line and headers within this long of the connection
    /// waiting for them: from accept, and again after each response (keep-alive).
    pub header_timeout: Duration,
    /// A handler must answer within this long of the request's head, or the client gets 503.
    pub request_timeout: Duration,
    /// A request's whole body must arrive within this long of its head, or the client gets
    /// 408 and the connection is closed.
    pub body_timeout: Duration,
    /// A connection on which nothing is read or written for this long, while no handler is
    /// working for it, is closed.
    pub idle_timeout: Duration,
    /// Connections served at once; further ones wait in the kernel's listen queue.
    pub max_connections: usize,
    /// After the shutdown signal, requests in flight get this long to finish; then whatever
    /// is left is closed and `serve` returns.
    pub shutdown_timeout: Duration,
}

impl Default for ServeOptions {
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs(15),
            request_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(15),
            idle_timeout: Duration::from_secs(60),
            max_connections: 512,
            shutdown_timeout: Duration::from_secs(10),
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes. Then it stops accepting, lets the
/// requests in flight finish for up to `options.shutdown_timeout`, closes what is left and
/// returns.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    options: ServeOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let options = Arc::new(options);
    let slots = Arc::new(Semaphore::new(options.max_connections.max(1)));
    let (closing, closing_seen) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut failures = AcceptFailures::default();
    tokio::pin!(shutdown);
    loop {
        // A slot first, then accept: over the cap, clients wait in the listen queue, where
        // they cost the process no file descriptor, and are served in turn as slots free up.
        let slot = tokio::select! {
            () = &mut shutdown => break,
            slot = Arc::clone(&slots).acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break, // never closed
            },
        };
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((stream, peer)) => {
                failures.recovered();
                while connections.try_join_next().is_some() {}
                connections.spawn(connection::serve(
                    stream,
                    peer,
                    app.clone(),
                    Arc::clone(&options),
                    closing_seen.clone(),
                    slot,
                ));
            }
            // The client gave up before we accepted it: nothing to wait for.
            Err(e) if is_connection_error(&e) => {}
            Err(e) => {
                // Out of file descriptors (or memory): accepting again at once would fail
                // again at once, so wait, longer each time, until a connection closes.
                let pause = failures.failed(&e);
                tokio::select! {
                    () = &mut shutdown => break,
                    () = tokio::time::sleep(pause) => {}
                }
            }
        }
    }
    drop(listener);
    let open = connections.len();
    tracing::info!(
        connections = open,
        deadline_secs = options.shutdown_timeout.as_secs(),
        "stopped accepting; letting requests in flight finish"
    );
    let _ = closing.send(true);
    let deadline = Instant::now() + options.shutdown_timeout;
    let finished = tokio::time::timeout_at(deadline, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    if finished.is_err() {
        tracing::warn!(
            connections = connections.len(),
            "shutdown deadline passed: closing the connections still open"
        );
        connections.shutdown().await;
    }
}

/// Errors that concern one connection only, as axum's own `serve` tells them apart.
fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        e.kind(),
        ErrorKind::ConnectionRefused | ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset
    )
}

/// A run of failed accepts: how long to pause after each, and logging that names the first
/// failure and then at most one line a minute, not one per attempt.
#[derive(Debug, Default)]
struct AcceptFailures {
    count: u64,
    pause: Duration,
    logged: Option<Instant>,
}

impl AcceptFailures {
    const FIRST_PAUSE: Duration = Duration::from_millis(10);
    const LONGEST_PAUSE: Duration = Duration::from_secs(1);
    const LOG_EVERY: Duration = Duration::from_secs(60);

    fn failed(&mut self, e: &std::io::Error) -> Duration {
        self.count += 1;
        self.pause = if self.count == 1 {
            Self::FIRST_PAUSE
        } else {
            (self.pause * 2).min(Self::LONGEST_PAUSE)
        };
        let now = Instant::now();
        if self
            .logged
            .is_none_or(|at| now.duration_since(at) >= Self::LOG_EVERY)
        {
            self.logged = Some(now);
            tracing::error!(
                error = %e,
                failures = self.count,
                "cannot accept connections; retrying with a pause (is the open-files limit below --max-connections?)"
            );
        }
        self.pause
    }

    fn recovered(&mut self) {
        if self.count > 0 {
            tracing::warn!(failures = self.count, "accepting connections again");
        }
        *self = Self::default();
    }
}
