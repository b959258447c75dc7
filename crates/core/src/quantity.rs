//! The quantity rule (SPEC §5.1): limits per product or variation, whether a quantity is
//! valid, how an invalid one is corrected, and the cart notices of SPEC §8.3.

use serde::Serialize;

use crate::catalogue::{Product, PurchaseLimits, Stock, Variation};

/// The Store API's ceiling when nothing else limits a quantity.
pub const STORE_API_MAXIMUM: u32 = 9999;

/// The quantities allowed for one cart line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct QuantityLimits {
    /// Smallest quantity, a multiple of `multiple_of`, at least 1.
    pub minimum: u32,
    /// Largest quantity (`None`: no limit), a multiple of `multiple_of`, at least `minimum`.
    pub maximum: Option<u32>,
    /// Quantities must be a multiple of this (at least 1).
    pub multiple_of: u32,
    /// Whether the shopper may change the quantity.
    pub editable: bool,
}

impl Default for QuantityLimits {
    fn default() -> Self {
        QuantityLimits {
            minimum: 1,
            maximum: None,
            multiple_of: 1,
            editable: true,
        }
    }
}

/// The `quantity_limits` object of a Store API cart item, with a numeric maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StoreQuantityLimits {
    /// Smallest quantity.
    pub minimum: u32,
    /// Largest quantity.
    pub maximum: u32,
    /// Step.
    pub multiple_of: u32,
    /// Whether the quantity can be changed.
    pub editable: bool,
}

impl QuantityLimits {
    /// Limits made consistent: `multiple_of` ≥ 1; `minimum` ≥ 1 rounded up to a multiple;
    /// `maximum` rounded down to a multiple and never below `minimum`.
    pub fn new(minimum: u32, maximum: Option<u32>, multiple_of: u32, editable: bool) -> Self {
        let multiple_of = multiple_of.max(1);
        let minimum = round_up(minimum.max(1), multiple_of);
        let maximum = maximum.map(|m| (m / multiple_of * multiple_of).max(minimum));
        QuantityLimits {
            minimum,
            maximum,
            multiple_of,
            editable,
        }
    }

    /// Limits from the merchant's rules and the stock in force: sold individually means
    /// exactly 1 and not editable; stock managed without backorders caps the maximum at the
    /// quantity left after `held_elsewhere` (stock reserved by other checkouts), but never
    /// below 1: an item without stock is refused by the stock check, not by its limits.
    pub fn from_rules(
        rules: &PurchaseLimits,
        sold_individually: bool,
        stock: &Stock,
        held_elsewhere: i64,
    ) -> Self {
        if sold_individually {
            return QuantityLimits {
                minimum: 1,
                maximum: Some(1),
                multiple_of: 1,
                editable: false,
            };
        }
        let stock_cap = match stock.tracked_quantity() {
            Some(quantity) if !stock.backorders_allowed() => {
                let left = quantity.saturating_sub(held_elsewhere).max(1);
                Some(u32::try_from(left).unwrap_or(u32::MAX))
            }
            _ => None,
        };
        let maximum = match (rules.maximum, stock_cap) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        QuantityLimits::new(
            rules.minimum.unwrap_or(1),
            maximum,
            rules.multiple_of.unwrap_or(1),
            true,
        )
    }

    /// The limits of a simple (or external, grouped, variable parent) product.
    pub fn for_product(product: &Product) -> Self {
        QuantityLimits::from_rules(
            &product.purchase_limits,
            product.sold_individually,
            &product.stock,
            0,
        )
    }

    /// The limits of a variation, with rules and stock inherited from its parent.
    pub fn for_variation(variation: &Variation, parent: &Product) -> Self {
        QuantityLimits::from_rules(
            &variation.effective_purchase_limits(parent),
            variation.is_sold_individually(parent),
            &variation.effective_stock(parent),
            0,
        )
    }

    /// The maximum the Store API reports: the limit, or 9999 (rounded down to a multiple).
    pub fn store_api_maximum(&self) -> u32 {
        self.maximum.unwrap_or_else(|| {
            (STORE_API_MAXIMUM / self.multiple_of * self.multiple_of).max(self.minimum)
        })
    }

    /// The Store API form of the limits.
    pub fn to_store_api(&self) -> StoreQuantityLimits {
        StoreQuantityLimits {
            minimum: self.minimum,
            maximum: self.store_api_maximum(),
            multiple_of: self.multiple_of,
            editable: self.editable,
        }
    }

    /// Whether `quantity` is allowed: within minimum…maximum and a multiple of `multiple_of`.
    pub fn is_valid(&self, quantity: u32) -> bool {
        quantity >= self.minimum
            && self.maximum.is_none_or(|max| quantity <= max)
            && quantity.is_multiple_of(self.multiple_of)
    }

