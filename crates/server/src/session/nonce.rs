//! Store API nonces: a short code proving a write request comes from a page or client that
//! read from us first (CSRF protection), in WordPress's shape.
//!
//! A nonce is the first 10 hex characters of HMAC-SHA256(secret, action, user, session,
//! tick), where a tick is half a day. It is valid in its own tick and the one before, so it
//! lives 12 to 24 hours. Unlike WooCommerce's guest nonces, ours are bound to the session.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Half a day: the length of a nonce tick, in seconds.
pub const TICK_SECS: i64 = 12 * 3600;

/// The action name WooCommerce uses for Store API nonces.
pub const STORE_API_ACTION: &str = "wc_store_api";

/// Who a nonce is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NonceSubject<'a> {
    /// The logged-in user, 0 for guests.
    pub user_id: i64,
    /// The session id, "" before the shopper has one.
    pub session: &'a str,
}

/// What checking a nonce found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NonceCheck {
    /// Made in this tick.
    Fresh,
    /// Made in the previous tick: valid, but the client should take the new one.
    Aging,
    /// Wrong or expired.
    Invalid,
}

/// The tick `now` falls in.
pub fn tick(now: i64) -> i64 {
    now.div_euclid(TICK_SECS) + 1
}

/// The nonce for `subject` and `action` in the tick of `now`.
pub fn create(secret: &str, action: &str, subject: NonceSubject<'_>, now: i64) -> String {
    nonce_for_tick(secret, action, subject, tick(now))
}

/// Checks `nonce` for `subject` and `action` at time `now`, in constant time.
pub fn verify(
    secret: &str,
    action: &str,
    subject: NonceSubject<'_>,
    nonce: &str,
    now: i64,
) -> NonceCheck {
    let current = tick(now);
    if constant_time_eq(nonce, &nonce_for_tick(secret, action, subject, current)) {
        NonceCheck::Fresh
    } else if constant_time_eq(nonce, &nonce_for_tick(secret, action, subject, current - 1)) {
        NonceCheck::Aging
    } else {
        NonceCheck::Invalid
    }
}

fn nonce_for_tick(secret: &str, action: &str, subject: NonceSubject<'_>, tick: i64) -> String {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(format!("{tick}|{action}|{}|{}", subject.user_id, subject.session).as_bytes());
    let digest = hex::encode(mac.finalize().into_bytes());
    digest.get(..10).unwrap_or(&digest).to_owned()
}

fn constant_time_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "test-secret";
    const GUEST: NonceSubject<'static> = NonceSubject {
        user_id: 0,
        session: "abc",
    };

    #[test]
    fn a_nonce_lives_for_its_tick_and_the_next() {
        let now = 1_795_289_196;
        let nonce = create(SECRET, STORE_API_ACTION, GUEST, now);
        assert_eq!(nonce.len(), 10);
        assert_eq!(
            verify(SECRET, STORE_API_ACTION, GUEST, &nonce, now),
            NonceCheck::Fresh
        );
        assert_eq!(
            verify(SECRET, STORE_API_ACTION, GUEST, &nonce, now + TICK_SECS),
            NonceCheck::Aging
        );
        assert_eq!(
            verify(SECRET, STORE_API_ACTION, GUEST, &nonce, now + 2 * TICK_SECS),
            NonceCheck::Invalid
        );
    }

    #[test]
    fn a_nonce_is_bound_to_user_session_action_and_secret() {
        let now = 1_795_289_196;
        let nonce = create(SECRET, STORE_API_ACTION, GUEST, now);
        let other_session = NonceSubject {
            user_id: 0,
            session: "xyz",
        };
        let other_user = NonceSubject {
            user_id: 5,
            session: "abc",
        };
        assert_eq!(
            verify(SECRET, STORE_API_ACTION, other_session, &nonce, now),
            NonceCheck::Invalid
        );
        assert_eq!(
            verify(SECRET, STORE_API_ACTION, other_user, &nonce, now),
            NonceCheck::Invalid
        );
        assert_eq!(
            verify(SECRET, "other_action", GUEST, &nonce, now),
            NonceCheck::Invalid
        );
        assert_eq!(
            verify("another-secret", STORE_API_ACTION, GUEST, &nonce, now),
            NonceCheck::Invalid
        );
        assert_eq!(
            verify(SECRET, STORE_API_ACTION, GUEST, "", now),
            NonceCheck::Invalid
        );
        assert_eq!(
            verify(SECRET, STORE_API_ACTION, GUEST, "380207f7a2", now),
            NonceCheck::Invalid
        );
    }
}
