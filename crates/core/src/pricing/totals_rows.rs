//! The rows under a cart's lines (SPEC §9.3; WooCommerce's cart totals and the checkout's
//! order review): subtotal, coupons, fees, shipping, taxes and total (issue 23's order). The cart page, the
//! classic checkout and the mini cart all show these; orders have theirs in
//! `orders::totals_rows`.
//!
//! When the shop shows cart prices including tax (`display_cart_including_tax`) every amount
//! includes its tax, and the taxes are not rows of their own: they are listed with the total
//! ("Including $1.65 in taxes"), as WooCommerce does. Either way the rows add up to the total.
//! WooCommerce rounds a coupon's discount (and, rounding at the subtotal, its tax) apart from
//! the items it discounts, so its shown rows can be a cent off the total; here the last coupon
//! row takes that cent, and the last fee row takes the cent of fees' taxes rounded together.
//! The one exception: a total is never below zero, so fees taking off more than the rest
//! leave a total of zero under rows adding up to less.

use crate::money::Money;

use super::settings::TaxSettings;
use super::totals::CartTotals;

/// Which row it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CartRowKind {
    /// The items before coupons.
    Subtotal,
    /// What one coupon takes off (a negative amount).
    Coupon,
    /// The chosen shipping of every package, when anything ships.
    Shipping,
    /// One fee, unless it is zero.
    Fee,
    /// The taxes, or one tax line per rate when taxes are itemised.
    Tax,
    /// What the shopper pays.
    Total,
}

/// One row: its kind, label, key and amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartRow {
    /// Which row.
    pub kind: CartRowKind,
    /// The label, without punctuation ("Subtotal", "Coupon: ten", "Gift wrap", "CA Tax
    /// (8.25%)").
    pub label: String,
    /// What the row is about: the coupon's code, the fee's id, the tax rate's id; else "".
    pub key: String,
    /// The amount as shown (with its tax when prices are shown including tax).
    pub amount: Money,
}

impl CartRow {
    fn new(
        kind: CartRowKind,
        label: impl Into<String>,
        key: impl Into<String>,
        amount: Money,
    ) -> Self {
        CartRow {
            kind,
            label: label.into(),
            key: key.into(),
            amount,
        }
    }
}

/// A cart's totals rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartTotalsRows {
    /// The rows in the order shown: subtotal, coupons, fees, shipping, taxes (only when prices
    /// are shown excluding tax), total. All but the last add up to the last.
    pub rows: Vec<CartRow>,
    /// The taxes the amounts include, shown with the total; empty unless prices are shown
    /// including tax and there is tax.
    pub included_taxes: Vec<CartRow>,
}

impl CartTotalsRows {
    /// The rows of one kind, in order.
    pub fn of(&self, kind: CartRowKind) -> impl Iterator<Item = &CartRow> {
        self.rows.iter().filter(move |row| row.kind == kind)
    }

    /// The amount of the first row of `kind`, if there is one.
    pub fn amount(&self, kind: CartRowKind) -> Option<Money> {
        self.of(kind).next().map(|row| row.amount)
    }

    /// The subtotal row's amount.
    pub fn subtotal(&self) -> Money {
        self.amount(CartRowKind::Subtotal).unwrap_or_default()
    }

    /// The total row's amount.
    pub fn total(&self) -> Money {
        self.amount(CartRowKind::Total).unwrap_or_default()
    }
}

impl CartTotals {
    /// The totals rows under the cart's lines, as the shop's `tax` settings show them.
    pub fn rows(&self, tax: &TaxSettings) -> CartTotalsRows {
        use CartRowKind as Kind;
        let t = &self.totals;
        let incl = tax.display_cart_including_tax;
        let shown = |amount: Money, tax: Money| if incl { amount + tax } else { amount };
        let mut rows = vec![CartRow::new(
            Kind::Subtotal,
            "Subtotal",
            "",
            shown(t.total_items, t.total_items_tax),
        )];
        for coupon in &self.coupons {
            rows.push(CartRow::new(
                Kind::Coupon,
                format!("Coupon: {}", coupon.code),
                coupon.code.clone(),
                -shown(coupon.discount, coupon.discount_tax),
            ));
        }
        let mut fee_tax = Money::ZERO;
        for fee in &self.fees {
            // A fee of nothing is left out (its tax is nothing too).
            if fee.total.is_zero() && fee.total_tax.is_zero() {
                continue;
            }
            let label = match fee.name.trim() {
                "" => "Fee",
                name => name,
            };
            fee_tax += fee.total_tax;
            rows.push(CartRow::new(
                Kind::Fee,
                label,
                fee.id.clone(),
                shown(fee.total, fee.total_tax),
            ));
        }
        if incl {
            // Rounded at the subtotal, fees' taxes are rounded together, not fee by fee.
            adjust_last(&mut rows, Kind::Fee, t.total_fees_tax - fee_tax);
        }
        if self.needs_shipping {
            rows.push(CartRow::new(
                Kind::Shipping,
                "Shipping",
                "",
                shown(
                    t.total_shipping.unwrap_or_default(),
                    t.total_shipping_tax.unwrap_or_default(),
                ),
            ));
        }
        let taxes = self.tax_rows(tax);
        let included_taxes = if incl {
            if t.total_tax > Money::ZERO {
                taxes
            } else {
                Vec::new()
            }
        } else {
            rows.extend(taxes);
            Vec::new()
        };
        let sum: Money = rows.iter().map(|row| row.amount).sum();
        // The cents a coupon's rounding leaves (see the module's note), a total of zero
        // included: coupons taking off the whole cart may round a cent past it. A total held
        // at zero under fees taking off more than the rest is left as it is.
        let gap = t.total_price - sum;
        let rounding = i64::try_from(self.lines.len() + self.coupons.len()).unwrap_or(i64::MAX);
        if !(t.total_price.is_zero() && sum.is_negative()) || gap.minor().abs() <= rounding {
            adjust_last(&mut rows, Kind::Coupon, gap);
        }
        rows.push(CartRow::new(Kind::Total, "Total", "", t.total_price));
        CartTotalsRows {
            rows,
            included_taxes,
        }
    }

    /// The taxes: none when taxes are off and there is no tax; one row per tax line when
    /// itemised; else one "Taxes" row.
    fn tax_rows(&self, tax: &TaxSettings) -> Vec<CartRow> {
        let total_tax = self.totals.total_tax;
        if !tax.enabled && total_tax <= Money::ZERO {
            return Vec::new();
        }
        if tax.itemised && !self.tax_lines.is_empty() {
            return self
                .tax_lines
                .iter()
                .map(|line| {
                    let label = if line.rate.is_empty() {
                        line.name.clone()
                    } else {
                        format!("{} ({})", line.name, line.rate)
                    };
                    CartRow::new(
                        CartRowKind::Tax,
                        label,
                        line.rate_id.to_string(),
                        line.price,
                    )
                })
                .collect();
        }
        vec![CartRow::new(CartRowKind::Tax, "Taxes", "", total_tax)]
    }
}

/// Adds `by` to the last row of `kind`, if there is one.
fn adjust_last(rows: &mut [CartRow], kind: CartRowKind, by: Money) {
    if let Some(row) = rows.iter_mut().rev().find(|row| row.kind == kind) {
        row.amount += by;
    }
}
