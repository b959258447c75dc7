//! Categories, tags, global attributes and their terms.

use mercato_core::catalogue::{
    AttributeId, AttributeOrderBy, AttributeTerm, AttributeType, Category, CategoryId,
    CategoryTree, GlobalAttribute, HexColor, Image, Tag, TagId, TermId,
};
use sqlx::Row;

use crate::{Db, DbResult, now};

/// Every category, tag and global attribute with its terms, with product counts
/// (published, listed products only).
#[derive(Debug, Clone, Default)]
pub struct Taxonomy {
    /// Categories as a tree.
    pub categories: CategoryTree,
    /// Tags, by name.
    pub tags: Vec<Tag>,
    /// Global attributes with their terms in the attribute's order.
    pub attributes: Vec<GlobalAttribute>,
}

impl Taxonomy {
    /// The tag with this slug.
    pub fn tag_by_slug(&self, slug: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.slug == slug)
    }

    /// The global attribute with this slug (`color` or `pa_color`).
    pub fn attribute_by_slug(&self, slug: &str) -> Option<&GlobalAttribute> {
        // Stored slugs lack the `pa_` that core's `GlobalAttribute` documents; accept both.
        let bare = |s: &str| s.strip_prefix("pa_").unwrap_or(s).to_owned();
        let slug = bare(slug);
        self.attributes.iter().find(|a| bare(&a.slug) == slug)
    }
}

const LISTED: &str = "p.status = 'publish' and p.parent_id is null and p.visibility <> 'hidden'";

/// A category's products counted with those of its descendants, as WooCommerce counts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CategoryRollup {
    /// Listed products in the category or below it, each counted once.
    pub count: u32,
    /// Approved reviews of those products.
    pub review_count: u32,
}

/// [`CategoryRollup`] of every category that has listed products, in one query.
pub async fn category_rollups(db: &Db) -> DbResult<std::collections::HashMap<i64, CategoryRollup>> {
    // `union` (not `union all`) drops repeated pairs, so a cycle in bad data ends the recursion.
    let rows = sqlx::query(&format!(
        "with recursive tree (ancestor, id) as (
             select id, id from categories
             union
             select tree.ancestor, c.id from categories c join tree on c.parent_id = tree.id
         ),
         members as (
             select distinct tree.ancestor, pc.product_id
             from tree join product_categories pc on pc.category_id = tree.id
         )
         select m.ancestor, count(*), cast(coalesce(sum(p.review_count), 0) as bigint)
         from members m join products p on p.id = m.product_id
         where {LISTED}
         group by m.ancestor"
    ))
    .fetch_all(db.pool())
    .await?;
    let clamp = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get::<i64, _>(0)?,
                CategoryRollup {
                    count: clamp(row.try_get(1)?),
                    review_count: clamp(row.try_get(2)?),
                },
            ))
        })
        .collect()
}

/// The whole taxonomy, kept in memory per catalogue version.
pub async fn load_taxonomy(db: &Db) -> DbResult<Taxonomy> {
    Ok(super::index::cached_taxonomy(db).await?.as_ref().clone())
}

