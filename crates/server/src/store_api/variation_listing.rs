//! `GET /products?type=variation`: variations listed as products, optionally of given
//! parents. Variations live beside their parent's record, so they are filtered and paged
//! here rather than in the listing query.

use mercato_core::catalogue::{Product, ProductId, StockStatus, Variation};
use mercato_db::DbResult;
use mercato_db::catalogue::{self, ProductQuery};

use super::listing::{Listing, Resolved, is_listed_variable};
use super::product_params::ProductParams;
use super::views::Entry;
use crate::state::AppState;

/// The page of variations `params` asks for. Filters that concern variations apply
/// (`include`, `exclude`, `sku`, `parent`, `parent_exclude`, `stock_status`, `on_sale`,
/// `min_price`, `max_price`); they are ordered by price for `orderby=price`, else by id.
pub async fn find(
    state: &AppState,
    params: &ProductParams,
    resolved: &Resolved,
) -> DbResult<Listing> {
    if params.catalog_visibility == Some("hidden") {
        return Ok(Listing::default());
    }
    let parent_ids: Vec<ProductId> = if params.parent.is_empty() {
        let variable = ProductQuery {
            visibility: resolved.query.visibility,
            kinds: vec!["variable".to_owned()],
            per_page: 0,
            ..ProductQuery::default()
        };
        catalogue::find_products(&state.db, &variable).await?.ids
    } else {
        params.parent.iter().map(|id| ProductId(*id)).collect()
    };
    let parents: Vec<Product> = catalogue::products_by_ids(&state.db, &parent_ids)
        .await?
        .into_iter()
        .filter(|p| is_listed_variable(p) && !params.parent_exclude.contains(&p.id.0))
        .collect();
    let ids: Vec<ProductId> = parents.iter().map(|p| p.id).collect();
    let at = state.clock.now();
    let mut found: Vec<(Variation, &Product)> = catalogue::variations_of_many(&state.db, &ids)
        .await?
        .into_iter()
        .filter_map(|v| {
            let parent = parents.iter().find(|p| p.id == v.parent_id)?;
            matches(params, &v, parent, at).then_some((v, parent))
        })
        .collect();
    let price = |v: &Variation| v.current_price(at).map_or(i64::MAX, |m| m.minor());
    if params.orderby == "price" {
        found.sort_by_key(|(v, _)| (price(v), v.id));
    } else {
        found.sort_by_key(|(v, _)| v.id);
    }
    let best_first = matches!(params.orderby, "popularity" | "rating");
    if params.order == "desc" || best_first {
        found.reverse();
    }
    let total = i64::try_from(found.len()).unwrap_or(i64::MAX);
    let start = params
        .offset
        .unwrap_or_else(|| (params.page - 1).saturating_mul(params.per_page));
    let entries = found
        .into_iter()
        .skip(usize::try_from(start).unwrap_or(usize::MAX))
        .take(usize::try_from(params.per_page).unwrap_or(100))
        .map(|(variation, parent)| Entry::Variation {
            variation: Box::new(variation),
            parent: Box::new(parent.clone()),
        })
        .collect();
    Ok(Listing { entries, total })
}

fn matches(params: &ProductParams, v: &Variation, parent: &Product, at: i64) -> bool {
    let id = v.id.0;
    let stock = v.effective_stock(parent).status();
    let price = v.current_price(at).map(|m| m.minor());
    let status_name = |s: StockStatus| s.as_str();
    v.is_visible()
        && (params.include.is_empty() || params.include.contains(&id))
        && !params.exclude.contains(&id)
        && (params.skus.is_empty() || params.skus.contains(&v.sku))
        && (params.stock_status.is_empty() || params.stock_status.contains(&status_name(stock)))
        && params
            .on_sale
            .is_none_or(|wanted| v.is_on_sale(at) == wanted)
        && params
            .min_price
            .is_none_or(|min| price.is_some_and(|p| p >= min))
        && params
            .max_price
            .is_none_or(|max| price.is_some_and(|p| p <= max))
}
