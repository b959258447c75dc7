//! `GET /products` (with `Last-Modified`), `GET /products/{id}` and `GET /products/{slug}`.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{OriginalUri, Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, header};
use bytes::Bytes;
use mercato_db::catalogue;

use super::error::{ErrorCode, StoreApiError};
use super::listing;
use super::params::{Checker, Params};
use super::product_params::ProductParams;
use super::respond::{Pagination, Reply};
use super::views::{self, Shop};
use crate::answer_cache::{AnswerKey, KeptBody};
use crate::compression::Reusable;
use crate::state::AppState;

/// `GET /products`: a page of products with WordPress's pagination headers.
///
/// The answer is the same for every shopper: it is kept whole
/// ([`crate::answer_cache::AnswerCache`]) under the catalogue version, the shop's base URL
/// and the path and query, until a sale among its products starts or ends (or its minute
/// ends), and sent again from there.
pub async fn list(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let shop = Shop::for_request(&state, &headers);
    let target = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    let key = answer_key(&state, &shop, target).await;
    // The same for every shopper: its compressed bytes are sent again while the body is as
    // it was (issue 26: compressing 19 KB afresh was half of each request).
    let slot = format!("products {} {target}", shop.base_url);
    let reusable = Reusable::new(&state.web.answer_memo, slot);
    let cache = &state.web.answer_cache;
    if let Some(kept) = key.as_ref().and_then(|key| cache.get(key, shop.now)) {
        return Ok(
            Reply::ok_serialised(kept.body.clone(), kept.headers.clone()).reusable(reusable),
        );
    }

    let params = Params::from_query(query.as_deref());
    let mut check = Checker::new(&params);
    let wanted = ProductParams::read(&mut check);
    check.finish()?;

    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let resolved = listing::resolve(&state, &wanted, &taxonomy).await?;
    let found = listing::find(&state, &wanted, &resolved).await?;
    let ctx = shop.context(&state);
    let views = views::store_products_timed(&state, &found.entries, &taxonomy, &ctx).await?;
    let pagination = Pagination::of(found.total, wanted.per_page, wanted.page);
    let mut route_headers = pagination.headers(&shop.base_url, uri.path(), uri.query());
    // WooCommerce's `Last-Modified` here is Unix seconds, not an HTTP date (golden 001): the
    // block client compares it as a number and drops its cached collections when it grows.
    let last_modified = catalogue::last_modified(&state.db).await?;
    if last_modified > 0 {
        route_headers.insert(header::LAST_MODIFIED, HeaderValue::from(last_modified));
    }
    let body = Bytes::from(
        serde_json::to_vec(&views.products).map_err(|error| StoreApiError::internal(&error))?,
    );
    // A listing of variations is filtered and sorted by every variation's price at this
    // second, not only the listed ones': it is made afresh each time.
    if wanted.kind != Some("variation")
        && let Some(key) = key
    {
        let kept = KeptBody::new(
            body.clone(),
            route_headers.clone(),
            shop.now,
            views.changes_at,
        );
        cache.put(key, Arc::new(kept));
    }
    Ok(Reply::ok_serialised(body, route_headers).reusable(reusable))
}

/// `GET /products/{id}` and `GET /products/{slug}`: one product (or variation), whatever
/// its catalogue visibility, if it is published. Kept whole like a collection ([`list`]).
pub async fn single(
    State(state): State<AppState>,
    OriginalUri(uri): OriginalUri,
    headers: HeaderMap,
    key: Result<Path<String>, PathRejection>,
) -> Result<Reply, StoreApiError> {
    // A key that is not valid text cannot name a product.
    let Ok(Path(key)) = key else {
        return Err(StoreApiError::not_found(ErrorCode::ProductInvalidSlug));
    };
    let shop = Shop::for_request(&state, &headers);
    let target = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    let kept_key = answer_key(&state, &shop, target).await;
    let cache = &state.web.answer_cache;
    if let Some(kept) = kept_key.as_ref().and_then(|k| cache.get(k, shop.now)) {
        return Ok(Reply::ok_serialised(
            kept.body.clone(),
            kept.headers.clone(),
        ));
    }
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
    let ctx = shop.context(&state);
    let mut views = views::store_products_timed(&state, &[entry], &taxonomy, &ctx).await?;
    let Some(product) = views.products.pop() else {
        return Err(StoreApiError::internal(
            &"a loaded product produced no view",
        ));
    };
    let body =
        Bytes::from(serde_json::to_vec(&product).map_err(|error| StoreApiError::internal(&error))?);
    if let Some(kept_key) = kept_key {
        let kept = KeptBody::new(body.clone(), HeaderMap::new(), shop.now, views.changes_at);
        cache.put(kept_key, Arc::new(kept));
    }
    Ok(Reply::ok_serialised(body, HeaderMap::new()))
}

/// Where the answer to `target` is kept, at the catalogue version read now (before the
/// answer is made: an answer made from a newer catalogue than its key says is only made
/// again sooner, never the other way round); `None` when it is not kept.
async fn answer_key(state: &AppState, shop: &Shop, target: &str) -> Option<AnswerKey> {
    match catalogue::cached_version(&state.db).await {
        Ok(version) => AnswerKey::new(version, &shop.base_url, target),
        Err(error) => {
            tracing::warn!(error = %error, "catalogue version unreadable: answer not kept");
            None
        }
    }
}
