//! `GET /checkout/`: the form, filled from the cart's addresses; an empty cart goes to
//! `/cart/`. [`render`] also shows a refused form again.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;

use super::form::{FieldErrors, Posted};
use super::view::checkout_view;
use super::{CHECKOUT_PATH, current_cart, failed, nonce_for};
use crate::cart::PricedCart;
use crate::cart_page::shopper::{HeaderCart, set_header_cart};
use crate::cart_page::{CART_PATH, redirect_see_other};
use crate::pages::{PageContext, render_page};
use crate::state::AppState;

/// `GET /checkout/`.
pub async fn show(State(state): State<AppState>, jar: CookieJar) -> Response {
    let (session, priced) = match current_cart(&state, &jar).await {
        Ok(Some((session, _, priced))) if !priced.is_empty() => (session, priced),
        Ok(_) => return redirect_see_other(CART_PATH),
        Err(e) => return failed(&e),
    };
    let nonce = match nonce_for(&state, &session).await {
        Ok(nonce) => nonce,
        Err(e) => return failed(&e),
    };
    let posted = Posted::from_addresses(&priced.billing(), &priced.shipping());
    render(
        &state,
        &jar,
        &priced,
        &posted,
        &FieldErrors::default(),
        &[],
        &nonce,
        session.user_id,
        StatusCode::OK,
    )
}

/// The checkout page for `priced` with these values, errors and notices (`alerts`), for the
/// customer `user_id` (`None` for a guest).
#[expect(clippy::too_many_arguments, reason = "one page, all of its parts")]
pub fn render(
    state: &AppState,
    jar: &CookieJar,
    priced: &PricedCart,
    posted: &Posted,
    errors: &FieldErrors,
    alerts: &[String],
    nonce: &str,
    user_id: Option<i64>,
    status: StatusCode,
) -> Response {
    set_header_cart(HeaderCart::of(state, priced));
    let view = checkout_view(state, priced, posted, errors, user_id);
    let mut alerts = alerts.to_vec();
    alerts.extend(errors.messages());
    let context = PageContext::new(state, jar, "Checkout", CHECKOUT_PATH)
        .with_body_class("woocommerce-checkout woocommerce-page");
    render_page(
        state,
        "checkout/checkout.html",
        status,
        &context,
        minijinja::context! {
            checkout => view,
            alerts => alerts,
            nonce => nonce,
        },
    )
    .into_response()
}
