//! Checkout failures as Store API errors: the checkout domain's refusals convert with `?`
//! (`From`); those that carry the cart (`data.cart`, a 409) are made here with it.

use axum::http::HeaderMap;
use mercato_core::orders::CheckoutAddressError;
use mercato_db::orders::PlaceError;
use serde_json::Value;

use crate::accounts::SignupError;
use crate::cart::CartNotice;
use crate::checkout::MethodRefusal;
use crate::checkout::cards::CardRefusal;
use crate::state::AppState;
use crate::store_api::cart::Caller;
use crate::store_api::cart::reply;
use crate::store_api::error::{ErrorCode, StoreApiError};

/// WooCommerce's pre-payment address errors (golden 043), with their `data` extras.
impl From<CheckoutAddressError> for StoreApiError {
    fn from(error: CheckoutAddressError) -> Self {
        address_error(&error)
    }
}

fn address_error(error: &CheckoutAddressError) -> StoreApiError {
    let code = match error {
        CheckoutAddressError::MissingEmail => ErrorCode::MissingEmailAddress,
        CheckoutAddressError::InvalidEmail(_) => ErrorCode::InvalidEmailAddress,
        CheckoutAddressError::ShippingCountry { .. }
        | CheckoutAddressError::BillingCountry { .. } => ErrorCode::InvalidAddressCountry,
        CheckoutAddressError::MissingFields(_) => ErrorCode::InvalidAddress,
    };
    let mut out = StoreApiError::new(code).with_message(error.to_string());
    if let Ok(Value::Object(data)) = serde_json::to_value(error.data()) {
        for (key, value) in data {
            match key.as_str() {
                "errors" => out = out.with_data("errors", value),
                "allowed_countries" => out = out.with_data("allowed_countries", value),
                _ => {}
            }
        }
    }
    out
}

/// A refused account (`create_account`): WooCommerce's registration errors, 400.
impl From<SignupError> for StoreApiError {
    fn from(error: SignupError) -> Self {
        match error {
            SignupError::EmailExists => StoreApiError::new(ErrorCode::RegistrationEmailExists),
            SignupError::MissingPassword => {
                StoreApiError::new(ErrorCode::RegistrationMissingPassword)
            }
            SignupError::WeakPassword(problem) => {
                StoreApiError::new(ErrorCode::RegistrationWeakPassword)
                    .with_message(problem.message())
            }
            SignupError::Busy(_) => StoreApiError::new(ErrorCode::Busy),
            other => StoreApiError::internal(&other),
        }
    }
}

/// A saved card that cannot be used: WooCommerce's payment error, 400.
impl From<CardRefusal> for StoreApiError {
    fn from(error: CardRefusal) -> Self {
        match error {
            CardRefusal::Unknown => StoreApiError::new(ErrorCode::ProcessPaymentError)
                .with_message(crate::checkout::cards::UNKNOWN_CARD),
            CardRefusal::Storage(cause) => StoreApiError::internal(&cause),
        }
    }
}

/// A payment method the order cannot be paid with, in the checkout domain's words (the
/// classic form shows the same).
impl From<MethodRefusal> for StoreApiError {
    fn from(refusal: MethodRefusal) -> Self {
        let code = match &refusal {
            MethodRefusal::Unknown(invalid) => {
                return StoreApiError::invalid_fields(invalid.clone());
            }
            MethodRefusal::Missing => ErrorCode::MissingPaymentMethod,
            MethodRefusal::Unavailable => ErrorCode::PaymentMethodDisabled,
        };
        StoreApiError::new(code).with_message(refusal.message())
    }
}

/// A 409 with the caller's cart in `data.cart`.
pub async fn conflict(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    code: ErrorCode,
    message: &str,
) -> StoreApiError {
    reply::conflict(state, caller, headers, code, message).await
}

/// The cart problems that stop an order (`errors` of the priced cart: stock, lines changed
/// since last read, coupons removed), as a 409 with the fresh cart.
pub async fn stock_conflict(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    notices: &[CartNotice],
) -> Option<StoreApiError> {
    let (code, notice) = notices.iter().find_map(|n| {
        let code = match n.code.as_str() {
            "woocommerce_rest_product_out_of_stock" => ErrorCode::CheckoutOutOfStock,
            "woocommerce_rest_product_partially_out_of_stock" => {
                ErrorCode::CheckoutPartiallyOutOfStock
            }
            "woocommerce_rest_product_too_many_in_cart" => ErrorCode::CheckoutTooManyInCart,
            "woocommerce_rest_cart_item_error" => ErrorCode::CheckoutCartItemError,
            "woocommerce_rest_cart_coupon_error" => ErrorCode::CheckoutCouponError,
            _ => return None,
        };
        Some((code, n))
    })?;
    Some(conflict(state, caller, headers, code, &notice.message).await)
}

/// Coupons that stopped applying while the checkout ran (WooCommerce's pre-payment order
/// validation: the posted billing email is not one a coupon allows, another order used up
/// its limit): 409 `woocommerce_rest_cart_coupon_errors` with `removed_coupons` (code →
/// reason) and the cart without them. Nothing is placed; the shopper sees the new total.
pub async fn coupon_errors(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    removed: &[(String, String)],
) -> StoreApiError {
    let message = match removed {
        [(_, reason)] => reason.clone(),
        _ => ErrorCode::CheckoutCouponErrors.default_message().to_owned(),
    };
    let reasons = removed
        .iter()
        .map(|(code, reason)| (code.clone(), Value::String(reason.clone())))
        .collect();
    conflict(
        state,
        caller,
        headers,
        ErrorCode::CheckoutCouponErrors,
        &message,
    )
    .await
    .with_data("removed_coupons", Value::Object(reasons))
}

/// A refused `orders::place`.
pub async fn place_error(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    error: PlaceError,
) -> StoreApiError {
    let message = crate::checkout::place_error_message(&error).unwrap_or_default();
    match error {
        PlaceError::OutOfStock { .. } => {
            let code = ErrorCode::CheckoutOutOfStock;
            conflict(state, caller, headers, code, &message).await
        }
        PlaceError::CouponLimit { code } => {
            coupon_errors(state, caller, headers, &[(code, message)]).await
        }
        PlaceError::NotADraft(id) => {
            StoreApiError::internal(&format!("order {id} was placed meanwhile"))
        }
        PlaceError::Db(cause) => StoreApiError::internal(&cause),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_method_refusals_keep_woocommerces_codes_and_words() {
        for (refusal, code) in [
            (MethodRefusal::Missing, ErrorCode::MissingPaymentMethod),
            (MethodRefusal::Unavailable, ErrorCode::PaymentMethodDisabled),
        ] {
            assert_eq!(refusal.message(), code.default_message());
            assert_eq!(StoreApiError::from(refusal), StoreApiError::new(code));
        }
    }
}