/// Loads the whole taxonomy: a handful of queries, whatever the catalogue size.
pub(crate) async fn load_taxonomy_uncached(db: &Db) -> DbResult<Taxonomy> {
    let pool = db.pool();
    let count_of = |rows: &[sqlx::any::AnyRow]| -> DbResult<std::collections::HashMap<i64, u32>> {
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get::<i64, _>(0)?,
                    u32::try_from(r.try_get::<i64, _>(1)?).unwrap_or(u32::MAX),
                ))
            })
            .collect()
    };
    let category_counts = count_of(
        &sqlx::query(&format!(
            "select pc.category_id, count(*) from product_categories pc join products p on p.id = pc.product_id
             where {LISTED} group by pc.category_id"
        ))
        .fetch_all(pool)
        .await?,
    )?;
    let tag_counts = count_of(
        &sqlx::query(&format!(
            "select pt.tag_id, count(*) from product_tags pt join products p on p.id = pt.product_id
             where {LISTED} group by pt.tag_id"
        ))
        .fetch_all(pool)
        .await?,
    )?;
    let term_counts = count_of(
        &sqlx::query(&format!(
            "select pt.term_id, count(*) from product_terms pt join products p on p.id = pt.product_id
             where {LISTED} group by pt.term_id"
        ))
        .fetch_all(pool)
        .await?,
    )?;

    let mut categories = Vec::new();
    for row in sqlx::query(
        "select id, parent_id, name, slug, description, image, menu_order from categories order by menu_order, name",
    )
    .fetch_all(pool)
    .await?
    {
        let id: i64 = row.try_get(0)?;
        categories.push(Category {
            id: CategoryId(id),
            parent: row.try_get::<Option<i64>, _>(1)?.map(CategoryId),
            name: row.try_get(2)?,
            slug: row.try_get(3)?,
            description: row.try_get(4)?,
            image: json_image(row.try_get(5)?)?,
            menu_order: row.try_get(6)?,
            count: category_counts.get(&id).copied().unwrap_or(0),
        });
    }
    let mut tags = Vec::new();
    for row in sqlx::query("select id, name, slug, description from tags order by name")
        .fetch_all(pool)
        .await?
    {
        let id: i64 = row.try_get(0)?;
        tags.push(Tag {
            id: TagId(id),
            name: row.try_get(1)?,
            slug: row.try_get(2)?,
            description: row.try_get(3)?,
            count: tag_counts.get(&id).copied().unwrap_or(0),
        });
    }
    let mut attributes = Vec::new();
    for row in sqlx::query(
        "select id, name, slug, kind, order_by, has_archives from attributes order by name",
    )
    .fetch_all(pool)
    .await?
    {
        attributes.push(GlobalAttribute {
            id: AttributeId(row.try_get(0)?),
            name: row.try_get(1)?,
            slug: row.try_get(2)?,
            kind: from_text(&row.try_get::<String, _>(3)?).unwrap_or(AttributeType::Select),
            order_by: from_text(&row.try_get::<String, _>(4)?)
                .unwrap_or(AttributeOrderBy::MenuOrder),
            has_archives: row.try_get::<i64, _>(5)? != 0,
            terms: Vec::new(),
        });
    }
    for row in sqlx::query(
        "select id, attribute_id, name, slug, description, menu_order, swatch_color, image
         from attribute_terms order by menu_order, name",
    )
    .fetch_all(pool)
    .await?
    {
        let id: i64 = row.try_get(0)?;
        let attribute_id: i64 = row.try_get(1)?;
        let term = AttributeTerm {
            id: TermId(id),
            name: row.try_get(2)?,
            slug: row.try_get(3)?,
            description: row.try_get(4)?,
            menu_order: row.try_get(5)?,
            swatch_color: row
                .try_get::<Option<String>, _>(6)?
                .and_then(|c| HexColor::parse(&c).ok()),
            image: json_image(row.try_get(7)?)?,
            count: term_counts.get(&id).copied().unwrap_or(0),
        };
        if let Some(attribute) = attributes.iter_mut().find(|a| a.id.0 == attribute_id) {
            attribute.terms.push(term);
        }
    }
    Ok(Taxonomy {
        categories: CategoryTree::new(categories),
        tags,
        attributes,
    })
}

fn json_image(text: Option<String>) -> DbResult<Option<Image>> {
    Ok(match text {
        Some(t) if !t.is_empty() => Some(serde_json::from_str(&t)?),
        _ => None,
    })
}

/// Reads an enum stored as its serde name.
pub(crate) fn from_text<T: serde::de::DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(text.to_owned())).ok()
}

/// Writes an enum as its serde name.
pub(crate) fn to_text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// Inserts (id 0) or updates a category; returns its id.
pub async fn save_category(db: &Db, category: &Category) -> DbResult<CategoryId> {
    let image = category
        .image
        .as_ref()
        .map(serde_json::to_string)
        .transpose()?;
    let at = now();
    let id = upsert(
        db,
        category.id.0,
        "insert into categories (parent_id, name, slug, description, image, menu_order, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7) returning id",
        "insert into categories (id, parent_id, name, slug, description, image, menu_order, created_at, updated_at)
         values ($8, $1, $2, $3, $4, $5, $6, $7, $7)
         on conflict (id) do update set parent_id = excluded.parent_id, name = excluded.name, slug = excluded.slug,
         description = excluded.description, image = excluded.image, menu_order = excluded.menu_order,
         updated_at = excluded.updated_at returning id",
        |q| {
            q.bind(category.parent.map(|p| p.0))
                .bind(category.name.clone())
                .bind(category.slug.clone())
                .bind(category.description.clone())
                .bind(image.clone())
                .bind(category.menu_order)
                .bind(at)
        },
    )
    .await?;
    super::bump_version(db.pool()).await?;
    db.catalogue_cache().mark_dirty();
    Ok(CategoryId(id))
}

