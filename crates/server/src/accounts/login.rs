//! Logging in with a password, registering from the account page, and changing a password:
//! the rules, without the page around them.
//!
//! No answer tells whether an account exists: an unknown login verifies the password against
//! a dummy hash of the same cost, so it takes as long as a wrong password, and both get the
//! same message.

use mercato_core::attribution::sanitize_text_field;
use mercato_core::limits;
use mercato_core::orders::Address;
use mercato_db::users::{self, User};

use super::{Signup, SignupError, check, open};
use crate::services::Services;
use crate::services::password_work::{Busy, PasswordWork};

/// An argon2id hash (default parameters) of a password nobody knows, verified when the login
/// names no account so that the answer takes as long as for a wrong password.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$4uqRCQo1g8qYWVNc0L4v7g$MPYmbAxHCybt/PiTrhMD6jM4C0/y2p5dJRZ6RV5EHIY";

/// WooCommerce's "Username is required." (`woocommerce_process_login`).
pub const USERNAME_REQUIRED: &str = "<strong>Error:</strong> Username is required.";

/// WordPress's empty password message.
pub const PASSWORD_EMPTY: &str = "<strong>Error:</strong> The password field is empty.";

/// One message for an unknown login and a wrong password, so the form tells nobody which
/// addresses have accounts.
pub const BAD_LOGIN: &str = "<strong>Error:</strong> The username or password you entered is incorrect. <a href=\"/my-account/lost-password/\">Lost your password?</a>";

/// The answer when password hashing is at capacity (503).
pub const BUSY: &str =
    "<strong>Error:</strong> The shop is busy right now. Please try again in a moment.";

/// WooCommerce's message for an address that is not one.
pub const INVALID_EMAIL: &str = "Please provide a valid email address.";

/// Why a login was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum LoginRefusal {
    /// No login name.
    MissingLogin,
    /// No password.
    MissingPassword,
    /// Unknown login or wrong password (one answer for both).
    BadCredentials,
    /// Password hashing is at capacity: nothing was checked.
    Busy,
}

impl LoginRefusal {
    /// The notice shown for it.
    pub fn message(&self) -> &'static str {
        match self {
            Self::MissingLogin => USERNAME_REQUIRED,
            Self::MissingPassword => PASSWORD_EMPTY,
            Self::BadCredentials => BAD_LOGIN,
            Self::Busy => BUSY,
        }
    }
}

/// The account `login` (email or username) names when `password` is its password.
pub async fn authenticate(
    state: &Services,
    login: &str,
    password: &str,
) -> Result<Result<User, LoginRefusal>, mercato_db::DbError> {
    let login = login.trim();
    if login.is_empty() {
        return Ok(Err(LoginRefusal::MissingLogin));
    }
    if password.is_empty() {
        return Ok(Err(LoginRefusal::MissingPassword));
    }
    if limits::exceeds(login, limits::MAX_EMAIL_CHARS)
        || limits::exceeds(password, limits::MAX_PASSWORD_CHARS)
    {
        return Ok(Err(LoginRefusal::BadCredentials));
    }
    let user = users::find_by_login(&state.db, login).await?;
    let hash = user
        .as_ref()
        .map_or(DUMMY_HASH, |u| u.password_hash.as_str());
    let Ok(matches) = state.password_work.verify(password, hash).await else {
        return Ok(Err(LoginRefusal::Busy));
    };
    Ok(match user {
        Some(user) if matches => Ok(user),
        _ => Err(LoginRefusal::BadCredentials),
    })
}

/// Whether `password` is the account's current password (account details, before a change).
pub async fn password_matches(state: &Services, user: &User, password: &str) -> Result<bool, Busy> {
    if password.is_empty() || limits::exceeds(password, limits::MAX_PASSWORD_CHARS) {
        return Ok(false);
    }
    state
        .password_work
        .verify(password, &user.password_hash)
        .await
}

/// What the register form sent.
#[derive(Debug, Clone, Default)]
pub struct Registration {
    /// The email address.
    pub email: String,
    /// The password.
    pub password: String,
    /// Optional first name.
    pub first_name: String,
    /// Optional last name.
    pub last_name: String,
}

