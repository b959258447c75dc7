//! `GET /checkout` (the session's draft order, made or refreshed from the cart) and
//! `PUT /checkout` (partial updates of the draft: note, payment method, addresses).

use axum::extract::{RawQuery, State};
use axum::http::HeaderMap;
use mercato_core::orders::{Order, checkout_view};
use mercato_core::payments::PaymentResult;
use mercato_db::orders;
use serde_json::Value;

use super::request;
use crate::cart::PricedCart;
use crate::checkout;
use crate::checkout::rate_limit::{self, Peer};
use crate::state::AppState;
use crate::store_api::cart::body::Body;
use crate::store_api::cart::{Caller, reply};
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond::Reply;

/// `GET /checkout`. The answer, refusals included, says what the cart is (priced once).
pub async fn get(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    peer: Peer,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let priced = reply::priced(&state, &caller).await?;
    let hash = priced.hash();
    let answer = async {
        let cart = caller.cart().filter(|_| !priced.is_empty());
        let Some(cart) = cart else {
            return Err(StoreApiError::new(ErrorCode::CartEmptyDraft));
        };
        let holder =
            rate_limit::client_of(&state, cart.user_id.unwrap_or(0), peer, &headers).await?;
        let draft =
            refresh_draft(&state, &headers, cart.key, cart.user_id, &priced, &holder).await?;
        let cart = experimental_cart(&state, &headers, query.as_deref(), &priced).await?;
        Ok::<_, StoreApiError>(Reply::ok(&checkout_view(
            &draft,
            Some(PaymentResult::empty()),
            cart,
        )))
    };
    said_with(hash, answer.await)
}

/// `PUT /checkout`: the fields sent are stored on the draft; `payment_result` is null. The
/// answer, refusals included, says what the cart is (priced once).
pub async fn put(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    peer: Peer,
    RawQuery(query): RawQuery,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let priced = reply::priced(&state, &caller).await?;
    let hash = priced.hash();
    let answer = async {
        let gateways = &state.gateways;
        let enabled = gateways.enabled_ids();
        let enabled: Vec<&str> = enabled.iter().map(String::as_str).collect();
        let request = request::read(&body, &enabled, false, &state.cart.extensions)?;
        let cart = caller.cart().filter(|_| !priced.is_empty());
        let Some(cart) = cart else {
            return Err(StoreApiError::new(ErrorCode::CartEmptyDraft));
        };
        let mut draft = match orders::load_draft(&state.db, cart.key).await? {
            Some(draft) => draft,
            None => {
                let user_id = cart.user_id;
                let holder =
                    rate_limit::client_of(&state, user_id.unwrap_or(0), peer, &headers).await?;
                refresh_draft(&state, &headers, cart.key, user_id, &priced, &holder).await?
            }
        };
        if let Some(note) = request.customer_note {
            draft.customer_note = note;
        }
        if let Some(method) = request.payment_method {
            draft.payment_method_title = gateways
                .get(&method)
                .map(|g| g.title.clone())
                .unwrap_or_default();
            draft.payment_method = method;
        }
        if let Some(patch) = &request.billing {
            patch.apply_to(&mut draft.billing);
        }
        if let Some(patch) = &request.shipping {
            patch.apply_to(&mut draft.shipping);
        }
        if request.attribution.is_some() {
            draft.attribution = request.attribution;
        }
        draft.extension_data.extend(request.extension_data);
        orders::update_draft(&state.db, &draft).await?;
        let cart = experimental_cart(&state, &headers, query.as_deref(), &priced).await?;
        Ok::<_, StoreApiError>(Reply::ok(&checkout_view(&draft, None, cart)))
    };
    said_with(hash, answer.await)
}

/// `result`, answer or refusal, saying the cart hash `hash`.
fn said_with(hash: String, result: Result<Reply, StoreApiError>) -> Result<Reply, StoreApiError> {
    match result {
        Ok(reply) => Ok(reply.with_cart_hash(hash)),
        Err(error) => Err(error.with_cart_hash(hash)),
    }
}

/// Makes or refreshes the cart's draft ([`checkout::drafts::refresh`]), as a Store API
/// answer.
async fn refresh_draft(
    state: &AppState,
    headers: &HeaderMap,
    cart_key: &str,
    user_id: Option<i64>,
    priced: &PricedCart,
    holder: &str,
) -> Result<Order, StoreApiError> {
    let whose = checkout::drafts::DraftFor {
        cart_key,
        user_id,
        user_agent: checkout::user_agent(headers),
        holder,
    };
    Ok(checkout::drafts::refresh(state, whose, priced).await?)
}

/// The cart object when the query asks for it (`__experimental_calc_totals=true`).
async fn experimental_cart(
    state: &AppState,
    headers: &HeaderMap,
    query: Option<&str>,
    priced: &PricedCart,
) -> Result<Option<Value>, StoreApiError> {
    let wanted = query.unwrap_or("").split('&').any(|pair| {
        matches!(
            pair.split_once('='),
            Some(("__experimental_calc_totals", "true" | "1"))
        )
    });
    if !wanted {
        return Ok(None);
    }
    let cart = reply::cart_object(state, headers, priced).await?;
    Ok(serde_json::to_value(cart).ok())
}
