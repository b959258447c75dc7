//! What every page's layout shows of the shopper: the header's cart count and total, the flash
//! notices, the login popup, the staff links, and the Store API nonce the page embeds for its
//! scripts (one HMAC).
//!
//! A page handler asks for a [`Shopper`] in its signature (an extractor) and hands it to
//! `render_page`; a page that prices the cart itself (the cart page, the checkout) asks for an
//! [`Unpriced`] one and gives it its priced cart with [`Shopper::with_cart`]. What a page showed
//! once (notices, a refused popup post) goes back on its response as [`Shown`], and
//! [`forget_shown`] removes exactly that from the session.
//!
//! Cost: a request without a session cookie costs the nonce only (no session row is made); a
//! session costs its read, the logged-in account's row, and the cart's pricing when the session
//! names a cart. The session is written only when a page showed something once.

use std::convert::Infallible;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::money::Money;
use serde::Serialize;

use super::login_forms::{self, FormsView, PopupState};
use super::notices::{self, Notice};
use crate::accounts::roles::Capabilities;
use crate::cart::{self, CartRef, PricedCart, identity::cart_key_of};
use crate::page_settings::{ShippingDisplay, TaxDisplay};
use crate::state::AppState;

/// The header's cart summary.
#[derive(Debug, Clone, Serialize)]
pub struct HeaderCart {
    /// Items in the cart.
    pub count: u64,
    /// The amount the header shows, formatted: the cart's subtotal, the figure the mini cart
    /// shows under that name (with tax when prices are shown with tax). Shipping and tax
    /// estimates are left to the cart and checkout, so the header never reads as a different
    /// figure for the same cart (issue 27).
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
            total: state
                .settings
                .currency
                .format(priced.totals_rows().subtotal()),
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

/// The request's shopper, as the layout shows it. An extractor: a page handler takes it and
/// passes it to `render_page`.
#[derive(Debug, Clone, Default)]
pub struct Shopper {
    /// The header's cart (`None`: empty).
    cart: Option<HeaderCart>,
    /// The session, when the request has one.
    session_id: Option<String>,
    /// Notices the session holds, not yet shown.
    notices: Vec<Notice>,
    store_api_nonce: Option<StoreApiNonce>,
    tax_display: TaxDisplay,
    shipping_display: ShippingDisplay,
    /// The logged-in customer, if any.
    user_id: Option<i64>,
    /// What the logged-in account's role allows (nothing for guests and customers).
    capabilities: Capabilities,
    /// A refused login or registration from the popup, shown in the popup on this page.
    login_popup: Option<(PopupState, FormsView)>,
    /// Whether the header's cart is known (priced, or given by the page): the page then sets
    /// the cart cookies to match it.
    cart_known: bool,
    /// The request's cookies (the cart cookies it sent) and whether cookies are `Secure`.
    jar: CookieJar,
    secure_cookies: bool,
}

/// The shopper for a page that prices the cart itself (the cart page, the checkout): all but
/// the header's cart, which the page gives with [`Shopper::with_cart`]. Pricing it here too
/// would cost a second pricing, and on the checkout's post would fix the cart (drop a coupon
/// used up meanwhile) before the checkout could see that anything changed.
#[derive(Debug, Clone, Default)]
pub struct Unpriced(pub Shopper);

impl FromRequestParts<AppState> for Shopper {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Infallible> {
        let jar = CookieJar::from_headers(&parts.headers);
        let secure = crate::session::secure_cookies(state.config.cookie_security, &parts.headers);
        Ok(Shopper::load(state, &jar, true).await.with_jar(jar, secure))
    }
}

impl FromRequestParts<AppState> for Unpriced {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Infallible> {
        let jar = CookieJar::from_headers(&parts.headers);
        let secure = crate::session::secure_cookies(state.config.cookie_security, &parts.headers);
        let shopper = Shopper::load(state, &jar, false).await;
        Ok(Unpriced(shopper.with_jar(jar, secure)))
    }
}

impl Shopper {
    /// The shopper of a request with cookies `jar`; the header's cart priced when `price_cart`.
    /// Never makes a session.
    pub async fn load(state: &AppState, jar: &CookieJar, price_cart: bool) -> Self {
        // The menus a merchant changed show on the pages rendered from now on.
        state
            .web
            .shop_view
            .refresh(&state.db, state.clock.monotonic())
            .await;
        let session = match crate::session::current(state, jar).await {
            Ok(session) => session,
            Err(e) => {
                tracing::error!(error = %e, "session read failed");
                None
            }
        };
        let Some(session) = session else {
            return Shopper {
                store_api_nonce: StoreApiNonce::new(state, 0, "").await,
                tax_display: current_tax_display(state).await,
                shipping_display: current_shipping_display(state).await,
                cart_known: price_cart,
                ..Shopper::default()
            };
        };
        let mut cart = None;
        let mut cart_known = price_cart;
        if price_cart && let Some(key) = cart_key_of(&session) {
            let reference = CartRef {
                key: &key,
                user_id: session.user_id,
            };
            match cart::price(state, Some(reference)).await {
                Ok(priced) => cart = Some(HeaderCart::of(state, &priced)),
                Err(e) => {
                    cart_known = false;
                    tracing::error!(error = %e, cart.key = %key, "header cart failed");
                }
            }
        }
        Shopper {
            cart,
            notices: notices::pending(&session.data),
            store_api_nonce: StoreApiNonce::new(state, session.user_id.unwrap_or(0), &session.id)
                .await,
            tax_display: current_tax_display(state).await,
            shipping_display: current_shipping_display(state).await,
            user_id: session.user_id,
            capabilities: capabilities_of(state, session.user_id).await,
            login_popup: login_popup(state, &session).await,
            session_id: Some(session.id),
            cart_known,
            ..Shopper::default()
        }
    }

