//! The page layout every server-rendered page shares: rendering a template inside the base
//! layout for the request's [`Shopper`] ([`render_page`], [`PageContext`]), the header's cart
//! and the flash notices ([`shopper`], [`notices`]), the store notice, the settings JSON's
//! per-request values, the 404 and 500 pages, and the pages' error ([`PageError`]).
//!
//! Every page surface (`pages`, `storefront`, `cart_page`, `checkout_page`) uses this module;
//! it uses none of them (`scripts/module_graph.py` checks).

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};

use crate::page_settings::RequestSettings;
use crate::state::AppState;

mod error;
pub mod login_forms;
pub mod notices;
mod render;
pub mod shopper;

pub use error::{PageError, PageResult};
pub use render::{PageContext, render_cacheable, render_cached, render_page};
pub use shopper::{Shopper, Unpriced};

/// The cart page's path (pages that send the shopper to the cart use it).
pub const CART_PATH: &str = "/cart/";

/// The prefix of the cookie that hides a dismissed store notice (SPEC §9.1).
const NOTICE_COOKIE_PREFIX: &str = "store_notice";

/// Sets the dismissal cookie and goes back where the shopper was (without JavaScript, the
/// notice's link comes here; with it, the island sets the same cookie itself).
pub fn dismiss_notice(state: &AppState, id: &str, jar: CookieJar, headers: &HeaderMap) -> Response {
    let back = headers
        .get(header::REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(crate::forms::local_path)
        .unwrap_or_else(|| "/".to_owned());
    if state.settings.store_notice_id().as_deref() != Some(id) {
        return Redirect::to(&back).into_response();
    }
    let cookie = Cookie::build((format!("{NOTICE_COOKIE_PREFIX}{id}"), "hidden"))
        .path("/")
        .same_site(SameSite::Lax)
        .build();
    (jar.add(cookie), Redirect::to(&back)).into_response()
}

/// Whether the shopper dismissed the notice with this id.
pub fn notice_dismissed(jar: &CookieJar, id: &str) -> bool {
    jar.get(&format!("{NOTICE_COOKIE_PREFIX}{id}"))
        .is_some_and(|c| c.value() == "hidden")
}

/// The helpful 404 page for `path`.
pub fn not_found_page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    path: &str,
) -> Response {
    let context = PageContext::new(state, jar, "Page not found", path).with_body_class("error404");
    render_page(
        state,
        shopper,
        "404.html",
        StatusCode::NOT_FOUND,
        &context,
        minijinja::context! { path => path },
    )
}

/// The request values for the settings JSON (the customer, on the pages that know them; the
/// shopper's nonce and cart hash).
pub fn request_settings<'a>(
    page: &'a PageContext,
    shopper: &'a Shopper,
    cart: &'a shopper::HeaderCart,
) -> RequestSettings<'a> {
    let capabilities = shopper.capabilities();
    let nonce = shopper.store_api_nonce();
    RequestSettings {
        user_id: page.user_id,
        is_admin: capabilities.is_admin,
        can_edit_pages: capabilities.can_edit_pages,
        is_cart: page.is_cart,
        with_address_data: page.with_address_data,
        customer_payment_methods: page.customer_payment_methods.as_deref(),
        store_api_nonce: nonce.map(|n| (n.nonce.as_str(), n.timestamp)),
        cart_hash: &cart.hash,
        tax_display: shopper.tax_display(),
        shipping_display: shopper.shipping_display(),
        extensions: None,
    }
}

/// A plain 500 page; the cause was logged where it happened.
pub fn server_error() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        [(header::CACHE_CONTROL, "no-store")],
        Html("<!doctype html><title>Internal Server Error</title><h1>Internal Server Error</h1><p>Something went wrong on our side. Please try again.</p>"),
    )
        .into_response()
}

/// Logs a failure once as "`what` failed"; the shopper gets the plain 500 page.
pub fn failed(what: &'static str, error: &dyn std::fmt::Display) -> Response {
    PageError::internal(what, error).into_response()
}
