//! The customer's own pages: dashboard, orders (paginated), one order (its owner only),
//! downloads, and the saved cards with their delete and make-default links.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::calendar::DateTime;
use mercato_core::orders::{Order, OrderStatus};
use mercato_db::sessions::Session;
use mercato_db::{orders, payment_tokens, users};
use serde::Serialize;

use super::view::{CustomerPage, render};
use super::{customer_session, to_login};
use crate::checkout::order_actions;
use crate::forms::{nonce_for, nonce_ok};
use crate::layout::notices::Notice;
use crate::layout::notices::redirect_with;
use crate::layout::{PageResult, Shopper, not_found_page};
use crate::state::AppState;

/// Orders a page (WooCommerce's `posts_per_page` for the orders endpoint).
const ORDERS_PER_PAGE: i64 = 10;

const PAYMENT_METHODS: &str = "/my-account/payment-methods/";

fn user_of(session: &Session) -> i64 {
    session.user_id.unwrap_or(0)
}

/// The dashboard.
pub async fn dashboard(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    session: &Session,
) -> PageResult {
    let Some(user) = users::load(&state.db, user_of(session)).await? else {
        return Ok(to_login());
    };
    let page = CustomerPage {
        title: "My account",
        path: "/my-account/",
        section: "/my-account/",
        template: "account/dashboard.html",
    };
    render(
        state,
        shopper,
        jar,
        session,
        page,
        StatusCode::OK,
        minijinja::context! { name => user.display_name },
    )
    .await
}

#[derive(Serialize)]
struct OrderRow {
    number: String,
    url: String,
    date: String,
    status: String,
    total: String,
    items: u32,
    /// `Pay`, `Cancel` and `Order again`, where the order allows them (`View` is always
    /// there).
    actions: Vec<OrderAction>,
}

/// A button-looking link of an order: its text, where it goes and its accessible name
/// ("Pay for order number 12").
#[derive(Serialize)]
struct OrderAction {
    class: &'static str,
    label: &'static str,
    name: String,
    url: String,
}

/// What the customer can do with `order`: pay for and cancel it while it waits for payment,
/// order it again once paid. The cancel and order-again links carry nonces bound to the
/// session and the order.
async fn order_actions_of(
    state: &AppState,
    session: &Session,
    order: &Order,
    back: &str,
) -> mercato_db::DbResult<Vec<OrderAction>> {
    let number = order.order_number();
    let mut actions = Vec::new();
    if order.needs_payment() {
        actions.push(OrderAction {
            class: "pay",
            label: "Pay",
            name: format!("Pay for order number {number}"),
            url: order_actions::order_pay_url(order),
        });
    }
    if order.status.customer_may_cancel() {
        let nonce = nonce_for(
            state,
            &order_actions::cancel_nonce_action(order.id),
            session,
        )
        .await?;
        actions.push(OrderAction {
            class: "cancel",
            label: "Cancel",
            name: format!("Cancel order number {number}"),
            url: order_actions::cancel_url(order, &nonce, back),
        });
    }
    if order.status.customer_may_order_again() {
        let nonce = nonce_for(
            state,
            &order_actions::order_again_nonce_action(order.id),
            session,
        )
        .await?;
        actions.push(OrderAction {
            class: "order-again",
            label: "Order again",
            name: format!("Order again: order number {number}"),
            url: order_actions::order_again_url(order.id, &nonce),
        });
    }
    Ok(actions)
}

fn row(state: &AppState, order: &Order) -> OrderRow {
    OrderRow {
        number: order.order_number(),
        url: format!("/my-account/view-order/{}/", order.id),
        date: DateTime::from_unix(order.dates.created).long_date(),
        status: order.status.label().to_owned(),
        total: state.settings.currency.format(order.totals.total),
        items: order.line_items.iter().map(|l| l.quantity).sum(),
        actions: Vec::new(),
    }
}

/// `GET /my-account/orders/`.
pub async fn orders(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    uri: Uri,
) -> PageResult {
    orders_at(&state, &shopper, &jar, &uri, 1).await
}

/// `GET /my-account/orders/{page}/`.
pub async fn orders_page(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    uri: Uri,
    Path(page): Path<String>,
) -> PageResult {
    match page.parse::<i64>() {
        Ok(n) if (1..=100_000).contains(&n) => orders_at(&state, &shopper, &jar, &uri, n).await,
        _ => Ok(not_found_page(&state, &shopper, &jar, uri.path())),
    }
}

async fn orders_at(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    uri: &Uri,
    n: i64,
) -> PageResult {
    let Some(session) = customer_session(state, jar).await? else {
        return Ok(to_login());
    };
    let (list, total) =
        orders::for_customer(&state.db, user_of(&session), n, ORDERS_PER_PAGE).await?;
    let pages = (total + ORDERS_PER_PAGE - 1) / ORDERS_PER_PAGE;
    if n > 1 && n > pages {
        return Ok(not_found_page(state, shopper, jar, uri.path()));
    }
    let link = |page: i64| match page {
        1 => "/my-account/orders/".to_owned(),
        p => format!("/my-account/orders/{p}/"),
    };
    let mut rows: Vec<OrderRow> = Vec::with_capacity(list.len());
    for order in &list {
        let mut shown = row(state, order);
        shown.actions = order_actions_of(state, &session, order, uri.path()).await?;
        rows.push(shown);
    }
    let page = CustomerPage {
        title: "Orders",
        path: uri.path(),
        section: "/my-account/orders/",
        template: "account/orders.html",
    };
    let extra = minijinja::context! {
        orders => rows,
        previous => (n > 1).then(|| link(n - 1)),
        next => (n < pages).then(|| link(n + 1)),
        page_number => n,
        pages => pages,
    };
    render(state, shopper, jar, &session, page, StatusCode::OK, extra).await
}

