//! Order statuses (SPEC §3.23, §4.8): WooCommerce's eight, their labels, which changes Mercato
//! allows, and what entering a status does to stock.
//!
//! # Transitions
//!
//! WooCommerce itself lets an administrator set any status on any order. Mercato allows the
//! changes its flows make (checkout, gateways, unpaid-order expiry, refunds) plus the admin
//! edits that make sense, and refuses the rest:
//!
//! | from \ to      | pending | processing | on-hold | completed | cancelled | refunded | failed |
//! |----------------|---------|------------|---------|-----------|-----------|----------|--------|
//! | checkout-draft | yes     | yes        | yes     | yes       | –         | –        | yes    |
//! | pending        |         | yes        | yes     | yes       | yes       | –        | yes    |
//! | failed         | yes     | yes        | yes     | yes       | yes       | –        |        |
//! | on-hold        | yes     | yes        |         | yes       | yes       | yes      | yes    |
//! | processing     | yes     |            | yes     | yes       | yes       | yes      | yes    |
//! | completed      | –       | yes        | yes     |           | yes       | yes      | –      |
//! | cancelled      | yes     | yes        | yes     | yes       |           | –        | –      |
//! | refunded       | –       | yes        | –       | yes       | –         |          | –      |
//!
//! Nothing enters `checkout-draft`: a draft is only ever created. Drafts are deleted when
//! abandoned, never cancelled. Only an order that may hold a payment (on-hold, processing,
//! completed) can become refunded. A completed order never goes back to awaiting payment.
//!
//! # Stock
//!
//! As in WooCommerce (`wc_maybe_reduce_stock_levels`), entering processing, on-hold or completed
//! takes the order's stock once. WooCommerce gives it back on entering cancelled or pending;
//! Mercato also gives it back on entering refunded or failed (WooCommerce restocks refunds per
//! refund, and leaves failed orders holding stock), so that no order that is not going ahead
//! keeps goods off the shelf.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::Money;

/// The status of an order, with WooCommerce's wire names (`on-hold`, `checkout-draft`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrderStatus {
    /// Placed, awaiting payment.
    Pending,
    /// Paid (or cash on delivery), to be fulfilled.
    Processing,
    /// Awaiting an offline payment or a merchant's check.
    OnHold,
    /// Fulfilled.
    Completed,
    /// Cancelled by the merchant, the customer or the unpaid-order timeout.
    Cancelled,
    /// Refunded in full.
    Refunded,
    /// The payment failed or was declined.
    Failed,
    /// The block checkout's draft, before the order is placed.
    CheckoutDraft,
}

/// A status name that is none of WooCommerce's eight.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not an order status")]
pub struct UnknownStatus(pub String);

/// A status change that [`OrderStatus::can_transition_to`] refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("an order cannot go from {from} to {to}")]
pub struct TransitionError {
    /// Current status.
    pub from: OrderStatus,
    /// Requested status.
    pub to: OrderStatus,
}

/// What a status change does to the stock of the order's items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockChange {
    /// Nothing.
    None,
    /// Take the ordered quantities off stock (and remember that it was done).
    Reduce,
    /// Put the ordered quantities back (and remember that it was undone).
    Restore,
}

impl OrderStatus {
    /// Every status, in WooCommerce's order (`wc_get_order_statuses`).
    pub const ALL: [OrderStatus; 8] = [
        Self::Pending,
        Self::Processing,
        Self::OnHold,
        Self::Completed,
        Self::Cancelled,
        Self::Refunded,
        Self::Failed,
        Self::CheckoutDraft,
    ];

