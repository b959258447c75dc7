//! `GET /products/collection-data`: price range and filter counts for the products the
//! `/products` parameters select, as the filter blocks ask for them.

use axum::extract::{RawQuery, State};
use mercato_core::catalogue::{GlobalAttribute, StockStatus};
use mercato_core::money::{CurrencyFields, Money};
use mercato_db::DbResult;
use mercato_db::catalogue::{self, Facets, ProductQuery, Taxonomy};
use serde::Serialize;

use super::error::StoreApiError;
use super::listing::{self, Resolved};
use super::params::{Checker, Invalid, Param, Params, as_choice, as_text, php_integer};
use super::product_params::ProductParams;
use super::respond::Reply;
use crate::state::AppState;

/// At most this many `calculate_attribute_counts` entries (WooCommerce's limit).
const MAX_COUNTED_ATTRIBUTES: usize = 25;

#[derive(Debug, Serialize)]
struct CollectionData {
    price_range: Option<PriceRange>,
    attribute_counts: Option<Vec<TermCount>>,
    rating_counts: Option<Vec<RatingCount>>,
    stock_status_counts: Option<Vec<StockCount>>,
}

#[derive(Debug, Serialize)]
struct PriceRange {
    min_price: String,
    max_price: String,
    #[serde(flatten)]
    currency: CurrencyFields,
}

#[derive(Debug, Serialize)]
struct TermCount {
    term: i64,
    count: i64,
}

#[derive(Debug, Serialize)]
struct RatingCount {
    rating: u8,
    count: i64,
}

#[derive(Debug, Serialize)]
struct StockCount {
    status: &'static str,
    count: i64,
}

/// One `calculate_attribute_counts` entry: which attribute, and whether its own filter is
/// left out of its counts (`or`, the default) or kept (`and`).
#[derive(Debug, Clone)]
struct CountRequest {
    taxonomy: String,
    keep_own_filter: bool,
}

fn count_request(fields: &[(String, Param)], path: &str) -> Result<CountRequest, Invalid> {
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    let taxonomy = match field("taxonomy") {
        Some(value) => as_text(value, &format!("{path}[taxonomy]"))?
            .trim()
            .to_lowercase(),
        None => String::new(),
    };
    let keep_own_filter = match field("query_type") {
        Some(value) => as_choice(value, &format!("{path}[query_type]"), &["and", "or"])? == "and",
        None => false,
    };
    Ok(CountRequest {
        taxonomy,
        keep_own_filter,
    })
}

/// `GET /products/collection-data`.
pub async fn get(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let params = Params::from_query(query.as_deref());
    let mut check = Checker::new(&params);
    let wanted = ProductParams::read(&mut check);
    let price_range = check.boolean("calculate_price_range").unwrap_or(false);
    let stock_counts = check
        .boolean("calculate_stock_status_counts")
        .unwrap_or(false);
    let rating_counts = check.boolean("calculate_rating_counts").unwrap_or(false);
    let attribute_counts = check.object_list(
        "calculate_attribute_counts",
        MAX_COUNTED_ATTRIBUTES,
        count_request,
    );
    let attributes_requested = params.get("calculate_attribute_counts").is_some();
    check.finish()?;

    let taxonomy = catalogue::load_taxonomy(&state.db).await?;
    let resolved = listing::resolve(&state, &wanted, &taxonomy).await?;
    let mut data = CollectionData {
        price_range: None,
        attribute_counts: None,
        rating_counts: None,
        stock_status_counts: None,
    };
    let counts = Counter {
        state: &state,
        resolved: &resolved,
    };
    if price_range {
        let currency = &state.settings.currency;
        data.price_range = counts
            .all()
            .await?
            .price_range
            .map(|(min, max)| PriceRange {
                min_price: Money::from_minor(min).to_minor_string(),
                max_price: Money::from_minor(max).to_minor_string(),
                currency: currency.fields(),
            });
    }
    if attributes_requested {
        data.attribute_counts = Some(term_counts(&counts, &taxonomy, &attribute_counts).await?);
    }
    if rating_counts {
        let unrated = ProductQuery {
            ratings: Vec::new(),
            ..resolved.query.clone()
        };
        let mut ratings: Vec<RatingCount> = counts
            .with(unrated)
            .await?
            .ratings
            .into_iter()
            .map(|(rating, count)| RatingCount { rating, count })
            .collect();
        ratings.sort_by_key(|r| r.rating);
        data.rating_counts = Some(ratings);
    }
    if stock_counts {
        // Counted without the stock filter, so every status shows what choosing it gives.
        let any_stock = ProductQuery {
            stock_statuses: Vec::new(),
            hide_out_of_stock: false,
            ..resolved.query.clone()
        };
        let facets = counts.with(any_stock).await?;
        let hide = state.settings.catalogue.hide_out_of_stock;
        data.stock_status_counts = Some(
            [
                StockStatus::InStock,
                StockStatus::OutOfStock,
                StockStatus::OnBackorder,
            ]
            .into_iter()
            .filter(|s| !(hide && *s == StockStatus::OutOfStock))
            .map(|s| StockCount {
                status: s.as_str(),
                count: facets.stock.get(s.as_str()).copied().unwrap_or(0),
            })
            .collect(),
        );
    }
    Ok(Reply::ok(&data))
}

