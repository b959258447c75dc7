//! Who is calling the Store API and which cart they use, worked out once per request by the
//! layer ([`super::layer`]) and shared with the handlers (and with every sub-request of a
//! batch, which acts for the same caller).
//!
//! A `Cart-Token` names a cart, never a user: the user comes only from the login session.
//!
//! - A valid token for a guest cart names that cart outright (and lifts the nonce), whatever
//!   the cookie says; the caller is a guest.
//! - A valid token for a customer's cart counts only together with a live session of that
//!   customer (the cookie); alone, or with anyone else's session, it is ignored. So a token
//!   read off a customer's response is no credential: it cannot read their orders, pay with
//!   their saved cards or change their cart, and it dies with the session (logout, a
//!   password change).
//!
//! Without a token that counts, the session cookie decides: a logged-in customer's cart, or
//! the guest cart the session names. A guest without a cart gets one (and a session cookie)
//! only on the first write.

use std::sync::Arc;

use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar};
use mercato_db::sessions::{self, Session};
use tokio::sync::Mutex;

use crate::cart::{self, CartRef, session as cart_session};
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_session::{cart_token, nonce};

/// The caller of one request.
#[derive(Debug)]
pub struct CartSession {
    /// Whether a valid Cart-Token named the cart (no nonce needed).
    pub via_token: bool,
    /// The shop's signing secret.
    pub secret: String,
    /// The cookies the request came with.
    pub cookies: CookieJar,
    /// The request headers that decide cookie attributes (TLS).
    headers: HeaderMap,
    /// The session id when the request arrived ("" without one): nonces are checked for it.
    nonce_session: String,
    state: Mutex<Identity>,
}

#[derive(Debug, Default)]
struct Identity {
    session: Option<Session>,
    key: Option<String>,
    pending_key: Option<String>,
    user_id: Option<i64>,
    new_cookie: Option<Cookie<'static>>,
    hash: Option<String>,
}

/// What the response headers say about the caller at the end of a request.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The logged-in user, 0 for guests.
    pub user_id: i64,
    /// The session id, "" without one.
    pub session_id: String,
    /// The cart key, if the caller has a cart.
    pub key: Option<String>,
    /// The session cookie to set, when the request made the session.
    pub new_cookie: Option<Cookie<'static>>,
    /// The cart hash, when the request read or changed the cart.
    pub hash: Option<String>,
}

impl CartSession {
    /// Works out the caller from the request headers.
    pub async fn resolve(
        state: &AppState,
        headers: &HeaderMap,
    ) -> Result<Arc<Self>, StoreApiError> {
        let secret = state.cart.secret(&state.db).await?.to_owned();
        let cookies = CookieJar::from_headers(headers);
        let now = cart::now();
        let token_key = headers
            .get("cart-token")
            .and_then(|v| v.to_str().ok())
            .and_then(|token| cart_token::verify(&secret, token.trim(), now));
        let mut identity = Identity::default();
        let mut via_token = false;
        match token_key {
            Some(key) if customer_of(&key).is_none() => {
                via_token = true;
                identity.key = Some(key);
            }
            token_key => {
                let token_customer = token_key.as_deref().and_then(customer_of);
                if let Some(session) = crate::session::current(state, &cookies).await? {
                    // A customer's token counts only with that customer's own session.
                    via_token = token_customer.is_some() && token_customer == session.user_id;
                    identity.key = cart_session::cart_key_of(&session);
                    identity.user_id = session.user_id;
                    identity.session = Some(session);
                }
            }
        }
        let nonce_session = identity
            .session
            .as_ref()
            .map(|s| s.id.clone())
            .unwrap_or_default();
        Ok(Arc::new(CartSession {
            via_token,
            secret,
            cookies,
            headers: headers.clone(),
            nonce_session,
            state: Mutex::new(identity),
        }))
    }

