//! From checked `/products` parameters to the storage query: categories, tags and
//! attributes looked up, visibility and order chosen, and whether anything can match at all.

use mercato_core::catalogue::{CategoryId, StockStatus};
use mercato_core::settings::ShopSettings;
use mercato_db::DbResult;
use mercato_db::catalogue::{
    self, AttributeFilter, ProductOrder, ProductQuery, StoredRecord, Taxonomy, Visibility,
};

use super::params::php_integer;
use super::product_params::{AttributeParam, AttributeTerms, Operator, ProductParams, TermFilter};
use crate::state::AppState;

/// A storage query, or the knowledge that nothing can match (an unknown category, an
/// impossible parent, `catalog_visibility=hidden` ...).
#[derive(Debug, Clone, Default)]
pub struct Resolved {
    /// The query for products.
    pub query: ProductQuery,
    /// No product can match.
    pub nothing: bool,
    /// Variations whose SKU was asked for (WooCommerce lists them beside products).
    pub sku_variations: Vec<i64>,
}

fn stock_status(name: &str) -> StockStatus {
    match name {
        "outofstock" => StockStatus::OutOfStock,
        "onbackorder" => StockStatus::OnBackorder,
        _ => StockStatus::InStock,
    }
}

fn order_of(params: &ProductParams) -> (ProductOrder, Option<bool>) {
    let ascending = Some(params.order == "asc");
    match params.orderby {
        "modified" => (ProductOrder::Modified, ascending),
        "id" | "include" => (ProductOrder::Id, ascending),
        "title" => (ProductOrder::Title, ascending),
        "slug" => (ProductOrder::Slug, ascending),
        "menu_order" => (ProductOrder::MenuOrder, ascending),
        "comment_count" => (ProductOrder::ReviewCount, ascending),
        // As WooCommerce's catalogue ordering: price follows `order`; popularity, rating
        // and relevance are always best first.
        "price" if params.order == "asc" => (ProductOrder::Price, None),
        "price" => (ProductOrder::PriceDesc, None),
        "popularity" => (ProductOrder::Popularity, None),
        "rating" => (ProductOrder::Rating, None),
        "relevance" => (ProductOrder::Relevance, None),
        _ => (ProductOrder::Date, ascending),
    }
}

/// Category ids for the refs that name a category (by id or slug), each with its descendants.
fn category_sets(taxonomy: &Taxonomy, filter: &TermFilter) -> Vec<Option<Vec<i64>>> {
    let tree = &taxonomy.categories;
    filter
        .refs
        .iter()
        .map(|r| {
            let found = match php_integer(r) {
                Some(id) => tree.get(CategoryId(id)),
                None => tree.by_slug(r),
            };
            found.map(|c| {
                tree.with_descendants(c.id)
                    .into_iter()
                    .map(|id| id.0)
                    .collect()
            })
        })
        .collect()
}

fn tag_ids(taxonomy: &Taxonomy, filter: &TermFilter) -> Vec<Option<i64>> {
    filter
        .refs
        .iter()
        .map(|r| {
            let found = match php_integer(r) {
                Some(id) => taxonomy.tags.iter().find(|t| t.id.0 == id),
                None => taxonomy.tag_by_slug(r),
            };
            found.map(|t| t.id.0)
        })
        .collect()
}

/// What a term filter asks for, once its terms are looked up.
enum TermMatch<T> {
    /// No terms named: no filter.
    Unfiltered,
    /// Terms that cannot all be found: nothing matches.
    Impossible,
    /// `in`: any of these.
    Any(Vec<T>),
    /// `and`: each of these.
    Each(Vec<T>),
    /// `not_in`: none of these.
    NoneOf(Vec<T>),
}

/// `found` holds one entry per named term, `None` where the term does not exist.
fn match_terms<T>(found: Vec<Option<T>>, operator: Operator) -> TermMatch<T> {
    if found.is_empty() {
        return TermMatch::Unfiltered;
    }
    let all_known = found.iter().all(Option::is_some);
    let known: Vec<T> = found.into_iter().flatten().collect();
    match operator {
        Operator::In if known.is_empty() => TermMatch::Impossible,
        Operator::In => TermMatch::Any(known),
        Operator::And if !all_known => TermMatch::Impossible,
        Operator::And => TermMatch::Each(known),
        Operator::NotIn => TermMatch::NoneOf(known),
    }
}

/// Adds one `attributes` entry to `query`; false when nothing can match.
fn apply_attribute(taxonomy: &Taxonomy, param: &AttributeParam, query: &mut ProductQuery) -> bool {
    let attribute = match php_integer(&param.taxonomy) {
        Some(id) => taxonomy.attributes.iter().find(|a| a.id.0 == id),
        None => taxonomy.attribute_by_slug(&param.taxonomy),
    };
    // WooCommerce skips filters on attributes that do not exist, and empty ones.
    let Some(attribute) = attribute else {
        return true;
    };
    let found: Vec<Option<i64>> = match &param.terms {
        AttributeTerms::Ids(ids) => ids
            .iter()
            .map(|id| {
                attribute
                    .terms
                    .iter()
                    .find(|t| t.id.0 == *id)
                    .map(|t| t.id.0)
            })
            .collect(),
        AttributeTerms::Slugs(slugs) => slugs
            .iter()
            .map(|slug| attribute.term_by_slug(slug).map(|t| t.id.0))
            .collect(),
    };
    let attribute_id = attribute.id.0;
    match match_terms(found, param.operator) {
        TermMatch::Unfiltered => {}
        TermMatch::Impossible => return false,
        TermMatch::Any(term_ids) => query.attributes.push(AttributeFilter {
            attribute_id,
            term_ids,
            all: false,
        }),
        TermMatch::Each(term_ids) => query.attributes.push(AttributeFilter {
            attribute_id,
            term_ids,
            all: true,
        }),
        TermMatch::NoneOf(term_ids) => query.exclude_term_ids.extend(term_ids),
    }
    true
}

