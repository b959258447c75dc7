//! Placing an order and taking its payment: the steps both checkouts (the Store API's
//! `POST /checkout` and the classic `POST /checkout/`) share once they have read and checked
//! their request.
//!
//! In order:
//! 1. a chosen saved card is checked to be the customer's own (before anything is written);
//! 2. the account asked for at checkout is opened (taken back if placing is then refused);
//! 3. the cart's draft becomes the order: stock taken and coupon uses counted in one
//!    transaction, or nothing changes;
//! 4. the gateway is asked, the order takes the status the payment calls for, the emails are
//!    queued for a paid or pending payment, the cart is emptied when paid;
//! 5. a new card is kept when the customer asked, and a logged-in customer's addresses are
//!    saved to their account (what express payment and their next checkout start from).
//!
//! Logging a new customer in stays with the surface: it owns the cookie or the session.

use std::collections::BTreeMap;

use mercato_core::attribution::Attribution;
use mercato_core::orders::{CreatedVia, Order, OrderStatus};
use mercato_core::payments::PaymentStatus;
use mercato_db::orders::{self, PlaceError, SetStatusError};
use mercato_db::payment_tokens::StoredToken;
use mercato_db::users;

use super::cards::{self, CardChoice, CardRefusal};
use super::{OrderParty, Payment, order_from_cart, stock_lines};
use crate::accounts::{self, Signup, SignupError};
use crate::cart::{CartRef, PricedCart, ops};
use crate::payments::PaymentRequest;

use crate::services::Services;

/// Everything a surface has checked, ready to become an order.
pub struct OrderRequest<'a> {
    /// The cart the order is made from.
    pub cart: CartRef<'a>,
    /// The cart as priced for the order's addresses and shipping choice.
    pub priced: &'a PricedCart,
    /// Who orders, with the addresses and the chosen gateway.
    pub party: OrderParty,
    /// Where the order came from (kept from the draft when `None`).
    pub attribution: Option<Attribution>,
    /// Extension data sent with the checkout, checked; it overlays what the cart keeps for
    /// the same namespaces (and the draft's, from `PUT /checkout`, for the others).
    pub extension_data: BTreeMap<String, serde_json::Value>,
    /// Which checkout made it.
    pub created_via: CreatedVia,
    /// The account to open for the order (`create_account`), already checked.
    pub signup: Option<Signup>,
    /// The gateway's fields (`payment_data`).
    pub payment_data: &'a [(String, String)],
    /// The shop's base URL for this request (for the card confirmation link).
    pub base_url: &'a str,
}

/// A placed order and what its payment came to.
#[derive(Debug)]
pub struct PlacedOrder {
    /// The order as stored after the payment.
    pub order: Order,
    /// The payment.
    pub payment: Payment,
    /// The account opened for it, if any.
    pub new_customer: Option<i64>,
}

impl PlacedOrder {
    /// Whether the order is paid (or needs no payment now): the cart was emptied.
    pub fn paid(&self) -> bool {
        self.payment.outcome.payment_status() == PaymentStatus::Success
    }
}

