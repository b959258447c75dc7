//! `GET /checkout/order-received/{id}/?key=…`: the placed order, for the right people only.
//! Without the right key the page is the helpful 404, so ids cannot be probed. The key alone
//! is not enough to see someone's name, email and address (keys travel in URLs: history,
//! shared links, support tickets), as in WooCommerce 8.4+:
//!
//! - an order of a customer account is shown only to that customer, logged in; anyone else
//!   gets a page asking them to log in (403), without the order's details;
//! - a guest order is shown in the session that placed it (its cart is the order's cart);
//!   elsewhere the visitor is asked for the order's billing email first (`POST` to the same
//!   address with `key` and `email`; a wrong one is told so and shown nothing).
//!
//! A paid order's download links are listed (docs/downloads.md); a guest order's carry the
//! order's key, which is what lets its buyer download without an account.

use axum::extract::{Path, State};
use axum::http::{StatusCode, Uri};
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::calendar::DateTime;
use mercato_core::money::Money;
use mercato_core::orders::{Address, Order, OrderStatus};
use mercato_core::payments::OfflineGateway;
use mercato_core::settings::BankAccount;
use serde::Serialize;

use crate::cart::identity::cart_key_of;
use crate::input::{FormFields, form_value};
use crate::layout::{PageContext, PageResult, Shopper, not_found_page, render_page};
use crate::state::AppState;

/// The order as the page shows it (the account's order view shows the same).
#[derive(Debug, Serialize)]
pub struct ReceivedView {
    number: i64,
    date: String,
    email: String,
    total: String,
    payment_method: String,
    failed: bool,
    lines: Vec<(String, String, u32, String)>,
    totals: Vec<(String, String)>,
    note: String,
    billing: Vec<String>,
    shipping: Vec<String>,
    /// The gateway's instructions (where to send a check, what to put on a transfer).
    instructions: String,
    /// For a bank transfer, the accounts to pay into.
    bank_accounts: Vec<BankAccount>,
}

/// Whether the visitor may see the order.
enum Access {
    Granted,
    /// A customer's order, and the visitor is not that customer logged in.
    NeedsLogin,
    /// A guest order outside the session that placed it.
    NeedsEmail,
}

async fn access(state: &AppState, jar: &CookieJar, order: &Order) -> mercato_db::DbResult<Access> {
    let session = crate::session::current(state, jar).await?;
    if order.customer_id > 0 {
        let theirs = session.and_then(|s| s.user_id) == Some(order.customer_id);
        return Ok(if theirs {
            Access::Granted
        } else {
            Access::NeedsLogin
        });
    }
    let placing_cart = mercato_db::orders::cart_key(&state.db, order.id).await?;
    let this_cart = session.as_ref().and_then(cart_key_of);
    Ok(match (placing_cart, this_cart) {
        (Some(placed_from), Some(ours)) if placed_from == ours => Access::Granted,
        _ => Access::NeedsEmail,
    })
}

/// `GET /checkout/order-received/{id}/?key=…`.
pub async fn show(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    Path(id): Path<String>,
    uri: Uri,
) -> PageResult {
    let key = super::key_param(&uri);
    answer(&state, &shopper, &jar, &uri, &id, &key, None).await
}

/// `POST /checkout/order-received/{id}/`: `key` and `email`, for a guest order seen outside
/// the session that placed it.
pub async fn verify(
    State(state): State<AppState>,
    jar: CookieJar,
    Path(id): Path<String>,
    uri: Uri,
    FormFields(fields): FormFields,
) -> PageResult {
    // A post to this page shows no shopper in the layout, as before: it pays for no session
    // read or pricing of its own.
    let shopper = Shopper::default();
    let field = |name: &str| form_value(&fields, name).unwrap_or("").trim();
    answer(
        &state,
        &shopper,
        &jar,
        &uri,
        &id,
        field("key"),
        Some(field("email")),
    )
    .await
}

/// The order with this `key` as the visitor may see it; `email` is the billing email they
/// confirmed, if they sent one.
async fn answer(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    uri: &Uri,
    id: &str,
    key: &str,
    email: Option<&str>,
) -> PageResult {
    let Some(order) = super::keyed_order(state, id, key).await? else {
        return Ok(not_found_page(state, shopper, jar, uri.path()));
    };
    let check = match access(state, jar, &order).await? {
        Access::Granted => return received(state, shopper, jar, uri, &order).await,
        Access::NeedsLogin => Check::Login,
        Access::NeedsEmail => match email {
            None => Check::Email,
            Some(email) => {
                let stored = order.billing.email.trim();
                if !stored.is_empty() && stored.eq_ignore_ascii_case(email) {
                    return received(state, shopper, jar, uri, &order).await;
                }
                Check::WrongEmail
            }
        },
    };
    Ok(check_page(state, shopper, jar, uri, &order, key, check))
}

