//! Customer accounts opened at checkout (the Store API's `create_account`, the classic form's
//! `createaccount`): the rules both checkouts share, the password hash, and logging the new
//! customer in.
//!
//! A checkout that opens an account goes: [`wanted`] (a guest asked, and the shop allows it),
//! [`check`] before anything is written (the address is free, a password was given; the
//! password is hashed here), [`open`] just before the order is placed, [`take_back`] when
//! placing it is then refused, and [`log_in`] once the order exists.
//!
//! The account pages (`account_page`) use the same functions for registration, and
//! [`login`] and [`reset`] for passwords.

use mercato_core::orders::Address;
use mercato_core::passwords::PasswordProblem;
use mercato_core::settings::ShopSettings;
use mercato_db::sessions::{self, Session};
use mercato_db::users::{self, NewUser, User};
use mercato_db::{Db, DbError};

use crate::cart::{CartError, merge_guest_cart_into_customer};
use crate::services::Services;

pub mod login;
pub mod reset;
pub mod roles;

pub use crate::services::password_work::{self, verify_password};

/// WooCommerce's message for an address that already has an account
/// (`registration-error-email-exists`, from `wc_create_new_customer`).
pub const EMAIL_EXISTS: &str = "An account is already registered with your email address. <a href=\"#\" class=\"showlogin\">Please log in.</a>";

/// The same without its link, for pages that have no login form to show.
pub const EMAIL_EXISTS_TEXT: &str =
    "An account is already registered with your email address. Please log in.";

/// WooCommerce's message for an account without a password
/// (`registration-error-missing-password`).
pub const MISSING_PASSWORD: &str = "Please enter an account password.";

