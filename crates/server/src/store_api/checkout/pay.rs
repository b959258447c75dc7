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

use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use mercato_core::orders::{
    AddressFieldSettings, AllowedCountries, Order, OrderStatus, ShippingNeeds, checkout_view,
    validate_order_addresses,
};
use mercato_core::payments::{PaymentContext, PaymentStatus};
use mercato_db::orders::{self, SetStatusError};
use serde_json::Value;

use super::errors::{address_error, card_error, method_error};
use super::order::authorise;
use super::request;
use crate::checkout;
use crate::checkout::cards;
use crate::payments::PaymentRequest;
use crate::state::AppState;
use crate::store_api::cart::CartSession;
use crate::store_api::cart::body::Body;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond;

/// `POST /checkout/{id}`.
pub async fn post(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let order = match id.trim().parse::<i64>() {
        Ok(id) if id > 0 => orders::load(&state.db, id).await?,
        _ => None,
    };
    let Some(order) = order else {
        return Err(StoreApiError::not_found(ErrorCode::OrderNotFound));
    };
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let text = |name: &str| match body.get(name) {
        Some(Value::String(text)) => text.trim().to_owned(),
        _ => String::new(),
    };
    authorise(&order, &session, &text("key"), &text("billing_email")).await?;
    if !matches!(order.status, OrderStatus::Pending | OrderStatus::Failed) {
        return Err(StoreApiError::new(ErrorCode::OrderCannotBePaid));
    }

    let gateways = &state.gateways;
    let enabled = gateways.enabled_ids();
    let enabled: Vec<&str> = enabled.iter().map(String::as_str).collect();
    let request = request::parse(query.as_deref(), &headers, &bytes, &enabled, false)?;

    let mut billing = order.billing.clone();
    if let Some(patch) = &request.billing {
        patch.apply_to(&mut billing);
    }
    let mut shipping = order.shipping.clone();
    if let Some(patch) = &request.shipping {
        patch.apply_to(&mut shipping);
    }
    let needs = ShippingNeeds::of_order(&order);
    validate_order_addresses(
        &billing,
        &shipping,
        needs,
        &AllowedCountries::all(),
        &AddressFieldSettings::default(),
    )
    .map_err(|e| address_error(&e))?;

    let method = request.payment_method.clone().unwrap_or_default();
    let chosen: Vec<&str> = order
        .shipping_lines
        .iter()
        .map(|l| l.rate_id.as_str())
        .collect();
    let context = PaymentContext {
        total: order.totals.total,
        needs_shipping: needs.needs_shipping,
        chosen_rates: &chosen,
        country: &billing.country,
    };
    checkout::check_method(gateways, &method, &context).map_err(method_error)?;
    let title = gateways
        .get(&method)
        .map(|g| g.title.clone())
        .unwrap_or_default();

    let customer = Some(order.customer_id).filter(|id| *id > 0);
    let saved_card = cards::chosen(&state.db, customer, &method, &request.payment_data)
        .await
        .map_err(card_error)?;

    // The order as it will be paid: the new addresses and gateway, its stock taken, and
    // on hold while the gateway is asked (a second payment at the same time stops here).
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
    .map_err(hold_error)?;

    let base_url = state.config.base_url(&headers);
    let confirm = checkout::confirm_card_url(&base_url, ready.id, ready.order_key.as_str());
    let payment = gateways.pay(&PaymentRequest {
        order: &ready,
        payment_data: &request.payment_data,
        saved: saved_card.as_ref(),
        confirm_url: &confirm,
        now: crate::cart::now(),
    });
    let transaction_id = payment.transaction_id.clone();
    let paid = orders::set_status_with(&state.db, ready.id, payment.status, move |o| {
        if !transaction_id.is_empty() {
            o.transaction_id = transaction_id;
        }
    })
    .await
    .map_err(|e| StoreApiError::internal(&e))?;
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
    Ok(answer(&base_url, &paid, &payment.outcome))
}

/// The checkout object with the payment's result, under the payment's HTTP status.
fn answer(
    base_url: &str,
    order: &Order,
    outcome: &mercato_core::payments::PaymentOutcome,
) -> Response {
    let received = checkout::order_received_url(base_url, order.id, order.order_key.as_str());
    let result = outcome.result(&received);
    let status = StatusCode::from_u16(result.http_status()).unwrap_or(StatusCode::OK);
    respond::json(status, &checkout_view(order, Some(result), None))
}

/// A refused move to the status the order is paid from.
fn hold_error(error: SetStatusError) -> StoreApiError {
    match error {
        SetStatusError::OutOfStock { .. } => StoreApiError::new(ErrorCode::CheckoutOutOfStock)
            .with_message(
                "Sorry, we do not have enough stock to fulfill your order. Please try again later.",
            ),
        SetStatusError::NotFound(_) => StoreApiError::not_found(ErrorCode::OrderNotFound),
        SetStatusError::Transition(_) | SetStatusError::Moved(_) => {
            StoreApiError::new(ErrorCode::OrderCannotBePaid)
        }
        SetStatusError::Db(cause) => StoreApiError::internal(&cause),
    }
}
