//! How coupons spread over the lines, in whole minor units, as `WC_Discounts` does: coupons in
//! a fixed order, lines from the most expensive, percent discounts rounded down per line and
//! the missing cents added one by one, fixed cart amounts split per item.

use std::cmp::Ordering;

use super::cart::CartLine;
use super::coupon::{Coupon, CouponKind};
use super::decimal::{PER_MINOR, RoundMode, SubMinor, div_floor, div_round};

/// A line as the discount rules see it.
pub(crate) struct DiscountItem<'a> {
    /// The line.
    pub line: &'a CartLine,
    /// The line price (unit price × quantity) the coupons work on.
    pub price: SubMinor,
}

/// Discounts in minor units: `[coupon][item]`, coupons and items in the order given.
pub(crate) type DiscountTable = Vec<Vec<i64>>;

/// The order coupons apply in: fixed product, percent, fixed cart; then the ones limited to
/// fewer items, the smaller amounts, and the newer coupons first.
pub(crate) fn sort_coupons(coupons: &mut [&Coupon]) {
    let rank = |kind: CouponKind| match kind {
        CouponKind::FixedProduct => 1,
        CouponKind::Percent => 2,
        CouponKind::FixedCart => 3,
    };
    coupons.sort_by(|a, b| {
        rank(a.kind)
            .cmp(&rank(b.kind))
            .then_with(|| {
                let limit = |c: &Coupon| c.limit_usage_to_x_items.unwrap_or(0);
                limit(a).cmp(&limit(b))
            })
            .then_with(|| a.amount.cmp(&b.amount))
            .then_with(|| b.id.cmp(&a.id))
    });
}

/// Spreads `coupons` (already in application order) over `items`.
pub(crate) fn distribute(
    items: &[DiscountItem<'_>],
    coupons: &[&Coupon],
    sequential: bool,
    minor_unit: u32,
) -> DiscountTable {
    let mut order: Vec<usize> = (0..items.len()).collect();
    // WooCommerce sorts by line price times quantity, most first (a stable sort).
    let weight = |i: usize| {
        items.get(i).map_or(0, |item| {
            item.price.0.saturating_mul(i128::from(item.line.quantity))
        })
    };
    order.sort_by(|a, b| weight(*b).cmp(&weight(*a)).then(Ordering::Equal));
    let mut state = State {
        items,
        order,
        given: vec![0; items.len()],
    };
    let mut table = Vec::with_capacity(coupons.len());
    for coupon in coupons {
        let mut row = vec![0_i64; items.len()];
        let targets = state.targets(coupon);
        match coupon.kind {
            CouponKind::Percent => state.percent(coupon, &targets, sequential, &mut row),
            CouponKind::FixedProduct => {
                let amount = fixed_amount(coupon, minor_unit);
                state.fixed_product(coupon, &targets, amount, &mut row);
            }
            CouponKind::FixedCart => {
                let amount = fixed_amount(coupon, minor_unit);
                state.fixed_cart(coupon, &targets, amount, &mut row);
            }
        }
        table.push(row);
    }
    table
}

/// A fixed coupon's amount in minor units (never negative).
fn fixed_amount(coupon: &Coupon, minor_unit: u32) -> i64 {
    coupon
        .amount
        .to_money(minor_unit)
        .map_or(0, |m| m.minor().max(0))
}

struct State<'a, 'b> {
    items: &'b [DiscountItem<'a>],
    /// Item indices, most expensive first.
    order: Vec<usize>,
    /// Discount given to each item so far, by every coupon.
    given: Vec<i64>,
}

impl State<'_, '_> {
    fn quantity(&self, i: usize) -> i64 {
        self.items
            .get(i)
            .map_or(0, |item| i64::from(item.line.quantity))
    }

    fn price(&self, i: usize) -> SubMinor {
        self.items.get(i).map_or(SubMinor::ZERO, |item| item.price)
    }

    /// What is left of the item's price, rounded to whole minor units.
    fn discounted(&self, i: usize) -> i64 {
        let given = self.given.get(i).copied().unwrap_or(0);
        let left = self.price(i) - SubMinor::from_minor(i128::from(given));
        i64::try_from(left.round_minor(RoundMode::HalfUp).abs()).unwrap_or(i64::MAX)
    }

    fn give(&mut self, i: usize, amount: i64, row: &mut [i64]) {
        if let (Some(given), Some(cell)) = (self.given.get_mut(i), row.get_mut(i)) {
            *given += amount;
            *cell += amount;
        }
    }

