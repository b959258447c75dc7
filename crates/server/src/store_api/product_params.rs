//! The parameters of `GET /products` (and `products/collection-data`, which takes the same),
//! read and checked before anything is looked up.

use super::params::{
    Checker, Invalid, MAX_LIST_ITEMS, Param, as_choice, as_list, as_text, php_integer,
};

/// How a term filter combines its terms (`category_operator`, `attributes[i][operator]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Operator {
    /// Any of them.
    #[default]
    In,
    /// None of them.
    NotIn,
    /// All of them.
    And,
}

const OPERATORS: &[&str] = &["in", "not_in", "and"];

impl Operator {
    fn from_choice(choice: &str) -> Self {
        match choice {
            "not_in" => Operator::NotIn,
            "and" => Operator::And,
            _ => Operator::In,
        }
    }
}

/// Terms named by id or slug, and how to combine them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TermFilter {
    /// Ids or slugs as sent.
    pub refs: Vec<String>,
    /// How they combine.
    pub operator: Operator,
}

/// Terms of a global attribute: ids win over slugs, as in WooCommerce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttributeTerms {
    /// `term_id`.
    Ids(Vec<i64>),
    /// `slug`.
    Slugs(Vec<String>),
}

/// One entry of `attributes`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeParam {
    /// `pa_color` (or the attribute's id).
    pub taxonomy: String,
    /// The chosen terms.
    pub terms: AttributeTerms,
    /// How they combine.
    pub operator: Operator,
}

/// Every `/products` parameter, checked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProductParams {
    /// Page, from 1.
    pub page: i64,
    /// Page size, 1–100.
    pub per_page: i64,
    /// Skip this many instead of paging.
    pub offset: Option<i64>,
    /// Search words (tags stripped, as `sanitize_text_field` does).
    pub search: Option<String>,
    /// Slugs (comma list).
    pub slugs: Vec<String>,
    /// SKUs (comma list).
    pub skus: Vec<String>,
    /// Only these ids.
    pub include: Vec<i64>,
    /// Not these ids.
    pub exclude: Vec<i64>,
    /// Parents (0 for products, a variable product for its variations).
    pub parent: Vec<i64>,
    /// Not these parents.
    pub parent_exclude: Vec<i64>,
    /// Product type.
    pub kind: Option<&'static str>,
    /// Featured or not.
    pub featured: Option<bool>,
    /// On sale or not.
    pub on_sale: Option<bool>,
    /// Categories.
    pub categories: TermFilter,
    /// Tags.
    pub tags: TermFilter,
    /// Global attribute filters.
    pub attributes: Vec<AttributeParam>,
    /// Lowest price, minor units.
    pub min_price: Option<i64>,
    /// Highest price, minor units.
    pub max_price: Option<i64>,
    /// Stock statuses.
    pub stock_status: Vec<&'static str>,
    /// `any`, `visible`, `catalog`, `search` or `hidden`.
    pub catalog_visibility: Option<&'static str>,
    /// Rounded average ratings.
    pub rating: Vec<i64>,
    /// Sort key.
    pub orderby: &'static str,
    /// `asc` or `desc`.
    pub order: &'static str,
}

/// `orderby` values: WooCommerce's, plus `relevance` (search results by match quality).
pub const ORDERBY: &[&str] = &[
    "date",
    "modified",
    "id",
    "include",
    "title",
    "slug",
    "price",
    "popularity",
    "rating",
    "menu_order",
    "comment_count",
    "relevance",
];

/// Product types `type` accepts.
pub const TYPES: &[&str] = &["simple", "grouped", "external", "variable", "variation"];

/// Stock statuses.
pub const STOCK_STATUSES: &[&str] = &["instock", "outofstock", "onbackorder"];

const VISIBILITIES: &[&str] = &["any", "visible", "catalog", "search", "hidden"];

