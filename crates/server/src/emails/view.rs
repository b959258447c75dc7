//! What the email templates see: an order with its amounts already formatted.

use mercato_core::money::Money;
use mercato_core::orders::Order;
use mercato_core::settings::ShopSettings;
use serde::Serialize;

/// A bank account shown to customers paying by bank transfer (from the gateway's settings,
/// or the older `bacs_accounts` option).
pub use mercato_core::settings::BankAccount;

/// One line of the order table.
#[derive(Debug, Serialize)]
pub struct LineView {
    name: String,
    quantity: u32,
    /// The line's price before discounts (its subtotal), as the order received page shows
    /// it: the lines add up to the Subtotal row, and the Discount row is taken off once.
    total: String,
    /// Chosen add-on options: group name and option with its price.
    addons: Vec<(String, String)>,
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
    /// The gateway's instructions (where to send a check, what to put on a transfer).
    instructions: String,
    downloads: Vec<crate::downloads::DownloadRow>,
}

impl EmailView {
    /// The view of `order`.
    pub fn new(
        order: &Order,
        shop: &ShopSettings,
        shop_title: &str,
        heading: String,
        intro: String,
        bank_accounts: Vec<BankAccount>,
        instructions: String,
    ) -> Self {
        let money = |m: Money| shop.currency.format(m);
        let lines = order
            .line_items
            .iter()
            .map(|l| LineView {
                name: l.name.clone(),
                quantity: l.quantity,
                total: money(l.subtotal),
                addons: l
                    .addons
                    .iter()
                    .map(|a| (a.label.clone(), a.display_value.clone()))
                    .collect(),
            })
            .collect();
        let totals = order
            .totals_rows()
            .iter()
            .map(|row| (row.label.clone(), row.value_text(money)))
            .collect();
        let shipping = if order.needs_shipping_address() {
            order.shipping.lines(&shop.base_country)
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
            billing: order.billing.lines(&shop.base_country),
            billing_email: order.billing.email.clone(),
            billing_phone: order.billing.phone.clone(),
            shipping,
            bank_accounts,
            instructions,
            downloads: Vec::new(),
        }
    }

    /// The order's downloads, their links absolute ("" when the shop's address is unknown).
    pub fn with_downloads(mut self, downloads: Vec<crate::downloads::DownloadRow>) -> Self {
        self.downloads = downloads;
        self
    }
}
