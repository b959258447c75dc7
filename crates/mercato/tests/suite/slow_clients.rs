//! Slow and hostile clients against the real binary (security review, F2): half-sent
//! requests, trickled bodies, a shutdown with a request half-sent, more connections than the
//! cap, and more than the open-files limit. The limits are set through their environment
//! variables, so an older binary that ignores them starts and fails on what it does.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinSet;
use tokio::time::{Instant, timeout};

/// Slack for a loaded machine on top of every limit the tests wait for.
const MARGIN: Duration = Duration::from_secs(3);
const PARTIAL_HEAD: &[u8] = b"GET / HTTP/1.1\r\nHost: x\r\n";

/// `mercato serve` on a fresh SQLite file, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn start(env: &[(&str, &str)]) -> Self {
        Self::start_with_open_files(env, None)
    }

    /// Started through `sh` to lower its open-files limit (`ulimit -n`) first.
    fn start_with_open_files(env: &[(&str, &str)], open_files: Option<u32>) -> Self {
        let dir = tempfile::tempdir().expect("dir");
        let log = dir.path().join("server.log");
        let mut command = match open_files {
            Some(limit) => {
                let mut sh = Command::new("sh");
                sh.arg("-c")
                    .arg(format!("ulimit -n {limit} && exec \"$0\" \"$@\""))
                    .arg(env!("CARGO_BIN_EXE_mercato"));
                sh
            }
            None => Command::new(env!("CARGO_BIN_EXE_mercato")),
        };
        let mut child = command
            .args(["serve", "--addr", "127.0.0.1:0"])
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("shop.db").display()),
            )
            .env("MERCATO_OUTBOX_DIR", dir.path().join("outbox"))
            .env("MERCATO_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start the server");
        let addr = crate::common::served::listening_address(&mut child, &log);
        Self {
            child,
            addr,
            log,
            _dir: dir,
        }
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// A connection that sent `bytes` and nothing more.
    async fn open(&self, bytes: &[u8]) -> TcpStream {
        let mut stream = TcpStream::connect(self.addr).await.expect("connect");
        stream.write_all(bytes).await.expect("write");
        stream
    }

    /// `GET path` on a fresh connection: the whole answer, or `None` if none came in time.
    async fn get(&self, path: &str, limit: Duration) -> Option<String> {
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        let stream = self.open(request.as_bytes()).await;
        read_answer(stream, limit).await
    }

    /// Waits, polling, for the process to exit: its status, or `None` if still running.
    async fn exited_within(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return Some(status);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        None
    }

    /// CPU time the process has used (user + system), from `/proc`.
    fn cpu_time(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("/proc/PID/stat");
        // Fields after the command name, which is in parentheses: state is the first,
        // utime and stime the 12th and 13th, in clock ticks (USER_HZ, 100 on Linux).
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .expect("stat")
            .1
            .split_whitespace()
            .collect();
        let ticks: u64 =
            fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
        Duration::from_millis(ticks * 10)
    }
}

/// Reads until the server closes; the text, or `None` when it did not close within `limit`.
async fn read_answer(mut stream: TcpStream, limit: Duration) -> Option<String> {
    let mut raw = Vec::new();
    match timeout(limit, stream.read_to_end(&mut raw)).await {
        Ok(_) => Some(String::from_utf8_lossy(&raw).into_owned()),
        Err(_) => None,
    }
}

/// Reads until the server closes the connection (EOF or reset); when that happened, or
/// `None` if it was still open at `deadline`.
async fn closed_by_server(mut stream: TcpStream, deadline: Instant) -> Option<Instant> {
    let mut buf = [0_u8; 1024];
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return Some(Instant::now()),
            Ok(Ok(_)) => {}
            Err(_) => return None,
        }
    }
}

