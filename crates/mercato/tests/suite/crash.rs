//! The server killed with SIGKILL in the middle of a checkout load, then started again: every
//! order is either whole or absent, and stock and coupon counts agree with the orders.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType, Stock};
use mercato_core::money::Money;
use mercato_core::orders::OrderStatus;
use mercato_core::pricing::{Coupon, CouponKind, Decimal};
use mercato_db::catalogue::{self, CatalogueWriter, StoredRecord};
use mercato_db::{Db, coupons, orders};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const IN_STOCK: i64 = 100_000;
const COUPON: &str = "crash5";
const SHOPPERS: usize = 8;
/// Orders placed before the kill (so the kill lands in the middle of a steady load).
const ORDERS_BEFORE_KILL: i64 = 40;

struct Server {
    child: Child,
    addr: String,
}

fn start(url: &str, dir: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mercato"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("DATABASE_URL", url)
        .env("MERCATO_OUTBOX_DIR", dir.join("outbox"))
        .env("MERCATO_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the server");
    let stdout = child.stdout.take().expect("stdout");
    let line = crate::common::first_line_within(stdout);
    let addr = line
        .trim()
        .strip_prefix("mercato listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_owned();
    Server { child, addr }
}

/// One HTTP/1.1 exchange on its own connection; `None` when the server is gone.
async fn call(
    addr: &str,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
) -> Option<(u16, String, Value)> {
    let mut stream = TcpStream::connect(addr).await.ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} /wp-json/wc/store/v1{path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nCart-Token: {token}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.ok()?;
    let text = String::from_utf8_lossy(&raw);
    let (head, payload) = text.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let token = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("cart-token: ")
                .or_else(|| l.strip_prefix("Cart-Token: "))
        })
        .unwrap_or("")
        .to_owned();
    Some((
        status,
        token,
        serde_json::from_str(payload).unwrap_or(Value::Null),
    ))
}

/// Buys the mug with the coupon, over and over, until the server goes away.
async fn shopper(addr: String, product: i64, n: usize) {
    let address = json!({
        "first_name": "Ada", "last_name": "Lovelace", "address_1": "1 Engine Row",
        "city": "San Francisco", "state": "CA", "postcode": "94103", "country": "US",
        "phone": "4155550100", "email": format!("shopper{n}@example.com"),
    });
    loop {
        let Some((200, token, _)) = call(&addr, "GET", "/cart", "", None).await else {
            return;
        };
        let steps = [
            ("/cart/add-item", json!({"id": product, "quantity": 2})),
            ("/cart/apply-coupon", json!({"code": COUPON})),
            (
                "/checkout",
                json!({"billing_address": address, "shipping_address": address, "payment_method": "cod"}),
            ),
        ];
        for (path, body) in &steps {
            match call(&addr, "POST", path, &token, Some(body)).await {
                Some((status, _, reply)) => {
                    assert!(status < 500, "{path}: {status} {reply}");
                }
                None => return,
            }
        }
    }
}

async fn stock_of(db: &Db, id: i64) -> i64 {
    match catalogue::load_record(db, id).await.expect("read") {
        Some(StoredRecord::Product(p)) => p.stock.quantity.expect("managed"),
        _ => panic!("the product is gone"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_killed_server_leaves_whole_orders_and_true_counts() {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());
    let db = Db::connect(&url).await.expect("connect");
    mercato_db::migrate::run(&db).await.expect("migrate");
    crate::common::turn_on_gateways(&db).await;
    let mut writer = CatalogueWriter::begin(&db).await.expect("writer");
    let mut mug = Product::new(ProductId(0), ProductType::Simple, "Crash Mug");
    mug.pricing = Pricing::regular(Money::from_minor(1200));
    mug.stock = Stock::managed(IN_STOCK);
    let product = writer
        .save_product(&mut mug, &mut [])
        .await
        .expect("save")
        .0;
    writer.commit().await.expect("commit");
    coupons::save(
        &db,
        &Coupon {
            code: COUPON.into(),
            kind: CouponKind::FixedCart,
            amount: Decimal::parse("5").expect("amount"),
            ..Coupon::default()
        },
    )
    .await
    .expect("coupon");

    // Eight shoppers from one address place orders far faster than the checkout rate limit
    // allows a client; this test is about a crash, so the limit is off.
    let off = mercato_core::settings::CheckoutRateLimit {
        enabled: false,
        ..Default::default()
    };
    mercato_db::options::set(&db, mercato_core::settings::CheckoutRateLimit::OPTION, &off)
        .await
        .expect("settings");
    let mut server = start(&url, dir.path());
    let shoppers: Vec<_> = (0..SHOPPERS)
        .map(|n| tokio::spawn(shopper(server.addr.clone(), product, n)))
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let placed = orders::count_with_status(&db, OrderStatus::Processing)
            .await
            .expect("count");
        if placed >= ORDERS_BEFORE_KILL {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "only {placed} orders in two minutes"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    server.child.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix.
    server.child.wait().expect("reaped");
    for shopper in shoppers {
        shopper.await.expect("shopper");
    }

    // Started again on the same file: it serves, and the books balance.
    let mut again = start(&url, dir.path());
    let (status, _, cart) = call(&again.addr, "GET", "/cart", "", None)
        .await
        .expect("serves");
    assert_eq!(status, 200, "{cart}");
    again.child.kill().expect("stop");
    again.child.wait().expect("reaped");

    let db = Db::connect(&url).await.expect("reconnect");
    let all = orders::list(&db, None, 1_000_000).await.expect("orders");
    let mut sold = 0;
    let mut with_coupon = 0;
    let mut whole = 0;
    for order in &all {
        match order.status {
            OrderStatus::CheckoutDraft => continue,
            OrderStatus::Pending | OrderStatus::Processing => {}
            other => panic!("order {} is {other:?}", order.id),
        }
        assert_eq!(order.line_items.len(), 1, "order {} has its line", order.id);
        assert_eq!(order.line_items[0].quantity, 2);
        assert!(
            order.totals.total > Money::ZERO,
            "order {} has its totals",
            order.id
        );
        assert!(
            !order.billing.email.is_empty(),
            "order {} has its address",
            order.id
        );
        sold += i64::from(order.line_items[0].quantity);
        if order.coupon_lines.iter().any(|c| c.code == COUPON) {
            with_coupon += 1;
        }
        whole += 1;
    }
    assert!(whole >= ORDERS_BEFORE_KILL);
    assert_eq!(
        IN_STOCK - stock_of(&db, product).await,
        sold,
        "stock taken = stock sold"
    );
    let coupon = coupons::get_by_code(&db, COUPON)
        .await
        .expect("read")
        .expect("coupon");
    assert_eq!(
        i64::from(coupon.usage_count),
        with_coupon,
        "coupon uses = orders with it"
    );
}
