//! Stock: whether a quantity is tracked, the status shoppers see, backorders and the
//! low-stock rule.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The stock status shoppers see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum StockStatus {
    /// Can be bought.
    #[default]
    #[serde(rename = "instock")]
    InStock,
    /// Cannot be bought.
    #[serde(rename = "outofstock")]
    OutOfStock,
    /// Can be bought and will ship later.
    #[serde(rename = "onbackorder")]
    OnBackorder,
}

impl StockStatus {
    /// WooCommerce's name (`instock`, `outofstock`, `onbackorder`).
    pub fn as_str(self) -> &'static str {
        match self {
            StockStatus::InStock => "instock",
            StockStatus::OutOfStock => "outofstock",
            StockStatus::OnBackorder => "onbackorder",
        }
    }
}

/// Whether orders may take a stock-managed item below zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Backorders {
    /// Never.
    #[default]
    No,
    /// Yes, and tell the shopper the item is on backorder.
    Notify,
    /// Yes, silently.
    Yes,
}

/// How the remaining quantity is shown to shoppers (WooCommerce's "stock display format").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StockFormat {
    /// "12 in stock".
    #[default]
    Always,
    /// "Only 2 left in stock" at or below the low-stock amount, otherwise "In stock".
    LowAmount,
    /// "In stock", never a number.
    Never,
}

/// The availability text and CSS class of an item (`{text, class}` in the Store API).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct Availability {
    /// "2 in stock", "Out of stock", "Available on backorder" or "".
    pub text: String,
    /// `in-stock`, `out-of-stock` or `available-on-backorder`.
    pub class: &'static str,
}

/// The stock settings of one product or variation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Stock {
    /// Whether a quantity is tracked.
    pub managed: bool,
    /// The tracked quantity (may go negative with backorders); ignored when not managed.
    pub quantity: Option<i64>,
    /// The status the merchant set; used only when the quantity is not managed.
    pub status: StockStatus,
    /// Backorder policy; only meaningful when managed.
    pub backorders: Backorders,
    /// Own low-stock threshold; `None` uses the store's (or the parent's).
    pub low_stock_amount: Option<i64>,
}

impl Stock {
    /// Not tracked, with a fixed status.
    pub fn untracked(status: StockStatus) -> Self {
        Stock {
            status,
            ..Stock::default()
        }
    }

    /// Tracked, with a quantity and no backorders.
    pub fn managed(quantity: i64) -> Self {
        Stock {
            managed: true,
            quantity: Some(quantity),
            ..Stock::default()
        }
    }

    /// The tracked quantity, when managed.
    pub fn tracked_quantity(&self) -> Option<i64> {
        if self.managed {
            Some(self.quantity.unwrap_or(0))
        } else {
            None
        }
    }

    /// Whether backorders are allowed (only ever for managed stock, as WooCommerce resets the
    /// policy when stock is not managed).
    pub fn backorders_allowed(&self) -> bool {
        self.managed && self.backorders != Backorders::No
    }

    /// Whether shoppers are told about backorders.
    pub fn backorders_require_notification(&self) -> bool {
        self.managed && self.backorders == Backorders::Notify
    }

    /// The status: derived from the quantity and backorders when managed, else as set.
    pub fn status(&self) -> StockStatus {
        match self.tracked_quantity() {
            Some(quantity) if quantity > 0 => StockStatus::InStock,
            Some(_) if self.backorders_allowed() => StockStatus::OnBackorder,
            Some(_) => StockStatus::OutOfStock,
            None => self.status,
        }
    }

    /// Whether the item can be bought as far as stock goes.
    pub fn is_in_stock(&self) -> bool {
        self.status() != StockStatus::OutOfStock
    }

    /// Whether buying `in_cart` more would take it into backorder (or it already is).
    pub fn is_on_backorder(&self, in_cart: i64) -> bool {
        if self.status() == StockStatus::OnBackorder {
            return true;
        }
        match self.tracked_quantity() {
            Some(quantity) => self.backorders_allowed() && quantity - in_cart < 0,
            None => false,
        }
    }

    /// What can still be sold once `held_elsewhere` units are set aside for other checkouts;
    /// `None` when stock sets no limit (not tracked, or backorders allowed). May be negative.
    pub fn available(&self, held_elsewhere: i64) -> Option<i64> {
        self.tracked_quantity()
            .filter(|_| !self.backorders_allowed())
            .map(|quantity| quantity.saturating_sub(held_elsewhere))
    }

    /// Whether `quantity` can be taken from stock with `held_elsewhere` units set aside for
    /// other checkouts (always when untracked or backorderable).
    pub fn has_enough(&self, quantity: i64, held_elsewhere: i64) -> bool {
        self.available(held_elsewhere)
            .is_none_or(|available| available >= quantity)
    }

    /// The low-stock threshold in force: own, else `fallback` (parent's or the store's).
    pub fn low_stock_threshold(&self, fallback: i64) -> i64 {
        self.low_stock_amount.unwrap_or(fallback)
    }

    /// The quantity left when managed and at or below the low-stock threshold, never below 0.
    pub fn low_stock_remaining(&self, fallback_threshold: i64) -> Option<i64> {
        let quantity = self.tracked_quantity()?;
        (quantity <= self.low_stock_threshold(fallback_threshold)).then_some(quantity.max(0))
    }

