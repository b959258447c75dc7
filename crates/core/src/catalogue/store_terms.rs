//! Store API objects of the term routes: `products/categories`, `products/tags`,
//! `products/attributes` and an attribute's `terms`.

use serde::Serialize;

use super::attributes::{AttributeTerm, GlobalAttribute};
use super::display::ViewContext;
use super::ids::CategoryId;
use super::store_product::store_image;
use super::store_view::StoreImage;
use super::taxonomy::{CategoryTree, Tag};

/// A category as `products/categories` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoreCategory {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Slug.
    pub slug: String,
    /// Description (HTML).
    pub description: String,
    /// Parent id, 0 at the top level.
    pub parent: i64,
    /// Products in it.
    pub count: u32,
    /// Thumbnail or null.
    pub image: Option<StoreImage>,
    /// Approved reviews of its products.
    pub review_count: u32,
    /// Archive page.
    pub permalink: String,
}

/// A tag or attribute term as the term routes list it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoreTerm {
    /// Id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Slug.
    pub slug: String,
    /// Description.
    pub description: String,
    /// Parent id (always 0: tags and attribute terms are flat).
    pub parent: i64,
    /// Products using it.
    pub count: u32,
}

/// A global attribute as `products/attributes` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StoreAttributeSummary {
    /// Id.
    pub id: i64,
    /// Label.
    pub name: String,
    /// `pa_color`.
    pub taxonomy: String,
    /// `select` or `color`.
    #[serde(rename = "type")]
    pub kind: super::attributes::AttributeType,
    /// Term order (`menu_order` ...).
    pub order: &'static str,
    /// Has archive pages.
    pub has_archives: bool,
    /// Products using it.
    pub count: u32,
}

/// One category; `review_count` comes from storage. `None` for an unknown id.
pub fn store_category(
    tree: &CategoryTree,
    id: CategoryId,
    review_count: u32,
    ctx: &ViewContext<'_>,
) -> Option<StoreCategory> {
    let category = tree.get(id)?;
    Some(StoreCategory {
        id: category.id.0,
        name: category.name.clone(),
        slug: category.slug.clone(),
        description: category.description.clone(),
        parent: category
            .parent
            .filter(|p| tree.get(*p).is_some())
            .map_or(0, |p| p.0),
        count: category.count,
        image: category.image.as_ref().map(store_image),
        review_count,
        permalink: ctx.category_url(&tree.slug_path(id)),
    })
}

/// One tag.
pub fn store_tag(tag: &Tag) -> StoreTerm {
    StoreTerm {
        id: tag.id.0,
        name: tag.name.clone(),
        slug: tag.slug.clone(),
        description: tag.description.clone(),
        parent: 0,
        count: tag.count,
    }
}

/// One attribute term.
pub fn store_attribute_term(term: &AttributeTerm) -> StoreTerm {
    StoreTerm {
        id: term.id.0,
        name: term.name.clone(),
        slug: term.slug.clone(),
        description: term.description.clone(),
        parent: 0,
        count: term.count,
    }
}

/// One global attribute; `count` (products using it) comes from storage.
pub fn store_attribute_summary(attribute: &GlobalAttribute, count: u32) -> StoreAttributeSummary {
    StoreAttributeSummary {
        id: attribute.id.0,
        name: attribute.name.clone(),
        taxonomy: attribute.slug.clone(),
        kind: attribute.kind,
        order: attribute.order_by.as_str(),
        has_archives: attribute.has_archives,
        count,
    }
}