    /// Checks a write's nonce (`Nonce`, or the older `X-WC-Store-API-Nonce`) for the caller
    /// as they were when the request (or its batch) arrived.
    pub async fn check_nonce(&self, headers: &HeaderMap) -> Result<(), StoreApiError> {
        let sent = ["nonce", "x-wc-store-api-nonce"]
            .iter()
            .find_map(|name| headers.get(*name))
            .map(|v| v.to_str().unwrap_or("").trim().to_owned());
        let Some(sent) = sent else {
            return Err(StoreApiError::new(ErrorCode::MissingNonce));
        };
        let user_id = self.state.lock().await.user_id.unwrap_or(0);
        let subject = nonce::NonceSubject {
            user_id,
            session: &self.nonce_session,
        };
        match nonce::verify(
            &self.secret,
            nonce::STORE_API_ACTION,
            subject,
            &sent,
            cart::now(),
        ) {
            nonce::NonceCheck::Fresh | nonce::NonceCheck::Aging => Ok(()),
            nonce::NonceCheck::Invalid => Err(StoreApiError::new(ErrorCode::InvalidNonce)),
        }
    }

    /// The caller's cart for reading; `None` when they have none yet.
    pub async fn cart(&self) -> Option<(String, Option<i64>)> {
        let identity = self.state.lock().await;
        identity.key.clone().map(|key| (key, identity.user_id))
    }

    /// The caller's cart for writing. A caller without one gets a new key, kept for this
    /// request only until [`Self::commit`] stores it (a refused first write leaves nothing).
    pub async fn cart_for_write(&self) -> (String, Option<i64>) {
        let mut identity = self.state.lock().await;
        if let Some(key) = &identity.key {
            return (key.clone(), identity.user_id);
        }
        let key = identity
            .pending_key
            .get_or_insert_with(mercato_db::carts::new_guest_key)
            .clone();
        (key, identity.user_id)
    }

    /// After a successful first write: the new cart joins the caller's session (made, with
    /// its cookie, when there is none).
    pub async fn commit(&self, state: &AppState) -> Result<(), StoreApiError> {
        let mut identity = self.state.lock().await;
        let Some(key) = identity.pending_key.take() else {
            return Ok(());
        };
        let ttl = state.config.session_ttl_secs;
        let mut session = match identity.session.take() {
            Some(session) => session,
            None => {
                let session = sessions::create(&state.db, None, ttl).await?;
                identity.new_cookie = Some(crate::session::cookie(
                    session.id.clone(),
                    ttl,
                    state.config.cookie_security,
                    &self.headers,
                ));
                session
            }
        };
        cart_session::attach_cart(&state.db, &mut session, &key, ttl).await?;
        identity.session = Some(session);
        identity.key = Some(key);
        Ok(())
    }

    /// After the caller opened account `user_id` at checkout: from now on they are that
    /// customer. Their guest cart joins the customer's cart, the session gets a new id (one
    /// is made for a caller without a session) and the response sets its cookie.
    pub async fn log_in(&self, state: &AppState, user_id: i64) -> Result<(), StoreApiError> {
        let mut identity = self.state.lock().await;
        let guest_cart = match identity.user_id {
            None => identity
                .key
                .clone()
                .or_else(|| identity.pending_key.clone()),
            Some(_) => None,
        };
        let session = crate::accounts::log_in(
            state,
            identity.session.as_ref(),
            guest_cart.as_deref(),
            user_id,
        )
        .await
        .map_err(|e| StoreApiError::internal(&e))?;
        identity.new_cookie = Some(crate::session::cookie(
            session.id.clone(),
            state.config.session_ttl_secs,
            state.config.cookie_security,
            &self.headers,
        ));
        identity.session = Some(session);
        identity.user_id = Some(user_id);
        identity.key = Some(mercato_db::carts::customer_key(user_id));
        identity.pending_key = None;
        Ok(())
    }

    /// Records the cart hash after the cart was read or changed.
    pub async fn record_hash(&self, hash: String) {
        self.state.lock().await.hash = Some(hash);
    }

    /// What the response headers say.
    pub async fn outcome(&self) -> Outcome {
        let identity = self.state.lock().await;
        Outcome {
            user_id: identity.user_id.unwrap_or(0),
            session_id: identity
                .session
                .as_ref()
                .map(|s| s.id.clone())
                .unwrap_or_default(),
            key: identity.key.clone(),
            new_cookie: identity.new_cookie.clone(),
            hash: identity.hash.clone(),
        }
    }
}

/// The customer whose cart `key` is (customers' carts are keyed by their id), `None` for a
/// guest cart.
fn customer_of(key: &str) -> Option<i64> {
    key.parse::<i64>().ok()
}

/// The cart reference for owned parts.
pub fn cart_ref((key, user_id): &(String, Option<i64>)) -> CartRef<'_> {
    CartRef {
        key,
        user_id: *user_id,
    }
}