impl ProductParams {
    /// Reads every parameter, recording failures in `check`.
    pub fn read(check: &mut Checker<'_>) -> Self {
        let mut params = ProductParams {
            page: check.integer("page", 1, Some(1), None),
            per_page: check.integer("per_page", 10, Some(1), Some(100)),
            ..ProductParams::default()
        };
        if let Some(offset) = check.text("offset") {
            match php_integer(&offset) {
                Some(n) => params.offset = Some(n.abs()),
                None => check.reject("offset", Invalid::not_of_type("offset", "integer")),
            }
        }
        params.search = check
            .text("search")
            .map(|s| sanitize_text(&s))
            .filter(|s| !s.is_empty());
        params.slugs = comma_list(check.text("slug"));
        params.skus = comma_list(check.text("sku"));
        params.include = check.id_list("include");
        params.exclude = check.id_list("exclude");
        params.parent = check.id_list("parent");
        params.parent_exclude = check.id_list("parent_exclude");
        params.kind = check.optional_choice("type", TYPES);
        params.featured = check.boolean("featured");
        params.on_sale = check.boolean("on_sale");
        params.categories = term_filter(check, "category");
        params.tags = term_filter(check, "tag");
        params.attributes = check.object_list("attributes", MAX_LIST_ITEMS, attribute_param);
        // `attribute` + `attribute_term`: the admin REST API's single-attribute filter.
        if let Some(taxonomy) = check.text("attribute") {
            let ids = check.id_list("attribute_term");
            if !ids.is_empty() {
                params.attributes.push(AttributeParam {
                    taxonomy,
                    terms: AttributeTerms::Ids(ids),
                    operator: Operator::In,
                });
            }
        }
        params.min_price = price(check, "min_price");
        params.max_price = price(check, "max_price");
        params.stock_status = check.choice_list("stock_status", STOCK_STATUSES);
        params.catalog_visibility = check.optional_choice("catalog_visibility", VISIBILITIES);
        params.rating = check.id_list("rating");
        params.orderby = check.choice("orderby", ORDERBY, "date");
        params.order = check.choice("order", &["asc", "desc"], "desc");
        // Accepted as WordPress does, with nothing to filter by.
        check.optional_choice("attribute_relation", &["in", "and"]);
        params
    }
}

fn term_filter(check: &mut Checker<'_>, name: &str) -> TermFilter {
    // `wp_parse_list`: commas and spaces separate, nothing else is tried.
    let refs = check.text_list(name);
    let operator = check.choice(&format!("{name}_operator"), OPERATORS, "in");
    TermFilter {
        refs,
        operator: Operator::from_choice(operator),
    }
}

/// A price in minor units; WooCommerce takes any string here, we take whole numbers.
fn price(check: &mut Checker<'_>, name: &str) -> Option<i64> {
    let text = check.text(name)?;
    if text.trim().is_empty() {
        return None;
    }
    match php_integer(&text) {
        Some(n) if n >= 0 => Some(n),
        Some(_) => {
            check.reject(name, Invalid::not_of_type(name, "non-negative integer"));
            None
        }
        None => {
            check.reject(name, Invalid::not_of_type(name, "integer"));
            None
        }
    }
}

fn attribute_param(fields: &[(String, Param)], path: &str) -> Result<AttributeParam, Invalid> {
    let field = |name: &str| fields.iter().find(|(k, _)| k == name).map(|(_, v)| v);
    let taxonomy = match field("attribute") {
        Some(value) => as_text(value, &format!("{path}[attribute]"))?
            .trim()
            .to_lowercase(),
        None => String::new(),
    };
    let operator = match field("operator") {
        Some(value) => {
            Operator::from_choice(as_choice(value, &format!("{path}[operator]"), OPERATORS)?)
        }
        None => Operator::In,
    };
    let mut ids = Vec::new();
    if let Some(value) = field("term_id") {
        let name = format!("{path}[term_id]");
        for (i, item) in bounded(as_list(value, &name)?, &name)?.iter().enumerate() {
            let item_path = format!("{name}[{i}]");
            let text = as_text(item, &item_path)?;
            ids.push(php_integer(text).ok_or_else(|| Invalid::not_of_type(&item_path, "integer"))?);
        }
    }
    let mut slugs = Vec::new();
    if let Some(value) = field("slug") {
        let name = format!("{path}[slug]");
        for (i, item) in bounded(as_list(value, &name)?, &name)?.iter().enumerate() {
            slugs.push(as_text(item, &format!("{name}[{i}]"))?.to_owned());
        }
    }
    let terms = if ids.is_empty() {
        AttributeTerms::Slugs(slugs)
    } else {
        AttributeTerms::Ids(ids)
    };
    Ok(AttributeParam {
        taxonomy,
        terms,
        operator,
    })
}

