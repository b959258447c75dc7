//! Turning stored products into Store API product objects: the relatives each one's rules
//! need (variations, grouped children) are loaded together, in a fixed number of queries
//! whatever the page size.

use std::collections::HashMap;

use axum::http::HeaderMap;
use mercato_core::catalogue::{
    Product, ProductFamily, ProductId, ProductType, StoreProduct, Taxonomies, Variation,
    ViewContext, store_product, store_variation_product,
};
use mercato_db::DbResult;
use mercato_db::catalogue::{self, Taxonomy};

use crate::state::AppState;

/// What every view of a request shares: where the shop lives and the time.
pub struct Shop {
    /// Absolute base URL for permalinks.
    pub base_url: String,
    /// Now, unix seconds.
    pub now: i64,
}

impl Shop {
    /// The shop as the request at hand sees it.
    pub fn for_request(state: &AppState, headers: &HeaderMap) -> Self {
        Self {
            base_url: state.config.base_url(headers),
            now: state.clock.now(),
        }
    }

    /// The core's view context.
    pub fn context<'a>(&'a self, state: &'a AppState) -> ViewContext<'a> {
        ViewContext {
            base_url: &self.base_url,
            currency: &state.settings.currency,
            settings: &state.settings.catalogue,
            now: self.now,
        }
    }
}

/// An entry of a listing: a product, or a variation with its parent.
#[derive(Debug, Clone)]
pub enum Entry {
    /// A simple, variable, grouped or external product.
    Product(Box<Product>),
    /// A variation, shown as its own product.
    Variation {
        /// The variation.
        variation: Box<Variation>,
        /// Its variable product.
        parent: Box<Product>,
    },
}

/// Store API objects for `entries`, in their order.
pub async fn store_products(
    state: &AppState,
    entries: &[Entry],
    taxonomy: &Taxonomy,
    ctx: &ViewContext<'_>,
) -> DbResult<Vec<StoreProduct>> {
    Ok(store_products_timed(state, entries, taxonomy, ctx)
        .await?
        .products)
}

/// Store API objects, and until when they stay what they are without a catalogue write.
#[derive(Debug)]
pub struct TimedViews {
    /// The objects, in the order of their entries.
    pub products: Vec<StoreProduct>,
    /// The first unix second after the context's `now` at which a sale of a product they
    /// were made from (a variation's, a grouped child's) starts or ends ([`Pricing`]'s
    /// `next_change_after`); `None` when none lies ahead. Time enters the objects only
    /// through those sales.
    ///
    /// [`Pricing`]: mercato_core::catalogue::Pricing
    pub changes_at: Option<i64>,
}

/// [`store_products`] with the second at which they would change ([`TimedViews`]).
pub async fn store_products_timed(
    state: &AppState,
    entries: &[Entry],
    taxonomy: &Taxonomy,
    ctx: &ViewContext<'_>,
) -> DbResult<TimedViews> {
    let products: Vec<&Product> = entries
        .iter()
        .filter_map(|entry| match entry {
            Entry::Product(product) => Some(product.as_ref()),
            Entry::Variation { .. } => None,
        })
        .collect();
    let variable: Vec<ProductId> = products
        .iter()
        .filter(|p| p.kind == ProductType::Variable)
        .map(|p| p.id)
        .collect();
    let mut variations: HashMap<ProductId, Vec<Variation>> = HashMap::new();
    for variation in catalogue::variations_of_many(&state.db, &variable).await? {
        variations
            .entry(variation.parent_id)
            .or_default()
            .push(variation);
    }
    let mut child_ids: Vec<ProductId> = Vec::new();
    for product in products.iter().filter(|p| p.kind == ProductType::Grouped) {
        for id in &product.grouped_ids {
            if !child_ids.contains(id) {
                child_ids.push(*id);
            }
        }
    }
    let children: HashMap<ProductId, Product> = catalogue::products_by_ids(&state.db, &child_ids)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();

    let mut pricings = Vec::new();
    for entry in entries {
        match entry {
            Entry::Product(product) => pricings.push(&product.pricing),
            Entry::Variation { variation, parent } => {
                pricings.push(&variation.pricing);
                pricings.push(&parent.pricing);
            }
        }
    }
    pricings.extend(variations.values().flatten().map(|v| &v.pricing));
    pricings.extend(children.values().map(|c| &c.pricing));
    let changes_at = pricings
        .into_iter()
        .filter_map(|pricing| pricing.next_change_after(ctx.now))
        .min();

    let taxonomies = Taxonomies {
        categories: &taxonomy.categories,
        tags: &taxonomy.tags,
    };
    let hide = state.settings.catalogue.hide_out_of_stock;
    let no_variations = Vec::new();
    let views = entries
        .iter()
        .map(|entry| match entry {
            Entry::Product(product) => {
                let own_children: Vec<Product> = product
                    .grouped_ids
                    .iter()
                    .filter_map(|id| children.get(id).cloned())
                    .collect();
                let family = ProductFamily::new(product)
                    .with_variations(variations.get(&product.id).unwrap_or(&no_variations))
                    .with_children(&own_children)
                    .hiding_out_of_stock(hide);
                store_product(&family, &taxonomies, ctx)
            }
            Entry::Variation { variation, parent } => {
                let family = ProductFamily::new(parent).hiding_out_of_stock(hide);
                store_variation_product(&family, variation, &taxonomies, ctx)
            }
        })
        .collect();
    Ok(TimedViews {
        products: views,
        changes_at,
    })
}

/// A product or variation shoppers may open by id or slug: published (a variation: enabled,
/// with a published parent). Hidden products are reachable this way, as by a direct link.
pub async fn viewable_entry(state: &AppState, id: i64) -> DbResult<Option<Entry>> {
    Ok(match catalogue::load_record(&state.db, id).await? {
        Some(catalogue::StoredRecord::Product(product)) => {
            product.is_published().then_some(Entry::Product(product))
        }
        Some(catalogue::StoredRecord::Variation(variation)) if variation.is_active() => {
            catalogue::product_by_id(&state.db, variation.parent_id)
                .await?
                .filter(|parent| parent.is_published() && parent.kind == ProductType::Variable)
                .map(|parent| Entry::Variation {
                    variation,
                    parent: Box::new(parent),
                })
        }
        _ => None,
    })
}
