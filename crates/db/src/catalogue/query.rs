//! Finding products: listings, filters, search, sorting and the counts shown beside filters.

use std::collections::HashMap;

use mercato_core::catalogue::{ProductId, StockStatus};

use super::index::{ListingRow, listing_index};
use crate::{Db, DbResult};

/// Which products a surface may show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Visibility {
    /// Shop and category pages: published, listed in the catalogue.
    #[default]
    Catalogue,
    /// Search results: published, listed in search.
    Search,
    /// Published, whatever their catalogue visibility except hidden.
    Published,
    /// Published and listed in both the shop and search results (the Store API's "visible").
    Everywhere,
    /// Published, hidden ones too (the Store API's `catalog_visibility=any`, and its default).
    AnyPublished,
    /// Published and hidden from both the shop and search (the Store API's `hidden`).
    HiddenOnly,
    /// Everything, drafts included (staff tools).
    All,
}

/// A filter on one global attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeFilter {
    /// The attribute.
    pub attribute_id: i64,
    /// The chosen terms.
    pub term_ids: Vec<i64>,
    /// Every term (`and`) rather than any (`or`).
    pub all: bool,
}

/// Sort orders (WooCommerce's `orderby` values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProductOrder {
    /// The merchant's order, then name.
    #[default]
    MenuOrder,
    /// Best sellers first.
    Popularity,
    /// Best rated first.
    Rating,
    /// Newest first (or oldest with `ascending`).
    Date,
    /// Cheapest first.
    Price,
    /// Dearest first.
    PriceDesc,
    /// By name.
    Title,
    /// Search relevance: name and SKU matches first.
    Relevance,
    /// By id.
    Id,
    /// Last modified.
    Modified,
    /// By slug.
    Slug,
    /// By number of approved reviews.
    ReviewCount,
}

/// A product search. Every filter narrows; empty lists do not filter.
#[derive(Debug, Clone, Default)]
pub struct ProductQuery {
    /// Who is looking.
    pub visibility: Visibility,
    /// Hide out-of-stock products (a shop setting).
    pub hide_out_of_stock: bool,
    /// Words to find in name, SKU and descriptions; a SKU also matches exactly or by prefix.
    pub search: Option<String>,
    /// In any of these categories (callers expand a category to its descendants).
    pub category_ids: Vec<i64>,
    /// Tagged with any of these.
    pub tag_ids: Vec<i64>,
    /// In at least one category of each set (a category and its descendants per set).
    pub category_sets: Vec<Vec<i64>>,
    /// In none of these categories.
    pub exclude_category_ids: Vec<i64>,
    /// Tagged with every one of these.
    pub all_tag_ids: Vec<i64>,
    /// Tagged with none of these.
    pub exclude_tag_ids: Vec<i64>,
    /// Having none of these attribute terms.
    pub exclude_term_ids: Vec<i64>,
    /// Attribute term filters.
    pub attributes: Vec<AttributeFilter>,
    /// Lowest price, minor units.
    pub min_price: Option<i64>,
    /// Highest price, minor units.
    pub max_price: Option<i64>,
    /// Average rating rounded to these star counts.
    pub ratings: Vec<u8>,
    /// Stock statuses.
    pub stock_statuses: Vec<StockStatus>,
    /// Only on sale (true) or not on sale (false).
    pub on_sale: Option<bool>,
    /// Only featured (true) or not featured (false).
    pub featured: Option<bool>,
    /// Only these product types (`simple`, `variable` ...).
    pub kinds: Vec<String>,
    /// Only these ids.
    pub include: Vec<i64>,
    /// Not these ids.
    pub exclude: Vec<i64>,
    /// Only these SKUs.
    pub skus: Vec<String>,
    /// Only this slug.
    pub slug: Option<String>,
    /// Sort order.
    pub order: ProductOrder,
    /// Reverse the order's natural direction.
    pub ascending: Option<bool>,
    /// Page number, from 1.
    pub page: u32,
    /// Products per page (0: all).
    pub per_page: u32,
}

