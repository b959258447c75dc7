//! `/checkout/order-pay/{id}/?pay_for_order=true&key={key}`: paying for an order that waits
//! for payment (pending, or failed), without JavaScript. Only the order's customer, logged
//! in, with the order's key: a guest goes to the login form, anyone else (or a wrong key)
//! gets the 404 page. The page shows the order and the gateways that can pay for it (saved
//! cards too); the form posts back to the same address with WooCommerce's fields
//! (`payment_method`, the gateway's fields, `woocommerce-pay-nonce`, `woocommerce_pay`) and is
//! paid by `checkout::pay_again`, as the Store API's `POST /checkout/{id}` is.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::orders::Order;
use mercato_core::payments::PaymentOutcome;
use mercato_db::payment_tokens;
use mercato_db::sessions::Session;
use serde::Serialize;

use super::key_param;
use super::view::{
    GatewayView, SAVE_CARD_FIELD, SavedCardView, TOKEN_FIELD, saved_card_views, usable_cards,
};
use crate::checkout::order_actions::customer_order;
use crate::checkout::pay_again::{PayAgain, PayAgainRefusal, gateways_for, pay_again};
use crate::checkout::{self, CheckoutInput, CheckoutRefusal, Ordering};
use crate::forms::{EXPIRED, nonce_for, nonce_ok, redirect_see_other};
use crate::input::{FormFields, form_value};
use crate::layout::notices::{Notice, redirect_with};
use crate::layout::{PageContext, PageError, PageResult, Shopper, not_found_page, render_page};
use crate::state::AppState;

/// The nonce field (WooCommerce's); its action is bound to the order.
const NONCE_FIELD: &str = "woocommerce-pay-nonce";

/// Form fields read at most.
const MAX_FIELDS: usize = 32;

fn nonce_action(id: i64) -> String {
    format!("woocommerce-pay-{id}")
}

/// The payment part of the form, under the names `checkout/payment_methods.html` reads.
#[derive(Debug, Serialize)]
struct PaymentView {
    gateways: Vec<GatewayView>,
    saved_cards: Vec<SavedCardView>,
    new_card_chosen: bool,
    offer_save: bool,
    save_card: bool,
    payment_error: Option<String>,
}

/// The customer's order `id` with the URL's key, or the response to give instead.
async fn owned_order(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    uri: &Uri,
    id: &str,
) -> Result<(Session, Order), PageError> {
    let session = match crate::session::current(state, jar).await? {
        Some(session) if session.user_id.is_some() => session,
        _ => return Err(redirect_see_other("/my-account/").into()),
    };
    let key = key_param(uri);
    let order = match id.parse::<i64>() {
        Ok(id) if !key.is_empty() => {
            customer_order(state, session.user_id.unwrap_or(0), id, Some(&key)).await?
        }
        _ => None,
    };
    match order {
        Some(order) => Ok((session, order)),
        None => Err(not_found_page(state, shopper, jar, uri.path()).into()),
    }
}

/// To the order in the account with a notice: an order that no longer waits for payment.
async fn cannot_pay(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    order: &Order,
) -> PageResult {
    let notice = Notice::error(format!(
        "This order&rsquo;s status is &ldquo;{}&rdquo;&mdash;it cannot be paid for. Please contact us if you need assistance.",
        order.status.label()
    ));
    let to = format!("/my-account/view-order/{}/", order.id);
    redirect_with(state, jar, headers, &to, vec![notice]).await
}

/// `GET /checkout/order-pay/{id}/`.
pub async fn show(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
) -> PageResult {
    let (session, order) = owned_order(&state, &shopper, &jar, &uri, &id).await?;
    if !order.needs_payment() {
        return cannot_pay(&state, jar, &headers, &order).await;
    }
    page(
        &state,
        &shopper,
        &jar,
        &session,
        &order,
        &[],
        &[],
        StatusCode::OK,
    )
    .await
}