/// Keeps only the ids in both lists; `current` empty means "no restriction yet".
fn narrow(current: &mut Vec<i64>, allowed: &[i64]) {
    if current.is_empty() {
        *current = allowed.to_vec();
    } else {
        current.retain(|id| allowed.contains(id));
    }
}

/// Turns the parameters into a storage query.
pub async fn resolve(
    state: &AppState,
    params: &ProductParams,
    taxonomy: &Taxonomy,
) -> DbResult<Resolved> {
    let settings: &ShopSettings = &state.settings;
    let (order, ascending) = order_of(params);
    let mut query = ProductQuery {
        visibility: match params.catalog_visibility {
            Some("visible") => Visibility::Everywhere,
            Some("catalog") => Visibility::Catalogue,
            Some("search") => Visibility::Search,
            Some("hidden") => Visibility::HiddenOnly,
            // `any`, or not asked: every published product, hidden ones too, as WooCommerce
            // lists and counts them (golden 001: `X-WP-Total` counts the sample catalogue's
            // hidden Hoodie with Pocket). Clients that list for shoppers ask for `catalog`.
            _ => Visibility::AnyPublished,
        },
        // The shop's "hide out of stock" applies unless the client asks for statuses.
        hide_out_of_stock: settings.catalogue.hide_out_of_stock && params.stock_status.is_empty(),
        search: params.search.clone(),
        min_price: params.min_price,
        max_price: params.max_price,
        ratings: params
            .rating
            .iter()
            .filter_map(|r| u8::try_from(*r).ok())
            .filter(|r| (1..=5).contains(r))
            .collect(),
        stock_statuses: params
            .stock_status
            .iter()
            .map(|s| stock_status(s))
            .collect(),
        on_sale: params.on_sale,
        featured: params.featured,
        kinds: params
            .kind
            .filter(|k| *k != "variation")
            .map(|k| vec![k.to_owned()])
            .unwrap_or_default(),
        include: params.include.clone(),
        exclude: params.exclude.clone(),
        order,
        ascending,
        page: u32::try_from(params.page).unwrap_or(u32::MAX),
        per_page: u32::try_from(params.per_page).unwrap_or(100),
        ..ProductQuery::default()
    };
    let mut possible = true;
    // Products have no parent (0); only `type=variation` lists children of a product.
    if params.kind != Some("variation") {
        possible &= params.parent.is_empty() || params.parent.contains(&0);
        possible &= !params.parent_exclude.contains(&0);
    }
    possible &= params.rating.is_empty() || !query.ratings.is_empty();
    match match_terms(
        category_sets(taxonomy, &params.categories),
        params.categories.operator,
    ) {
        TermMatch::Unfiltered => {}
        TermMatch::Impossible => possible = false,
        TermMatch::Any(sets) => query.category_ids = sets.concat(),
        TermMatch::Each(sets) => query.category_sets = sets,
        TermMatch::NoneOf(sets) => query.exclude_category_ids = sets.concat(),
    }
    match match_terms(tag_ids(taxonomy, &params.tags), params.tags.operator) {
        TermMatch::Unfiltered => {}
        TermMatch::Impossible => possible = false,
        TermMatch::Any(ids) => query.tag_ids = ids,
        TermMatch::Each(ids) => query.all_tag_ids = ids,
        TermMatch::NoneOf(ids) => query.exclude_tag_ids = ids,
    }
    for attribute in &params.attributes {
        possible &= apply_attribute(taxonomy, attribute, &mut query);
    }

    let mut sku_variations = Vec::new();
    if !params.slugs.is_empty() {
        let mut ids = Vec::new();
        for slug in &params.slugs {
            ids.extend(
                catalogue::product_by_slug(&state.db, slug)
                    .await?
                    .map(|p| p.id.0),
            );
        }
        possible &= !ids.is_empty();
        narrow(&mut query.include, &ids);
    }
    if !params.skus.is_empty() {
        let mut ids = Vec::new();
        for sku in &params.skus {
            match catalogue::product_by_sku(&state.db, sku).await? {
                Some(StoredRecord::Product(p)) => ids.push(p.id.0),
                Some(StoredRecord::Variation(v)) => sku_variations.push(v.id.0),
                None => {}
            }
        }
        possible &= !ids.is_empty();
        narrow(&mut query.include, &ids);
    }
    possible &= params.include.is_empty() || !query.include.is_empty();
    Ok(Resolved {
        query,
        nothing: !possible,
        sku_variations,
    })
}
