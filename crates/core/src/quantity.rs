//! The quantity rule (SPEC §5.1): limits per product or variation, whether a quantity is
//! allowed (and why not, in WooCommerce's order), and how a stored one is corrected. Every
//! way into the cart (Store API, classic cart, store AJAX, `?add-to-cart=`) goes through
//! these, via `crates/server/src/cart`.

use serde::Serialize;
use ts_rs::TS;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
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
        let stock_cap = stock
            .available(held_elsewhere)
            .map(|left| u32::try_from(left.max(1)).unwrap_or(u32::MAX));
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

    /// Whether `quantity` is allowed: within minimum…[`store_api_maximum`](Self::store_api_maximum)
    /// and a multiple of `multiple_of` (whether it may be changed is not asked).
    pub fn is_valid(&self, quantity: u32) -> bool {
        quantity >= self.minimum
            && quantity <= self.store_api_maximum()
            && quantity.is_multiple_of(self.multiple_of)
    }

    /// Whether the shopper may set the line to `quantity`, checked in WooCommerce's order
    /// (`validate_cart_item_quantity`): editable, then minimum, maximum, step.
    pub fn check(&self, quantity: i64) -> Result<(), QuantityError> {
        let maximum = self.store_api_maximum();
        if !self.editable {
            Err(QuantityError::Readonly)
        } else if quantity < i64::from(self.minimum) {
            Err(QuantityError::BelowMinimum(self.minimum))
        } else if quantity > i64::from(maximum) {
            Err(QuantityError::AboveMaximum(maximum))
        } else if quantity % i64::from(self.multiple_of) != 0 {
            Err(QuantityError::NotMultiple(self.multiple_of))
        } else {
            Ok(())
        }
    }

    /// `quantity` rounded to the nearest multiple of the step, halves up (WooCommerce's
    /// `limit_to_multiple` with `round`).
    pub fn round_to_step(&self, quantity: u32) -> u32 {
        let step = self.multiple_of;
        if step <= 1 {
            return quantity;
        }
        let below = quantity / step * step;
        if quantity - below >= step.div_ceil(2) {
            below.saturating_add(step)
        } else {
            below
        }
    }

    /// The allowed quantity a stored or requested one becomes (WooCommerce's
    /// `normalize_cart_item_quantity`): to the nearest step, then within minimum…maximum.
    pub fn normalize(&self, quantity: u32) -> u32 {
        self.round_to_step(quantity)
            .max(self.minimum)
            .min(self.store_api_maximum())
    }
}

/// `value` rounded up to a multiple, or the largest multiple when that would overflow.
fn round_up(value: u32, multiple: u32) -> u32 {
    value
        .div_ceil(multiple)
        .checked_mul(multiple)
        .unwrap_or(u32::MAX / multiple * multiple)
}

/// Why a quantity is refused (each surface words it: the Store API's `invalid_quantity` and
/// `readonly_quantity` messages live with the cart's errors).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuantityError {
    /// The quantity cannot be changed (sold individually).
    Readonly,
    /// Below this minimum.
    BelowMinimum(u32),
    /// Above this maximum.
    AboveMaximum(u32),
    /// Not a multiple of this step.
    NotMultiple(u32),
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
    fn checks_in_woocommerce_order() {
        use QuantityError::*;
        let limits = QuantityLimits::new(2, Some(10), 2, true);
        // (quantity, outcome): readonly, then minimum, then maximum, then step.
        let table: [(i64, Result<(), QuantityError>); 8] = [
            (-3, Err(BelowMinimum(2))),
            (0, Err(BelowMinimum(2))),
            (1, Err(BelowMinimum(2))),
            (2, Ok(())),
            (7, Err(NotMultiple(2))),
            (10, Ok(())),
            (11, Err(AboveMaximum(10))),
            (12, Err(AboveMaximum(10))),
        ];
        for (quantity, outcome) in table {
            assert_eq!(limits.check(quantity), outcome, "{quantity}");
        }
        let unlimited = QuantityLimits::new(1, None, 4, true);
        assert_eq!(unlimited.check(10_000), Err(AboveMaximum(9996)));
        let readonly = QuantityLimits {
            editable: false,
            ..QuantityLimits::new(1, Some(1), 1, true)
        };
        assert_eq!(readonly.check(1), Err(Readonly), "even the quantity it has");
    }

    #[test]
    fn rounds_to_the_nearest_step_halves_up() {
        let step = |multiple_of| QuantityLimits::new(1, None, multiple_of, true);
        assert_eq!(step(1).round_to_step(7), 7);
        assert_eq!(step(4).round_to_step(7), 8);
        assert_eq!(step(4).round_to_step(5), 4);
        assert_eq!(step(4).round_to_step(6), 8, "a half goes up");
        assert_eq!(step(3).round_to_step(4), 3);
        assert_eq!(step(3).round_to_step(u32::MAX), u32::MAX);
    }

    #[test]
    fn normalizes_as_woocommerce() {
        let limits = QuantityLimits::new(2, Some(10), 2, true);
        assert_eq!(limits.normalize(0), 2);
        assert_eq!(limits.normalize(7), 8, "nearest step, not down");
        assert_eq!(limits.normalize(11), 10);
        assert_eq!(limits.normalize(8), 8);
        assert_eq!(QuantityLimits::default().normalize(20_000), 9999);
        let steps_of_4 = QuantityLimits::new(1, Some(6), 4, true);
        assert_eq!((steps_of_4.minimum, steps_of_4.maximum), (4, Some(4)));
        assert_eq!(steps_of_4.normalize(1), 4);
    }

    prop_compose! {
        fn limits()(minimum in 0_u32..50, span in proptest::option::of(0_u32..200), multiple_of in 0_u32..12, editable in any::<bool>())
            -> QuantityLimits {
            QuantityLimits::new(minimum, span.map(|s| minimum.saturating_add(s)), multiple_of, editable)
        }
    }

    proptest! {
        #[test]
        fn normalized_quantities_are_valid_and_stay(limits in limits(), quantity in any::<u32>()) {
            let fixed = limits.normalize(quantity);
            prop_assert!(limits.is_valid(fixed));
            prop_assert_eq!(limits.normalize(fixed), fixed);
            if limits.is_valid(quantity) {
                prop_assert_eq!(fixed, quantity);
            }
        }

        #[test]
        fn editable_lines_accept_exactly_the_valid_quantities(limits in limits(), quantity in -5_i64..20_000) {
            let valid = u32::try_from(quantity).is_ok_and(|q| limits.is_valid(q));
            if limits.editable {
                prop_assert_eq!(limits.check(quantity).is_ok(), valid);
            } else {
                prop_assert_eq!(limits.check(quantity), Err(QuantityError::Readonly));
            }
        }
    }
}