/// Inserts (id 0) or updates a tag; returns its id.
pub async fn save_tag(db: &Db, tag: &Tag) -> DbResult<TagId> {
    let at = now();
    let id = upsert(
        db,
        tag.id.0,
        "insert into tags (name, slug, description, created_at, updated_at) values ($1, $2, $3, $4, $4) returning id",
        "insert into tags (id, name, slug, description, created_at, updated_at) values ($5, $1, $2, $3, $4, $4)
         on conflict (id) do update set name = excluded.name, slug = excluded.slug, description = excluded.description,
         updated_at = excluded.updated_at returning id",
        |q| {
            q.bind(tag.name.clone())
                .bind(tag.slug.clone())
                .bind(tag.description.clone())
                .bind(at)
        },
    )
    .await?;
    super::bump_version(db.pool()).await?;
    db.catalogue_cache().mark_dirty();
    Ok(TagId(id))
}

/// Inserts (id 0) or updates a global attribute (its terms are saved with [`save_term`]).
pub async fn save_attribute(db: &Db, attribute: &GlobalAttribute) -> DbResult<AttributeId> {
    let at = now();
    let id = upsert(
        db,
        attribute.id.0,
        "insert into attributes (name, slug, kind, order_by, has_archives, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $6) returning id",
        "insert into attributes (id, name, slug, kind, order_by, has_archives, created_at, updated_at)
         values ($7, $1, $2, $3, $4, $5, $6, $6)
         on conflict (id) do update set name = excluded.name, slug = excluded.slug, kind = excluded.kind,
         order_by = excluded.order_by, has_archives = excluded.has_archives, updated_at = excluded.updated_at
         returning id",
        |q| {
            q.bind(attribute.name.clone())
                .bind(attribute.slug.strip_prefix("pa_").unwrap_or(&attribute.slug).to_owned())
                .bind(to_text(&attribute.kind))
                .bind(to_text(&attribute.order_by))
                .bind(i64::from(attribute.has_archives))
                .bind(at)
        },
    )
    .await?;
    super::bump_version(db.pool()).await?;
    db.catalogue_cache().mark_dirty();
    Ok(AttributeId(id))
}

/// Inserts (id 0) or updates a term of `attribute`; returns its id.
pub async fn save_term(db: &Db, attribute: AttributeId, term: &AttributeTerm) -> DbResult<TermId> {
    let image = term.image.as_ref().map(serde_json::to_string).transpose()?;
    let at = now();
    let id = upsert(
        db,
        term.id.0,
        "insert into attribute_terms (attribute_id, name, slug, description, menu_order, swatch_color, image,
         created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id",
        "insert into attribute_terms (id, attribute_id, name, slug, description, menu_order, swatch_color, image,
         created_at, updated_at) values ($9, $1, $2, $3, $4, $5, $6, $7, $8, $8)
         on conflict (id) do update set attribute_id = excluded.attribute_id, name = excluded.name,
         slug = excluded.slug, description = excluded.description, menu_order = excluded.menu_order,
         swatch_color = excluded.swatch_color, image = excluded.image, updated_at = excluded.updated_at
         returning id",
        |q| {
            q.bind(attribute.0)
                .bind(term.name.clone())
                .bind(term.slug.clone())
                .bind(term.description.clone())
                .bind(term.menu_order)
                .bind(term.swatch_color.as_ref().map(|c| c.as_str().to_owned()))
                .bind(image.clone())
                .bind(at)
        },
    )
    .await?;
    super::bump_version(db.pool()).await?;
    db.catalogue_cache().mark_dirty();
    Ok(TermId(id))
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Runs `insert_sql` for id 0 (a new row), otherwise `upsert_sql` with the id bound last.
async fn upsert<'q>(
    db: &Db,
    id: i64,
    insert_sql: &'q str,
    upsert_sql: &'q str,
    bind: impl Fn(AnyQuery<'q>) -> AnyQuery<'q>,
) -> DbResult<i64> {
    let row = if id == 0 {
        bind(sqlx::query(insert_sql)).fetch_one(db.pool()).await?
    } else {
        let row = bind(sqlx::query(upsert_sql))
            .bind(id)
            .fetch_one(db.pool())
            .await?;
        crate::connect::sync_identity(db.backend(), db.pool(), table_of(insert_sql)).await?;
        row
    };
    Ok(row.try_get::<i64, _>(0)?)
}

fn table_of(insert_sql: &str) -> &str {
    insert_sql
        .trim_start()
        .strip_prefix("insert into ")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or("")
}
