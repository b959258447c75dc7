//! Rendering a loaded listing: the grid, result count, ordering form, pagination and the
//! sidebar.

use axum::http::StatusCode;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use serde::Serialize;

use super::card_swatches::CardSwatchSource;
use super::cards::{self, CardContext, CardView};
use super::listing::{ListingData, Scope, default_sort};
use super::params::{ListingFilters, SortOption};
use super::sidebar::{SidebarInput, SidebarView, sidebar};
use super::{Crumb, now, urls};
use crate::layout::{PageContext, Shopper, render_cacheable};
use crate::page_cache::PageKey;
use crate::state::AppState;

/// A pagination entry.
#[derive(Debug, Clone, Serialize)]
pub struct PageLink {
    /// Page number (0 for the dots).
    pub n: u32,
    /// Its URL ("" for the current page and the dots).
    pub href: String,
    /// This page.
    pub current: bool,
    /// An ellipsis.
    pub dots: bool,
}

/// Pagination links.
#[derive(Debug, Clone, Serialize)]
pub struct Pagination {
    /// The previous page.
    pub prev: Option<String>,
    /// The next page.
    pub next: Option<String>,
    /// The numbered links.
    pub links: Vec<PageLink>,
}

/// WordPress's `paginate_links` with one page at each end and two around the current one.
pub fn pagination(
    base: &str,
    query: &[(String, String)],
    current: u32,
    total_pages: u32,
) -> Option<Pagination> {
    if total_pages <= 1 {
        return None;
    }
    let href = |n: u32| urls::with_query(&urls::paged(base, n), query);
    let mut links = Vec::new();
    let mut dotted = false;
    for n in 1..=total_pages {
        let near = n.abs_diff(current) <= 2;
        if n == current || n == 1 || n == total_pages || near {
            links.push(PageLink {
                n,
                href: if n == current { String::new() } else { href(n) },
                current: n == current,
                dots: false,
            });
            dotted = false;
        } else if !dotted {
            links.push(PageLink {
                n: 0,
                href: String::new(),
                current: false,
                dots: true,
            });
            dotted = true;
        }
    }
    Some(Pagination {
        prev: (current > 1).then(|| href(current - 1)),
        next: (current < total_pages).then(|| href(current + 1)),
        links,
    })
}

/// WooCommerce's result count sentence.
pub fn result_count(first: i64, last: i64, total: i64, paged: bool) -> String {
    match total {
        0 => String::new(),
        1 => "Showing the single result".to_owned(),
        _ if !paged => format!("Showing all {total} results"),
        _ => format!("Showing {first}\u{2013}{last} of {total} results"),
    }
}

/// A sort option in the drop-down.
#[derive(Debug, Clone, Serialize)]
struct SortChoice {
    value: &'static str,
    label: &'static str,
    selected: bool,
}