    /// Items the coupon may discount, most expensive first.
    fn targets(&self, coupon: &Coupon) -> Vec<usize> {
        self.order
            .iter()
            .copied()
            .filter(|&i| {
                self.discounted(i) > 0
                    && self.quantity(i) > 0
                    && self.items.get(i).is_some_and(|item| {
                        coupon.is_valid_for_line(item.line) || !coupon.kind.is_product_type()
                    })
            })
            .collect()
    }

    fn percent(&mut self, coupon: &Coupon, targets: &[usize], sequential: bool, row: &mut [i64]) {
        // Ten-thousandths of a percent are millionths of the price.
        let rate = i128::from(coupon.amount.units().clamp(0, 1_000_000));
        let limit = i64::from(coupon.limit_usage_to_x_items.unwrap_or(0));
        let mut applied = 0_i64;
        let mut total = 0_i64;
        let mut cart_total = 0_i128;
        for &i in targets {
            let discounted = self.discounted(i);
            let base = if sequential {
                i128::from(discounted)
            } else {
                self.price(i).round_minor(RoundMode::HalfUp)
            };
            let quantity = self.quantity(i);
            let apply = if limit > 0 && limit - applied < quantity {
                (limit - applied).max(0)
            } else {
                quantity
            };
            // The price of the units discounted, kept to a millionth of a minor unit.
            let part = div_round(
                base.saturating_mul(i128::from(apply))
                    .saturating_mul(PER_MINOR),
                i128::from(quantity),
                RoundMode::HalfUp,
            );
            let discount = div_floor(part.saturating_mul(rate), PER_MINOR * PER_MINOR);
            let discount = i64::try_from(discount).unwrap_or(i64::MAX).min(discounted);
            cart_total = cart_total.saturating_add(part);
            total += discount;
            applied += apply;
            self.give(i, discount, row);
        }
        let whole = div_round(
            cart_total.saturating_mul(rate),
            PER_MINOR * PER_MINOR,
            RoundMode::HalfDown,
        );
        let whole = i64::try_from(whole).unwrap_or(i64::MAX);
        if total < whole {
            self.remainder(targets, whole - total, row);
        }
    }

    fn fixed_product(
        &mut self,
        coupon: &Coupon,
        targets: &[usize],
        amount: i64,
        row: &mut [i64],
    ) -> i64 {
        let limit = i64::from(coupon.limit_usage_to_x_items.unwrap_or(0));
        let mut applied = 0_i64;
        let mut total = 0_i64;
        for &i in targets {
            let discounted = self.discounted(i);
            let quantity = self.quantity(i);
            let (apply, discount) = if limit > 0 {
                let apply = if limit - applied < quantity {
                    (limit - applied).max(0)
                } else {
                    quantity
                };
                let unit =
                    self.price(i).round_minor(RoundMode::HalfUp) / i128::from(quantity.max(1));
                let unit = i64::try_from(unit).unwrap_or(i64::MAX);
                (apply, amount.min(unit).saturating_mul(apply))
            } else {
                (quantity, amount.saturating_mul(quantity))
            };
            let discount = discount.min(discounted);
            total += discount;
            applied += apply;
            self.give(i, discount, row);
        }
        total
    }

    fn fixed_cart(&mut self, coupon: &Coupon, targets: &[usize], amount: i64, row: &mut [i64]) {
        let mut left = amount;
        // WooCommerce recurses while some of the amount is left; this is the same loop.
        while left > 0 {
            let priced: Vec<usize> = targets
                .iter()
                .copied()
                .filter(|&i| self.discounted(i) > 0)
                .collect();
            let count: i64 = priced.iter().map(|&i| self.quantity(i)).sum();
            if count == 0 {
                return;
            }
            let per_item = left / count;
            if per_item > 0 {
                let given = self.fixed_product(coupon, &priced, per_item, row);
                if given <= 0 {
                    return;
                }
                left -= given;
            } else {
                self.remainder(&priced, left, row);
                return;
            }
        }
    }

    /// One minor unit per item unit, most expensive lines first, until `amount` is given.
    fn remainder(&mut self, targets: &[usize], amount: i64, row: &mut [i64]) {
        let mut left = amount;
        for &i in targets {
            if left <= 0 {
                break;
            }
            let take = self.quantity(i).min(self.discounted(i)).min(left);
            if take > 0 {
                self.give(i, take, row);
                left -= take;
            }
        }
    }
}
