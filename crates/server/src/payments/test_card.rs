//! The test card gateway: card fields checked and "charged" by the rules in
//! `mercato_core::payments` (4242… succeeds, 4000…0002 is declined, 4000…3220 asks for
//! confirmation), and saved cards paid with again. No money moves.

use mercato_core::payments::{
    self, GatewayInfo, PaymentOutcome, TEST_CARD_GATEWAY_ID, payment_complete_status,
};

use super::{Gateway, NEEDS_PROCESSING, Payment, PaymentRequest};

/// The test card gateway (`test_card`).
#[derive(Debug, Clone, Copy, Default)]
pub struct TestCard;

impl Gateway for TestCard {
    fn info(&self) -> GatewayInfo {
        let mut info =
            payments::test_card_gateway(|brand| format!("/assets/cards/{}.svg", brand.as_str()));
        info.enabled = true;
        debug_assert_eq!(info.id, TEST_CARD_GATEWAY_ID);
        info
    }

    fn pay(&self, request: &PaymentRequest<'_>) -> Payment {
        let order = request.order;
        let paid = payment_complete_status(NEEDS_PROCESSING);
        if let Some(token) = request.saved {
            let outcome = payments::charge_saved(token.card.expiry, request.now);
            let transaction_id = if outcome == PaymentOutcome::Success {
                format!("test_{}_{}", order.id, token.card.last4)
            } else {
                String::new()
            };
            return Payment {
                status: outcome.order_status(paid),
                outcome,
                transaction_id,
                card: None,
            };
        }
        let value = |key: &str| {
            request
                .payment_data
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, v)| v.as_str())
        };
        let number = value(payments::NUMBER_KEY);
        let expiry = value(payments::EXPIRY_KEY);
        let cvc = value(payments::CVC_KEY);
        let outcome = payments::pay(number, expiry, cvc, request.now, request.confirm_url);
        let card = match (
            &outcome,
            payments::check_card(number, expiry, cvc, request.now),
        ) {
            (PaymentOutcome::Success, Ok(card)) => Some(card),
            _ => None,
        };
        let transaction_id = card
            .as_ref()
            .map(|card| payments::transaction_id(order.id, card))
            .unwrap_or_default();
        Payment {
            status: outcome.order_status(paid),
            outcome,
            transaction_id,
            card,
        }
    }
}
