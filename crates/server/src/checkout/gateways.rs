//! The payment gateways the shop offers: which are on, what shoppers see of them (titles,
//! descriptions, `paymentMethodData` for pages), and taking a payment with one.
//!
//! The registry is plain data built once; pages embed [`Gateways::method_data`], the checkout
//! checks the chosen id against [`Gateways::enabled_ids`] and runs [`Gateways::pay`].

use mercato_core::money::Money;
use mercato_core::orders::{Order, OrderStatus};
use mercato_core::payments::{
    self, CardDetails, CodSettings, GatewayFeature, GatewayInfo, OfflineGateway, PaymentOutcome,
    TEST_CARD_GATEWAY_ID, payment_complete_status,
};
use mercato_db::payment_tokens::StoredToken;
use serde_json::{Map, Value};

/// The shop's gateways, in checkout order.
#[derive(Debug, Clone)]
pub struct Gateways {
    /// Every gateway the shop knows, enabled or not.
    pub all: Vec<GatewayInfo>,
    /// Cash on delivery's availability rules.
    pub cod: CodSettings,
}

impl Default for Gateways {
    /// bacs, cheque, cod and the test card gateway, all enabled.
    fn default() -> Self {
        let mut all: Vec<GatewayInfo> = OfflineGateway::ALL
            .into_iter()
            .map(OfflineGateway::default_info)
            .collect();
        let mut card =
            payments::test_card_gateway(|brand| format!("/assets/cards/{}.svg", brand.as_str()));
        card.enabled = true;
        all.push(card);
        Gateways {
            all,
            cod: CodSettings::default(),
        }
    }
}

/// Orders are not marked downloadable-only yet: every paid order goes to processing.
const NEEDS_PROCESSING: bool = true;

/// What taking a payment came to, and what it means for the order.
#[derive(Debug, Clone, PartialEq)]
pub struct Payment {
    /// The gateway's outcome.
    pub outcome: PaymentOutcome,
    /// The order's status after it.
    pub status: OrderStatus,
    /// The gateway's reference ("" when none).
    pub transaction_id: String,
    /// New card details that were charged successfully (what a customer may keep).
    pub card: Option<CardDetails>,
}

impl Gateways {
    /// The enabled gateways, in order.
    pub fn enabled(&self) -> impl Iterator<Item = &GatewayInfo> {
        self.all.iter().filter(|g| g.enabled)
    }

    /// Ids of the enabled gateways (the cart's `payment_methods`).
    pub fn enabled_ids(&self) -> Vec<String> {
        self.enabled().map(|g| g.id.clone()).collect()
    }

    /// The enabled gateway with this id.
    pub fn get(&self, id: &str) -> Option<&GatewayInfo> {
        self.enabled().find(|g| g.id == id)
    }

    /// Ids of the gateways that can take this order (cash on delivery follows its rules).
    pub fn available_for(&self, needs_shipping: bool, chosen_rates: &[&str]) -> Vec<&str> {
        self.enabled()
            .filter(|g| {
                g.id != OfflineGateway::Cod.id()
                    || self.cod.is_available(needs_shipping, chosen_rates)
            })
            .map(|g| g.id.as_str())
            .collect()
    }

    /// `paymentMethodData` for pages: id → `{title, description, supports}` (cod with its rules).
    pub fn method_data(&self) -> Map<String, Value> {
        self.enabled()
            .map(|g| {
                let mut data = if g.id == OfflineGateway::Cod.id() {
                    self.cod.method_data(g)
                } else {
                    serde_json::to_value(g.method_data()).unwrap_or(Value::Null)
                };
                // Cards can be saved and paid with again (the block checkout's
                // `supports.showSavedCards` / `showSaveOption`).
                if g.supports(GatewayFeature::Tokenization)
                    && let Value::Object(map) = &mut data
                {
                    map.insert("showSavedCards".to_owned(), Value::Bool(true));
                    map.insert("showSaveOption".to_owned(), Value::Bool(true));
                }
                (g.id.clone(), data)
            })
            .collect()
    }