    /// The availability text and class shoppers see (WooCommerce's `get_availability`).
    pub fn availability(&self, format: StockFormat, fallback_threshold: i64) -> Availability {
        if !self.is_in_stock() {
            return Availability {
                text: "Out of stock".to_owned(),
                class: "out-of-stock",
            };
        }
        if self.is_on_backorder(1) {
            let text = if !self.managed || self.backorders_require_notification() {
                "Available on backorder"
            } else {
                ""
            };
            return Availability {
                text: text.to_owned(),
                class: "available-on-backorder",
            };
        }
        let Some(quantity) = self.tracked_quantity() else {
            return Availability {
                text: String::new(),
                class: "in-stock",
            };
        };
        let mut text = match format {
            StockFormat::Always => format!("{quantity} in stock"),
            StockFormat::LowAmount if quantity <= self.low_stock_threshold(fallback_threshold) => {
                format!("Only {quantity} left in stock")
            }
            StockFormat::LowAmount | StockFormat::Never => "In stock".to_owned(),
        };
        if self.backorders_require_notification() {
            text.push_str(" (can be backordered)");
        }
        Availability {
            text,
            class: "in-stock",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_follows_managed_quantity() {
        assert_eq!(Stock::managed(2).status(), StockStatus::InStock);
        assert_eq!(Stock::managed(0).status(), StockStatus::OutOfStock);
        let backorder = Stock {
            backorders: Backorders::Notify,
            ..Stock::managed(0)
        };
        assert_eq!(backorder.status(), StockStatus::OnBackorder);
        assert_eq!(
            Stock::untracked(StockStatus::OutOfStock).status(),
            StockStatus::OutOfStock
        );
        // The stored status is ignored while the quantity is tracked.
        let stale = Stock {
            status: StockStatus::OutOfStock,
            ..Stock::managed(5)
        };
        assert!(stale.is_in_stock());
    }

    #[test]
    fn backorders_need_managed_stock() {
        let unmanaged = Stock {
            backorders: Backorders::Yes,
            ..Stock::untracked(StockStatus::InStock)
        };
        assert!(!unmanaged.backorders_allowed());
        assert!(
            Stock {
                backorders: Backorders::Yes,
                ..Stock::managed(1)
            }
            .backorders_allowed()
        );
    }

    #[test]
    fn low_stock_remaining_as_woocommerce() {
        // Beanie in the recorded shop: stock 2, store threshold 2.
        assert_eq!(Stock::managed(2).low_stock_remaining(2), Some(2));
        assert_eq!(Stock::managed(3).low_stock_remaining(2), None);
        assert_eq!(
            Stock {
                low_stock_amount: Some(5),
                ..Stock::managed(3)
            }
            .low_stock_remaining(2),
            Some(3)
        );
        assert_eq!(
            Stock {
                backorders: Backorders::Yes,
                ..Stock::managed(-4)
            }
            .low_stock_remaining(2),
            Some(0)
        );
        assert_eq!(
            Stock::untracked(StockStatus::InStock).low_stock_remaining(2),
            None
        );
    }

    #[test]
    fn availability_texts() {
        let a = Stock::managed(2).availability(StockFormat::Always, 2);
        assert_eq!((a.text.as_str(), a.class), ("2 in stock", "in-stock"));
        let a = Stock::untracked(StockStatus::InStock).availability(StockFormat::Always, 2);
        assert_eq!((a.text.as_str(), a.class), ("", "in-stock"));
        let a = Stock::managed(0).availability(StockFormat::Always, 2);
        assert_eq!((a.text.as_str(), a.class), ("Out of stock", "out-of-stock"));
        let a = Stock::untracked(StockStatus::OnBackorder).availability(StockFormat::Always, 2);
        assert_eq!(
            (a.text.as_str(), a.class),
            ("Available on backorder", "available-on-backorder")
        );
        let silent = Stock {
            backorders: Backorders::Yes,
            ..Stock::managed(0)
        };
        let a = silent.availability(StockFormat::Always, 2);
        assert_eq!((a.text.as_str(), a.class), ("", "available-on-backorder"));
        let notify = Stock {
            backorders: Backorders::Notify,
            ..Stock::managed(5)
        };
        assert_eq!(
            notify.availability(StockFormat::Always, 2).text,
            "5 in stock (can be backordered)"
        );
        assert_eq!(
            Stock::managed(2)
                .availability(StockFormat::LowAmount, 2)
                .text,
            "Only 2 left in stock"
        );
        assert_eq!(
            Stock::managed(9)
                .availability(StockFormat::LowAmount, 2)
                .text,
            "In stock"
        );
        assert_eq!(
            Stock::managed(9).availability(StockFormat::Never, 2).text,
            "In stock"
        );
    }

    #[test]
    fn enough_stock() {
        // (stock, held by other checkouts, quantity wanted, available, enough)
        let backorders = Stock {
            backorders: Backorders::Notify,
            ..Stock::managed(2)
        };
        let untracked = Stock::untracked(StockStatus::InStock);
        let table = [
            (Stock::managed(2), 0, 2, Some(2), true),
            (Stock::managed(2), 0, 3, Some(2), false),
            (Stock::managed(5), 3, 2, Some(2), true),
            (Stock::managed(5), 3, 3, Some(2), false),
            (Stock::managed(1), 4, 1, Some(-3), false),
            (backorders, 5, 30, None, true),
            (untracked, 5, 1000, None, true),
        ];
        for (stock, held, wanted, available, enough) in table {
            assert_eq!(stock.available(held), available, "{stock:?} {held}");
            assert_eq!(
                stock.has_enough(wanted, held),
                enough,
                "{stock:?} {held} {wanted}"
            );
        }
    }
}
