//! Security review 2, N8: shopper text with terminal escape sequences, typed through the real
//! server's Store API checkout (or already stored), then read by the staff with the command
//! line. Nothing a terminal would obey may reach it.

use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType};
use mercato_core::money::Money;
use mercato_core::orders::Address;
use mercato_db::catalogue::CatalogueWriter;
use mercato_db::{Db, orders, users};
use serde_json::json;

use crate::common::served::{Answer, Served};
use crate::common::{cli_shop, run_cli, text};

const API: &str = "/wp-json/wc/store/v1";

/// Bytes a terminal obeys rather than shows: ESC, BEL, and the C1 CSI/OSC/ST in UTF-8.
fn assert_inert(output: &str) {
    for (i, c) in output.char_indices() {
        let obeyed = c.is_control() && !matches!(c, '\n' | '\t');
        assert!(
            !obeyed,
            "control {c:?} at byte {i} reaches the terminal in:\n{output}"
        );
    }
}

/// A virtual poster (nothing to ship), and the gateways turned on.
async fn stock_the_shop(db: &Db) -> i64 {
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut poster = Product::new(ProductId(0), ProductType::Simple, "City Lights Poster");
    poster.pricing = Pricing::regular(Money::from_minor(1800));
    poster.is_virtual = true;
    let id = writer
        .save_product(&mut poster, &mut [])
        .await
        .expect("save")
        .0;
    writer.commit().await.expect("commit");
    crate::common::turn_on_gateways(db).await;
    id
}

/// The session cookie and the nonce an answer hands out.
fn session_of(answer: &Answer, cookie: &mut String) -> String {
    for (name, value) in &answer.headers {
        if name == "set-cookie" {
            let pair = value.split(';').next().unwrap_or("");
            if !cookie.is_empty() {
                cookie.push_str("; ");
            }
            cookie.push_str(pair);
        }
    }
    answer.header("nonce").expect("a Nonce header").to_owned()
}

#[tokio::test]
async fn escape_sequences_typed_at_checkout_never_reach_the_staffs_terminal() {
    let (dir, url, db) = cli_shop().await;
    let poster = stock_the_shop(&db).await;
    let served = Served::start(dir.path(), &url, &["--assets-dir", "/nonexistent"], "warn");

    // The review's reproduction (N8): a colour in the name, a note that erases the line above
    // and forges a status, an OSC 8 hyperlink in the attribution.
    let mut cookie = String::new();
    let cart = served.request("GET", &format!("{API}/cart"), &[], None);
    assert_eq!(cart.status, 200, "{cart:?}");
    let nonce = session_of(&cart, &mut cookie);
    let added = served.request(
        "POST",
        &format!("{API}/cart/add-item"),
        &[("Cookie", &cookie), ("Nonce", &nonce)],
        Some(&json!({"id": poster, "quantity": 1})),
    );
    assert_eq!(added.status, 201, "{added:?}");
    let nonce = session_of(&added, &mut cookie);
    let placed = served.request(
        "POST",
        &format!("{API}/checkout"),
        &[("Cookie", &cookie), ("Nonce", &nonce)],
        Some(&json!({
            "billing_address": {
                "first_name": "Ann\u{1b}[31m", "last_name": "T", "address_1": "1 Main St",
                "city": "San Francisco", "state": "CA", "postcode": "94103", "country": "US",
                "phone": "4155550100", "email": "esc@example.com"
            },
            "payment_method": "cheque",
            "customer_note": "note \u{1b}[2K\u{1b}[1AStatus:   completed\r\nsecond line",
            "extensions": {"woocommerce/order-attribution": {
                "source_type": "utm",
                "utm_source": "news\u{1b}]8;;https://evil.example/\u{7}click\u{1b}]8;;\u{7}"
            }}
        })),
    );
    assert_eq!(placed.status, 200, "{placed:?}");
    let id = placed.json()["order_id"].as_i64().expect("order_id");

    // Dropped on the way in: the stored order holds no control but the note's line break.
    let stored = orders::load(&db, id).await.expect("load").expect("order");
    assert_eq!(stored.billing.first_name, "Ann[31m");
    assert_eq!(
        stored.customer_note,
        "note [2K[1AStatus:   completed\nsecond line"
    );
    let shown = run_cli(&url, &["orders", "show", &id.to_string()], "");
    assert!(shown.status.success(), "{}", text(&shown.stderr));
    let out = text(&shown.stdout);
    assert_inert(&out);
    for expected in [
        "  Ann[31m T\n",
        // The note's second line is marked as the note's, not a field of its own.
        "Note: note [2K[1AStatus:   completed\n    | second line\n",
        "utm_source: news]8;;https://evil.example/click]8;;\n",
    ] {
        assert!(out.contains(expected), "{expected:?} missing in:\n{out}");
    }
    drop(served);
}

#[tokio::test]
async fn stored_escape_sequences_are_shown_as_escapes() {
    // Rows written before input was cleaned (or by another writer) still hold them: the
    // command line shows them as `\u{1b}`, never sends them.
    let (_dir, url, db) = cli_shop().await;
    let address = Address {
        email: "title@example.com".to_owned(),
        ..Address::default()
    };
    users::create(
        &db,
        users::NewUser {
            email: "title@example.com",
            password_hash: "x",
            display_name: "Eve\u{1b}]0;pwned\u{7}\u{202e}",
            billing: &address,
            shipping: &Address::default(),
        },
    )
    .await
    .expect("user");
    let listed = run_cli(&url, &["users", "list"], "");
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let out = text(&listed.stdout);
    assert_inert(&out);
    assert!(
        out.contains("\tEve\\u{1b}]0;pwned\\u{7}\\u{202e}\n"),
        "{out}"
    );
}
