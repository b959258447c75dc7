//! Where links in emails point (security review 2, N1): `serve` on an address other shops'
//! visitors can reach needs `--public-url`, and a `--public-url` that is not an http(s)
//! origin is refused, each with a message that says what to do.

use std::process::{Command, Stdio};

fn serve(url: &str, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mercato"));
    command
        .arg("serve")
        .args(args)
        .env("DATABASE_URL", url)
        .env("MERCATO_LOG", "error")
        .env_remove("MERCATO_PUBLIC_URL");
    command
}

#[tokio::test]
async fn serving_beyond_loopback_needs_a_public_url_for_email_links() {
    let (_dir, url, _db) = crate::common::cli_shop().await;
    let refused = crate::common::run_within(&mut serve(&url, &["--addr", "0.0.0.0:0"]));
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("--public-url"), "{said}");
    assert!(said.contains("Host header"), "{said}");

    for bad in [
        "javascript:alert(1)",
        "shop.example",
        "https://shop.example/shop/",
    ] {
        let refused = crate::common::run_within(&mut serve(
            &url,
            &["--addr", "127.0.0.1:0", "--public-url", bad],
        ));
        assert!(!refused.status.success(), "{bad}");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(
            said.contains("http(s) origin") || said.contains("not a URL"),
            "{bad}: {said}"
        );
    }

    // With its public address given, the shop serves on every interface.
    let mut child = serve(
        &url,
        &[
            "--addr",
            "0.0.0.0:0",
            "--public-url",
            "https://shop.example",
        ],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::null())
    .spawn()
    .expect("start");
    let line = crate::common::first_line_within(child.stdout.take().expect("stdout"));
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("mercato listening on http://0.0.0.0:"),
        "{line}"
    );
}
