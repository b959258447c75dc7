//! `mercato orders …`: look at orders and move them between statuses from the command line
//! until an admin screen exists.

use std::borrow::Cow;
use std::fmt::Write as _;

use anyhow::{Context, bail};
use clap::Subcommand;
use mercato_core::money::{Currency, Money};
use mercato_core::orders::{Address, Order, OrderStatus, TotalsRowKind};
use mercato_core::settings::ShopSettings;
use mercato_db::orders::SetStatusError;
use mercato_db::{Db, options, orders};

use mercato::terminal::{inert, inert_lines};

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
    /// Show one order: status, payment, lines, totals, addresses, attribution, extension data.
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
    let shop = options::get::<ShopSettings>(db, "shop")
        .await?
        .unwrap_or_default();
    let currency = &shop.currency;
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
                    inert(&order.billing.email),
                    money(currency, order.totals.total)
                );
            }
            Ok(())
        }
        OrdersCommand::Show { id } => {
            let order = orders::load(db, id)
                .await?
                .with_context(|| format!("no order {id}"))?;
            print!("{}", describe(&order, &shop));
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
fn describe(order: &Order, shop: &ShopSettings) -> String {
    let m = |amount: Money| money(&shop.currency, amount);
    let base_country = &shop.base_country;
    let mut out = String::new();
    let _ = writeln!(out, "Order #{} ({})", order.id, order.order_key.as_str());
    let _ = writeln!(out, "Status:   {}", order.status.as_str());
    let payment = if order.payment_method_title.is_empty() {
        inert(&order.payment_method).into_owned()
    } else {
        format!(
            "{} ({})",
            inert(&order.payment_method_title),
            inert(&order.payment_method)
        )
    };
    let _ = writeln!(out, "Payment:  {payment}");
    if !order.transaction_id.is_empty() {
        let _ = writeln!(out, "Transaction: {}", inert(&order.transaction_id));
    }
    let _ = writeln!(out, "Created via: {}", order.created_via.as_str());
    let _ = writeln!(out, "\nLines:");
    for line in &order.line_items {
        let sku = if line.sku.is_empty() {
            String::new()
        } else {
            format!(" [{}]", inert(&line.sku))
        };
        let _ = writeln!(
            out,
            "  {} × {}{sku}: {}",
            inert(&line.name),
            line.quantity,
            m(line.total)
        );
    }
    let _ = writeln!(out);
    for row in order.totals_rows() {
        let mut value = row.value_text(m);
        if row.kind == TotalsRowKind::Discount {
            let codes: Vec<Cow<'_, str>> =
                order.coupon_lines.iter().map(|c| inert(&c.code)).collect();
            let _ = write!(value, " ({})", codes.join(", "));
        }
        let _ = writeln!(
            out,
            "{:<9} {}",
            format!("{}:", inert(&row.label)),
            inert(&value)
        );
    }
    let _ = writeln!(out, "\nBilling:\n{}", address(&order.billing, base_country));
    let _ = writeln!(out, "Shipping:\n{}", address(&order.shipping, base_country));
    if !order.customer_note.is_empty() {
        // Lines after the first are marked, so a note cannot print a field of its own.
        let _ = writeln!(out, "Note: {}", inert_lines(&order.customer_note, "    | "));
    }
    match &order.attribution {
        Some(attribution) => {
            let _ = writeln!(out, "Attribution: {}", inert(&attribution.origin()));
            for (key, value) in attribution.meta() {
                let _ = writeln!(out, "  {}: {}", inert(&key), inert(&value));
            }
        }
        None => {
            let _ = writeln!(out, "Attribution: none");
        }
    }
    if !order.extension_data.is_empty() {
        let _ = writeln!(out, "Extension data:");
        for (namespace, data) in &order.extension_data {
            let _ = writeln!(out, "  {}: {}", inert(namespace), inert(&data.to_string()));
        }
    }
    out
}

/// The address in its country's format, then its email and phone.
fn address(a: &Address, base_country: &str) -> String {
    let mut parts = a.lines(base_country);
    parts.extend(
        [&a.email, &a.phone]
            .into_iter()
            .filter(|s| !s.is_empty())
            .cloned(),
    );
    let lines: Vec<String> = parts.iter().map(|s| format!("  {}\n", inert(s))).collect();
    if lines.is_empty() {
        "  (none)\n".to_owned()
    } else {
        lines.concat()
    }
}
