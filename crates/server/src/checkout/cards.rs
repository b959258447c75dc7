//! Saved cards at checkout: which card the shopper chose (`payment_data`), checking that a
//! chosen saved card is the customer's own, keeping a new card when they asked, and the
//! `customerPaymentMethods` page setting.
//!
//! The keys are WooCommerce's, so existing block checkouts work unchanged:
//! - `wc-{gateway}-payment-token`: a saved card's id, or `new` for the card form;
//! - `wc-{gateway}-new-payment-method`: `true` (or `1`) to keep the new card.

use mercato_core::payments::{
    CardDetails, CardToken, CustomerPaymentMethods, TokenLinks, customer_payment_methods,
};
use mercato_db::Db;
use mercato_db::payment_tokens::{self, NewToken, StoredToken};

/// The message for a saved card that cannot be used: unknown, or someone else's.
pub const UNKNOWN_CARD: &str =
    "The saved card could not be found. Please choose another card or enter new card details.";

/// What the shopper chose to pay with, as far as saved cards go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardChoice {
    /// New card details (or a gateway without cards); `save` keeps the card afterwards.
    New {
        /// Whether the shopper asked to save the card.
        save: bool,
    },
    /// The saved card with this id.
    Saved(i64),
    /// A token value that is not an id.
    Malformed,
}

/// The choice `payment_data` makes for `gateway`.
pub fn choice(gateway: &str, payment_data: &[(String, String)]) -> CardChoice {
    let value = |key: String| {
        payment_data
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.trim())
    };
    let save = matches!(
        value(format!("wc-{gateway}-new-payment-method")),
        Some("1" | "true" | "yes" | "on")
    );
    match value(format!("wc-{gateway}-payment-token")) {
        None | Some("" | "new") => CardChoice::New { save },
        Some(id) => match id.parse::<i64>() {
            Ok(id) if id > 0 => CardChoice::Saved(id),
            _ => CardChoice::Malformed,
        },
    }
}

/// Why a chosen saved card cannot be used (nothing is written).
#[derive(Debug, thiserror::Error)]
pub enum CardRefusal {
    /// Not a card of this customer (or a guest sent a token).
    #[error("{UNKNOWN_CARD}")]
    Unknown,
    /// Storage failed.
    #[error(transparent)]
    Storage(#[from] mercato_db::DbError),
}

/// The saved card `payment_data` chooses for `gateway`, checked to be `customer`'s own.
/// `None` when the shopper pays with new details.
pub async fn chosen(
    db: &Db,
    customer: Option<i64>,
    gateway: &str,
    payment_data: &[(String, String)],
) -> Result<Option<StoredToken>, CardRefusal> {
    match choice(gateway, payment_data) {
        CardChoice::New { .. } => Ok(None),
        CardChoice::Malformed => Err(CardRefusal::Unknown),
        CardChoice::Saved(id) => {
            let Some(customer) = customer else {
                return Err(CardRefusal::Unknown);
            };
            let token = payment_tokens::load_for(db, customer, id).await?;
            match token {
                Some(token) if token.card.gateway == gateway => Ok(Some(token)),
                _ => Err(CardRefusal::Unknown),
            }
        }
    }
}

/// Keeps `card`, just charged by `gateway`, for `customer`. A failure is logged: the order
/// is paid either way.
pub async fn keep(db: &Db, customer: i64, gateway: &str, card: &CardDetails) {
    match save(db, customer, gateway, card).await {
        Ok(token) => tracing::info!(user.id = customer, token.id = token.card.id, "card saved"),
        Err(error) => tracing::error!(user.id = customer, %error, "cannot save the card"),
    }
}

/// Keeps `card` for `customer` under a new reference of `gateway`; a card they already have
/// is not kept twice (the stored one is returned). Their first card becomes their default.
pub async fn save(
    db: &Db,
    customer: i64,
    gateway: &str,
    card: &CardDetails,
) -> mercato_db::DbResult<StoredToken> {
    let reference = format!("card_{:016x}", rand::random::<u64>());
    payment_tokens::save(
        db,
        NewToken {
            user_id: customer,
            gateway,
            reference: &reference,
            brand: card.brand,
            last4: card.last4(),
            expiry: card.expiry,
        },
    )
    .await
}

/// The `customerPaymentMethods` setting for a customer's saved `cards` (`[]` without any)
/// over the enabled gateways.
pub fn payment_methods_setting(
    cards: &[CardToken],
    gateways: &crate::payments::Gateways,
) -> CustomerPaymentMethods {
    let enabled = gateways.enabled_ids();
    let enabled: Vec<&str> = enabled.iter().map(String::as_str).collect();
    customer_payment_methods(cards, &enabled, |t| TokenLinks {
        delete_url: format!("/my-account/delete-payment-method/{}/", t.id),
        set_default_url: format!("/my-account/set-default-payment-method/{}/", t.id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn payment_data_names_the_card() {
        assert_eq!(choice("test_card", &[]), CardChoice::New { save: false });
        assert_eq!(
            choice(
                "test_card",
                &data(&[
                    ("wc-test_card-payment-token", "new"),
                    ("wc-test_card-new-payment-method", "true")
                ])
            ),
            CardChoice::New { save: true }
        );
        assert_eq!(
            choice(
                "test_card",
                &data(&[("wc-test_card-payment-token", " 12 ")])
            ),
            CardChoice::Saved(12)
        );
        assert_eq!(
            choice("test_card", &data(&[("wc-test_card-payment-token", "-3")])),
            CardChoice::Malformed
        );
        assert_eq!(
            choice(
                "test_card",
                &data(&[("wc-test_card-payment-token", "x' or 1=1")])
            ),
            CardChoice::Malformed
        );
        // Another gateway's token key says nothing about this one.
        assert_eq!(
            choice("test_card", &data(&[("wc-stripe-payment-token", "12")])),
            CardChoice::New { save: false }
        );
    }
}
