//! The pages' error: what a page handler (or a classic form's) answers when it cannot show its
//! page. A refusal is a page of its own, rendered in the shop's layout where the shopper is at
//! hand (the 404 page, the 400 page, a redirect back with a notice); our failure is the plain
//! 500 page, its cause logged once, here. Handlers return `Result<Response, PageError>` and use
//! `?` on storage and domain calls.

use std::fmt;

use axum::response::{IntoResponse, Response};

/// Why a page handler answers with something other than its page.
pub enum PageError {
    /// The answer is made already: a 404 or 400 page in the layout, a redirect.
    Answer(Response),
    /// Our failure: logged once when answered, the shopper gets the plain 500 page.
    Internal {
        /// What failed (`"account page"`), for the log.
        what: &'static str,
        /// The cause, for the log only.
        cause: String,
    },
}

/// A page handler's result.
pub type PageResult = Result<Response, PageError>;

impl PageError {
    /// Our failure at `what`, with its cause for the log.
    pub fn internal(what: &'static str, cause: impl fmt::Display) -> Self {
        PageError::Internal {
            what,
            cause: cause.to_string(),
        }
    }
}

impl From<Response> for PageError {
    fn from(answer: Response) -> Self {
        PageError::Answer(answer)
    }
}

impl From<mercato_db::DbError> for PageError {
    fn from(error: mercato_db::DbError) -> Self {
        PageError::internal("page storage", error)
    }
}

impl From<crate::cart::CartError> for PageError {
    fn from(error: crate::cart::CartError) -> Self {
        PageError::internal("page cart", error)
    }
}

impl From<anyhow::Error> for PageError {
    fn from(error: anyhow::Error) -> Self {
        PageError::internal("page", format!("{error:#}"))
    }
}

impl fmt::Debug for PageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PageError::Answer(response) => write!(f, "Answer({})", response.status()),
            PageError::Internal { what, cause } => write!(f, "Internal({what}: {cause})"),
        }
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        match self {
            PageError::Answer(response) => response,
            PageError::Internal { what, cause } => {
                tracing::error!(error = %cause, "{what} failed");
                super::server_error()
            }
        }
    }
}
