//! The listing sidebar: categories, attribute, price, rating and stock filters with counts,
//! and the active filters with their "remove" links. Every control is a plain link or a GET
//! form, so filtering works without JavaScript.

use mercato_core::catalogue::{CategoryId, StockStatus};
use mercato_core::money::{Currency, Money};
use mercato_db::catalogue::{Facets, Taxonomy};
use serde::Serialize;

use super::cards::RatingView;
use super::params::{AttributeSelection, ChosenTerm, ListingFilters, SortOption, price_text};
use super::urls;

/// A link in a filter list.
#[derive(Debug, Clone, Serialize)]
pub struct FilterLink {
    /// Its text.
    pub label: String,
    /// Where it goes.
    pub href: String,
    /// Matching products.
    pub count: i64,
    /// Whether the filter is on (the link then removes it).
    pub chosen: bool,
    /// A term's swatch colour (`#rrggbb`), for the swatch island's `data-` attribute.
    pub swatch: Option<String>,
    /// Stars, for rating links.
    pub rating: Option<RatingView>,
}

/// A category in the categories list.
#[derive(Debug, Clone, Serialize)]
pub struct CategoryLink {
    /// Name.
    pub name: String,
    /// Its page.
    pub href: String,
    /// Products in it.
    pub count: u32,
    /// Nesting depth, 0 at the top.
    pub depth: usize,
    /// The listing is this category.
    pub current: bool,
}

/// One attribute's filter list.
#[derive(Debug, Clone, Serialize)]
pub struct AttributeWidget {
    /// The attribute's label.
    pub label: String,
    /// Its slug (`color`).
    pub slug: String,
    /// Its terms.
    pub terms: Vec<FilterLink>,
}

/// The price filter form.
#[derive(Debug, Clone, Serialize)]
pub struct PriceWidget {
    /// The form's action (the listing's first page).
    pub action: String,
    /// The other filters, as hidden fields.
    pub hidden: Vec<(String, String)>,
    /// The chosen lowest price, if any.
    pub min: String,
    /// The chosen highest price, if any.
    pub max: String,
    /// The lowest price in the listing, whole units rounded down.
    pub floor: String,
    /// The highest price in the listing, whole units rounded up.
    pub ceiling: String,
}

/// An active filter with its remove link.
#[derive(Debug, Clone, Serialize)]
pub struct ActiveFilter {
    /// What it is (`Color: Blue`).
    pub label: String,
    /// The listing without it.
    pub href: String,
}

/// Everything in the sidebar.
#[derive(Debug, Clone, Serialize)]
pub struct SidebarView {
    /// Active filters.
    pub active: Vec<ActiveFilter>,
    /// The listing without any filter, when some are on.
    pub clear_all: Option<String>,
    /// Categories.
    pub categories: Vec<CategoryLink>,
    /// Attribute filters.
    pub attributes: Vec<AttributeWidget>,
    /// Price filter.
    pub price: Option<PriceWidget>,
    /// Rating filter, best first.
    pub ratings: Vec<FilterLink>,
    /// "In stock only".
    pub stock: Option<FilterLink>,
}

/// What the sidebar is built from.
pub struct SidebarInput<'a> {
    /// The shop's taxonomy.
    pub taxonomy: &'a Taxonomy,
    /// Counts for the current filters.
    pub facets: &'a Facets,
    /// The current filters.
    pub filters: &'a ListingFilters,
    /// The listing's first page.
    pub base: &'a str,
    /// The listing's category, if it is a category page.
    pub category: Option<CategoryId>,
    /// The listing's default sort.
    pub default_sort: SortOption,
    /// The shop currency.
    pub currency: &'a Currency,
}

impl SidebarInput<'_> {
    fn href(&self, filters: &ListingFilters) -> String {
        urls::with_query(self.base, &filters.pairs(self.default_sort, self.currency))
    }
}

/// Builds the sidebar.
pub fn sidebar(input: &SidebarInput<'_>) -> SidebarView {
    let filters = input.filters;
    SidebarView {
        active: active_filters(input),
        clear_all: filters
            .is_filtered()
            .then(|| input.href(&filters.cleared())),
        categories: categories(input),
        attributes: attribute_widgets(input),
        price: price_widget(input),
        ratings: (1..=5u8)
            .rev()
            .filter_map(|stars| {
                let count = input.facets.ratings.get(&stars).copied().unwrap_or(0);
                let chosen = filters.ratings.contains(&stars);
                (count > 0 || chosen).then(|| FilterLink {
                    label: format!("Rated {stars} out of 5"),
                    href: input.href(&filters.toggling_rating(stars)),
                    count,
                    chosen,
                    swatch: None,
                    rating: Some(RatingView::stars(stars)),
                })
            })
            .collect(),
        stock: {
            let count = input.facets.stock.get("instock").copied().unwrap_or(0);
            let chosen = filters.stock.contains(&StockStatus::InStock);
            (count > 0 || chosen).then(|| FilterLink {
                label: "In stock".to_owned(),
                href: input.href(&filters.toggling_stock(StockStatus::InStock)),
                count,
                chosen,
                swatch: None,
                rating: None,
            })
        },
    }
}