    /// The nearest allowed quantity as WooCommerce corrects one: clamped to minimum…maximum,
    /// rounded down to a multiple, never below the minimum.
    pub fn clamp(&self, quantity: u32) -> u32 {
        let capped = match self.maximum {
            Some(max) => quantity.min(max),
            None => quantity,
        };
        (capped / self.multiple_of * self.multiple_of).max(self.minimum)
    }
}

/// `value` rounded up to a multiple, or the largest multiple when that would overflow.
fn round_up(value: u32, multiple: u32) -> u32 {
    value
        .div_ceil(multiple)
        .checked_mul(multiple)
        .unwrap_or(u32::MAX / multiple * multiple)
}

/// A cart notice about a quantity the shopper did not choose (SPEC §8.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuantityNotice {
    /// Not a multiple of the step: changed to `to`.
    NotMultiple {
        /// The new quantity.
        to: u32,
        /// The step.
        multiple_of: u32,
    },
    /// Raised to the minimum.
    RaisedToMinimum {
        /// The minimum.
        minimum: u32,
    },
    /// Lowered to the maximum.
    LoweredToMaximum {
        /// The maximum.
        maximum: u32,
    },
    /// Changed by the server to a valid quantity.
    Changed {
        /// The new quantity.
        to: u32,
    },
    /// Removed from the cart.
    Removed,
}

impl QuantityNotice {
    /// The notice for a line whose quantity breaks its limits, checked in WooCommerce's
    /// order (step, then minimum, then maximum); `None` when the quantity is valid.
    pub fn for_invalid(quantity: u32, limits: &QuantityLimits) -> Option<QuantityNotice> {
        if limits.is_valid(quantity) {
            None
        } else if !quantity.is_multiple_of(limits.multiple_of) {
            Some(QuantityNotice::NotMultiple {
                to: quantity / limits.multiple_of * limits.multiple_of,
                multiple_of: limits.multiple_of,
            })
        } else if quantity < limits.minimum {
            Some(QuantityNotice::RaisedToMinimum {
                minimum: limits.minimum,
            })
        } else {
            Some(QuantityNotice::LoweredToMaximum {
                maximum: limits.maximum.unwrap_or(limits.minimum),
            })
        }
    }

    /// The notice for a quantity the server turned from `requested` into `resulting`
    /// (`None`: the line is gone); `None` when nothing changed.
    pub fn for_change(
        requested: u32,
        resulting: Option<u32>,
        limits: &QuantityLimits,
    ) -> Option<QuantityNotice> {
        let Some(resulting) = resulting.filter(|q| *q > 0) else {
            return Some(QuantityNotice::Removed);
        };
        if requested == resulting {
            return None;
        }
        if limits.is_valid(requested) {
            return Some(QuantityNotice::Changed { to: resulting });
        }
        Some(match QuantityNotice::for_invalid(requested, limits)? {
            QuantityNotice::NotMultiple { multiple_of, .. } => QuantityNotice::NotMultiple {
                to: resulting,
                multiple_of,
            },
            QuantityNotice::RaisedToMinimum { .. } => {
                QuantityNotice::RaisedToMinimum { minimum: resulting }
            }
            QuantityNotice::LoweredToMaximum { .. } => {
                QuantityNotice::LoweredToMaximum { maximum: resulting }
            }
            other => other,
        })
    }

