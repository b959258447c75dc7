//! `POST /cart/update-customer`, `/cart/select-shipping-rate` and `/cart/extensions`.

use std::sync::Arc;

use axum::Extension;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use mercato_core::orders::check_address_params;
use serde_json::{Map, Value};

use super::body::Body;
use super::context::{CartSession, cart_ref};
use super::reply::{cart_reply, fail};
use crate::cart::ops;
use crate::state::AppState;
use crate::store_api::error::StoreApiError;

/// `POST /cart/update-customer` (`billing_address`, `shipping_address`, each partial):
/// addresses checked (country, state, postcode, phone, email) and merged over the stored
/// ones; failures are `rest_invalid_param` with `data.params` and `data.details` per address.
pub async fn update_customer(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let fields = body.fields();
    let billing = fields.raw("billing_address").filter(|v| !v.is_null());
    let shipping = fields.raw("shipping_address").filter(|v| !v.is_null());
    let (billing, shipping) = check_address_params(billing.as_ref(), shipping.as_ref())
        .map_err(StoreApiError::invalid_fields)?;
    if billing.is_some() || shipping.is_some() {
        let owned = session.cart_for_write().await;
        if let Err(error) = ops::update_customer(
            &state,
            cart_ref(&owned),
            billing.as_ref(),
            shipping.as_ref(),
        )
        .await
        {
            return Err(fail(&state, &session, &headers, error, "").await);
        }
        session.commit(&state).await?;
    }
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}

/// `POST /cart/select-shipping-rate` (`package_id` optional, `rate_id` required). A rate not
/// offered leaves the choice as it was (200).
pub async fn select_shipping_rate(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let mut fields = body.fields();
    fields.require("rate_id");
    let package_id = fields.id_like("package_id");
    let rate_id = fields.string("rate_id").unwrap_or_default();
    fields.finish()?;
    let rate_id = rate_id.trim().to_owned();
    // Without a cart there are no packages: nothing is chosen, nothing is written (but a
    // shop without shipping still says so).
    let owned = session.cart().await.unwrap_or_default();
    let outcome =
        ops::select_shipping_rate(&state, cart_ref(&owned), package_id.as_deref(), &rate_id).await;
    if let Err(error) = outcome {
        return Err(fail(&state, &session, &headers, error, "").await);
    }
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}

/// `POST /cart/extensions` (`namespace`, `data`): runs the namespace's update callback.
pub async fn extensions(
    State(state): State<AppState>,
    Extension(session): Extension<Arc<CartSession>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    bytes: Bytes,
) -> Result<Response, StoreApiError> {
    let body = Body::parse(query.as_deref(), &headers, &bytes)?;
    let mut fields = body.fields();
    let namespace = fields.string("namespace").unwrap_or_default();
    let data = fields
        .object("data")
        .unwrap_or_else(|| Value::Object(Map::new()));
    fields.finish()?;
    let owned = session.cart_for_write().await;
    if let Err(error) = ops::update_extension(&state, cart_ref(&owned), &namespace, &data).await {
        return Err(fail(&state, &session, &headers, error, "").await);
    }
    session.commit(&state).await?;
    cart_reply(&state, &session, &headers, StatusCode::OK).await
}
