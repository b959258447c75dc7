//! Writing products and their variations.

use mercato_core::catalogue::{Product, ProductFamily, ProductId, ProductType, Variation};
use sqlx::{Any, Row, Transaction};

use super::taxonomy::to_text;
use crate::{Backend, Db, DbError, DbResult, now};

/// Writes products inside one transaction (an import writes thousands at once); readers see
/// all of them or none, and the catalogue version moves once, on commit.
pub struct CatalogueWriter {
    cache: std::sync::Arc<super::index::CatalogueCache>,
    tx: Transaction<'static, Any>,
    backend: Backend,
    explicit_ids: bool,
}

impl CatalogueWriter {
    /// Starts writing.
    pub async fn begin(db: &Db) -> DbResult<Self> {
        Ok(Self {
            cache: db.catalogue_cache_handle(),
            tx: db.begin_write().await?,
            backend: db.backend(),
            explicit_ids: false,
        })
    }

    /// Saves `product` and, for a variable product, exactly these `variations` (others of
    /// the product are deleted). A zero id means new: the id given is written back, as are
    /// a slug made unique and the variations' parent id.
    pub async fn save_product(
        &mut self,
        product: &mut Product,
        variations: &mut [Variation],
    ) -> DbResult<ProductId> {
        self.save(product, variations, false).await
    }

    /// Saves a product the caller knows is new, with the ids it gave (an import plans them):
    /// as [`Self::save_product`], without clearing links and variations it cannot have yet.
    pub async fn insert_product(
        &mut self,
        product: &mut Product,
        variations: &mut [Variation],
    ) -> DbResult<ProductId> {
        self.save(product, variations, true).await
    }

    async fn save(
        &mut self,
        product: &mut Product,
        variations: &mut [Variation],
        fresh: bool,
    ) -> DbResult<ProductId> {
        // Core's rules for add-on groups hold for every writer (import, admin, demo).
        mercato_core::catalogue::validate_addon_groups(&product.addons)
            .map_err(|e| DbError::Invalid(format!("{}: {e}", product.name)))?;
        let at = now();
        if product.created_at == 0 {
            product.created_at = at;
        }
        product.modified_at = at;
        if product.slug.is_empty() {
            product.slug = mercato_core::catalogue::slugify(&product.name);
        }
        product.slug = self.unique_slug(&product.slug, product.id).await?;
        if product.id.0 == 0 {
            let row = sqlx::query(
                "insert into products (kind, status, visibility, slug, name, stock_status, data, created_at, updated_at)
                 values ('simple', 'draft', 'hidden', $1, '', 'instock', '{}', $2, $2) returning id",
            )
            .bind(product.slug.clone())
            .bind(at)
            .fetch_one(&mut *self.tx)
            .await?;
            product.id = ProductId(row.try_get(0)?);
        } else {
            self.explicit_ids = true;
        }
        if product.kind != ProductType::Variable && !fresh {
            // Only variable products have variations.
            sqlx::query("delete from products where parent_id = $1")
                .bind(product.id.0)
                .execute(&mut *self.tx)
                .await?;
        }
        for variation in variations.iter_mut() {
            variation.parent_id = product.id;
        }

        let family = ProductFamily::new(product).with_variations(variations);
        let range = family.price_range(at);
        let (price, price_max) = match range {
            Some(r) => (Some(r.min.minor()), Some(r.max.minor())),
            None => {
                let p = family.current_price(at).map(|m| m.minor());
                (p, p)
            }
        };
        let on_sale = family.is_on_sale(at);
        let stock_status = family.stock_status();
        let search = search_text(product, variations);
        let data = serde_json::to_string(&*product)?;
        let stock = &product.stock;
        let result = sqlx::query(
            "insert into products (id, parent_id, kind, status, visibility, slug, sku, name, featured, menu_order,
                price, price_max, on_sale, stock_managed, stock_quantity, stock_status, backorders,
                average_rating, review_count, total_sales, search_text, data, created_at, updated_at)
             values ($1, null, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                $21, $22, $23)
             on conflict (id) do update set parent_id = null, kind = excluded.kind, status = excluded.status,
                visibility = excluded.visibility, slug = excluded.slug, sku = excluded.sku, name = excluded.name,
                featured = excluded.featured, menu_order = excluded.menu_order, price = excluded.price,
                price_max = excluded.price_max, on_sale = excluded.on_sale, stock_managed = excluded.stock_managed,
                stock_quantity = excluded.stock_quantity, stock_status = excluded.stock_status,
                backorders = excluded.backorders, average_rating = excluded.average_rating,
                review_count = excluded.review_count, total_sales = excluded.total_sales,
                search_text = excluded.search_text, data = excluded.data, updated_at = excluded.updated_at",
        )
        .bind(product.id.0)
        .bind(product.kind.as_str())
        .bind(to_text(&product.status))
        .bind(product.catalog_visibility.as_str())
        .bind(product.slug.clone())
        .bind(non_empty(&product.sku))
        .bind(product.name.clone())
        .bind(i64::from(product.featured))
        .bind(product.menu_order)
        .bind(price)
        .bind(price_max)
        .bind(i64::from(on_sale))
        .bind(i64::from(stock.managed))
        .bind(stock.quantity.filter(|_| stock.managed))
        .bind(stock_status.as_str())
        .bind(to_text(&stock.backorders))
        .bind(i64::from(product.average_rating.0))
        .bind(i64::from(product.review_count))
        .bind(i64::try_from(product.total_sales).unwrap_or(i64::MAX))
        .bind(search)
        .bind(data)
        .bind(product.created_at)
        .bind(at)
        .execute(&mut *self.tx)
        .await;
        result.map_err(|e| duplicate_or(e, &product.sku, &product.slug))?;