fn bounded(items: Vec<Param>, path: &str) -> Result<Vec<Param>, Invalid> {
    if items.len() > MAX_LIST_ITEMS {
        Err(Invalid::too_many_items(path, MAX_LIST_ITEMS))
    } else {
        Ok(items)
    }
}

/// `a,b, c` → `[a, b, c]`, and the whole string too when it holds several (WooCommerce also
/// tries a slug or SKU that itself contains a comma).
fn comma_list(text: Option<String>) -> Vec<String> {
    let Some(text) = text else { return Vec::new() };
    let mut items: Vec<String> = text
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    if items.len() > 1 {
        items.push(text.trim().to_owned());
    }
    items.truncate(MAX_LIST_ITEMS);
    items
}

/// `sanitize_text_field`: tags (and the content of `script` and `style`) removed, whitespace
/// collapsed.
pub fn sanitize_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let tag = &rest[open..];
        let lower = tag.to_ascii_lowercase();
        let skip_to = if lower.starts_with("<script") || lower.starts_with("<style") {
            let closing = if lower.starts_with("<script") {
                "</script>"
            } else {
                "</style>"
            };
            lower.find(closing).map(|i| i + closing.len())
        } else {
            lower.find('>').map(|i| i + 1)
        };
        match skip_to {
            Some(end) => rest = &tag[end..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store_api::params::Params;

    fn read(query: &str) -> Result<ProductParams, serde_json::Value> {
        let params = Params::from_query(Some(query));
        let mut check = Checker::new(&params);
        let read = ProductParams::read(&mut check);
        check
            .finish()
            .map(|()| read)
            .map_err(|e| serde_json::to_value(e).expect("json"))
    }

    #[test]
    fn defaults() {
        let p = read("").expect("valid");
        assert_eq!(
            (p.page, p.per_page, p.orderby, p.order),
            (1, 10, "date", "desc")
        );
        assert_eq!(p.categories.operator, Operator::In);
    }

    #[test]
    fn attributes_in_every_shape() {
        let p = read(
            "attributes[0][attribute]=pa_color&attributes[0][slug][]=red&attributes[0][slug][]=blue\
             &attributes[1][attribute]=pa_size&attributes[1][term_id]=25,26&attributes[1][operator]=and",
        )
        .expect("valid");
        assert_eq!(
            p.attributes[0].terms,
            AttributeTerms::Slugs(vec!["red".into(), "blue".into()])
        );
        assert_eq!(p.attributes[1].terms, AttributeTerms::Ids(vec![25, 26]));
        assert_eq!(p.attributes[1].operator, Operator::And);
    }

    #[test]
    fn malformed_attributes_name_the_field() {
        let cases = [
            ("attributes=red", "attributes[0] is not of type object."),
            (
                "attributes[x][attribute]=pa_color",
                "attributes is not of type array.",
            ),
            (
                "attributes[0][operator]=or",
                "attributes[0][operator] is not one of in, not_in, and and.",
            ),
            (
                "attributes[0][term_id][]=red",
                "attributes[0][term_id][0] is not of type integer.",
            ),
            (
                "attributes[0][attribute][]=pa_color",
                "attributes[0][attribute] is not of type string.",
            ),
        ];
        for (query, message) in cases {
            let error = read(query).expect_err(query);
            assert_eq!(error["data"]["params"]["attributes"], message, "{query}");
        }
    }

    #[test]
    fn search_is_sanitised() {
        let p = read("search=%3Cscript%3Ealert(1)%3C/script%3E%20hoodie%20%3Cb%3Eblue%3C/b%3E")
            .expect("valid");
        assert_eq!(p.search.as_deref(), Some("hoodie blue"));
        assert_eq!(sanitize_text("<p>unclosed <b"), "unclosed");
        assert_eq!(sanitize_text("it's \"fine\"; --"), "it's \"fine\"; --");
    }
}
