//! The one layer over every Store API route: it works out the caller ([`Caller`]) and gives
//! every response, errors included, WooCommerce's `Nonce`, `Nonce-Timestamp`, `User-ID` and
//! `Cart-Token` headers, and (when the answer says what the cart is) `Cart-Hash`, the session
//! cookie made by a first write, and the cart cookies. It writes them from what the handler
//! returned ([`Edge`], in the response's extensions: the caller as the request left them, the
//! cart hash), or from the caller as it arrived when the answer carries none.
//!
//! [`nonce_guard`], a route layer of the cart and checkout routes, refuses writes without a
//! valid nonce (unless a Cart-Token names the cart).
//!
//! A batch's sub-requests pass through both too, each for the caller the batch hands it:
//! each checks its own nonce, only the outer response sets cookies.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;

use super::caller::Caller;
use super::reply;
use crate::cart::token as cart_token;
use crate::cart::{self, identity as cart_identity};
use crate::session::nonce;
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::respond::Edge;

/// Whether a request to a cart route must carry a nonce: every write. Decided by the method
/// alone: this guards only the cart routes (`POST /batch` is another route, whose
/// sub-requests come back through here one by one), so no path is exempt (a cart coupon
/// named `batch` is as protected as any other).
pub fn requires_nonce(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The layer (`axum::middleware::from_fn_with_state`).
pub async fn layer(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    // A batch's sub-request arrives with the batch's caller; only an outer request sets cookies.
    let handed = request.extensions().get::<Caller>().cloned();
    let outer = handed.is_none().then(|| request.headers().clone());
    let caller = match handed {
        Some(caller) => caller,
        None => match Caller::resolve(&state, request.headers()).await {
            Ok(caller) => caller,
            Err(error) => return error.into_response(),
        },
    };
    request.extensions_mut().insert(caller.clone());
    let response = next.run(request).await;
    finish(&state, caller, response, outer.as_ref())
}

/// The nonce check, as a route layer of the routes that need it (so an unknown route or
/// method is still WordPress's `rest_no_route`): a write without a valid nonce (and without
/// a Cart-Token) is refused before its handler runs.
pub async fn nonce_guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if !requires_nonce(request.method()) {
        return next.run(request).await;
    }
    guard(&state, request, next).await
}

/// The checkout's nonce check: every method (`GET` included, as WooCommerce), unless a
/// Cart-Token names the cart.
pub async fn nonce_on_every_method(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    guard(&state, request, next).await
}

async fn guard(state: &AppState, request: Request, next: Next) -> Response {
    // Without the caller (the layer did not run) nothing vouches for the request.
    let Some(caller) = request.extensions().get::<Caller>() else {
        return StoreApiError::new(ErrorCode::MissingNonce).into_response();
    };
    if caller.via_token() {
        return next.run(request).await;
    }
    match caller.check_nonce(request.headers()) {
        Ok(()) => next.run(request).await,
        // WooCommerce checks the nonce inside its cart routes, so the refusal says what the
        // cart is (goldens 025, 026, 045).
        Err(error) => reply::with_cart_hash(state, caller, error)
            .await
            .into_response(),
    }
}

/// Adds the caller's headers (and, on an outer response, cookies) to `response`, from the
/// [`Edge`] the handler returned, else from the caller as it arrived.
fn finish(
    state: &AppState,
    arrived: Caller,
    mut response: Response,
    outer: Option<&HeaderMap>,
) -> Response {
    let edge = response
        .extensions()
        .get::<Edge>()
        .cloned()
        .unwrap_or_default();
    let caller = edge.caller.as_ref().unwrap_or(&arrived);
    let now = cart::now();
    let subject = nonce::NonceSubject {
        user_id: caller.user_id(),
        session: caller.session_id(),
    };
    let fresh_nonce = nonce::create(caller.secret(), nonce::STORE_API_ACTION, subject, now);
    let token_key = caller
        .key()
        .map_or_else(mercato_db::carts::new_guest_key, str::to_owned);
    let token = cart_token::issue(caller.secret(), &token_key, now);
    let mut cookies = Vec::new();
    if let Some(request) = outer {
        if caller.made_session() {
            cookies.push(crate::session::cookie(
                caller.session_id().to_owned(),
                state.config.session_ttl_secs,
                state.config.cookie_security,
                request,
            ));
        }
        if let Some(hash) = &edge.cart_hash {
            let secure = crate::session::secure_cookies(state.config.cookie_security, request);
            let jar = CookieJar::from_headers(request);
            cookies.extend(cart_identity::cart_cookies(&jar, hash, secure));
        }
    }
    let headers = response.headers_mut();
    set(headers, "nonce", &fresh_nonce);
    set(headers, "nonce-timestamp", &now.to_string());
    set(headers, "user-id", &caller.user_id().to_string());
    set(headers, "cart-token", &token);
    if let Some(hash) = &edge.cart_hash {
        set(headers, "cart-hash", hash);
    }
    for cookie in cookies {
        if let Ok(value) = HeaderValue::from_str(&cookie.to_string()) {
            headers.append(header::SET_COOKIE, value);
        }
    }
    response
}

fn set(headers: &mut HeaderMap, name: &'static str, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(HeaderName::from_static(name), value);
    }
}