        self.save_links(product, fresh).await?;
        self.save_variations(product, variations, fresh).await?;
        Ok(product.id)
    }

    async fn save_links(&mut self, product: &Product, fresh: bool) -> DbResult<()> {
        use super::sql::Sql;
        let id = product.id.0;
        if !fresh {
            for table in ["product_categories", "product_tags", "product_terms"] {
                sqlx::query(&format!("delete from {table} where product_id = $1"))
                    .bind(id)
                    .execute(&mut *self.tx)
                    .await?;
            }
        }
        // One statement per table however many links: an import writes thousands of products.
        let categories: Vec<Vec<i64>> =
            product.category_ids.iter().map(|c| vec![id, c.0]).collect();
        let tags: Vec<Vec<i64>> = product.tag_ids.iter().map(|t| vec![id, t.0]).collect();
        let terms: Vec<Vec<i64>> = product
            .attributes
            .iter()
            .filter_map(|a| a.attribute_id.map(|attribute| (attribute, &a.options)))
            .flat_map(|(attribute, options)| {
                options
                    .iter()
                    .filter_map(move |o| o.term_id.map(|term| vec![id, term.0, attribute.0]))
            })
            .collect();
        for (insert, rows) in [
            (
                "insert into product_categories (product_id, category_id) values ",
                categories,
            ),
            (
                "insert into product_tags (product_id, tag_id) values ",
                tags,
            ),
            (
                "insert into product_terms (product_id, term_id, attribute_id) values ",
                terms,
            ),
        ] {
            if rows.is_empty() {
                continue;
            }
            let mut sql = Sql::new(insert);
            for (i, row) in rows.iter().enumerate() {
                sql.push(if i == 0 { "(" } else { ", (" });
                sql.bind_list(row).push(")");
            }
            sql.push(" on conflict do nothing");
            sql.fetch_all(&mut *self.tx).await?;
        }
        Ok(())
    }

    async fn save_variations(
        &mut self,
        product: &Product,
        variations: &mut [Variation],
        fresh: bool,
    ) -> DbResult<()> {
        let at = now();
        if !fresh {
            let keep: Vec<i64> = variations
                .iter()
                .map(|v| v.id.0)
                .filter(|id| *id != 0)
                .collect();
            let mut delete = super::sql::Sql::new("delete from products where parent_id = ");
            delete.bind(super::sql::Arg::Int(product.id.0));
            if !keep.is_empty() {
                delete.push(" and id not in (").bind_list(&keep).push(")");
            }
            delete.fetch_all(&mut *self.tx).await?;
        }

        for variation in variations.iter_mut() {
            if variation.id.0 == 0 {
                let row = sqlx::query(
                    "insert into products (parent_id, kind, status, visibility, slug, name, stock_status, data,
                     created_at, updated_at) values ($1, 'variation', 'private', 'hidden', '', '', 'instock', '{}', $2, $2)
                     returning id",
                )
                .bind(product.id.0)
                .bind(at)
                .fetch_one(&mut *self.tx)
                .await?;
                variation.id = ProductId(row.try_get(0)?);
            } else {
                self.explicit_ids = true;
            }
            let price = variation.current_price(at).map(|m| m.minor());
            let stock = variation.effective_stock(product);
            let status = if variation.enabled {
                "publish"
            } else {
                "private"
            };
            let name = format!("{} - {}", product.name, variation_label(variation));
            let result = sqlx::query(
                "insert into products (id, parent_id, kind, status, visibility, slug, sku, name, featured, menu_order,
                    price, price_max, on_sale, stock_managed, stock_quantity, stock_status, backorders, search_text,
                    data, created_at, updated_at)
                 values ($1, $2, 'variation', $3, 'hidden', '', $4, $5, 0, $6, $7, $7, $8, $9, $10, $11, $12, '', $13,
                    $14, $14)
                 on conflict (id) do update set parent_id = excluded.parent_id, kind = 'variation',
                    status = excluded.status, sku = excluded.sku, name = excluded.name,
                    menu_order = excluded.menu_order, price = excluded.price, price_max = excluded.price_max,
                    on_sale = excluded.on_sale, stock_managed = excluded.stock_managed,
                    stock_quantity = excluded.stock_quantity, stock_status = excluded.stock_status,
                    backorders = excluded.backorders, data = excluded.data, updated_at = excluded.updated_at",
            )
            .bind(variation.id.0)
            .bind(product.id.0)
            .bind(status)
            .bind(non_empty(&variation.sku))
            .bind(name)
            .bind(variation.menu_order)
            .bind(price)
            .bind(i64::from(variation.is_on_sale(at)))
            .bind(i64::from(variation.stock.managed))
            .bind(variation.stock.quantity.filter(|_| variation.stock.managed))
            .bind(stock.status().as_str())
            .bind(to_text(&variation.stock.backorders))
            .bind(serde_json::to_string(&*variation)?)
            .bind(at)
            .execute(&mut *self.tx)
            .await;
            result.map_err(|e| duplicate_or(e, &variation.sku, ""))?;
        }
        Ok(())
    }

    /// `slug`, or `slug-2`, `slug-3` ... when another product has it.
    async fn unique_slug(&mut self, slug: &str, own: ProductId) -> DbResult<String> {
        let mut candidate = slug.to_owned();
        for n in 2.. {
            let taken = sqlx::query(
                "select id from products where slug = $1 and parent_id is null and id <> $2",
            )
            .bind(candidate.clone())
            .bind(own.0)
            .fetch_optional(&mut *self.tx)
            .await?
            .is_some();
            if !taken {
                break;
            }
            candidate = format!("{slug}-{n}");
        }
        Ok(candidate)
    }

    /// The open transaction, for the bulk-import statements in `bulk.rs`.
    pub(super) fn transaction(&mut self) -> &mut Transaction<'static, Any> {
        &mut self.tx
    }

    /// Commits everything written, moving the catalogue version once.
    pub async fn commit(mut self) -> DbResult<()> {
        if self.explicit_ids {
            crate::connect::sync_identity(self.backend, &mut *self.tx, "products").await?;
        }
        super::bump_version(&mut *self.tx).await?;
        self.tx.commit().await?;
        self.cache.mark_dirty();
        Ok(())
    }
}

