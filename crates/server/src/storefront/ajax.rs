//! The theme's AJAX endpoint, `/wp-admin/admin-ajax.php?action=…` (SPEC §7.2): a table of
//! actions, each a plain async function, and the social feeds' `mercato_load_{feed}`. Unknown
//! actions get WordPress's `0` with a 400.

use std::future::Future;
use std::pin::Pin;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use mercato_core::catalogue::{ProductFamily, product_price_html};
use mercato_db::catalogue::{self as db, ProductOrder, ProductQuery, Visibility};
use serde::Serialize;

use super::cards::Relatives;
use super::listing::load_relatives;
use super::params::clean_search;
use super::{now, urls};
use crate::state::AppState;
use crate::store_ajax::{self, AjaxRequest, Via};

/// An action's future.
pub type AjaxFuture = Pin<Box<dyn Future<Output = Response> + Send>>;

/// One action of the table.
pub struct AjaxAction {
    /// The `action` value.
    pub name: &'static str,
    /// Its handler.
    pub handler: fn(AppState, AjaxRequest) -> AjaxFuture,
}

/// The catalogue's actions. The cart's (`mercato_ajax_cart_item_alter_quantity`) are in the
/// store AJAX table (`store_ajax::answer`), asked first.
pub const ACTIONS: &[AjaxAction] = &[
    AjaxAction {
        name: "mercato_ajax_search_products",
        handler: |state, request| Box::pin(search_products(state, request)),
    },
    AjaxAction {
        name: "mercato_quickview",
        handler: |state, request| Box::pin(super::quick_view::quick_view(state, request)),
    },
];

/// `GET|POST /wp-admin/admin-ajax.php`.
pub async fn dispatch(State(state): State<AppState>, request: AjaxRequest) -> Response {
    let action = request.field("action").unwrap_or("").to_owned();
    let request = match store_ajax::answer(state.clone(), Via::AdminAjax, &action, request).await {
        Ok(answered) => return answered,
        Err(request) => request,
    };
    let action = action.as_str();
    match ACTIONS.iter().find(|a| a.name == action) {
        Some(found) => (found.handler)(state, request).await,
        None if action.starts_with(super::social_feed::ACTION_PREFIX) => {
            let feed = action[super::social_feed::ACTION_PREFIX.len()..].to_owned();
            super::social_feed::load(state, request, feed).await
        }
        None => (
            StatusCode::BAD_REQUEST,
            [
                (header::CONTENT_TYPE, "text/html; charset=UTF-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            "0",
        )
            .into_response(),
    }
}

/// A live search suggestion (SPEC §3.2).
#[derive(Debug, Clone, Serialize)]
pub struct Suggestion {
    /// `product`.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// Product id, or -1 for the "nothing found" entry.
    pub id: i64,
    /// Product name.
    pub value: String,
    /// Product page.
    pub url: String,
    /// Thumbnail.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub img: Option<String>,
    /// Price HTML.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub price: Option<String>,
}

/// Suggestions shown at most.
const MAX_SUGGESTIONS: u32 = 10;
/// Shortest query searched (SPEC §9.7).
const MIN_QUERY_CHARS: usize = 3;

fn suggestions(list: Vec<Suggestion>) -> Response {
    (
        [(header::CACHE_CONTROL, "no-cache")],
        axum::Json(serde_json::json!({ "suggestions": list })),
    )
        .into_response()
}

fn nothing_found() -> Response {
    suggestions(vec![Suggestion {
        kind: None,
        id: -1,
        value: "No products found.".to_owned(),
        url: "#".to_owned(),
        img: None,
        price: None,
    }])
}

/// `mercato_ajax_search_products`: `query`, optional `product_cat`.
async fn search_products(state: AppState, request: AjaxRequest) -> Response {
    let Some(term) = request.field("query").and_then(clean_search) else {
        return nothing_found();
    };
    if term.chars().count() < MIN_QUERY_CHARS {
        return nothing_found();
    }
    let mut query = ProductQuery {
        visibility: Visibility::Search,
        hide_out_of_stock: state.settings.catalogue.hide_out_of_stock,
        search: Some(term),
        order: ProductOrder::Relevance,
        page: 1,
        per_page: MAX_SUGGESTIONS,
        ..ProductQuery::default()
    };
    if let Some(slug) = request
        .field("product_cat")
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        match db::load_taxonomy(&state.db).await {
            Ok(taxonomy) => {
                if let Some(category) = taxonomy.categories.by_slug(slug) {
                    query.category_ids = taxonomy
                        .categories
                        .with_descendants(category.id)
                        .into_iter()
                        .map(|c| c.0)
                        .collect();
                }
            }
            Err(e) => return super::server_error(&e, "/wp-admin/admin-ajax.php"),
        }
    }
    let loaded = async {
        let found = db::find_products(&state.db, &query).await?;
        let products = db::products_by_ids(&state.db, &found.ids).await?;
        let relatives = load_relatives(&state.db, &products).await?;
        Ok::<_, mercato_db::DbError>((products, relatives))
    }
    .await;
    let (products, relatives): (_, Relatives) = match loaded {
        Ok(found) => found,
        Err(e) => return super::server_error(&e, "/wp-admin/admin-ajax.php"),
    };
    if products.is_empty() {
        return nothing_found();
    }
    let base = state.config.base_url(&request.headers);
    let now = now();
    let list = products
        .iter()
        .map(|product| {
            let children = relatives.children_of(product);
            let family = ProductFamily::new(product)
                .with_variations(relatives.variations_of(product))
                .with_children(&children)
                .hiding_out_of_stock(state.settings.catalogue.hide_out_of_stock);
            Suggestion {
                kind: Some("product"),
                id: product.id.0,
                value: product.name.clone(),
                url: format!("{base}{}", urls::product(&product.slug)),
                img: product
                    .image
                    .as_ref()
                    .map(|i| absolute(&base, i.thumbnail_src())),
                price: Some(product_price_html(&family, &state.settings.currency, now)),
            }
        })
        .collect();
    suggestions(list)
}

fn absolute(base: &str, src: &str) -> String {
    if src.starts_with('/') && !src.starts_with("//") {
        format!("{base}{src}")
    } else {
        src.to_owned()
    }
}
