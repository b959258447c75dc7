//! `GET /products` (with `Last-Modified`), `GET /products/{id}` and `GET /products/{slug}`.

use axum::extract::rejection::PathRejection;
use axum::extract::{OriginalUri, Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, header};
use mercato_db::catalogue;

use super::error::{ErrorCode, StoreApiError};
use super::listing;
use super::params::{Checker, Params};
use super::product_params::ProductParams;
use super::respond::{Pagination, Reply};
use super::views::{self, Shop};
use crate::compression::Reusable;
use crate::state::AppState;

/// `GET /products`: a page of products with WordPress's pagination headers.
pub async fn list(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let params = Params::from_query(query.as_deref());
    let mut check = Checker::new(&params);
    let wanted = ProductParams::read(&mut check);
    check.finish()?;

    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let resolved = listing::resolve(&state, &wanted, &taxonomy).await?;
    let found = listing::find(&state, &wanted, &resolved).await?;
    let shop = Shop::for_request(&state, &headers);
    let ctx = shop.context(&state);
    let body = views::store_products(&state, &found.entries, &taxonomy, &ctx).await?;
    let pagination = Pagination::of(found.total, wanted.per_page, wanted.page);
    let mut headers = pagination.headers(&shop.base_url, uri.path(), uri.query());
    // WooCommerce's `Last-Modified` here is Unix seconds, not an HTTP date (golden 001): the
    // block client compares it as a number and drops its cached collections when it grows.
    let last_modified = catalogue::last_modified(&state.db).await?;
    if last_modified > 0 {
        headers.insert(header::LAST_MODIFIED, HeaderValue::from(last_modified));
    }
    // The same for every shopper: its compressed bytes are sent again while the catalogue,
    // the minute's sales and the host leave the body as it was (issue 26: compressing 19 KB
    // afresh was half of each request).
    let slot = format!(
        "products {} {}",
        shop.base_url,
        uri.path_and_query().map_or(uri.path(), |p| p.as_str())
    );
    Ok(Reply::ok_with(&body, headers).reusable(Reusable::new(&state.web.answer_memo, slot)))
}

/// `GET /products/{id}` and `GET /products/{slug}`: one product (or variation), whatever
/// its catalogue visibility, if it is published.
pub async fn single(
    State(state): State<AppState>,
    headers: HeaderMap,
    key: Result<Path<String>, PathRejection>,
) -> Result<Reply, StoreApiError> {
    // A key that is not valid text cannot name a product.
    let Ok(Path(key)) = key else {
        return Err(StoreApiError::not_found(ErrorCode::ProductInvalidSlug));
    };
    let entry = if !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()) {
        let id = key.parse::<i64>().unwrap_or(0);
        views::viewable_entry(&state, id)
            .await?
            .ok_or_else(|| StoreApiError::not_found(ErrorCode::ProductInvalidId))?
    } else {
        let product = catalogue::product_by_slug(&state.db, &key)
            .await?
            .filter(|p| p.is_published())
            .ok_or_else(|| StoreApiError::not_found(ErrorCode::ProductInvalidSlug))?;
        views::Entry::Product(Box::new(product))
    };
    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let shop = Shop::for_request(&state, &headers);
    let ctx = shop.context(&state);
    let mut body = views::store_products(&state, &[entry], &taxonomy, &ctx).await?;
    match body.pop() {
        Some(product) => Ok(Reply::ok(&product)),
        None => Err(StoreApiError::internal(
            &"a loaded product produced no view",
        )),
    }
}
