//! The theme's `mercato_ajax_cart_item_alter_quantity` admin-ajax action (SPEC §7.2 item 3):
//! sets a mini-cart line's quantity (0 removes it) and answers like `get_refreshed_fragments`.
//! A refusal answers `{success: false, data: {message}}` (`wp_send_json_error`), the
//! message being WooCommerce's, already HTML-escaped.

use axum::response::Response;
use mercato_core::php_int::intval;

use super::endpoints::{cart_answer, read_cart};
use super::{AjaxError, AjaxRequest, json_error};
use crate::cart::{CartError, CartRef, ops};
use crate::state::AppState;

pub(super) const ACTION: &str = "mercato_ajax_cart_item_alter_quantity";

fn refused(message: &str) -> Response {
    json_error(message)
}

/// `POST /wp-admin/admin-ajax.php` `action=mercato_ajax_cart_item_alter_quantity`
/// `cart_item_key=…` `quantity=N` (a POST: the table refuses any other method).
pub async fn alter_quantity(state: AppState, call: AjaxRequest) -> Result<Response, AjaxError> {
    let item_key = call.field("cart_item_key").unwrap_or("").trim().to_owned();
    let Some(quantity) = call
        .field("quantity")
        .map(str::trim)
        .filter(|q| !q.is_empty())
    else {
        return Ok(refused("A quantity is needed."));
    };
    let quantity = intval(quantity);
    let cart = read_cart(&state, &call.jar).await?;
    let Some((key, user_id)) = cart.filter(|_| !item_key.is_empty()) else {
        return Ok(refused(&CartError::UnknownItem.message()));
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
            cart_answer(&state, &call, Some((&key, user_id)), jar).await
        }
        Err(CartError::Storage(e)) => Err(e.into()),
        Err(refusal) => Ok(refused(&refusal.message())),
    }
}
