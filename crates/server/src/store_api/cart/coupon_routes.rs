//! Coupons: `POST /cart/apply-coupon`, `/cart/remove-coupon`, and the collection
//! `/cart/coupons` (GET, POST, DELETE) and `/cart/coupons/{code}` (GET, DELETE).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use mercato_core::limits::MAX_COUPON_CODE_CHARS;
use mercato_core::pricing::format_coupon_code;
use mercato_db::coupons;
use serde_json::Value;

use super::body::Body;
use super::caller::Caller;
use super::links::{Linked, linked};
use super::reply::{cart_reply, change, priced, with_cart_hash};
use crate::cart::{self, CouponView, PricedCart, ops};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, ParamError, StoreApiError};
use crate::store_api::respond::Reply;
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

/// Applies `code` for the caller (their cart joins their session on a first write), or the
/// Store API error saying why not.
async fn apply(
    state: &AppState,
    caller: &mut Caller,
    headers: &HeaderMap,
    code: &str,
) -> Result<String, StoreApiError> {
    let cart = caller.cart_for_write();
    let apply = ops::apply_coupon(state, cart.reference(), code);
    let code = change(state, caller, headers, "", apply).await?;
    caller.commit(state, &cart).await?;
    Ok(code)
}

/// `POST /cart/apply-coupon` (`code`).
pub async fn apply_coupon(
    State(state): State<AppState>,
    mut caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let code = read_code(&body)?;
    apply(&state, &mut caller, &headers, &code).await?;
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}

/// Removes `code` for the caller.
async fn remove(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    code: &str,
) -> Result<(), StoreApiError> {
    let cart = caller.cart().unwrap_or(cart::CartRef {
        key: "",
        user_id: None,
    });
    change(
        state,
        caller,
        headers,
        "",
        ops::remove_coupon(state, cart, code),
    )
    .await
}

/// `POST /cart/remove-coupon` (`code`).
pub async fn remove_coupon(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let code = read_code(&body)?;
    remove(&state, &caller, &headers, &code).await?;
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}

/// The applied coupons of `priced` as collection items.
fn coupon_items(
    state: &AppState,
    headers: &HeaderMap,
    priced: &PricedCart,
) -> Vec<Linked<CouponView>> {
    let base_url = Shop::for_request(state, headers).base_url;
    priced
        .totals
        .coupons
        .iter()
        .map(|c| {
            let view = cart::coupon_view(c, state.settings.currency.fields());
            linked(view, &base_url, COLLECTION, &c.code)
        })
        .collect()
}

/// `GET /cart/coupons`.
pub async fn list(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
) -> Result<Reply, StoreApiError> {
    let priced = priced(&state, &caller).await?;
    let items = coupon_items(&state, &headers, &priced);
    Ok(Reply::ok(&items).with_cart_hash(priced.hash()))
}

/// `POST /cart/coupons` (`code`, which must name a coupon): 201 with the coupon.
pub async fn create(
    State(state): State<AppState>,
    mut caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let code = read_code(&body)?;
    if coupons::get_by_code(&state.db, &code).await?.is_none() {
        return Err(StoreApiError::invalid_param(ParamError {
            param: "code".to_owned(),
            code: "rest_invalid_param",
            message: "Invalid parameter.".to_owned(),
            data: Value::Null,
        }));
    }
    let code = apply(&state, &mut caller, &headers, &code).await?;
    let priced = priced(&state, &caller).await?;
    let item = coupon_items(&state, &headers, &priced)
        .into_iter()
        .find(|c| c.item.code == code)
        .ok_or_else(|| StoreApiError::internal(&"an applied coupon has no totals"))?;
    Ok(Reply::json(StatusCode::CREATED, &item.item)
        .with_cart_hash(priced.hash())
        .with_caller(caller))
}

/// `DELETE /cart/coupons`: removes every coupon; 200 with `[]`.
pub async fn delete_all(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
) -> Result<Reply, StoreApiError> {
    if let Some(cart) = caller.cart() {
        let remove = ops::remove_all_coupons(&state, cart);
        change(&state, &caller, &headers, "", remove).await?;
    }
    let priced = priced(&state, &caller).await?;
    Ok(Reply::ok(&Vec::<Value>::new()).with_cart_hash(priced.hash()))
}

/// `GET /cart/coupons/{code}`.
pub async fn single(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> Result<Reply, StoreApiError> {
    let code = format_coupon_code(&code);
    let priced = priced(&state, &caller).await?;
    match coupon_items(&state, &headers, &priced)
        .into_iter()
        .find(|c| c.item.code == code)
    {
        Some(item) => Ok(Reply::ok(&item.item).with_cart_hash(priced.hash())),
        None => Err(StoreApiError::new(ErrorCode::CouponNotInCart).with_cart_hash(priced.hash())),
    }
}

/// `DELETE /cart/coupons/{code}`: 204.
pub async fn delete(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path(code): Path<String>,
) -> Result<Reply, StoreApiError> {
    let in_cart = match caller.cart() {
        Some(cart) => ops::load_document(&state, cart.key)
            .await?
            .has_coupon(&code),
        None => false,
    };
    if !in_cart {
        let error = StoreApiError::new(ErrorCode::CouponNotInCart);
        return Err(with_cart_hash(&state, &caller, error).await);
    }
    remove(&state, &caller, &headers, &code).await?;
    let priced = priced(&state, &caller).await?;
    Ok(Reply::no_content().with_cart_hash(priced.hash()))
}
