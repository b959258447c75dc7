//! `products/attributes`, `products/attributes/{id}`, `products/attributes/{id}/terms`,
//! `products/categories`, `products/categories/{id}` and `products/tags`.

use axum::extract::rejection::PathRejection;
use axum::extract::{OriginalUri, Path, RawQuery, State};
use axum::http::HeaderMap;
use mercato_core::catalogue::{
    CategoryId, GlobalAttribute, StoreAttributeSummary, StoreCategory, store_attribute_summary,
    store_attribute_term, store_category, store_tag, taxonomy_name,
};
use mercato_db::catalogue::{self, CategoryRollup, Taxonomy};

use super::error::{ErrorCode, StoreApiError};
use super::params::{Checker, Params};
use super::respond::{Pagination, Reply};
use super::term_params::{ATTRIBUTE_TERM_ORDERBY, ORDERBY, TermParams, TermRow, select};
use super::views::Shop;
use crate::state::AppState;

/// A positive id from the path; anything else names nothing.
fn path_id(path: Result<Path<String>, PathRejection>) -> Option<i64> {
    let Path(text) = path.ok()?;
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The attribute as the Store API names it: taxonomy `pa_…`, term count as its `count`.
fn attribute_summary(attribute: &GlobalAttribute) -> StoreAttributeSummary {
    let named = GlobalAttribute {
        slug: taxonomy_name(&attribute.slug),
        terms: Vec::new(),
        ..attribute.clone()
    };
    store_attribute_summary(
        &named,
        u32::try_from(attribute.terms.len()).unwrap_or(u32::MAX),
    )
}

fn find_attribute(taxonomy: &Taxonomy, id: Option<i64>) -> Option<&GlobalAttribute> {
    let id = id?;
    taxonomy.attributes.iter().find(|a| a.id.0 == id)
}

fn with_pagination(
    body: &impl serde::Serialize,
    pagination: Option<Pagination>,
    shop: &Shop,
    uri: &axum::http::Uri,
) -> Reply {
    let headers = pagination
        .map(|p| p.headers(&shop.base_url, uri.path(), uri.query()))
        .unwrap_or_default();
    Reply::ok_with(body, headers)
}

/// `GET /products/attributes`: every global attribute.
pub async fn attributes(State(state): State<AppState>) -> Result<Reply, StoreApiError> {
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let body: Vec<StoreAttributeSummary> =
        taxonomy.attributes.iter().map(attribute_summary).collect();
    Ok(Reply::ok(&body))
}

/// `GET /products/attributes/{id}`.
pub async fn attribute(
    State(state): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> Result<Reply, StoreApiError> {
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let attribute = find_attribute(&taxonomy, path_id(id))
        .ok_or_else(|| StoreApiError::not_found(ErrorCode::AttributeInvalidId))?;
    Ok(Reply::ok(&attribute_summary(attribute)))
}

/// `GET /products/attributes/{id}/terms`.
pub async fn attribute_terms(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    id: Result<Path<String>, PathRejection>,
) -> Result<Reply, StoreApiError> {
    let params = Params::from_query(query.as_deref());
    let mut check = Checker::new(&params);
    let wanted = TermParams::read(&mut check, ATTRIBUTE_TERM_ORDERBY, false);
    check.finish()?;
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let attribute = find_attribute(&taxonomy, path_id(id))
        .ok_or_else(|| StoreApiError::not_found(ErrorCode::TaxonomyInvalid))?;
    let rows = attribute
        .terms
        .iter()
        .map(|term| TermRow {
            id: term.id.0,
            name: term.name.clone(),
            slug: term.slug.clone(),
            count: term.count,
            menu_order: term.menu_order,
            parent: 0,
            item: store_attribute_term(term),
        })
        .collect();
    let (body, pagination) = select(rows, &wanted);
    let shop = Shop::for_request(&state, &headers);
    Ok(with_pagination(&body, pagination, &shop, &uri))
}

/// A category with its products and reviews counted with those of its descendants.
fn category_view(
    taxonomy: &Taxonomy,
    id: CategoryId,
    rollup: CategoryRollup,
    shop: &Shop,
    state: &AppState,
) -> Option<StoreCategory> {
    let mut view = store_category(
        &taxonomy.categories,
        id,
        rollup.review_count,
        &shop.context(state),
    )?;
    view.count = rollup.count;
    Some(view)
}

/// `GET /products/categories`.
pub async fn categories(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let params = Params::from_query(query.as_deref());
    let mut check = Checker::new(&params);
    let wanted = TermParams::read(&mut check, ORDERBY, true);
    check.finish()?;
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let rollups = catalogue::category_rollups(&state.db).await?;
    let shop = Shop::for_request(&state, &headers);
    let rows = taxonomy
        .categories
        .all()
        .iter()
        .filter_map(|c| {
            let rollup = rollups.get(&c.id.0).copied().unwrap_or_default();
            let view = category_view(&taxonomy, c.id, rollup, &shop, &state)?;
            Some(TermRow {
                id: c.id.0,
                name: c.name.clone(),
                slug: c.slug.clone(),
                count: rollup.count,
                menu_order: c.menu_order,
                parent: view.parent,
                item: view,
            })
        })
        .collect();
    let (body, pagination) = select(rows, &wanted);
    Ok(with_pagination(&body, pagination, &shop, &uri))
}

/// `GET /products/categories/{id}`.
pub async fn category(
    State(state): State<AppState>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
) -> Result<Reply, StoreApiError> {
    let not_found = || StoreApiError::not_found(ErrorCode::CategoryInvalidId);
    let id = CategoryId(path_id(id).ok_or_else(not_found)?);
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    if taxonomy.categories.get(id).is_none() {
        return Err(not_found());
    }
    let rollups = catalogue::category_rollups(&state.db).await?;
    let rollup = rollups.get(&id.0).copied().unwrap_or_default();
    let shop = Shop::for_request(&state, &headers);
    let view = category_view(&taxonomy, id, rollup, &shop, &state).ok_or_else(not_found)?;
    Ok(Reply::ok(&view))
}

/// `GET /products/tags`.
pub async fn tags(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let params = Params::from_query(query.as_deref());
    let mut check = Checker::new(&params);
    let wanted = TermParams::read(&mut check, ORDERBY, false);
    check.finish()?;
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let rows = taxonomy
        .tags
        .iter()
        .map(|tag| TermRow {
            id: tag.id.0,
            name: tag.name.clone(),
            slug: tag.slug.clone(),
            count: tag.count,
            menu_order: 0,
            parent: 0,
            item: store_tag(tag),
        })
        .collect();
    let (body, pagination) = select(rows, &wanted);
    let shop = Shop::for_request(&state, &headers);
    Ok(with_pagination(&body, pagination, &shop, &uri))
}
