//! The form's account fields (WooCommerce's `createaccount` box and `account_password`): who
//! is offered them, their errors on the fields, and the new customer's session cookie.

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use mercato_core::limits;
use mercato_db::sessions::Session;

use super::form::{ACCOUNT_PASSWORD, CREATE_ACCOUNT, FieldErrors, Posted};
use crate::accounts::{self, EMAIL_EXISTS_TEXT, SignupError};
use crate::state::AppState;

/// WooCommerce's required-field message for the password.
const PASSWORD_REQUIRED: &str = "Create account password is a required field.";

/// Whether the form asks for an account that will be opened: the box is ticked by a guest,
/// in a shop that allows sign-up at checkout.
pub fn asked(state: &AppState, posted: &Posted, session: &Session) -> bool {
    accounts::wanted(
        &state.settings,
        posted.checked(CREATE_ACCOUNT),
        session.user_id,
    )
}

/// The password is required once the box is ticked.
pub fn require_password(posted: &Posted, errors: &mut FieldErrors) {
    let password = posted.get(ACCOUNT_PASSWORD);
    if password.trim().is_empty() {
        errors.add(ACCOUNT_PASSWORD, PASSWORD_REQUIRED);
    } else if limits::exceeds(password, limits::MAX_PASSWORD_CHARS) {
        errors.add(
            ACCOUNT_PASSWORD,
            limits::too_long_message("Account password", limits::MAX_PASSWORD_CHARS),
        );
    }
}

/// Puts a refused account on the field it is about; a failure that is not the shopper's
/// comes back as the error.
pub fn mark_refusal(error: SignupError, errors: &mut FieldErrors) -> Result<(), SignupError> {
    match error {
        // The page has no login form for WooCommerce's "Please log in." link to open.
        SignupError::EmailExists => errors.add("billing_email", EMAIL_EXISTS_TEXT),
        SignupError::MissingPassword => errors.add(ACCOUNT_PASSWORD, PASSWORD_REQUIRED),
        SignupError::WeakPassword(problem) => errors.add(ACCOUNT_PASSWORD, problem.message()),
        // Password hashing at capacity: nothing is lost, the shopper sends the form again.
        SignupError::Busy(_) => errors.add(
            ACCOUNT_PASSWORD,
            "The shop is busy right now. Please try again in a moment.",
        ),
        other => return Err(other),
    }
    Ok(())
}

/// `response` with the cookie of the customer's new session.
pub fn with_session_cookie(
    state: &AppState,
    headers: &HeaderMap,
    mut response: Response,
    session: Session,
) -> Response {
    let cookie = crate::session::cookie(
        session.id,
        state.config.session_ttl_secs,
        state.config.cookie_security,
        headers,
    );
    if let Ok(value) = HeaderValue::from_str(&cookie.to_string()) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}
