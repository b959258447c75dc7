//! Adding to the cart without JavaScript: `?add-to-cart=ID&quantity=N` links on any page
//! (GET), and the product page's forms (POST `/product/{slug}/`). Both add, leave a notice
//! in the session and answer 303: back to the page (without the add-to-cart fields), or to
//! the cart when `cart_redirect_after_add` is on.
//!
//! CSRF: as in WooCommerce, adding to the cart needs no nonce. The link form is meant to be
//! followed from anywhere (emails, other sites); the worst a forged link does is add a
//! product, which the shopper sees. A cross-site *POST* does not carry our SameSite=Lax
//! session cookie, so it can only fill a fresh, unrelated cart. Every other cart change
//! (quantities, removals, coupons, shipping) requires the cart page's nonce.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;

use mercato_core::catalogue::MAX_GROUPS;
use mercato_core::php_int::intval;

use super::with_query;
use crate::cart::{self, AddItem, CartError, CartRef, escape_html};
use crate::input::form_value;
use crate::layout::CART_PATH;
use crate::layout::notices::{Notice, redirect_with};
use crate::state::AppState;

/// Variation attributes read at most.
const MAX_ATTRIBUTES: usize = 32;
/// Grouped children read at most.
const MAX_CHILDREN: usize = 64;

/// WooCommerce's message for a grouped form with every quantity at 0.
pub const CHOOSE_QUANTITY: &str =
    "Please choose the quantity of items you wish to add to your cart&hellip;";

/// Whether the URL asks to add to the cart.
pub fn is_add_link(uri: &Uri) -> bool {
    uri.query().is_some_and(|q| {
        q.split('&')
            .any(|pair| pair.split('=').next() == Some("add-to-cart"))
    })
}

/// The layer that makes `?add-to-cart=` links work on any page (a GET, not an AJAX call).
pub async fn link_layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let ajax = request
        .uri()
        .query()
        .is_some_and(|q| q.contains("wc-ajax="));
    if request.method() == Method::GET && !ajax && is_add_link(request.uri()) {
        let jar = CookieJar::from_headers(request.headers());
        return from_link(&state, jar, request.headers(), request.uri()).await;
    }
    next.run(request).await
}

/// `GET ...?add-to-cart=ID`: adds, then back to the same URL without the add-to-cart fields.
pub async fn from_link(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    uri: &Uri,
) -> Response {
    let pairs = crate::input::query_pairs(uri);
    let keep: Vec<(String, String)> = pairs
        .iter()
        .filter(|(k, _)| !is_add_field(k))
        .cloned()
        .collect();
    // `//host/...` would be read as another site: keep one leading slash. A path that is
    // still not a safe local target (`/\host`) goes back to the home page instead.
    let path = format!("/{}", uri.path().trim_start_matches('/'));
    let back = with_query(&path, &keep);
    let back = if crate::forms::is_local_target(&back) {
        back
    } else {
        "/".to_owned()
    };
    add_and_redirect(state, jar, headers, &pairs, &back, &back).await
}

/// The product page's add-to-cart form: adds, then back to `product_url` (the options kept in
/// its query when the add failed, so nothing chosen is lost).
pub async fn from_form(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    product_url: &str,
    fields: &[(String, String)],
) -> Response {
    let chosen: Vec<(String, String)> = fields
        .iter()
        .filter(|(k, v)| k.starts_with("attribute_") && !v.is_empty())
        .take(MAX_ATTRIBUTES)
        .cloned()
        .collect();
    let addons = fields
        .iter()
        .filter(|(k, v)| k.starts_with("addon[") && !v.is_empty())
        .take(MAX_GROUPS);
    let chosen: Vec<(String, String)> = chosen.into_iter().chain(addons.cloned()).collect();
    let on_error = with_query(product_url, &chosen);
    add_and_redirect(state, jar, headers, fields, product_url, &on_error).await
}

