//! `/checkout/confirm-card/{id}/?key=…`: the extra step a card can ask for (the test card
//! `4000 0000 0000 3220`; a real gateway's 3-D Secure page in its place). The checkout left
//! the order pending and sent the shopper here through `payment_result.redirect_url`.
//!
//! Confirming pays the order (processing, the order emails, the cart emptied) and goes on to
//! the order-received page; cancelling fails it, which gives its stock back, and shows the
//! same page with the failure. Only the order's key opens the page, and only a pending test
//! card order is waiting here; anything else is the helpful 404 (or, for an order already
//! settled, its order-received page). Posts must come from our own pages (`Origin`).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::orders::{Order, OrderStatus};
use mercato_core::payments::TEST_CARD_GATEWAY_ID;
use mercato_db::orders;

use crate::cart::{CartRef, ops};
use crate::forms::redirect_see_other;
use crate::input::{FormFields, form_value};
use crate::layout::{PageContext, PageError, PageResult, Shopper, not_found_page, render_page};
use crate::state::AppState;

/// The test card order behind the URL when `key` is its key; `Err` is the answer to give
/// instead.
async fn keyed_order(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    uri: &Uri,
    id: &str,
    key: &str,
) -> Result<Order, PageError> {
    super::keyed_order(state, id, key)
        .await?
        .filter(|o| o.payment_method == TEST_CARD_GATEWAY_ID)
        .ok_or_else(|| PageError::Answer(not_found_page(state, shopper, jar, uri.path())))
}

fn received(state: &AppState, headers: &HeaderMap, order: &Order) -> Response {
    let base = state.config.base_url(headers);
    let url = crate::checkout::order_received_url(&base, order.id, order.order_key.as_str());
    redirect_see_other(&url)
}

/// `GET /checkout/confirm-card/{id}/?key=…`.
pub async fn show(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    Path(id): Path<String>,
    uri: Uri,
) -> PageResult {
    let key = super::key_param(&uri);
    let order = keyed_order(&state, &shopper, &jar, &uri, &id, &key).await?;
    if order.status != OrderStatus::Pending {
        return Ok(received(&state, &headers, &order));
    }
    let context = PageContext::new(&state, &jar, "Confirm your payment", uri.path())
        .with_body_class("woocommerce-checkout checkout-confirm");
    Ok(render_page(
        &state,
        &shopper,
        "checkout/confirm.html",
        StatusCode::OK,
        &context,
        minijinja::context! {
            action => uri.path(),
            order => minijinja::context! {
                number => order.id,
                key => order.order_key.as_str(),
                total => state.settings.currency.format(order.totals.total),
            },
        },
    ))
}

/// `POST /checkout/confirm-card/{id}/`: `key` and `decision` (`confirm` or `decline`).
pub async fn decide(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    Path(id): Path<String>,
    uri: Uri,
    FormFields(fields): FormFields,
) -> PageResult {
    // A post to this page shows no shopper in the layout, as before: it pays for no session
    // read or pricing of its own.
    let shopper = Shopper::default();
    let field = |name: &str| form_value(&fields, name).unwrap_or("");
    if !crate::forms::same_origin(&state, &headers) {
        let context = PageContext::new(&state, &jar, "Payment not confirmed", uri.path());
        return Ok(render_page(
            &state,
            &shopper,
            "error.html",
            StatusCode::FORBIDDEN,
            &context,
            minijinja::context! {
                message => "This confirmation did not come from our checkout, so nothing was changed. Please go back to the confirmation page and try again.",
            },
        ));
    }
    let order = keyed_order(&state, &shopper, &jar, &uri, &id, field("key")).await?;
    if order.status != OrderStatus::Pending {
        // Decided already (a second click, another tab): show where it ended.
        return Ok(received(&state, &headers, &order));
    }
    let settled = match field("decision") {
        "confirm" => confirm(&state, &order).await,
        "decline" => decide_once(&state, &order, OrderStatus::Failed, |_| {}).await,
        _ => {
            return Ok(redirect_see_other(&format!(
                "{}?key={}",
                uri.path(),
                order.order_key.as_str()
            )));
        }
    };
    match settled {
        // Either way (this request's decision, or another's that came first) the shopper
        // lands on the order as it ended.
        Ok(order) => Ok(received(&state, &headers, &order)),
        Err(Decision::Taken(order)) => Ok(received(&state, &headers, &order)),
        Err(Decision::Failed(e)) => Err(PageError::internal("checkout page", e)),
    }
}

/// Why a decision did not apply.
enum Decision {
    /// Another request decided first (a second click, another tab, a race): the order as it
    /// is now. Nothing was written.
    Taken(Box<Order>),
    /// Storage failed.
    Failed(String),
}

/// Moves the order out of pending to `to`, judged on the locked row: of two decisions at
/// once only the first applies, the other gets [`Decision::Taken`].
async fn decide_once(
    state: &AppState,
    order: &Order,
    to: OrderStatus,
    edit: impl FnOnce(&mut Order) + Send,
) -> Result<Order, Decision> {
    match orders::set_status_from(&state.db, order.id, &[OrderStatus::Pending], to, edit).await {
        Ok(order) => Ok(order),
        Err(orders::SetStatusError::Moved(_)) => match orders::load(&state.db, order.id).await {
            Ok(Some(now)) => Err(Decision::Taken(Box::new(now))),
            Ok(None) => Err(Decision::Failed(format!("order {} vanished", order.id))),
            Err(e) => Err(Decision::Failed(e.to_string())),
        },
        Err(e) => Err(Decision::Failed(e.to_string())),
    }
}

/// Pays the order: processing, then (only for the decision that won) the emails queued and
/// the cart it came from emptied.
async fn confirm(state: &AppState, order: &Order) -> Result<Order, Decision> {
    let transaction_id = format!("test_{}_confirmed", order.id);
    let paid = decide_once(state, order, OrderStatus::Processing, |o| {
        o.transaction_id = transaction_id;
    })
    .await?;
    crate::emails::enqueue_order_emails(&state.db, paid.id).await;
    if let Some(key) = orders::cart_key(&state.db, paid.id)
        .await
        .map_err(|e| Decision::Failed(e.to_string()))?
    {
        let cart = CartRef {
            key: &key,
            user_id: (paid.customer_id > 0).then_some(paid.customer_id),
        };
        ops::empty(state, cart)
            .await
            .map_err(|e| Decision::Failed(e.message()))?;
    }
    Ok(paid)
}
