//! What every page's layout shows of the shopper: the header's cart count and total, and the
//! flash notices. A layer loads them before the handler runs and keeps them in a task-local,
//! so `render_page` (synchronous, called by every page) reads them without a new parameter.
//!
//! Cost: a request without a session cookie costs nothing; a session without a cart key costs
//! the session read only; the cart is priced only when the session names one. After the page
//! is rendered the notices it showed are removed from the session (a write only then).

use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::money::Money;
use serde::Serialize;

use super::notices::{self, Notice};
use crate::cart::{self, CartRef, PricedCart, session::cart_key_of};
use crate::state::AppState;

/// The header's cart summary.
#[derive(Debug, Clone, Serialize)]
pub struct HeaderCart {
    /// Items in the cart.
    pub count: u64,
    /// The cart total, formatted.
    pub total: String,
}

impl HeaderCart {
    /// The summary of `priced`.
    pub fn of(state: &AppState, priced: &PricedCart) -> Self {
        HeaderCart {
            count: priced.items_count(),
            total: state.settings.currency.format(priced.total()),
        }
    }

    /// An empty cart.
    pub fn empty(state: &AppState) -> Self {
        HeaderCart {
            count: 0,
            total: state.settings.currency.format(Money::ZERO),
        }
    }
}

/// The request's shopper, as the layout shows it.
#[derive(Debug, Default)]
struct Shopper {
    cart: Mutex<Option<HeaderCart>>,
    notices: Vec<Notice>,
    shown: Mutex<bool>,
}

tokio::task_local! {
    static SHOPPER: Arc<Shopper>;
}

/// The header's cart for the page being rendered (empty outside the layer).
pub fn header_cart(state: &AppState) -> HeaderCart {
    SHOPPER
        .try_with(|s| {
            s.cart
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone()
        })
        .ok()
        .flatten()
        .unwrap_or_else(|| HeaderCart::empty(state))
}

/// Replaces the header's cart (a page that priced the cart itself, after a change).
pub fn set_header_cart(cart: HeaderCart) {
    let _ = SHOPPER.try_with(|s| {
        *s.cart.lock().unwrap_or_else(PoisonError::into_inner) = Some(cart);
    });
}

/// The notices to show on the page being rendered, sanitised; they count as shown.
pub fn take_notices() -> Vec<Notice> {
    SHOPPER
        .try_with(|s| {
            *s.shown.lock().unwrap_or_else(PoisonError::into_inner) = true;
            s.notices.iter().map(Notice::shown).collect()
        })
        .unwrap_or_default()
}

/// Paths that never render a page through the layout.
fn renders_pages(request: &Request) -> bool {
    let path = request.uri().path();
    let query = request.uri().query().unwrap_or("");
    // The checkout form re-renders itself on errors, with the header cart.
    let re_rendering_post = request.method() == Method::POST && path == "/checkout/";
    (request.method() == Method::GET || request.method() == Method::HEAD || re_rendering_post)
        && !["/assets/", "/media/", "/wp-json/", "/healthz", "/wp-admin/"]
            .iter()
            .any(|prefix| path.starts_with(prefix))
        && !query.contains("wc-ajax=")
        && !query.contains("rest_route=")
}

/// The layer: the shopper for the layout.
pub async fn layer(
    State(state): State<AppState>,
    jar: CookieJar,
    request: Request,
    next: Next,
) -> Response {
    if !renders_pages(&request) {
        return next.run(request).await;
    }
    let session = match crate::session::current(&state, &jar).await {
        Ok(session) => session,
        Err(e) => {
            tracing::error!(error = %e, "session read failed");
            None
        }
    };
    let Some(session) = session else {
        return next.run(request).await;
    };
    let mut cart = None;
    // The cart page prices the cart itself, and so does the checkout form's post: a reading
    // here would fix the cart (drop a coupon used up meanwhile) before the checkout could see
    // that anything changed.
    let prices_itself = request.uri().path() == super::CART_PATH
        || (request.method() == Method::POST && request.uri().path() == "/checkout/");
    if !prices_itself && let Some(key) = cart_key_of(&session) {
        let reference = CartRef {
            key: &key,
            user_id: session.user_id,
        };
        match cart::price(&state, Some(reference)).await {
            Ok(priced) => cart = Some(HeaderCart::of(&state, &priced)),
            Err(e) => tracing::error!(error = %e, cart.key = %key, "header cart failed"),
        }
    }
    let shopper = Arc::new(Shopper {
        cart: Mutex::new(cart),
        notices: notices::pending(&session.data),
        shown: Mutex::new(false),
    });
    let response = SHOPPER.scope(shopper.clone(), next.run(request)).await;
    let shown = *shopper.shown.lock().unwrap_or_else(PoisonError::into_inner);
    if shown
        && !shopper.notices.is_empty()
        && let Err(e) = notices::forget(&state, &session.id, &shopper.notices).await
    {
        tracing::error!(error = %e, "clearing shown notices failed");
    }
    response
}
