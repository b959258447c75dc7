//! `POST /wc-api/mercato-app/{gateway}/`: a payment app tells the shop how a pending payment
//! ended (docs/payments.md, "Payment apps"). The body, `{"order_id", "status": "paid" |
//! "failed", "transaction_id"}`, is signed like the shop's own requests to the app; a missing
//! or wrong signature is a 401 and changes nothing. A notification that finds the order
//! already where it says (a replay, or a second delivery) is a 200 that changes nothing more.
//!
//! A paid order may come from pending (the shopper was sent to the app), on hold (being paid
//! again) or failed (the shop gave up waiting but the app took the money), as WooCommerce's
//! `payment_complete` allows; failing applies only to an order still waiting.
//!
//! The route is open to anyone, so it refuses cheaply before it trusts anything
//! (docs/security.md, "Extensions"): every request counts against its client address
//! ([`RATE_LIMIT`] a minute, read behind proxies as the checkout's limit reads them) before
//! anything else is looked at; a gateway without an app is a 404 before the body is read; the
//! body is read up to [`MAX_BODY_BYTES`] and no further (a longer declared length is refused
//! unread). Reading the body is bounded in time by the server's body deadline, and the whole
//! handler by its request timeout (`serving`).

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mercato_core::orders::{Order, OrderStatus};
use mercato_core::payments::payment_complete_status;
use mercato_core::settings::CheckoutRateLimit;
use mercato_db::orders::{self, SetStatusError};
use mercato_db::{options, rate_limits};
use serde::Deserialize;
use serde_json::json;

use crate::cart::{CartRef, ops};
use crate::checkout::rate_limit::{Peer, client_address};
use crate::payments::NEEDS_PROCESSING;
use crate::payments::app::{SIGNATURE_HEADER, verify};
use crate::state::AppState;

/// The route.
pub const PATH: &str = "/wc-api/mercato-app/{gateway}/";

/// Bytes of a notification read at most (a real one is under 200).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Requests one client address may make to the route per [`RATE_WINDOW_SECS`]: every request
/// counts, signed or not, known gateway or not. An app notifies once per pending payment;
/// 120 a minute is two a second from one address, sustained.
pub const RATE_LIMIT: i64 = 120;

/// The rate limit's window.
pub const RATE_WINDOW_SECS: i64 = 60;

/// A notification's body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Notification {
    order_id: i64,
    status: NotifiedStatus,
    #[serde(default)]
    transaction_id: String,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum NotifiedStatus {
    Paid,
    Failed,
}

fn answer(status: StatusCode, code: &str, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"code": code, "message": message})),
    )
        .into_response()
}

fn settled(result: &str, order: &Order) -> Response {
    (
        StatusCode::OK,
        axum::Json(
            json!({"result": result, "order_id": order.id, "status": order.status.as_str()}),
        ),
    )
        .into_response()
}

/// Counts the request against its client's address; `Err` is the answer to give instead.
async fn admit(state: &AppState, peer: Peer, headers: &HeaderMap) -> Result<(), Response> {
    let proxies = match options::get_recent::<CheckoutRateLimit>(
        &state.db,
        CheckoutRateLimit::OPTION,
    )
    .await
    {
        Ok(settings) => settings.unwrap_or_default(),
        Err(e) => {
            tracing::error!(error = %e, "reading the proxy settings failed");
            return Err(internal_error());
        }
    };
    let key = format!(
        "app_notify:ip:{}",
        client_address(peer.0, headers, &proxies)
    );
    let now = state.clock.now();
    let hit = match rate_limits::hit(&state.db, &key, RATE_LIMIT, RATE_WINDOW_SECS, now).await {
        Ok(hit) => hit,
        Err(e) => {
            tracing::error!(error = %e, "counting a payment app notification failed");
            return Err(internal_error());
        }
    };
    if hit.admitted() {
        return Ok(());
    }
    let retry = hit.retry_after(now).max(1);
    tracing::warn!(rate_limit.key = %key, rate_limit.retry_after = retry, "payment app notification rate limit exceeded");
    let mut response = answer(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limit_exceeded",
        &format!(
            "Too many requests from this address. Please wait {retry} seconds before trying again."
        ),
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(retry));
    Err(response)
}

fn internal_error() -> Response {
    answer(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal_error",
        "Internal Server Error",
    )
}

fn too_large() -> Response {
    let mut response = answer(
        StatusCode::PAYLOAD_TOO_LARGE,
        "notification_too_large",
        &format!("A notification is at most {} KiB.", MAX_BODY_BYTES / 1024),
    );
    // The rest of the body may still be on its way: the connection cannot be reused.
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// The body, read up to [`MAX_BODY_BYTES`]; a longer one (declared or sent) is a 413 and is
/// not read further.
async fn read_body(headers: &HeaderMap, body: Body) -> Result<Bytes, Response> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    match axum::body::to_bytes(body, MAX_BODY_BYTES).await {
        Ok(bytes) => Ok(bytes),
        Err(e) => {
            let too_long = std::error::Error::source(&e)
                .is_some_and(|cause| cause.is::<http_body_util::LengthLimitError>());
            if too_long {
                return Err(too_large());
            }
            // The client went away or was too slow (the server's body deadline answers 408).
            Err(answer(
                StatusCode::BAD_REQUEST,
                "invalid_notification",
                "The body could not be read.",
            ))
        }
    }
}

