//! Listing pages: the shop, categories, tags and search results. Each is loaded by
//! [`load_listing`] in a fixed handful of queries and rendered by `listing_view`.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::catalogue::{CategoryId, Product, SwatchSettings, TagId};
use mercato_db::catalogue::{self as db, Facets, ProductQuery, Taxonomy, Visibility};
use mercato_db::{Db, DbResult};

use super::cards::{self, Relatives};
use super::listing_view::render_listing;
use super::params::{ListingFilters, SortOption};
use super::{redirect_found, redirect_permanent, urls, with_slash};
use crate::input::query_pairs;
use crate::layout::{self, PageResult, Shopper};
use crate::page_cache::{Lookup, PageKey};
use crate::state::AppState;

/// Which listing a URL names, before the database is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListingTarget {
    /// `/shop/`.
    Shop,
    /// `/product-category/a/b/`: the slugs of the path.
    Category(Vec<String>),
    /// `/product-tag/x/`.
    Tag(String),
    /// `/?s=...&post_type=product`.
    Search,
}

/// The listing a target turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every listed product.
    Shop,
    /// A category and its descendants.
    Category(CategoryId),
    /// A tag.
    Tag(TagId),
    /// Search results.
    Search,
}

/// Everything a listing page shows.
#[derive(Debug, Clone)]
pub struct ListingData {
    /// The shop's taxonomy.
    pub taxonomy: Taxonomy,
    /// What is listed.
    pub scope: Scope,
    /// The filters read from the URL.
    pub filters: ListingFilters,
    /// Page number, from 1.
    pub page: u32,
    /// Matching products in all.
    pub total: i64,
    /// This page's products, in order.
    pub products: Vec<Product>,
    /// Their variations and grouped children.
    pub relatives: Relatives,
    /// Counts for the sidebar.
    pub facets: Facets,
    /// How attributes are shown, cards' swatches included (the `swatches` option).
    pub swatches: SwatchSettings,
}

/// What loading a listing found.
#[derive(Debug, Clone)]
pub enum Loaded {
    /// A page to render.
    Page(Box<ListingData>),
    /// No such category, tag or page.
    NotFound,
    /// The listing lives at another URL.
    Redirect(String),
}

/// Loads listing `target` at `page` for the query `pairs`.
pub async fn load_listing(
    state: &AppState,
    target: &ListingTarget,
    page: u32,
    pairs: &[(String, String)],
) -> DbResult<Loaded> {
    let db: &Db = &state.db;
    let settings = &state.settings;
    let taxonomy = db::load_taxonomy(db).await?;
    let scope = match target {
        ListingTarget::Shop => Scope::Shop,
        ListingTarget::Search => Scope::Search,
        ListingTarget::Tag(slug) => match taxonomy.tag_by_slug(slug) {
            Some(tag) => Scope::Tag(tag.id),
            None => return Ok(Loaded::NotFound),
        },
        ListingTarget::Category(slugs) => {
            let Some(category) = slugs.last().and_then(|s| taxonomy.categories.by_slug(s)) else {
                return Ok(Loaded::NotFound);
            };
            let canonical = taxonomy.categories.slug_path(category.id);
            if canonical != slugs.join("/") {
                let path = urls::paged(&urls::category(&canonical), page);
                return Ok(Loaded::Redirect(urls::with_query(&path, pairs)));
            }
            Scope::Category(category.id)
        }
    };
    let filters = ListingFilters::from_pairs(pairs, &taxonomy, &settings.currency);
    let mut query = ProductQuery {
        visibility: if scope == Scope::Search {
            Visibility::Search
        } else {
            Visibility::Catalogue
        },
        hide_out_of_stock: settings.catalogue.hide_out_of_stock,
        page,
        per_page: settings.products_per_page.max(1),
        ..ProductQuery::default()
    };
    filters.apply(&mut query, default_sort(scope));
    match scope {
        Scope::Category(id) => query.category_ids = ids(taxonomy.categories.with_descendants(id)),
        Scope::Tag(id) => query.tag_ids = vec![id.0],
        Scope::Search => {
            if let Some(category) = filters
                .search_category
                .as_deref()
                .and_then(|s| taxonomy.categories.by_slug(s))
            {
                query.category_ids = ids(taxonomy.categories.with_descendants(category.id));
            }
        }
        Scope::Shop => {}
    }
    let found = db::find_products(db, &query).await?;
    if page > 1 && found.ids.is_empty() {
        return Ok(Loaded::NotFound);
    }
    let products = db::products_by_ids(db, &found.ids).await?;
    let relatives = load_relatives(db, &products).await?;
    let facets = db::facets(db, &ProductQuery { page: 1, ..query }).await?;
    let swatches = mercato_db::options::get_recent::<SwatchSettings>(db, SwatchSettings::OPTION)
        .await?
        .unwrap_or_default();
    Ok(Loaded::Page(Box::new(ListingData {
        taxonomy,
        scope,
        filters,
        page,
        total: found.total,
        products,
        relatives,
        facets,
        swatches,
    })))
}

