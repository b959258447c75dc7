//! What a customer may do with an order of theirs from their account: cancel it while it
//! waits for payment, and order it again once it was paid (WooCommerce's `cancel_order` and
//! `order_again`). The surfaces check the nonce; these check the rest.

use mercato_core::orders::{Order, OrderStatus};
use mercato_db::orders::{self, SetStatusError};

use crate::cart::{self, AddItem, CartError, CartRef, escape_html};
use crate::services::Services;

/// The note a cancelled order gets (WooCommerce's words).
pub const CANCELLED_NOTE: &str = "Order cancelled by customer.";

/// What asking to cancel came to.
#[derive(Debug)]
pub enum Cancelled {
    /// Cancelled now: its stock given back, its holds released, a note on it.
    Done(Box<Order>),
    /// Theirs, but no longer in a status they may cancel from.
    TooLate,
    /// Not an order of theirs (or no order at all; the same answer).
    Unknown,
}

/// The order `order_id` with key `order_key` when it is `user_id`'s (a guest owns nothing
/// here); drafts are no one's yet.
pub async fn customer_order(
    state: &Services,
    user_id: i64,
    order_id: i64,
    order_key: Option<&str>,
) -> mercato_db::DbResult<Option<Order>> {
    if user_id <= 0 {
        return Ok(None);
    }
    let order = orders::load(&state.db, order_id).await?;
    Ok(order.filter(|o| {
        o.customer_id == user_id
            && o.status != OrderStatus::CheckoutDraft
            && order_key.is_none_or(|key| o.order_key.as_str() == key)
    }))
}

/// Cancels `user_id`'s order `order_id` (named with its key too, as WooCommerce's link does)
/// if it is pending or failed. The move is made on the locked row: a payment that got there
/// first wins and this answers [`Cancelled::TooLate`].
pub async fn cancel(
    state: &Services,
    user_id: i64,
    order_id: i64,
    order_key: &str,
) -> mercato_db::DbResult<Cancelled> {
    let Some(order) = customer_order(state, user_id, order_id, Some(order_key)).await? else {
        return Ok(Cancelled::Unknown);
    };
    if !order.status.customer_may_cancel() {
        return Ok(Cancelled::TooLate);
    }
    let now = state.clock.now();
    let moved = orders::set_status_from(
        &state.db,
        order.id,
        &[OrderStatus::Pending, OrderStatus::Failed],
        OrderStatus::Cancelled,
        move |o| o.add_note(CANCELLED_NOTE, now),
    )
    .await;
    match moved {
        Ok(order) => {
            tracing::info!(order.id = order.id, "order cancelled by its customer");
            Ok(Cancelled::Done(Box::new(order)))
        }
        Err(SetStatusError::Moved(_) | SetStatusError::Transition(_)) => Ok(Cancelled::TooLate),
        Err(SetStatusError::NotFound(_)) => Ok(Cancelled::Unknown),
        Err(SetStatusError::OutOfStock { .. }) => Ok(Cancelled::TooLate),
        Err(SetStatusError::Db(e)) => Err(e),
    }
}

/// What ordering again came to.
#[derive(Debug, Default)]
pub struct Refilled {
    /// Lines added to the cart.
    pub added: usize,
    /// Why each other line was left out (HTML, as cart messages are).
    pub skipped: Vec<String>,
}

/// Adds the lines of `order` to `cart` with their quantities, options and add-ons, as
/// the shopper would add them now (today's price, stock and limits); a line that cannot be
/// added (gone, no longer for sale, out of stock) is left out with the reason. What the cart
/// held already stays.
pub async fn order_again(
    state: &Services,
    cart: CartRef<'_>,
    order: &Order,
) -> Result<Refilled, mercato_db::DbError> {
    let mut refilled = Refilled::default();
    for line in &order.line_items {
        let request = AddItem {
            id: line.purchased_id().0,
            quantity: Some(i64::from(line.quantity)),
            variation: line
                .attributes
                .iter()
                .map(|a| (a.key.clone(), a.value.clone()))
                .collect(),
            addons: line
                .addons
                .iter()
                .map(|a| (a.key.clone(), a.value.clone()))
                .collect(),
        };
        match cart::add_item(state, cart, &request).await {
            Ok(_) => refilled.added += 1,
            Err(CartError::Storage(e)) => return Err(e),
            Err(
                CartError::UnknownProduct(_)
                | CartError::NotPurchasable(_)
                | CartError::ItemProductGone
                | CartError::NoMatchingVariation,
            ) => refilled.skipped.push(format!(
                "&quot;{}&quot; is no longer available and could not be added to your cart.",
                escape_html(&line.name)
            )),
            Err(other) => refilled.skipped.push(other.message()),
        }
    }
    Ok(refilled)
}

/// The nonce action of order `id`'s cancel link (WooCommerce's `woocommerce-cancel_order`,
/// bound to the order).
pub fn cancel_nonce_action(id: i64) -> String {
    format!("woocommerce-cancel_order-{id}")
}

/// The nonce action of order `id`'s order-again link (`woocommerce-order_again`, bound to
/// the order).
pub fn order_again_nonce_action(id: i64) -> String {
    format!("woocommerce-order_again-{id}")
}

/// WooCommerce's cancel link: `/cart/?cancel_order=true&order={key}&order_id={id}&redirect=…&_wpnonce=…`.
pub fn cancel_url(order: &Order, nonce: &str, redirect: &str) -> String {
    format!(
        "/cart/?cancel_order=true&order={}&order_id={}&redirect={}&_wpnonce={nonce}",
        order.order_key.as_str(),
        order.id,
        crate::input::encode_query_component(redirect)
    )
}

/// WooCommerce's order-again link: `/cart/?order_again={id}&_wpnonce=…`.
pub fn order_again_url(id: i64, nonce: &str) -> String {
    format!("/cart/?order_again={id}&_wpnonce={nonce}")
}

/// The order-pay page: `/checkout/order-pay/{id}/?pay_for_order=true&key={key}`.
pub fn order_pay_url(order: &Order) -> String {
    format!(
        "/checkout/order-pay/{}/?pay_for_order=true&key={}",
        order.id,
        order.order_key.as_str()
    )
}
