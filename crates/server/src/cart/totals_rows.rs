//! The totals rows under a cart's lines as the server's pages show them: core's
//! [`CartTotals::rows`](mercato_core::pricing::CartTotals::rows) (SPEC §9.3, one rule for every
//! surface) with the amounts written in the shop currency. The cart page, the classic
//! checkout's order review and the mini cart's subtotal all come from here.

use mercato_core::money::{Currency, Money};
use mercato_core::pricing::{CartRow, CartRowKind, CartTotalsRows};
use serde::Serialize;

use super::PricedCart;

/// One labelled amount.
#[derive(Debug, Clone, Serialize)]
pub struct RowView {
    /// "Coupon: ten", "Gift wrap", "CA Tax (8.25%)".
    pub label: String,
    /// The coupon's code, the fee's id, the tax rate's id; else "".
    pub key: String,
    /// The amount, formatted.
    pub amount: String,
}

/// The rows, formatted, grouped as the templates lay them out.
#[derive(Debug, Clone, Serialize)]
pub struct TotalsRowsView {
    pub subtotal: String,
    /// One row per coupon, amounts negative ("-$1.80").
    pub coupons: Vec<RowView>,
    /// The chosen shipping (with its tax when prices are shown with tax); `None` when nothing
    /// ships.
    pub shipping: Option<String>,
    pub fees: Vec<RowView>,
    /// The tax rows (none when prices are shown with tax: see `includes_tax`).
    pub taxes: Vec<RowView>,
    pub total: String,
    /// "Including $2.58 in taxes", said with the total when prices are shown with tax.
    pub includes_tax: Option<String>,
}

impl PricedCart {
    /// The totals rows of the cart as the shop shows them (with or without tax).
    pub fn totals_rows(&self) -> CartTotalsRows {
        self.totals.rows(&self.settings.tax)
    }
}

impl TotalsRowsView {
    /// `rows` with amounts written in `currency`.
    pub fn new(rows: &CartTotalsRows, currency: &Currency) -> Self {
        let money = |m: Money| currency.format(m);
        let views = |kind| {
            rows.of(kind)
                .map(|row| RowView {
                    label: row.label.clone(),
                    key: row.key.clone(),
                    amount: money(row.amount),
                })
                .collect()
        };
        TotalsRowsView {
            subtotal: money(rows.subtotal()),
            coupons: views(CartRowKind::Coupon),
            shipping: rows.amount(CartRowKind::Shipping).map(money),
            fees: views(CartRowKind::Fee),
            taxes: views(CartRowKind::Tax),
            total: money(rows.total()),
            includes_tax: includes_tax(&rows.included_taxes, currency),
        }
    }

    /// The rows of `priced`.
    pub fn of(priced: &PricedCart, currency: &Currency) -> Self {
        Self::new(&priced.totals_rows(), currency)
    }
}

/// "Including $2.58 in taxes", or per rate "Including $2.00 CA Tax (8.25%), $0.58 County (1%)".
fn includes_tax(taxes: &[CartRow], currency: &Currency) -> Option<String> {
    let parts: Vec<String> = taxes
        .iter()
        .map(|tax| match tax.label.as_str() {
            "Taxes" => format!("{} in taxes", currency.format(tax.amount)),
            label => format!("{} {label}", currency.format(tax.amount)),
        })
        .collect();
    (!parts.is_empty()).then(|| format!("Including {}", parts.join(", ")))
}
