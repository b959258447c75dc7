//! The rows under an order's lines (WooCommerce's `WC_Order::get_order_item_totals`, with
//! prices shown excluding tax): what order emails, the order-received page and the orders CLI
//! list, each writing amounts in the shop currency.

use crate::money::Money;

use super::Order;

/// Which row it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TotalsRowKind {
    /// The lines before coupons (`cart_subtotal`).
    Subtotal,
    /// What coupons took off (`discount`), only when they took something.
    Discount,
    /// The shipping of every package (`shipping`), when there is shipping.
    Shipping,
    /// One fee (`fee_{id}`), unless it is free.
    Fee,
    /// All tax (`tax`), when there is any.
    Tax,
    /// The payment method's title (`payment_method`), when something is to be paid.
    PaymentMethod,
    /// What the customer pays (`order_total`).
    Total,
}

/// What a row shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TotalsValue {
    /// An amount (negative for a discount).
    Amount(Money),
    /// Shipping: the cost and the methods' names, "$10.00 via Flat rate"; free shipping shows
    /// the names alone ("Free shipping").
    Shipping {
        /// Shipping total, excluding tax.
        cost: Money,
        /// The shipping methods' names, joined by ", ".
        via: String,
    },
    /// Words, such as the payment method's title.
    Text(String),
}

/// One row: its kind, label ("Subtotal", a fee's name) and value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TotalsRow {
    /// Which row.
    pub kind: TotalsRowKind,
    /// The label, without punctuation: each surface adds its own colon.
    pub label: String,
    /// The value.
    pub value: TotalsValue,
}

impl TotalsRow {
    fn new(kind: TotalsRowKind, label: &str, value: TotalsValue) -> Self {
        TotalsRow {
            kind,
            label: label.to_owned(),
            value,
        }
    }

    /// The value as text, amounts written by `money` (the shop currency's format).
    pub fn value_text(&self, money: impl Fn(Money) -> String) -> String {
        match &self.value {
            TotalsValue::Amount(amount) => money(*amount),
            TotalsValue::Shipping { cost, via } if cost.is_zero() => via.clone(),
            TotalsValue::Shipping { cost, via } => format!("{} via {via}", money(*cost)),
            TotalsValue::Text(text) => text.clone(),
        }
    }
}

impl Order {
    /// The totals rows shown under the order's lines, in WooCommerce's order: subtotal,
    /// discount, shipping, fees, tax, payment method, total.
    pub fn totals_rows(&self) -> Vec<TotalsRow> {
        use TotalsRowKind as Kind;
        let t = &self.totals;
        let mut rows = vec![TotalsRow::new(
            Kind::Subtotal,
            "Subtotal",
            TotalsValue::Amount(self.subtotal()),
        )];
        if t.discount_total > Money::ZERO {
            rows.push(TotalsRow::new(
                Kind::Discount,
                "Discount",
                TotalsValue::Amount(-t.discount_total),
            ));
        }
        let methods: Vec<&str> = self
            .shipping_lines
            .iter()
            .map(|line| line.name.as_str())
            .filter(|name| !name.is_empty())
            .collect();
        if !methods.is_empty() {
            rows.push(TotalsRow::new(
                Kind::Shipping,
                "Shipping",
                TotalsValue::Shipping {
                    cost: t.shipping_total,
                    via: methods.join(", "),
                },
            ));
        }
        // WooCommerce leaves out fees of nothing (`woocommerce_get_order_item_totals_excl_free_fees`).
        for fee in self
            .fee_lines
            .iter()
            .filter(|fee| !(fee.total.is_zero() && fee.total_tax.is_zero()))
        {
            rows.push(TotalsRow::new(
                Kind::Fee,
                &fee.name,
                TotalsValue::Amount(fee.total),
            ));
        }
        if t.total_tax > Money::ZERO {
            rows.push(TotalsRow::new(
                Kind::Tax,
                "Tax",
                TotalsValue::Amount(t.total_tax),
            ));
        }
        if t.total > Money::ZERO && !self.payment_method_title.is_empty() {
            rows.push(TotalsRow::new(
                Kind::PaymentMethod,
                "Payment method",
                TotalsValue::Text(self.payment_method_title.clone()),
            ));
        }
        rows.push(TotalsRow::new(
            Kind::Total,
            "Total",
            TotalsValue::Amount(t.total),
        ));
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::super::golden_tests::order_40;
    use super::*;
    use crate::money::Currency;
    use crate::orders::{FeeLine, ShippingLine};

    fn shown(order: &Order) -> Vec<(String, String)> {
        let currency = Currency::default();
        order
            .totals_rows()
            .iter()
            .map(|row| (row.label.clone(), row.value_text(|m| currency.format(m))))
            .collect()
    }

    fn rows(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(l, v)| ((*l).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_recorded_order() {
        assert_eq!(
            shown(&order_40()),
            rows(&[
                ("Subtotal", "$73.00"),
                ("Shipping", "$10.00 via Flat rate"),
                ("Tax", "$6.86"),
                ("Payment method", "Cash on delivery"),
                ("Total", "$89.86"),
            ])
        );
    }

    #[test]
    fn discounts_fees_and_several_packages() {
        let m = Money::from_minor;
        let mut order = order_40();
        order.totals.discount_total = m(730);
        let pickup = ShippingLine {
            name: "Local pickup".into(),
            cost: Money::ZERO,
            ..order.shipping_lines[0].clone()
        };
        order.shipping_lines.push(pickup);
        let fee = |id, name: &str, total| FeeLine {
            id,
            name: name.into(),
            total: m(total),
            total_tax: Money::ZERO,
            taxes: Vec::new(),
        };
        order.fee_lines = vec![fee(7, "Gift wrap", 250), fee(8, "Nothing", 0)];
        assert_eq!(
            shown(&order),
            rows(&[
                ("Subtotal", "$73.00"),
                ("Discount", "-$7.30"),
                ("Shipping", "$10.00 via Flat rate, Local pickup"),
                ("Gift wrap", "$2.50"),
                ("Tax", "$6.86"),
                ("Payment method", "Cash on delivery"),
                ("Total", "$89.86"),
            ])
        );
    }

    #[test]
    fn free_orders_and_free_shipping() {
        let mut order = order_40();
        order.shipping_lines[0].name = "Free shipping".into();
        order.totals.shipping_total = Money::ZERO;
        order.totals.total_tax = Money::ZERO;
        order.totals.total = Money::ZERO;
        assert_eq!(
            shown(&order),
            rows(&[
                ("Subtotal", "$73.00"),
                ("Shipping", "Free shipping"),
                ("Total", "$0.00"),
            ]),
            "nothing to pay: no payment method, no tax row"
        );
        order.shipping_lines.clear();
        let kinds: Vec<TotalsRowKind> = order.totals_rows().iter().map(|r| r.kind).collect();
        assert_eq!(kinds, [TotalsRowKind::Subtotal, TotalsRowKind::Total]);
    }
}
