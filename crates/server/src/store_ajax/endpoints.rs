//! The `?wc-ajax=` endpoints (`WC_AJAX`): each reads the fields as WooCommerce reads them
//! (`absint`, `wc_stock_amount`) and answers with its JSON.

use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::catalogue::{
    ProductFamily, ProductType, ViewContext, find_matching_variation, resolve_choice,
    variation_json,
};
use mercato_core::php_int::{absint, intval};
use mercato_db::catalogue::{self as db, StoredRecord};
use serde_json::json;

use super::{AjaxError, AjaxRequest, empty, json};
use crate::cart::{self, AddItem, CartError, CartRef, identity, ops};
use crate::state::AppState;

/// Attribute fields read at most from one request.
const MAX_ATTRIBUTES: usize = 32;

/// The `attribute_*` fields of the request, as `(field, value)`.
fn attribute_fields(call: &AjaxRequest) -> Vec<(String, String)> {
    call.fields
        .iter()
        .filter(|(k, _)| k.starts_with("attribute_"))
        .take(MAX_ATTRIBUTES)
        .cloned()
        .collect()
}

/// The cart of a request that only reads (no session is made).
pub async fn read_cart(
    state: &AppState,
    jar: &CookieJar,
) -> mercato_db::DbResult<Option<(String, Option<i64>)>> {
    let session = crate::session::current(state, jar).await?;
    Ok(session.and_then(|s| identity::cart_key_of(&s).map(|key| (key, s.user_id))))
}

/// `{fragments, cart_hash}` for the cart (or the empty cart), with the session cookies in
/// `jar` and the cart cookies set to match.
pub async fn cart_answer(
    state: &AppState,
    call: &AjaxRequest,
    cart: Option<(&str, Option<i64>)>,
    jar: CookieJar,
) -> Result<Response, AjaxError> {
    let cart = cart.map(|(key, user_id)| CartRef { key, user_id });
    let priced = cart::price(state, cart).await?;
    let base_url = state.config.base_url(&call.headers);
    let nonce = remove_nonce(state, &jar).await?;
    let fragments = super::fragments::render(state, &priced, &base_url, &nonce)?;
    let hash = priced.hash();
    let mut jar = jar;
    let secure = crate::session::secure_cookies(state.config.cookie_security, &call.headers);
    for cookie in identity::cart_cookies(&call.jar, &hash, secure) {
        jar = jar.add(cookie);
    }
    let body = json(&json!({ "fragments": fragments, "cart_hash": hash }));
    Ok(axum::response::IntoResponse::into_response((jar, body)))
}

/// The cart page's nonce for the session in `jar` (none without a session: the cart is
/// empty then).
async fn remove_nonce(state: &AppState, jar: &CookieJar) -> mercato_db::DbResult<String> {
    match crate::session::current(state, jar).await? {
        Some(session) => {
            crate::forms::nonce_for(state, crate::cart_page::NONCE_ACTION, &session).await
        }
        None => Ok(String::new()),
    }
}

/// `get_refreshed_fragments`.
pub async fn refreshed_fragments(
    state: AppState,
    call: AjaxRequest,
) -> Result<Response, AjaxError> {
    let cart = read_cart(&state, &call.jar).await?;
    let cart_ref = cart.as_ref().map(|(key, user)| (key.as_str(), *user));
    let jar = call.jar.clone();
    cart_answer(&state, &call, cart_ref, jar).await
}

/// `add_to_cart`: `product_id`, `quantity` (empty: 1), and the chosen `attribute_*` values.
/// Refused: `{error: true, product_url}` (the product page, where the shopper chooses).
pub async fn add_to_cart(state: AppState, call: AjaxRequest) -> Result<Response, AjaxError> {
    let id = call.field("product_id").map_or(0, absint);
    let quantity = match call.field("quantity").map(str::trim) {
        None | Some("") => 1,
        Some(text) => intval(text),
    };
    let request = AddItem {
        id,
        quantity: Some(quantity),
        variation: attribute_fields(&call),
        addons: crate::cart_page::add::addon_fields(&call.fields),
    };
    let (key, user_id, jar) =
        identity::cart_for_write(&state, call.jar.clone(), &call.headers).await?;
    let cart_ref = CartRef { key: &key, user_id };
    match cart::add_item(&state, cart_ref, &request).await {
        Ok(_) => cart_answer(&state, &call, Some((&key, user_id)), jar).await,
        Err(CartError::Storage(e)) => Err(e.into()),
        Err(refused) => {
            tracing::debug!(product.id = id, reason = ?refused.message(), "ajax add to cart refused");
            let url = product_url(&state, &call, id).await?;
            Ok(json(&json!({ "error": true, "product_url": url })))
        }
    }
}

