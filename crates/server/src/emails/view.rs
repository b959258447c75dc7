//! What the email templates see: an order with its amounts already formatted.

use mercato_core::money::{Currency, Money};
use mercato_core::orders::{Address, Order};
use serde::{Deserialize, Serialize};

/// A bank account shown to customers paying by bank transfer (the `bacs_accounts` option).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct BankAccount {
    /// Account name.
    pub account_name: String,
    /// Bank name.
    pub bank_name: String,
    /// Account number.
    pub account_number: String,
    /// Sort code (routing number, BSB, ...).
    pub sort_code: String,
    /// IBAN.
    pub iban: String,
    /// BIC / SWIFT.
    pub bic: String,
}

/// One line of the order table.
#[derive(Debug, Serialize)]
pub struct LineView {
    name: String,
    quantity: u32,
    total: String,
}

/// The template context.
#[derive(Debug, Serialize)]
pub struct EmailView {
    shop_title: String,
    heading: String,
    intro: String,
    order_number: String,
    lines: Vec<LineView>,
    totals: Vec<(String, String)>,
    payment_method_title: String,
    payment_method: String,
    customer_note: String,
    billing: Vec<String>,
    billing_email: String,
    billing_phone: String,
    shipping: Vec<String>,
    bank_accounts: Vec<BankAccount>,
}

impl EmailView {
    /// The view of `order`.
    pub fn new(
        order: &Order,
        currency: &Currency,
        shop_title: &str,
        heading: String,
        intro: String,
        bank_accounts: Vec<BankAccount>,
    ) -> Self {
        let money = |m: Money| currency.format(m);
        let lines = order
            .line_items
            .iter()
            .map(|l| LineView {
                name: l.name.clone(),
                quantity: l.quantity,
                total: money(l.total),
            })
            .collect();
        let t = &order.totals;
        let mut totals = vec![("Subtotal".to_owned(), money(order.subtotal()))];
        if !t.discount_total.is_zero() {
            totals.push((
                "Discount".to_owned(),
                format!("-{}", money(t.discount_total)),
            ));
        }
        for line in &order.shipping_lines {
            totals.push((format!("Shipping ({})", line.name), money(line.cost)));
        }
        for fee in &order.fee_lines {
            totals.push((fee.name.clone(), money(fee.total)));
        }
        if !t.total_tax.is_zero() {
            totals.push(("Tax".to_owned(), money(t.total_tax)));
        }
        if !order.payment_method_title.is_empty() {
            totals.push((
                "Payment method".to_owned(),
                order.payment_method_title.clone(),
            ));
        }
        totals.push(("Total".to_owned(), money(t.total)));
        let shipping = if order.needs_shipping_address() {
            address_lines(&order.shipping)
        } else {
            Vec::new()
        };
        Self {
            shop_title: shop_title.to_owned(),
            heading,
            intro,
            order_number: order.order_number(),
            lines,
            totals,
            payment_method_title: order.payment_method_title.clone(),
            payment_method: order.payment_method.clone(),
            customer_note: order.customer_note.clone(),
            billing: address_lines(&order.billing),
            billing_email: order.billing.email.clone(),
            billing_phone: order.billing.phone.clone(),
            shipping,
            bank_accounts,
        }
    }
}

/// An address as the lines of a label, empty parts left out.
fn address_lines(a: &Address) -> Vec<String> {
    let name = format!("{} {}", a.first_name, a.last_name);
    let city = [a.city.as_str(), a.state.as_str(), a.postcode.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    [
        name.trim().to_owned(),
        a.company.clone(),
        a.address_1.clone(),
        a.address_2.clone(),
        city,
        a.country.clone(),
    ]
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect()
}
