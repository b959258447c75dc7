//! Turning a template and its context into a page response.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use serde::Serialize;

use crate::state::AppState;

/// What the base layout needs on every page.
#[derive(Debug, Serialize)]
pub struct PageContext {
    /// The page's title.
    pub title: String,
    /// Its path (for the current menu item).
    pub path: String,
    /// Extra classes on `<body>`.
    pub body_class: String,
    /// Whether this is the cart page.
    pub is_cart: bool,
    /// Whether the page edits addresses (its settings then carry `countryData`).
    pub with_address_data: bool,
    /// The store notice, unless the shopper dismissed it.
    store_notice: Option<StoreNoticeView>,
}

#[derive(Debug, Serialize)]
struct StoreNoticeView {
    id: String,
    text: String,
    props: serde_json::Value,
}

impl PageContext {
    /// The context for a page titled `title` at `path`.
    pub fn new(state: &AppState, jar: &CookieJar, title: &str, path: &str) -> Self {
        let store_notice = match (
            &state.settings.store_notice,
            state.settings.store_notice_id(),
        ) {
            (Some(text), Some(id)) if !super::notice_dismissed(jar, &id) => Some(StoreNoticeView {
                props: serde_json::json!({ "id": id, "text": text }),
                id,
                text: text.clone(),
            }),
            _ => None,
        };
        Self {
            title: title.to_owned(),
            path: path.to_owned(),
            body_class: String::new(),
            is_cart: false,
            with_address_data: false,
            store_notice,
        }
    }

    /// Adds `class` to `<body>`.
    #[must_use]
    pub fn with_body_class(mut self, class: &str) -> Self {
        self.body_class = class.to_owned();
        self
    }
}

/// Renders `template` with the base layout's context plus `extra`.
pub fn render_page(
    state: &AppState,
    template: &str,
    status: StatusCode,
    page: &PageContext,
    extra: minijinja::Value,
) -> Response {
    let settings_json = state.page_settings.render(super::request_settings(page));
    let context = minijinja::context! {
        shop => &state.shop_view,
        page => page,
        store_notice => &page.store_notice,
        assets => state.assets.main_entry(),
        settings_json => settings_json,
        cart => crate::cart_page::shopper::header_cart(state),
        notices => crate::cart_page::shopper::take_notices(),
        current_user => (),
        ..extra
    };
    let rendered = state
        .templates
        .get_template(template)
        .and_then(|t| t.render(context));
    match rendered {
        Ok(html) => {
            let mut response = (status, Html(html)).into_response();
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("no-cache, private"),
            );
            response
        }
        Err(e) => {
            tracing::error!(template, error = %format!("{e:#}"), "template failed");
            super::server_error()
        }
    }
}