    /// The payment of an order that takes no money now: nothing to pay, or an offline
    /// gateway (bank transfer, cheque, cash on delivery), whose outcome is known before the
    /// order is placed. `None` when a charge has to be made.
    pub fn without_charge(&self, order: &Order) -> Option<Payment> {
        if order.totals.total <= Money::ZERO {
            return Some(success(payment_complete_status(NEEDS_PROCESSING)));
        }
        OfflineGateway::from_id(&order.payment_method).map(|offline| {
            success(offline.status_on_success(order.totals.total, false, NEEDS_PROCESSING))
        })
    }

    /// Takes payment for `order` with its chosen gateway: the offline gateways accept at once
    /// (with their status), the test card "charges" the `saved` card (already checked to be
    /// the customer's) or else the card in `payment_data`; an order with nothing to pay is
    /// paid at once.
    pub fn pay(
        &self,
        order: &Order,
        payment_data: &[(String, String)],
        saved: Option<&StoredToken>,
        confirm_url: &str,
        now: i64,
    ) -> Payment {
        if let Some(payment) = self.without_charge(order) {
            return payment;
        }
        let needs_processing = NEEDS_PROCESSING;
        if order.payment_method == TEST_CARD_GATEWAY_ID
            && let Some(token) = saved
        {
            let outcome = payments::charge_saved(token.card.expiry, now);
            let status = outcome.order_status(payment_complete_status(needs_processing));
            let transaction_id = if outcome == PaymentOutcome::Success {
                format!("test_{}_{}", order.id, token.card.last4)
            } else {
                String::new()
            };
            return Payment {
                outcome,
                status,
                transaction_id,
                card: None,
            };
        }
        if order.payment_method == TEST_CARD_GATEWAY_ID {
            let value = |key: &str| {
                payment_data
                    .iter()
                    .find(|(k, _)| k == key)
                    .map_or("", |(_, v)| v.as_str())
            };
            let number = value(payments::NUMBER_KEY);
            let expiry = value(payments::EXPIRY_KEY);
            let cvc = value(payments::CVC_KEY);
            let outcome = payments::pay(number, expiry, cvc, now, confirm_url);
            let card = match (&outcome, payments::check_card(number, expiry, cvc, now)) {
                (PaymentOutcome::Success, Ok(card)) => Some(card),
                _ => None,
            };
            let transaction_id = card
                .as_ref()
                .map(|card| payments::transaction_id(order.id, card))
                .unwrap_or_default();
            let status = outcome.order_status(payment_complete_status(needs_processing));
            return Payment {
                outcome,
                status,
                transaction_id,
                card,
            };
        }
        let outcome = PaymentOutcome::Error {
            message: "The payment gateway is not available.".to_owned(),
        };
        Payment {
            status: outcome.order_status(OrderStatus::Pending),
            outcome,
            transaction_id: String::new(),
            card: None,
        }
    }
}

fn success(status: OrderStatus) -> Payment {
    Payment {
        outcome: PaymentOutcome::Success,
        status,
        transaction_id: String::new(),
        card: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_lists_the_four_gateways() {
        let gateways = Gateways::default();
        assert_eq!(
            gateways.enabled_ids(),
            ["bacs", "cheque", "cod", "test_card"]
        );
        assert_eq!(
            gateways.get("cod").map(|g| g.title.as_str()),
            Some("Cash on delivery")
        );
        let data = gateways.method_data();
        assert_eq!(data["cod"]["enableForVirtual"], Value::Bool(true));
        assert_eq!(data["test_card"]["supports"][0], "products");
        assert_eq!(data["test_card"]["showSavedCards"], Value::Bool(true));
        assert_eq!(data["test_card"]["showSaveOption"], Value::Bool(true));
        assert!(data["bacs"].get("showSavedCards").is_none());
        assert_eq!(gateways.available_for(true, &["flat_rate:1"]).len(), 4);
    }
}
