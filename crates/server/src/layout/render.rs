//! Turning a template and its context into a page response.

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use serde::Serialize;

use super::shopper::Shopper;
use crate::compression;
use crate::page_cache::{CachedPage, PageKey};
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
    /// The meta description ("" for none).
    pub description: String,
    /// Whether this is the cart page.
    pub is_cart: bool,
    /// Whether the page edits addresses (its settings then carry `countryData`).
    pub with_address_data: bool,
    /// The logged-in customer the page is for, when the page knows it (0 for guests).
    #[serde(skip)]
    pub user_id: i64,
    /// The `customerPaymentMethods` setting, serialised (pages that take payment).
    #[serde(skip)]
    pub customer_payment_methods: Option<String>,
    /// The store notice, unless the shopper dismissed it.
    store_notice: Option<StoreNoticeView>,
    /// The islands this page mounts as soon as it loads (`data-island-when="load"`): their
    /// chunks are preloaded with the entry.
    #[serde(skip)]
    pub load_islands: Vec<&'static str>,
    /// Whether the page loads the installed extensions' scripts (the cart and checkout).
    #[serde(skip)]
    pub extensions: bool,
}

#[derive(Debug, Serialize)]
struct StoreNoticeView {
    id: String,
    text: String,
}

impl PageContext {
    /// The context for a page titled `title` at `path`.
    pub fn new(state: &AppState, jar: &CookieJar, title: &str, path: &str) -> Self {
        let store_notice = match (
            &state.settings.store_notice,
            state.settings.store_notice_id(),
        ) {
            (Some(text), Some(id)) if !super::notice_dismissed(jar, &id) => Some(StoreNoticeView {
                id,
                text: text.clone(),
            }),
            _ => None,
        };
        Self {
            title: title.to_owned(),
            path: path.to_owned(),
            body_class: String::new(),
            description: String::new(),
            is_cart: false,
            with_address_data: false,
            user_id: 0,
            customer_payment_methods: None,
            store_notice,
            load_islands: Vec::new(),
            extensions: false,
        }
    }

    /// The page loads the installed extensions' scripts, and its content security policy
    /// allows them (docs/extensions.md).
    #[must_use]
    pub fn with_extensions(mut self) -> Self {
        self.extensions = true;
        self
    }

    /// The page is for customer `user_id` (`None` for a guest), whose saved cards the
    /// settings list as `customer_payment_methods` (JSON).
    #[must_use]
    pub fn for_customer(mut self, user_id: Option<i64>, customer_payment_methods: String) -> Self {
        self.user_id = user_id.unwrap_or(0);
        self.customer_payment_methods = Some(customer_payment_methods);
        self
    }

    /// The page mounts `islands` as soon as it loads: preload them.
    #[must_use]
    pub fn with_load_islands(mut self, islands: &[&'static str]) -> Self {
        self.load_islands = islands.to_vec();
        self
    }

    /// The page's meta description.
    #[must_use]
    pub fn with_description(mut self, description: &str) -> Self {
        self.description = description.to_owned();
        self
    }

    /// Adds `class` to `<body>`.
    #[must_use]
    pub fn with_body_class(mut self, class: &str) -> Self {
        self.body_class = class.to_owned();
        self
    }
}

/// The base layout's context for `shopper`, plus `extra`.
fn layout_context(
    state: &AppState,
    shopper: &Shopper,
    page: &PageContext,
    extra: minijinja::Value,
) -> minijinja::Value {
    let cart = shopper.header_cart(state);
    let extensions = &state.web.extensions.page;
    let settings_json = state.web.page_settings.render(super::RequestSettings {
        extensions: extensions.names_json.as_deref().filter(|_| page.extensions),
        ..super::request_settings(page, shopper, &cart)
    });
    minijinja::context! {
        shop => state.web.shop_view.current(),
        page => page,
        store_notice => &page.store_notice,
        assets => state.web.assets.main_entry(),
        preloads => state.web.assets.preloads_with_islands(&page.load_islands),
        settings_json => settings_json,
        mini_cart => &state.settings.mini_cart,
        cart => cart,
        notices => shopper.notices(),
        current_user => shopper.user_id(),
        staff => shopper.capabilities(),
        login_popup => shopper.login_popup(),
        extension_scripts => if page.extensions { extensions.html.as_str() } else { "" },
        extension_globals => state.web.assets.extension_globals(),
        ..extra
    }
}

/// The page's response; it carries what the page showed once ([`super::shopper::Shown`]) so
/// that it leaves the session.
fn html_response(shopper: &Shopper, status: StatusCode, html: String) -> Response {
    let mut response = (status, Html(html)).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-cache, private"),
    );
    if let Some(shown) = shopper.shown() {
        response.extensions_mut().insert(shown);
    }
    for cookie in shopper.cart_cookies() {
        match HeaderValue::from_str(&cookie.encoded().to_string()) {
            Ok(value) => {
                response.headers_mut().append(header::SET_COOKIE, value);
            }
            Err(e) => tracing::error!(error = %e, "cart cookie not sent"),
        }
    }
    response
}

