//! From the storage query to the page of products (or variations) it lists. Unpublished
//! products are never listed; hidden ones are, unless the client asks for a catalogue
//! visibility that leaves them out (`resolve`).

use mercato_core::catalogue::{Product, ProductId, ProductType};
use mercato_db::DbResult;
use mercato_db::catalogue::{self, ProductQuery};

use super::product_params::ProductParams;
pub use super::resolve::{Resolved, resolve};
use super::views::{Entry, viewable_entry};
use crate::state::AppState;

/// One page of a listing, and how many entries there are in all.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    /// The entries of the page.
    pub entries: Vec<Entry>,
    /// Entries on all pages.
    pub total: i64,
}

/// The page of entries `params` asks for.
pub async fn find(
    state: &AppState,
    params: &ProductParams,
    resolved: &Resolved,
) -> DbResult<Listing> {
    if params.kind == Some("variation") {
        return super::variation_listing::find(state, params, resolved).await;
    }
    let in_memory = params.offset.is_some()
        || params.orderby == "include"
        || (!resolved.sku_variations.is_empty() && params.kind.is_none());
    if !in_memory {
        if resolved.nothing {
            return Ok(Listing::default());
        }
        let page = catalogue::find_products(&state.db, &resolved.query).await?;
        let products = catalogue::products_by_ids(&state.db, &page.ids).await?;
        return Ok(Listing {
            entries: products
                .into_iter()
                .map(|p| Entry::Product(Box::new(p)))
                .collect(),
            total: page.total,
        });
    }

    // Orders storage cannot give (the include list's, an offset, variations beside
    // products): every matching id, arranged and cut here.
    let mut ids: Vec<ProductId> = if resolved.nothing {
        Vec::new()
    } else {
        let all = ProductQuery {
            per_page: 0,
            ..resolved.query.clone()
        };
        catalogue::find_products(&state.db, &all).await?.ids
    };
    if params.orderby == "include" {
        ids.sort_by_key(|id| params.include.iter().position(|i| *i == id.0));
    }
    let mut slots: Vec<Slot> = ids.into_iter().map(Slot::Product).collect();
    if params.kind.is_none() {
        slots.extend(
            resolved
                .sku_variations
                .iter()
                .map(|id| Slot::Variation(*id)),
        );
    }
    let total = i64::try_from(slots.len()).unwrap_or(i64::MAX);
    let start = params
        .offset
        .unwrap_or_else(|| (params.page - 1).saturating_mul(params.per_page));
    let page: Vec<Slot> = slots
        .into_iter()
        .skip(usize::try_from(start).unwrap_or(usize::MAX))
        .take(usize::try_from(params.per_page).unwrap_or(100))
        .collect();
    Ok(Listing {
        entries: load(state, &page).await?,
        total,
    })
}

#[derive(Debug, Clone, Copy)]
enum Slot {
    Product(ProductId),
    Variation(i64),
}

async fn load(state: &AppState, slots: &[Slot]) -> DbResult<Vec<Entry>> {
    let product_ids: Vec<ProductId> = slots
        .iter()
        .filter_map(|s| match s {
            Slot::Product(id) => Some(*id),
            Slot::Variation(_) => None,
        })
        .collect();
    let mut products: Vec<Option<Product>> = catalogue::products_by_ids(&state.db, &product_ids)
        .await?
        .into_iter()
        .map(Some)
        .collect();
    let mut entries = Vec::with_capacity(slots.len());
    for slot in slots {
        match slot {
            Slot::Product(id) => {
                if let Some(product) = products
                    .iter_mut()
                    .find(|p| p.as_ref().is_some_and(|p| p.id == *id))
                    .and_then(Option::take)
                {
                    entries.push(Entry::Product(Box::new(product)));
                }
            }
            Slot::Variation(id) => {
                if let Some(entry) = viewable_entry(state, *id).await? {
                    entries.push(entry);
                }
            }
        }
    }
    Ok(entries)
}

/// Whether `product` is a variable product shoppers can see.
pub fn is_listed_variable(product: &Product) -> bool {
    product.kind == ProductType::Variable
        && product.is_published()
        && product.catalog_visibility != mercato_core::catalogue::CatalogVisibility::Hidden
}
