//! The catalogue pages: shop, categories, tags, products, search, and the theme's AJAX.
//!
//! URLs follow WooCommerce's permalinks (`/shop/page/2/`, `/product-category/a/b/`,
//! `/product/slug/`). Every page works without JavaScript: filters are links, sorting and
//! the price filter are GET forms, a variable product's choice lives in the URL
//! (`?attribute_pa_color=blue`), reviews and add to cart are real POST forms.
//!
//! Each page's data is loaded by one function (`listing::load_listing`,
//! `product::load_product`) in a fixed number of queries, so a cache keyed by the
//! catalogue version can wrap it; rendering is separate.
//!
//! Hooks for the islands (stable classes and `data-` attributes, as WooCommerce names them):
//! - listings: the region the browser swaps when a filter changes, `div.listing[data-behaviour=
//!   listing]` (breadcrumbs, heading, toolbar, grid, pagination, sidebar);
//!   `ul.products[data-infinite-scroll]` of `li.product[data-product-id]`, the next
//!   page `a.next.page-numbers[rel=next]`; card buttons `a.ajax_add_to_cart[data-product_id]
//!   [data-quantity]`; quick view `button.quick-view[data-prod][data-product-url]` (hidden
//!   until a script shows it; `quick_view`: the `mercato_quickview` fragment); the ordering form
//!   `form.woocommerce-ordering` with its no-JS `button.ordering-submit`; filters
//!   `aside[data-shop-filters]`, `[data-filter-attribute]`, swatches `a[data-swatch-color]`;
//!   card swatches `[data-behaviour=card-swatches]` of `[data-card-swatch-group]` of
//!   `a.card-swatch[data-value]` (with `data-image-*` of a variation's picture);
//! - product page: gallery `[data-product-gallery]` (`img[data-large_image]`, thumbnails
//!   `a[data-gallery-index]`); `form.variations_form[data-product_id]
//!   [data-product_variations]` (every variation, or `false` past the shop's limit), selects
//!   `[data-attribute_name]`, options `[data-color]`, the no-JS choice button
//!   `[data-variation-check]`, `.single_variation` (a live region), `input.variation_id`;
//!   `[data-quantity-stepper]`, `[data-sticky-add-to-cart]` (with its hidden bar
//!   `[data-sticky-bar]` and `[data-sticky-submit]`), `[data-tabs]` over
//!   `#tab-description`, `#tab-additional_information`, `#tab-reviews`; texts in
//!   `#mercato-product-settings` (`wc_add_to_cart_variation_params`, ...);
//! - AJAX: [`ACTIONS`], the admin-ajax table the cart extends.

mod ajax;
mod card_swatches;
mod cards;
mod html;
mod listing;
mod listing_view;
pub mod media_dir;
mod params;
mod product;
mod product_form;
mod product_summary;
mod quick_view;
mod reviews;
mod showcase;
mod sidebar;
mod social_feed;
mod sort;
pub mod structured_data;
mod urls;

use axum::Router;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Serialize;

pub use ajax::{ACTIONS, AjaxAction, AjaxFuture};
pub use cards::CardView;
pub use listing::search;
pub use showcase::product_grids;
pub use urls::{category as category_url, product as product_url};

use crate::state::AppState;

/// The storefront routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/shop/", get(listing::shop))
        .route("/shop", get(add_slash))
        .route("/shop/page/{n}/", get(listing::shop_page))
        .route("/shop/page/{n}", get(add_slash))
        .route("/page/{n}/", get(listing::search_page))
        .route("/product-category/{*path}", get(listing::category))
        .route("/product-tag/{*path}", get(listing::tag))
        .route("/product/{slug}/", get(product::page).post(product::post))
        .route("/product/{slug}", get(add_slash))
        .route(
            "/wp-admin/admin-ajax.php",
            get(ajax::dispatch).post(ajax::dispatch),
        )
}

/// A breadcrumb.
#[derive(Debug, Clone, Serialize)]
pub struct Crumb {
    /// Its text.
    pub label: String,
    /// Its link; `None` for the current page.
    pub href: Option<String>,
}

impl Crumb {
    /// A linked crumb.
    pub fn link(label: &str, href: &str) -> Self {
        Crumb {
            label: label.to_owned(),
            href: Some(href.to_owned()),
        }
    }

    /// The current page.
    pub fn here(label: &str) -> Self {
        Crumb {
            label: label.to_owned(),
            href: None,
        }
    }
}

/// The current unix time (sale schedules).
pub fn now() -> i64 {
    mercato_db::now()
}

fn redirect(status: StatusCode, to: &str) -> Response {
    (
        status,
        [
            (header::LOCATION, to.to_owned()),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
        ],
    )
        .into_response()
}

/// `301 Moved Permanently` to a canonical URL, as WordPress answers.
pub fn redirect_permanent(to: &str) -> Response {
    redirect(StatusCode::MOVED_PERMANENTLY, to)
}

/// `302 Found`.
pub fn redirect_found(to: &str) -> Response {
    redirect(StatusCode::FOUND, to)
}

/// Logs a storage failure once and answers with the plain 500 page.
pub fn server_error(error: &mercato_db::DbError, path: &str) -> Response {
    tracing::error!(error = %error, http.path = ?path, "catalogue page failed");
    crate::layout::server_error()
}

/// The URL with a slash after its path.
fn with_slash(uri: &Uri) -> String {
    match uri.query() {
        Some(q) => format!("{}/?{q}", uri.path()),
        None => format!("{}/", uri.path()),
    }
}

/// `/shop` → `/shop/`, as WordPress canonicalises.
async fn add_slash(uri: Uri) -> Response {
    redirect_permanent(&with_slash(&uri))
}
