//! `POST /checkout/{id}`: pay for an order placed earlier that is still `pending` or whose
//! payment `failed` (WooCommerce's "order pay"). Answers with the checkout object and the
//! payment's HTTP status (200, 202, 400 or 500), as `POST /checkout`; the cart is not touched.
//!
//! - Who may pay: the order's customer, or for a guest order whoever sends its `key` and
//!   `billing_email` (the rules and errors of `GET /order/{id}`).
//! - An order in any other status: `invalid_order_update_status` "This order cannot be paid
//!   for." with **500**, as WooCommerce (which attaches no status to that error).
//! - `payment_method` missing or not available: the errors of `POST /checkout`.
//! - Stock: a failed order gave its stock back. Before the gateway is asked, the order takes
//!   its stock again by moving to `on-hold` (one transaction, refused with
//!   `woocommerce_rest_product_out_of_stock` 409 and nothing changed when the stock is no
//!   longer there, so a paid order is never short); the payment's outcome then moves it on
//!   (`processing` keeps the stock, `failed` or `pending` give it back).
//!
//! - Two payments of one order at once: moving to `on-hold` only happens from `pending` or
//!   `failed`, checked on the locked row, so the second finds the order being paid and gets
//!   `invalid_order_update_status`; only one charge is made.
//! - A saved card (`wc-{gateway}-payment-token`) must be the order's customer's.
//!
//! Known gap: coupons are not checked again.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use mercato_core::orders::{Order, OrderStatus, checkout_view};
use mercato_db::orders;
use serde_json::Value;

use super::order::authorise;
use super::request;
use crate::checkout::pay_again::{PayAgain, PayAgainRefusal, pay_again};
use crate::checkout::{self, CheckedOrder, CheckoutInput, Ordering};
use crate::state::AppState;
use crate::store_api::cart::body::Body;
use crate::store_api::cart::{Caller, reply};
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond::Reply;

/// `POST /checkout/{id}`. A checkout route: its answer, refusals included, says what the
/// caller's cart is (which paying for an order leaves as it was), priced once for it.
pub async fn post(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path(id): Path<String>,
    body: Result<Body, StoreApiError>,
) -> Result<Reply, StoreApiError> {
    match pay(&state, &caller, &headers, &id, body).await {
        Ok(reply) => Ok(match reply::cart_hash(&state, &caller).await {
            Some(hash) => reply.with_cart_hash(hash),
            None => reply,
        }),
        Err(error) => Err(reply::with_cart_hash(&state, &caller, error).await),
    }
}

/// Checks who pays and what, then takes the payment. The order is looked up before the
/// body is read (an unknown order is a 404 whatever was sent).
async fn pay(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    id: &str,
    body: Result<Body, StoreApiError>,
) -> Result<Reply, StoreApiError> {
    let order = match id.trim().parse::<i64>() {
        Ok(id) if id > 0 => orders::load(&state.db, id).await?,
        _ => None,
    };
    let Some(order) = order else {
        return Err(StoreApiError::not_found(ErrorCode::OrderNotFound));
    };
    let body = body?;
    let text = |name: &str| match body.get(name) {
        Some(Value::String(text)) => text.trim().to_owned(),
        _ => String::new(),
    };
    authorise(&order, caller, &text("key"), &text("billing_email"))?;
    if !matches!(order.status, OrderStatus::Pending | OrderStatus::Failed) {
        return Err(StoreApiError::new(ErrorCode::OrderCannotBePaid));
    }

    let gateways = &state.gateways;
    let enabled = gateways.enabled_ids();
    let enabled: Vec<&str> = enabled.iter().map(String::as_str).collect();
    let request = request::read(&body, &enabled, false, &state.cart.extensions)?;

    let method = request.payment_method.clone().unwrap_or_default();
    let checked = checkout::check_order(
        state,
        CheckoutInput {
            ordering: Ordering::Order(&order),
            billing: request.billing.as_ref(),
            shipping: request.shipping.as_ref(),
            payment_method: &method,
        },
    )
    .await;
    let CheckedOrder {
        billing, shipping, ..
    } = match checked {
        Ok(checked) => checked,
        Err(refused) => return Err(super::place::refusal(state, caller, headers, refused).await),
    };

    let base_url = state.config.base_url(headers);
    let (paid, payment) = pay_again(
        state,
        PayAgain {
            order: &order,
            billing,
            shipping,
            method,
            payment_data: &request.payment_data,
            base_url: &base_url,
        },
    )
    .await?;
    Ok(answer(&base_url, &paid, &payment.outcome))
}

/// The checkout object with the payment's result, under the payment's HTTP status.
fn answer(
    base_url: &str,
    order: &Order,
    outcome: &mercato_core::payments::PaymentOutcome,
) -> Reply {
    let received = checkout::order_received_url(base_url, order.id, order.order_key.as_str());
    let result = outcome.result(&received);
    let status = StatusCode::from_u16(result.http_status()).unwrap_or(StatusCode::OK);
    Reply::json(status, &checkout_view(order, Some(result), None))
}

/// A payment refused before anything was charged, as a Store API error.
impl From<PayAgainRefusal> for StoreApiError {
    fn from(refusal: PayAgainRefusal) -> Self {
        match refusal {
            PayAgainRefusal::Method(refusal) => refusal.into(),
            PayAgainRefusal::Card(refusal) => refusal.into(),
            PayAgainRefusal::OutOfStock => StoreApiError::new(ErrorCode::CheckoutOutOfStock)
                .with_message(PayAgainRefusal::OutOfStock.to_string()),
            PayAgainRefusal::NotFound => StoreApiError::not_found(ErrorCode::OrderNotFound),
            PayAgainRefusal::CannotBePaid => StoreApiError::new(ErrorCode::OrderCannotBePaid),
            PayAgainRefusal::Storage(cause) => StoreApiError::internal(&cause),
        }
    }
}
