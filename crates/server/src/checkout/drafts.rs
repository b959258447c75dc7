//! Checkout drafts: the order a cart would make, kept while the shopper checks out, holding
//! its stock for `stock_hold_minutes` (capped per client, [`super::MAX_HOLDING_CARTS`]).
//! Both checkouts make one when the shopper opens them: the Store API's `GET /checkout` and
//! the classic `GET /checkout/` page. Placing the order turns the draft into the order and
//! releases its holds.

use mercato_core::attribution::Attribution;
use mercato_core::orders::Order;
use mercato_db::{DbResult, orders};

use super::{OrderParty, order_from_cart, stock_lines};
use crate::cart::PricedCart;
use crate::state::AppState;

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

/// Makes or refreshes the cart's draft from `priced`. Without `party`, the addresses are the
/// cart's and the note, gateway and attribution are kept from the existing draft (the first
/// enabled gateway for a new one).
pub async fn refresh(
    state: &AppState,
    whose: DraftFor<'_>,
    priced: &PricedCart,
    party: Option<(&OrderParty, Option<Attribution>)>,
) -> DbResult<Order> {
    let DraftFor {
        cart_key,
        user_id,
        user_agent,
        holder,
    } = whose;
    let existing = orders::load_draft(&state.db, cart_key).await?;
    let (party, attribution) = match party {
        Some((party, attribution)) => (party.clone(), attribution),
        None => {
            let gateways = &state.gateways;
            let (note, method, attribution) = match &existing {
                Some(d) => (
                    d.customer_note.clone(),
                    d.payment_method.clone(),
                    d.attribution.clone(),
                ),
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
            let party = OrderParty {
                customer_id: user_id.unwrap_or(0),
                billing: priced.billing(),
                shipping: priced.shipping(),
                customer_note: note,
                payment_method_title: gateways
                    .get(&method)
                    .map(|g| g.title.clone())
                    .unwrap_or_default(),
                payment_method: method,
                customer_ip: String::new(),
                customer_user_agent: user_agent.to_owned(),
            };
            (party, attribution)
        }
    };
    let now = crate::cart::now();
    let mut order = order_from_cart(priced, &party, &state.settings.currency.code, now);
    order.attribution = attribution;
    let lines = stock_lines(priced);
    let holds = orders::Holds {
        lines: &lines,
        until: now + state.settings.stock_hold_secs(),
        holder,
        max_carts: Some(super::MAX_HOLDING_CARTS),
    };
    orders::create_or_refresh_held_draft(&state.db, cart_key, user_id, &order, &holds).await
}
