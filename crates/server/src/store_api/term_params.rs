//! The collection parameters every term route shares (`products/categories`, `products/tags`,
//! `products/attributes/{id}/terms`) and how they select, order and page terms. Without
//! `per_page` every term is returned and no pagination headers are sent, as in WooCommerce.

use std::cmp::Ordering;

use super::params::Checker;
use super::respond::Pagination;

/// Checked term collection parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermParams {
    /// Page, from 1.
    pub page: i64,
    /// Page size; 0 means all.
    pub per_page: i64,
    /// Part of the name or slug.
    pub search: Option<String>,
    /// Only these ids.
    pub include: Vec<i64>,
    /// Not these ids.
    pub exclude: Vec<i64>,
    /// `name`, `slug`, `count` (or `menu_order` for attribute terms).
    pub orderby: &'static str,
    /// Ascending order.
    pub ascending: bool,
    /// Leave out terms no listed product uses.
    pub hide_empty: bool,
    /// Only children of this term (categories).
    pub parent: Option<i64>,
}

/// `orderby` of categories and tags.
pub const ORDERBY: &[&str] = &["name", "slug", "count"];
/// `orderby` of attribute terms.
pub const ATTRIBUTE_TERM_ORDERBY: &[&str] = &["name", "slug", "count", "menu_order"];

impl TermParams {
    /// Reads the parameters; `parent` only where terms nest.
    pub fn read(check: &mut Checker<'_>, orderby: &'static [&'static str], nested: bool) -> Self {
        TermParams {
            page: check.integer("page", 1, Some(1), None),
            per_page: check.integer("per_page", 0, Some(0), Some(100)),
            search: check
                .text("search")
                .map(|s| super::product_params::sanitize_text(&s))
                .filter(|s| !s.is_empty()),
            include: check.id_list("include"),
            exclude: check.id_list("exclude"),
            orderby: check.choice("orderby", orderby, "name"),
            ascending: check.choice("order", &["asc", "desc"], "asc") == "asc",
            hide_empty: check.boolean("hide_empty").unwrap_or(true),
            parent: if nested {
                check
                    .text("parent")
                    .map(|p| super::params::php_integer(&p).unwrap_or(0).abs())
            } else {
                None
            },
        }
    }
}

/// What selecting and sorting look at in a term.
#[derive(Debug, Clone)]
pub struct TermRow<T> {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Slug.
    pub slug: String,
    /// Products using it.
    pub count: u32,
    /// Manual position.
    pub menu_order: i64,
    /// Parent id (0 at the top).
    pub parent: i64,
    /// The object sent.
    pub item: T,
}

/// The terms `params` select, in order, and the pagination to announce (when paging).
pub fn select<T>(rows: Vec<TermRow<T>>, params: &TermParams) -> (Vec<T>, Option<Pagination>) {
    let search = params.search.as_ref().map(|s| s.to_lowercase());
    let mut rows: Vec<TermRow<T>> = rows
        .into_iter()
        .filter(|r| !params.hide_empty || r.count > 0)
        .filter(|r| params.include.is_empty() || params.include.contains(&r.id))
        .filter(|r| !params.exclude.contains(&r.id))
        .filter(|r| params.parent.is_none_or(|p| r.parent == p))
        .filter(|r| {
            search.as_ref().is_none_or(|s| {
                r.name.to_lowercase().contains(s.as_str())
                    || r.slug.to_lowercase().contains(s.as_str())
            })
        })
        .collect();
    let key = |a: &TermRow<T>, b: &TermRow<T>| -> Ordering {
        match params.orderby {
            "slug" => a.slug.cmp(&b.slug),
            "count" => a.count.cmp(&b.count),
            "menu_order" => a.menu_order.cmp(&b.menu_order),
            _ => a.name.to_lowercase().cmp(&b.name.to_lowercase()),
        }
        .then(a.id.cmp(&b.id))
    };
    rows.sort_by(|a, b| {
        if params.ascending {
            key(a, b)
        } else {
            key(b, a)
        }
    });
    let total = i64::try_from(rows.len()).unwrap_or(i64::MAX);
    if params.per_page == 0 {
        return (rows.into_iter().map(|r| r.item).collect(), None);
    }
    let start = (params.page - 1).saturating_mul(params.per_page);
    let page: Vec<T> = rows
        .into_iter()
        .skip(usize::try_from(start).unwrap_or(usize::MAX))
        .take(usize::try_from(params.per_page).unwrap_or(100))
        .map(|r| r.item)
        .collect();
    // WooCommerce counts (and announces pages) only when paging is in effect.
    let paged = i64::try_from(page.len()).unwrap_or(0) == params.per_page || params.page > 1;
    let pagination = paged.then(|| Pagination::of(total, params.per_page, params.page));
    (page, pagination)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, name: &str, count: u32) -> TermRow<i64> {
        TermRow {
            id,
            name: name.to_owned(),
            slug: name.to_lowercase(),
            count,
            menu_order: -id,
            parent: 0,
            item: id,
        }
    }

    fn params() -> TermParams {
        TermParams {
            page: 1,
            per_page: 0,
            search: None,
            include: Vec::new(),
            exclude: Vec::new(),
            orderby: "name",
            ascending: true,
            hide_empty: true,
            parent: None,
        }
    }

    #[test]
    fn empty_terms_hide_and_names_sort() {
        let rows = || vec![row(1, "red", 2), row(2, "Blue", 1), row(3, "green", 0)];
        assert_eq!(select(rows(), &params()).0, [2, 1]);
        let all = TermParams {
            hide_empty: false,
            ascending: false,
            ..params()
        };
        assert_eq!(select(rows(), &all).0, [1, 3, 2]);
        let by_order = TermParams {
            orderby: "menu_order",
            ..params()
        };
        assert_eq!(select(rows(), &by_order).0, [2, 1]);
    }

    #[test]
    fn pages_are_announced_only_when_paging() {
        let rows = || {
            (1..=5)
                .map(|i| row(i, &format!("t{i}"), 1))
                .collect::<Vec<_>>()
        };
        let (items, pagination) = select(
            rows(),
            &TermParams {
                per_page: 2,
                ..params()
            },
        );
        assert_eq!(items, [1, 2]);
        assert_eq!(pagination.map(|p| (p.total, p.pages)), Some((5, 3)));
        let (_, pagination) = select(
            rows(),
            &TermParams {
                per_page: 10,
                ..params()
            },
        );
        assert!(pagination.is_none());
    }
}