/// The variations and grouped children that pricing `products` needs: at most two queries.
pub async fn load_relatives(db: &Db, products: &[Product]) -> DbResult<Relatives> {
    let variable = cards::variable_ids(products);
    let variations = if variable.is_empty() {
        Vec::new()
    } else {
        db::variations_of_many(db, &variable).await?
    };
    let child_ids = cards::grouped_child_ids(products);
    let children = if child_ids.is_empty() {
        Vec::new()
    } else {
        db::products_by_ids(db, &child_ids).await?
    };
    Ok(Relatives {
        variations: cards::group_variations(variations),
        children,
    })
}

fn ids(list: Vec<CategoryId>) -> Vec<i64> {
    list.into_iter().map(CategoryId::get).collect()
}

pub(super) fn default_sort(scope: Scope) -> SortOption {
    if scope == Scope::Search {
        SortOption::Relevance
    } else {
        SortOption::MenuOrder
    }
}

/// `GET /shop/`.
pub async fn shop(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
) -> PageResult {
    listing(
        &state,
        &shopper,
        &jar,
        &headers,
        &uri,
        ListingTarget::Shop,
        1,
    )
    .await
}

/// `GET /shop/page/{n}/`.
pub async fn shop_page(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(n): Path<String>,
) -> PageResult {
    match parse_page(&n) {
        Some(1) => Ok(redirect_permanent(&urls::with_query(
            "/shop/",
            &query_pairs(&uri),
        ))),
        Some(page) => {
            listing(
                &state,
                &shopper,
                &jar,
                &headers,
                &uri,
                ListingTarget::Shop,
                page,
            )
            .await
        }
        None => Ok(layout::not_found_page(&state, &shopper, &jar, uri.path())),
    }
}

/// The permanent redirect a category or tag URL gets instead of its page: to the address
/// with its trailing slash, or from `page/1/` to the first page's own address (the query
/// kept).
fn taxonomy_redirect(path: &str, uri: &Uri) -> Option<Response> {
    if !path.ends_with('/') {
        return Some(redirect_permanent(&with_slash(uri)));
    }
    let first = uri.path().strip_suffix("page/1/")?;
    let query = uri.query().map(|q| format!("?{q}")).unwrap_or_default();
    Some(redirect_permanent(&format!("{first}{query}")))
}

/// `GET /product-category/{path..}/[page/{n}/]`.
pub async fn category(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(path): Path<String>,
) -> PageResult {
    if let Some(canonical) = taxonomy_redirect(&path, &uri) {
        return Ok(canonical);
    }
    let Some((slugs, page)) = split_paged(&path) else {
        return Ok(layout::not_found_page(&state, &shopper, &jar, uri.path()));
    };
    if slugs.is_empty() {
        return Ok(layout::not_found_page(&state, &shopper, &jar, uri.path()));
    }
    listing(
        &state,
        &shopper,
        &jar,
        &headers,
        &uri,
        ListingTarget::Category(slugs),
        page,
    )
    .await
}

