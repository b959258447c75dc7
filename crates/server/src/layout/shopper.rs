//! What every page's layout shows of the shopper: the header's cart count and total, and the
//! flash notices. A layer loads them before the handler runs and keeps them in a task-local,
//! so `render_page` (synchronous, called by every page) reads them without a new parameter.
//!
//! It also makes the Store API nonce the page embeds for its scripts (one HMAC).
//!
//! Cost: a request without a session cookie costs the nonce only; a session without a cart
//! key costs the session read; the cart is priced only when the session names one. After the page
//! is rendered the notices it showed are removed from the session (a write only then).

use std::sync::{Arc, Mutex, PoisonError};

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::money::Money;
use serde::Serialize;

use super::login_forms::{self, FormsView, PopupState};
use super::notices::{self, Notice};
use crate::accounts::roles::Capabilities;
use crate::cart::{self, CartRef, PricedCart, session::cart_key_of};
use crate::state::AppState;

/// The header's cart summary.
#[derive(Debug, Clone, Serialize)]
pub struct HeaderCart {
    /// Items in the cart.
    pub count: u64,
    /// The cart total, formatted.
    pub total: String,
    /// The cart hash ("" for an empty cart), embedded so the browser can tell when its copy
    /// of the cart is stale without asking (SPEC §4.9).
    pub hash: String,
}

impl HeaderCart {
    /// The summary of `priced`.
    pub fn of(state: &AppState, priced: &PricedCart) -> Self {
        HeaderCart {
            count: priced.items_count(),
            total: state.settings.currency.format(priced.total()),
            hash: priced.hash(),
        }
    }

    /// An empty cart.
    pub fn empty(state: &AppState) -> Self {
        HeaderCart {
            count: 0,
            total: state.settings.currency.format(Money::ZERO),
            hash: String::new(),
        }
    }
}

/// The request's shopper, as the layout shows it.
#[derive(Debug, Default)]
struct Shopper {
    cart: Mutex<Option<HeaderCart>>,
    notices: Vec<Notice>,
    shown: Mutex<bool>,
    store_api_nonce: Option<StoreApiNonce>,
    tax_display: crate::page_settings::TaxDisplay,
    /// The logged-in customer, if any.
    user_id: Option<i64>,
    /// What the logged-in account's role allows (nothing for guests and customers).
    capabilities: Capabilities,
    /// A refused login or registration from the popup, shown in the popup on this page.
    login_popup: Option<(PopupState, FormsView)>,
    popup_shown: Mutex<bool>,
}

/// The Store API nonce a page embeds for its scripts (WooCommerce's
/// `wcBlocksMiddlewareConfig`), so their first write needs no extra round trip.
#[derive(Debug, Clone, Serialize)]
pub struct StoreApiNonce {
    /// The nonce for this shopper's session.
    pub nonce: String,
    /// When it was made (Unix seconds): a client keeps the newest.
    pub timestamp: i64,
}

impl StoreApiNonce {
    /// The nonce for `user_id` in session `session_id` ("" before the shopper has one).
    async fn new(state: &AppState, user_id: i64, session_id: &str) -> Option<Self> {
        use crate::store_session::nonce;
        let secret = match state.cart.secret(&state.db).await {
            Ok(secret) => secret,
            Err(e) => {
                tracing::error!(error = %e, "shop secret unavailable; page without a nonce");
                return None;
            }
        };
        let now = cart::now();
        let subject = nonce::NonceSubject {
            user_id,
            session: session_id,
        };
        Some(StoreApiNonce {
            nonce: nonce::create(secret, nonce::STORE_API_ACTION, subject, now),
            timestamp: now,
        })
    }
}

/// How the cart shows taxes, for the page being rendered (read with the cart's pricing
/// settings, which change without a restart).
pub fn tax_display() -> crate::page_settings::TaxDisplay {
    SHOPPER.try_with(|s| s.tax_display).unwrap_or_default()
}

/// The tax display rules in force (the defaults when they cannot be read).
async fn current_tax_display(state: &AppState) -> crate::page_settings::TaxDisplay {
    use mercato_core::pricing::TaxSettings;
    // Only the tax option (kept parsed for a second), not the whole pricing configuration.
    let stored =
        mercato_db::options::get_recent::<TaxSettings>(&state.db, cart::settings::TAX_OPTION);
    match stored.await {
        Ok(tax) => crate::page_settings::TaxDisplay::of(&tax.unwrap_or_default()),
        Err(e) => {
            tracing::error!(error = %e, "pricing settings unavailable; default tax display");
            crate::page_settings::TaxDisplay::of(&Default::default())
        }
    }
}

