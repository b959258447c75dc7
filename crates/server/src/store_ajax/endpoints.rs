//! The `?wc-ajax=` endpoints (`WC_AJAX`): each reads the fields as WooCommerce reads them
//! (`absint`, `wc_stock_amount`) and answers with its JSON.

use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::catalogue::{
    ProductFamily, ProductType, ViewContext, find_matching_variation, resolve_choice,
    variation_json,
};
use mercato_db::catalogue::{self as db, StoredRecord};
use serde_json::json;

use super::{AjaxCall, empty, json, server_error};
use crate::cart::{self, AddItem, CartError, CartRef, ops, session};
use crate::state::AppState;

/// Attribute fields read at most from one request.
const MAX_ATTRIBUTES: usize = 32;

/// PHP's `intval` on a request field: leading sign and digits, saturating, 0 otherwise.
pub fn intval(text: &str) -> i64 {
    let text = text.trim_start();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let mut value: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        value = value.saturating_mul(10).saturating_add(i64::from(b - b'0'));
    }
    if negative { -value } else { value }
}

/// `absint`.
pub fn absint(text: &str) -> i64 {
    intval(text).saturating_abs()
}

/// The `attribute_*` fields of the request, as `(field, value)`.
fn attribute_fields(call: &AjaxCall) -> Vec<(String, String)> {
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
    Ok(session.and_then(|s| session::cart_key_of(&s).map(|key| (key, s.user_id))))
}

/// `{fragments, cart_hash}` for the cart (or the empty cart), with the session cookies in
/// `jar` and the cart cookies set to match.
pub async fn cart_answer(
    state: &AppState,
    call: &AjaxCall,
    cart: Option<(&str, Option<i64>)>,
    jar: CookieJar,
    endpoint: &str,
) -> Response {
    let cart = cart.map(|(key, user_id)| CartRef { key, user_id });
    let priced = match cart::price(state, cart).await {
        Ok(priced) => priced,
        Err(e) => return server_error(&e, endpoint),
    };
    let base_url = state.config.base_url(&call.headers);
    let nonce = match remove_nonce(state, &jar).await {
        Ok(nonce) => nonce,
        Err(e) => return server_error(&e, endpoint),
    };
    let fragments = match super::fragments::render(state, &priced, &base_url, &nonce) {
        Ok(fragments) => fragments,
        Err(e) => return server_error(&format!("{e:#}"), endpoint),
    };
    let hash = priced.hash();
    let mut jar = jar;
    let secure = crate::session::secure_cookies(state.config.cookie_security, &call.headers);
    for cookie in session::cart_cookies(&call.jar, &hash, secure) {
        jar = jar.add(cookie);
    }
    let body = json(&json!({ "fragments": fragments, "cart_hash": hash }));
    axum::response::IntoResponse::into_response((jar, body))
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
pub async fn refreshed_fragments(state: AppState, call: AjaxCall) -> Response {
    const ENDPOINT: &str = "get_refreshed_fragments";
    let cart = match read_cart(&state, &call.jar).await {
        Ok(cart) => cart,
        Err(e) => return server_error(&e, ENDPOINT),
    };
    let cart_ref = cart.as_ref().map(|(key, user)| (key.as_str(), *user));
    let jar = call.jar.clone();
    cart_answer(&state, &call, cart_ref, jar, ENDPOINT).await
}

/// `add_to_cart`: `product_id`, `quantity` (empty: 1), and the chosen `attribute_*` values.
/// Refused: `{error: true, product_url}` (the product page, where the shopper chooses).
pub async fn add_to_cart(state: AppState, call: AjaxCall) -> Response {
    const ENDPOINT: &str = "add_to_cart";
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
        match session::cart_for_write(&state, call.jar.clone(), &call.headers).await {
            Ok(found) => found,
            Err(e) => return server_error(&e, ENDPOINT),
        };
    let cart_ref = CartRef { key: &key, user_id };
    match cart::add_item(&state, cart_ref, &request).await {
        Ok(_) => cart_answer(&state, &call, Some((&key, user_id)), jar, ENDPOINT).await,
        Err(CartError::Storage(e)) => server_error(&e, ENDPOINT),
        Err(refused) => {
            tracing::debug!(product.id = id, reason = ?refused.message(), "ajax add to cart refused");
            match product_url(&state, &call, id).await {
                Ok(url) => json(&json!({ "error": true, "product_url": url })),
                Err(e) => server_error(&e, ENDPOINT),
            }
        }
    }
}

/// The page of the product `id` names (a variation's parent); the shop for an unknown id.
async fn product_url(state: &AppState, call: &AjaxCall, id: i64) -> mercato_db::DbResult<String> {
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
pub async fn remove_from_cart(state: AppState, call: AjaxCall) -> Response {
    const ENDPOINT: &str = "remove_from_cart";
    let item_key = call.field("cart_item_key").unwrap_or("").trim().to_owned();
    let cart = match read_cart(&state, &call.jar).await {
        Ok(cart) => cart,
        Err(e) => return server_error(&e, ENDPOINT),
    };
    let Some((key, user_id)) = cart.filter(|_| !item_key.is_empty()) else {
        return json(&json!({ "success": false }));
    };
    match ops::remove_item(&state, CartRef { key: &key, user_id }, &item_key).await {
        Ok(()) => {
            let jar = call.jar.clone();
            cart_answer(&state, &call, Some((&key, user_id)), jar, ENDPOINT).await
        }
        Err(CartError::Storage(e)) => server_error(&e, ENDPOINT),
        Err(_) => json(&json!({ "success": false })),
    }
}

/// `get_variation`: the variation object matching the `attribute_*` fields of the variable
/// product `product_id`, `false` when none matches, an empty answer for an unknown product.
pub async fn get_variation(state: AppState, call: AjaxCall) -> Response {
    const ENDPOINT: &str = "get_variation";
    let id = call.field("product_id").map_or(0, absint);
    if id == 0 {
        return empty();
    }
    let record = match db::load_record(&state.db, id).await {
        Ok(record) => record,
        Err(e) => return server_error(&e, ENDPOINT),
    };
    let product = match record {
        Some(StoredRecord::Product(product)) if product.is_published() => *product,
        Some(StoredRecord::Product(_)) | None => return empty(),
        Some(StoredRecord::Variation(_)) => return json(&json!(false)),
    };
    if product.kind != ProductType::Variable {
        return json(&json!(false));
    }
    let variations = match db::variations_of(&state.db, product.id).await {
        Ok(variations) => variations,
        Err(e) => return server_error(&e, ENDPOINT),
    };
    let settings = &state.settings;
    let family = ProductFamily::new(&product)
        .with_variations(&variations)
        .hiding_out_of_stock(settings.catalogue.hide_out_of_stock);
    let choice = resolve_choice(&product, attribute_fields(&call)).choice;
    let visible = family.visible_variations();
    let Some(found) = find_matching_variation(&variations, &choice)
        .filter(|v| visible.iter().any(|seen| seen.id == v.id))
    else {
        return json(&json!(false));
    };
    let base_url = state.config.base_url(&call.headers);
    let view = ViewContext {
        base_url: &base_url,
        currency: &settings.currency,
        settings: &settings.catalogue,
        now: cart::now(),
    };
    match serde_json::to_value(variation_json(&family, found, &view)) {
        Ok(value) => json(&value),
        Err(e) => server_error(&e, ENDPOINT),
    }
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
