//! Page URLs holding a NUL character (security review F6; see `crate::input`).

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;

use crate::input::{NulInUri, nul_in_uri};
use crate::layout::{PageContext, Shopper, not_found_page, render_page};
use crate::state::AppState;

/// Refuses a page request whose URL decodes to a NUL character: the path is a page that cannot
/// exist (404), a query value one we cannot read (400). The Store API answers for itself.
pub async fn refuse_nul_in_pages(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let found = nul_in_uri(request.uri());
    let Some(found) = found.filter(|_| !crate::store_api::is_store_api_path(request.uri().path()))
    else {
        return next.run(request).await;
    };
    let jar = CookieJar::from_headers(request.headers());
    let path = request.uri().path().to_owned();
    // The refusal is a page, with the shopper as any page shows it; a post's refusal shows
    // none (no session read, no pricing for a request no page answers).
    let shopper = if matches!(*request.method(), Method::GET | Method::HEAD) {
        Shopper::load(&state, &jar, true).await
    } else {
        Shopper::default()
    };
    match found {
        NulInUri::Path => not_found_page(&state, &shopper, &jar, &path),
        NulInUri::Query(_) => {
            let context = PageContext::new(&state, &jar, "Bad request", &path);
            render_page(
                &state,
                &shopper,
                "error.html",
                StatusCode::BAD_REQUEST,
                &context,
                minijinja::context! {
                    message => "This address holds a character we cannot read. Please check the link and try again.",
                },
            )
        }
    }
}
