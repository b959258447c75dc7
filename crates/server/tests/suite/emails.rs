//! Order emails through the real worker: queued at checkout, written to the outbox as `.eml`
//! files, failures retried, expired stock holds released.

use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType, Stock};
use mercato_core::money::Money;
use mercato_core::orders::{
    Address, CreatedVia, ItemAttribute, LineItem, Order, OrderDates, OrderKey, OrderStatus,
    OrderTotals,
};
use mercato_db::catalogue::CatalogueWriter;
use mercato_db::testing::TestDb;
use mercato_db::{Db, jobs, options, orders};
use mercato_server::emails::{self, Outbox};
use mercato_server::jobs::Worker;
use mercato_server::services::Services;

async fn product(db: &Db) -> i64 {
    let mut writer = CatalogueWriter::begin(db).await.expect("writer");
    let mut p = Product::new(ProductId(0), ProductType::Simple, "Mercato Hoodie");
    p.pricing = Pricing::regular(Money::from_minor(4500));
    p.stock = Stock::managed(10);
    let id = writer.save_product(&mut p, &mut []).await.expect("save");
    writer.commit().await.expect("commit");
    id.0
}

fn order(product_id: i64) -> Order {
    let amount = Money::from_minor(9000);
    Order {
        id: 0,
        order_key: OrderKey::generate([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
        status: OrderStatus::CheckoutDraft,
        customer_id: 0,
        billing: Address {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            address_1: "12 Analytical Row".into(),
            city: "London".into(),
            postcode: "N1 9GU".into(),
            country: "GB".into(),
            email: "ada@example.com".into(),
            ..Address::default()
        },
        shipping: Address::default(),
        customer_note: "Leave it with the porter".into(),
        currency: "USD".into(),
        prices_include_tax: false,
        line_items: vec![LineItem {
            addons: vec![ItemAttribute {
                key: "gift-wrap".into(),
                label: "Gift wrap".into(),
                value: "Yes".into(),
                display_value: "Yes (+$3.00)".into(),
            }],
            id: 1,
            product_id: ProductId(product_id),
            variation_id: None,
            name: "Mercato Hoodie".into(),
            sku: String::new(),
            quantity: 2,
            attributes: Vec::new(),
            subtotal: amount,
            subtotal_tax: Money::ZERO,
            total: amount,
            total_tax: Money::ZERO,
            taxes: Vec::new(),
        }],
        coupon_lines: Vec::new(),
        fee_lines: Vec::new(),
        shipping_lines: Vec::new(),
        tax_lines: Vec::new(),
        totals: OrderTotals {
            total: amount,
            ..OrderTotals::default()
        },
        total_refunded: Money::ZERO,
        payment_method: "bacs".into(),
        payment_method_title: "Direct bank transfer".into(),
        transaction_id: String::new(),
        attribution: None,
        extension_data: Default::default(),
        stock_reduced: false,
        dates: OrderDates::default(),
        created_via: CreatedVia::StoreApi,
        customer_ip: String::new(),
        customer_user_agent: String::new(),
        notes: Vec::new(),
    }
}

/// A placed order (on hold, paid by bank transfer), and a worker writing to a temp outbox.
async fn setup(hold_until: i64) -> (TestDb, Worker, tempfile::TempDir, i64) {
    setup_with(hold_until, order).await
}

/// [`setup`] with the order `make` gives for the product's id.
async fn setup_with(
    hold_until: i64,
    make: fn(i64) -> Order,
) -> (TestDb, Worker, tempfile::TempDir, i64) {
    let test_db = TestDb::sqlite().await.expect("db");
    let db = test_db.db.clone();
    let hoodie = product(&db).await;
    let draft = orders::create_or_refresh_draft(
        &db,
        &format!("t_{:030}", 1),
        None,
        &make(hoodie),
        &[(hoodie, 2)],
        hold_until,
    )
    .await
    .expect("draft");
    let mut placing = draft.clone();
    placing.status = OrderStatus::OnHold;
    let placed = orders::place(
        &db,
        draft.id,
        &placing,
        &[(hoodie, 2)],
        &[],
        "ada@example.com",
        None,
    )
    .await
    .expect("place");
    let services = Services::new(
        db,
        mercato_server::ServerConfig::default(),
        Default::default(),
        crate::shop::gateways(&Default::default()),
    );
    let outbox = tempfile::tempdir().expect("outbox");
    let worker = Worker::new(services, Outbox::new(outbox.path()));
    (test_db, worker, outbox, placed.order.id)
}

fn outbox_files(dir: &std::path::Path) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("read outbox")
        .map(|e| std::fs::read_to_string(e.expect("entry").path()).expect("read eml"))
        .collect();
    files.sort();
    files
}

#[tokio::test]
async fn placed_orders_email_the_shop_and_the_customer() {
    let (test_db, worker, outbox, id) = setup(mercato_db::now() + 600).await;
    let db = &test_db.db;
    options::set(db, "shop_email", "owner@shop.test")
        .await
        .expect("option");
    let account = serde_json::json!([{ "account_name": "Mercato Ltd", "account_number": "12345678", "sort_code": "01-02-03" }]);
    options::set(db, "bacs_accounts", &account)
        .await
        .expect("option");
    emails::enqueue_order_emails(db, id).await;
    while worker.run_one().await.expect("run") {}
    let files = outbox_files(outbox.path());
    assert_eq!(files.len(), 2, "{files:?}");
    let to_shop = files
        .iter()
        .find(|f| f.contains("To: owner@shop.test"))
        .expect("shop email");
    assert!(to_shop.contains(&format!("New order #{id}")), "{to_shop}");
    assert!(
        !to_shop.contains("12345678"),
        "bank details are for the customer"
    );
    let to_customer = files
        .iter()
        .find(|f| f.contains("To: ada@example.com"))
        .expect("customer email");
    for expected in [
        "Subject: Your order is on hold",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Type: text/html; charset=utf-8",
        "Mercato Hoodie × 2",
        // The chosen add-on options under their line, in the text and the HTML part.
        "\r\n  Gift wrap: Yes (+$3.00)",
        "<br><small>Gift wrap: Yes (+$3.00)</small>",
        "12 Analytical Row",
        "Account number: 12345678",
        "Leave it with the porter",
        "Direct bank transfer",
        // Core's totals rows and the British address format, the country by name.
        "Payment method: Direct bank transfer\r\nTotal: $90.00\r\n",
        "Ada Lovelace\r\n12 Analytical Row\r\nLondon\r\nN1 9GU\r\nUnited Kingdom (UK)\r\n",
    ] {
        assert!(
            to_customer.contains(expected),
            "{expected:?} missing in {to_customer}"
        );
    }
    assert!(!jobs::exists(db, emails::SEND_EMAIL).await.expect("exists"));
}

/// [`order`] with a 20 % coupon: the line's $90.00 costs $72.00 after it.
fn discounted(product_id: i64) -> Order {
    let mut order = order(product_id);
    let discount = Money::from_minor(1800);
    order.line_items[0].total = Money::from_minor(7200);
    order.coupon_lines.push(mercato_core::orders::CouponLine {
        id: 2,
        code: "twenty".into(),
        discount_type: "percent".into(),
        discount,
        discount_tax: Money::ZERO,
    });
    order.totals.discount_total = discount;
    order.totals.total = Money::from_minor(7200);
    order
}

#[tokio::test]
async fn the_email_lines_add_up_to_the_subtotal_and_the_discount_is_taken_once() {
    let (test_db, worker, outbox, id) = setup_with(mercato_db::now() + 600, discounted).await;
    emails::enqueue_order_emails(&test_db.db, id).await;
    while worker.run_one().await.expect("run") {}
    let files = outbox_files(outbox.path());
    let to_customer = files
        .iter()
        .find(|f| f.contains("To: ada@example.com"))
        .expect("customer email");
    // The line at its price before the discount, as the order received page shows it, then
    // the rows: $90.00 − $18.00 = $72.00.
    for expected in [
        "Mercato Hoodie × 2: $90.00",
        "<td>2</td><td>$90.00</td>",
        "Subtotal: $90.00\r\nDiscount: -$18.00\r\n",
        "Total: $72.00",
    ] {
        assert!(
            to_customer.contains(expected),
            "{expected:?} missing in {to_customer}"
        );
    }
}

#[tokio::test]
async fn the_shop_address_defaults_and_failures_are_retried() {
    let (test_db, worker, outbox, id) = setup(mercato_db::now() + 600).await;
    let db = &test_db.db;
    let bad = jobs::enqueue(db, emails::SEND_EMAIL, &serde_json::json!({"nope": 1}), 0)
        .await
        .expect("enqueue");
    emails::enqueue_order_emails(db, id).await;
    while worker.run_one().await.expect("run") {}
    let files = outbox_files(outbox.path());
    assert!(
        files.iter().any(|f| f.contains("To: orders@mercato.test")),
        "{files:?}"
    );
    let (attempts, error) = jobs::state(db, bad).await.expect("state").expect("kept");
    assert_eq!(attempts, 1);
    assert!(error.is_some_and(|e| !e.is_empty()));
}

#[tokio::test]
async fn expired_holds_and_rate_limit_windows_are_cleared_every_minute() {
    let (test_db, worker, _outbox, _id) = setup(mercato_db::now() + 600).await;
    let db = &test_db.db;
    let hoodie_draft = orders::create_or_refresh_draft(
        db,
        &format!("t_{:030}", 2),
        None,
        &Order {
            order_key: OrderKey::generate([2; 13]),
            ..order(1)
        },
        &[(1, 3)],
        mercato_db::now() - 1,
    )
    .await
    .expect("expired draft");
    assert!(hoodie_draft.id > 0);
    // A rate-limit window that ended a minute ago, and one still open.
    let now = mercato_db::now();
    mercato_db::rate_limits::hit(db, "ip:192.0.2.1", 5, 10, now - 70)
        .await
        .expect("old window");
    mercato_db::rate_limits::hit(db, "ip:192.0.2.2", 5, 600, now)
        .await
        .expect("open window");
    jobs::enqueue(
        db,
        mercato_server::jobs::RELEASE_EXPIRED_DRAFTS,
        &serde_json::json!({}),
        0,
    )
    .await
    .expect("enqueue");
    assert!(worker.run_one().await.expect("run"));
    let holds: i64 = sqlx::Row::get(
        &sqlx::query("select count(*) from stock_holds")
            .fetch_one(db.pool())
            .await
            .expect("count"),
        0,
    );
    assert_eq!(holds, 0);
    let windows: i64 = sqlx::Row::get(
        &sqlx::query("select count(*) from rate_limits")
            .fetch_one(db.pool())
            .await
            .expect("count"),
        0,
    );
    assert_eq!(
        windows, 1,
        "the ended rate-limit window is cleared, the open one kept"
    );
    // It queued itself again, a minute on.
    assert!(
        jobs::exists(db, mercato_server::jobs::RELEASE_EXPIRED_DRAFTS)
            .await
            .expect("exists")
    );
    assert!(!worker.run_one().await.expect("run"));
}

/// A minimal SMTP server that accepts one connection and returns the DATA it received.
async fn fake_smtp() -> (u16, tokio::task::JoinHandle<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let server = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.expect("accept");
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 fake ESMTP\r\n").await.expect("greet");
        let mut data = String::new();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            if in_data {
                if line == "." {
                    in_data = false;
                    write.write_all(b"250 queued\r\n").await.expect("write");
                } else {
                    data.push_str(&line);
                    data.push('\n');
                }
                continue;
            }
            let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "EHLO" | "HELO" => b"250 fake\r\n",
                "DATA" => {
                    in_data = true;
                    b"354 go on\r\n"
                }
                "QUIT" => {
                    let _ = write.write_all(b"221 bye\r\n").await;
                    break;
                }
                _ => b"250 ok\r\n",
            };
            write.write_all(reply).await.expect("write");
        }
        data
    });
    (port, server)
}

#[tokio::test]
async fn emails_go_over_smtp_when_a_server_is_named() {
    let (test_db, _worker, outbox, id) = setup(mercato_db::now() + 600).await;
    let (port, server) = fake_smtp().await;
    let services = Services::new(
        test_db.db.clone(),
        mercato_server::ServerConfig::default(),
        Default::default(),
        crate::shop::gateways(&Default::default()),
    );
    let smtp = Outbox::smtp(&format!("smtp://127.0.0.1:{port}")).expect("smtp url");
    let worker = Worker::new(services, smtp);
    let job = jobs::enqueue(
        &test_db.db,
        emails::SEND_EMAIL,
        &serde_json::json!({"order_id": id, "audience": "shop"}),
        0,
    )
    .await
    .expect("enqueue");
    assert!(worker.run_one().await.expect("run"));
    assert_eq!(jobs::state(&test_db.db, job).await.expect("state"), None);
    let data = tokio::time::timeout(std::time::Duration::from_secs(10), server)
        .await
        .expect("in time")
        .expect("server");
    assert!(data.contains("To: orders@mercato.test"), "{data}");
    assert!(data.contains(&format!("New order #{id}")), "{data}");
    assert!(outbox_files(outbox.path()).is_empty());
}
