//! Account emails: the welcome email of a new account (registered, or opened at checkout),
//! the password reset link, and the notices of a changed email address. Queued as
//! `send_account_email` jobs; the worker composes and sends them, as it does order emails.
//!
//! Links start with the configured origin ([`crate::config::ServerConfig::link_origin`]),
//! never a request's `Host`. They greet the account by its login, not by a name: names are
//! typed by whoever registered, and an address nobody confirmed must not carry a stranger's
//! words (security review 2, N1 and N6).

use mercato_db::{Db, jobs};
use serde::{Deserialize, Serialize};

use super::Email;
use crate::services::Services;

/// The job kind that sends one account email.
pub const SEND_ACCOUNT_EMAIL: &str = "send_account_email";

/// A `send_account_email` job's payload.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "email", rename_all = "snake_case")]
pub enum AccountEmail {
    /// "Welcome to the shop": the account's login name and where to manage it.
    Welcome {
        /// The account.
        user_id: i64,
    },
    /// The reset link. The key travels in the job only until the email is sent (a job
    /// row is deleted once it ran); the database keeps its hash.
    PasswordReset {
        /// The account.
        user_id: i64,
        /// The link's path and query (with the key); the origin is the shop's.
        path: String,
    },
    /// The account's email address changed: sent to the old address (so the owner learns
    /// of a change they did not make) and to the new one.
    EmailChanged {
        /// The account.
        user_id: i64,
        /// The address before the change.
        old_email: String,
        /// The address now.
        new_email: String,
        /// Whether this copy goes to the old address (else to the new one).
        to_old: bool,
        /// The path of the page where a password reset is asked for.
        reset_path: String,
    },
}

impl AccountEmail {
    fn user_id(&self) -> i64 {
        match self {
            Self::Welcome { user_id }
            | Self::PasswordReset { user_id, .. }
            | Self::EmailChanged { user_id, .. } => *user_id,
        }
    }
}

/// Queues `email`. Never fails: a queueing error is logged, and the shopper's answer is the
/// same either way (a reset must not tell whether an email went).
pub async fn enqueue(db: &Db, email: &AccountEmail) {
    let queued = match serde_json::to_value(email) {
        Ok(payload) => jobs::enqueue(db, SEND_ACCOUNT_EMAIL, &payload, mercato_db::now())
            .await
            .map(|_| ())
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    if let Err(error) = queued {
        tracing::error!(user.id = email.user_id(), %error, "cannot queue an account email");
    }
}

#[derive(Serialize)]
struct AccountEmailView {
    shop_title: String,
    heading: String,
    greeting: String,
    paragraphs: Vec<String>,
    link_text: String,
    link: String,
}

/// Composes `email`; `None` when the account is gone (an account taken back after a refused
/// checkout gets no welcome).
pub async fn compose(state: &Services, email: &AccountEmail) -> anyhow::Result<Option<Email>> {
    let Some(user) = mercato_db::users::load(&state.db, email.user_id()).await? else {
        return Ok(None);
    };
    let (title, from) = super::sender(state).await?;
    let origin = state.config.link_origin();
    let login = user.username.clone().unwrap_or_else(|| user.email.clone());
    let greeting = format!("Hi {login},");
    let mut to = user.email.clone();
    let (subject, view) = match email {
        AccountEmail::Welcome { .. } => (
            format!("Your {title} account has been created!"),
            AccountEmailView {
                shop_title: title.clone(),
                heading: format!("Welcome to {title}"),
                greeting,
                paragraphs: vec![
                    format!("Thanks for creating an account on {title}. Your username is {login}."),
                    "You can access your account area to view orders, change your password, and more:".to_owned(),
                ],
                link_text: "My account".to_owned(),
                link: format!("{origin}/my-account/"),
            },
        ),
        AccountEmail::PasswordReset { path, .. } => (
            format!("Password Reset Request for {title}"),
            AccountEmailView {
                shop_title: title.clone(),
                heading: "Password Reset Request".to_owned(),
                greeting,
                paragraphs: vec![
                    format!("Someone has requested a new password for the following account on {title}:"),
                    format!("Username: {login}"),
                    "If you didn't make this request, just ignore this email. If you'd like to proceed, follow the link below. It works once, for the next hour.".to_owned(),
                ],
                link_text: "Click here to reset your password".to_owned(),
                link: format!("{origin}{path}"),
            },
        ),
        AccountEmail::EmailChanged {
            old_email,
            new_email,
            to_old,
            reset_path,
            ..
        } => {
            if *to_old {
                to = old_email.clone();
            }
            (
                format!("[{title}] Email Changed"),
                AccountEmailView {
                    shop_title: title.clone(),
                    heading: "Your email address was changed".to_owned(),
                    greeting: format!("Hi {old_email},"),
                    paragraphs: vec![
                        format!("The email address of your account on {title} was changed from {old_email} to {new_email}."),
                        "If you made this change, you can ignore this email. If you did not, someone else has access to your account: reset your password from the link below and contact us.".to_owned(),
                    ],
                    link_text: "Reset your password".to_owned(),
                    link: format!("{origin}{reset_path}"),
                },
            )
        }
    };
    let render = |name: &str| -> anyhow::Result<String> {
        Ok(state.templates.get_template(name)?.render(&view)?)
    };
    Ok(Some(Email {
        from,
        to,
        subject,
        text: render("emails/account.txt")?,
        html: render("emails/account.html")?,
    }))
}
