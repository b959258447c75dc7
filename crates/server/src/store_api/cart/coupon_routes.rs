//! Coupons: `POST /cart/apply-coupon`, `/cart/remove-coupon`, and the collection
//! `/cart/coupons` (GET, POST, DELETE) and `/cart/coupons/{code}` (GET, DELETE).

use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use mercato_core::limits::MAX_COUPON_CODE_CHARS;
use mercato_core::pricing::format_coupon_code;
use mercato_db::coupons;
use serde_json::Value;

use super::body::Body;
use super::context::{CartSession, cart_ref};
use super::links::{Linked, linked};
use super::reply::{cart_reply, fail, priced};
use crate::cart::{self, CouponView, ops};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, ParamError, StoreApiError};
use crate::store_api::respond;
use crate::store_api::views::Shop;

const COLLECTION: &str = "/cart/coupons";

/// Reads the required `code`.
fn read_code(body: &Body) -> Result<String, StoreApiError> {
    let mut fields = body.fields();
    fields.require("code");
    let code = fields
        .string_at_most("code", MAX_COUPON_CODE_CHARS)
        .unwrap_or_default();
    fields.finish()?;
    Ok(code)
}

/// Applies `code` for the caller, or the Store API error saying why not.
async fn apply(
    state: &AppState,
    session: &Arc<CartSession>,
    headers: &HeaderMap,
    code: &str,
) -> Result<String, StoreApiError> {
    let owned = session.cart_for_write().await;
    match ops::apply_coupon(state, cart_ref(&owned), code).await {
        Ok(code) => {
            session.commit(state).await?;
            Ok(code)
        }
        Err(error) => Err(fail(state, session, headers, error, "").await),
    }
}

/// `POST /cart/apply-coupon` (`code`).
pub async fn apply_coupon(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let code = read_code(&body)?;
    apply(&state, &session, &headers, &code).await?;
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}

/// Removes `code` for the caller.
async fn remove(
    state: &AppState,
    session: &Arc<CartSession>,
    headers: &HeaderMap,
    code: &str,
) -> Result<(), StoreApiError> {
    let outcome = match session.cart().await {
        Some(owned) => ops::remove_coupon(state, cart_ref(&owned), code).await,
        None => {
            ops::remove_coupon(
                state,
                cart::CartRef {
                    key: "",
                    user_id: None,
                },
                code,
            )
            .await
        }
    };
    match outcome {
        Ok(()) => Ok(()),
        Err(error) => Err(fail(state, session, headers, error, "").await),
    }
}

/// `POST /cart/remove-coupon` (`code`).
pub async fn remove_coupon(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let code = read_code(&body)?;
    remove(&state, &session, &headers, &code).await?;
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}

/// The applied coupons as collection items.
async fn coupon_items(
    state: &AppState,
    session: &CartSession,
    headers: &HeaderMap,
) -> Result<Vec<Linked<CouponView>>, StoreApiError> {
    let priced = priced(state, session).await?;
    session.record_hash(priced.hash()).await;
    let base_url = Shop::for_request(state, headers).base_url;
    Ok(priced
        .totals
        .coupons
        .iter()
        .map(|c| {
            let view = cart::coupon_view(c, state.settings.currency.fields());
            linked(view, &base_url, COLLECTION, &c.code)
        })
        .collect())
}

/// `GET /cart/coupons`.
pub async fn list(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
) -> Result<Response, StoreApiError> {
    Ok(respond::ok(
        &coupon_items(&state, &session, &headers).await?,
    ))
}

/// `POST /cart/coupons` (`code`, which must name a coupon): 201 with the coupon.
pub async fn create(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let code = read_code(&body)?;
    if coupons::get_by_code(&state.db, &code).await?.is_none() {
        return Err(StoreApiError::invalid_param(ParamError {
            param: "code".to_owned(),
            code: "rest_invalid_param",
            message: "Invalid parameter.".to_owned(),
            data: Value::Null,
        }));
    }
    let code = apply(&state, &session, &headers, &code).await?;
    let item = coupon_items(&state, &session, &headers)
        .await?
        .into_iter()
        .find(|c| c.item.code == code)
        .ok_or_else(|| StoreApiError::internal(&"an applied coupon has no totals"))?;
    Ok(respond::json(StatusCode::CREATED, &item.item))
}

/// `DELETE /cart/coupons`: removes every coupon; 200 with `[]`.
pub async fn delete_all(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
) -> Result<Response, StoreApiError> {
    if let Some(owned) = session.cart().await
        && let Err(error) = ops::remove_all_coupons(&state, cart_ref(&owned)).await
    {
        return Err(fail(&state, &session, &headers, error, "").await);
    }
    let priced = priced(&state, &session).await?;
    session.record_hash(priced.hash()).await;
    Ok(respond::ok(&Vec::<Value>::new()))
}

/// `GET /cart/coupons/{code}`.
pub async fn single(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> Result<Response, StoreApiError> {
    let code = format_coupon_code(&code);
    coupon_items(&state, &session, &headers)
        .await?
        .into_iter()
        .find(|c| c.item.code == code)
        .map(|c| respond::ok(&c.item))
        .ok_or_else(|| StoreApiError::new(ErrorCode::CouponNotInCart))
}

/// `DELETE /cart/coupons/{code}`: 204.
pub async fn delete(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> Result<Response, StoreApiError> {
    let in_cart = match session.cart().await {
        Some(owned) => ops::load_document(&state, &owned.0)
            .await
            .map_err(super::reply::storage)?
            .has_coupon(&code),
        None => false,
    };
    if !in_cart {
        return Err(StoreApiError::new(ErrorCode::CouponNotInCart));
    }
    remove(&state, &session, &headers, &code).await?;
    let priced = priced(&state, &session).await?;
    session.record_hash(priced.hash()).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}