fn template_failed(template: &str, error: &minijinja::Error) -> Response {
    tracing::error!(template, error = %format!("{error:#}"), "template failed");
    super::server_error()
}

/// Renders `template` for `shopper` with the base layout's context plus `extra`.
pub fn render_page(
    state: &AppState,
    shopper: &Shopper,
    template: &str,
    status: StatusCode,
    page: &PageContext,
    extra: minijinja::Value,
) -> Response {
    let rendered = state
        .templates
        .get_template(template)
        .and_then(|t| t.render(layout_context(state, shopper, page, extra)));
    match rendered {
        Ok(html) => {
            let mut response = html_response(shopper, status, html);
            if page.extensions
                && let Some(policy) = &state.web.extensions.page.policy
            {
                response
                    .headers_mut()
                    .insert(header::CONTENT_SECURITY_POLICY, policy.clone());
            }
            response
        }
        Err(e) => template_failed(template, &e),
    }
}

/// Like [`render_page`], and keeps the page's own blocks in the page cache under `key` (a
/// `200` page only) so that [`render_cached`] can serve the next request for it.
pub fn render_cacheable(
    state: &AppState,
    shopper: &Shopper,
    template: &str,
    status: StatusCode,
    page: &PageContext,
    extra: minijinja::Value,
    key: Option<PageKey>,
) -> Response {
    let Some(key) = key.filter(|_| status == StatusCode::OK) else {
        return render_page(state, shopper, template, status, page, extra);
    };
    let captured = state
        .templates
        .get_template(template)
        .and_then(|t| t.render_captured(layout_context(state, shopper, page, extra)));
    let mut captured = match captured {
        Ok(captured) => captured,
        Err(e) => return template_failed(template, &e),
    };
    let blocks = captured.with_state_mut(|st| -> Result<CachedPage, minijinja::Error> {
        Ok(CachedPage {
            title: page.title.clone(),
            path: page.path.clone(),
            description: page.description.clone(),
            search_term: st
                .lookup("search_term")
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            title_html: st.render_block("title")?,
            head: st.render_block("head")?,
            body_class: st.render_block("body_class")?,
            page_notices: st.render_block("page_notices")?,
            content: st.render_block("content")?,
            compressed: OnceLock::new(),
            kept: crate::compression::KeptAnswer::default(),
        })
    });
    match blocks {
        Ok(blocks) => state.web.page_cache.put(key, Arc::new(blocks)),
        // The page itself rendered; only its blocks could not be kept.
        Err(e) => tracing::warn!(template, error = %format!("{e:#}"), "page blocks not cached"),
    }
    html_response(shopper, status, captured.into_output())
}

/// Stands for the cached `content` block in a layout rendered to be spliced around its
/// compressed bytes; no template writes control characters.
const CONTENT_MARK: &str = "\u{1}mercato:cached-content\u{1}";

