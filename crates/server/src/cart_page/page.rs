//! `GET /cart/`: the cart, priced, with its forms; the empty cart with a way back to the shop.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;

use super::view::cart_view;
use super::{NONCE_ACTION, actions};
use crate::cart::{self, CartRef, identity::cart_key_of};
use crate::layout::notices::Notice;
use crate::layout::shopper::HeaderCart;
use crate::layout::{
    CART_PATH, PageContext, PageError, PageResult, Shopper, Unpriced, render_page,
};
use crate::page_settings::escape_for_script;
use crate::state::AppState;

/// `GET /cart/` (and its `?remove_item=` / `?remove_coupon=` links). The page prices the cart
/// and gives the header its own pricing.
pub async fn show(
    State(state): State<AppState>,
    Unpriced(shopper): Unpriced,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
) -> PageResult {
    let pairs = crate::input::query_pairs(&uri);
    if pairs
        .iter()
        .any(|(k, _)| k == "remove_item" || k == "remove_coupon")
    {
        return actions::link(&state, jar, &headers, &pairs).await;
    }
    if super::order_links::is_order_link(&pairs) {
        return super::order_links::follow(&state, jar, &headers, &pairs).await;
    }
    // Staff styling the cart see the fixed sample in the island (SPEC §9.5); anyone else
    // asking for it gets the cart page as usual.
    let preview = super::sample::applies(&pairs, shopper.capabilities()).then(|| {
        escape_for_script(&super::sample::sample_cart(&state.settings.currency).to_string())
    });
    let session = crate::session::current(&state, &jar).await?;
    let Some((session, key)) = session.and_then(|s| cart_key_of(&s).map(|k| (s, k))) else {
        return Ok(empty(&state, &shopper, &jar, preview));
    };
    let reference = CartRef {
        key: &key,
        user_id: session.user_id,
    };
    let priced = cart::price(&state, Some(reference)).await?;
    let shopper = shopper.with_cart(HeaderCart::of(&state, &priced));
    let mut out = jar.clone();
    let secure = crate::session::secure_cookies(state.config.cookie_security, &headers);
    for cookie in cart::identity::cart_cookies(&jar, &priced.hash(), secure) {
        out = out.add(cookie);
    }
    if priced.is_empty() {
        return Ok((out, empty(&state, &shopper, &jar, preview)).into_response());
    }
    let nonce = crate::forms::nonce_for(&state, NONCE_ACTION, &session).await?;
    let object = crate::store_api::cart::reply::page_cart_object(&state, &headers, &priced)
        .await
        .map_err(|e| PageError::internal("the cart page's cart object", format!("{e:?}")))?;
    let json = serde_json::to_string(&object).unwrap_or_else(|_| "{}".to_owned());
    let ships_to = super::countries::ships_to(&state).await;
    let view = cart_view(
        &object,
        &priced,
        &state.settings.currency,
        &nonce,
        ships_to.as_deref(),
    );
    let cart_notices: Vec<Notice> = priced
        .errors
        .iter()
        .map(|e| Notice::error(e.message.clone()).shown())
        .collect();
    // The block cart mounts at load from the embedded cart: its chunk is preloaded.
    let mut context = PageContext::new(&state, &jar, "Cart", CART_PATH)
        .with_body_class("woocommerce-cart woocommerce-page")
        .with_load_islands(&["cart"])
        .with_extensions();
    context.is_cart = true;
    // The block cart's calculator fetches its countries (`countries.rs`); the checkout's
    // `countryData` is not embedded here.
    let page = render_page(
        &state,
        &shopper,
        "cart/cart.html",
        StatusCode::OK,
        &context,
        minijinja::context! {
            cart_page => view,
            cart_json => preview.clone().unwrap_or_else(|| escape_for_script(&json)),
            cart_preview => preview,
            nonce => nonce,
            cart_notices => cart_notices,
        },
    );
    Ok((out, page).into_response())
}

/// The empty cart (the block cart mounts over it too, to offer products to discover; with
/// the editor's sample cart for the island, when previewing).
fn empty(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    preview: Option<String>,
) -> Response {
    let mut context = PageContext::new(state, jar, "Cart", CART_PATH)
        .with_body_class("woocommerce-cart woocommerce-page")
        .with_load_islands(&["cart"])
        .with_extensions();
    context.is_cart = true;
    render_page(
        state,
        shopper,
        "cart/cart.html",
        StatusCode::OK,
        &context,
        minijinja::context! { cart_page => (), shop_url => "/shop/", cart_preview => preview },
    )
}
