//! The checkout domain: the one check behind every checkout ([`check`]), the order a cart
//! makes ([`build`]), saved cards ([`cards`]), the payment method check ([`method`]) and
//! placing an order ([`place`]). Surfaces (the Store API `/checkout`, the classic
//! `/checkout/` page, pay for order) read their request, call [`check_order`], word its
//! refusals in their own format, then call [`place_order`].

pub mod build;
pub mod cards;
pub mod check;
pub mod choices;
pub mod drafts;
pub mod method;
pub mod order_actions;
pub mod pay_again;
pub mod place;
pub mod rate_limit;

pub use crate::payments::{Gateways, Payment};
pub use build::{OrderParty, order_from_cart, stock_lines};
pub use check::{
    AddressProblems, CheckedOrder, CheckoutInput, CheckoutRefusal, Ordering, check_order,
};
pub use choices::{order_addresses, shipping_needs, user_agent};
pub use method::{MethodRefusal, check_method};
pub use place::{OrderRequest, PlacedOrder, Refusal, place_error_message, place_order};

/// How many carts one client (an address, a customer) may hold stock with at a time. A
/// checkout draft past it reserves nothing (it can still be placed while stock lasts), so a
/// handful of anonymous sessions cannot keep the last units of a product off sale.
pub const MAX_HOLDING_CARTS: i64 = 2;

/// The "order received" page: `{base}/checkout/order-received/{id}/?key={key}`.
pub fn order_received_url(base_url: &str, order_id: i64, order_key: &str) -> String {
    mercato_core::payments::order_received_url(&checkout_url(base_url), order_id, order_key)
}

/// The checkout page.
pub fn checkout_url(base_url: &str) -> String {
    format!("{}/checkout/", base_url.trim_end_matches('/'))
}

/// Where a shopper confirms a card that needs it (`checkout_page::confirm`).
pub fn confirm_card_url(base_url: &str, order_id: i64, order_key: &str) -> String {
    format!(
        "{}confirm-card/{order_id}/?key={order_key}",
        checkout_url(base_url)
    )
}