/// `GET /my-account/view-order/{id}/`: the customer's own order; any other is the 404 page,
/// as one that does not exist (ids cannot be probed).
pub async fn view_order(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    uri: Uri,
    Path(id): Path<String>,
) -> PageResult {
    let Some(session) = customer_session(&state, &jar).await? else {
        return Ok(to_login());
    };
    let order = match id.parse::<i64>() {
        Ok(id) => orders::load(&state.db, id).await?,
        Err(_) => None,
    };
    let Some(order) = order
        .filter(|o| o.customer_id == user_of(&session) && o.status != OrderStatus::CheckoutDraft)
    else {
        return Ok(not_found_page(&state, &shopper, &jar, uri.path()));
    };
    let title = format!("Order #{}", order.order_number());
    let page = CustomerPage {
        title: &title,
        path: uri.path(),
        section: "/my-account/orders/",
        template: "account/view_order.html",
    };
    let mut summary = row(&state, &order);
    summary.actions = order_actions_of(&state, &session, &order, "/my-account/orders/").await?;
    let downloads = crate::downloads::for_order(&state, &order, false).await?;
    let extra = minijinja::context! {
        order => crate::checkout_page::received::received_view(&state, &order),
        summary => summary,
        downloads => downloads,
    };
    render(
        &state,
        &shopper,
        &jar,
        &session,
        page,
        StatusCode::OK,
        extra,
    )
    .await
}

/// `GET /my-account/downloads/`: the customer's downloads from paid orders (docs/downloads.md).
pub async fn downloads(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
) -> PageResult {
    let Some(session) = customer_session(&state, &jar).await? else {
        return Ok(to_login());
    };
    let rows = crate::downloads::for_customer(&state, user_of(&session)).await?;
    let page = CustomerPage {
        title: "Downloads",
        path: "/my-account/downloads/",
        section: "/my-account/downloads/",
        template: "account/downloads.html",
    };
    let extra = minijinja::context! { downloads => rows };
    render(
        &state,
        &shopper,
        &jar,
        &session,
        page,
        StatusCode::OK,
        extra,
    )
    .await
}

#[derive(Serialize)]
struct CardRow {
    label: String,
    expires: String,
    is_default: bool,
    delete_url: String,
    default_url: String,
}

fn delete_action(id: i64) -> String {
    format!("delete-payment-method-{id}")
}

fn default_action(id: i64) -> String {
    format!("set-default-payment-method-{id}")
}

/// `GET /my-account/payment-methods/`: the saved cards, the default first.
pub async fn payment_methods(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
) -> PageResult {
    let Some(session) = customer_session(&state, &jar).await? else {
        return Ok(to_login());
    };
    let cards = payment_tokens::list(&state.db, user_of(&session)).await?;
    let mut rows = Vec::new();
    for stored in &cards {
        let card = &stored.card;
        let delete = nonce_for(&state, &delete_action(card.id), &session).await?;
        let default = nonce_for(&state, &default_action(card.id), &session).await?;
        rows.push(CardRow {
            label: format!("{} ending in {}", card.brand.label(), card.last4),
            expires: card.expiry.short(),
            is_default: card.is_default,
            delete_url: format!(
                "/my-account/delete-payment-method/{}/?_wpnonce={delete}",
                card.id
            ),
            default_url: format!(
                "/my-account/set-default-payment-method/{}/?_wpnonce={default}",
                card.id
            ),
        });
    }
    let page = CustomerPage {
        title: "Payment methods",
        path: PAYMENT_METHODS,
        section: PAYMENT_METHODS,
        template: "account/payment_methods.html",
    };
    render(
        &state,
        &shopper,
        &jar,
        &session,
        page,
        StatusCode::OK,
        minijinja::context! { cards => rows },
    )
    .await
}

/// `GET /my-account/delete-payment-method/{id}/?_wpnonce=…`.
pub async fn delete_card(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
) -> PageResult {
    card_action(&state, &shopper, jar, &headers, &uri, &id, true).await
}

/// `GET /my-account/set-default-payment-method/{id}/?_wpnonce=…`.
pub async fn default_card(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
) -> PageResult {
    card_action(&state, &shopper, jar, &headers, &uri, &id, false).await
}

async fn card_action(
    state: &AppState,
    shopper: &Shopper,
    jar: CookieJar,
    headers: &HeaderMap,
    uri: &Uri,
    id: &str,
    delete: bool,
) -> PageResult {
    let Some(session) = customer_session(state, &jar).await? else {
        return Ok(to_login());
    };
    let Ok(id) = id.parse::<i64>() else {
        return Ok(not_found_page(state, shopper, &jar, uri.path()));
    };
    let sent = crate::input::query_pairs(uri)
        .into_iter()
        .find(|(k, _)| k == "_wpnonce")
        .map(|(_, v)| v)
        .unwrap_or_default();
    let action = if delete {
        delete_action(id)
    } else {
        default_action(id)
    };
    let notice = if nonce_ok(state, &action, &session, &sent).await? {
        let user_id = user_of(&session);
        let done = if delete {
            payment_tokens::delete(&state.db, user_id, id).await?
        } else {
            payment_tokens::set_default(&state.db, user_id, id).await?
        };
        match done {
            true if delete => Notice::success("Payment method deleted."),
            true => Notice::success("This payment method was successfully set as your default."),
            // Not theirs, or gone: the same answer as a card that never was.
            false => Notice::error("Invalid payment method."),
        }
    } else {
        Notice::error(crate::forms::EXPIRED)
    };
    redirect_with(state, jar, headers, PAYMENT_METHODS, vec![notice]).await
}
