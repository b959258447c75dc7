//! Applying a coupon code to a cart, as the Store API's `apply-coupon` does: a code already in
//! the cart is refused first, then an unknown code, then the coupon's own rules, then the
//! individual-use rule; an individual-use coupon replaces the others.

use super::cart::{AppliedCoupon, CartInput, PricingContext};
use super::coupon::{Coupon, CouponCheck, format_coupon_code, validate_coupon};
use super::coupon_error::CouponError;
use super::items::displayed_subtotal;

/// Checks `code` (whose record is `coupon`, `None` if no coupon has it) against the cart and
/// returns the coupons applied afterwards, in order.
pub fn apply_coupon(
    cart: &CartInput,
    ctx: &PricingContext<'_>,
    code: &str,
    coupon: Option<&Coupon>,
) -> Result<Vec<AppliedCoupon>, CouponError> {
    let code = format_coupon_code(code);
    if cart
        .coupons
        .iter()
        .any(|applied| format_coupon_code(&applied.code) == code)
    {
        return Err(CouponError::AlreadyApplied { code });
    }
    let Some(coupon) = coupon else {
        return Err(CouponError::NotExist { code });
    };
    let check = CouponCheck {
        lines: &cart.lines,
        displayed_subtotal: displayed_subtotal(cart, ctx),
        customer: &cart.customer,
        now: ctx.now,
        currency: ctx.currency,
        category_names: &cart.category_names,
    };
    validate_coupon(coupon, &check)?;
    if let Some(individual) = cart
        .coupons
        .iter()
        .find(|applied| applied.coupon.as_ref().is_some_and(|c| c.individual_use))
    {
        return Err(CouponError::IndividualUseOnly {
            code: format_coupon_code(&individual.code),
        });
    }
    let mut applied = if coupon.individual_use {
        Vec::new()
    } else {
        cart.coupons.clone()
    };
    applied.push(AppliedCoupon {
        code,
        coupon: Some(coupon.clone()),
    });
    Ok(applied)
}
