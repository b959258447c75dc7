//! The totals rows under the lines, as a shopper without JavaScript reads them on the classic
//! checkout (`GET /checkout/`, the order review) and on the cart page: fees shown, amounts with
//! their tax when the shop shows prices so, and rows that add up to the total shown. Both pages
//! show the same rows, and the mini cart the same subtotal.

use crate::cart_page_support::{Browser, RefShop, cart_shop};
use crate::store_api_cart_support::Client;

use axum::http::StatusCode;
use mercato_core::money::{Currency, Money};
use mercato_db::options;
use serde_json::{Value, json};

/// A shopper in California with two T-Shirts and a Cap, the `ten` coupon and gift wrapping;
/// returns their browser and the Store API cart.
async fn wrapped_cart(shop: &RefShop) -> (Browser, Value) {
    let mut client = Client::new(&shop.app);
    client.get("/cart").await;
    for (id, quantity) in [(17, 2), (20, 1)] {
        let added = client
            .post("/cart/add-item", json!({"id": id, "quantity": quantity}))
            .await;
        assert_eq!(added.status.as_u16(), 201, "{}", added.body);
    }
    let address = json!({
        "first_name": "Jane", "last_name": "Doe", "address_1": "1 Main Street",
        "city": "Springfield", "state": "CA", "postcode": "90210", "country": "US",
    });
    let calls = [
        (
            "/cart/update-customer",
            json!({"billing_address": address, "shipping_address": address}),
        ),
        ("/cart/apply-coupon", json!({"code": "ten"})),
        (
            "/cart/extensions",
            json!({"namespace": "mercato", "data": {"gift_wrap": true}}),
        ),
    ];
    let mut cart = Value::Null;
    for (path, body) in calls {
        let reply = client.post(path, body).await;
        assert_eq!(reply.status.as_u16(), 200, "{path}: {}", reply.body);
        cart = reply.body;
    }
    let mut browser = Browser::new(shop);
    browser.cookies = client.cookies.clone();
    (browser, cart)
}

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{start}: {text}"))
        + start.len();
    let to = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("{end}: {text}"));
    &text[from..from + to]
}

