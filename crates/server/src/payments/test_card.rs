//! The test card gateway: card fields checked and "charged" by the rules in
//! `mercato_core::payments` (4242… succeeds, 4000…0002 is declined, 4000…3220 asks for
//! confirmation), and saved cards paid with again. No money moves.

use mercato_core::payments::{
    self, CardDetails, GatewayInfo, PaymentOutcome, TEST_CARD_GATEWAY_ID, payment_complete_status,
};

use super::{Gateway, NEEDS_PROCESSING, Payment, PaymentField, PaymentRequest};

/// The card form: number, expiry and code, under the names the gateway reads.
const FIELDS: [PaymentField; 3] = [
    PaymentField {
        name: payments::NUMBER_KEY,
        label: "Card number",
        autocomplete: "cc-number",
        placeholder: "\u{2022}\u{2022}\u{2022}\u{2022} \u{2022}\u{2022}\u{2022}\u{2022} \u{2022}\u{2022}\u{2022}\u{2022} \u{2022}\u{2022}\u{2022}\u{2022}",
        input_mode: "numeric",
        max_length: None,
    },
    PaymentField {
        name: payments::EXPIRY_KEY,
        label: "Expiry (MM/YY)",
        autocomplete: "cc-exp",
        placeholder: "MM / YY",
        input_mode: "numeric",
        max_length: None,
    },
    PaymentField {
        name: payments::CVC_KEY,
        label: "Card code",
        autocomplete: "cc-csc",
        placeholder: "CVC",
        input_mode: "numeric",
        max_length: Some(4),
    },
];

/// The test card gateway (`test_card`).
#[derive(Debug, Clone, Copy, Default)]
pub struct TestCard;

impl Gateway for TestCard {
    fn info(&self) -> GatewayInfo {
        let info =
            payments::test_card_gateway(|brand| format!("/assets/cards/{}.svg", brand.as_str()));
        debug_assert_eq!(info.id, TEST_CARD_GATEWAY_ID);
        info
    }

    fn fixed_notice(&self) -> Option<&'static str> {
        Some(payments::TEST_MODE_NOTICE)
    }

    fn fields(&self) -> &'static [PaymentField] {
        &FIELDS
    }

    /// The default saved card, in one press (the checkout's "Express checkout" box).
    fn express(&self) -> bool {
        true
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

    /// The card, checked as at checkout, and kept only if a charge would go through without
    /// a further step: the declined number is refused with the checkout's words, and the
    /// number that asks for confirmation too (the account page has no confirmation step).
    fn add_card(&self, payment_data: &[(String, String)], now: i64) -> Result<CardDetails, String> {
        let value = |key: &str| {
            payment_data
                .iter()
                .find(|(k, _)| k == key)
                .map_or("", |(_, v)| v.as_str())
        };
        let card = payments::check_card(
            value(payments::NUMBER_KEY),
            value(payments::EXPIRY_KEY),
            value(payments::CVC_KEY),
            now,
        )
        .map_err(|e| e.to_string())?;
        match payments::charge(&card, "") {
            PaymentOutcome::Success => Ok(card),
            PaymentOutcome::Failure { message } | PaymentOutcome::Error { message } => Err(message),
            PaymentOutcome::Pending { .. } => Err(NEEDS_CONFIRMATION.to_owned()),
        }
    }
}

/// A card that asks for a confirmation step cannot be added from the account page.
pub const NEEDS_CONFIRMATION: &str = "This card asks for a confirmation step, which adding a card cannot offer. Please use another card.";
