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
use mercato_core::orders::{
    AddressFieldSettings, AllowedCountries, CreatedVia, checkout_view, validate_order_addresses,
};
use mercato_core::payments::PaymentContext;
use serde_json::Value;

use super::errors::{conflict, coupon_errors, place_error, stock_conflict};
use super::request;
use crate::accounts;
use crate::cart::{CartDocument, PricedCart, ops};
use crate::checkout::{self, OrderParty, OrderRequest, PlacedOrder, Refusal};
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
    let request = request::read(body, &enabled, true)?;

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
        let error = conflict(state, caller, headers, ErrorCode::CartEmpty, "").await;
        return Err(error
            .with_message(ErrorCode::CartEmpty.default_message())
            .with_data("0", Value::from(400)));
    };
    let cart = crate::cart::CartRef { key: &key, user_id };
    if let Some(error) = stock_conflict(state, caller, headers, &priced.errors).await {
        return Err(error);
    }
    if let Some(message) = shrunk_line(&stored, &priced) {
        let code = ErrorCode::CheckoutPartiallyOutOfStock;
        return Err(conflict(state, caller, headers, code, &message).await);
    }
    let (billing, shipping) =
        checkout::order_addresses(&priced, request.billing.as_ref(), request.shipping.as_ref());
    let needs = checkout::shipping_needs(&priced);
    validate_order_addresses(
        &billing,
        &shipping,
        needs,
        &AllowedCountries::all(),
        &AddressFieldSettings::default(),
    )?;

    // The addresses are good: the cart keeps them, and is priced for them (again only when
    // they changed).
    let changed = ops::update_customer(
        state,
        cart,
        request.billing.as_ref(),
        request.shipping.as_ref(),
    )
    .await?;
    let priced = if changed {
        reply::priced(state, caller).await?
    } else {
        priced
    };
    // Priced for the posted addresses, a coupon may no longer apply (an email it does not
    // allow, a limit another order used up meanwhile): refuse rather than charge without it.
    if !priced.removed_coupons.is_empty() {
        return Err(coupon_errors(state, caller, headers, &priced.removed_coupons).await);
    }
    let chosen = priced
        .chosen_rates()
        .ok_or_else(|| StoreApiError::new(ErrorCode::InvalidShippingOption))?;
    let method = request.payment_method.clone().unwrap_or_default();
    let chosen_refs: Vec<&str> = chosen.iter().map(String::as_str).collect();
    let context = PaymentContext {
        total: priced.total(),
        needs_shipping: needs.needs_shipping,
        chosen_rates: &chosen_refs,
        country: &billing.country,
    };
    checkout::check_method(gateways, &method, &context)?;

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

/// WooCommerce's message for the first stored line whose quantity reading the cart lowered
/// (or removed), if any.
fn shrunk_line(stored: &CartDocument, priced: &PricedCart) -> Option<String> {
    stored.items.iter().find_map(|item| {
        let now = priced.document.item(&item.key).map_or(0, |i| i.quantity);
        (now < item.quantity).then(|| {
            format!(
                "There is not enough {} in stock. Please reduce the quantity in your cart.",
                item.name
            )
        })
    })
}
