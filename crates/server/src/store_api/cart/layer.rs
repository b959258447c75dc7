//! The one layer over every Store API route: it works out the caller ([`CartSession`]) and
//! gives every response, errors included, WooCommerce's `Nonce`, `Nonce-Timestamp`,
//! `User-ID`, `Cart-Token` (and, after a cart read or change, `Cart-Hash`) headers, the
//! session cookie made by a first write, and the cart cookies. [`nonce_guard`], a route
//! layer of the cart routes, refuses writes without a valid nonce (unless a Cart-Token names
//! the cart).
//!
//! A batch's sub-requests pass through both too, sharing the batch's caller: each checks its
//! own nonce, only the outer response sets cookies.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::context::CartSession;
use super::reply;
use crate::cart::{self, session as cart_session};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_session::{cart_token, nonce};

/// Whether a request to a cart route must carry a nonce: every write. Decided by the method
/// alone: this guards only the cart routes (`POST /batch` is another route, whose
/// sub-requests come back through here one by one), so no path is exempt (a cart coupon
/// named `batch` is as protected as any other).
pub fn requires_nonce(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// The layer (`axum::middleware::from_fn_with_state`).
pub async fn layer(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let shared = request.extensions().get::<Arc<CartSession>>().cloned();
    let outermost = shared.is_none();
    let session = match shared {
        Some(session) => session,
        None => match CartSession::resolve(&state, request.headers()).await {
            Ok(session) => session,
            Err(error) => return error.into_response(),
        },
    };
    let cart_route = is_cart_path(request.uri().path());
    let secure = crate::session::secure_cookies(state.config.cookie_security, request.headers());
    request.extensions_mut().insert(session.clone());
    let response = next.run(request).await;
    if cart_route && session.outcome().await.hash.is_none() {
        // A refused cart request still says what the cart is (WooCommerce sends `Cart-Hash`
        // on errors too).
        match reply::priced(&state, &session).await {
            Ok(priced) => session.record_hash(priced.hash()).await,
            Err(error) => tracing::warn!(error = %error, "cart hash unavailable"),
        }
    }
    finish(&session, response, outermost, secure).await
}

/// Whether `path` is a route that reads or changes the caller's cart: the cart routes and the
/// checkout routes (`/wp-json/wc/store[/v1]/cart...`, `.../checkout...`). Their answers,
/// errors included, say what the cart is (`Cart-Hash`).
fn is_cart_path(path: &str) -> bool {
    let rest = path
        .strip_prefix("/wp-json/wc/store/v1")
        .or_else(|| path.strip_prefix("/wp-json/wc/store"))
        .unwrap_or("");
    ["/cart", "/checkout"]
        .iter()
        .any(|route| rest == *route || rest.strip_prefix(route).is_some_and(|r| r.starts_with('/')))
}

/// The nonce check, as a route layer of the routes that need it (so an unknown route or
/// method is still WordPress's `rest_no_route`): a write without a valid nonce (and without
/// a Cart-Token) is refused before its handler runs.
pub async fn nonce_guard(request: Request, next: Next) -> Response {
    if !requires_nonce(request.method()) {
        return next.run(request).await;
    }
    // Without the caller (the layer did not run) nothing vouches for the request.
    let Some(session) = request.extensions().get::<Arc<CartSession>>().cloned() else {
        return StoreApiError::new(ErrorCode::MissingNonce).into_response();
    };
    if !session.via_token
        && let Err(error) = session.check_nonce(request.headers()).await
    {
        return error.into_response();
    }
    next.run(request).await
}

/// Adds the caller's headers (and, on the outer response, cookies) to `response`.
async fn finish(
    session: &CartSession,
    mut response: Response,
    outermost: bool,
    secure: bool,
) -> Response {
    let outcome = session.outcome().await;
    let now = cart::now();
    let subject = nonce::NonceSubject {
        user_id: outcome.user_id,
        session: &outcome.session_id,
    };
    let fresh_nonce = nonce::create(&session.secret, nonce::STORE_API_ACTION, subject, now);
    let token_key = outcome
        .key
        .clone()
        .unwrap_or_else(mercato_db::carts::new_guest_key);
    let token = cart_token::issue(&session.secret, &token_key, now);
    let headers = response.headers_mut();
    set(headers, "nonce", &fresh_nonce);
    set(headers, "nonce-timestamp", &now.to_string());
    set(headers, "user-id", &outcome.user_id.to_string());
    set(headers, "cart-token", &token);
    if let Some(hash) = &outcome.hash {
        set(headers, "cart-hash", hash);
    }
    if outermost {
        let mut cookies = Vec::new();
        if let Some(cookie) = &outcome.new_cookie {
            cookies.push(cookie.clone());
        }
        if let Some(hash) = &outcome.hash {
            cookies.extend(cart_session::cart_cookies(&session.cookies, hash, secure));
        }
        for cookie in cookies {
            if let Ok(value) = HeaderValue::from_str(&cookie.to_string()) {
                headers.append(header::SET_COOKIE, value);
            }
        }
    }
    response
}

fn set(headers: &mut HeaderMap, name: &'static str, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(HeaderName::from_static(name), value);
    }
}