/// One page of results.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListingPage {
    /// The products on this page, in order.
    pub ids: Vec<ProductId>,
    /// How many match in all.
    pub total: i64,
}

/// The counts shown beside filters, for the products matching the other filters.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Facets {
    /// Products per attribute term.
    pub terms: HashMap<i64, i64>,
    /// Products per category (direct membership).
    pub categories: HashMap<i64, i64>,
    /// Products per rounded star rating (1–5).
    pub ratings: HashMap<u8, i64>,
    /// Products per stock status.
    pub stock: HashMap<String, i64>,
    /// Lowest and highest price among the products, minor units.
    pub price_range: Option<(i64, i64)>,
}

impl ProductQuery {
    /// Whether `row` passes every filter, leaving out the attribute filter on `skip_attribute`.
    fn matches(&self, row: &ListingRow, skip_attribute: Option<i64>, search: &Search) -> bool {
        let visible = match self.visibility {
            Visibility::Catalogue => {
                row.published && matches!(row.visibility.as_str(), "visible" | "catalog")
            }
            Visibility::Search => {
                row.published && matches!(row.visibility.as_str(), "visible" | "search")
            }
            Visibility::Published => row.published && row.visibility != "hidden",
            Visibility::Everywhere => row.published && row.visibility == "visible",
            Visibility::AnyPublished => row.published,
            Visibility::HiddenOnly => row.published && row.visibility == "hidden",
            Visibility::All => true,
        };
        let any_of = |have: &[i64], wanted: &[i64]| wanted.iter().any(|w| have.contains(w));
        let has_term = |term: i64| row.terms.iter().any(|(t, _)| *t == term);
        visible
            && !(self.hide_out_of_stock && row.stock_status == StockStatus::OutOfStock)
            && search.matches(row)
            && (self.category_ids.is_empty() || any_of(&row.categories, &self.category_ids))
            && (self.tag_ids.is_empty() || any_of(&row.tags, &self.tag_ids))
            && self
                .category_sets
                .iter()
                .all(|set| set.is_empty() || any_of(&row.categories, set))
            && self.all_tag_ids.iter().all(|t| row.tags.contains(t))
            && !any_of(&row.categories, &self.exclude_category_ids)
            && !any_of(&row.tags, &self.exclude_tag_ids)
            && !self.exclude_term_ids.iter().any(|t| has_term(*t))
            && self
                .attributes
                .iter()
                .filter(|f| Some(f.attribute_id) != skip_attribute && !f.term_ids.is_empty())
                .all(|f| {
                    if f.all {
                        f.term_ids.iter().all(|t| has_term(*t))
                    } else {
                        f.term_ids.iter().any(|t| has_term(*t))
                    }
                })
            && self
                .min_price
                .is_none_or(|min| row.price_max.is_some_and(|p| p >= min))
            && self
                .max_price
                .is_none_or(|max| row.price.is_some_and(|p| p <= max))
            && (self.ratings.is_empty() || self.ratings.iter().any(|r| i64::from(*r) == stars(row)))
            && (self.stock_statuses.is_empty() || self.stock_statuses.contains(&row.stock_status))
            && self.on_sale.is_none_or(|want| row.on_sale == want)
            && self.featured.is_none_or(|want| row.featured == want)
            && (self.kinds.is_empty() || self.kinds.contains(&row.kind))
            && (self.include.is_empty() || self.include.contains(&row.id))
            && !self.exclude.contains(&row.id)
            && (self.skus.is_empty() || row.sku.as_ref().is_some_and(|sku| self.skus.contains(sku)))
            && self.slug.as_ref().is_none_or(|slug| *slug == row.slug)
    }

