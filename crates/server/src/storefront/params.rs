//! What a listing URL asks for (sort order, filters, search), read leniently: a value that
//! does not parse, or names no attribute, term or category, is dropped, never an error.

use mercato_core::catalogue::StockStatus;
use mercato_core::money::{Currency, Money};
use mercato_db::catalogue::{AttributeFilter, ProductQuery, Taxonomy};

pub use super::sort::SortOption;

/// The longest search text kept; anything longer is cut (no one types more).
const MAX_SEARCH_CHARS: usize = 100;
/// The most terms one attribute filter keeps.
const MAX_TERMS: usize = 50;

/// A chosen term of an attribute filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenTerm {
    /// Term id.
    pub id: i64,
    /// Term slug (the URL value).
    pub slug: String,
    /// Display name.
    pub name: String,
}

/// `filter_{slug}=a,b` with its `query_type_{slug}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeSelection {
    /// The attribute's slug without `pa_` (`color`).
    pub slug: String,
    /// Its label.
    pub label: String,
    /// Its id.
    pub attribute_id: i64,
    /// The chosen terms, in the order given.
    pub terms: Vec<ChosenTerm>,
    /// Any of the terms (`query_type=or`) rather than all of them.
    pub any: bool,
}

/// Everything a listing URL asks for besides the page number.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListingFilters {
    /// The sort order; `None`: the listing's default.
    pub sort: Option<SortOption>,
    /// Attribute filters, one per attribute.
    pub attributes: Vec<AttributeSelection>,
    /// Lowest price.
    pub min_price: Option<Money>,
    /// Highest price.
    pub max_price: Option<Money>,
    /// Star ratings, highest first.
    pub ratings: Vec<u8>,
    /// Stock statuses.
    pub stock: Vec<StockStatus>,
    /// Search words.
    pub search: Option<String>,
    /// Search within this category (slug).
    pub search_category: Option<String>,
}

impl ListingFilters {
    /// Reads the query `pairs` against the shop's taxonomy.
    pub fn from_pairs(
        pairs: &[(String, String)],
        taxonomy: &Taxonomy,
        currency: &Currency,
    ) -> Self {
        let mut filters = ListingFilters::default();
        let mut any_of: Vec<String> = Vec::new();
        for (key, value) in pairs {
            match key.as_str() {
                "orderby" => filters.sort = SortOption::parse(value),
                "min_price" => filters.min_price = parse_price(value, currency),
                "max_price" => filters.max_price = parse_price(value, currency),
                "rating_filter" => filters.ratings = parse_ratings(value),
                "stock_status" => filters.stock = parse_stock(value),
                "s" => filters.search = clean_search(value),
                "product_cat" => {
                    filters.search_category = taxonomy
                        .categories
                        .by_slug(value.trim())
                        .map(|c| c.slug.clone());
                }
                _ => {
                    if let Some(slug) = key.strip_prefix("filter_") {
                        filters.add_attribute(slug, value, taxonomy);
                    } else if let Some(slug) = key.strip_prefix("query_type_")
                        && value.trim().eq_ignore_ascii_case("or")
                    {
                        any_of.push(slug.strip_prefix("pa_").unwrap_or(slug).to_owned());
                    }
                }
            }
        }
        for selection in &mut filters.attributes {
            selection.any = any_of.contains(&selection.slug);
        }
        if let (Some(min), Some(max)) = (filters.min_price, filters.max_price)
            && min > max
        {
            filters.min_price = Some(max);
            filters.max_price = Some(min);
        }
        filters
    }

    fn add_attribute(&mut self, slug: &str, value: &str, taxonomy: &Taxonomy) {
        let Some(attribute) = taxonomy.attribute_by_slug(slug) else {
            return;
        };
        let slug = attribute
            .slug
            .strip_prefix("pa_")
            .unwrap_or(&attribute.slug)
            .to_owned();
        let mut terms: Vec<ChosenTerm> = Vec::new();
        for wanted in value
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .take(MAX_TERMS)
        {
            let Some(term) = attribute
                .terms
                .iter()
                .find(|t| t.slug.eq_ignore_ascii_case(wanted))
            else {
                continue;
            };
            if !terms.iter().any(|t| t.id == term.id.0) {
                terms.push(ChosenTerm {
                    id: term.id.0,
                    slug: term.slug.clone(),
                    name: term.name.clone(),
                });
            }
        }
        if terms.is_empty() {
            return;
        }
        match self.attributes.iter_mut().find(|a| a.slug == slug) {
            Some(existing) => existing.terms = terms,
            None => self.attributes.push(AttributeSelection {
                slug,
                label: attribute.name.clone(),
                attribute_id: attribute.id.0,
                terms,
                any: false,
            }),
        }
    }

    /// Whether any filter narrows the listing (sorting and search do not count).
    pub fn is_filtered(&self) -> bool {
        !self.attributes.is_empty()
            || self.min_price.is_some()
            || self.max_price.is_some()
            || !self.ratings.is_empty()
            || !self.stock.is_empty()
    }