/// The page, with what was chosen (`posted`) and the reasons a payment was refused.
#[expect(clippy::too_many_arguments, reason = "one page, all of its parts")]
async fn page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    session: &Session,
    order: &Order,
    posted: &[(String, String)],
    alerts: &[String],
    status: StatusCode,
) -> PageResult {
    let value = |name: &str| form_value(posted, name).unwrap_or("");
    let nonce = nonce_for(state, &nonce_action(order.id), session).await?;
    let cards = payment_tokens::list(&state.db, order.customer_id).await?;
    let now = crate::cart::now();
    let chosen_token = value(TOKEN_FIELD);
    let saved_cards = saved_card_views(
        &usable_cards(cards.iter().map(|t| &t.card), now),
        chosen_token,
    );
    let chosen_method = value("payment_method");
    let offered = gateways_for(state, order);
    let gateways = state
        .gateways
        .enabled()
        .filter(|g| offered.contains(&g.id))
        .enumerate()
        .map(|(i, g)| GatewayView {
            id: g.id.clone(),
            title: g.title.clone(),
            description: g.description.clone(),
            checked: if chosen_method.is_empty() {
                i == 0
            } else {
                chosen_method == g.id
            },
            fields: state.gateways.fields(&g.id),
            saved_cards: state.gateways.saves_cards(&g.id),
        })
        .collect();
    let payment = PaymentView {
        gateways,
        new_card_chosen: !saved_cards.iter().any(|c| c.checked),
        saved_cards,
        offer_save: true,
        save_card: !value(SAVE_CARD_FIELD).is_empty(),
        payment_error: None,
    };
    let path = format!(
        "/checkout/order-pay/{}/?pay_for_order=true&key={}",
        order.id,
        order.order_key.as_str()
    );
    let context = PageContext::new(state, jar, "Pay for order", &path)
        .with_body_class("woocommerce-checkout woocommerce-order-pay woocommerce-page");
    let mut response = render_page(
        state,
        shopper,
        "checkout/order_pay.html",
        status,
        &context,
        minijinja::context! {
            order => super::received::received_view(state, order),
            checkout => payment,
            alerts => alerts,
            action => path,
            nonce => nonce,
        },
    );
    // A payment app's pending answer redirects the form to the app's page: the browser
    // follows it only to an origin `form-action` allows (docs/extensions.md).
    if let Some(policy) = &state.web.extensions.page.pay_policy {
        response
            .headers_mut()
            .insert(axum::http::header::CONTENT_SECURITY_POLICY, policy.clone());
    }
    Ok(response)
}

/// `POST /checkout/order-pay/{id}/`.
pub async fn post(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
    FormFields(posted): FormFields<MAX_FIELDS>,
) -> PageResult {
    // A post to this page shows no shopper in the layout, as before: it pays for no session
    // read or pricing of its own.
    let shopper = Shopper::default();
    let (session, order) = owned_order(&state, &shopper, &jar, &uri, &id).await?;
    let value = |name: &str| form_value(&posted, name).unwrap_or("").trim().to_owned();
    // Card details are never shown again.
    let kept: Vec<(String, String)> = posted
        .iter()
        .filter(|(k, _)| !state.gateways.field_names().any(|name| name == k))
        .cloned()
        .collect();
    // A refused post shows the form again, with what was chosen and the reasons, under
    // `status`.
    let refuse = |alerts: Vec<String>, status: StatusCode| {
        let (state, shopper, jar, session, order, kept) =
            (&state, &shopper, &jar, &session, &order, &kept);
        async move { page(state, shopper, jar, session, order, kept, &alerts, status).await }
    };
    if !nonce_ok(
        &state,
        &nonce_action(order.id),
        &session,
        &value(NONCE_FIELD),
    )
    .await?
    {
        return refuse(vec![EXPIRED.to_owned()], StatusCode::FORBIDDEN).await;
    }
    if !order.needs_payment() {
        return cannot_pay(&state, jar, &headers, &order).await;
    }
    // The order's addresses pass the checkout domain's check, as every checkout's (the shop
    // may have stopped selling to a country since the order was placed).
    let method = value("payment_method");
    let checked = checkout::check_order(
        &state,
        CheckoutInput {
            ordering: Ordering::Order(&order),
            billing: None,
            shipping: None,
            payment_method: &method,
        },
    )
    .await;
    match checked {
        Ok(_) => {}
        Err(CheckoutRefusal::Storage(e)) => return Err(PageError::internal("order pay", e)),
        Err(refusal) => {
            let alerts = match refusal {
                CheckoutRefusal::Addresses(found) => {
                    found.problems.iter().map(ToString::to_string).collect()
                }
                other => vec![other.to_string()],
            };
            return refuse(alerts, StatusCode::UNPROCESSABLE_ENTITY).await;
        }
    }
    let payment_data = state.gateways.payment_data(&posted);
    let base_url = state.config.base_url(&headers);
    let paid = pay_again(
        &state,
        PayAgain {
            order: &order,
            billing: order.billing.clone(),
            shipping: order.shipping.clone(),
            method,
            payment_data: &payment_data,
            base_url: &base_url,
        },
    )
    .await;
    let (paid, payment) = match paid {
        Ok(done) => done,
        Err(PayAgainRefusal::CannotBePaid | PayAgainRefusal::NotFound) => {
            return cannot_pay(&state, jar, &headers, &order).await;
        }
        Err(PayAgainRefusal::Storage(e)) => return Err(PageError::internal("order pay", e)),
        Err(refusal) => {
            let status = if matches!(refusal, PayAgainRefusal::OutOfStock) {
                StatusCode::CONFLICT
            } else {
                StatusCode::UNPROCESSABLE_ENTITY
            };
            return refuse(vec![refusal.to_string()], status).await;
        }
    };
    match payment.outcome {
        PaymentOutcome::Success => Ok(redirect_see_other(&format!(
            "/checkout/order-received/{}/?key={}",
            paid.id,
            paid.order_key.as_str()
        ))),
        PaymentOutcome::Pending { redirect } => Ok(redirect_see_other(&redirect)),
        PaymentOutcome::Failure { message } | PaymentOutcome::Error { message } => {
            let alerts = [message];
            page(
                &state,
                &shopper,
                &jar,
                &session,
                &paid,
                &kept,
                &alerts,
                StatusCode::PAYMENT_REQUIRED,
            )
            .await
        }
    }
}
