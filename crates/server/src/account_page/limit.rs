//! Rate limits of the account forms, per client address and per account named: logins,
//! registrations, reset requests and the current-password check of the account details.
//! Every attempt counts (a correct password too), before any password is checked, so a
//! refused client costs no hashing. The account is counted by the login as typed (folded),
//! whether or not it exists: a refusal tells nothing about accounts. A made-up reset key
//! counts against the client only ([`Action::ResetKey`]): a stranger must never spend an
//! owner's way back in. The keys kept (and logged) name the account by a hash, so typed text
//! (an address, a password typed into the wrong box) stays out of the log. Addresses are read as the checkout's limit reads them (`checkout_rate_limit`'s
//! proxy settings: forwarded headers only through a configured, trusted proxy).

use axum::http::HeaderMap;
use mercato_core::settings::CheckoutRateLimit;
use mercato_db::{DbError, options, rate_limits};

use crate::checkout::rate_limit::{Peer, client_address};
use crate::services::Services;

/// What is limited.
#[derive(Debug, Clone, Copy)]
pub enum Action {
    /// A login form.
    Login,
    /// A register form.
    Register,
    /// A lost-password form (asking for a link).
    Reset,
    /// A reset link's key that was not live (counted per client after the check).
    ResetKey,
    /// The current password asked for by the account-details form (for a new password or
    /// email address), counted per account like a login.
    CurrentPassword,
}

/// `(name, per address, per account, window in seconds)`.
const fn rule(action: Action) -> (&'static str, i64, i64, i64) {
    match action {
        Action::Login => ("login", 20, 10, 900),
        Action::Register => ("register", 10, 10, 3600),
        Action::Reset => ("reset", 10, 3, 3600),
        Action::ResetKey => ("reset_key", 10, 0, 3600),
        Action::CurrentPassword => ("current_password", 20, 10, 900),
    }
}

/// The account part of a key: a hash of the folded login, so neither the table nor the log
/// holds what was typed.
fn account_part(folded: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(folded.as_bytes());
    hex::encode(&digest[..12])
}

/// Counts one attempt of `action` from the request's client for `account` (the login or
/// address typed, "" for none). `Some(seconds to wait)` when it is refused.
pub async fn count(
    state: &Services,
    action: Action,
    account: &str,
    peer: Peer,
    headers: &HeaderMap,
) -> Result<Option<i64>, DbError> {
    let proxies = options::get_recent::<CheckoutRateLimit>(&state.db, CheckoutRateLimit::OPTION)
        .await?
        .unwrap_or_default();
    let (name, per_address, per_account, window) = rule(action);
    let address = client_address(peer.0, headers, &proxies);
    let now = state.clock.now();
    let mut keys = vec![(format!("account:{name}:ip:{address}"), per_address)];
    let account = mercato_db::users::fold_email(account);
    if !account.is_empty() && per_account > 0 {
        let account: String = account.chars().take(254).collect();
        keys.push((
            format!("account:{name}:login:{}", account_part(&account)),
            per_account,
        ));
    }
    let mut wait = None;
    for (key, limit) in keys {
        let hit = rate_limits::hit(&state.db, &key, limit, window, now).await?;
        if !hit.admitted() {
            tracing::warn!(rate_limit.key = %key, "account rate limit exceeded");
            wait = Some(wait.unwrap_or(0).max(hit.retry_after(now)));
        }
    }
    Ok(wait)
}

/// The notice of a refused attempt.
pub fn message(retry_after: i64) -> String {
    let minutes = (retry_after + 59) / 60;
    format!(
        "<strong>Error:</strong> Too many attempts. Please try again in {minutes} minute{}.",
        if minutes == 1 { "" } else { "s" }
    )
}