    /// Sorts matching rows in the query's order.
    fn sort(&self, rows: &mut [&ListingRow], search: &Search) {
        use std::cmp::Ordering;
        let natural_desc = matches!(
            self.order,
            ProductOrder::Popularity
                | ProductOrder::Rating
                | ProductOrder::Date
                | ProductOrder::Modified
                | ProductOrder::PriceDesc
                | ProductOrder::ReviewCount
        );
        let descending = !self.ascending.unwrap_or(!natural_desc);
        let directed = |o: Ordering| if descending { o.reverse() } else { o };
        rows.sort_by(|a, b| match self.order {
            ProductOrder::MenuOrder => directed(
                a.menu_order
                    .cmp(&b.menu_order)
                    .then_with(|| a.name_lower.cmp(&b.name_lower))
                    .then(a.id.cmp(&b.id)),
            ),
            ProductOrder::Popularity => {
                directed(a.total_sales.cmp(&b.total_sales).then(a.id.cmp(&b.id)))
            }
            ProductOrder::Rating => directed(
                a.average_rating
                    .cmp(&b.average_rating)
                    .then(a.review_count.cmp(&b.review_count))
                    .then(a.id.cmp(&b.id)),
            ),
            ProductOrder::Date => directed(a.created_at.cmp(&b.created_at).then(a.id.cmp(&b.id))),
            ProductOrder::Modified => {
                directed(a.updated_at.cmp(&b.updated_at).then(a.id.cmp(&b.id)))
            }
            // Products without a price go last whichever the direction.
            ProductOrder::Price => a
                .price
                .is_none()
                .cmp(&b.price.is_none())
                .then_with(|| directed(a.price.cmp(&b.price).then(a.id.cmp(&b.id)))),
            ProductOrder::PriceDesc => a
                .price
                .is_none()
                .cmp(&b.price.is_none())
                .then_with(|| directed(a.price_max.cmp(&b.price_max).then(a.id.cmp(&b.id)))),
            ProductOrder::Title => directed(a.name_lower.cmp(&b.name_lower).then(a.id.cmp(&b.id))),
            ProductOrder::Slug => directed(a.slug.cmp(&b.slug).then(a.id.cmp(&b.id))),
            ProductOrder::ReviewCount => {
                directed(a.review_count.cmp(&b.review_count).then(a.id.cmp(&b.id)))
            }
            ProductOrder::Id => directed(a.id.cmp(&b.id)),
            // Name and SKU hits first, then the rest; within a rank, the merchant's order.
            ProductOrder::Relevance => search
                .rank(a)
                .cmp(&search.rank(b))
                .then(a.menu_order.cmp(&b.menu_order))
                .then_with(|| a.name_lower.cmp(&b.name_lower))
                .then(a.id.cmp(&b.id)),
        });
    }
}

/// A search term, lower-cased once.
struct Search {
    phrase: String,
    words: Vec<String>,
}

impl Search {
    fn new(query: &ProductQuery) -> Self {
        let phrase = query.search.as_deref().unwrap_or("").trim().to_lowercase();
        let words = phrase
            .split_whitespace()
            .take(8)
            .map(str::to_owned)
            .collect();
        Self { phrase, words }
    }

    /// Every word in the name, SKUs or descriptions; or the phrase starting a SKU.
    fn matches(&self, row: &ListingRow) -> bool {
        self.phrase.is_empty()
            || self
                .words
                .iter()
                .all(|w| row.search_text.contains(w.as_str()))
            || (!row.sku_lower.is_empty() && row.sku_lower.starts_with(&self.phrase))
            || row
                .variation_skus
                .iter()
                .any(|sku| sku.starts_with(&self.phrase))
    }

    /// 0: the SKU itself; 1: in the name, or a SKU prefix; 2: elsewhere.
    fn rank(&self, row: &ListingRow) -> u8 {
        if !self.phrase.is_empty() && row.sku_lower == self.phrase {
            0
        } else if row.name_lower.contains(&self.phrase) || row.sku_lower.starts_with(&self.phrase) {
            1
        } else {
            2
        }
    }
}