fn status_line(answer: &str) -> &str {
    answer.lines().next().unwrap_or("")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_closed_after_the_header_timeout() {
    const HELD: usize = 300;
    let header_timeout = Duration::from_secs(2);
    let server = Server::start(&[("MERCATO_HEADER_TIMEOUT_SECS", "2")]);
    let opened = Instant::now();
    let mut held = Vec::with_capacity(HELD);
    for _ in 0..HELD {
        held.push(server.open(PARTIAL_HEAD).await);
    }

    let answer = server
        .get("/healthz", MARGIN)
        .await
        .expect("an ordinary request is answered meanwhile");
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{answer}");

    let deadline = Instant::now() + header_timeout + MARGIN;
    let mut waits = JoinSet::new();
    for stream in held {
        waits.spawn(closed_by_server(stream, deadline));
    }
    let mut still_open = 0;
    let mut earliest = None::<Duration>;
    while let Some(closed) = waits.join_next().await {
        match closed.expect("task") {
            Some(at) => {
                let after = at - opened;
                earliest = Some(earliest.map_or(after, |e| e.min(after)));
            }
            None => still_open += 1,
        }
    }
    assert_eq!(
        still_open, 0,
        "half-sent requests still open after {deadline:?}"
    );
    // Closed by the timeout, not turned away at once.
    let earliest = earliest.expect("some closed");
    assert!(
        earliest >= header_timeout - Duration::from_millis(500),
        "closed after {earliest:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() {
    let idle_timeout = Duration::from_secs(2);
    let server = Server::start(&[
        ("MERCATO_IDLE_TIMEOUT_SECS", "2"),
        ("MERCATO_HEADER_TIMEOUT_SECS", "60"),
    ]);
    let mut stream = server
        .open(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    // The whole answer (its Content-Length says how much), on a connection kept alive.
    let mut raw = Vec::new();
    let mut buf = [0_u8; 1024];
    let answered = timeout(MARGIN, async {
        loop {
            let text = String::from_utf8_lossy(&raw).to_ascii_lowercase();
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length: "))
                    .and_then(|n| n.trim().parse::<usize>().ok());
                if length.is_some_and(|n| body.len() >= n) {
                    return true;
                }
            }
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return false,
                Ok(n) => raw.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    let answer = String::from_utf8_lossy(&raw).into_owned();
    assert_eq!(answered, Ok(true), "{answer}");
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{answer}");
    let answered_at = Instant::now();

    let closed = closed_by_server(stream, answered_at + idle_timeout + MARGIN)
        .await
        .expect("the idle connection is closed");
    let after = closed - answered_at;
    assert!(
        after >= idle_timeout - Duration::from_millis(500),
        "closed after {after:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trickled_body_is_cut_off_after_the_body_timeout() {
    let body_timeout = Duration::from_secs(2);
    let server = Server::start(&[("MERCATO_BODY_TIMEOUT_SECS", "2")]);
    // The store AJAX endpoint reads a form body before anything else.
    let stream = server
        .open(
            b"POST /?wc-ajax=get_refreshed_fragments HTTP/1.1\r\nHost: x\r\n\
              Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n",
        )
        .await;
    let sent = Instant::now();
    let (mut reading, mut writing) = stream.into_split();
    // One byte every 250 ms: 25 s for the whole body.
    let trickle = tokio::spawn(async move {
        for _ in 0..100 {
            tokio::time::sleep(Duration::from_millis(250)).await;
            if writing.write_all(b"a").await.is_err() {
                return;
            }
        }
    });
    let mut raw = Vec::new();
    let mut buf = [0_u8; 1024];
    let closed = loop {
        match timeout(body_timeout + MARGIN, reading.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => break true,
            Ok(Ok(n)) => raw.extend_from_slice(&buf[..n]),
            Err(_) => break false,
        }
    };
    trickle.abort();
    let answer = String::from_utf8_lossy(&raw);
    assert!(closed, "still open after {:?}: {answer}", sent.elapsed());
    assert!(
        sent.elapsed() >= body_timeout - Duration::from_millis(500),
        "cut off after {:?}",
        sent.elapsed()
    );
    // The answer can be lost when the server's close races the next byte (a reset);
    // when it arrives, it says why.
    if !answer.is_empty() {
        assert_eq!(
            status_line(&answer),
            "HTTP/1.1 408 Request Timeout",
            "{answer}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_with_a_half_sent_request_exits_by_the_shutdown_deadline() {
    let grace = Duration::from_secs(2);
    let mut server = Server::start(&[
        ("MERCATO_SHUTDOWN_TIMEOUT_SECS", "2"),
        ("MERCATO_HEADER_TIMEOUT_SECS", "60"),
    ]);
    let half_sent = server.open(PARTIAL_HEAD).await;
    let mut finishing = server.open(b"GET /healthz HTTP/1.1\r\nHost: x\r\n").await;
    // Answered after both connected, so both were accepted (the listen queue is in order).
    let answer = server.get("/healthz", MARGIN).await.expect("answered");
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{answer}");

    let killed = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let signalled = Instant::now();

    // A request that completes during the shutdown is still answered.
    finishing.write_all(b"\r\n").await.expect("write");
    let answer = read_answer(finishing, grace + MARGIN)
        .await
        .expect("the request in flight is answered");
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{answer}");

    let status = server
        .exited_within(grace + MARGIN)
        .await
        .unwrap_or_else(|| panic!("still running {:?} after SIGTERM", signalled.elapsed()));
    let took = signalled.elapsed();
    assert!(status.success(), "{status}: {}", server.log_text());
    // It waited for the half-sent request, up to the deadline.
    assert!(
        took >= grace - Duration::from_millis(500),
        "exited after {took:?}"
    );
    assert!(
        closed_by_server(half_sent, Instant::now() + MARGIN)
            .await
            .is_some()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_the_connection_cap_clients_wait_their_turn() {
    const CAP: usize = 4;
    let server = Server::start(&[
        ("MERCATO_MAX_CONNECTIONS", "4"),
        ("MERCATO_HEADER_TIMEOUT_SECS", "60"),
    ]);
    let mut held = Vec::new();
    for _ in 0..CAP {
        held.push(server.open(b"").await);
    }
    let mut queued = Vec::new();
    for _ in 0..3 {
        queued.push(server.open(b"").await);
    }
    let request = server
        .open(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await;
    let (mut reading, _writing) = request.into_split();
    let mut first = [0_u8; 1];
    // The cap holds: with every slot taken, nothing is read from this connection.
    assert!(
        timeout(Duration::from_millis(500), reading.read(&mut first))
            .await
            .is_err(),
        "answered past the cap"
    );

    drop(held);
    let mut raw = Vec::new();
    let read = timeout(MARGIN, async {
        reading.read_exact(&mut first).await?;
        raw.push(first[0]);
        reading.read_to_end(&mut raw).await
    })
    .await;
    let answer = String::from_utf8_lossy(&raw);
    assert!(
        matches!(read, Ok(Ok(_))),
        "not served once slots freed: {read:?}"
    );
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{answer}");
    drop(queued);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_file_descriptors_it_pauses_then_serves_again() {
    // 64 descriptors and the default cap (512): accepting fails long before the cap.
    let server = Server::start_with_open_files(&[("MERCATO_HEADER_TIMEOUT_SECS", "60")], Some(64));
    let mut held = Vec::new();
    for _ in 0..100 {
        held.push(server.open(b"").await);
    }
    let failing = Instant::now() + Duration::from_secs(10);
    while !server.log_text().contains("cannot accept connections") {
        assert!(
            Instant::now() < failing,
            "no accept failure logged: {}",
            server.log_text()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // While it cannot accept, it does not spin, and says so once, not at every attempt.
    let before = server.cpu_time();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let spent = server.cpu_time() - before;
    assert!(
        spent < Duration::from_millis(300),
        "{spent:?} of CPU in 1.5 s"
    );
    let log = server.log_text();
    assert_eq!(log.matches("cannot accept connections").count(), 1, "{log}");

    drop(held);
    let answer = server
        .get("/healthz", MARGIN)
        .await
        .expect("served once descriptors are free");
    assert_eq!(status_line(&answer), "HTTP/1.1 200 OK", "{answer}");
}