/// Renders a loaded listing.
pub fn render_listing(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    data: &ListingData,
    key: Option<PageKey>,
) -> Response {
    let settings = &state.settings;
    let currency = &settings.currency;
    let tree = &data.taxonomy.categories;
    let default = default_sort(data.scope);
    let (base, title, heading, description, mut crumbs, body_class) = match data.scope {
        Scope::Shop => (
            "/shop/".to_owned(),
            "Shop".to_owned(),
            "Shop".to_owned(),
            String::new(),
            vec![],
            "archive post-type-archive-product",
        ),
        Scope::Search => {
            let term = data.filters.search.clone().unwrap_or_default();
            let heading = format!("Search results: \u{201c}{term}\u{201d}");
            (
                "/".to_owned(),
                heading.clone(),
                heading,
                String::new(),
                vec![],
                "search search-results",
            )
        }
        Scope::Tag(id) => {
            let tag = data.taxonomy.tags.iter().find(|t| t.id == id);
            let name = tag.map(|t| t.name.clone()).unwrap_or_default();
            let heading = format!("Products tagged \u{201c}{name}\u{201d}");
            let base = urls::tag(&tag.map(|t| t.slug.clone()).unwrap_or_default());
            (
                base,
                heading.clone(),
                heading,
                tag.map(|t| t.description.clone()).unwrap_or_default(),
                vec![],
                "archive tax-product_tag",
            )
        }
        Scope::Category(id) => {
            let category = tree.get(id);
            let crumbs: Vec<Crumb> = tree
                .path(id)
                .iter()
                .rev()
                .skip(1)
                .rev()
                .map(|c| Crumb::link(&c.name, &urls::category(&tree.slug_path(c.id))))
                .collect();
            let name = category.map(|c| c.name.clone()).unwrap_or_default();
            (
                urls::category(&tree.slug_path(id)),
                name.clone(),
                name,
                category.map(|c| c.description.clone()).unwrap_or_default(),
                crumbs,
                "archive tax-product_cat",
            )
        }
    };
    let mut trail = vec![Crumb::link("Home", "/")];
    if data.scope != Scope::Shop {
        trail.push(Crumb::link("Shop", "/shop/"));
    }
    trail.append(&mut crumbs);
    trail.push(Crumb::here(&heading));

    let query = data.filters.pairs(default, currency);
    let per_page = i64::from(settings.products_per_page.max(1));
    let total_pages = u32::try_from((data.total + per_page - 1) / per_page)
        .unwrap_or(u32::MAX)
        .max(1);
    let first = i64::from(data.page - 1) * per_page + 1;
    let last = (first + per_page - 1).min(data.total);
    let pages = pagination(&base, &query, data.page, total_pages);
    let now = now();
    let ctx = CardContext {
        currency,
        now,
        hide_out_of_stock: settings.catalogue.hide_out_of_stock,
        per_row: settings.products_per_row,
        swatches: Some(CardSwatchSource {
            taxonomy: &data.taxonomy,
            settings: &data.swatches,
        }),
    };
    let products: Vec<CardView> = cards::cards(&data.products, &data.relatives, &ctx);
    let side: SidebarView = sidebar(&SidebarInput {
        taxonomy: &data.taxonomy,
        facets: &data.facets,
        filters: &data.filters,
        base: &base,
        category: match data.scope {
            Scope::Category(id) => Some(id),
            _ => None,
        },
        default_sort: default,
        currency,
    });
    let options: &[SortOption] = if data.scope == Scope::Search {
        &SortOption::SEARCH
    } else {
        &SortOption::CATALOGUE
    };
    let chosen = data.filters.sort.unwrap_or(default);
    let sort_choices: Vec<SortChoice> = options
        .iter()
        .map(|o| SortChoice {
            value: o.as_str(),
            label: o.label(),
            selected: *o == chosen,
        })
        .collect();
    let ordering_hidden = ListingFilters {
        sort: None,
        ..data.filters.clone()
    }
    .pairs(default, currency);

    let page_title = if data.page > 1 {
        format!("{title} \u{2013} Page {}", data.page)
    } else {
        title
    };
    let path = urls::paged(&base, data.page);
    let context = PageContext::new(state, jar, &page_title, &path)
        .with_body_class(&format!("woocommerce {body_class}"));
    render_cacheable(
        state,
        shopper,
        "shop/archive.html",
        StatusCode::OK,
        &context,
        minijinja::context! {
            heading => heading,
            description => description,
            breadcrumbs => trail,
            products => products,
            columns => settings.products_per_row.clamp(1, 8),
            result_count => result_count(first, last, data.total, total_pages > 1),
            pagination => pages,
            sidebar => side,
            ordering => minijinja::context! { action => base, options => sort_choices, hidden => ordering_hidden },
            search_term => data.filters.search.clone().unwrap_or_default(),
            is_search => data.scope == Scope::Search,
            filtered => data.filters.is_filtered(),
            canonical => urls::with_query(&path, &query),
        },
        key,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pagination_links() {
        let p = pagination("/shop/", &[], 6, 20).expect("pages");
        let shown: Vec<String> = p
            .links
            .iter()
            .map(|l| {
                if l.dots {
                    "…".to_owned()
                } else {
                    l.n.to_string()
                }
            })
            .collect();
        assert_eq!(shown, ["1", "…", "4", "5", "6", "7", "8", "…", "20"]);
        assert_eq!(p.prev.as_deref(), Some("/shop/page/5/"));
        assert_eq!(p.next.as_deref(), Some("/shop/page/7/"));
        let first =
            pagination("/shop/", &[("orderby".into(), "price".into())], 1, 3).expect("pages");
        assert_eq!(first.prev, None);
        assert_eq!(first.next.as_deref(), Some("/shop/page/2/?orderby=price"));
        assert!(pagination("/shop/", &[], 1, 1).is_none());
    }

    #[test]
    fn result_counts() {
        assert_eq!(result_count(1, 1, 1, false), "Showing the single result");
        assert_eq!(result_count(1, 7, 7, false), "Showing all 7 results");
        assert_eq!(
            result_count(17, 32, 43, true),
            "Showing 17\u{2013}32 of 43 results"
        );
    }
}