    /// The wire name, without the `wc-` prefix.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Processing => "processing",
            Self::OnHold => "on-hold",
            Self::Completed => "completed",
            Self::Cancelled => "cancelled",
            Self::Refunded => "refunded",
            Self::Failed => "failed",
            Self::CheckoutDraft => "checkout-draft",
        }
    }

    /// The name WooCommerce stores (`wc-on-hold`).
    pub fn prefixed(self) -> String {
        format!("wc-{}", self.as_str())
    }

    /// The label shoppers and merchants read (the `orderStatuses` setting).
    pub fn label(self) -> &'static str {
        match self {
            Self::Pending => "Pending payment",
            Self::Processing => "Processing",
            Self::OnHold => "On hold",
            Self::Completed => "Completed",
            Self::Cancelled => "Cancelled",
            Self::Refunded => "Refunded",
            Self::Failed => "Failed",
            Self::CheckoutDraft => "Draft",
        }
    }

    /// Whether the order has been paid (`wc_get_is_paid_statuses`: processing, completed).
    pub fn is_paid(self) -> bool {
        matches!(self, Self::Processing | Self::Completed)
    }

    /// Whether the order may still be paid for (pending, failed and the checkout draft).
    pub fn is_valid_for_payment(self) -> bool {
        matches!(self, Self::Pending | Self::Failed | Self::CheckoutDraft)
    }

    /// Whether the customer may cancel the order themselves (WooCommerce's
    /// `woocommerce_valid_order_statuses_for_cancel`: pending and failed).
    pub fn customer_may_cancel(self) -> bool {
        matches!(self, Self::Pending | Self::Failed)
    }

    /// Whether the customer may order it again from their account
    /// (`woocommerce_valid_order_statuses_for_order_again`: completed and processing).
    pub fn customer_may_order_again(self) -> bool {
        matches!(self, Self::Completed | Self::Processing)
    }

    /// Whether an order in this status with this total needs paying (`WC_Order::needs_payment`).
    pub fn needs_payment(self, total: Money) -> bool {
        self.is_valid_for_payment() && total > Money::ZERO
    }

    /// Whether the order's items may still be edited (pending, on-hold, checkout draft).
    pub fn is_editable(self) -> bool {
        matches!(self, Self::Pending | Self::OnHold | Self::CheckoutDraft)
    }

    /// Whether entering this status takes the order's stock (if not taken yet).
    pub fn reduces_stock(self) -> bool {
        matches!(self, Self::Processing | Self::OnHold | Self::Completed)
    }

    /// Whether entering this status gives the order's stock back (if it was taken).
    pub fn restores_stock(self) -> bool {
        matches!(
            self,
            Self::Pending | Self::Cancelled | Self::Refunded | Self::Failed
        )
    }

    /// Whether Mercato allows an order to go from this status to `to` (see the module table).
    pub fn can_transition_to(self, to: OrderStatus) -> bool {
        use OrderStatus::{
            Cancelled, CheckoutDraft, Completed, Failed, OnHold, Pending, Processing, Refunded,
        };
        if self == to || to == CheckoutDraft {
            return false;
        }
        match self {
            CheckoutDraft => !matches!(to, Cancelled | Refunded),
            Pending | Failed | Cancelled => to != Refunded && !(self == Cancelled && to == Failed),
            OnHold | Processing => true,
            Completed => !matches!(to, Pending | Failed),
            Refunded => matches!(to, Processing | Completed),
        }
    }

    /// What entering this status does to stock, given whether the order's stock is taken now.
    pub fn stock_change_on_entering(self, stock_reduced: bool) -> StockChange {
        if self.reduces_stock() && !stock_reduced {
            StockChange::Reduce
        } else if self.restores_stock() && stock_reduced {
            StockChange::Restore
        } else {
            StockChange::None
        }
    }

    /// Checks a status change and says what it does to stock.
    pub fn transition(
        self,
        to: OrderStatus,
        stock_reduced: bool,
    ) -> Result<StockChange, TransitionError> {
        if self.can_transition_to(to) {
            Ok(to.stock_change_on_entering(stock_reduced))
        } else {
            Err(TransitionError { from: self, to })
        }
    }
}

impl fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for OrderStatus {
    type Err = UnknownStatus;

    /// Reads a status with or without the `wc-` prefix, ignoring case and surrounding space.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let lower = text.trim().to_ascii_lowercase();
        let bare = lower.strip_prefix("wc-").unwrap_or(&lower);
        Self::ALL
            .into_iter()
            .find(|s| s.as_str() == bare)
            .ok_or_else(|| UnknownStatus(text.to_owned()))
    }
}

