//! `serve` on a real socket with routes made for the limits: a handler that outlasts the
//! request timeout, and the peer address handlers read. (Slow clients against the real binary
//! are in `crates/mercato/tests/suite/slow_clients.rs`.)

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::routing::get;
use mercato_server::ServeOptions;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Serves `app` with `options` on a free port until the returned sender is used or dropped.
async fn served(
    app: Router,
    options: ServeOptions,
) -> (
    SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<()>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(mercato_server::serve(listener, app, options, async move {
        let _ = stopped.await;
    }));
    (address, stop, server)
}

/// `GET path` on its own connection: the whole answer, within five seconds.
async fn get_text(address: SocketAddr, path: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = String::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_string(&mut answer))
        .await
        .expect("answered in time")
        .expect("read");
    answer
}

#[tokio::test]
async fn a_handler_over_the_request_timeout_is_answered_503() {
    let app = Router::new()
        .route(
            "/slow",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(60)).await;
                "too late"
            }),
        )
        .route("/fast", get(|| async { "fast" }));
    let options = ServeOptions {
        request_timeout: Duration::from_secs(1),
        ..ServeOptions::default()
    };
    let (address, stop, server) = served(app, options).await;
    let started = tokio::time::Instant::now();
    let answer = get_text(address, "/slow").await;
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable"),
        "{answer}"
    );
    assert!(started.elapsed() >= Duration::from_millis(900));
    assert!(get_text(address, "/fast").await.ends_with("fast"));
    let _ = stop.send(());
    server.await.expect("server");
}

#[tokio::test]
async fn handlers_see_the_peer_address() {
    let app = Router::new().route(
        "/peer",
        get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { peer.ip().to_string() }),
    );
    let (address, stop, server) = served(app, ServeOptions::default()).await;
    let answer = get_text(address, "/peer").await;
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.ends_with("\r\n\r\n127.0.0.1"), "{answer}");
    let _ = stop.send(());
    server.await.expect("server");
}
