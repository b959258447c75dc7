//! `/wp-admin/`: where the settings' `adminUrl` and the staff's edit links point. The admin
//! screens are not built yet, so staff get a page that says so and names the command line
//! that does the job meanwhile; guests are sent to log in, and customers are refused.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum_extra::extract::cookie::CookieJar;
use serde::Deserialize;

use crate::layout::{PageContext, Shopper, render_page};
use crate::state::AppState;

/// The query of an edit link: `post.php?post=BLOCK&action=edit[&app=uxbuilder]`.
#[derive(Debug, Default, Deserialize)]
pub struct EditQuery {
    /// The block or page to edit.
    post: Option<String>,
    /// `uxbuilder` for the page builder's link.
    app: Option<String>,
}

/// `GET /wp-admin/` and `GET /wp-admin/post.php`.
pub async fn placeholder(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    Query(query): Query<EditQuery>,
) -> Response {
    if shopper.user_id().is_none() {
        return Redirect::to("/my-account/").into_response();
    }
    let context = PageContext::new(&state, &jar, "Shop admin", "/wp-admin/")
        .with_body_class("admin-placeholder");
    if !shopper.capabilities().is_staff() {
        return render_page(
            &state,
            &shopper,
            "admin/placeholder.html",
            StatusCode::FORBIDDEN,
            &context,
            minijinja::context! { refused => true },
        );
    }
    // Only a short, plain name is echoed back (it is escaped as well).
    let editing = query
        .post
        .filter(|p| !p.is_empty() && p.len() <= 64)
        .filter(|p| {
            p.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        });
    render_page(
        &state,
        &shopper,
        "admin/placeholder.html",
        StatusCode::OK,
        &context,
        minijinja::context! {
            editing => editing,
            page_builder => query.app.as_deref() == Some("uxbuilder"),
        },
    )
}