impl Serialize for OrderStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for OrderStatus {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The `orderStatuses` page setting: status name (no prefix) → label, in WooCommerce's order.
#[derive(Debug, Clone, Copy, Default)]
pub struct OrderStatusesSetting;

impl Serialize for OrderStatusesSetting {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(OrderStatus::ALL.len()))?;
        for status in OrderStatus::ALL {
            map.serialize_entry(status.as_str(), status.label())?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderStatus::*;

    #[test]
    fn wire_names_round_trip_with_and_without_prefix() {
        for status in OrderStatus::ALL {
            assert_eq!(status.as_str().parse::<OrderStatus>(), Ok(status));
            assert_eq!(status.prefixed().parse::<OrderStatus>(), Ok(status));
            let json = serde_json::to_string(&status).expect("serialises");
            assert_eq!(json, format!("\"{}\"", status.as_str()));
            let back: OrderStatus = serde_json::from_str(&json).expect("parses");
            assert_eq!(back, status);
        }
        assert_eq!(" WC-On-Hold ".parse::<OrderStatus>(), Ok(OnHold));
        assert!("shipped".parse::<OrderStatus>().is_err());
        assert!(serde_json::from_str::<OrderStatus>("\"wc-draft\"").is_err());
    }

    #[test]
    fn setting_matches_woocommerce() {
        let json = serde_json::to_string(&OrderStatusesSetting).expect("serialises");
        assert_eq!(
            json,
            r#"{"pending":"Pending payment","processing":"Processing","on-hold":"On hold","completed":"Completed","cancelled":"Cancelled","refunded":"Refunded","failed":"Failed","checkout-draft":"Draft"}"#
        );
    }

    #[test]
    fn paid_and_payable() {
        assert!(Processing.is_paid() && Completed.is_paid());
        assert!(!OnHold.is_paid() && !Pending.is_paid());
        let ten = Money::from_minor(1000);
        assert!(Pending.needs_payment(ten) && Failed.needs_payment(ten));
        assert!(CheckoutDraft.needs_payment(ten));
        assert!(!Pending.needs_payment(Money::ZERO));
        assert!(!Processing.needs_payment(ten) && !OnHold.needs_payment(ten));
    }

    #[test]
    fn transitions_follow_the_table() {
        assert!(CheckoutDraft.can_transition_to(Pending));
        assert!(CheckoutDraft.can_transition_to(Processing));
        assert!(!CheckoutDraft.can_transition_to(Cancelled));
        assert!(Pending.can_transition_to(Cancelled));
        assert!(!Pending.can_transition_to(Refunded));
        assert!(Failed.can_transition_to(Pending));
        assert!(Completed.can_transition_to(Refunded));
        assert!(!Completed.can_transition_to(Pending));
        assert!(!Cancelled.can_transition_to(Failed));
        assert!(Refunded.can_transition_to(Processing));
        assert!(!Refunded.can_transition_to(Pending));
        for status in OrderStatus::ALL {
            assert!(!status.can_transition_to(status), "{status} to itself");
            assert!(
                !status.can_transition_to(CheckoutDraft),
                "{status} to draft"
            );
        }
    }

    #[test]
    fn stock_is_taken_once_and_given_back_once() {
        assert_eq!(
            Pending.transition(Processing, false),
            Ok(StockChange::Reduce)
        );
        assert_eq!(OnHold.transition(Processing, true), Ok(StockChange::None));
        assert_eq!(
            Processing.transition(Cancelled, true),
            Ok(StockChange::Restore)
        );
        assert_eq!(
            Processing.transition(Refunded, true),
            Ok(StockChange::Restore)
        );
        assert_eq!(OnHold.transition(Failed, true), Ok(StockChange::Restore));
        assert_eq!(
            Processing.transition(Pending, true),
            Ok(StockChange::Restore)
        );
        assert_eq!(Pending.transition(Cancelled, false), Ok(StockChange::None));
        assert_eq!(
            Cancelled.transition(Completed, false),
            Ok(StockChange::Reduce)
        );
        assert_eq!(
            Pending.transition(Refunded, false),
            Err(TransitionError {
                from: Pending,
                to: Refunded
            })
        );
    }

    #[test]
    fn every_allowed_change_keeps_stock_consistent() {
        // Walk every allowed change from every state of the flag: the flag after the change
        // says "taken" exactly when the new status is one that holds stock.
        for from in OrderStatus::ALL {
            for to in OrderStatus::ALL {
                for reduced in [false, true] {
                    let Ok(change) = from.transition(to, reduced) else {
                        continue;
                    };
                    let after = match change {
                        StockChange::Reduce => true,
                        StockChange::Restore => false,
                        StockChange::None => reduced,
                    };
                    if to.reduces_stock() {
                        assert!(after, "{from} -> {to}");
                    }
                    if to.restores_stock() {
                        assert!(!after, "{from} -> {to}");
                    }
                }
            }
        }
    }
}
