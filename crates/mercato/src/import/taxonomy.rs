//! The shop's categories, tags and global attributes in memory for the length of an import:
//! what the rows need is created once up front, then every row looks names up without a query.

use std::collections::HashSet;

use mercato_core::catalogue::{
    AttributeId, AttributeTerm, Category, CategoryId, GlobalAttribute, Tag, TagId, TermId, slugify,
    taxonomy_name,
};
use mercato_core::csv_format::{ProductRow, Reference};
use mercato_db::DbResult;
use mercato_db::catalogue::{CatalogueWriter, Taxonomy};

/// Categories, tags and attributes, with lookups by name the way WooCommerce matches terms
/// (name without regard to case, else slug).
#[derive(Debug, Default, Clone)]
pub(crate) struct TaxonomyCache {
    pub categories: Vec<Category>,
    pub tags: Vec<Tag>,
    /// Attributes with `slug` as the taxonomy (`pa_color`).
    pub attributes: Vec<GlobalAttribute>,
    /// Ids given to what a dry run would create (negative, never written).
    next_fake: i64,
    /// How many of each were created: categories, tags, attributes, terms.
    pub created: [usize; 4],
}

fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// Where new taxonomy goes: the writer's transaction, or nowhere (a dry run).
pub(crate) enum Sink<'a> {
    Write(&'a mut CatalogueWriter),
    DryRun,
}

impl TaxonomyCache {
    /// The cache of a loaded taxonomy.
    pub fn new(taxonomy: Taxonomy) -> Self {
        let attributes = taxonomy
            .attributes
            .into_iter()
            .map(|mut a| {
                a.slug = taxonomy_name(&a.slug);
                a
            })
            .collect();
        TaxonomyCache {
            categories: taxonomy.categories.all().to_vec(),
            tags: taxonomy.tags,
            attributes,
            next_fake: 0,
            created: [0; 4],
        }
    }

    pub fn category(&self, path: &[String]) -> Option<CategoryId> {
        let mut parent = None;
        for name in path {
            parent = Some(self.child(parent, name)?.id);
        }
        parent
    }

    fn child(&self, parent: Option<CategoryId>, name: &str) -> Option<&Category> {
        let siblings = || self.categories.iter().filter(move |c| c.parent == parent);
        siblings()
            .find(|c| same(&c.name, name))
            .or_else(|| siblings().find(|c| c.slug == slugify(name)))
    }

    pub fn tag(&self, name: &str) -> Option<TagId> {
        self.tags
            .iter()
            .find(|t| same(&t.name, name))
            .or_else(|| self.tags.iter().find(|t| t.slug == slugify(name)))
            .map(|t| t.id)
    }

    pub fn attribute(&self, name: &str) -> Option<&GlobalAttribute> {
        self.attributes
            .iter()
            .find(|a| same(&a.name, name))
            .or_else(|| {
                self.attributes
                    .iter()
                    .find(|a| a.slug == taxonomy_name(name))
            })
    }

    pub fn term(attribute: &GlobalAttribute, value: &str) -> Option<TermId> {
        attribute
            .terms
            .iter()
            .find(|t| same(&t.name, value))
            .or_else(|| attribute.term_by_slug(&slugify(value)))
            .map(|t| t.id)
    }

    fn fake_id(&mut self) -> i64 {
        self.next_fake -= 1;
        self.next_fake
    }

    /// Creates the categories, tags, attributes and terms `rows` name that do not exist yet.
    pub async fn ensure<'r>(
        &mut self,
        rows: impl Iterator<Item = &'r ProductRow>,
        mut sink: Sink<'_>,
    ) -> DbResult<()> {
        for row in rows {
            for path in &row.categories {
                let mut parent = None;
                for name in path {
                    parent = Some(match self.child(parent, name) {
                        Some(found) => found.id,
                        None => self.create_category(parent, name, &mut sink).await?,
                    });
                }
            }
            for name in &row.tags {
                if self.tag(name).is_none() {
                    let mut tag = Tag::new(TagId(0), name.trim());
                    tag.slug = unique(&tag.slug, self.tags.iter().map(|t| t.slug.as_str()));
                    tag.id = match &mut sink {
                        Sink::Write(writer) => writer.insert_tag(&tag).await?,
                        Sink::DryRun => TagId(self.fake_id()),
                    };
                    self.tags.push(tag);
                    self.created[1] += 1;
                }
            }
            for attribute in row.attributes.iter().filter(|a| a.global == Some(true)) {
                let at = match self
                    .attributes
                    .iter()
                    .position(|a| Some(a.id) == self.attribute(&attribute.name).map(|b| b.id))
                {
                    Some(at) => at,
                    None => {
                        let mut global =
                            GlobalAttribute::new(AttributeId(0), attribute.name.trim());
                        global.id = match &mut sink {
                            Sink::Write(writer) => writer.insert_attribute(&global).await?,
                            Sink::DryRun => AttributeId(self.fake_id()),
                        };
                        self.attributes.push(global);
                        self.created[2] += 1;
                        self.attributes.len() - 1
                    }
                };
                for value in attribute.values.iter().filter(|v| !v.is_empty()) {
                    if Self::term(&self.attributes[at], value).is_some() {
                        continue;
                    }
                    let global = &self.attributes[at];
                    let mut term = AttributeTerm::new(TermId(0), value.trim());
                    term.slug = unique(&term.slug, global.terms.iter().map(|t| t.slug.as_str()));
                    term.menu_order = global
                        .terms
                        .iter()
                        .map(|t| t.menu_order + 1)
                        .max()
                        .unwrap_or(0);
                    let attribute_id = global.id;
                    term.id = match &mut sink {
                        Sink::Write(writer) => writer.insert_term(attribute_id, &term).await?,
                        Sink::DryRun => TermId(self.fake_id()),
                    };
                    self.attributes[at].terms.push(term);
                    self.created[3] += 1;
                }
            }
        }
        Ok(())
    }

    async fn create_category(
        &mut self,
        parent: Option<CategoryId>,
        name: &str,
        sink: &mut Sink<'_>,
    ) -> DbResult<CategoryId> {
        let mut category = Category::new(CategoryId(0), name.trim());
        category.parent = parent;
        category.slug = unique(
            &category.slug,
            self.categories.iter().map(|c| c.slug.as_str()),
        );
        category.id = match sink {
            Sink::Write(writer) => writer.insert_category(&category).await?,
            Sink::DryRun => CategoryId(self.fake_id()),
        };
        let id = category.id;
        self.categories.push(category);
        self.created[0] += 1;
        Ok(id)
    }
}

/// `slug`, or `slug-2`, `slug-3` ... when taken.
fn unique<'a>(slug: &str, taken: impl Iterator<Item = &'a str>) -> String {
    let taken: HashSet<&str> = taken.collect();
    let base = if slug.is_empty() { "term" } else { slug };
    let mut candidate = base.to_owned();
    let mut n = 2;
    while taken.contains(candidate.as_str()) {
        candidate = format!("{base}-{n}");
        n += 1;
    }
    candidate
}

/// `id:NN` or SKU, for messages.
pub(crate) fn describe(reference: &Reference) -> String {
    match reference {
        Reference::Id(id) => format!("id:{id}"),
        Reference::Sku(sku) => format!("SKU \"{sku}\""),
    }
}