    /// Narrows `query` by these filters and sets its order (`default` when none is chosen).
    pub fn apply(&self, query: &mut ProductQuery, default: SortOption) {
        query.order = self.sort.unwrap_or(default).order();
        query.attributes = self
            .attributes
            .iter()
            .map(|a| AttributeFilter {
                attribute_id: a.attribute_id,
                term_ids: a.terms.iter().map(|t| t.id).collect(),
                all: !a.any,
            })
            .collect();
        query.min_price = self.min_price.map(Money::minor);
        query.max_price = self.max_price.map(Money::minor);
        query.ratings.clone_from(&self.ratings);
        query.stock_statuses.clone_from(&self.stock);
        query.search.clone_from(&self.search);
    }

    /// The canonical query pairs (page number excluded), with `default` sorting left out.
    pub fn pairs(&self, default: SortOption, currency: &Currency) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut push = |k: &str, v: String| pairs.push((k.to_owned(), v));
        if let Some(search) = &self.search {
            push("s", search.clone());
            push("post_type", "product".to_owned());
            if let Some(category) = &self.search_category {
                push("product_cat", category.clone());
            }
        }
        for a in &self.attributes {
            let slugs: Vec<&str> = a.terms.iter().map(|t| t.slug.as_str()).collect();
            push(&format!("filter_{}", a.slug), slugs.join(","));
            if a.any {
                push(&format!("query_type_{}", a.slug), "or".to_owned());
            }
        }
        if let Some(min) = self.min_price {
            push("min_price", price_text(min, currency));
        }
        if let Some(max) = self.max_price {
            push("max_price", price_text(max, currency));
        }
        if !self.ratings.is_empty() {
            let list: Vec<String> = self.ratings.iter().map(u8::to_string).collect();
            push("rating_filter", list.join(","));
        }
        if !self.stock.is_empty() {
            let list: Vec<&str> = self.stock.iter().map(|s| s.as_str()).collect();
            push("stock_status", list.join(","));
        }
        if let Some(sort) = self.sort.filter(|s| *s != default) {
            push("orderby", sort.as_str().to_owned());
        }
        pairs
    }

    /// The same filters with `term` of `attribute` added or, when chosen, removed. Terms
    /// chosen from the sidebar combine with "or": a shopper picking blue and red wants both.
    #[must_use]
    pub fn toggling_term(&self, attribute: &AttributeSelection, term: &ChosenTerm) -> Self {
        let mut next = self.clone();
        match next
            .attributes
            .iter_mut()
            .position(|a| a.slug == attribute.slug)
        {
            Some(i) => {
                let selection = &mut next.attributes[i];
                if let Some(at) = selection.terms.iter().position(|t| t.id == term.id) {
                    selection.terms.remove(at);
                    if selection.terms.is_empty() {
                        next.attributes.remove(i);
                    }
                } else {
                    selection.terms.push(term.clone());
                    selection.any = true;
                }
            }
            None => next.attributes.push(AttributeSelection {
                terms: vec![term.clone()],
                any: true,
                ..attribute.clone()
            }),
        }
        next
    }

    /// The same filters with `stars` added to or removed from the rating filter.
    #[must_use]
    pub fn toggling_rating(&self, stars: u8) -> Self {
        let mut next = self.clone();
        if let Some(at) = next.ratings.iter().position(|r| *r == stars) {
            next.ratings.remove(at);
        } else {
            next.ratings.push(stars);
            next.ratings.sort_unstable_by(|a, b| b.cmp(a));
        }
        next
    }

    /// The same filters with the stock filter set to `status` or cleared.
    #[must_use]
    pub fn toggling_stock(&self, status: StockStatus) -> Self {
        let mut next = self.clone();
        if next.stock.contains(&status) {
            next.stock.retain(|s| *s != status);
        } else {
            next.stock.push(status);
        }
        next
    }

    /// The same filters without a price range.
    #[must_use]
    pub fn without_price(&self) -> Self {
        ListingFilters {
            min_price: None,
            max_price: None,
            ..self.clone()
        }
    }

    /// Only the sort order and search of these filters.
    #[must_use]
    pub fn cleared(&self) -> Self {
        ListingFilters {
            sort: self.sort,
            search: self.search.clone(),
            search_category: self.search_category.clone(),
            ..ListingFilters::default()
        }
    }
}

/// A price filter value in major units, as WooCommerce's price filter widget sends it.
fn parse_price(text: &str, currency: &Currency) -> Option<Money> {
    let text = text.trim();
    if text.is_empty() || text.len() > 24 {
        return None;
    }
    Money::from_decimal_str_rounded(text, currency.minor_unit)
        .ok()
        .filter(|m| !m.is_negative())
}

/// A price for the URL and the form: `25` or `25.50`.
pub fn price_text(amount: Money, currency: &Currency) -> String {
    let text = amount.to_decimal_string(currency.minor_unit);
    match text.split_once('.') {
        Some((whole, fraction)) if fraction.bytes().all(|b| b == b'0') => whole.to_owned(),
        _ => text,
    }
}

