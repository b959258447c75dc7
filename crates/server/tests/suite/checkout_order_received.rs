//! The order-received page after a bank transfer ordered on the classic form: the order's
//! number, date, email, total and payment method, the instructions and bank accounts the
//! merchant set on the gateway, the lines, and the billing and shipping addresses.

use crate::cart_page_support::{Browser, CART_SHOP};
use crate::checkout_page::{form, nonce, post, rates};

use axum::http::StatusCode;
use mercato_core::calendar::DateTime;
use mercato_core::settings::{BankAccount, ShopSettings};
use mercato_db::testing::TestDb;
use mercato_db::{Backend, orders};
use mercato_server::assets::Assets;
use mercato_server::payments::{Gateways, all_turned_on};
use mercato_server::{AppState, ServerConfig};

const INSTRUCTIONS: &str = "Use your order number as the reference.";

/// The cart shop, every gateway on, bank transfer with two accounts and instructions.
async fn shop_with_bank_accounts() -> (TestDb, axum::Router) {
    let test_db = TestDb::with_fixture(Backend::Sqlite, &CART_SHOP)
        .await
        .expect("database");
    let settings = ShopSettings::default();
    let mut gateways = all_turned_on();
    for gateway in &mut gateways {
        if gateway.id == "bacs" {
            gateway.instructions = Some(INSTRUCTIONS.to_owned());
            gateway.accounts = Some(vec![
                BankAccount {
                    account_name: "Mercato Studio LLC".to_owned(),
                    bank_name: "Mission Community Bank".to_owned(),
                    account_number: "000123456789".to_owned(),
                    sort_code: "110000000".to_owned(),
                    iban: String::new(),
                    bic: "MCBKUS6S".to_owned(),
                },
                BankAccount {
                    account_name: "Mercato Europe".to_owned(),
                    iban: "DE89370400440532013000".to_owned(),
                    ..BankAccount::default()
                },
            ]);
        }
    }
    let gateways = Gateways::configure(&gateways, &settings.currency);
    let state = AppState::with_gateways(
        test_db.db.clone(),
        ServerConfig::default(),
        settings,
        Assets::default(),
        gateways,
    );
    (test_db, mercato_server::router(state))
}

#[tokio::test]
async fn the_order_received_page_shows_the_whole_order_and_where_to_pay() {
    let (test_db, app) = shop_with_bank_accounts().await;
    let mut browser = Browser::on(&app);
    let added = browser.get("/shop/?add-to-cart=18").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let rate = rates(&page.body)
        .into_iter()
        .find(|r| r.starts_with("flat_rate"))
        .expect("flat rate");
    let fields = form(
        &nonce(&page),
        &[
            ("shipping_method[0]", rate.as_str()),
            ("payment_method", "bacs"),
            ("ship_to_different_address", "1"),
            ("shipping_first_name", "Sam"),
            ("shipping_last_name", "Doe"),
            ("shipping_address_1", "9 Side Road"),
            ("shipping_city", "Fresno"),
            ("shipping_state", "CA"),
            ("shipping_postcode", "93650"),
            ("shipping_country", "US"),
        ],
    );
    let placed = post(&mut browser, &fields).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    let received = browser.get(&placed.location).await;
    assert_eq!(received.status, StatusCode::OK, "{}", received.body);
    let id: i64 = placed.location["/checkout/order-received/".len()..]
        .split('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("order id");
    let order = orders::load(&test_db.db, id)
        .await
        .expect("load")
        .expect("order");
    let date = DateTime::from_unix(order.dates.created).long_date();
    let body = &received.body;
    for part in [
        format!("Order number: <strong>{id}</strong>"),
        format!("Date: <strong>{date}</strong>"),
        "Email: <strong>jane@example.com</strong>".to_owned(),
        format!(
            "Total: <strong>{}</strong>",
            ShopSettings::default().currency.format(order.totals.total)
        ),
        "Payment method: <strong>Direct bank transfer</strong>".to_owned(),
        INSTRUCTIONS.to_owned(),
        "Our bank details".to_owned(),
        format!("Please use order number {id} as the payment reference."),
        "Mercato Studio LLC:".to_owned(),
        "Bank: <strong>Mission Community Bank</strong>".to_owned(),
        "Account number: <strong>000123456789</strong>".to_owned(),
        "Sort code: <strong>110000000</strong>".to_owned(),
        "BIC: <strong>MCBKUS6S</strong>".to_owned(),
        "Mercato Europe:".to_owned(),
        "IBAN: <strong>DE89370400440532013000</strong>".to_owned(),
        "Beanie <strong class=\"product-quantity\">&times;&nbsp;1</strong>".to_owned(),
        "<h2>Billing address</h2>".to_owned(),
        "<address>Jane Doe<br>1 Main Street<br>Springfield, CA 90210<br>555-0100<br>jane@example.com</address>".to_owned(),
        "<h2>Shipping address</h2>".to_owned(),
        "<address>Sam Doe<br>9 Side Road<br>Fresno, CA 93650<br></address>".to_owned(),
    ] {
        assert!(body.contains(&part), "missing {part}: {body}");
    }
    assert_eq!(order.billing.email, "jane@example.com");
}

#[tokio::test]
async fn a_pickup_order_shows_no_shipping_address() {
    // WooCommerce hides the shipping address of an order collected in person
    // (`needs_shipping_address`); the page showed the billing address under that heading.
    let (_test_db, app) = shop_with_bank_accounts().await;
    let mut browser = Browser::on(&app);
    let added = browser.get("/shop/?add-to-cart=18").await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let page = browser.get("/checkout/").await;
    let pickup = rates(&page.body)
        .into_iter()
        .find(|r| r.starts_with("pickup_location"))
        .expect("a pickup rate");
    let fields = form(
        &nonce(&page),
        &[
            ("shipping_method[0]", pickup.as_str()),
            ("payment_method", "bacs"),
        ],
    );
    let placed = post(&mut browser, &fields).await;
    assert_eq!(placed.status, StatusCode::SEE_OTHER, "{}", placed.body);
    let received = browser.get(&placed.location).await;
    assert_eq!(received.status, StatusCode::OK, "{}", received.body);
    let body = &received.body;
    assert!(body.contains("<h2>Billing address</h2>"), "{body}");
    assert!(!body.contains("Shipping address"), "{body}");
}