/// The first amount in `text` ("$10.83", "-$1.95").
fn amount_in(text: &str) -> Option<String> {
    let at = text.find('$')?;
    let sign = if text[..at].ends_with('-') { "-" } else { "" };
    let digits: String = text[at + 1..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
        .collect();
    Some(format!("{sign}${digits}"))
}

/// The rows of a totals table as `(label, amount)`: a shipping row's amount is its chosen
/// rate's price (nothing for a free one), the total row's its first amount.
fn rows(table: &str) -> Vec<(String, String)> {
    let mut rows = table.split("<tr class=\"");
    rows.next(); // the table's opening, before the first row
    rows.filter(|row| row.contains("<th scope=\"row\">"))
        .map(|row| {
            let class = row.split('"').next().unwrap_or("");
            let label = between(row, "<th scope=\"row\">", "</th>");
            let cell = &row[row.find("<td").expect("a cell")..];
            if class.contains("shipping") {
                let chosen = between(cell, " checked> <label", "</label>");
                let price = amount_in(chosen).unwrap_or_else(|| "$0.00".to_owned());
                ("Shipping".to_owned(), price)
            } else {
                (label.to_owned(), amount_in(cell).expect("an amount"))
            }
        })
        .collect()
}

/// The order review's rows on the checkout page.
fn review_rows(body: &str) -> Vec<(String, String)> {
    rows(between(body, "<tfoot>", "</tfoot>"))
}

/// The cart page's totals rows.
fn cart_rows(body: &str) -> Vec<(String, String)> {
    rows(between(body, "<section class=\"cart_totals\"", "</table>"))
}

/// Minor units of "$1,234.56" or "-$1.95".
fn minor(amount: &str) -> i64 {
    let negative = amount.starts_with('-');
    let digits: String = amount.chars().filter(char::is_ascii_digit).collect();
    let value: i64 = digits.parse().expect("an amount");
    if negative { -value } else { value }
}

/// Asserts that every row but the last (the total) adds up to it.
fn assert_add_up(rows: &[(String, String)]) {
    let (total, rest) = rows.split_last().expect("rows");
    assert_eq!(total.0, "Total", "{rows:?}");
    let sum: i64 = rest.iter().map(|(_, amount)| minor(amount)).sum();
    assert_eq!(
        sum,
        minor(&total.1),
        "the rows add up to the total: {rows:?}"
    );
}

fn dollars(cart: &Value, field: &str) -> i64 {
    cart["totals"][field]
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{field}: {cart}"))
}

fn format(minor: i64) -> String {
    Currency::default().format(Money::from_minor(minor))
}

#[tokio::test]
async fn the_checkout_shows_fees_and_prices_with_tax_in_rows_adding_up_to_the_total() {
    let shop = cart_shop().await;
    options::set(
        &shop.state.db,
        "tax",
        &json!({"display_cart_including_tax": true}),
    )
    .await
    .expect("tax settings");
    let (mut browser, cart) = wrapped_cart(&shop).await;
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let review = review_rows(&page.body);
    let labels: Vec<&str> = review.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(
        labels,
        ["Subtotal", "Coupon: ten", "Shipping", "Gift wrap", "Total"],
        "with tax shown, the tax is no row of its own: {review:?}"
    );
    // Each with its 8.25 %: the items (2 × 18.00 + 16.00), the flat rate and the wrapping.
    let items = dollars(&cart, "total_items") + dollars(&cart, "total_items_tax");
    assert_eq!(review[0].1, format(items));
    assert_eq!(items, 5200 + 429);
    assert_eq!(review[2].1, "$10.83");
    assert_eq!(review[3].1, "$5.41");
    assert_eq!(review[4].1, format(dollars(&cart, "total_price")));
    assert_add_up(&review);
    let tax = format(dollars(&cart, "total_tax"));
    assert!(
        page.body.contains(&format!(
            "<small class=\"includes_tax\">Including {tax} CA Tax (8.25%)</small>"
        )),
        "the total names the tax it includes: {}",
        page.body
    );
    // The lines' subtotals include their tax too: 2 × 18.00 + 8.25 %.
    assert!(
        page.body
            .contains("T-Shirt <strong class=\"product-quantity\">&times;&nbsp;2</strong></td><td class=\"product-total\">$38.97</td>"),
        "{}",
        page.body
    );

    // The cart page shows the same rows, the mini cart the same subtotal.
    let cart_page = browser.get("/cart/").await;
    assert_eq!(cart_rows(&cart_page.body), review);
    let mut ajax = crate::store_ajax_support::Browser::new(&shop.app);
    ajax.cookies = browser.cookies.clone();
    let fragments = ajax.ajax("get_refreshed_fragments", &[]).await;
    let widget = fragments.fragment("div.widget_shopping_cart_content");
    let subtotal = review[0].1.replace('$', "&#36;</span>");
    assert!(
        widget.contains(&format!("<strong>Subtotal:</strong> <span class=\"woocommerce-Price-amount amount\"><bdi><span class=\"woocommerce-Price-currencySymbol\">{subtotal}</bdi>")),
        "{widget}"
    );
}

#[tokio::test]
async fn prices_shown_without_tax_add_a_tax_row() {
    let shop = cart_shop().await;
    let (mut browser, cart) = wrapped_cart(&shop).await;
    let page = browser.get("/checkout/").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let review = review_rows(&page.body);
    let tax = format(dollars(&cart, "total_tax"));
    let shown: Vec<(&str, &str)> = review
        .iter()
        .map(|(l, a)| (l.as_str(), a.as_str()))
        .collect();
    assert_eq!(
        shown,
        [
            ("Subtotal", "$52.00"),
            ("Coupon: ten", "-$5.20"),
            ("Shipping", "$10.00"),
            ("Gift wrap", "$5.00"),
            ("CA Tax (8.25%)", tax.as_str()),
            ("Total", format(dollars(&cart, "total_price")).as_str()),
        ]
    );
    assert_add_up(&review);
    assert!(!page.body.contains("includes_tax"));
    let cart_page = browser.get("/cart/").await;
    assert_eq!(cart_rows(&cart_page.body), review);
}
