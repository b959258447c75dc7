//! `mercato orders …`: look at orders and move them between statuses from the command line
//! until an admin screen exists.

use std::fmt::Write as _;

use anyhow::{Context, bail};
use clap::Subcommand;
use mercato_core::money::{Currency, Money};
use mercato_core::orders::{Address, Order, OrderStatus};
use mercato_core::settings::ShopSettings;
use mercato_db::orders::SetStatusError;
use mercato_db::{Db, options, orders};

/// `mercato orders`.
#[derive(Debug, Subcommand)]
pub enum OrdersCommand {
    /// List orders, newest first: id, date, status, email, total.
    List {
        /// Only orders with this status (pending, processing, on-hold, completed, ...).
        #[arg(long)]
        status: Option<String>,
        /// At most this many.
        #[arg(long, default_value_t = 20)]
        limit: u32,
    },
    /// Show one order: status, payment, lines, totals, addresses, attribution.
    Show {
        /// The order id.
        id: i64,
    },
    /// Move an order to another status (stock is taken or given back as the change says).
    SetStatus {
        /// The order id.
        id: i64,
        /// The new status.
        status: String,
    },
}

/// Runs `mercato orders …`.
pub async fn run(db: &Db, command: OrdersCommand) -> anyhow::Result<()> {
    mercato_db::migrate::run(db).await?;
    let currency = options::get::<ShopSettings>(db, "shop")
        .await?
        .unwrap_or_default()
        .currency;
    match command {
        OrdersCommand::List { status, limit } => {
            let status = status.as_deref().map(parse_status).transpose()?;
            let found = orders::list(db, status, i64::from(limit)).await?;
            if found.is_empty() {
                println!("no orders");
            }
            for order in found {
                println!(
                    "#{:<6} {:<15} {:<30} {}",
                    order.id,
                    order.status.as_str(),
                    order.billing.email,
                    money(&currency, order.totals.total)
                );
            }
            Ok(())
        }
        OrdersCommand::Show { id } => {
            let order = orders::load(db, id)
                .await?
                .with_context(|| format!("no order {id}"))?;
            print!("{}", describe(&order, &currency));
            Ok(())
        }
        OrdersCommand::SetStatus { id, status } => {
            let to = parse_status(&status)?;
            match orders::set_status(db, id, to).await {
                Ok(order) => {
                    println!("order #{} is now {}", order.id, order.status.as_str());
                    Ok(())
                }
                Err(SetStatusError::Transition(e)) => bail!("order #{id}: {e}"),
                Err(e) => Err(e).with_context(|| format!("order #{id}")),
            }
        }
    }
}

fn parse_status(text: &str) -> anyhow::Result<OrderStatus> {
    let text = text.strip_prefix("wc-").unwrap_or(text);
    text.parse::<OrderStatus>().map_err(|e| {
        anyhow::anyhow!(
            "{e} (use pending, processing, on-hold, completed, cancelled, refunded or failed)"
        )
    })
}

fn money(currency: &Currency, amount: Money) -> String {
    currency.format(amount)
}

/// The order as a person reads it.
fn describe(order: &Order, currency: &Currency) -> String {
    let m = |amount: Money| money(currency, amount);
    let mut out = String::new();
    let _ = writeln!(out, "Order #{} ({})", order.id, order.order_key.as_str());
    let _ = writeln!(out, "Status:   {}", order.status.as_str());
    let payment = if order.payment_method_title.is_empty() {
        order.payment_method.clone()
    } else {
        format!("{} ({})", order.payment_method_title, order.payment_method)
    };
    let _ = writeln!(out, "Payment:  {payment}");
    if !order.transaction_id.is_empty() {
        let _ = writeln!(out, "Transaction: {}", order.transaction_id);
    }
    let _ = writeln!(out, "Created via: {}", order.created_via.as_str());
    let _ = writeln!(out, "\nLines:");
    for line in &order.line_items {
        let sku = if line.sku.is_empty() {
            String::new()
        } else {
            format!(" [{}]", line.sku)
        };
        let _ = writeln!(
            out,
            "  {} × {}{sku}: {}",
            line.name,
            line.quantity,
            m(line.total)
        );
    }
    let t = &order.totals;
    let _ = writeln!(out, "\nSubtotal: {}", m(order.subtotal()));
    if !t.discount_total.is_zero() {
        let codes: Vec<&str> = order.coupon_lines.iter().map(|c| c.code.as_str()).collect();
        let _ = writeln!(
            out,
            "Discount: -{} ({})",
            m(t.discount_total),
            codes.join(", ")
        );
    }
    for line in &order.shipping_lines {
        let _ = writeln!(out, "Shipping: {} ({})", m(line.cost), line.name);
    }
    for fee in &order.fee_lines {
        let _ = writeln!(out, "Fee:      {} ({})", m(fee.total), fee.name);
    }
    let _ = writeln!(out, "Tax:      {}", m(t.total_tax));
    let _ = writeln!(out, "Total:    {}", m(t.total));
    let _ = writeln!(out, "\nBilling:\n{}", address(&order.billing));
    let _ = writeln!(out, "Shipping:\n{}", address(&order.shipping));
    if !order.customer_note.is_empty() {
        let _ = writeln!(out, "Note: {}", order.customer_note);
    }
    match &order.attribution {
        Some(attribution) => {
            let _ = writeln!(out, "Attribution: {}", attribution.origin());
            for (key, value) in attribution.meta() {
                let _ = writeln!(out, "  {key}: {value}");
            }
        }
        None => {
            let _ = writeln!(out, "Attribution: none");
        }
    }
    out
}

fn address(a: &Address) -> String {
    let name = format!("{} {}", a.first_name, a.last_name);
    let city = [a.city.as_str(), a.state.as_str(), a.postcode.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let parts = [
        name.trim(),
        a.company.as_str(),
        a.address_1.as_str(),
        a.address_2.as_str(),
        city.as_str(),
        a.country.as_str(),
        a.email.as_str(),
        a.phone.as_str(),
    ];
    let lines: Vec<String> = parts
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| format!("  {s}\n"))
        .collect();
    if lines.is_empty() {
        "  (none)\n".to_owned()
    } else {
        lines.concat()
    }
}
