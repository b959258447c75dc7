//! Who is calling the Store API and which cart they use ([`Caller`]), worked out once per
//! request by the layer ([`super::layer`]) and handed to the handlers as a plain value (an
//! extractor). A handler that changes who is calling (a first write makes the session, a
//! checkout logs a new customer in) changes its own copy and returns it in its
//! [`Reply`](crate::store_api::Reply); nothing flows back any other way. A batch
//! passes the caller from one sub-request to the next the same way.
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

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum_extra::extract::cookie::CookieJar;
use mercato_db::sessions::{self, Session};

use crate::cart::token as cart_token;
use crate::cart::{self, CartRef, identity as cart_identity};
use crate::session::nonce;
use crate::state::AppState;
use crate::store_api::error::{ErrorCode, StoreApiError};

/// The caller of one request: how they proved it, their session, user and cart.
#[derive(Debug, Clone)]
pub struct Caller {
    via_token: bool,
    secret: Arc<str>,
    /// The session id when the request (or its batch) arrived ("" without one): nonces are
    /// checked for it.
    nonce_session: String,
    session: Option<Session>,
    key: Option<String>,
    user_id: Option<i64>,
    /// Whether this request made the session (or gave it a new id): the response sets its
    /// cookie.
    new_session: bool,
}

/// The cart a write goes to: the caller's, or a new guest cart that becomes theirs only
/// when the write succeeds ([`Caller::commit`]; a refused first write leaves nothing).
#[derive(Debug, Clone)]
pub struct WriteCart {
    key: String,
    user_id: Option<i64>,
    new: bool,
}

impl WriteCart {
    /// The cart reference.
    pub fn reference(&self) -> CartRef<'_> {
        CartRef {
            key: &self.key,
            user_id: self.user_id,
        }
    }
}

impl Caller {
    /// Works out the caller from the request headers.
    pub async fn resolve(state: &AppState, headers: &HeaderMap) -> Result<Self, StoreApiError> {
        let secret: Arc<str> = Arc::from(state.cart.secret(&state.db).await?);
        let cookies = CookieJar::from_headers(headers);
        let now = cart::now();
        let token_key = headers
            .get("cart-token")
            .and_then(|v| v.to_str().ok())
            .and_then(|token| cart_token::verify(&secret, token.trim(), now));
        let mut caller = Caller {
            via_token: false,
            secret,
            nonce_session: String::new(),
            session: None,
            key: None,
            user_id: None,
            new_session: false,
        };
        match token_key {
            Some(key) if customer_of(&key).is_none() => {
                caller.via_token = true;
                caller.key = Some(key);
            }
            token_key => {
                let token_customer = token_key.as_deref().and_then(customer_of);
                if let Some(session) = crate::session::current(state, &cookies).await? {
                    // A customer's token counts only with that customer's own session.
                    caller.via_token =
                        token_customer.is_some() && token_customer == session.user_id;
                    caller.key = cart_identity::cart_key_of(&session);
                    caller.user_id = session.user_id;
                    caller.nonce_session.clone_from(&session.id);
                    caller.session = Some(session);
                }
            }
        }
        Ok(caller)
    }

    /// Whether a valid Cart-Token named the cart (no nonce needed).
    pub fn via_token(&self) -> bool {
        self.via_token
    }

    /// The logged-in user, 0 for guests.
    pub fn user_id(&self) -> i64 {
        self.user_id.unwrap_or(0)
    }

    /// The session id, "" without one.
    pub fn session_id(&self) -> &str {
        self.session.as_ref().map_or("", |s| s.id.as_str())
    }

    /// The cart key, if the caller has a cart.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// Whether the request made the session (or renewed its id): its cookie must be sent.
    pub fn made_session(&self) -> bool {
        self.new_session
    }

    /// The shop's signing secret (nonces, Cart-Tokens).
    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// Checks a write's nonce (`Nonce`, or the older `X-WC-Store-API-Nonce`) for the caller
    /// as they were when the request (or its batch) arrived.
    pub fn check_nonce(&self, headers: &HeaderMap) -> Result<(), StoreApiError> {
        let sent = ["nonce", "x-wc-store-api-nonce"]
            .iter()
            .find_map(|name| headers.get(*name))
            .map(|v| v.to_str().unwrap_or("").trim().to_owned());
        let Some(sent) = sent else {
            return Err(StoreApiError::new(ErrorCode::MissingNonce));
        };
        let subject = nonce::NonceSubject {
            user_id: self.user_id(),
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
    pub fn cart(&self) -> Option<CartRef<'_>> {
        self.key.as_deref().map(|key| CartRef {
            key,
            user_id: self.user_id,
        })
    }

    /// The caller's cart for writing; a caller without one gets a new key, theirs once
    /// [`Self::commit`] stores it.
    pub fn cart_for_write(&self) -> WriteCart {
        match &self.key {
            Some(key) => WriteCart {
                key: key.clone(),
                user_id: self.user_id,
                new: false,
            },
            None => WriteCart {
                key: mercato_db::carts::new_guest_key(),
                user_id: self.user_id,
                new: true,
            },
        }
    }

    /// After a successful write to `cart`: a new cart joins the caller's session (made, with
    /// its cookie, when there is none).
    pub async fn commit(
        &mut self,
        state: &AppState,
        cart: &WriteCart,
    ) -> Result<(), StoreApiError> {
        if !cart.new {
            return Ok(());
        }
        let ttl = state.config.session_ttl_secs;
        let mut session = match self.session.take() {
            Some(session) => session,
            None => {
                self.new_session = true;
                sessions::create(&state.db, None, ttl).await?
            }
        };
        cart_identity::attach_cart(&state.db, &mut session, &cart.key, ttl).await?;
        self.session = Some(session);
        self.key = Some(cart.key.clone());
        Ok(())
    }

    /// After the caller opened account `user_id` at checkout: from now on they are that
    /// customer. Their guest cart joins the customer's cart, the session gets a new id (one
    /// is made for a caller without a session) and the response sets its cookie.
    pub async fn log_in(&mut self, state: &AppState, user_id: i64) -> Result<(), StoreApiError> {
        let guest_cart = match self.user_id {
            None => self.key.clone(),
            Some(_) => None,
        };
        let session =
            crate::accounts::log_in(state, self.session.as_ref(), guest_cart.as_deref(), user_id)
                .await?;
        self.new_session = true;
        self.session = Some(session);
        self.user_id = Some(user_id);
        self.key = Some(mercato_db::carts::customer_key(user_id));
        Ok(())
    }
}

/// The caller the layer worked out (a handler names `caller: Caller` in its signature).
impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = StoreApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Caller>()
            .cloned()
            .ok_or_else(|| StoreApiError::internal(&"no Store API caller (the layer did not run)"))
    }
}

/// The customer whose cart `key` is (customers' carts are keyed by their id), `None` for a
/// guest cart.
fn customer_of(key: &str) -> Option<i64> {
    key.parse::<i64>().ok()
}
