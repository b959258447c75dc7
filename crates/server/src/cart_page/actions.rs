//! The cart page's forms and links: one `POST /cart/` form (quantities, a coupon code, the
//! shipping choice: whatever the shopper changed is applied, whichever button they pressed),
//! the shipping calculator, and the `?remove_item=` / `?remove_coupon=` links. Each needs the
//! page's nonce (`_wpnonce`, action [`NONCE_ACTION`], bound to the session); each answers
//! 303 to the cart with notices, so a refused change loses nothing else.

use axum::extract::State;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::geo::{self, AddressField};
use mercato_core::limits;
use mercato_core::orders::{CheckoutAddressError, check_address_params};
use mercato_db::sessions::Session;

use super::NONCE_ACTION;
use crate::cart::{CartError, CartRef, escape_html, identity::cart_key_of, ops};
use crate::forms::nonce_ok;
use crate::input::{FormFields, form_value as field};
use crate::layout::CART_PATH;
use crate::layout::PageResult;
use crate::layout::notices::{Notice, redirect_with};
use crate::state::AppState;

/// What the cart page says when its nonce fails: the form helpers' message.
pub use crate::forms::EXPIRED;

/// Form fields read at most.
const MAX_FIELDS: usize = 256;

/// The session and its cart when `fields` carry a valid nonce for it.
async fn checked(
    state: &AppState,
    jar: &CookieJar,
    fields: &[(String, String)],
) -> mercato_db::DbResult<Option<(Session, String)>> {
    let Some(session) = crate::session::current(state, jar).await? else {
        return Ok(None);
    };
    let sent = field(fields, "_wpnonce").unwrap_or("");
    if !nonce_ok(state, NONCE_ACTION, &session, sent).await? {
        return Ok(None);
    }
    Ok(cart_key_of(&session).map(|key| (session, key)))
}

/// Sends the notices and goes back to the cart.
async fn back(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    notices: Vec<Notice>,
) -> PageResult {
    redirect_with(state, jar, headers, CART_PATH, notices).await
}

/// Turns a refused change into a notice; storage failures stop the request.
fn refused(error: CartError, notices: &mut Vec<Notice>) -> Result<(), mercato_db::DbError> {
    match error {
        CartError::Storage(e) => Err(e),
        other => {
            notices.push(Notice::error(other.message()));
            Ok(())
        }
    }
}

/// `GET /cart/?remove_item=KEY&_wpnonce=N` and `?remove_coupon=CODE&_wpnonce=N`.
pub async fn link(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    pairs: &[(String, String)],
) -> PageResult {
    let Some((session, key)) = checked(state, &jar, pairs).await? else {
        return back(state, jar, headers, vec![Notice::error(EXPIRED)]).await;
    };
    let cart = CartRef {
        key: &key,
        user_id: session.user_id,
    };
    let mut notices = Vec::new();
    if let Some(item) = field(pairs, "remove_item") {
        remove(state, cart, item, &mut notices).await?;
    } else if let Some(code) = field(pairs, "remove_coupon") {
        match ops::remove_coupon(state, cart, code).await {
            Ok(()) => notices.push(Notice::success("Coupon has been removed.")),
            Err(e) => refused(e, &mut notices)?,
        }
    }
    back(state, jar, headers, notices).await
}

async fn remove(
    state: &AppState,
    cart: CartRef<'_>,
    item: &str,
    notices: &mut Vec<Notice>,
) -> Result<(), mercato_db::DbError> {
    let name = ops::load_document(state, cart.key)
        .await
        .ok()
        .and_then(|doc| doc.item(item).map(|i| i.name.clone()));
    match ops::remove_item(state, cart, item).await {
        Ok(()) => {
            let name = escape_html(&name.unwrap_or_default());
            notices.push(Notice::success(format!("&ldquo;{name}&rdquo; removed.")));
            Ok(())
        }
        Err(e) => refused(e, notices),
    }
}

/// `POST /cart/`: the cart form or the shipping calculator.
pub async fn post(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    FormFields(fields): FormFields<MAX_FIELDS>,
) -> PageResult {
    let Some((session, key)) = checked(&state, &jar, &fields).await? else {
        return back(&state, jar, &headers, vec![Notice::error(EXPIRED)]).await;
    };
    let cart = CartRef {
        key: &key,
        user_id: session.user_id,
    };
    let mut notices = Vec::new();
    if field(&fields, "calc_shipping").is_some() {
        calculate_shipping(&state, cart, &fields, &mut notices).await?;
    } else {
        update(&state, cart, &fields, &mut notices).await?;
    }
    back(&state, jar, &headers, notices).await
}

