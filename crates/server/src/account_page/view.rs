//! The frame of every customer page: the `Account pages` navigation (its `Log out` link
//! carries the logout nonce) around the page's own content.

use axum::http::StatusCode;
use axum_extra::extract::cookie::CookieJar;
use mercato_db::sessions::Session;
use serde::Serialize;

use super::logout;
use crate::forms::nonce_for;
use crate::layout::{PageContext, render_page};
use crate::layout::{PageResult, Shopper};
use crate::state::AppState;

/// The navigation's entries: `(endpoint path, label)`, WooCommerce's order.
const MENU: [(&str, &str); 6] = [
    ("/my-account/", "Dashboard"),
    ("/my-account/orders/", "Orders"),
    ("/my-account/downloads/", "Downloads"),
    ("/my-account/edit-address/", "Addresses"),
    ("/my-account/payment-methods/", "Payment methods"),
    ("/my-account/edit-account/", "Account details"),
];

#[derive(Serialize)]
struct MenuItem {
    url: &'static str,
    label: &'static str,
    current: bool,
}

/// One customer page.
pub struct CustomerPage<'a> {
    /// The page's title (its `<h1>`).
    pub title: &'a str,
    /// Its path.
    pub path: &'a str,
    /// The navigation entry it belongs to (`/my-account/orders/` for an order).
    pub section: &'a str,
    /// Its template (extends `account/frame.html`).
    pub template: &'a str,
}

/// Renders `page` for the customer of `session` with `extra`.
pub async fn render(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    session: &Session,
    page: CustomerPage<'_>,
    status: StatusCode,
    extra: minijinja::Value,
) -> PageResult {
    let nonce = nonce_for(state, logout::NONCE_ACTION, session).await?;
    let menu: Vec<MenuItem> = MENU
        .iter()
        .map(|&(url, label)| MenuItem {
            url,
            label,
            current: url == page.section,
        })
        .collect();
    let context = PageContext::new(state, jar, page.title, page.path)
        .with_body_class("woocommerce-account woocommerce-page logged-in");
    Ok(render_page(
        state,
        shopper,
        page.template,
        status,
        &context,
        minijinja::context! {
            account_menu => menu,
            logout_url => format!("{}?_wpnonce={nonce}", logout::PATH),
            ..extra
        },
    ))
}