/// Serves a page from the page cache: its blocks as kept, the layout for this request's
/// `shopper`. A client that accepts gzip or brotli gets the kept compressed `content`
/// spliced between the layout's parts, compressed here ([`crate::compression`]); a visitor
/// without a session gets the whole answer kept for their layout, when it is the same
/// ([`guest_layout_key`]).
pub fn render_cached(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    cached: &CachedPage,
) -> Response {
    let page = PageContext::new(state, jar, &cached.title, &cached.path)
        .with_description(&cached.description);
    let coding = compression::preferred(headers);
    if let Some(encoding) = coding.header_value()
        && let Some(compressed) = state.web.page_cache.compressed_content(cached)
    {
        let spliced = match guest_layout_key(state, shopper, &page) {
            Some(key) => {
                let kept = match cached.kept.get(&key) {
                    Some(kept) => {
                        state.web.page_cache.served_kept_answer();
                        Some(kept)
                    }
                    None => match layout_parts(state, shopper, &page, cached) {
                        Ok(parts) => {
                            parts.map(|(before, after)| cached.kept.keep(key, before, after))
                        }
                        Err(e) => return template_failed("cached_page.html", &e),
                    },
                };
                kept.and_then(|kept| kept.body(coding, compressed))
            }
            None => match layout_parts(state, shopper, &page, cached) {
                Ok(parts) => parts.and_then(|(before, after)| {
                    compression::around(coding, before.as_bytes(), compressed, after.as_bytes())
                }),
                Err(e) => return template_failed("cached_page.html", &e),
            },
        };
        if let Some(body) = spliced {
            let mut response = html_response(shopper, StatusCode::OK, String::new());
            *response.body_mut() = Body::from(body);
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            state.web.page_cache.served_compressed();
            return response;
        }
        // Not spliced: the page as is below, compressed like any other response.
    }
    let extra = minijinja::context! {
        cached => cached,
        search_term => &cached.search_term,
        content => &cached.content,
    };
    render_page(
        state,
        shopper,
        "cached_page.html",
        StatusCode::OK,
        &page,
        extra,
    )
}

/// The layout of a cached page for `shopper`, rendered around a mark and split there: the
/// text before the `content` block and after it (`None` if the mark is not there once).
fn layout_parts(
    state: &AppState,
    shopper: &Shopper,
    page: &PageContext,
    cached: &CachedPage,
) -> Result<Option<(String, String)>, minijinja::Error> {
    let extra = minijinja::context! {
        cached => cached,
        search_term => &cached.search_term,
        content => CONTENT_MARK,
    };
    let html = state
        .templates
        .get_template("cached_page.html")
        .and_then(|t| t.render(layout_context(state, shopper, page, extra)))?;
    Ok(html
        .split_once(CONTENT_MARK)
        .filter(|(_, after)| !after.contains(CONTENT_MARK))
        .map(|(before, after)| (before.to_owned(), after.to_owned())))
}

/// What a cached page's layout shows of a visitor without a session (`None` for a visitor
/// with one), as a key: two such visitors with the same key get the same layout text around
/// the same cached page. Everything [`layout_context`] reads that can differ between them
/// is in it: the shop view in force (menus, header), the Store API nonce and the second it
/// was made, whether the store notice shows (a cookie hides it), and the tax and shipping
/// display (settings that change without a restart). The rest is the same for all of them:
/// the page's own fields (the cached page), the empty cart, no notices, no account, no
/// staff links, no popup, the assets and settings read at start.
fn guest_layout_key(state: &AppState, shopper: &Shopper, page: &PageContext) -> Option<String> {
    if shopper.has_session() {
        return None;
    }
    let nonce = shopper.store_api_nonce();
    Some(format!(
        "{} {:?} {:?} {:?} {:?} {:?}",
        state.web.shop_view.generation(),
        nonce.map(|n| (n.nonce.as_str(), n.timestamp)),
        page.store_notice.as_ref().map(|n| &n.id),
        page.body_class,
        shopper.tax_display(),
        shopper.shipping_display(),
    ))
}