    /// The message shown for the item named `item`.
    pub fn message(&self, item: &str) -> String {
        match self {
            QuantityNotice::NotMultiple { to, multiple_of } => format!(
                "The quantity of \"{item}\" was changed to {to}. You must purchase this product in groups of {multiple_of}."
            ),
            QuantityNotice::RaisedToMinimum { minimum } => {
                format!(
                    "The quantity of \"{item}\" was increased to {minimum}. This is the minimum required quantity."
                )
            }
            QuantityNotice::LoweredToMaximum { maximum } => {
                format!(
                    "The quantity of \"{item}\" was decreased to {maximum}. This is the maximum allowed quantity."
                )
            }
            QuantityNotice::Changed { to } => {
                format!("The quantity of \"{item}\" was changed to {to}.")
            }
            QuantityNotice::Removed => format!("\"{item}\" was removed from your cart."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::fixtures::{beanie, hoodie, tshirt};
    use crate::catalogue::{Backorders, ProductId};
    use proptest::prelude::*;

    #[test]
    fn defaults_and_store_api_maximum() {
        let limits = QuantityLimits::for_product(&tshirt());
        assert_eq!(limits, QuantityLimits::default());
        assert_eq!(
            serde_json::to_value(limits.to_store_api()).expect("a value"),
            serde_json::json!({"minimum": 1, "maximum": 9999, "multiple_of": 1, "editable": true})
        );
        assert_eq!(
            QuantityLimits::new(1, None, 4, true).store_api_maximum(),
            9996
        );
    }

    #[test]
    fn stock_caps_the_maximum() {
        // Beanie: stock 2, no backorders → at most 2 (wc-golden 004).
        assert_eq!(QuantityLimits::for_product(&beanie()).maximum, Some(2));
        let mut backorders = beanie();
        backorders.stock.backorders = Backorders::Notify;
        assert_eq!(QuantityLimits::for_product(&backorders).maximum, None);
        let stock = Stock::managed(5);
        assert_eq!(
            QuantityLimits::from_rules(&PurchaseLimits::default(), false, &stock, 3).maximum,
            Some(2)
        );
        assert_eq!(
            QuantityLimits::from_rules(&PurchaseLimits::default(), false, &stock, 9).maximum,
            Some(1)
        );
    }

    #[test]
    fn sold_individually_is_one_and_fixed() {
        let mut product = tshirt();
        product.sold_individually = true;
        product.purchase_limits.multiple_of = Some(3);
        let limits = QuantityLimits::for_product(&product);
        assert_eq!(
            limits,
            QuantityLimits {
                minimum: 1,
                maximum: Some(1),
                multiple_of: 1,
                editable: false
            }
        );
    }

    #[test]
    fn merchant_rules_and_inheritance() {
        let (mut parent, mut variations) = hoodie();
        parent.purchase_limits = PurchaseLimits {
            minimum: Some(2),
            maximum: Some(20),
            multiple_of: Some(2),
        };
        let v = variations
            .iter_mut()
            .find(|v| v.id == ProductId(38))
            .expect("a value");
        v.purchase_limits.maximum = Some(9);
        let limits = QuantityLimits::for_variation(v, &parent);
        assert_eq!(
            (limits.minimum, limits.maximum, limits.multiple_of),
            (2, Some(8), 2)
        );
        v.stock = Stock::managed(3);
        assert_eq!(QuantityLimits::for_variation(v, &parent).maximum, Some(2));
        // Normalisation: minimum up to the step, maximum down, never below minimum.
        let odd = QuantityLimits::new(3, Some(4), 5, true);
        assert_eq!((odd.minimum, odd.maximum), (5, Some(5)));
    }

    #[test]
    fn clamps_as_woocommerce() {
        let limits = QuantityLimits::new(2, Some(10), 2, true);
        assert_eq!(limits.clamp(0), 2);
        assert_eq!(limits.clamp(7), 6);
        assert_eq!(limits.clamp(11), 10);
        assert_eq!(limits.clamp(8), 8);
        assert!(
            limits.is_valid(8)
                && !limits.is_valid(7)
                && !limits.is_valid(12)
                && !limits.is_valid(0)
        );
    }

    #[test]
    fn notices_of_spec_8_3() {
        let limits = QuantityLimits::new(1, Some(10), 6, true);
        let notice = QuantityNotice::for_invalid(10, &limits).expect("a value");
        assert_eq!(
            notice.message("Beanie"),
            "The quantity of \"Beanie\" was changed to 6. You must purchase this product in groups of 6."
        );
        let limits = QuantityLimits::new(4, Some(10), 1, true);
        assert_eq!(
            QuantityNotice::for_invalid(2, &limits)
                .expect("a value")
                .message("Beanie"),
            "The quantity of \"Beanie\" was increased to 4. This is the minimum required quantity."
        );
        assert_eq!(
            QuantityNotice::for_invalid(11, &limits)
                .expect("a value")
                .message("Beanie"),
            "The quantity of \"Beanie\" was decreased to 10. This is the maximum allowed quantity."
        );
        assert_eq!(QuantityNotice::for_invalid(5, &limits), None);
        assert_eq!(
            QuantityNotice::for_change(5, Some(3), &limits)
                .expect("a value")
                .message("Beanie"),
            "The quantity of \"Beanie\" was changed to 3."
        );
        assert_eq!(
            QuantityNotice::for_change(12, Some(10), &limits),
            Some(QuantityNotice::LoweredToMaximum { maximum: 10 })
        );
        assert_eq!(QuantityNotice::for_change(5, Some(5), &limits), None);
        assert_eq!(
            QuantityNotice::for_change(5, None, &limits)
                .expect("a value")
                .message("Beanie"),
            "\"Beanie\" was removed from your cart."
        );
    }

    prop_compose! {
        fn limits()(minimum in 0_u32..50, span in proptest::option::of(0_u32..200), multiple_of in 0_u32..12, editable in any::<bool>())
            -> QuantityLimits {
            QuantityLimits::new(minimum, span.map(|s| minimum.saturating_add(s)), multiple_of, editable)
        }
    }

    proptest! {
        #[test]
        fn clamp_is_valid_and_idempotent(limits in limits(), quantity in any::<u32>()) {
            let clamped = limits.clamp(quantity);
            prop_assert!(limits.is_valid(clamped));
            prop_assert_eq!(limits.clamp(clamped), clamped);
            if limits.is_valid(quantity) {
                prop_assert_eq!(clamped, quantity);
            }
        }

        #[test]
        fn change_notices_only_for_changes(limits in limits(), quantity in 0_u32..500) {
            let result = limits.clamp(quantity);
            let notice = QuantityNotice::for_change(quantity, Some(result), &limits);
            prop_assert_eq!(notice.is_none(), quantity == result);
        }
    }
}
