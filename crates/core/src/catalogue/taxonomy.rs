//! Categories (a tree) and tags.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::ids::{CategoryId, TagId};
use super::product::Image;
use super::slug::slugify;

/// A product category.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Category {
    /// Id.
    pub id: CategoryId,
    /// Display name.
    pub name: String,
    /// URL slug.
    pub slug: String,
    /// Parent category; `None` at the top level.
    pub parent: Option<CategoryId>,
    /// Description (HTML).
    pub description: String,
    /// Thumbnail.
    pub image: Option<Image>,
    /// Manual sort position.
    pub menu_order: i64,
    /// Number of products in it.
    pub count: u32,
}

impl Category {
    /// A top-level category with its slug derived from the name.
    pub fn new(id: CategoryId, name: &str) -> Self {
        Category {
            id,
            name: name.to_owned(),
            slug: slugify(name),
            ..Category::default()
        }
    }

    /// The same category under `parent`.
    pub fn under(mut self, parent: CategoryId) -> Self {
        self.parent = Some(parent);
        self
    }
}

/// A product tag.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Tag {
    /// Id.
    pub id: TagId,
    /// Display name.
    pub name: String,
    /// URL slug.
    pub slug: String,
    /// Description.
    pub description: String,
    /// Number of products with it.
    pub count: u32,
}

impl Tag {
    /// A tag with its slug derived from the name.
    pub fn new(id: TagId, name: &str) -> Self {
        Tag {
            id,
            name: name.to_owned(),
            slug: slugify(name),
            ..Tag::default()
        }
    }
}

/// All categories, indexed for path and descendant look-ups. Cycles in bad data are cut.
#[derive(Debug, Clone, Default)]
pub struct CategoryTree {
    categories: Vec<Category>,
    index: HashMap<CategoryId, usize>,
    children: HashMap<Option<CategoryId>, Vec<usize>>,
}

