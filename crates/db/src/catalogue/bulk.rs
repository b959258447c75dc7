//! What a bulk import needs beyond single saves: taxonomy inserts inside the writer's
//! transaction (so an all-or-nothing import is one transaction), the keys of every product
//! in one query, and side records kept beside products.

use mercato_core::catalogue::{
    AttributeId, AttributeTerm, Category, CategoryId, GlobalAttribute, Tag, TagId, TermId,
};
use sqlx::Row;

use super::taxonomy::to_text;
use super::write::CatalogueWriter;
use crate::{Db, DbResult, now};

/// The identity of one product or variation row, for matching imported rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductKey {
    /// Id.
    pub id: i64,
    /// The variable product of a variation.
    pub parent_id: Option<i64>,
    /// SKU, when it has one.
    pub sku: Option<String>,
    /// `simple`, `variable`, `grouped`, `external` or `variation`.
    pub kind: String,
}

/// Id, parent, SKU and kind of every product and variation, in id order.
pub async fn product_keys(db: &Db) -> DbResult<Vec<ProductKey>> {
    let rows = sqlx::query("select id, parent_id, sku, kind from products order by id")
        .fetch_all(db.pool())
        .await?;
    rows.iter()
        .map(|row| {
            Ok(ProductKey {
                id: row.try_get(0)?,
                parent_id: row.try_get(1)?,
                sku: row.try_get(2)?,
                kind: row.try_get(3)?,
            })
        })
        .collect()
}

/// Every option whose name starts with `prefix`, as (name, JSON text).
pub async fn options_with_prefix(db: &Db, prefix: &str) -> DbResult<Vec<(String, String)>> {
    let rows =
        sqlx::query("select name, value from options where name like $1 escape '\\' order by name")
            .bind(format!("{}%", super::sql::like_escape(prefix)))
            .fetch_all(db.pool())
            .await?;
    rows.iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
        .collect()
}

impl CatalogueWriter {
    /// Inserts a new category (its id is ignored); returns the id given.
    pub async fn insert_category(&mut self, category: &Category) -> DbResult<CategoryId> {
        let image = category
            .image
            .as_ref()
            .map(serde_json::to_string)
            .transpose()?;
        let row = sqlx::query(
            "insert into categories (parent_id, name, slug, description, image, menu_order, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $7) returning id",
        )
        .bind(category.parent.map(|p| p.0))
        .bind(category.name.clone())
        .bind(category.slug.clone())
        .bind(category.description.clone())
        .bind(image)
        .bind(category.menu_order)
        .bind(now())
        .fetch_one(&mut **self.transaction())
        .await?;
        Ok(CategoryId(row.try_get(0)?))
    }

    /// Inserts a new tag; returns its id.
    pub async fn insert_tag(&mut self, tag: &Tag) -> DbResult<TagId> {
        let row = sqlx::query(
            "insert into tags (name, slug, description, created_at, updated_at) values ($1, $2, $3, $4, $4) returning id",
        )
        .bind(tag.name.clone())
        .bind(tag.slug.clone())
        .bind(tag.description.clone())
        .bind(now())
        .fetch_one(&mut **self.transaction())
        .await?;
        Ok(TagId(row.try_get(0)?))
    }

    /// Inserts a new global attribute (not its terms); returns its id.
    pub async fn insert_attribute(&mut self, attribute: &GlobalAttribute) -> DbResult<AttributeId> {
        let row = sqlx::query(
            "insert into attributes (name, slug, kind, order_by, has_archives, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $6) returning id",
        )
        .bind(attribute.name.clone())
        .bind(attribute.slug.strip_prefix("pa_").unwrap_or(&attribute.slug).to_owned())
        .bind(to_text(&attribute.kind))
        .bind(to_text(&attribute.order_by))
        .bind(i64::from(attribute.has_archives))
        .bind(now())
        .fetch_one(&mut **self.transaction())
        .await?;
        Ok(AttributeId(row.try_get(0)?))
    }

    /// Inserts a new term of `attribute`; returns its id.
    pub async fn insert_term(
        &mut self,
        attribute: AttributeId,
        term: &AttributeTerm,
    ) -> DbResult<TermId> {
        let image = term.image.as_ref().map(serde_json::to_string).transpose()?;
        let row = sqlx::query(
            "insert into attribute_terms (attribute_id, name, slug, description, menu_order, swatch_color, image,
             created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id",
        )
        .bind(attribute.0)
        .bind(term.name.clone())
        .bind(term.slug.clone())
        .bind(term.description.clone())
        .bind(term.menu_order)
        .bind(term.swatch_color.as_ref().map(|c| c.as_str().to_owned()))
        .bind(image)
        .bind(now())
        .fetch_one(&mut **self.transaction())
        .await?;
        Ok(TermId(row.try_get(0)?))
    }

    /// Sets (or, with `None`, removes) an option in this transaction.
    pub async fn put_option(&mut self, name: &str, json: Option<&str>) -> DbResult<()> {
        match json {
            Some(value) => {
                sqlx::query(
                    "insert into options (name, value, created_at, updated_at) values ($1, $2, $3, $3)
                     on conflict (name) do update set value = excluded.value, updated_at = excluded.updated_at",
                )
                .bind(name.to_owned())
                .bind(value.to_owned())
                .bind(now())
                .execute(&mut **self.transaction())
                .await?;
            }
            None => {
                sqlx::query("delete from options where name = $1")
                    .bind(name.to_owned())
                    .execute(&mut **self.transaction())
                    .await?;
            }
        }
        Ok(())
    }
}
