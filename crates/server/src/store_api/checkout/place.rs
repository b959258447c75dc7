//! `POST /checkout`: check the request and the cart, save the addresses, place the draft as
//! the order (stock and coupon uses taken in one transaction), take the payment, and answer
//! with the checkout object and the payment's HTTP status (200, 202, 400 or 500).
//!
//! Every check runs before anything is written: a refused checkout leaves no order, no stock
//! change, no account and the cart as it was. A guest's `create_account` (when the shop
//! allows sign-up at checkout) opens an account for the billing email: the order names it,
//! and the caller is logged in as that customer (a new session id in a new cookie).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use mercato_core::orders::{CreatedVia, checkout_view};
use serde_json::Value;

use super::errors::{conflict, coupon_errors, place_error, stock_conflict};
use super::request;
use crate::accounts;
use crate::cart::{CartDocument, ops};
use crate::checkout::{
    self, CheckedOrder, CheckoutInput, CheckoutRefusal, OrderParty, OrderRequest, Ordering,
    PlacedOrder, Refusal,
};
use crate::state::AppState;
use crate::store_api::cart::body::Body;
use crate::store_api::cart::{Caller, reply};
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond::Reply;

/// `POST /checkout`. A refused checkout says what the cart is (`Cart-Hash`, goldens 038,
/// 043, 045): a refusal that does not carry the cart already prices it once, here.
pub async fn post(
    State(state): State<AppState>,
    mut caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    match place(&state, &mut caller, &headers, &body).await {
        Ok(reply) => Ok(reply.with_caller(caller)),
        Err(error) => Err(reply::with_cart_hash(&state, &caller, error).await),
    }
}

/// Checks the request and the cart, places the order and takes the payment.
async fn place(
    state: &AppState,
    caller: &mut Caller,
    headers: &HeaderMap,
    body: &Body,
) -> Result<Reply, StoreApiError> {
    let gateways = &state.gateways;
    let enabled = gateways.enabled_ids();
    let enabled: Vec<&str> = enabled.iter().map(String::as_str).collect();
    let request = request::read(body, &enabled, true, &state.cart.extensions)?;

    // The cart as stored, before reading it against the catalogue: a line that stock has
    // shrunk since (reading it quietly lowers the quantity) stops the order.
    let stored = match caller.cart() {
        Some(cart) => ops::load_document(state, cart.key).await?,
        None => CartDocument::default(),
    };
    let priced = reply::priced(state, caller).await?;
    let owned = caller
        .cart()
        .filter(|_| !priced.is_empty())
        .map(|cart| (cart.key.to_owned(), cart.user_id));
    let Some((key, user_id)) = owned else {
        return Err(refusal(state, caller, headers, CheckoutRefusal::CartEmpty).await);
    };
    let cart = crate::cart::CartRef { key: &key, user_id };
    let method = request.payment_method.clone().unwrap_or_default();
    let checked = checkout::check_order(
        state,
        CheckoutInput {
            ordering: Ordering::Cart {
                cart,
                stored: &stored,
                priced: Box::new(priced),
                earlier: Vec::new(),
            },
            billing: request.billing.as_ref(),
            shipping: request.shipping.as_ref(),
            payment_method: &method,
        },
    )
    .await;
    let CheckedOrder {
        billing,
        shipping,
        needs,
        priced,
    } = match checked {
        Ok(checked) => checked,
        Err(refused) => return Err(refusal(state, caller, headers, refused).await),
    };
    let Some(priced) = priced else {
        return Err(StoreApiError::internal(
            &"a checked cart without its pricing",
        ));
    };

    let party = OrderParty::new(
        user_id.unwrap_or(0),
        (billing, shipping),
        needs,
        request.customer_note.clone().unwrap_or_default(),
        method,
        checkout::user_agent(headers),
        &state.gateways,
    );
    // `create_account`: checked before anything is written, the account made just before the
    // order is placed (and taken back if placing it is refused). The draft stays the guest's.
    let signup = if accounts::wanted(&state.settings, request.create_account, user_id) {
        let password = request.customer_password.as_deref().unwrap_or("");
        Some(accounts::check(state, &party.billing, &party.shipping, password).await?)
    } else {
        None
    };
    let base_url = state.config.base_url(headers);
    let placed = checkout::place_order(
        state,
        OrderRequest {
            cart,
            priced: &priced,
            party,
            attribution: request.attribution.clone(),
            extension_data: request.extension_data.clone(),
            created_via: CreatedVia::StoreApi,
            signup,
            payment_data: &request.payment_data,
            base_url: &base_url,
        },
    )
    .await;
    let PlacedOrder {
        order,
        payment,
        new_customer,
    } = match placed {
        Ok(placed) => placed,
        Err(refusal) => return Err(refused(state, caller, headers, refusal).await),
    };
    // The order names the new customer whatever the payment did, so they are logged in: what
    // is left of the guest cart (all of it after a declined payment) becomes theirs.
    if let Some(id) = new_customer {
        caller.log_in(state, id).await?;
        let welcome = crate::emails::account::AccountEmail::Welcome { user_id: id };
        crate::emails::account::enqueue(&state.db, &welcome).await;
    }
    let after = reply::priced(state, caller).await?;
    let received = checkout::order_received_url(&base_url, order.id, order.order_key.as_str());
    let result = payment.outcome.result(&received);
    let status = StatusCode::from_u16(result.http_status()).unwrap_or(StatusCode::OK);
    Ok(
        Reply::json(status, &checkout_view(&order, Some(result), None))
            .with_cart_hash(after.hash()),
    )
}

/// A refused checkout as the Store API reports it: the first problem, in WooCommerce's code
/// and words; those about the cart carry it (a 409).
pub(super) async fn refusal(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    refusal: CheckoutRefusal,
) -> StoreApiError {
    match refusal {
        CheckoutRefusal::CartEmpty => {
            let error = conflict(state, caller, headers, ErrorCode::CartEmpty, "").await;
            error
                .with_message(ErrorCode::CartEmpty.default_message())
                .with_data("0", Value::from(400))
        }
        CheckoutRefusal::Cart(notices) => {
            match stock_conflict(state, caller, headers, &notices).await {
                Some(error) => error,
                None => StoreApiError::internal(&format!("unexpected cart problems: {notices:?}")),
            }
        }
        CheckoutRefusal::ShrunkLine(message) => {
            let code = ErrorCode::CheckoutPartiallyOutOfStock;
            conflict(state, caller, headers, code, &message).await
        }
        CheckoutRefusal::Addresses(found) => match found.problems.into_iter().next() {
            Some(first) => first.into(),
            None => StoreApiError::internal(&"an address refusal without a problem"),
        },
        CheckoutRefusal::CouponsRemoved(removed) => {
            coupon_errors(state, caller, headers, &removed).await
        }
        CheckoutRefusal::NoShippingRate => StoreApiError::new(ErrorCode::InvalidShippingOption),
        CheckoutRefusal::Method(refusal) => refusal.into(),
        CheckoutRefusal::Storage(cause) => StoreApiError::internal(&cause),
    }
}

/// A refused placement as the Store API reports it.
async fn refused(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    refusal: Refusal,
) -> StoreApiError {
    match refusal {
        Refusal::Place(error) => place_error(state, caller, headers, error).await,
        Refusal::Signup(error) => error.into(),
        Refusal::Card(error) => error.into(),
        Refusal::Storage(error) => StoreApiError::internal(&error),
    }
}
