//! Logging out: the account menu's link carries a nonce (`?_wpnonce=`, action `log-out`, as
//! WordPress names it); a link without a valid one (an old page, a link on another site)
//! asks first, with a button that posts the nonce. The session ends; the next request is a
//! fresh guest with an empty cart.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use axum_extra::extract::cookie::{Cookie, CookieJar};

use super::{MY_ACCOUNT, field};
use crate::forms::{nonce_for, nonce_ok, redirect_see_other};
use crate::input::FormFields;
use crate::layout::Shopper;
use crate::layout::{PageContext, PageResult, render_page};
use crate::state::AppState;

/// The nonce action of logging out.
pub const NONCE_ACTION: &str = "log-out";

/// The logout path.
pub const PATH: &str = "/my-account/customer-logout/";

/// `GET /my-account/customer-logout/?_wpnonce=…`.
pub async fn link(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
) -> PageResult {
    let sent = crate::input::query_pairs(&uri)
        .into_iter()
        .find(|(k, _)| k == "_wpnonce")
        .map(|(_, v)| v)
        .unwrap_or_default();
    log_out(&state, &shopper, jar, &headers, &sent).await
}

/// `POST /my-account/customer-logout/` (the confirmation's button).
pub async fn post(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    FormFields(fields): FormFields,
) -> PageResult {
    log_out(&state, &shopper, jar, &headers, field(&fields, "_wpnonce")).await
}

async fn log_out(
    state: &AppState,
    shopper: &Shopper,
    jar: CookieJar,
    headers: &HeaderMap,
    sent: &str,
) -> PageResult {
    let session = match crate::session::current(state, &jar).await? {
        Some(session) if session.user_id.is_some() => session,
        _ => return Ok(redirect_see_other(MY_ACCOUNT)),
    };
    if !nonce_ok(state, NONCE_ACTION, &session, sent).await? {
        // An old or forged link: ask, with a fresh nonce, rather than log out.
        let nonce = nonce_for(state, NONCE_ACTION, &session).await?;
        let context = PageContext::new(state, &jar, "Log out", PATH)
            .with_body_class("woocommerce-account woocommerce-page");
        return Ok(render_page(
            state,
            shopper,
            "account/logout.html",
            StatusCode::OK,
            &context,
            minijinja::context! { nonce => nonce, action => PATH },
        ));
    }
    crate::accounts::log_out(state, &session).await?;
    let gone = Cookie::build((crate::session::COOKIE, ""))
        .path("/")
        .build();
    let mut jar = jar.clone().remove(gone);
    // The cart cookies of the customer's cart go too: the guest's cart is empty.
    let secure = crate::session::secure_cookies(state.config.cookie_security, headers);
    for cookie in crate::cart::identity::cart_cookies(&jar.clone(), "", secure) {
        jar = jar.add(cookie);
    }
    Ok((jar, redirect_see_other(MY_ACCOUNT)).into_response())
}