/// Why an account cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum SignupError {
    /// The address has an account already.
    #[error("{EMAIL_EXISTS}")]
    EmailExists,
    /// No password was given.
    #[error("{MISSING_PASSWORD}")]
    MissingPassword,
    /// The password breaks the password rule (`mercato_core::passwords`).
    #[error("{}", .0.message())]
    WeakPassword(PasswordProblem),
    /// Password hashing is at capacity: try again in a moment.
    #[error(transparent)]
    Busy(#[from] password_work::Busy),
    /// Storage failed; the cause is logged by whoever turns this into a response.
    #[error("storage failed: {0}")]
    Storage(#[from] DbError),
    /// The password could not be hashed.
    #[error("password hashing failed: {0}")]
    Hash(String),
}

/// An account checked and ready to be made: the password is only kept hashed.
#[derive(Clone)]
pub struct Signup {
    email: String,
    display_name: String,
    password_hash: String,
    billing: Address,
    shipping: Address,
}

/// Whether a checkout opens an account: the caller asked, is a guest (`user_id` `None`),
/// and the shop lets guests sign up at checkout. Otherwise the request is ignored, as
/// WooCommerce ignores `create_account` for a logged-in customer.
pub fn wanted(settings: &ShopSettings, asked: bool, user_id: Option<i64>) -> bool {
    asked && user_id.is_none() && settings.checkout_allows_signup
}

/// Checks an account for the order's `billing` address (its email names the account) in
/// WooCommerce's order: a registered address first, then a missing password; then the
/// password rule (`mercato_core::passwords`), which WooCommerce leaves to a browser meter.
pub async fn check(
    state: &Services,
    billing: &Address,
    shipping: &Address,
    password: &str,
) -> Result<Signup, SignupError> {
    if users::find_by_email(&state.db, &billing.email)
        .await?
        .is_some()
    {
        return Err(SignupError::EmailExists);
    }
    if password.trim().is_empty() {
        return Err(SignupError::MissingPassword);
    }
    let personal = [
        billing.email.as_str(),
        billing.first_name.as_str(),
        billing.last_name.as_str(),
    ];
    state
        .password_work
        .check_new(password, &personal)
        .await?
        .map_err(SignupError::WeakPassword)?;
    let name = format!("{} {}", billing.first_name.trim(), billing.last_name.trim());
    let display_name = match name.trim() {
        "" => billing.email.split('@').next().unwrap_or("").to_owned(),
        name => name.to_owned(),
    };
    Ok(Signup {
        email: billing.email.clone(),
        display_name,
        password_hash: hash_password(state, password).await?,
        billing: billing.clone(),
        shipping: shipping.clone(),
    })
}

/// Makes the checked account. An address registered since [`check`] (a race) is
/// [`SignupError::EmailExists`], decided by the table's unique constraint.
pub async fn open(db: &Db, signup: &Signup) -> Result<User, SignupError> {
    let made = users::create(
        db,
        NewUser {
            email: &signup.email,
            password_hash: &signup.password_hash,
            display_name: &signup.display_name,
            billing: &signup.billing,
            shipping: &signup.shipping,
        },
    )
    .await;
    match made {
        Ok(user) => {
            tracing::info!(user.id = user.id, "customer account opened at checkout");
            Ok(user)
        }
        Err(DbError::Duplicate(_)) => Err(SignupError::EmailExists),
        Err(other) => Err(other.into()),
    }
}

/// Removes an account opened for a checkout that was then refused (nothing names it yet),
/// so a refused checkout leaves nothing behind. A failure is logged: the shopper's answer
/// is the checkout's refusal either way.
pub async fn take_back(db: &Db, user_id: i64) {
    if let Err(error) = users::delete(db, user_id).await {
        tracing::error!(user.id = user_id, error = %error, "account of a refused checkout kept");
    }
}

/// Logs a customer in (a new one, or one who gave their password): the guest cart `guest_cart` joins the customer's cart, and the
/// session gets a new id naming the customer (a session is made when there was none).
/// Returns the session to set in the cookie.
pub async fn log_in(
    state: &Services,
    session: Option<&Session>,
    guest_cart: Option<&str>,
    user_id: i64,
) -> Result<Session, CartError> {
    if let Some(guest) = guest_cart {
        merge_guest_cart_into_customer(state, guest, user_id).await?;
    }
    let rotated = match session {
        Some(old) => sessions::rotate(&state.db, &old.id, Some(user_id))
            .await?
            .map(|id| Session {
                id,
                user_id: Some(user_id),
                ..old.clone()
            }),
        None => None,
    };
    let session = match rotated {
        Some(session) => session,
        None => sessions::create(&state.db, Some(user_id), state.config.session_ttl_secs).await?,
    };
    tracing::info!(user.id = user_id, "customer logged in");
    Ok(session)
}

/// Logs the caller out: their session ends, and with it any Cart-Token of the customer's cart
/// (a customer's token only counts together with their session). The next request is a
/// fresh guest.
pub async fn log_out(state: &Services, session: &Session) -> Result<(), DbError> {
    sessions::delete(&state.db, &session.id).await?;
    if let Some(user_id) = session.user_id {
        tracing::info!(user.id = user_id, "customer logged out");
    }
    Ok(())
}

/// After a password change: every session of the customer ends (every device is logged
/// out, every Cart-Token of their cart stops counting). The caller logs the device that
/// changed it in again with [`log_in`].
pub async fn sign_out_everywhere(state: &Services, user_id: i64) -> Result<u64, DbError> {
    let ended = sessions::delete_for_user(&state.db, user_id).await?;
    tracing::info!(
        user.id = user_id,
        sessions = ended,
        "customer signed out everywhere"
    );
    Ok(ended)
}

/// Hashes a password within the server's hashing ceiling ([`password_work`]).
pub async fn hash_password(state: &Services, password: &str) -> Result<String, SignupError> {
    Ok(state.password_work.hash(password).await?)
}

impl From<password_work::HashError> for SignupError {
    fn from(error: password_work::HashError) -> Self {
        match error {
            password_work::HashError::Busy(busy) => Self::Busy(busy),
            password_work::HashError::Failed(e) => Self::Hash(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_guests_in_a_shop_that_allows_it_open_accounts() {
        let mut settings = ShopSettings::default();
        assert!(wanted(&settings, true, None));
        assert!(!wanted(&settings, false, None));
        assert!(
            !wanted(&settings, true, Some(7)),
            "a customer is logged in already"
        );
        settings.checkout_allows_signup = false;
        assert!(!wanted(&settings, true, None));
    }
}
