//! Server-rendered pages.

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use serde::{Deserialize, Serialize};

use crate::page_settings::RequestSettings;
use crate::state::AppState;

mod cache;
mod render;

pub use cache::{CachedPage, PageCache, PageKey};
pub use render::{PageContext, render_cacheable, render_cached, render_page};

/// The prefix of the cookie that hides a dismissed store notice (SPEC §9.1).
const NOTICE_COOKIE_PREFIX: &str = "store_notice";

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
        return crate::storefront::search(&state, &jar, &headers, &uri).await;
    }
    if crate::store_ajax::endpoint_of(&uri).is_some() {
        return crate::store_ajax::dispatch_get(state, jar, headers, &uri).await;
    }
    let context = PageContext::new(&state, &jar, "Home", "/").with_body_class("home");
    render_page(
        &state,
        "home.html",
        StatusCode::OK,
        &context,
        minijinja::context! {},
    )
}

/// Sets the dismissal cookie and goes back where the shopper was (without JavaScript, the
/// notice's link comes here; with it, the island sets the same cookie itself).
fn dismiss_notice(state: &AppState, id: &str, jar: CookieJar, headers: &HeaderMap) -> Response {
    let back = headers
        .get(header::REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(local_path)
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

/// The path and query of a same-site URL, so a redirect never leaves the shop.
fn local_path(url: &str) -> Option<String> {
    let uri: Uri = url.parse().ok()?;
    let path = uri.path_and_query()?.as_str();
    is_local_target(path).then(|| path.to_owned())
}

/// Whether `target` is safe as a `Location` inside the shop: a path from the root that no
/// browser reads as another host. `//host` is one; so is `/\host`, as browsers treat `\` as
/// `/`, so any backslash is refused (our own paths never hold one).
pub fn is_local_target(target: &str) -> bool {
    target.starts_with('/')
        && !target.starts_with("//")
        && !target.contains('\\')
        && !target.chars().any(char::is_control)
}

/// Whether the shopper dismissed the notice with this id.
pub fn notice_dismissed(jar: &CookieJar, id: &str) -> bool {
    jar.get(&format!("{NOTICE_COOKIE_PREFIX}{id}"))
        .is_some_and(|c| c.value() == "hidden")
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
pub async fn not_found(State(state): State<AppState>, jar: CookieJar, uri: Uri) -> Response {
    not_found_page(&state, &jar, uri.path())
}

/// The helpful 404 page for `path`.
pub fn not_found_page(state: &AppState, jar: &CookieJar, path: &str) -> Response {
    let context = PageContext::new(state, jar, "Page not found", path).with_body_class("error404");
    render_page(
        state,
        "404.html",
        StatusCode::NOT_FOUND,
        &context,
        minijinja::context! { path => path },
    )
}

/// The request values for the settings JSON (the customer, on the pages that know them).
pub fn request_settings(page: &PageContext) -> RequestSettings<'_> {
    RequestSettings {
        user_id: page.user_id,
        is_admin: false,
        is_cart: page.is_cart,
        with_address_data: page.with_address_data,
        customer_payment_methods: page.customer_payment_methods.as_deref(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_stay_inside_the_shop() {
        assert_eq!(
            local_path("http://shop.test/shop/?a=1"),
            Some("/shop/?a=1".into())
        );
        assert_eq!(local_path("/cart/"), Some("/cart/".into()));
        assert_eq!(local_path("//evil.example/x"), None);
        assert_eq!(local_path("http://x/\\evil.example/"), None);
        assert_eq!(local_path("/a\\b"), None);
        assert!(is_local_target("/shop/?a=%5C"));
        assert_eq!(local_path("not a url at all"), None);
    }
}
