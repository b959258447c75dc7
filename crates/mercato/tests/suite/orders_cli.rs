//! `mercato orders …` through the real binary, on a SQLite file with an order placed through
//! the storage API.

use std::process::{Command, Output};

use mercato_core::catalogue::{Pricing, Product, ProductId, ProductType, Stock};
use mercato_core::money::Money;
use mercato_core::orders::{
    Address, CreatedVia, LineItem, Order, OrderDates, OrderKey, OrderStatus, OrderTotals,
};
use mercato_db::catalogue::{self, CatalogueWriter};
use mercato_db::{Db, orders};

struct Shop {
    _dir: tempfile::TempDir,
    url: String,
    db: Db,
    product: i64,
    order: i64,
}

fn order(product_id: i64) -> Order {
    let amount = Money::from_minor(5000);
    Order {
        id: 0,
        order_key: OrderKey::generate([7; 13]),
        status: OrderStatus::CheckoutDraft,
        customer_id: 0,
        billing: Address {
            first_name: "Grace".into(),
            last_name: "Hopper".into(),
            address_1: "1 Compiler Way".into(),
            city: "Arlington".into(),
            country: "US".into(),
            email: "grace@example.com".into(),
            ..Address::default()
        },
        shipping: Address::default(),
        customer_note: String::new(),
        currency: "USD".into(),
        prices_include_tax: false,
        line_items: vec![LineItem {
            addons: Vec::new(),
            id: 1,
            product_id: ProductId(product_id),
            variation_id: None,
            name: "Mercato Mug".into(),
            sku: "MUG-1".into(),
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
        payment_method: "cod".into(),
        payment_method_title: "Cash on delivery".into(),
        transaction_id: String::new(),
        attribution: None,
        // What an installed extension's data namespace kept (POST /cart/extensions).
        extension_data: [("acme/tips".to_owned(), serde_json::json!({"tip": 2}))].into(),
        stock_reduced: false,
        dates: OrderDates::default(),
        created_via: CreatedVia::StoreApi,
        customer_ip: String::new(),
        customer_user_agent: String::new(),
        notes: Vec::new(),
    }
}

/// A shop with one mug (10 in stock) and a processing order for two of them.
async fn shop() -> Shop {
    let dir = tempfile::tempdir().expect("dir");
    let url = format!("sqlite://{}", dir.path().join("shop.db").display());
    let db = Db::connect(&url).await.expect("connect");
    mercato_db::migrate::run(&db).await.expect("migrate");
    let mut writer = CatalogueWriter::begin(&db).await.expect("writer");
    let mut mug = Product::new(ProductId(0), ProductType::Simple, "Mercato Mug");
    mug.pricing = Pricing::regular(Money::from_minor(2500));
    mug.stock = Stock::managed(10);
    let product = writer
        .save_product(&mut mug, &mut [])
        .await
        .expect("save")
        .0;
    writer.commit().await.expect("commit");
    let draft = orders::create_or_refresh_draft(
        &db,
        &format!("t_{:030}", 1),
        None,
        &order(product),
        &[(product, 2)],
        mercato_db::now() + 600,
    )
    .await
    .expect("draft");
    let mut placing = draft.clone();
    placing.status = OrderStatus::Processing;
    let placed = orders::place(
        &db,
        draft.id,
        &placing,
        &[(product, 2)],
        &[],
        "grace@example.com",
        None,
    )
    .await
    .expect("place");
    Shop {
        _dir: dir,
        url,
        db,
        product,
        order: placed.order.id,
    }
}

fn mercato(shop: &Shop, args: &[&str]) -> Output {
    crate::common::run_within(
        Command::new(env!("CARGO_BIN_EXE_mercato"))
            .args(args)
            .env("DATABASE_URL", &shop.url)
            .env("MERCATO_LOG", "error"),
    )
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The stock column as stored now (uncached: the CLI changes it from another process).
async fn stock(shop: &Shop) -> Option<i64> {
    match catalogue::load_record(&shop.db, shop.product)
        .await
        .expect("read")
    {
        Some(catalogue::StoredRecord::Product(product)) => product.stock.quantity,
        other => panic!("expected the product, got {other:?}"),
    }
}

#[tokio::test]
async fn list_and_show_an_order() {
    let shop = shop().await;
    let id = shop.order.to_string();
    let listed = mercato(
        &shop,
        &["orders", "list", "--status", "processing", "--limit", "5"],
    );
    assert!(listed.status.success(), "{listed:?}");
    let text = stdout(&listed);
    assert!(
        text.contains(&format!("#{id}")) && text.contains("grace@example.com"),
        "{text}"
    );
    let none = mercato(&shop, &["orders", "list", "--status", "completed"]);
    assert_eq!(stdout(&none).trim(), "no orders");
    let shown = mercato(&shop, &["orders", "show", &id]);
    assert!(shown.status.success(), "{shown:?}");
    let text = stdout(&shown);
    for expected in [
        "Status:   processing",
        "Cash on delivery (cod)",
        "Mercato Mug × 2 [MUG-1]",
        // Core's totals rows, and the address in the US format.
        "\nSubtotal: $50.00\nPayment method: Cash on delivery\nTotal:    $50.00\n",
        "  Grace Hopper\n  1 Compiler Way\n  Arlington\n  grace@example.com\n",
        "Attribution: none",
        "\nExtension data:\n  acme/tips: {\"tip\":2}\n",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in {text}");
    }
    let missing = mercato(&shop, &["orders", "show", "9999"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no order 9999"));
}

#[tokio::test]
async fn set_status_restores_stock_and_refuses_bad_moves() {
    let shop = shop().await;
    let id = shop.order.to_string();
    assert_eq!(stock(&shop).await, Some(8));
    let cancelled = mercato(&shop, &["orders", "set-status", &id, "cancelled"]);
    assert!(cancelled.status.success(), "{cancelled:?}");
    assert!(stdout(&cancelled).contains("is now cancelled"));
    assert_eq!(stock(&shop).await, Some(10));
    let refused = mercato(&shop, &["orders", "set-status", &id, "refunded"]);
    assert!(!refused.status.success());
    let error = String::from_utf8_lossy(&refused.stderr);
    assert!(
        error.contains("cannot go from cancelled to refunded"),
        "{error}"
    );
    let unknown = mercato(&shop, &["orders", "set-status", &id, "shipped"]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("not an order status"));
}