async fn received(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    uri: &Uri,
    order: &Order,
) -> PageResult {
    let view = received_view(state, order);
    let downloads = crate::downloads::for_order(state, order, true).await?;
    let context = PageContext::new(state, jar, "Order received", uri.path())
        .with_body_class("woocommerce-checkout woocommerce-order-received");
    Ok(render_page(
        state,
        shopper,
        "checkout/received.html",
        StatusCode::OK,
        &context,
        minijinja::context! { order => view, downloads => downloads },
    ))
}

/// What the visitor is asked for instead of the order.
#[derive(Clone, Copy, PartialEq)]
enum Check {
    Login,
    Email,
    WrongEmail,
}

fn check_page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    uri: &Uri,
    order: &Order,
    key: &str,
    check: Check,
) -> Response {
    let (title, status) = match check {
        Check::Login => ("Log in to view this order", StatusCode::FORBIDDEN),
        Check::Email => ("Confirm your email address", StatusCode::OK),
        Check::WrongEmail => ("Confirm your email address", StatusCode::FORBIDDEN),
    };
    let context = PageContext::new(state, jar, title, uri.path())
        .with_body_class("woocommerce-checkout woocommerce-order-received");
    render_page(
        state,
        shopper,
        "checkout/received_check.html",
        status,
        &context,
        minijinja::context! {
            needs_login => check == Check::Login,
            wrong => check == Check::WrongEmail,
            number => order.id,
            key => key,
            action => uri.path(),
        },
    )
}

/// The view of `order` (`partials/order_details.html` shows its lines, totals and
/// addresses).
pub fn received_view(state: &AppState, order: &Order) -> ReceivedView {
    let currency = &state.settings.currency;
    let money = |m: Money| currency.format(m);
    // WooCommerce's labels carry their colon here (`get_order_item_totals`).
    let totals = order
        .totals_rows()
        .iter()
        .map(|row| (format!("{}:", row.label), row.value_text(money)))
        .collect();
    // While the order is open (an offline gateway's money is awaited); a completed, failed
    // or cancelled order needs no more telling. Gateways paid at once have no instructions.
    let open = matches!(
        order.status,
        OrderStatus::Pending | OrderStatus::OnHold | OrderStatus::Processing
    );
    let (instructions, bank_accounts) = if open {
        let (instructions, accounts) = state.gateways.payment_details(&order.payment_method);
        let accounts = if order.payment_method == OfflineGateway::Bacs.id() {
            accounts.to_vec()
        } else {
            Vec::new()
        };
        (instructions.to_owned(), accounts)
    } else {
        (String::new(), Vec::new())
    };
    ReceivedView {
        number: order.id,
        date: DateTime::from_unix(order.dates.created).long_date(),
        email: order.billing.email.clone(),
        total: money(order.totals.total),
        payment_method: order.payment_method_title.clone(),
        failed: order.status == OrderStatus::Failed,
        lines: order
            .line_items
            .iter()
            .map(|l| {
                let details = l
                    .attributes
                    .iter()
                    .chain(&l.addons)
                    .map(|a| format!("{}: {}", a.label, a.display_value))
                    .collect::<Vec<_>>()
                    .join(", ");
                (l.name.clone(), details, l.quantity, money(l.subtotal))
            })
            .collect(),
        totals,
        note: order.customer_note.clone(),
        billing: address_lines(&order.billing, &state.settings.base_country),
        // An order collected in person has no address to ship to: WooCommerce hides it
        // (`needs_shipping_address`), and so do the order emails (`emails::view`).
        shipping: if order.needs_shipping_address() {
            address_lines(&order.shipping, &state.settings.base_country)
        } else {
            Vec::new()
        },
        instructions,
        bank_accounts,
    }
}

/// The address's lines in its country's format, then its phone.
fn address_lines(address: &Address, base_country: &str) -> Vec<String> {
    let mut lines = address.lines(base_country);
    if !address.phone.trim().is_empty() {
        lines.push(address.phone.clone());
    }
    lines
}
