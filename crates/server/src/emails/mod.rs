//! Order emails: the new-order notice to the shop and the customer's receipt (order
//! received, on hold, processing), as HTML and plain text from minijinja templates.
//!
//! Checkout only queues `send_email` jobs ([`enqueue_order_emails`]); the worker composes
//! and sends them, so a slow or broken mail server never blocks or fails a checkout.

pub mod account;
mod outbox;
mod view;

use mercato_core::orders::OrderStatus;
use mercato_db::{Db, jobs};
use serde::{Deserialize, Serialize};

use crate::services::Services;

pub use outbox::{OUTBOX_ENV, Outbox, SMTP_ENV};

/// The job kind that sends one email.
pub const SEND_EMAIL: &str = "send_email";

/// The shop's address when the `shop_email` option is not set.
pub const DEFAULT_SHOP_EMAIL: &str = "orders@mercato.test";

/// Who an order email is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// The shop's new-order notice.
    Shop,
    /// The customer's receipt, worded by the order's status when it is sent.
    Customer,
}

/// A `send_email` job's payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EmailJob {
    /// The order.
    pub order_id: i64,
    /// Who it is for.
    pub audience: Audience,
}

/// A composed message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email {
    /// Sender.
    pub from: String,
    /// Recipient.
    pub to: String,
    /// Subject line.
    pub subject: String,
    /// Plain text body.
    pub text: String,
    /// HTML body.
    pub html: String,
}

/// Queues the emails of a placed order (shop and customer). Never fails: a queueing error is
/// logged, and the checkout goes on.
/// Links in them (downloads) start with the configured origin
/// ([`crate::config::ServerConfig::link_origin`]), never the buyer's `Host` header.
pub async fn enqueue_order_emails(db: &Db, order_id: i64) {
    let payloads: Result<Vec<_>, _> = [Audience::Shop, Audience::Customer]
        .into_iter()
        .map(|audience| {
            serde_json::to_value(EmailJob { order_id, audience }).map(|value| (SEND_EMAIL, value))
        })
        .collect();
    let queued = match payloads {
        Ok(jobs) => jobs::enqueue_many(db, &jobs, mercato_db::now())
            .await
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    if let Err(error) = queued {
        tracing::error!(order.id = order_id, %error, "cannot queue the order emails");
    }
}

/// Which email the customer gets for an order in `status`: `(template heading, subject)`.
fn customer_wording(status: OrderStatus) -> (&'static str, &'static str) {
    match status {
        OrderStatus::OnHold => ("Thank you for your order", "Your order is on hold"),
        OrderStatus::Processing | OrderStatus::Completed => (
            "Thank you for your order",
            "Your order is now being processed",
        ),
        _ => ("Thank you for your order", "Your order has been received"),
    }
}

/// Composes the email of `job`; `None` when the order is gone or has no customer address.
pub async fn compose(state: &Services, job: &EmailJob) -> anyhow::Result<Option<Email>> {
    let Some(order) = mercato_db::orders::load(&state.db, job.order_id).await? else {
        return Ok(None);
    };
    let (title, from) = sender(state).await?;
    let shop_email = shop_email(state).await?;
    let number = order.order_number();
    let (to, heading, subject, intro) = match job.audience {
        Audience::Shop => (
            shop_email.clone(),
            format!("New order #{number}"),
            format!("[{title}]: New order #{number}"),
            format!(
                "You have received an order from {} {}.",
                order.billing.first_name, order.billing.last_name
            ),
        ),
        Audience::Customer => {
            if order.billing.email.is_empty() {
                return Ok(None);
            }
            let (heading, subject) = customer_wording(order.status);
            (
                order.billing.email.clone(),
                heading.to_owned(),
                format!("{subject} — {title} order #{number}"),
                format!("{subject}. Here are the details of order #{number}."),
            )
        }
    };
    // The customer's email says how to pay while the money is awaited (WooCommerce's
    // `email_instructions`: on-hold bank transfers and checks, cash on delivery).
    let awaited = matches!(
        order.status,
        OrderStatus::Pending | OrderStatus::OnHold | OrderStatus::Processing
    );
    let (instructions, gateway_accounts) = state.gateways.payment_details(&order.payment_method);
    let to_customer = job.audience == Audience::Customer && awaited;
    let bank_accounts = if order.payment_method == "bacs" && to_customer {
        if gateway_accounts.is_empty() {
            mercato_db::options::get_recent::<Vec<view::BankAccount>>(&state.db, "bacs_accounts")
                .await?
                .unwrap_or_default()
        } else {
            gateway_accounts.to_vec()
        }
    } else {
        Vec::new()
    };
    let instructions = if to_customer {
        instructions.to_owned()
    } else {
        String::new()
    };
    let context = view::EmailView::new(
        &order,
        &state.settings,
        &title,
        heading,
        intro,
        bank_accounts,
        instructions,
    );
    let context = if job.audience == Audience::Customer {
        let base = state.config.link_origin();
        let mut rows = crate::downloads::for_order(state, &order, true).await?;
        for row in &mut rows {
            row.url = format!("{base}{}", row.url);
        }
        context.with_downloads(rows)
    } else {
        context
    };
    let html = render(state, "emails/order.html", &context)?;
    let text = render(state, "emails/order.txt", &context)?;
    Ok(Some(Email {
        from,
        to,
        subject,
        text,
        html,
    }))
}

/// The shop's address (the `shop_email` option).
async fn shop_email(state: &Services) -> anyhow::Result<String> {
    Ok(
        mercato_db::options::get_recent::<String>(&state.db, "shop_email")
            .await?
            .filter(|e| !e.is_empty())
            .unwrap_or_else(|| DEFAULT_SHOP_EMAIL.to_owned()),
    )
}

/// The shop's title and the `From` of its emails (`Title <shop_email>`).
async fn sender(state: &Services) -> anyhow::Result<(String, String)> {
    let title = if state.settings.title.is_empty() {
        "Mercato".to_owned()
    } else {
        state.settings.title.clone()
    };
    let from = format!("{title} <{}>", shop_email(state).await?);
    Ok((title, from))
}

fn render(state: &Services, name: &str, context: &view::EmailView) -> anyhow::Result<String> {
    Ok(state.templates.get_template(name)?.render(context)?)
}