/// The logged-in customer of the page being rendered (`None` for a guest and outside the
/// layer). The header names its account link by it; the page cache keeps only a page's own
/// blocks, so a cached page still shows each visitor their own header.
pub fn current_user() -> Option<i64> {
    SHOPPER.try_with(|s| s.user_id).ok().flatten()
}

/// What the logged-in account of the page being rendered may do (staff links and settings;
/// nothing for guests, customers and outside the layer).
pub fn capabilities() -> Capabilities {
    SHOPPER.try_with(|s| s.capabilities).unwrap_or_default()
}

/// The capabilities of account `user_id`: its role is read for every page it sees, so a
/// role changed with `mercato users set-role` applies at once.
pub(crate) async fn capabilities_of(state: &AppState, user_id: Option<i64>) -> Capabilities {
    let Some(id) = user_id else {
        return Capabilities::default();
    };
    match mercato_db::users::load(&state.db, id).await {
        Ok(Some(user)) => Capabilities::of(&user.role),
        Ok(None) => Capabilities::default(),
        Err(e) => {
            tracing::error!(error = %e, user.id = id, "account role unavailable; no staff links");
            Capabilities::default()
        }
    }
}

/// The Store API nonce for the page being rendered (`None` outside the layer).
pub fn store_api_nonce() -> Option<StoreApiNonce> {
    SHOPPER
        .try_with(|s| s.store_api_nonce.clone())
        .ok()
        .flatten()
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

/// The login popup to render open on the page being rendered (a refused post from it), with
/// its nonces; it counts as shown.
pub fn take_login_popup() -> Option<FormsView> {
    SHOPPER
        .try_with(|s| {
            let (_, view) = s.login_popup.as_ref()?;
            *s.popup_shown.lock().unwrap_or_else(PoisonError::into_inner) = true;
            Some(view.clone())
        })
        .ok()
        .flatten()
}

/// The refused popup post `session` holds, with fresh nonces (`None` for a customer).
async fn login_popup(
    state: &AppState,
    session: &mercato_db::sessions::Session,
) -> Option<(PopupState, FormsView)> {
    if session.user_id.is_some() {
        return None;
    }
    let popup = login_forms::pending(&session.data)?;
    let owner = crate::session::FormOwner::Session(session.clone());
    match FormsView::new(state, &owner, popup.typed.clone(), popup.redirect.clone()).await {
        Ok(view) => Some((popup, view)),
        Err(e) => {
            tracing::error!(error = %e, "login popup nonces failed");
            None
        }
    }
}

/// Paths that never render a page through the layout.
fn renders_pages(request: &Request) -> bool {
    let path = request.uri().path();
    let query = request.uri().query().unwrap_or("");
    // The checkout and account forms re-render themselves on errors, with the header cart.
    let re_rendering_post = request.method() == Method::POST
        && (path == "/checkout/" || path.starts_with("/my-account/"));
    (request.method() == Method::GET || request.method() == Method::HEAD || re_rendering_post)
        && ![
            "/assets/",
            "/media/",
            "/wp-json/",
            "/healthz",
            "/wp-admin/admin-ajax.php",
        ]
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
    // The menus a merchant changed show on the pages rendered from now on.
    state
        .web
        .shop_view
        .refresh(&state.db, state.clock.monotonic())
        .await;
    let session = match crate::session::current(&state, &jar).await {
        Ok(session) => session,
        Err(e) => {
            tracing::error!(error = %e, "session read failed");
            None
        }
    };
    let Some(session) = session else {
        let shopper = Arc::new(Shopper {
            store_api_nonce: StoreApiNonce::new(&state, 0, "").await,
            tax_display: current_tax_display(&state).await,
            ..Shopper::default()
        });
        return SHOPPER.scope(shopper, next.run(request)).await;
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
        store_api_nonce: StoreApiNonce::new(&state, session.user_id.unwrap_or(0), &session.id)
            .await,
        tax_display: current_tax_display(&state).await,
        user_id: session.user_id,
        capabilities: capabilities_of(&state, session.user_id).await,
        login_popup: login_popup(&state, &session).await,
        popup_shown: Mutex::new(false),
    });
    let response = SHOPPER.scope(shopper.clone(), next.run(request)).await;
    let shown = *shopper.shown.lock().unwrap_or_else(PoisonError::into_inner);
    if shown
        && !shopper.notices.is_empty()
        && let Err(e) = notices::forget(&state, &session.id, &shopper.notices).await
    {
        tracing::error!(error = %e, "clearing shown notices failed");
    }
    let popup_shown = *shopper
        .popup_shown
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if popup_shown
        && let Some((popup, _)) = &shopper.login_popup
        && let Err(e) = login_forms::forget(&state, &session.id, popup).await
    {
        tracing::error!(error = %e, "clearing the shown login popup failed");
    }
    response
}
