//! Product cards chosen by a rule rather than by a listing URL: the home page's product grids
//! (featured, newest, on sale, best sellers, a category). Every grid shows what the shop page
//! would (published, listed in the catalogue, out-of-stock products hidden when the shop
//! hides them) and uses the listing's cards, so add to cart, quick view and the cards'
//! swatches work the same.

use mercato_core::catalogue::{CategoryId, ProductId, SwatchSettings};
use mercato_core::home::ProductSource;
use mercato_db::DbResult;
use mercato_db::catalogue::{self as db, ProductOrder, ProductQuery, Taxonomy, Visibility};

use super::card_swatches::CardSwatchSource;
use super::cards::{self, CardContext, CardView};
use super::listing::load_relatives;
use super::now;
use crate::state::AppState;

/// The cards of each `(source, limit)`, in order; a category that does not exist gives none.
pub async fn product_grids(
    state: &AppState,
    taxonomy: &Taxonomy,
    grids: &[(&ProductSource, u32)],
) -> DbResult<Vec<Vec<CardView>>> {
    let settings = &state.settings;
    let base = ProductQuery {
        visibility: Visibility::Catalogue,
        hide_out_of_stock: settings.catalogue.hide_out_of_stock,
        page: 1,
        ..ProductQuery::default()
    };
    let mut chosen: Vec<Vec<ProductId>> = Vec::with_capacity(grids.len());
    for (source, limit) in grids {
        let limit = (*limit).max(1);
        let mut query = ProductQuery {
            per_page: limit,
            ..base.clone()
        };
        match source {
            ProductSource::Featured => query.featured = Some(true),
            ProductSource::Newest => query.order = ProductOrder::Date,
            ProductSource::OnSale => query.on_sale = Some(true),
            ProductSource::Category(slug) => match taxonomy.categories.by_slug(slug) {
                Some(category) => {
                    query.category_ids = taxonomy
                        .categories
                        .with_descendants(category.id)
                        .into_iter()
                        .map(CategoryId::get)
                        .collect();
                }
                None => {
                    chosen.push(Vec::new());
                    continue;
                }
            },
            ProductSource::BestSellers => {
                chosen.push(best_sellers(state, &base, limit).await?);
                continue;
            }
        }
        chosen.push(db::find_products(&state.db, &query).await?.ids);
    }
    let mut all: Vec<ProductId> = chosen.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    let products = db::products_by_ids(&state.db, &all).await?;
    let relatives = load_relatives(&state.db, &products).await?;
    let swatches =
        mercato_db::options::get_recent::<SwatchSettings>(&state.db, SwatchSettings::OPTION)
            .await?
            .unwrap_or_default();
    let ctx = CardContext {
        currency: &settings.currency,
        now: now(),
        hide_out_of_stock: settings.catalogue.hide_out_of_stock,
        per_row: 4,
        swatches: Some(CardSwatchSource {
            taxonomy,
            settings: &swatches,
        }),
    };
    Ok(chosen
        .iter()
        .map(|ids| {
            let ordered: Vec<_> = ids
                .iter()
                .filter_map(|id| products.iter().find(|p| p.id == *id).cloned())
                .collect();
            cards::cards(&ordered, &relatives, &ctx)
        })
        .collect())
}

/// The most sold products the shop page would list, most sold first, topped up with the
/// catalogue's own sales counts (imported with the products) when too few were ordered here.
async fn best_sellers(
    state: &AppState,
    base: &ProductQuery,
    limit: u32,
) -> DbResult<Vec<ProductId>> {
    // Some of the most sold may be hidden or deleted by now: rank more than are shown.
    let ranked = mercato_db::orders::best_sellers(&state.db, limit as usize * 4).await?;
    let mut ids = Vec::new();
    if !ranked.is_empty() {
        let listable = db::find_products(
            &state.db,
            &ProductQuery {
                include: ranked.iter().map(|(id, _)| *id).collect(),
                per_page: 0,
                ..base.clone()
            },
        )
        .await?
        .ids;
        ids = ranked
            .iter()
            .map(|(id, _)| ProductId(*id))
            .filter(|id| listable.contains(id))
            .take(limit as usize)
            .collect();
    }
    if ids.len() < limit as usize {
        let more = db::find_products(
            &state.db,
            &ProductQuery {
                order: ProductOrder::Popularity,
                exclude: ids.iter().map(|id| id.0).collect(),
                per_page: limit - u32::try_from(ids.len()).unwrap_or(limit),
                ..base.clone()
            },
        )
        .await?
        .ids;
        ids.extend(more);
    }
    Ok(ids)
}