    /// This shopper with `cart` in the header (a page that priced the cart itself).
    #[must_use]
    pub fn with_cart(mut self, cart: HeaderCart) -> Self {
        self.cart = Some(cart);
        self.cart_known = true;
        self
    }

    /// This shopper with the request's cookies, so its page can set the cart cookies.
    #[must_use]
    fn with_jar(mut self, jar: CookieJar, secure: bool) -> Self {
        self.jar = jar;
        self.secure_cookies = secure;
        self
    }

    /// The cookies that make the browser's cart cookies (`woocommerce_items_in_cart`,
    /// `woocommerce_cart_hash`) match the header's cart, when it is known: every page puts
    /// them right, so after an order the first page shown (the order received page) says the
    /// cart is empty, and the browser's scripts do not bring back fragments cached for the
    /// old cart.
    pub fn cart_cookies(&self) -> Vec<axum_extra::extract::cookie::Cookie<'static>> {
        if !self.cart_known {
            return Vec::new();
        }
        let hash = self.cart.as_ref().map_or("", |c| c.hash.as_str());
        cart::identity::cart_cookies(&self.jar, hash, self.secure_cookies)
    }

    /// The header's cart.
    pub fn header_cart(&self, state: &AppState) -> HeaderCart {
        self.cart
            .clone()
            .unwrap_or_else(|| HeaderCart::empty(state))
    }

    /// The logged-in customer (`None` for a guest). The header names its account link by it;
    /// the page cache keeps only a page's own blocks, so a cached page still shows each
    /// visitor their own header.
    pub fn user_id(&self) -> Option<i64> {
        self.user_id
    }

    /// Whether the visitor has a session (a cart, an account, notices may be theirs).
    pub fn has_session(&self) -> bool {
        self.session_id.is_some()
    }

    /// What the logged-in account may do (staff links and settings; nothing for guests and
    /// customers).
    pub fn capabilities(&self) -> Capabilities {
        self.capabilities
    }

    /// The Store API nonce the page embeds (`None` when the shop secret was unavailable).
    pub fn store_api_nonce(&self) -> Option<&StoreApiNonce> {
        self.store_api_nonce.as_ref()
    }

    /// How the cart shows taxes (read with the cart's pricing settings, which change without
    /// a restart).
    pub fn tax_display(&self) -> TaxDisplay {
        self.tax_display
    }

    /// What the shop's shipping settings offer (read as the cart reads them).
    pub fn shipping_display(&self) -> ShippingDisplay {
        self.shipping_display
    }

    /// The notices to show, sanitised.
    pub fn notices(&self) -> Vec<Notice> {
        self.notices.iter().map(Notice::shown).collect()
    }

    /// The login popup to render open (a refused post from it), with its nonces.
    pub fn login_popup(&self) -> Option<&FormsView> {
        self.login_popup.as_ref().map(|(_, view)| view)
    }

    /// What a page rendered for this shopper shows once and must then leave the session.
    pub(super) fn shown(&self) -> Option<Shown> {
        let session_id = self.session_id.clone()?;
        let popup = self.login_popup.as_ref().map(|(popup, _)| popup.clone());
        if self.notices.is_empty() && popup.is_none() {
            return None;
        }
        Some(Shown {
            session_id,
            notices: self.notices.clone(),
            popup,
        })
    }
}

/// What a page showed once, carried on its response (an extension `render_page` sets) to
/// [`forget_shown`], which removes it from the session.
#[derive(Debug, Clone)]
pub struct Shown {
    session_id: String,
    notices: Vec<Notice>,
    popup: Option<PopupState>,
}

/// Removes from the session what a page's response says the page showed (notices added
/// meanwhile stay). Responses that showed nothing pass untouched.
pub async fn forget_shown(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let Some(shown) = response.extensions_mut().remove::<Shown>() else {
        return response;
    };
    if !shown.notices.is_empty()
        && let Err(e) = notices::forget(&state, &shown.session_id, &shown.notices).await
    {
        tracing::error!(error = %e, "clearing shown notices failed");
    }
    if let Some(popup) = &shown.popup
        && let Err(e) = login_forms::forget(&state, &shown.session_id, popup).await
    {
        tracing::error!(error = %e, "clearing the shown login popup failed");
    }
    response
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
        use crate::session::nonce;
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

/// The tax display rules in force (the defaults when they cannot be read).
async fn current_tax_display(state: &AppState) -> TaxDisplay {
    use mercato_core::pricing::TaxSettings;
    // Only the tax option (kept parsed for a second), not the whole pricing configuration.
    let stored =
        mercato_db::options::get_recent::<TaxSettings>(&state.db, cart::settings::TAX_OPTION);
    match stored.await {
        Ok(tax) => TaxDisplay::of(&tax.unwrap_or_default()),
        Err(e) => {
            tracing::error!(error = %e, "pricing settings unavailable; default tax display");
            TaxDisplay::of(&Default::default())
        }
    }
}

/// What the shipping settings in force offer (the reference shop's when none are stored, as
/// for pricing; the defaults when they cannot be read).
async fn current_shipping_display(state: &AppState) -> ShippingDisplay {
    use mercato_core::pricing::ShippingSettings;
    let stored = mercato_db::options::get_recent::<ShippingSettings>(
        &state.db,
        cart::settings::SHIPPING_OPTION,
    );
    match stored.await {
        Ok(Some(shipping)) => ShippingDisplay::of(&shipping),
        Ok(None) => ShippingDisplay::default(),
        Err(e) => {
            tracing::error!(error = %e, "shipping settings unavailable; default shipping display");
            ShippingDisplay::default()
        }
    }
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
