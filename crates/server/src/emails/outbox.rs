//! Delivering composed emails: over SMTP when `MERCATO_SMTP_URL` names a server
//! (`smtps://user:pass@host`, `smtp://host:25?tls=required`, lettre's URL form), otherwise
//! to an outbox folder as `.eml` files that a mail client opens.

use std::path::PathBuf;

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::Email;

/// The environment variable naming the outbox folder.
pub const OUTBOX_ENV: &str = "MERCATO_OUTBOX_DIR";
/// The environment variable naming an SMTP server.
pub const SMTP_ENV: &str = "MERCATO_SMTP_URL";

/// Where emails go.
#[derive(Clone)]
pub enum Outbox {
    /// `.eml` files in a folder.
    Folder(PathBuf),
    /// An SMTP server.
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl std::fmt::Debug for Outbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Folder(dir) => f.debug_tuple("Folder").field(dir).finish(),
            // The URL may hold a password: never printed.
            Self::Smtp(_) => f.write_str("Smtp"),
        }
    }
}

impl Outbox {
    /// An outbox writing to `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self::Folder(dir.into())
    }

    /// An SMTP server named by a URL (lettre's form: `smtps://user:pass@host`,
    /// `smtp://host:25?tls=required`, `smtp://host:2525` without TLS).
    pub fn smtp(url: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| anyhow::anyhow!("{SMTP_ENV} is not a usable SMTP URL: {e}"))?
            .build();
        Ok(Self::Smtp(transport))
    }

    /// The outbox named by the environment: SMTP when `MERCATO_SMTP_URL` is set, else the
    /// folder `MERCATO_OUTBOX_DIR` (`data/outbox/` by default).
    pub fn from_env() -> anyhow::Result<Self> {
        if let Ok(url) = std::env::var(SMTP_ENV)
            && !url.is_empty()
        {
            return Self::smtp(&url);
        }
        Ok(Self::new(std::env::var_os(OUTBOX_ENV).map_or_else(
            || PathBuf::from("data/outbox"),
            PathBuf::from,
        )))
    }

    /// Sends `email` (`name` is the file name in a folder); returns where it went.
    pub async fn deliver(&self, email: &Email, name: &str) -> anyhow::Result<String> {
        match self {
            Self::Folder(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let path = dir.join(format!("{name}.eml"));
                let partial = dir.join(format!(".{name}.eml.tmp"));
                // Written then renamed, so a reader never sees half a message.
                tokio::fs::write(&partial, to_eml(email, name)).await?;
                tokio::fs::rename(&partial, &path).await?;
                Ok(path.display().to_string())
            }
            Self::Smtp(transport) => {
                let message = Message::builder()
                    .from(email.from.parse::<Mailbox>()?)
                    .to(email.to.parse::<Mailbox>()?)
                    .subject(email.subject.clone())
                    .multipart(MultiPart::alternative_plain_html(
                        email.text.clone(),
                        email.html.clone(),
                    ))?;
                transport.send(message).await?;
                Ok("smtp".to_owned())
            }
        }
    }
}

/// The message in RFC 5322 form, multipart/alternative (plain text, then HTML), UTF-8.
pub fn to_eml(email: &Email, id: &str) -> String {
    let boundary = format!("=_mercato_{id}");
    let header = |value: &str| value.replace(['\r', '\n'], " ");
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{id}@mercato>\r\n\
         MIME-Version: 1.0\r\n\
         Content-Type: multipart/alternative; boundary=\"{boundary}\"\r\n\r\n\
         --{boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n{text}\r\n\
         --{boundary}\r\nContent-Type: text/html; charset=utf-8\r\n\
         Content-Transfer-Encoding: 8bit\r\n\r\n{html}\r\n--{boundary}--\r\n",
        from = header(&email.from),
        to = header(&email.to),
        subject = header(&email.subject),
        text = crlf(&email.text),
        html = crlf(&email.html),
    )
}

fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}
