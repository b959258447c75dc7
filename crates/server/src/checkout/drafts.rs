//! Checkout drafts: the order a cart would make, kept while the shopper checks out, holding
//! its stock for `stock_hold_minutes` (capped per client, [`super::MAX_HOLDING_CARTS`]).
//! Both checkouts make one when the shopper opens them: the Store API's `GET /checkout` and
//! the classic `GET /checkout/` page. Placing the order turns the draft into the order and
//! releases its holds.

use mercato_core::orders::Order;
use mercato_db::{DbResult, orders};

use super::{OrderParty, order_from_cart, stock_lines};
use crate::cart::PricedCart;
use crate::services::Services;

/// Whose draft it is.
#[derive(Debug, Clone, Copy)]
pub struct DraftFor<'a> {
    /// The cart it is made from.
    pub cart_key: &'a str,
    /// The logged-in customer.
    pub user_id: Option<i64>,
    /// The shopper's browser (`User-Agent`).
    pub user_agent: &'a str,
    /// The client holding its stock (`checkout::rate_limit::client_of`).
    pub holder: &'a str,
}

/// Makes or refreshes the cart's draft from `priced`: the cart's addresses, and the note,
/// gateway and attribution kept from the existing draft (the first enabled gateway for a new
/// one).
pub async fn refresh(
    state: &Services,
    whose: DraftFor<'_>,
    priced: &PricedCart,
) -> DbResult<Order> {
    let DraftFor {
        cart_key,
        user_id,
        user_agent,
        holder,
    } = whose;
    let gateways = &state.gateways;
    let (note, method, attribution) = match orders::load_draft(&state.db, cart_key).await? {
        Some(d) => (d.customer_note, d.payment_method, d.attribution),
        None => (
            String::new(),
            gateways
                .enabled_ids()
                .into_iter()
                .next()
                .unwrap_or_default(),
            None,
        ),
    };
    let party = OrderParty::new(
        user_id.unwrap_or(0),
        (priced.billing(), priced.shipping()),
        super::shipping_needs(priced),
        note,
        method,
        user_agent,
        gateways,
    );
    let now = state.clock.now();
    let mut order = order_from_cart(priced, &party, &state.settings.currency, now);
    order.attribution = attribution;
    let lines = stock_lines(priced);
    let holds = orders::Holds {
        lines: &lines,
        until: now + state.settings.stock_hold_secs(),
        holder,
        max_carts: Some(super::MAX_HOLDING_CARTS),
        now,
    };
    orders::create_or_refresh_held_draft(&state.db, cart_key, user_id, &order, &holds).await
}
