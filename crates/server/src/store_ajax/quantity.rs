//! The theme's `mercato_ajax_cart_item_alter_quantity` admin-ajax action (SPEC §7.2 item 3):
//! sets a mini-cart line's quantity (0 removes it) and answers like `get_refreshed_fragments`.
//! A refusal answers `{success: false, data: {message}}` (`wp_send_json_error`), the
//! message being WooCommerce's, already HTML-escaped.

use axum::http::Method;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use serde_json::json;

use super::endpoints::{cart_answer, intval, read_cart};
use super::{AjaxCall, AjaxRequest, json, server_error};
use crate::cart::{CartError, CartRef, ops};
use crate::state::AppState;

const ACTION: &str = "mercato_ajax_cart_item_alter_quantity";

fn refused(message: &str) -> Response {
    json(&json!({ "success": false, "data": { "message": message } }))
}

/// `POST /wp-admin/admin-ajax.php` `action=mercato_ajax_cart_item_alter_quantity`
/// `cart_item_key=…` `quantity=N`.
pub async fn alter_quantity(state: AppState, request: AjaxRequest) -> Response {
    if request.method != Method::POST {
        return refused("This action needs a POST request.");
    }
    let call = AjaxCall {
        jar: CookieJar::from_headers(&request.headers),
        headers: request.headers,
        fields: request.fields,
    };
    let item_key = call.field("cart_item_key").unwrap_or("").trim().to_owned();
    let Some(quantity) = call
        .field("quantity")
        .map(str::trim)
        .filter(|q| !q.is_empty())
    else {
        return refused("A quantity is needed.");
    };
    let quantity = intval(quantity);
    let cart = match read_cart(&state, &call.jar).await {
        Ok(cart) => cart,
        Err(e) => return server_error(&e, ACTION),
    };
    let Some((key, user_id)) = cart.filter(|_| !item_key.is_empty()) else {
        return refused(&CartError::UnknownItem.message());
    };
    let cart = CartRef { key: &key, user_id };
    let outcome = if quantity <= 0 {
        ops::remove_item(&state, cart, &item_key).await
    } else {
        ops::set_quantity(&state, cart, &item_key, quantity).await
    };
    match outcome {
        Ok(()) => {
            let jar = call.jar.clone();
            cart_answer(&state, &call, Some((&key, user_id)), jar, ACTION).await
        }
        Err(CartError::Storage(e)) => server_error(&e, ACTION),
        Err(refusal) => refused(&refusal.message()),
    }
}