/// The add-on choices of a form (`addon[<group key>]=<option key>`, see
/// `partials/product_addons.html`). A product has at most [`MAX_GROUPS`] groups; one field
/// more is read so that a repeated or unknown group still reaches the rules and is refused.
pub fn addon_fields(fields: &[(String, String)]) -> Vec<(String, String)> {
    fields
        .iter()
        .filter_map(|(k, v)| {
            let group = k.strip_prefix("addon[")?.strip_suffix(']')?;
            Some((group.to_owned(), v.clone()))
        })
        .take(MAX_GROUPS + 1)
        .collect()
}

fn is_add_field(key: &str) -> bool {
    matches!(
        key,
        "add-to-cart" | "quantity" | "variation_id" | "product_id"
    ) || key.starts_with("quantity[")
}

/// What the fields ask to add, or the notice saying why nothing can be.
pub fn requested(fields: &[(String, String)]) -> Result<Vec<AddItem>, Notice> {
    let field = |name: &str| form_value(fields, name).map(str::trim);
    let id = field("add-to-cart").map(intval).unwrap_or(0);
    let grouped: Vec<(i64, i64)> = fields
        .iter()
        .filter_map(|(k, v)| {
            let child = k.strip_prefix("quantity[")?.strip_suffix(']')?;
            Some((intval(child), intval(v)))
        })
        .take(MAX_CHILDREN)
        .collect();
    if !grouped.is_empty() {
        let items: Vec<AddItem> = grouped
            .into_iter()
            .filter(|(child, quantity)| *child > 0 && *quantity > 0)
            .map(|(child, quantity)| AddItem {
                id: child,
                quantity: Some(quantity),
                variation: Vec::new(),
                addons: Vec::new(),
            })
            .collect();
        return if items.is_empty() {
            Err(Notice::error(CHOOSE_QUANTITY))
        } else {
            Ok(items)
        };
    }
    if id <= 0 {
        let shown = field("add-to-cart").unwrap_or("");
        return Err(Notice::error(
            CartError::UnknownProduct(0).message().replace(
                "&quot;0&quot;",
                &format!("&quot;{}&quot;", escape_html(shown)),
            ),
        ));
    }
    let variation_id = field("variation_id").map(intval).unwrap_or(0);
    let variation: Vec<(String, String)> = fields
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("attribute_")?.to_owned(), v.clone())))
        .filter(|(_, v)| !v.is_empty())
        .take(MAX_ATTRIBUTES)
        .collect();
    let quantity = field("quantity").filter(|q| !q.is_empty()).map(intval);
    // Without JavaScript the hidden `variation_id` keeps the variation the page was drawn
    // with (a default), not what the selects say now: the chosen options decide.
    Ok(vec![AddItem {
        id: if variation_id > 0 && variation.is_empty() {
            variation_id
        } else {
            id
        },
        quantity,
        variation,
        addons: addon_fields(fields),
    }])
}

async fn add_and_redirect(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    fields: &[(String, String)],
    back: &str,
    on_error: &str,
) -> Response {
    let answer = async {
        let (jar, added, notices) = add(state, jar, headers, fields).await?;
        let to = if added && state.settings.cart_redirect_after_add {
            CART_PATH
        } else if added {
            back
        } else {
            on_error
        };
        redirect_with(state, jar, headers, to, notices).await
    };
    answer.await.into_response()
}