/// Why no order was placed. Nothing was written (no order, no stock taken, no account),
/// except when storage fails after the order was placed (`Storage`).
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// Stock or a coupon's limit ran out, or the draft moved on.
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// The account could not be opened.
    #[error(transparent)]
    Signup(#[from] SignupError),
    /// The chosen saved card is not the customer's.
    #[error(transparent)]
    Card(#[from] CardRefusal),
    /// Storage failed.
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}

/// What the shopper is told when placing finds stock or a coupon's last use taken by another
/// order since the checks ran: the same words from both checkouts; `None` for a failure that
/// is no refusal of the shopper's order.
pub fn place_error_message(error: &PlaceError) -> Option<String> {
    match error {
        PlaceError::OutOfStock { .. } => Some(
            "Sorry, we do not have enough stock to fulfill your order. Please change your cart and try again."
                .to_owned(),
        ),
        PlaceError::CouponLimit { code } => Some(format!(
            "Usage limit for coupon \"{code}\" has been reached."
        )),
        PlaceError::NotADraft(_) | PlaceError::Db(_) => None,
    }
}

/// Places the order `request` describes and takes its payment.
pub async fn place_order(
    state: &Services,
    request: OrderRequest<'_>,
) -> Result<PlacedOrder, Refusal> {
    let method = request.party.payment_method.clone();
    let saved_card = cards::chosen(
        &state.db,
        request.cart.user_id,
        &method,
        request.payment_data,
    )
    .await?;
    let new_customer = match &request.signup {
        Some(signup) => Some(accounts::open(&state.db, signup).await?.id),
        None => None,
    };
    let placed = place_draft(state, &request, new_customer).await;
    let (placed, settled) = match placed {
        Ok(placed) => placed,
        Err(error) => {
            if let Some(id) = new_customer {
                accounts::take_back(&state.db, id).await;
            }
            return Err(error);
        }
    };
    tracing::info!(
        order.id = placed.id,
        order.total = placed.totals.total.minor(),
        "order placed"
    );

    let (order, payment) = match settled {
        // Nothing to charge: the order was placed with its final status.
        Some(payment) => (placed, payment),
        None => charge_and_record(
            state,
            placed,
            request.payment_data,
            saved_card,
            request.base_url,
        )
        .await
        .map_err(|e| Refusal::Storage(e.into()))?,
    };
    let outcome = payment.outcome.payment_status();
    // A declined or failed payment is not an order the shop will fulfil: no emails for it.
    if matches!(outcome, PaymentStatus::Success | PaymentStatus::Pending) {
        crate::emails::enqueue_order_emails(&state.db, order.id).await;
    }
    if outcome == PaymentStatus::Success {
        ops::empty(state, request.cart)
            .await
            .map_err(|e| Refusal::Storage(e.into()))?;
    }
    let customer = request.cart.user_id.or(new_customer);
    if let (Some(customer), Some(card)) = (customer, &payment.card)
        && cards::choice(&method, request.payment_data) == (CardChoice::New { save: true })
    {
        cards::keep(&state.db, customer, &method, card).await;
    }
    if let Some(customer) = request.cart.user_id {
        // An order that ships nothing has no shipping address: the saved one stays.
        let shipping = &request.party.shipping;
        let shipping = (!shipping.address_1.trim().is_empty()).then_some(shipping);
        let saved =
            users::save_addresses(&state.db, customer, &request.party.billing, shipping).await;
        if let Err(error) = saved {
            tracing::error!(user.id = customer, %error, "cannot save the customer's addresses");
        }
    }
    Ok(PlacedOrder {
        order,
        payment,
        new_customer,
    })
}

/// Asks the order's gateway for the payment and stores the order's status after it, in a task
/// of its own: a gateway may wait on the network (a payment app), and a request dropped
/// meanwhile (the shopper closed the page, the request deadline passed) must not leave the
/// order waiting with its stock taken. Returns the order as stored, and the payment.
pub(super) async fn charge_and_record(
    state: &Services,
    order: Order,
    payment_data: &[(String, String)],
    saved: Option<StoredToken>,
    base_url: &str,
) -> Result<(Order, Payment), SetStatusError> {
    let services = state.clone();
    let payment_data = payment_data.to_vec();
    let confirm = super::confirm_card_url(base_url, order.id, order.order_key.as_str());
    let received = super::order_received_url(base_url, order.id, order.order_key.as_str());
    let task = tokio::spawn(async move {
        let payment = services
            .gateways
            .pay(&PaymentRequest {
                order: &order,
                payment_data: &payment_data,
                saved: saved.as_ref(),
                confirm_url: &confirm,
                return_url: &received,
                now: services.clock.now(),
            })
            .await;
        let transaction_id = payment.transaction_id.clone();
        let order = orders::set_status_with(&services.db, order.id, payment.status, move |o| {
            if !transaction_id.is_empty() {
                o.transaction_id = transaction_id;
            }
        })
        .await?;
        Ok((order, payment))
    });
    task.await.unwrap_or_else(|e| {
        Err(SetStatusError::Db(mercato_db::DbError::Invalid(format!(
            "the payment task failed: {e}"
        ))))
    })
}

/// The order made from the priced cart and placed in one transaction (the cart's draft, if
/// it has one, becomes it). An order that takes no money now is placed with the status its
/// gateway gives it, and that payment is returned; otherwise it is placed pending, to be
/// charged.
async fn place_draft(
    state: &Services,
    request: &OrderRequest<'_>,
    new_customer: Option<i64>,
) -> Result<(Order, Option<Payment>), Refusal> {
    let now = state.clock.now();
    let priced = request.priced;
    let mut order = order_from_cart(priced, &request.party, &state.settings.currency, now);
    order.attribution = request.attribution.clone();
    order.extension_data = extension_data(state, priced, &request.extension_data);
    order.created_via = request.created_via;
    order.status = OrderStatus::Pending;
    if let Some(id) = new_customer {
        order.customer_id = id;
    }
    let settled = state.gateways.without_charge(&order);
    if let Some(payment) = &settled
        && payment.status != OrderStatus::Pending
    {
        order
            .set_status(payment.status, now)
            .map_err(|e| Refusal::Storage(e.into()))?;
    }
    let placed = orders::place_cart_order(
        &state.db,
        request.cart.key,
        &order,
        &stock_lines(priced),
        &priced.document.coupons,
        &request.party.billing.email,
        request.cart.user_id.or(new_customer),
    )
    .await?;
    Ok((placed.order, settled))
}

/// The order's extension data: what the cart keeps for installed extensions' namespaces
/// (`POST /cart/extensions`; Mercato's own cart namespaces stay with the cart), overlaid by
/// what the checkout sent.
fn extension_data(
    state: &Services,
    priced: &PricedCart,
    sent: &BTreeMap<String, serde_json::Value>,
) -> BTreeMap<String, serde_json::Value> {
    let mut data: BTreeMap<String, serde_json::Value> = priced
        .document
        .extensions
        .iter()
        .filter(|(namespace, _)| state.cart.extensions.is_data_namespace(namespace))
        .map(|(namespace, value)| (namespace.clone(), value.clone()))
        .collect();
    data.extend(sent.iter().map(|(k, v)| (k.clone(), v.clone())));
    data
}