/// Quantities (`cart[KEY][qty]`, 0 removes), then a coupon code, then shipping choices
/// (`shipping_method[PACKAGE]`).
async fn update(
    state: &AppState,
    cart: CartRef<'_>,
    fields: &[(String, String)],
    notices: &mut Vec<Notice>,
) -> Result<(), mercato_db::DbError> {
    let doc = match ops::load_document(state, cart.key).await {
        Ok(doc) => doc,
        Err(e) => return refused(e, notices),
    };
    let mut changed = false;
    for (name, value) in fields {
        let Some(item_key) = name
            .strip_prefix("cart[")
            .and_then(|rest| rest.strip_suffix("][qty]"))
        else {
            continue;
        };
        let Some(item) = doc.item(item_key) else {
            notices.push(Notice::error(CartError::UnknownItem.message()));
            continue;
        };
        let Ok(quantity) = value.trim().parse::<i64>() else {
            notices.push(Notice::error(format!(
                "Please enter a valid quantity for &ldquo;{}&rdquo;.",
                escape_html(&item.name)
            )));
            continue;
        };
        if quantity == i64::from(item.quantity) {
            continue;
        }
        if quantity <= 0 {
            remove(state, cart, item_key, notices).await?;
            continue;
        }
        match ops::set_quantity(state, cart, item_key, quantity).await {
            Ok(()) => changed = true,
            Err(e) => refused(e, notices)?,
        }
    }
    if changed && field(fields, "update_cart").is_some() {
        notices.insert(0, Notice::success("Cart updated."));
    }
    let code = field(fields, "coupon_code").map(str::trim).unwrap_or("");
    if !code.is_empty() {
        match ops::apply_coupon(state, cart, code).await {
            Ok(_) => notices.push(Notice::success("Coupon code applied successfully.")),
            Err(e) => refused(e, notices)?,
        }
    } else if field(fields, "apply_coupon").is_some() {
        notices.push(Notice::error("Please enter a coupon code."));
    }
    for (name, rate) in fields {
        let Some(package) = name
            .strip_prefix("shipping_method[")
            .and_then(|rest| rest.strip_suffix(']'))
        else {
            continue;
        };
        if let Err(e) = ops::select_shipping_rate(state, cart, Some(package), rate).await {
            refused(e, notices)?;
        }
    }
    Ok(())
}

/// The calculator: country, state, city and postcode of the shipping address.
async fn calculate_shipping(
    state: &AppState,
    cart: CartRef<'_>,
    fields: &[(String, String)],
    notices: &mut Vec<Notice>,
) -> Result<(), mercato_db::DbError> {
    let mut address = serde_json::Map::new();
    for key in ["country", "state", "city", "postcode"] {
        if let Some(value) = field(fields, &format!("calc_shipping_{key}")) {
            address.insert(key.to_owned(), value.trim().into());
        }
    }
    let country = field(fields, "calc_shipping_country").unwrap_or("").trim();
    let ships_to = super::countries::ships_to(state).await;
    if !country.is_empty() && ships_to.is_some_and(|codes| !codes.iter().any(|k| k == country)) {
        // The select offers only these; a country posted anyway gets the checkout's words.
        let refusal = CheckoutAddressError::ShippingCountry {
            country: country.to_owned(),
            allowed: Vec::new(),
        };
        notices.push(Notice::error(escape_html(&refusal.to_string())));
        return Ok(());
    }
    let shipping = serde_json::Value::Object(address);
    match check_address_params(None, Some(&shipping)) {
        Ok((_, patch)) => match ops::update_customer(state, cart, None, patch.as_ref()).await {
            Ok(_) => notices.push(Notice::success("Shipping costs updated.")),
            Err(e) => refused(e, notices)?,
        },
        Err(invalid) => {
            let country = field(fields, "calc_shipping_country").unwrap_or("");
            for (_, errors) in invalid.entries() {
                for error in errors {
                    let message = match error.field.and_then(AddressField::from_key) {
                        // In the calculator's words: "City must be at most 200 characters long."
                        Some(input) if error.code == "rest_too_long" => limits::too_long_message(
                            geo::address_field(country, input).label,
                            limits::address_field_limit(input.key()),
                        ),
                        _ => error.message.clone(),
                    };
                    notices.push(Notice::error(escape_html(&message)));
                }
            }
        }
    }
    Ok(())
}
