//! The order links of a customer's account that WooCommerce sends through the cart page:
//! `GET /cart/?cancel_order=true&order={key}&order_id={id}&redirect=…&_wpnonce=…` and
//! `GET /cart/?order_again={id}&_wpnonce=…`. Each needs the logged-in owner of the order and
//! the nonce its link carries (bound to the session and the order); each answers 303 with a
//! notice: a cancel back to `redirect` (a local path; the orders page otherwise), an order
//! again to the cart.

use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use mercato_db::sessions::Session;

use crate::cart::CartRef;
use crate::cart::identity::cart_key_of;
use crate::checkout::order_actions::{self, Cancelled};
use crate::forms::{EXPIRED, is_local_target, nonce_ok, redirect_see_other};
use crate::input::form_value;
use crate::layout::notices::{Notice, redirect_with};
use crate::layout::{CART_PATH, PageError, PageResult};
use crate::state::AppState;

/// Where a customer's orders are listed.
const ORDERS: &str = "/my-account/orders/";

/// Whether the query asks for one of these links.
pub fn is_order_link(pairs: &[(String, String)]) -> bool {
    pairs
        .iter()
        .any(|(k, _)| k == "cancel_order" || k == "order_again")
}

fn field<'a>(pairs: &'a [(String, String)], name: &str) -> &'a str {
    form_value(pairs, name).unwrap_or("")
}

/// Answers an order link.
pub async fn follow(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    pairs: &[(String, String)],
) -> PageResult {
    let session = crate::session::current(state, &jar)
        .await?
        .filter(|s| s.user_id.is_some());
    // A guest (or a session that ended) logs in first.
    let Some(session) = session else {
        return Ok(redirect_see_other("/my-account/"));
    };
    let id = field(
        pairs,
        if pairs.iter().any(|(k, _)| k == "order_again") {
            "order_again"
        } else {
            "order_id"
        },
    )
    .trim()
    .parse::<i64>()
    .unwrap_or(0);
    if field(pairs, "order_again").is_empty() {
        cancel(state, jar, headers, pairs, &session, id).await
    } else {
        again(state, jar, headers, pairs, &session, id).await
    }
}

async fn cancel(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    pairs: &[(String, String)],
    session: &Session,
    id: i64,
) -> PageResult {
    let wanted = field(pairs, "redirect");
    let back = if !wanted.is_empty() && is_local_target(wanted) {
        wanted
    } else {
        ORDERS
    };
    let action = order_actions::cancel_nonce_action(id);
    if !nonce_ok(state, &action, session, field(pairs, "_wpnonce")).await? {
        return redirect_with(state, jar, headers, back, vec![Notice::error(EXPIRED)]).await;
    }
    let user = session.user_id.unwrap_or(0);
    let notice = match order_actions::cancel(state, user, id, field(pairs, "order")).await? {
        Cancelled::Done(_) => Notice::info("Your order was cancelled."),
        Cancelled::TooLate => Notice::error(
            "Your order can no longer be cancelled. Please contact us if you need assistance.",
        ),
        Cancelled::Unknown => Notice::error("Invalid order."),
    };
    redirect_with(state, jar, headers, back, vec![notice]).await
}

async fn again(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    pairs: &[(String, String)],
    session: &Session,
    id: i64,
) -> PageResult {
    let action = order_actions::order_again_nonce_action(id);
    if !nonce_ok(state, &action, session, field(pairs, "_wpnonce")).await? {
        return redirect_with(state, jar, headers, ORDERS, vec![Notice::error(EXPIRED)]).await;
    }
    let user = session.user_id.unwrap_or(0);
    let order = order_actions::customer_order(state, user, id, None)
        .await?
        .filter(|o| o.status.customer_may_order_again());
    let Some(order) = order else {
        return redirect_with(
            state,
            jar,
            headers,
            ORDERS,
            vec![Notice::error("Invalid order.")],
        )
        .await;
    };
    let Some(key) = cart_key_of(session) else {
        return Err(PageError::internal("order again", "no cart key"));
    };
    let cart = CartRef {
        key: &key,
        user_id: session.user_id,
    };
    let refilled = order_actions::order_again(state, cart, &order).await?;
    let mut notices = Vec::new();
    if refilled.added > 0 {
        notices.push(Notice::success(
            "The cart has been filled with the items from your previous order.",
        ));
    }
    notices.extend(refilled.skipped.into_iter().map(Notice::error));
    redirect_with(state, jar, headers, CART_PATH, notices).await
}