/// The average rating rounded to whole stars, as WooCommerce rounds it (4.5 → 5).
fn stars(row: &ListingRow) -> i64 {
    (row.average_rating + 50) / 100
}

/// The page of products matching `query`, and how many match in all.
pub async fn find_products(db: &Db, query: &ProductQuery) -> DbResult<ListingPage> {
    let index = listing_index(db).await?;
    let key = format!("{query:?}");
    if let Some(Some(page)) = db
        .catalogue_cache()
        .with_memo(index.version, |m| m.pages.get(&key).cloned())
    {
        return Ok(page);
    }
    let page = find_in(&index, query);
    db.catalogue_cache()
        .with_memo(index.version, |m| m.pages.insert(key, page.clone()));
    Ok(page)
}

fn find_in(index: &super::index::ListingIndex, query: &ProductQuery) -> ListingPage {
    let search = Search::new(query);
    let mut found: Vec<&ListingRow> = index
        .rows
        .iter()
        .filter(|r| query.matches(r, None, &search))
        .collect();
    let total = i64::try_from(found.len()).unwrap_or(i64::MAX);
    query.sort(&mut found, &search);
    let ids = if query.per_page == 0 {
        found.iter().map(|r| ProductId(r.id)).collect()
    } else {
        let per_page = usize::try_from(query.per_page).unwrap_or(usize::MAX);
        let offset = usize::try_from(query.page.max(1) - 1)
            .unwrap_or(usize::MAX)
            .saturating_mul(per_page);
        found
            .iter()
            .skip(offset)
            .take(per_page)
            .map(|r| ProductId(r.id))
            .collect()
    };
    ListingPage { ids, total }
}

/// The counts for filters beside a listing: each attribute's terms counted with the other
/// filters applied (so choosing a colour still shows the other colours' counts).
pub async fn facets(db: &Db, query: &ProductQuery) -> DbResult<Facets> {
    let index = listing_index(db).await?;
    let key = format!("{query:?}");
    if let Some(Some(facets)) = db
        .catalogue_cache()
        .with_memo(index.version, |m| m.facets.get(&key).cloned())
    {
        return Ok(facets);
    }
    let facets = facets_in(&index, query);
    db.catalogue_cache()
        .with_memo(index.version, |m| m.facets.insert(key, facets.clone()));
    Ok(facets)
}

fn facets_in(index: &super::index::ListingIndex, query: &ProductQuery) -> Facets {
    let search = Search::new(query);
    let unpriced = ProductQuery {
        min_price: None,
        max_price: None,
        ..query.clone()
    };
    let filtered: Vec<i64> = query.attributes.iter().map(|f| f.attribute_id).collect();
    let mut facets = Facets::default();
    let mut range: Option<(i64, i64)> = None;
    for row in &index.rows {
        let matched = query.matches(row, None, &search);
        if matched {
            for category in &row.categories {
                *facets.categories.entry(*category).or_default() += 1;
            }
            if row.review_count > 0
                && let Ok(stars) = u8::try_from(stars(row))
            {
                *facets.ratings.entry(stars).or_default() += 1;
            }
            *facets
                .stock
                .entry(row.stock_status.as_str().to_owned())
                .or_default() += 1;
        }
        for (term, attribute) in &row.terms {
            // A filtered attribute's terms are counted without its own filter.
            let counts = if filtered.contains(attribute) {
                query.matches(row, Some(*attribute), &search)
            } else {
                matched
            };
            if counts {
                *facets.terms.entry(*term).or_default() += 1;
            }
        }
        if unpriced.matches(row, None, &search)
            && let (Some(low), Some(high)) = (row.price, row.price_max)
        {
            range = Some(range.map_or((low, high), |(a, b)| (a.min(low), b.max(high))));
        }
    }
    facets.price_range = range;
    facets
}
