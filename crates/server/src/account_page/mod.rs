//! The customer's account pages without JavaScript (issue 13): `/my-account/` shows a guest
//! the login and register forms and a customer their dashboard; the lost and reset password
//! pages; logout; the customer's orders, one order, account details, and the saved cards.
//!
//! Every form carries a nonce bound to the session, under WooCommerce's field names
//! (`woocommerce-login-nonce`, `woocommerce-register-nonce`, ...); a failed nonce is the
//! "link expired" notice. Posts end in a `303` (post/redirect/get) with flash notices, except
//! a refused login or registration, which shows the form again with what was typed (never
//! the password) and a `4xx`. Pages for customers send guests to the login form; an order
//! of someone else is the 404 page. A later login popup (SPEC §2.1) posts the same forms.

use axum::Router;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;
use axum_extra::extract::cookie::CookieJar;
use mercato_db::sessions::Session;

use crate::forms::redirect_see_other;
use crate::layout::{PageResult, Shopper};
use crate::state::AppState;

mod add_card;
mod addresses;
mod customer;
mod details;
mod guest;
mod limit;
mod logout;
mod lost_password;
mod view;

/// The account page's path.
pub const MY_ACCOUNT: &str = "/my-account/";

/// The account routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route(MY_ACCOUNT, get(show).post(guest::post))
        .route("/my-account", get(add_slash))
        .route("/my-account/login-popup/", get(guest::popup))
        .route(
            "/my-account/lost-password/",
            get(lost_password::show).post(lost_password::post),
        )
        .route(
            "/my-account/customer-logout/",
            get(logout::link).post(logout::post),
        )
        .route("/my-account/orders/", get(customer::orders))
        .route("/my-account/orders/{page}/", get(customer::orders_page))
        .route("/my-account/view-order/{id}/", get(customer::view_order))
        .route("/my-account/downloads/", get(customer::downloads))
        .route("/my-account/edit-address/", get(addresses::overview))
        .route(
            "/my-account/edit-address/{which}/",
            get(addresses::show).post(addresses::save),
        )
        .route(
            "/my-account/payment-methods/",
            get(customer::payment_methods),
        )
        .route(add_card::PATH, get(add_card::show).post(add_card::post))
        .route(
            "/my-account/delete-payment-method/{id}/",
            get(customer::delete_card),
        )
        .route(
            "/my-account/set-default-payment-method/{id}/",
            get(customer::default_card),
        )
        .route(
            "/my-account/edit-account/",
            get(details::show).post(details::post),
        )
        .layer(crate::forms::not_stored())
}

async fn add_slash() -> Response {
    redirect_see_other(MY_ACCOUNT)
}

/// `GET /my-account/`: the dashboard for a customer, the forms for a guest.
async fn show(
    axum::extract::State(state): axum::extract::State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
) -> PageResult {
    match customer_session(&state, &jar).await? {
        Some(session) => customer::dashboard(&state, &shopper, &jar, &session).await,
        None => {
            guest::page(
                &state,
                &shopper,
                jar,
                &headers,
                &crate::layout::login_forms::Typed::default(),
                axum::http::StatusCode::OK,
            )
            .await
        }
    }
}

/// The session of a logged-in customer, `None` for a guest.
async fn customer_session(
    state: &AppState,
    jar: &CookieJar,
) -> mercato_db::DbResult<Option<Session>> {
    Ok(crate::session::current(state, jar)
        .await?
        .filter(|s| s.user_id.is_some()))
}

/// A guest asking for a customer's page: to the login form.
fn to_login() -> Response {
    redirect_see_other(MY_ACCOUNT)
}

/// A form field's value ("" when absent).
fn field<'a>(fields: &'a [(String, String)], name: &str) -> &'a str {
    crate::input::form_value(fields, name).unwrap_or("")
}

/// Logs a failure once; the shopper gets the plain 500 page.
fn failed(error: &dyn std::fmt::Display) -> Response {
    crate::layout::failed("account page", error)
}
