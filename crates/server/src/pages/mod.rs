//! The pages that belong to no other surface: home, `/healthz`, the menu page, the 404
//! fallback, and the refusal of page URLs holding a NUL character.

use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use serde::{Deserialize, Serialize};

use crate::layout::{PageContext, Shopper, dismiss_notice, not_found_page, render_page};
use crate::state::AppState;

pub mod admin;
mod content;
mod home;
mod nul;
pub mod seo;

pub use nul::refuse_nul_in_pages;

/// The query the home page understands besides a search.
#[derive(Debug, Deserialize)]
pub struct HomeQuery {
    /// No-JavaScript dismissal of the store notice: `/?mercato-dismiss-notice=ID`.
    #[serde(rename = "mercato-dismiss-notice")]
    dismiss_notice: Option<String>,
    /// A product search: `/?s=TERM&post_type=product` (the catalogue renders it).
    s: Option<String>,
}

/// `GET /`: the home page.
pub async fn home(
    State(state): State<AppState>,
    Query(query): Query<HomeQuery>,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    if let Some(id) = query.dismiss_notice {
        return dismiss_notice(&state, &id, jar, &headers);
    }
    if query.s.is_some() {
        let shopper = Shopper::load(&state, &jar, true).await;
        return crate::storefront::search(&state, &shopper, &jar, &headers, &uri)
            .await
            .into_response();
    }
    if crate::store_ajax::endpoint_of(&uri).is_some() {
        return crate::store_ajax::dispatch_get(state, headers, &uri).await;
    }
    let shopper = Shopper::load(&state, &jar, true).await;
    home::page(&state, &shopper, &jar, &headers, &uri).await
}

/// `GET /menu/`: every menu as nested lists, for small screens without JavaScript (the
/// header's `Menu` link comes here; with JavaScript it opens the sidebar instead).
pub async fn menu(State(state): State<AppState>, shopper: Shopper, jar: CookieJar) -> Response {
    let context = PageContext::new(&state, &jar, "Menu", "/menu/").with_body_class("page-menu");
    render_page(
        &state,
        &shopper,
        "pages/menu.html",
        StatusCode::OK,
        &context,
        minijinja::context! {},
    )
}

/// What `/healthz` reports.
#[derive(Serialize)]
struct Health {
    status: &'static str,
    database: &'static str,
}

/// `GET /healthz`: 200 when the database answers, 503 when it does not.
pub async fn healthz(State(state): State<AppState>) -> Response {
    let backend = state.db.backend().name();
    match state.db.ping().await {
        Ok(()) => (
            StatusCode::OK,
            [(header::CACHE_CONTROL, "no-store")],
            axum::Json(Health {
                status: "ok",
                database: backend,
            }),
        )
            .into_response(),
        Err(e) => {
            tracing::error!(error = %e, "health check: database does not answer");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::CACHE_CONTROL, "no-store")],
                axum::Json(Health {
                    status: "unavailable",
                    database: backend,
                }),
            )
                .into_response()
        }
    }
}

/// Any path nothing else answers: a 404 page that helps.
///
/// A post's 404 shows no shopper (no session read, no pricing for a request no page answers).
pub async fn not_found(
    State(state): State<AppState>,
    method: Method,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let shopper = if matches!(method, Method::GET | Method::HEAD) {
        Shopper::load(&state, &jar, true).await
    } else {
        Shopper::default()
    };
    if let Some(response) = content::page(&state, &shopper, &jar, &headers, &uri).await {
        return response;
    }
    not_found_page(&state, &shopper, &jar, uri.path())
}