/// Adds what the fields ask for; returns the jar, whether anything was added, the notices.
async fn add(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    fields: &[(String, String)],
) -> Result<(CookieJar, bool, Vec<Notice>), mercato_db::DbError> {
    let items = match requested(fields) {
        Ok(items) => items,
        Err(notice) => return Ok((jar, false, vec![notice])),
    };
    let (key, user_id, mut jar) = cart::identity::cart_for_write(state, jar, headers).await?;
    let reference = CartRef { key: &key, user_id };
    let mut notices = Vec::new();
    let mut added: Vec<(String, i64)> = Vec::new();
    for item in &items {
        match cart::add_item(state, reference, item).await {
            Ok(line) => added.push((line, item.quantity.unwrap_or(1))),
            Err(CartError::Storage(e)) => return Err(e),
            // `WC_Cart::add_to_cart` leads this one with a link to the cart, where it is.
            Err(e @ CartError::SoldIndividually(_)) => {
                notices.push(Notice::error(format!("{VIEW_CART_LINK} {}", e.message())));
            }
            Err(e) => notices.push(Notice::error(e.message())),
        }
    }
    if added.is_empty() {
        return Ok((jar, false, notices));
    }
    let priced = match cart::price(state, Some(reference)).await {
        Ok(priced) => priced,
        Err(CartError::Storage(e)) => return Err(e),
        Err(_) => return Ok((jar, true, notices)),
    };
    let titles: Vec<String> = added
        .iter()
        .filter_map(|(line, quantity)| {
            let name = &priced.document.item(line)?.name;
            let times = if *quantity > 1 {
                format!("{quantity} &times; ")
            } else {
                String::new()
            };
            Some(format!("{times}&ldquo;{}&rdquo;", escape_html(name)))
        })
        .collect();
    let count: i64 = added.iter().map(|(_, q)| *q).sum();
    notices.insert(0, Notice::success(added_message(state, &titles, count)));
    let secure = crate::session::secure_cookies(state.config.cookie_security, headers);
    for cookie in cart::identity::cart_cookies(&jar, &priced.hash(), secure) {
        jar = jar.add(cookie);
    }
    Ok((jar, true, notices))
}

/// The link to the cart that leads add-to-cart notices.
const VIEW_CART_LINK: &str =
    "<a href=\"/cart/\" tabindex=\"1\" class=\"button wc-forward\">View cart</a>";

/// `wc_add_to_cart_message`: the link first, then the titles.
fn added_message(state: &AppState, titles: &[String], count: i64) -> String {
    let refs: Vec<&str> = titles.iter().map(String::as_str).collect();
    let list = mercato_core::catalogue::format_list(&refs);
    let verb = if count == 1 { "has" } else { "have" };
    let link = if state.settings.cart_redirect_after_add {
        "<a href=\"/shop/\" tabindex=\"1\" class=\"button wc-forward\">Continue shopping</a>"
    } else {
        VIEW_CART_LINK
    };
    format!("{link} {list} {verb} been added to your cart.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn reads_links_and_forms() {
        let simple = requested(&pairs(&[("add-to-cart", "12"), ("quantity", "2.5")]));
        assert_eq!(
            simple.ok().map(|i| (i[0].id, i[0].quantity)),
            Some((12, Some(2)))
        );
        let variation = requested(&pairs(&[
            ("add-to-cart", "14"),
            ("variation_id", "30"),
            ("attribute_pa_color", "blue"),
            ("attribute_pa_size", ""),
        ]))
        .unwrap_or_default();
        assert_eq!(
            variation[0].id, 14,
            "the options decide, not a stale variation id"
        );
        assert_eq!(
            variation[0].variation,
            [("pa_color".to_owned(), "blue".to_owned())]
        );
        let grouped = requested(&pairs(&[
            ("add-to-cart", "9"),
            ("quantity[17]", "1"),
            ("quantity[18]", "0"),
        ]))
        .unwrap_or_default();
        assert_eq!(grouped.len(), 1);
        assert!(requested(&pairs(&[("add-to-cart", "9"), ("quantity[17]", "0")])).is_err());
        let hostile = requested(&pairs(&[("add-to-cart", "<x>")])).err();
        assert_eq!(
            hostile.map(|n| n.html),
            Some("Product with ID &quot;&lt;x&gt;&quot; was not found and cannot be added to the cart.".to_owned())
        );
    }
}
