//! Prices: regular and sale price with an optional sale schedule, and the price range of a
//! product with several priced children.

use serde::{Deserialize, Serialize};

use crate::money::Money;

/// What a product or variation costs, as the merchant entered it (excluding tax).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Pricing {
    /// The normal price; `None` leaves the product without a price (not purchasable).
    pub regular: Option<Money>,
    /// The sale price; it applies only below the regular price and inside the schedule.
    pub sale: Option<Money>,
    /// Sale starts at this unix time (inclusive); `None` means already started.
    pub sale_from: Option<i64>,
    /// Sale ends at this unix time (inclusive); `None` means open-ended.
    pub sale_to: Option<i64>,
}

impl Pricing {
    /// A regular price and no sale.
    pub fn regular(amount: Money) -> Self {
        Pricing {
            regular: Some(amount),
            ..Pricing::default()
        }
    }

    /// A regular price with an unscheduled sale price.
    pub fn on_sale(regular: Money, sale: Money) -> Self {
        Pricing {
            regular: Some(regular),
            sale: Some(sale),
            ..Pricing::default()
        }
    }

    /// Whether `now` falls inside the sale schedule (an absent bound is open).
    pub fn sale_window_contains(&self, now: i64) -> bool {
        self.sale_from.is_none_or(|from| from <= now) && self.sale_to.is_none_or(|to| now <= to)
    }

    /// On sale: a sale price below the regular price, inside its schedule (as WooCommerce).
    pub fn is_on_sale(&self, now: i64) -> bool {
        match (self.regular, self.sale) {
            (Some(regular), Some(sale)) => sale < regular && self.sale_window_contains(now),
            _ => false,
        }
    }

    /// The price a shopper pays at `now`: the sale price while on sale, else the regular one.
    pub fn current(&self, now: i64) -> Option<Money> {
        if self.is_on_sale(now) {
            self.sale
        } else {
            self.regular
        }
    }

    /// Whether the item has a price at all.
    pub fn has_price(&self) -> bool {
        self.regular.is_some()
    }

    /// The first unix second after `now` at which what this pricing shows may change without
    /// a write (its sale starting, or ending: the second after `sale_to`); `None` when no
    /// such second lies ahead. Until then [`Self::current`] and [`Self::is_on_sale`] give
    /// at every second what they give at `now`, so an answer built at `now` may be kept.
    pub fn next_change_after(&self, now: i64) -> Option<i64> {
        let starts = self.sale_from.filter(|from| *from > now);
        let ends = self
            .sale_to
            .filter(|to| *to >= now)
            .map(|to| to.saturating_add(1));
        match (starts, ends) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// Lowest and highest prices over a set of priced items (the variations of a variable product,
/// the children of a grouped one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceRange {
    /// Lowest current price.
    pub min: Money,
    /// Highest current price.
    pub max: Money,
    /// Lowest regular price.
    pub min_regular: Money,
    /// Highest regular price.
    pub max_regular: Money,
}

impl PriceRange {
    /// The range over `(current, regular)` pairs; `None` when there are none.
    pub fn over<I: IntoIterator<Item = (Money, Money)>>(prices: I) -> Option<PriceRange> {
        prices.into_iter().fold(None, |range, (current, regular)| {
            Some(match range {
                None => PriceRange {
                    min: current,
                    max: current,
                    min_regular: regular,
                    max_regular: regular,
                },
                Some(r) => PriceRange {
                    min: r.min.min(current),
                    max: r.max.max(current),
                    min_regular: r.min_regular.min(regular),
                    max_regular: r.max_regular.max(regular),
                },
            })
        })
    }

    /// Whether every item costs the same now.
    pub fn is_single_price(&self) -> bool {
        self.min == self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(minor: i64) -> Money {
        Money::from_minor(minor)
    }

    #[test]
    fn sale_price_applies_only_inside_its_schedule() {
        let p = Pricing {
            regular: Some(m(2000)),
            sale: Some(m(1800)),
            sale_from: Some(100),
            sale_to: Some(200),
        };
        assert!(!p.is_on_sale(99));
        assert_eq!(p.current(99), Some(m(2000)));
        assert!(p.is_on_sale(100));
        assert!(p.is_on_sale(200));
        assert_eq!(p.current(150), Some(m(1800)));
        assert!(!p.is_on_sale(201));
        assert_eq!(p.current(201), Some(m(2000)));
    }

    #[test]
    fn what_it_shows_holds_until_its_next_change() {
        let p = Pricing {
            regular: Some(m(2000)),
            sale: Some(m(1800)),
            sale_from: Some(100),
            sale_to: Some(200),
        };
        assert_eq!(p.next_change_after(50), Some(100));
        assert_eq!(p.next_change_after(99), Some(100));
        assert_eq!(p.next_change_after(100), Some(201));
        assert_eq!(p.next_change_after(200), Some(201));
        assert_eq!(p.next_change_after(201), None);
        for now in [50, 100, 150, 201] {
            let until = p.next_change_after(now).unwrap_or(now + 1_000);
            for t in now..until {
                assert_eq!(p.current(t), p.current(now), "{now} {t}");
                assert_eq!(p.is_on_sale(t), p.is_on_sale(now), "{now} {t}");
            }
            assert!(until > now + 999 || p.is_on_sale(until) != p.is_on_sale(now));
        }
        assert_eq!(Pricing::on_sale(m(1000), m(900)).next_change_after(5), None);
        assert_eq!(Pricing::regular(m(1000)).next_change_after(5), None);
    }

    #[test]
    fn sale_must_be_below_regular() {
        assert!(!Pricing::on_sale(m(1000), m(1000)).is_on_sale(0));
        assert!(!Pricing::on_sale(m(1000), m(1200)).is_on_sale(0));
        assert!(Pricing::on_sale(m(1000), m(0)).is_on_sale(0));
        let no_regular = Pricing {
            sale: Some(m(500)),
            ..Pricing::default()
        };
        assert!(!no_regular.is_on_sale(0));
        assert_eq!(no_regular.current(0), None);
        assert!(!no_regular.has_price());
    }

    #[test]
    fn range_over_prices() {
        assert_eq!(PriceRange::over(Vec::new()), None);
        let r = PriceRange::over([(m(4200), m(4500)), (m(4500), m(4500))]).expect("a value");
        assert_eq!(
            (r.min, r.max, r.min_regular, r.max_regular),
            (m(4200), m(4500), m(4500), m(4500))
        );
        assert!(!r.is_single_price());
    }
}