fn active_filters(input: &SidebarInput<'_>) -> Vec<ActiveFilter> {
    let filters = input.filters;
    let mut active = Vec::new();
    for selection in &filters.attributes {
        for term in &selection.terms {
            active.push(ActiveFilter {
                label: format!("{}: {}", selection.label, term.name),
                href: input.href(&filters.toggling_term(selection, term)),
            });
        }
    }
    let price = |m: Money| input.currency.format(m);
    let price_label = match (filters.min_price, filters.max_price) {
        (Some(min), Some(max)) => Some(format!("Price: {} – {}", price(min), price(max))),
        (Some(min), None) => Some(format!("Min {}", price(min))),
        (None, Some(max)) => Some(format!("Max {}", price(max))),
        (None, None) => None,
    };
    if let Some(label) = price_label {
        active.push(ActiveFilter {
            label,
            href: input.href(&filters.without_price()),
        });
    }
    for stars in &filters.ratings {
        active.push(ActiveFilter {
            label: format!("Rated {stars} out of 5"),
            href: input.href(&filters.toggling_rating(*stars)),
        });
    }
    for status in &filters.stock {
        let label = match status {
            StockStatus::InStock => "In stock",
            StockStatus::OutOfStock => "Out of stock",
            StockStatus::OnBackorder => "On backorder",
        };
        active.push(ActiveFilter {
            label: label.to_owned(),
            href: input.href(&filters.toggling_stock(*status)),
        });
    }
    active
}

/// Top-level categories, and the children along the current category's path.
fn categories(input: &SidebarInput<'_>) -> Vec<CategoryLink> {
    let tree = &input.taxonomy.categories;
    let open: Vec<CategoryId> = input
        .category
        .map(|id| tree.path(id).iter().map(|c| c.id).collect())
        .unwrap_or_default();
    let mut out = Vec::new();
    let mut stack: Vec<(CategoryId, usize)> = tree
        .children(None)
        .iter()
        .rev()
        .map(|c| (c.id, 0))
        .collect();
    while let Some((id, depth)) = stack.pop() {
        let Some(category) = tree.get(id) else {
            continue;
        };
        let current = input.category == Some(id);
        // A category counts its descendants' products too, as WooCommerce shows it. Summed
        // from the direct counts (no extra query), so a product filed under both a category
        // and its subcategory counts twice; shops file products under the leaf.
        let count: u32 = tree
            .with_descendants(id)
            .iter()
            .filter_map(|c| tree.get(*c))
            .map(|c| c.count)
            .fold(0, u32::saturating_add);
        if count == 0 && !current {
            continue;
        }
        out.push(CategoryLink {
            name: category.name.clone(),
            href: urls::category(&tree.slug_path(id)),
            count,
            depth,
            current,
        });
        if open.contains(&id) && depth < 8 {
            stack.extend(
                tree.children(Some(id))
                    .iter()
                    .rev()
                    .map(|c| (c.id, depth + 1)),
            );
        }
    }
    out
}

fn attribute_widgets(input: &SidebarInput<'_>) -> Vec<AttributeWidget> {
    let filters = input.filters;
    input
        .taxonomy
        .attributes
        .iter()
        .filter_map(|attribute| {
            let slug = attribute
                .slug
                .strip_prefix("pa_")
                .unwrap_or(&attribute.slug)
                .to_owned();
            let selection = filters
                .attributes
                .iter()
                .find(|a| a.slug == slug)
                .cloned()
                .unwrap_or_else(|| AttributeSelection {
                    slug: slug.clone(),
                    label: attribute.name.clone(),
                    attribute_id: attribute.id.0,
                    terms: Vec::new(),
                    any: true,
                });
            let terms: Vec<FilterLink> = attribute
                .sorted_terms()
                .into_iter()
                .filter_map(|term| {
                    let count = input.facets.terms.get(&term.id.0).copied().unwrap_or(0);
                    let chosen = selection.terms.iter().any(|t| t.id == term.id.0);
                    let chosen_term = ChosenTerm {
                        id: term.id.0,
                        slug: term.slug.clone(),
                        name: term.name.clone(),
                    };
                    (count > 0 || chosen).then(|| FilterLink {
                        label: term.name.clone(),
                        href: input.href(&filters.toggling_term(&selection, &chosen_term)),
                        count,
                        chosen,
                        swatch: term.swatch_color.as_ref().map(|c| c.as_str().to_owned()),
                        rating: None,
                    })
                })
                .collect();
            (!terms.is_empty()).then(|| AttributeWidget {
                label: attribute.name.clone(),
                slug,
                terms,
            })
        })
        .collect()
}

fn price_widget(input: &SidebarInput<'_>) -> Option<PriceWidget> {
    let filters = input.filters;
    let (low, high) = input.facets.price_range.or_else(|| {
        // Nothing matched, but a price filter is on: still offer to change it.
        (filters.min_price.is_some() || filters.max_price.is_some()).then_some((0, 0))
    })?;
    let unit = 10_i64.checked_pow(input.currency.minor_unit).unwrap_or(1);
    let floor = Money::from_minor(low.div_euclid(unit) * unit);
    let ceiling =
        Money::from_minor(high.div_euclid(unit) * unit + if high % unit == 0 { 0 } else { unit });
    let hidden = filters
        .without_price()
        .pairs(input.default_sort, input.currency);
    Some(PriceWidget {
        action: input.base.to_owned(),
        hidden,
        min: filters
            .min_price
            .map(|m| price_text(m, input.currency))
            .unwrap_or_default(),
        max: filters
            .max_price
            .map(|m| price_text(m, input.currency))
            .unwrap_or_default(),
        floor: price_text(floor, input.currency),
        ceiling: price_text(ceiling, input.currency),
    })
}