impl CategoryTree {
    /// Indexes `categories`; siblings are kept in menu order, then name.
    pub fn new(categories: Vec<Category>) -> Self {
        let index: HashMap<CategoryId, usize> = categories
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id, i))
            .collect();
        let mut children: HashMap<Option<CategoryId>, Vec<usize>> = HashMap::new();
        for (position, category) in categories.iter().enumerate() {
            // A parent that does not exist puts the category at the top level.
            let parent = category
                .parent
                .filter(|p| index.contains_key(p) && *p != category.id);
            children.entry(parent).or_default().push(position);
        }
        for list in children.values_mut() {
            list.sort_by(|&a, &b| {
                let (a, b) = (&categories[a], &categories[b]);
                a.menu_order
                    .cmp(&b.menu_order)
                    .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
            });
        }
        CategoryTree {
            categories,
            index,
            children,
        }
    }

    /// Every category, in the order given.
    pub fn all(&self) -> &[Category] {
        &self.categories
    }

    /// The category with this id.
    pub fn get(&self, id: CategoryId) -> Option<&Category> {
        self.index.get(&id).map(|&i| &self.categories[i])
    }

    /// The category with this slug.
    pub fn by_slug(&self, slug: &str) -> Option<&Category> {
        self.categories.iter().find(|c| c.slug == slug)
    }

    /// Direct children of `parent` (`None`: the top level), in menu order.
    pub fn children(&self, parent: Option<CategoryId>) -> Vec<&Category> {
        self.children.get(&parent).map_or_else(Vec::new, |list| {
            list.iter().map(|&i| &self.categories[i]).collect()
        })
    }

    /// The chain from the top-level ancestor down to `id` itself; empty for an unknown id.
    pub fn path(&self, id: CategoryId) -> Vec<&Category> {
        let mut chain = Vec::new();
        let mut current = self.get(id);
        while let Some(category) = current {
            if chain.iter().any(|c: &&Category| c.id == category.id) {
                break;
            }
            chain.push(category);
            current = category.parent.and_then(|p| self.get(p));
        }
        chain.reverse();
        chain
    }

    /// The path as names, e.g. `Clothing > Hoodies`.
    pub fn path_label(&self, id: CategoryId) -> String {
        self.path(id)
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>()
            .join(" > ")
    }

    /// The path as slugs, e.g. `clothing/hoodies` (the category's permalink path).
    pub fn slug_path(&self, id: CategoryId) -> String {
        self.path(id)
            .iter()
            .map(|c| c.slug.as_str())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// Every category below `id` (children, grandchildren ...), breadth first, without `id`.
    pub fn descendants(&self, id: CategoryId) -> Vec<CategoryId> {
        let mut found: Vec<CategoryId> = Vec::new();
        let mut queue = vec![id];
        while let Some(next) = queue.pop() {
            for child in self.children(Some(next)) {
                if child.id != id && !found.contains(&child.id) {
                    found.push(child.id);
                    queue.insert(0, child.id);
                }
            }
        }
        found
    }

    /// `id` and its descendants: the set a "products in this category" filter uses.
    pub fn with_descendants(&self, id: CategoryId) -> Vec<CategoryId> {
        let mut all = vec![id];
        all.extend(self.descendants(id));
        all
    }

    /// The category reached by following names from the top (`["Clothing", "Hoodies"]`),
    /// compared case-insensitively, as the CSV `Clothing > Hoodies` form names it.
    pub fn find_by_names(&self, names: &[&str]) -> Option<&Category> {
        let mut parent: Option<CategoryId> = None;
        let mut found = None;
        for name in names {
            let wanted = name.trim().to_lowercase();
            let next = self
                .children(parent)
                .into_iter()
                .find(|c| c.name.to_lowercase() == wanted)?;
            parent = Some(next.id);
            found = Some(next);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shop() -> CategoryTree {
        CategoryTree::new(vec![
            Category::new(CategoryId(19), "Accessories").under(CategoryId(16)),
            Category::new(CategoryId(16), "Clothing"),
            Category::new(CategoryId(21), "Decor"),
            Category::new(CategoryId(18), "Hoodies").under(CategoryId(16)),
            Category::new(CategoryId(20), "Music"),
            Category::new(CategoryId(17), "Tshirts").under(CategoryId(16)),
            Category::new(CategoryId(30), "Zip Hoodies").under(CategoryId(18)),
        ])
    }

    #[test]
    fn paths() {
        let tree = shop();
        assert_eq!(tree.path_label(CategoryId(18)), "Clothing > Hoodies");
        assert_eq!(
            tree.path_label(CategoryId(30)),
            "Clothing > Hoodies > Zip Hoodies"
        );
        assert_eq!(tree.slug_path(CategoryId(19)), "clothing/accessories");
        assert_eq!(tree.path_label(CategoryId(21)), "Decor");
        assert_eq!(tree.path_label(CategoryId(999)), "");
    }

    #[test]
    fn descendants_and_children() {
        let tree = shop();
        let ids = |v: Vec<CategoryId>| v.into_iter().map(|c| c.0).collect::<Vec<_>>();
        assert_eq!(ids(tree.descendants(CategoryId(16))), [19, 18, 17, 30]);
        assert_eq!(ids(tree.descendants(CategoryId(18))), [30]);
        assert!(tree.descendants(CategoryId(21)).is_empty());
        assert_eq!(ids(tree.with_descendants(CategoryId(18))), [18, 30]);
        let top: Vec<&str> = tree
            .children(None)
            .iter()
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(top, ["Clothing", "Decor", "Music"]);
        assert_eq!(
            tree.find_by_names(&["clothing", " Hoodies "]).map(|c| c.id),
            Some(CategoryId(18))
        );
        assert!(tree.find_by_names(&["Hoodies"]).is_none());
    }

    #[test]
    fn cycles_do_not_hang() {
        let tree = CategoryTree::new(vec![
            Category::new(CategoryId(1), "A").under(CategoryId(2)),
            Category::new(CategoryId(2), "B").under(CategoryId(1)),
            Category::new(CategoryId(3), "Self").under(CategoryId(3)),
        ]);
        assert_eq!(tree.path_label(CategoryId(1)), "B > A");
        assert_eq!(tree.descendants(CategoryId(1)), vec![CategoryId(2)]);
        assert_eq!(tree.path_label(CategoryId(3)), "Self");
    }
}