/// Why a registration was refused, as the shopper reads it.
#[derive(Debug)]
pub enum RegisterError {
    /// A field is wrong; the message says which.
    Refused(String),
    /// The password breaks the password rule; the message says why (shown by the field).
    WeakPassword(String),
    /// Password hashing is at capacity.
    Busy,
    /// Not the shopper's fault (logged by whoever answers).
    Failed(SignupError),
}

/// Opens an account from the register form (WooCommerce's checks in its order: a valid
/// address, not registered yet, a password; then the password rule), with its names (one line
/// of text each, as WooCommerce's `sanitize_text_field` leaves them). The caller logs the
/// customer in.
pub async fn register(state: &Services, form: &Registration) -> Result<User, RegisterError> {
    let db = &state.db;
    let email = form.email.trim();
    let too_long = [
        (email, limits::MAX_EMAIL_CHARS),
        (form.first_name.as_str(), limits::MAX_ADDRESS_FIELD_CHARS),
        (form.last_name.as_str(), limits::MAX_ADDRESS_FIELD_CHARS),
    ]
    .iter()
    .any(|(text, max)| limits::exceeds(text, *max));
    if !is_email(email) || too_long {
        return Err(RegisterError::Refused(INVALID_EMAIL.to_owned()));
    }
    if limits::exceeds(&form.password, limits::MAX_PASSWORD_CHARS) {
        return Err(RegisterError::Refused(limits::too_long_message(
            "Password",
            limits::MAX_PASSWORD_CHARS,
        )));
    }
    let billing = Address {
        first_name: sanitize_text_field(&form.first_name),
        last_name: sanitize_text_field(&form.last_name),
        email: email.to_owned(),
        ..Address::default()
    };
    let signup: Signup = check(state, &billing, &Address::default(), &form.password)
        .await
        .map_err(refusal)?;
    let user = open(db, &signup).await.map_err(refusal)?;
    let named = users::Details {
        first_name: &billing.first_name,
        last_name: &billing.last_name,
        display_name: &user.display_name,
        email: &user.email,
    };
    users::update_details(db, user.id, named)
        .await
        .map_err(|e| RegisterError::Failed(e.into()))?;
    Ok(User {
        first_name: billing.first_name,
        last_name: billing.last_name,
        ..user
    })
}

fn refusal(error: SignupError) -> RegisterError {
    match error {
        SignupError::EmailExists => RegisterError::Refused(super::EMAIL_EXISTS_TEXT.to_owned()),
        SignupError::MissingPassword => RegisterError::Refused(super::MISSING_PASSWORD.to_owned()),
        SignupError::WeakPassword(problem) => RegisterError::WeakPassword(problem.message()),
        SignupError::Busy(_) => RegisterError::Busy,
        other => RegisterError::Failed(other),
    }
}

/// WordPress's `is_email` in short: one `@`, something before it, a dotted domain after it,
/// no spaces.
pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Changes the account's password (hashed here); the caller ends its other sessions. The
/// account's unused reset links end with the change.
pub async fn set_password(
    db: &mercato_db::Db,
    work: &PasswordWork,
    user_id: i64,
    password: &str,
) -> Result<(), SignupError> {
    let hash = work.hash(password).await?;
    users::set_password_hash(db, user_id, &hash).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dummy_hash_is_a_real_argon2_hash_of_the_default_cost() {
        let parsed = argon2::PasswordHash::new(DUMMY_HASH).expect("a PHC string");
        assert_eq!(parsed.algorithm.as_str(), "argon2id");
        let default = argon2::Params::default();
        assert_eq!(
            parsed.params.get_decimal("m"),
            Some(default.m_cost()),
            "same memory cost as real hashes, so the same time"
        );
        assert_eq!(parsed.params.get_decimal("t"), Some(default.t_cost()));
        assert!(!crate::services::password_work::verify_password(
            "", DUMMY_HASH
        ));
    }

    #[test]
    fn addresses_are_checked_as_wordpress_does_in_short() {
        for good in ["jane@example.com", "a.b+c@shop.example.co.uk"] {
            assert!(is_email(good), "{good}");
        }
        for bad in [
            "",
            "jane",
            "jane@",
            "@example.com",
            "jane@example",
            "ja ne@example.com",
            "a@b@c.com",
            "jane@.com",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }
}