fn parse_ratings(text: &str) -> Vec<u8> {
    let mut ratings: Vec<u8> = text
        .split(',')
        .filter_map(|r| r.trim().parse::<u8>().ok())
        .filter(|r| (1..=5).contains(r))
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    ratings.dedup();
    ratings
}

fn parse_stock(text: &str) -> Vec<StockStatus> {
    let mut statuses: Vec<StockStatus> = Vec::new();
    for part in text.split(',') {
        let status = match part.trim() {
            "instock" => StockStatus::InStock,
            "outofstock" => StockStatus::OutOfStock,
            "onbackorder" => StockStatus::OnBackorder,
            _ => continue,
        };
        if !statuses.contains(&status) {
            statuses.push(status);
        }
    }
    statuses
}

/// Search text trimmed, its whitespace collapsed, cut to a sane length; `None` when empty.
pub fn clean_search(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let joined = words.join(" ");
    let cut: String = joined
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_SEARCH_CHARS)
        .collect();
    let cut = cut.trim().to_owned();
    (!cut.is_empty()).then_some(cut)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mercato_core::catalogue::{AttributeId, AttributeTerm, GlobalAttribute, TermId};

    fn taxonomy() -> Taxonomy {
        let mut color = GlobalAttribute::new(AttributeId(1), "Color");
        color.terms = vec![
            AttributeTerm::new(TermId(10), "Blue"),
            AttributeTerm::new(TermId(11), "Red"),
        ];
        Taxonomy {
            attributes: vec![color],
            ..Taxonomy::default()
        }
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn good_values_are_read_and_bad_ones_dropped() {
        let currency = Currency::default();
        let filters = ListingFilters::from_pairs(
            &pairs(&[
                ("filter_color", "red,<script>,blue,red"),
                ("query_type_color", "or"),
                ("filter_size", "large"),
                ("min_price", "abc"),
                ("max_price", "40.5"),
                ("rating_filter", "5,9,x,4"),
                ("stock_status", "instock,nope"),
                ("orderby", "price-desc"),
            ]),
            &taxonomy(),
            &currency,
        );
        assert_eq!(filters.attributes.len(), 1);
        let slugs: Vec<&str> = filters.attributes[0]
            .terms
            .iter()
            .map(|t| t.slug.as_str())
            .collect();
        assert_eq!(slugs, ["red", "blue"]);
        assert!(filters.attributes[0].any);
        assert_eq!(filters.min_price, None);
        assert_eq!(filters.max_price, Some(Money::from_minor(4050)));
        assert_eq!(filters.ratings, [5, 4]);
        assert_eq!(filters.stock, [StockStatus::InStock]);
        assert_eq!(filters.sort, Some(SortOption::PriceDesc));
        assert_eq!(
            with_query(&filters),
            "/shop/?filter_color=red,blue&query_type_color=or&max_price=40.50&rating_filter=5,4&stock_status=instock&orderby=price-desc"
        );
    }

    fn with_query(filters: &ListingFilters) -> String {
        super::super::urls::with_query(
            "/shop/",
            &filters.pairs(SortOption::MenuOrder, &Currency::default()),
        )
    }

    #[test]
    fn toggles_add_and_remove() {
        let currency = Currency::default();
        let filters =
            ListingFilters::from_pairs(&pairs(&[("filter_color", "blue")]), &taxonomy(), &currency);
        let selection = filters.attributes[0].clone();
        let red = ChosenTerm {
            id: 11,
            slug: "red".into(),
            name: "Red".into(),
        };
        let both = filters.toggling_term(&selection, &red);
        assert_eq!(
            with_query(&both),
            "/shop/?filter_color=blue,red&query_type_color=or"
        );
        let blue = selection.terms[0].clone();
        assert_eq!(
            with_query(&filters.toggling_term(&selection, &blue)),
            "/shop/"
        );
        assert_eq!(
            with_query(&filters.toggling_rating(4).toggling_rating(5)),
            "/shop/?filter_color=blue&rating_filter=5,4"
        );
        assert_eq!(with_query(&filters.cleared()), "/shop/");
    }

    #[test]
    fn prices_swap_and_print_plainly() {
        let currency = Currency::default();
        let filters = ListingFilters::from_pairs(
            &pairs(&[("min_price", "50"), ("max_price", "10")]),
            &taxonomy(),
            &currency,
        );
        assert_eq!(filters.min_price, Some(Money::from_minor(1000)));
        assert_eq!(price_text(Money::from_minor(5000), &currency), "50");
        assert_eq!(price_text(Money::from_minor(5050), &currency), "50.50");
        assert_eq!(parse_price("-5", &currency), None);
        assert_eq!(parse_price("99999999999999999999999", &currency), None);
    }

    #[test]
    fn search_text_is_tidied() {
        assert_eq!(
            clean_search("  hoodie \t blue "),
            Some("hoodie blue".into())
        );
        assert_eq!(clean_search("   "), None);
        assert_eq!(
            clean_search(&"x".repeat(500)).map(|s| s.len()),
            Some(MAX_SEARCH_CHARS)
        );
    }
}
