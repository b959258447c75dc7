//! `GET /checkout` (the session's draft order, made or refreshed from the cart) and
//! `PUT /checkout` (partial updates of the draft: note, payment method, addresses).

use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use mercato_core::orders::{Order, checkout_view};
use mercato_core::payments::PaymentResult;
use mercato_db::orders;
use serde_json::Value;

use super::request;
use crate::cart::PricedCart;
use crate::checkout;
use crate::checkout::rate_limit::{self, Peer};
use crate::state::AppState;
use crate::store_api::cart::CartSession;
use crate::store_api::cart::reply;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond;

/// `GET /checkout`.
pub async fn get(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    peer: Peer,
    RawQuery(query): RawQuery,
) -> Result<Response, StoreApiError> {
    let priced = reply::priced(&state, &session).await?;
    session.record_hash(priced.hash()).await;
    let cart = session.cart().await.filter(|_| !priced.is_empty());
    let Some((key, user_id)) = cart else {
        return Err(StoreApiError::new(ErrorCode::CartEmptyDraft));
    };
    let holder = rate_limit::client_of(&state, user_id.unwrap_or(0), peer, &headers).await?;
    let draft = refresh_draft(&state, &headers, &key, user_id, &priced, &holder).await?;
    let cart = experimental_cart(&state, &session, &headers, query.as_deref(), &priced).await?;
    Ok(respond::json(
        StatusCode::OK,
        &checkout_view(&draft, Some(PaymentResult::empty()), cart),
    ))
}

/// `PUT /checkout`: the fields sent are stored on the draft; `payment_result` is null.
pub async fn put(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    peer: Peer,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let gateways = &state.gateways;
    let enabled = gateways.enabled_ids();
    let enabled: Vec<&str> = enabled.iter().map(String::as_str).collect();
    let request = request::parse(query.as_deref(), &headers, &bytes, &enabled, false)?;
    let priced = reply::priced(&state, &session).await?;
    session.record_hash(priced.hash()).await;
    let cart = session.cart().await.filter(|_| !priced.is_empty());
    let Some((key, user_id)) = cart else {
        return Err(StoreApiError::new(ErrorCode::CartEmptyDraft));
    };
    let mut draft = match orders::load_draft(&state.db, &key).await? {
        Some(draft) => draft,
        None => {
            let holder =
                rate_limit::client_of(&state, user_id.unwrap_or(0), peer, &headers).await?;
            refresh_draft(&state, &headers, &key, user_id, &priced, &holder).await?
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
    orders::update_draft(&state.db, &draft).await?;
    let cart = experimental_cart(&state, &session, &headers, query.as_deref(), &priced).await?;
    Ok(respond::json(
        StatusCode::OK,
        &checkout_view(&draft, None, cart),
    ))
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
    session: &CartSession,
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
    let cart = reply::cart_object(state, session, headers, priced).await?;
    Ok(serde_json::to_value(cart).ok())
}