/// `POST /wc-api/mercato-app/{gateway}/`.
pub async fn notify(
    State(state): State<AppState>,
    Path(gateway_id): Path<String>,
    peer: Peer,
    request: Request<Body>,
) -> Response {
    let (parts, body) = request.into_parts();
    let headers = parts.headers;
    if let Err(refused) = admit(&state, peer, &headers).await {
        return refused;
    }
    let Some(gateway) = state.web.extensions.app_gateway(&gateway_id) else {
        return answer(
            StatusCode::NOT_FOUND,
            "unknown_gateway",
            "No installed extension has a payment app for this gateway.",
        );
    };
    let Some(app) = gateway.app() else {
        return answer(
            StatusCode::NOT_FOUND,
            "unknown_gateway",
            "No installed extension has a payment app for this gateway.",
        );
    };
    let body = match read_body(&headers, body).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    let signature = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok());
    if !verify(&app.secret, &body, signature) {
        tracing::warn!(
            gateway = gateway_id,
            "payment app notification refused: bad signature"
        );
        return answer(
            StatusCode::UNAUTHORIZED,
            "invalid_signature",
            "The X-Mercato-Signature header is missing or does not sign this body.",
        );
    }
    let notification: Notification = match serde_json::from_slice(&body) {
        Ok(n) => n,
        Err(e) => {
            return answer(
                StatusCode::BAD_REQUEST,
                "invalid_notification",
                &format!("The body is not a notification: {e}"),
            );
        }
    };
    let order = match orders::load(&state.db, notification.order_id).await {
        Ok(Some(order)) if order.payment_method == gateway_id => order,
        Ok(_) => {
            return answer(
                StatusCode::NOT_FOUND,
                "unknown_order",
                "No order was paid with this gateway under this id.",
            );
        }
        Err(e) => {
            tracing::error!(error = %e, order.id = notification.order_id, "loading a notified order failed");
            return answer(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "Internal Server Error",
            );
        }
    };
    let now = state.clock.now();
    let title = gateway.info.title.clone();
    let transaction_id = notification.transaction_id.trim().to_owned();
    let (from, to, note): (&[OrderStatus], OrderStatus, String) = match notification.status {
        NotifiedStatus::Paid => (
            &[
                OrderStatus::Pending,
                OrderStatus::OnHold,
                OrderStatus::Failed,
            ],
            payment_complete_status(NEEDS_PROCESSING),
            format!("{title}: the payment app says the order is paid."),
        ),
        NotifiedStatus::Failed => (
            &[OrderStatus::Pending, OrderStatus::OnHold],
            OrderStatus::Failed,
            format!("{title}: the payment app says the payment failed."),
        ),
    };
    if !from.contains(&order.status) {
        return settled("unchanged", &order);
    }
    let moved = orders::set_status_from(&state.db, order.id, from, to, move |o| {
        if !transaction_id.is_empty() {
            o.transaction_id = transaction_id;
        }
        o.add_note(note, now);
    })
    .await;
    let order = match moved {
        Ok(order) => order,
        Err(SetStatusError::Moved(_)) => {
            // Another notification (or the shopper) settled it first.
            return match orders::load(&state.db, order.id).await {
                Ok(Some(now)) => settled("unchanged", &now),
                _ => settled("unchanged", &order),
            };
        }
        Err(SetStatusError::OutOfStock { .. }) => {
            tracing::error!(order.id = order.id, "paid order cannot take its stock back");
            return answer(
                StatusCode::CONFLICT,
                "out_of_stock",
                "The order failed earlier and its stock has been sold since; the payment needs refunding.",
            );
        }
        Err(e) => {
            tracing::error!(error = %e, order.id = order.id, "settling a notified order failed");
            return answer(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "Internal Server Error",
            );
        }
    };
    tracing::info!(
        order.id = order.id,
        order.status = order.status.as_str(),
        gateway = gateway_id,
        "payment app notification applied"
    );
    if order.status.is_paid() {
        crate::emails::enqueue_order_emails(&state.db, order.id).await;
        match orders::cart_key(&state.db, order.id).await {
            Ok(Some(key)) => {
                let cart = CartRef {
                    key: &key,
                    user_id: (order.customer_id > 0).then_some(order.customer_id),
                };
                if let Err(e) = ops::empty(&state, cart).await {
                    tracing::error!(
                        order.id = order.id,
                        error = e.message(),
                        "cannot empty the paid order's cart"
                    );
                }
            }
            Ok(None) => {}
            Err(e) => {
                tracing::error!(order.id = order.id, error = %e, "cannot find the paid order's cart")
            }
        }
        return settled("paid", &order);
    }
    settled("failed", &order)
}
