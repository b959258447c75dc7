//! `mercato settings` and `mercato coupons` through the real binary on a temporary SQLite
//! file, and the demo's pricing after `mercato demo`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

struct Shop {
    _dir: tempfile::TempDir,
    url: String,
    dir: std::path::PathBuf,
}

impl Shop {
    fn new() -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let url = format!("sqlite://{}", dir.path().join("shop.db").display());
        Shop {
            dir: dir.path().to_owned(),
            _dir: dir,
            url,
        }
    }

    /// Runs `mercato --database URL args…` with `stdin` as standard input.
    fn run(&self, args: &[&str], stdin: Option<&str>) -> Output {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mercato"))
            .args(["--database", &self.url])
            .args(args)
            .env("MERCATO_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mercato runs");
        if let Some(text) = stdin {
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(text.as_bytes())
                .expect("write stdin");
        }
        drop(child.stdin.take());
        crate::common::output_within(child)
    }

    fn ok(&self, args: &[&str], stdin: Option<&str>) -> String {
        let output = self.run(args, stdin);
        assert!(
            output.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("utf-8")
    }

    fn fails(&self, args: &[&str], stdin: Option<&str>) -> String {
        let output = self.run(args, stdin);
        assert!(!output.status.success(), "{args:?} should fail");
        String::from_utf8(output.stderr).expect("utf-8")
    }

    fn get(&self, name: &str) -> Value {
        serde_json::from_str(&self.ok(&["settings", "get", name], None)).expect("JSON")
    }
}

#[test]
fn settings_round_trip_through_a_file_and_stdin() {
    let shop = Shop::new();
    // Never set: the default in force.
    let rates = shop.get("tax_rates");
    assert_eq!(rates[0]["name"], json!("CA Tax"));
    let file = shop.dir.join("tax.json");
    std::fs::write(
        &file,
        r#"{"enabled": false, "display_cart_including_tax": true}"#,
    )
    .expect("write");
    shop.ok(
        &["settings", "set", "tax", file.to_str().expect("path")],
        None,
    );
    let tax = shop.get("tax");
    assert_eq!(tax["enabled"], json!(false));
    assert_eq!(tax["display_cart_including_tax"], json!(true));
    assert_eq!(tax["itemised"], json!(true), "defaults are filled in");
    let rates = r#"[{"id": 7, "country": "DE", "rate": "19", "name": "MwSt", "shipping": true}]"#;
    shop.ok(&["settings", "set", "tax_rates", "-"], Some(rates));
    let stored = shop.get("tax_rates");
    assert_eq!(stored[0]["country"], json!("DE"));
    assert_eq!(stored[0]["name"], json!("MwSt"));
}

#[test]
fn invalid_settings_are_refused_with_the_reason() {
    let shop = Shop::new();
    let err = shop.fails(&["settings", "set", "tax", "-"], Some("{not json"));
    assert!(err.contains("invalid JSON"), "{err}");
    let err = shop.fails(
        &["settings", "set", "tax", "-"],
        Some(r#"{"enabeld": false}"#),
    );
    assert!(err.contains("unknown field(s): enabeld"), "{err}");
    let err = shop.fails(
        &["settings", "set", "shipping", "-"],
        Some(r#"{"zones": [{"methods": [{"method_id": "teleport"}]}]}"#),
    );
    assert!(err.contains("not a valid shipping setting"), "{err}");
    let err = shop.fails(
        &["settings", "set", "checkout_addresses", "-"],
        Some(r#"{"sell_to": ["gb"]}"#),
    );
    assert!(err.contains("\"gb\" is not a country code"), "{err}");
    shop.ok(
        &["settings", "set", "checkout_addresses", "-"],
        Some(r#"{"sell_to": ["GB"], "fields": {"phone": "required"}}"#),
    );
    assert_eq!(
        shop.get("checkout_addresses")["fields"]["phone"],
        "required"
    );
    assert_eq!(shop.get("checkout_addresses")["ship_to"], json!([]));
    let err = shop.fails(&["settings", "set", "colour", "-"], Some("{}"));
    assert!(err.contains("unknown setting"), "{err}");
    let err = shop.fails(&["settings", "set", "tax", "/nonexistent/x.json"], None);
    assert!(err.contains("cannot read"), "{err}");
    // Nothing was stored.
    assert_eq!(shop.get("tax")["enabled"], json!(true));
}

#[test]
fn coupons_are_set_listed_and_deleted() {
    let shop = Shop::new();
    let coupon = r#"{"code": "SPRING", "discount_type": "percent", "amount": "12.5"}"#;
    let out = shop.ok(&["coupons", "set", "-"], Some(coupon));
    assert!(out.contains("coupon spring saved"), "{out}");
    let list = shop.ok(&["coupons", "list"], None);
    assert!(list.contains("spring\tpercent\t12.5"), "{list}");
    let err = shop.fails(
        &["coupons", "set", "-"],
        Some(r#"{"code": "x", "discount_type": "half"}"#),
    );
    assert!(err.contains("coupon"), "{err}");
    shop.ok(&["coupons", "delete", "spring"], None);
    let err = shop.fails(&["coupons", "delete", "spring"], None);
    assert!(err.contains("no coupon"), "{err}");
    assert!(!shop.ok(&["coupons", "list"], None).contains("spring"));
}

#[test]
fn the_demo_brings_its_pricing_and_keeps_changes_on_reload() {
    let shop = Shop::new();
    shop.ok(&["demo"], None);
    let shipping = shop.get("shipping");
    let zones: Vec<&str> = shipping["zones"]
        .as_array()
        .expect("zones")
        .iter()
        .filter_map(|z| z["name"].as_str())
        .collect();
    assert_eq!(zones, ["United States", "United Kingdom", "European Union"]);
    let pickup = &shipping["everywhere"][0]["locations"];
    assert_eq!(pickup[0]["name"], json!("Mercato Studio, San Francisco"));
    assert_eq!(pickup[1]["name"], json!("Mercato Warehouse, Oakland"));
    let rates = shop.get("tax_rates");
    let ny = rates
        .as_array()
        .expect("rates")
        .iter()
        .find(|r| r["state"] == json!("NY"))
        .expect("NY rate");
    assert_eq!(ny["shipping"], json!(true));
    assert!(
        rates
            .as_array()
            .expect("rates")
            .iter()
            .any(|r| r["country"] == json!("GB"))
    );
    let list = shop.ok(&["coupons", "list"], None);
    for code in ["welcome10", "five", "freeship", "expired", "solo", "tees20"] {
        assert!(list.lines().any(|l| l.starts_with(code)), "{code}: {list}");
    }
    assert!(
        list.contains("categories="),
        "tees20 names its category: {list}"
    );
    // A merchant's change survives loading the demo again.
    shop.ok(&["coupons", "delete", "five"], None);
    shop.ok(&["settings", "set", "coupon_settings", "-"], Some("{}"));
    shop.ok(&["demo"], None);
    assert!(
        shop.ok(&["coupons", "list"], None).contains("five"),
        "a missing demo coupon comes back"
    );
    assert_eq!(
        shop.get("shipping")["zones"].as_array().map(Vec::len),
        Some(3)
    );
}
