//! `mercato serve` on a shop the test prepared, and plain HTTP/1.0 requests to it (one
//! connection each, the answer read to its end), for tests that need the real server and then
//! the real command line on the same database.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};

use super::CHILD_DEADLINE;

/// The server, killed when dropped; its log (stderr) goes to a file.
pub struct Served {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    log: PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer: status, headers (names lower-cased), body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

/// The address `mercato serve` printed first on its piped stdout, within [`CHILD_DEADLINE`]
/// (the test fails with the server's log, `log`, otherwise). The pipe stays open, and read,
/// while the server runs.
pub fn listening_address(child: &mut Child, log: &std::path::Path) -> SocketAddr {
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        if let Some(Ok(line)) = lines.next() {
            let _ = tx.send(line);
        }
        for _ in lines {} // keep the pipe open while the server runs
    });
    let line = rx.recv_timeout(CHILD_DEADLINE).unwrap_or_else(|_| {
        panic!(
            "no address printed: {}",
            std::fs::read_to_string(log).unwrap_or_default()
        )
    });
    line.trim()
        .strip_prefix("mercato listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .parse()
        .expect("address")
}

impl Answer {
    /// The first header called `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: not JSON: {}", self.body))
    }
}

impl Served {
    /// `mercato serve` on the shop at `url` (logs at `log_level`), once it printed its address.
    pub fn start(dir: &std::path::Path, url: &str, extra_args: &[&str], log_level: &str) -> Self {
        let log = dir.join("server.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_mercato"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(extra_args)
            .env("DATABASE_URL", url)
            .env("MERCATO_OUTBOX_DIR", dir.join("outbox"))
            .env("MERCATO_LOG", log_level)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start the server");
        let addr = listening_address(&mut child, &log);
        Self { child, addr, log }
    }

    /// What the server logged so far.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// One request; `headers` are sent as given, a body as JSON.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&serde_json::Value>,
    ) -> Answer {
        let mut stream = TcpStream::connect(self.addr).expect("connect");
        stream
            .set_read_timeout(Some(CHILD_DEADLINE))
            .expect("timeout");
        let body = body.map(ToString::to_string).unwrap_or_default();
        let mut head = format!("{method} {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n");
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if !body.is_empty() {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).expect("write");
        stream.write_all(body.as_bytes()).expect("write");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("read the answer");
        let raw = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .expect("status line");
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        Answer {
            status,
            headers,
            body: body.to_owned(),
        }
    }
}
