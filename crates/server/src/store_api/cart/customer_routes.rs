//! `POST /cart/update-customer`, `/cart/select-shipping-rate` and `/cart/extensions`.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use mercato_core::orders::check_address_params;
use serde_json::{Map, Value};

use super::body::Body;
use super::caller::Caller;
use super::reply::{cart_reply, change};
use crate::cart::{CartRef, ops};
use crate::state::AppState;
use crate::store_api::error::StoreApiError;
use crate::store_api::respond::Reply;

/// `POST /cart/update-customer` (`billing_address`, `shipping_address`, each partial):
/// addresses checked (country, state, postcode, phone, email) and merged over the stored
/// ones; failures are `rest_invalid_param` with `data.params` and `data.details` per address.
pub async fn update_customer(
    State(state): State<AppState>,
    mut caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let fields = body.fields();
    let billing = fields.raw("billing_address").filter(|v| !v.is_null());
    let shipping = fields.raw("shipping_address").filter(|v| !v.is_null());
    let (billing, shipping) = check_address_params(billing.as_ref(), shipping.as_ref())
        .map_err(StoreApiError::invalid_fields)?;
    if billing.is_some() || shipping.is_some() {
        let cart = caller.cart_for_write();
        let update = ops::update_customer(
            &state,
            cart.reference(),
            billing.as_ref(),
            shipping.as_ref(),
        );
        change(&state, &caller, &headers, "", update).await?;
        caller.commit(&state, &cart).await?;
    }
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}

/// `POST /cart/select-shipping-rate` (`package_id` optional, `rate_id` required). A rate not
/// offered leaves the choice as it was (200).
pub async fn select_shipping_rate(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let mut fields = body.fields();
    fields.require("rate_id");
    let package_id = fields.id_like("package_id");
    let rate_id = fields.string("rate_id").unwrap_or_default();
    fields.finish()?;
    let rate_id = rate_id.trim().to_owned();
    // Without a cart there are no packages: nothing is chosen, nothing is written (but a
    // shop without shipping still says so).
    let cart = caller.cart().unwrap_or(CartRef {
        key: "",
        user_id: None,
    });
    let select = ops::select_shipping_rate(&state, cart, package_id.as_deref(), &rate_id);
    change(&state, &caller, &headers, "", select).await?;
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}

/// `POST /cart/extensions` (`namespace`, `data`): runs the namespace's update callback.
pub async fn extensions(
    State(state): State<AppState>,
    mut caller: Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Reply, StoreApiError> {
    let mut fields = body.fields();
    let namespace = fields.string("namespace").unwrap_or_default();
    let data = fields
        .object("data")
        .unwrap_or_else(|| Value::Object(Map::new()));
    fields.finish()?;
    let cart = caller.cart_for_write();
    let update = ops::update_extension(&state, cart.reference(), &namespace, &data);
    change(&state, &caller, &headers, "", update).await?;
    caller.commit(&state, &cart).await?;
    cart_reply(&state, caller, &headers, StatusCode::OK).await
}