/// Facets of the resolved query or a variant of it; nothing counted when nothing matches.
struct Counter<'a> {
    state: &'a AppState,
    resolved: &'a Resolved,
}

impl Counter<'_> {
    async fn with(&self, query: ProductQuery) -> DbResult<Facets> {
        if self.resolved.nothing {
            return Ok(Facets::default());
        }
        catalogue::facets(&self.state.db, &query).await
    }

    async fn all(&self) -> DbResult<Facets> {
        self.with(self.resolved.query.clone()).await
    }
}

fn find_attribute<'t>(taxonomy: &'t Taxonomy, name: &str) -> Option<&'t GlobalAttribute> {
    match php_integer(name) {
        Some(id) => taxonomy.attributes.iter().find(|a| a.id.0 == id),
        None => taxonomy.attribute_by_slug(name),
    }
}

/// Term counts per requested attribute: `or` attributes first (each counted without its own
/// filter), then `and` attributes (counted with every filter), as WooCommerce lists them.
async fn term_counts(
    counts: &Counter<'_>,
    taxonomy: &Taxonomy,
    requests: &[CountRequest],
) -> DbResult<Vec<TermCount>> {
    let mut or_attributes: Vec<&GlobalAttribute> = Vec::new();
    let mut and_attributes: Vec<&GlobalAttribute> = Vec::new();
    for request in requests {
        let Some(attribute) = find_attribute(taxonomy, &request.taxonomy) else {
            continue;
        };
        let list = if request.keep_own_filter {
            &mut and_attributes
        } else {
            &mut or_attributes
        };
        if !list.iter().any(|a| a.id == attribute.id) {
            list.push(attribute);
        }
    }
    let mut out = Vec::new();
    if !or_attributes.is_empty() {
        // Storage counts a filtered attribute's terms without that attribute's own filter.
        let facets = counts.all().await?;
        push_counts(&mut out, &facets, &or_attributes);
    }
    if !and_attributes.is_empty() {
        // Storage leaves out the own filter of every attribute it sees filtered; filters of
        // `and` attributes are handed over under an id no attribute has, so they stay.
        let mut query = counts.resolved.query.clone();
        for filter in &mut query.attributes {
            if and_attributes.iter().any(|a| a.id.0 == filter.attribute_id) {
                filter.attribute_id = -filter.attribute_id.abs() - 1;
            }
        }
        let facets = counts.with(query).await?;
        push_counts(&mut out, &facets, &and_attributes);
    }
    Ok(out)
}

fn push_counts(out: &mut Vec<TermCount>, facets: &Facets, attributes: &[&GlobalAttribute]) {
    for attribute in attributes {
        let mut terms: Vec<TermCount> = attribute
            .terms
            .iter()
            .filter_map(|t| {
                let count = facets.terms.get(&t.id.0).copied().unwrap_or(0);
                (count > 0).then_some(TermCount {
                    term: t.id.0,
                    count,
                })
            })
            .collect();
        terms.sort_by_key(|t| t.term);
        out.extend(terms);
    }
}
