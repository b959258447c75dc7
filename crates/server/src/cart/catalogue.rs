//! The catalogue records a cart refers to, loaded together (a fixed number of queries
//! whatever the number of lines), and the stock other shoppers' checkouts hold.

use std::collections::HashMap;

use mercato_core::catalogue::{Product, ProductId, ProductType, Variation};
use mercato_db::{Db, DbResult, catalogue, stock_holds};

use super::document::StoredItem;
use super::lines::Line;

/// Products, variations and held stock for a set of lines.
#[derive(Debug, Clone, Default)]
pub struct CartCatalogue {
    products: HashMap<i64, Product>,
    variations: HashMap<i64, Variation>,
    held: HashMap<i64, i64>,
}

impl CartCatalogue {
    /// Loads what `items` refer to, with the stock held at `now`. `cart_key` names the cart
    /// whose own checkout draft holds nothing against it.
    pub async fn load(
        db: &Db,
        items: &[StoredItem],
        cart_key: Option<&str>,
        now: i64,
    ) -> DbResult<Self> {
        CartCatalogue::default()
            .complete(db, items, cart_key, now)
            .await
    }

    /// Completes a catalogue that already holds the records of some of `items` (a product a
    /// write has just read, with all its variations): loads the records of the other lines
    /// and the stock held against every line, so the result is what [`Self::load`] gives.
    pub async fn complete(
        mut self,
        db: &Db,
        items: &[StoredItem],
        cart_key: Option<&str>,
        now: i64,
    ) -> DbResult<Self> {
        let mut ids: Vec<ProductId> = Vec::new();
        for item in items {
            let id = ProductId(item.product_id);
            if !ids.contains(&id) && !self.products.contains_key(&id.0) {
                ids.push(id);
            }
        }
        let products: HashMap<i64, Product> = catalogue::products_by_ids(db, &ids)
            .await?
            .into_iter()
            .map(|p| (p.id.0, p))
            .collect();
        let variable: Vec<ProductId> = products
            .values()
            .filter(|p| p.kind == ProductType::Variable)
            .filter(|p| {
                items
                    .iter()
                    .any(|i| i.product_id == p.id.0 && i.variation_id.is_some())
            })
            .map(|p| p.id)
            .collect();
        let variations = catalogue::variations_of_many(db, &variable).await?;
        self.products.extend(products);
        self.variations
            .extend(variations.into_iter().map(|v| (v.id.0, v)));
        let stock_ids: Vec<i64> = items
            .iter()
            .filter_map(|item| self.line(item))
            .filter(|line| line.stock().managed)
            .map(|line| line.stock_id())
            .collect();
        self.held = stock_holds::held_quantities(db, &stock_ids, cart_key, now).await?;
        Ok(self)
    }

    /// A catalogue of the given records (a product being added, with its variations).
    pub fn of(products: Vec<Product>, variations: Vec<Variation>, held: HashMap<i64, i64>) -> Self {
        CartCatalogue {
            products: products.into_iter().map(|p| (p.id.0, p)).collect(),
            variations: variations.into_iter().map(|v| (v.id.0, v)).collect(),
            held,
        }
    }

    /// The line of `item` with its records; `None` when its product or variation is gone
    /// (deleted, or a variation that no longer belongs to the product).
    pub fn line<'a>(&'a self, item: &'a StoredItem) -> Option<Line<'a>> {
        let product = self.products.get(&item.product_id)?;
        let variation = match item.variation_id {
            Some(id) => {
                let variation = self.variations.get(&id)?;
                if variation.parent_id != product.id {
                    return None;
                }
                Some(variation)
            }
            None => None,
        };
        Some(Line {
            item,
            product,
            variation,
        })
    }

    /// Stock held by other checkouts on the id stock is counted on.
    pub fn held(&self, stock_id: i64) -> i64 {
        self.held.get(&stock_id).copied().unwrap_or(0)
    }

    /// A product by id.
    pub fn product(&self, id: i64) -> Option<&Product> {
        self.products.get(&id)
    }
}
