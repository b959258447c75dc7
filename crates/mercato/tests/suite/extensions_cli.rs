//! `mercato extensions list` through the real binary: each installed extension with its
//! scripts and gateways, each folder that cannot load with everything wrong with it (exit
//! status 1), and the others still listed; `--extensions-dir` and `MERCATO_EXTENSIONS_DIR`
//! both name the folder.

use std::path::Path;

use crate::common::{run_cli as mercato, text};

fn install(dir: &Path, name: &str, manifest: &str, files: &[&str]) {
    let folder = dir.join(name);
    std::fs::create_dir_all(folder.join("dist")).expect("folder");
    std::fs::write(folder.join("extension.json"), manifest).expect("manifest");
    for file in files {
        std::fs::write(folder.join(file), "console.log('hi');").expect("file");
    }
}

#[test]
fn the_merchant_lists_extensions_and_sees_what_is_wrong() {
    let dir = tempfile::tempdir().expect("dir");
    let extensions = dir.path().join("extensions");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());

    let empty = mercato(
        &url,
        &[
            "extensions",
            "list",
            "--extensions-dir",
            extensions.to_str().expect("path"),
        ],
        "",
    );
    assert!(empty.status.success(), "{}", text(&empty.stderr));
    assert_eq!(
        text(&empty.stdout).trim(),
        format!("no extensions in {}", extensions.display())
    );

    install(
        &extensions,
        "acme",
        r#"{"name": "acme", "version": "1.2.0",
            "scripts": [{"src": "dist/index.js", "handle": "acme-blocks", "deps": ["wc-blocks-registry", "jquery"]}],
            "gateways": [{"id": "acme", "title": "Acme Pay", "app": {"url": "https://pay.acme.example/pay", "secret": "0123456789abcdef"}},
                         {"id": "acme_invoice", "title": "Invoice", "settle": "on-hold"}],
            "data_schema": {"acme": {"type": "object"}, "acme/tips": {"type": "object"}}}"#,
        &["dist/index.js"],
    );
    install(
        &extensions,
        "broken",
        r#"{"name": "other", "scripts": [{"src": "dist/missing.js", "handle": "b"}],
            "gateways": [{"id": "bacs", "title": "Mine", "settle": "on-hold"}],
            "data_schema": {"broken": {"type": "nonsense"}}}"#,
        &[],
    );
    install(
        &extensions,
        "typo",
        r#"{"name": "typo", "gatways": []}"#,
        &[],
    );

    // Named by the environment this time.
    let listed = std::process::Command::new(env!("CARGO_BIN_EXE_mercato"))
        .args(["extensions", "list"])
        .env("DATABASE_URL", &url)
        .env("MERCATO_EXTENSIONS_DIR", &extensions)
        .env("MERCATO_LOG", "error")
        .output()
        .expect("mercato");
    assert_eq!(listed.status.code(), Some(1), "{}", text(&listed.stderr));
    let stdout = text(&listed.stdout);
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "acme 1.2.0: 1 script, gateways: acme (payment app), acme_invoice (offline), extension data: acme, acme/tips",
            "broken: NOT LOADED",
            "  - name \"other\" must be the folder's name (\"broken\")",
            "  - gateways[0].id \"bacs\" is one of Mercato's own gateways",
            "  - scripts[0].src \"dist/missing.js\" is not a file inside the extension's folder",
            "  - data_schema.broken is not a valid JSON Schema: at /type: \"nonsense\" is not valid under any of the schemas listed in the 'anyOf' keyword",
            "typo: NOT LOADED",
            "  - extension.json is not valid: unknown field `gatways`, expected one of `name`, `version`, `description`, `scripts`, `settings`, `gateways`, `origins`, `data_schema` at line 1 column 26",
            "warning: extension \"acme\": script \"acme-blocks\" depends on \"jquery\", which Mercato does not provide; it loads anyway",
        ],
        "{stdout}"
    );
    assert!(
        text(&listed.stderr).contains("2 extensions of 3 could not be loaded"),
        "{}",
        text(&listed.stderr)
    );
    assert!(!stdout.contains("0123456789abcdef"), "no secret printed");
}

#[tokio::test]
async fn the_gateway_setting_may_name_an_installed_extension_s_gateways() {
    let (dir, url, _db) = crate::common::cli_shop().await;
    let extensions = dir.path().join("extensions");
    install(
        &extensions,
        "acme",
        r#"{"name": "acme", "gateways": [{"id": "acme_invoice", "title": "Invoice", "settle": "on-hold"}]}"#,
        &[],
    );
    let setting = r#"[{"id": "acme_invoice", "enabled": false}, {"id": "cod", "enabled": true}]"#;
    let refused = mercato(
        &url,
        &[
            "settings",
            "set",
            "payment_gateways",
            "-",
            "--extensions-dir",
            dir.path().join("none").to_str().expect("path"),
        ],
        setting,
    );
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("acme_invoice"),
        "{}",
        text(&refused.stderr)
    );
    let saved = mercato(
        &url,
        &[
            "settings",
            "set",
            "payment_gateways",
            "-",
            "--extensions-dir",
            extensions.to_str().expect("path"),
        ],
        setting,
    );
    assert!(saved.status.success(), "{}", text(&saved.stderr));
}
