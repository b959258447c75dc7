//! Content pages at `/{slug}/` (privacy policy, terms, about, ...), stored with
//! `mercato pages set`. They are looked up only when no other route took the path, so a page
//! can never shadow the shop's own pages; `/{slug}` without its slash is sent to `/{slug}/`.

use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Redirect, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::content::check_slug;

use crate::layout::{PageContext, Shopper, failed, render_page};
use crate::state::AppState;

/// The content page at `uri`, or `None` when there is none (the caller answers 404).
pub async fn page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    uri: &Uri,
) -> Option<Response> {
    let path = uri.path();
    let inner = path.strip_prefix('/')?;
    let (slug, slash) = match inner.strip_suffix('/') {
        Some(slug) => (slug, true),
        None => (inner, false),
    };
    check_slug(slug).ok()?;
    let stored = match mercato_db::content_pages::get(&state.db, slug).await {
        Ok(stored) => stored?,
        Err(e) => return Some(failed("reading a content page", &e)),
    };
    if !slash {
        let target = match uri.query() {
            Some(query) => format!("/{slug}/?{query}"),
            None => format!("/{slug}/"),
        };
        return Some(Redirect::permanent(&target).into_response());
    }
    let page = stored.page;
    let context = PageContext::new(state, jar, &page.title, path)
        .with_body_class("page content-page")
        .with_description(&page.description);
    Some(render_page(
        state,
        shopper,
        "pages/content.html",
        StatusCode::OK,
        &context,
        minijinja::context! {
            url => format!("{}/{}/", state.config.base_url(headers), page.slug),
            description => page.description,
            slug => page.slug,
            heading => page.title,
            body => page.html,
        },
    ))
}
