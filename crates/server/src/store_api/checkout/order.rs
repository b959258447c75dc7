//! `GET /order/{id}?key=…&billing_email=…`: an order for its customer, or for whoever holds
//! its key and billing email (golden 036, 037).

use std::collections::BTreeMap;

use axum::extract::{Path, RawQuery, State};
use axum::http::HeaderMap;
use mercato_core::catalogue::{Product, ProductId, item_prices, store_image, variation_permalink};
use mercato_core::orders::{ItemProduct, Order, OrderViewContext, order_view};
use mercato_db::{catalogue, orders};

use crate::state::AppState;
use crate::store_api::cart::Caller;
use crate::store_api::error::{ErrorCode, StoreApiError};
use crate::store_api::params::{Param, Params};
use crate::store_api::respond::Reply;
use crate::store_api::views::Shop;

/// `GET /order/{id}`.
pub async fn get(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Reply, StoreApiError> {
    let params = Params::from_query(query.as_deref());
    let text = |name: &str| match params.get(name) {
        Some(Param::Text(text)) => text.trim().to_owned(),
        _ => String::new(),
    };
    let order = match id.trim().parse::<i64>() {
        Ok(id) if id > 0 => orders::load(&state.db, id).await?,
        _ => None,
    };
    let Some(order) = order else {
        return Err(StoreApiError::not_found(ErrorCode::OrderNotFound));
    };
    authorise(&order, &caller, &text("key"), &text("billing_email"))?;
    let products = item_products(&state, &headers, &order).await?;
    let view = order_view(
        &order,
        &OrderViewContext {
            currency: &state.settings.currency,
            products: &products,
            payment_requirements: &["products"],
            errors: &[],
        },
    );
    Ok(Reply::ok(&view))
}

/// A customer's order is theirs alone; a guest order needs its key and billing email.
pub(super) fn authorise(
    order: &Order,
    caller: &Caller,
    key: &str,
    billing_email: &str,
) -> Result<(), StoreApiError> {
    if order.customer_id > 0 {
        return if caller.user_id() == order.customer_id {
            Ok(())
        } else {
            Err(StoreApiError::new(ErrorCode::InvalidUser))
        };
    }
    if !order.order_key.matches(key) {
        return Err(StoreApiError::new(ErrorCode::InvalidOrder));
    }
    let stored = order.billing.email.trim();
    if !stored.is_empty() && !stored.eq_ignore_ascii_case(billing_email) {
        return Err(StoreApiError::new(ErrorCode::InvalidBillingEmail));
    }
    Ok(())
}

/// The lines' products as they are now, by purchased id.
async fn item_products(
    state: &AppState,
    headers: &HeaderMap,
    order: &Order,
) -> Result<BTreeMap<ProductId, ItemProduct>, StoreApiError> {
    let parents: Vec<ProductId> = order.line_items.iter().map(|l| l.product_id).collect();
    let products = catalogue::products_by_ids(&state.db, &parents).await?;
    let variations = catalogue::variations_of_many(&state.db, &parents).await?;
    let shop = Shop::for_request(state, headers);
    let ctx = shop.context(state);
    let currency = &state.settings.currency;
    let mut out = BTreeMap::new();
    for line in &order.line_items {
        let Some(product) = products.iter().find(|p| p.id == line.product_id) else {
            continue;
        };
        let variation = line
            .variation_id
            .and_then(|id| variations.iter().find(|v| v.id == id));
        let item = match variation {
            Some(variation) => ItemProduct {
                short_description: String::new(),
                description: variation.description.clone(),
                sku: variation.effective_sku(product).to_owned(),
                permalink: variation_permalink(&ctx, product, variation),
                images: variation
                    .effective_image(product)
                    .map(store_image)
                    .into_iter()
                    .collect(),
                prices: item_prices(&variation.pricing, currency, shop.now),
                sold_individually: product.sold_individually,
                catalog_visibility: product.catalog_visibility.as_str().to_owned(),
                attribute_labels: Vec::new(),
            },
            None => ItemProduct {
                short_description: product.short_description.clone(),
                description: product.description.clone(),
                sku: product.sku.clone(),
                permalink: ctx.product_url(&product.slug),
                images: product.images().map(store_image).collect(),
                prices: item_prices(&product.pricing, currency, shop.now),
                sold_individually: product.sold_individually,
                catalog_visibility: product.catalog_visibility.as_str().to_owned(),
                attribute_labels: own_attribute_labels(product),
            },
        };
        out.insert(line.purchased_id(), item);
    }
    Ok(out)
}

/// The labels of a product's attributes in their order, every one (WooCommerce's
/// `get_attributes()`, visible or not).
fn own_attribute_labels(product: &Product) -> Vec<String> {
    let mut attributes: Vec<_> = product.attributes.iter().collect();
    attributes.sort_by_key(|a| a.position);
    attributes.into_iter().map(|a| a.name.clone()).collect()
}