/// Deletes a product with its variations, links and reviews.
pub async fn delete_product(db: &Db, id: ProductId) -> DbResult<bool> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query("delete from products where id = $1 and parent_id is null")
        .bind(id.0)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    super::bump_version(&mut *tx).await?;
    tx.commit().await?;
    db.catalogue_cache().mark_dirty();
    Ok(done > 0)
}

fn non_empty(text: &str) -> Option<String> {
    let trimmed = text.trim();
    (!trimmed.is_empty()).then(|| trimmed.to_owned())
}

fn variation_label(variation: &Variation) -> String {
    variation
        .attributes
        .iter()
        .map(|a| {
            if a.value.is_empty() {
                "Any"
            } else {
                a.value.as_str()
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn duplicate_or(error: sqlx::Error, sku: &str, slug: &str) -> DbError {
    let unique = error
        .as_database_error()
        .is_some_and(|e| e.is_unique_violation());
    if unique {
        DbError::Duplicate(format!(
            "the SKU {sku:?} or slug {slug:?} is already used by another product"
        ))
    } else {
        DbError::Sql(error)
    }
}

/// What search matches: name, SKUs (the product's and its variations') and the
/// descriptions as plain text, lower-cased.
fn search_text(product: &Product, variations: &[Variation]) -> String {
    let mut text = String::new();
    for part in [product.name.as_str(), product.sku.as_str()] {
        text.push_str(part);
        text.push('\n');
    }
    for variation in variations {
        if !variation.sku.is_empty() {
            text.push_str(&variation.sku);
            text.push('\n');
        }
    }
    text.push_str(&strip_tags(&product.short_description));
    text.push('\n');
    text.push_str(&strip_tags(&product.description));
    text.to_lowercase()
}

/// The text of some HTML: tags dropped, entities left as they are.
fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_dropped_from_search_text() {
        assert_eq!(
            strip_tags("<p>Soft <b>cotton</b></p>")
                .split_whitespace()
                .collect::<Vec<_>>(),
            ["Soft", "cotton"]
        );
    }
}