/// `GET /product-tag/{slug}/[page/{n}/]`.
pub async fn tag(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(path): Path<String>,
) -> PageResult {
    if let Some(canonical) = taxonomy_redirect(&path, &uri) {
        return Ok(canonical);
    }
    match split_paged(&path) {
        Some((mut slugs, page)) if slugs.len() == 1 => {
            let slug = slugs.remove(0);
            listing(
                &state,
                &shopper,
                &jar,
                &headers,
                &uri,
                ListingTarget::Tag(slug),
                page,
            )
            .await
        }
        _ => Ok(layout::not_found_page(&state, &shopper, &jar, uri.path())),
    }
}

/// `GET /?s=TERM&post_type=product`: search results (the home handler dispatches here).
pub async fn search(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    uri: &Uri,
) -> PageResult {
    listing(state, shopper, jar, headers, uri, ListingTarget::Search, 1).await
}

/// `GET /page/{n}/?s=TERM`: further pages of search results.
pub async fn search_page(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(n): Path<String>,
) -> PageResult {
    let pairs = query_pairs(&uri);
    if !pairs.iter().any(|(k, _)| k == "s") {
        return Ok(layout::not_found_page(&state, &shopper, &jar, uri.path()));
    }
    match parse_page(&n) {
        Some(1) => Ok(redirect_permanent(&urls::with_query("/", &pairs))),
        Some(page) => {
            listing(
                &state,
                &shopper,
                &jar,
                &headers,
                &uri,
                ListingTarget::Search,
                page,
            )
            .await
        }
        None => Ok(layout::not_found_page(&state, &shopper, &jar, uri.path())),
    }
}

async fn listing(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    uri: &Uri,
    target: ListingTarget,
    page: u32,
) -> PageResult {
    let key = PageKey::of_request(&state.db, state.web.shop_view.generation(), headers, uri).await;
    // Held until the page is kept: others asking for it meanwhile wait for it.
    let _flight = match state.web.page_cache.lookup(key.as_ref()).await {
        Lookup::Hit(cached) => {
            return Ok(layout::render_cached(state, shopper, jar, headers, &cached));
        }
        Lookup::Miss(flight) => flight,
    };
    let pairs = query_pairs(uri);
    Ok(match load_listing(state, &target, page, &pairs).await? {
        Loaded::Page(data) => {
            let single_search_hit = data.scope == Scope::Search
                && data.page == 1
                && data.total == 1
                && data.filters.search.is_some()
                && !data.filters.is_filtered();
            match data.products.first() {
                // WooCommerce sends a search with one hit straight to the product.
                Some(product) if single_search_hit => redirect_found(&urls::product(&product.slug)),
                _ => render_listing(state, shopper, jar, &data, key),
            }
        }
        Loaded::NotFound => layout::not_found_page(state, shopper, jar, uri.path()),
        Loaded::Redirect(to) => redirect_permanent(&to),
    })
}

/// A page number from the URL: 1 or more; anything else names no page.
fn parse_page(text: &str) -> Option<u32> {
    let text = text.trim_end_matches('/');
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u32>().ok().filter(|n| *n >= 1)
}

/// `a/b/page/3/` → (`[a, b]`, 3); `a/b/` → (`[a, b]`, 1).
fn split_paged(path: &str) -> Option<(Vec<String>, u32)> {
    let mut parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let mut page = 1;
    if parts.len() >= 2 && parts[parts.len() - 2] == "page" {
        page = parse_page(parts[parts.len() - 1])?;
        parts.truncate(parts.len() - 2);
    }
    if parts.len() > 16 {
        return None;
    }
    Some((parts.into_iter().map(str::to_owned).collect(), page))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_numbers() {
        assert_eq!(parse_page("2"), Some(2));
        assert_eq!(parse_page("0"), None);
        assert_eq!(parse_page("-1"), None);
        assert_eq!(parse_page("99999999999999"), None);
        assert_eq!(
            split_paged("clothing/hoodies/page/3/"),
            Some((vec!["clothing".into(), "hoodies".into()], 3))
        );
        assert_eq!(split_paged("hoodies/"), Some((vec!["hoodies".into()], 1)));
        assert_eq!(split_paged("hoodies/page/x/"), None);
    }
}
