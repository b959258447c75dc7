//! `POST /checkout/express/`: one-click payment for a logged-in customer, with their default
//! saved card and the addresses saved to their account by their last order.
//!
//! The button stands for a whole checkout form: the saved billing address (and the saved
//! shipping address when it differs), the cart's chosen shipping rate, the test card gateway
//! with the default card, and the terms (the button says that paying accepts them). That
//! form then goes through exactly the checks and the placing of `POST /checkout/`, so an
//! express order is refused for the same reasons, and a refusal shows the checkout page with
//! the form filled in from the saved addresses.

use axum::extract::State;
use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::orders::Address;
use mercato_db::{payment_tokens, users};

use super::CHECKOUT_PATH;
use super::form::{Posted, SHOWN_TOTAL};
use super::place::submit;
use crate::checkout::rate_limit::Peer;
use crate::forms::redirect_see_other;
use crate::input::{FormFields, form_value};
use crate::layout::{PageResult, Shopper};
use crate::state::AppState;

/// `POST /checkout/express/`.
pub async fn post(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    peer: Peer,
    FormFields(pairs): FormFields,
) -> PageResult {
    let field = |name: &str| form_value(&pairs, name).unwrap_or("").to_owned();
    let sent = field("_wpnonce");
    // The total the button showed ("Pay $X now"): another one is not charged.
    let shown_total = field(SHOWN_TOTAL);
    let session = crate::session::current(&state, &jar).await?;
    // Only a customer with a saved card and address has the button; anyone else goes back
    // to the checkout page.
    let Some(user_id) = session.and_then(|s| s.user_id) else {
        return Ok(redirect_see_other(CHECKOUT_PATH));
    };
    let (account, card) = match (
        users::load(&state.db, user_id).await?,
        payment_tokens::default_for(&state.db, user_id).await?,
    ) {
        (Some(account), Some(card)) => (account, card),
        _ => return Ok(redirect_see_other(CHECKOUT_PATH)),
    };
    let ships_apart = !account.shipping.address_1.trim().is_empty()
        && !same_place(&account.shipping, &account.billing);
    let mut posted = Posted::from_addresses(&account.billing, &account.shipping);
    posted.set("_wpnonce", &sent);
    // The card's own gateway takes it, under that gateway's saved-card key.
    let gateway = &card.card.gateway;
    let [token_key, _] = crate::payments::saved_card_keys(gateway);
    posted.set("payment_method", gateway);
    posted.set(&token_key, &card.card.id.to_string());
    posted.set("terms", "1");
    posted.set(SHOWN_TOTAL, &shown_total);
    if ships_apart {
        posted.set("ship_to_different_address", "1");
    }
    // Not the checkout's own path: the form it may show again has no shopper in the layout,
    // as before (a post pays for no session read or pricing of its own).
    let shopper = Shopper::default();
    submit(&state, &shopper, &jar, &headers, peer, posted).await
}

/// Whether two addresses name the same person at the same place (email and phone aside).
fn same_place(a: &Address, b: &Address) -> bool {
    let place = |x: &Address| {
        [
            x.first_name.trim().to_owned(),
            x.last_name.trim().to_owned(),
            x.company.trim().to_owned(),
            x.address_1.trim().to_owned(),
            x.address_2.trim().to_owned(),
            x.city.trim().to_owned(),
            x.state.trim().to_owned(),
            x.postcode.trim().to_owned(),
            x.country.trim().to_owned(),
        ]
    };
    place(a) == place(b)
}
