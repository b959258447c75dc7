//! Lost and reset passwords: a request always gets the same answer; when the login names an
//! account, a single-use link valid for [`LINK_TTL_SECS`] is emailed to it. The link names
//! the account (`login`, its id) and carries a 128-bit random `key`; the database keeps only
//! the key's hash (`mercato_db::password_resets`). A reset spends the key, sets the password
//! and ends every session of the account. A password or email change ends the account's
//! unused links (`mercato_db::users`).

use mercato_core::passwords::PasswordProblem;
use mercato_db::{password_resets, sessions, users};

use super::login::set_password;
use super::{SignupError, hash_password};
use crate::emails::account::{self, AccountEmail};
use crate::services::Services;

/// How long a reset link works.
pub const LINK_TTL_SECS: i64 = 3600;

/// The path of the lost-password page, where a reset link leads.
pub const LOST_PASSWORD_PATH: &str = "/my-account/lost-password/";

/// The answer to every reset request (WooCommerce's, whether or not an account exists).
pub const SENT: &str = "Password reset email has been sent. A password reset email has been sent to the email address on file for your account, but may take several minutes to show up in your inbox. Please wait at least 10 minutes before attempting another reset.";

/// WooCommerce's message for a used, expired or made-up link.
pub const INVALID_KEY: &str =
    "This key is invalid or has already been used. Please reset your password again if needed.";

/// The message once the password is reset.
pub const DONE: &str = "Your password has been reset successfully.";

/// The path of a reset link for the account and key; the email puts the shop's configured
/// origin before it (never a request's `Host`).
pub fn link_path(user_id: i64, key: &str) -> String {
    format!("{LOST_PASSWORD_PATH}?key={key}&login={user_id}")
}

/// Sends a reset link when `login` (email or username) names an account; does nothing
/// otherwise. Either way the caller answers [`SENT`].
pub async fn request(state: &Services, login: &str) -> Result<(), mercato_db::DbError> {
    let Some(user) = users::find_by_login(&state.db, login.trim()).await? else {
        return Ok(());
    };
    let key = sessions::new_id();
    password_resets::create(&state.db, user.id, &key, LINK_TTL_SECS, state.clock.now()).await?;
    account::enqueue(
        &state.db,
        &AccountEmail::PasswordReset {
            user_id: user.id,
            path: link_path(user.id, &key),
        },
    )
    .await;
    tracing::info!(user.id = user.id, "password reset link sent");
    Ok(())
}

/// The account id of a link's `login`, when the link is live for it.
pub async fn check_link(
    state: &Services,
    login: &str,
    key: &str,
) -> Result<Option<i64>, mercato_db::DbError> {
    let Ok(user_id) = login.parse::<i64>() else {
        return Ok(None);
    };
    if key.is_empty() || key.len() > 64 {
        return Ok(None);
    }
    Ok(
        password_resets::is_valid(&state.db, user_id, key, state.clock.now())
            .await?
            .then_some(user_id),
    )
}

/// Why a reset did not happen.
#[derive(Debug)]
pub enum ResetError {
    /// The link is used, expired, made up, or for another account.
    InvalidKey,
    /// The new password breaks the password rule; the link stays usable.
    WeakPassword(PasswordProblem),
    /// Storage or hashing failed (or hashing is at capacity: [`SignupError::Busy`]).
    Failed(SignupError),
}

/// Spends the link and sets `password` (checked by the caller: given twice, matching), then
/// ends every session of the account: whoever knew the old password is logged out. The key
/// is checked before anything else, so a made-up key costs no hashing.
pub async fn reset(
    state: &Services,
    login: &str,
    key: &str,
    password: &str,
) -> Result<i64, ResetError> {
    let failed = |e: mercato_db::DbError| ResetError::Failed(e.into());
    let Some(user_id) = check_link(state, login, key).await.map_err(failed)? else {
        return Err(ResetError::InvalidKey);
    };
    let user = users::load(&state.db, user_id).await.map_err(failed)?;
    let personal: Vec<&str> = user
        .as_ref()
        .map(|u| {
            vec![
                u.email.as_str(),
                u.first_name.as_str(),
                u.last_name.as_str(),
            ]
        })
        .unwrap_or_default();
    state
        .password_work
        .check_new(password, &personal)
        .await
        .map_err(|busy| ResetError::Failed(SignupError::Busy(busy)))?
        .map_err(ResetError::WeakPassword)?;
    // Hashed before the key is spent, so a hashing failure leaves the link usable.
    let hash = hash_password(state, password)
        .await
        .map_err(ResetError::Failed)?;
    if !password_resets::spend(&state.db, user_id, key, state.clock.now())
        .await
        .map_err(failed)?
    {
        return Err(ResetError::InvalidKey);
    }
    users::set_password_hash(&state.db, user_id, &hash)
        .await
        .map_err(failed)?;
    super::sign_out_everywhere(state, user_id)
        .await
        .map_err(failed)?;
    tracing::info!(user.id = user_id, "password reset");
    Ok(user_id)
}

/// Changes a logged-in customer's password (account details) and ends their sessions; the
/// caller logs the device that changed it in again.
pub async fn change(state: &Services, user_id: i64, password: &str) -> Result<(), SignupError> {
    set_password(&state.db, &state.password_work, user_id, password).await?;
    super::sign_out_everywhere(state, user_id).await?;
    Ok(())
}
