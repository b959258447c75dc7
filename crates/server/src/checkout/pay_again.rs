//! Paying for an order placed earlier that is still `pending` or whose payment `failed`
//! (WooCommerce's "order pay"): one function for the Store API's `POST /checkout/{id}` and
//! the order-pay page (`/checkout/order-pay/{id}/`). Who may pay is the caller's check.
//!
//! A failed order gave its stock back, so the order first takes it again by moving to
//! `on-hold` (one transaction, only from `pending` or `failed`, checked on the locked row:
//! of two payments at once the second finds the order being paid and is refused), and only
//! then is the gateway asked; its outcome moves the order on. A new card the customer asked
//! to keep (`wc-{gateway}-new-payment-method`) is kept once it was charged, as at checkout.

use mercato_core::orders::{Address, Order, OrderStatus, ShippingNeeds};
use mercato_core::payments::{PaymentContext, PaymentStatus};
use mercato_db::orders::{self, SetStatusError};

use super::cards::{self, CardChoice, CardRefusal};
use super::{MethodRefusal, check_method};
use crate::payments::Payment;
use crate::services::Services;

/// What paying again is asked with.
pub struct PayAgain<'a> {
    /// The order as loaded (its owner already checked by the caller).
    pub order: &'a Order,
    /// The addresses to pay with (the order's, or the ones the request changed), checked.
    pub billing: Address,
    /// See `billing`.
    pub shipping: Address,
    /// The chosen gateway.
    pub method: String,
    /// The gateway's fields as posted.
    pub payment_data: &'a [(String, String)],
    /// The shop's base URL (for the card confirmation page).
    pub base_url: &'a str,
}

/// Why an order was not paid for. Nothing was charged.
#[derive(Debug, thiserror::Error)]
pub enum PayAgainRefusal {
    /// Not pending or failed (or being paid right now).
    #[error("This order cannot be paid for.")]
    CannotBePaid,
    /// The payment method cannot pay for it.
    #[error("{}", .0.message())]
    Method(MethodRefusal),
    /// A saved card that is not the order's customer's.
    #[error(transparent)]
    Card(CardRefusal),
    /// The stock a failed order gave back is gone.
    #[error("Sorry, we do not have enough stock to fulfill your order. Please try again later.")]
    OutOfStock,
    /// The order vanished.
    #[error("no such order")]
    NotFound,
    /// Storage failed.
    #[error(transparent)]
    Storage(#[from] mercato_db::DbError),
}

/// The gateways' context for paying `order` to `country`.
fn context<'a>(order: &Order, chosen: &'a [&'a str], country: &'a str) -> PaymentContext<'a> {
    PaymentContext {
        total: order.totals.total,
        needs_shipping: ShippingNeeds::of_order(order).needs_shipping,
        chosen_rates: chosen,
        country,
    }
}

/// The ids of the gateways that can pay for `order` now, in order.
pub fn gateways_for(state: &Services, order: &Order) -> Vec<String> {
    let chosen: Vec<&str> = order
        .shipping_lines
        .iter()
        .map(|l| l.rate_id.as_str())
        .collect();
    state
        .gateways
        .available_for(&context(order, &chosen, &order.billing.country))
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// Pays for `request.order`; returns the order as stored afterwards and the payment.
pub async fn pay_again(
    state: &Services,
    request: PayAgain<'_>,
) -> Result<(Order, Payment), PayAgainRefusal> {
    let order = request.order;
    if !matches!(order.status, OrderStatus::Pending | OrderStatus::Failed) {
        return Err(PayAgainRefusal::CannotBePaid);
    }
    let gateways = &state.gateways;
    let chosen: Vec<&str> = order
        .shipping_lines
        .iter()
        .map(|l| l.rate_id.as_str())
        .collect();
    let country = request.billing.country.clone();
    check_method(
        gateways,
        &request.method,
        &context(order, &chosen, &country),
    )
    .map_err(PayAgainRefusal::Method)?;
    let title = gateways
        .get(&request.method)
        .map(|g| g.title.clone())
        .unwrap_or_default();

    let customer = Some(order.customer_id).filter(|id| *id > 0);
    let saved_card = cards::chosen(&state.db, customer, &request.method, request.payment_data)
        .await
        .map_err(PayAgainRefusal::Card)?;

    // The order as it will be paid: the new addresses and gateway, its stock taken, and
    // on hold while the gateway is asked (a second payment at the same time stops here).
    let (billing, shipping, method) = (request.billing, request.shipping, request.method);
    let paying_with = method.clone();
    let ready = orders::set_status_from(
        &state.db,
        order.id,
        &[OrderStatus::Pending, OrderStatus::Failed],
        OrderStatus::OnHold,
        move |o| {
            o.billing = billing;
            o.shipping = shipping;
            o.payment_method = method;
            o.payment_method_title = title;
        },
    )
    .await
    .map_err(|e| match e {
        SetStatusError::OutOfStock { .. } => PayAgainRefusal::OutOfStock,
        SetStatusError::NotFound(_) => PayAgainRefusal::NotFound,
        SetStatusError::Transition(_) | SetStatusError::Moved(_) => PayAgainRefusal::CannotBePaid,
        SetStatusError::Db(cause) => PayAgainRefusal::Storage(cause),
    })?;

    let (paid, payment) = super::place::charge_and_record(
        state,
        ready,
        request.payment_data,
        saved_card,
        request.base_url,
    )
    .await
    .map_err(|e| match e {
        SetStatusError::Db(cause) => PayAgainRefusal::Storage(cause),
        other => PayAgainRefusal::Storage(mercato_db::DbError::Invalid(other.to_string())),
    })?;
    if let (Some(customer), Some(card)) = (customer, &payment.card)
        && cards::choice(&paying_with, request.payment_data) == (CardChoice::New { save: true })
    {
        cards::keep(&state.db, customer, &paying_with, card).await;
    }
    tracing::info!(
        order.id = paid.id,
        order.status = paid.status.as_str(),
        "order paid for again"
    );
    if matches!(
        payment.outcome.payment_status(),
        PaymentStatus::Success | PaymentStatus::Pending
    ) {
        crate::emails::enqueue_order_emails(&state.db, paid.id).await;
    }
    Ok((paid, payment))
}