/// The page of the product `id` names (a variation's parent); the shop for an unknown id.
async fn product_url(
    state: &AppState,
    call: &AjaxRequest,
    id: i64,
) -> mercato_db::DbResult<String> {
    let base_url = state.config.base_url(&call.headers);
    let record = if id > 0 {
        db::load_record(&state.db, id).await?
    } else {
        None
    };
    let product = match record {
        Some(StoredRecord::Product(product)) => Some(*product),
        Some(StoredRecord::Variation(variation)) => {
            db::product_by_id(&state.db, variation.parent_id).await?
        }
        None => None,
    };
    Ok(match product.filter(|p| p.is_published()) {
        Some(product) => format!("{base_url}/product/{}/", product.slug),
        None => format!(
            "{base_url}{}",
            crate::shop_view::StorePages::default()
                .shop
                .permalink
                .as_str()
                .unwrap_or("/")
        ),
    })
}

/// `remove_from_cart`: `cart_item_key`; an unknown key answers `{success: false}`.
pub async fn remove_from_cart(state: AppState, call: AjaxRequest) -> Result<Response, AjaxError> {
    let item_key = call.field("cart_item_key").unwrap_or("").trim().to_owned();
    let cart = read_cart(&state, &call.jar).await?;
    let Some((key, user_id)) = cart.filter(|_| !item_key.is_empty()) else {
        return Ok(json(&json!({ "success": false })));
    };
    match ops::remove_item(&state, CartRef { key: &key, user_id }, &item_key).await {
        Ok(()) => {
            let jar = call.jar.clone();
            cart_answer(&state, &call, Some((&key, user_id)), jar).await
        }
        Err(CartError::Storage(e)) => Err(e.into()),
        Err(_) => Ok(json(&json!({ "success": false }))),
    }
}

/// `get_variation`: the variation object matching the `attribute_*` fields of the variable
/// product `product_id`, `false` when none matches, an empty answer for an unknown product.
pub async fn get_variation(state: AppState, call: AjaxRequest) -> Result<Response, AjaxError> {
    let id = call.field("product_id").map_or(0, absint);
    if id == 0 {
        return Ok(empty());
    }
    let product = match db::load_record(&state.db, id).await? {
        Some(StoredRecord::Product(product)) if product.is_published() => *product,
        Some(StoredRecord::Product(_)) | None => return Ok(empty()),
        Some(StoredRecord::Variation(_)) => return Ok(json(&json!(false))),
    };
    if product.kind != ProductType::Variable {
        return Ok(json(&json!(false)));
    }
    let variations = db::variations_of(&state.db, product.id).await?;
    let settings = &state.settings;
    let family = ProductFamily::new(&product)
        .with_variations(&variations)
        .hiding_out_of_stock(settings.catalogue.hide_out_of_stock);
    let choice = resolve_choice(&product, attribute_fields(&call)).choice;
    let visible = family.visible_variations();
    let Some(found) = find_matching_variation(&variations, &choice)
        .filter(|v| visible.iter().any(|seen| seen.id == v.id))
    else {
        return Ok(json(&json!(false)));
    };
    let base_url = state.config.base_url(&call.headers);
    let view = ViewContext {
        base_url: &base_url,
        currency: &settings.currency,
        settings: &settings.catalogue,
        now: cart::now(),
    };
    Ok(json(&serde_json::to_value(variation_json(
        &family, found, &view,
    ))?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_as_php_reads_them() {
        assert_eq!(intval("17"), 17);
        assert_eq!(intval(" 17abc"), 17);
        assert_eq!(intval("abc"), 0);
        assert_eq!(intval("-3"), -3);
        assert_eq!(intval("99999999999999999999999"), i64::MAX);
        assert_eq!(absint("-5"), 5);
        assert_eq!(absint(""), 0);
    }
}
