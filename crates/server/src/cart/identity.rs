//! Which cart a browser session uses, and the cookies that tell pages whether the cart
//! changed (`woocommerce_items_in_cart`, `woocommerce_cart_hash`; SPEC §9.1, DESIGN: the
//! cart-hash cookie decides whether the mini cart is refreshed).

use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar};
use mercato_db::sessions::{self, Session};
use mercato_db::{Db, DbResult, carts};

use crate::services::Services;

/// The session field holding a guest's cart key.
pub const CART_KEY_FIELD: &str = "cart_key";

/// Cookie set to `1` while the cart holds something.
pub const ITEMS_COOKIE: &str = "woocommerce_items_in_cart";

/// Cookie holding the cart hash.
pub const HASH_COOKIE: &str = "woocommerce_cart_hash";

/// The cart of a session: the customer's when logged in, else the guest cart it names.
pub fn cart_key_of(session: &Session) -> Option<String> {
    if let Some(user_id) = session.user_id {
        return Some(carts::customer_key(user_id));
    }
    session
        .data
        .get(CART_KEY_FIELD)
        .and_then(|v| v.as_str())
        .filter(|key| carts::is_well_formed(key))
        .map(str::to_owned)
}

/// Names `key` as the session's guest cart and stores the session.
pub async fn attach_cart(db: &Db, session: &mut Session, key: &str, ttl_secs: i64) -> DbResult<()> {
    if let Some(data) = session.data.as_object_mut() {
        data.insert(CART_KEY_FIELD.to_owned(), key.into());
    } else {
        session.data = serde_json::json!({ CART_KEY_FIELD: key });
    }
    sessions::save(db, session, ttl_secs).await
}

/// The cart a classic request (a form, `?wc-ajax=`) writes to: the session's, or a new guest
/// cart, with the session (and its cookie, added to `jar`) made when there is none.
/// Returns the cart key, the customer, and the jar to send back.
pub async fn cart_for_write(
    state: &Services,
    jar: CookieJar,
    headers: &HeaderMap,
) -> DbResult<(String, Option<i64>, CookieJar)> {
    let (mut session, jar) = crate::session::start(state, jar, headers).await?;
    if let Some(key) = cart_key_of(&session) {
        return Ok((key, session.user_id, jar));
    }
    let key = carts::new_guest_key();
    attach_cart(&state.db, &mut session, &key, state.config.session_ttl_secs).await?;
    Ok((key, None, jar))
}

/// The cookies to send so that the browser's cart cookies match the cart (`hash` "" for an
/// empty cart): set while it holds something, removed once it is empty; nothing when they
/// already match. `secure` as for the session cookie ([`crate::session::secure_cookies`]).
pub fn cart_cookies(request: &CookieJar, hash: &str, secure: bool) -> Vec<Cookie<'static>> {
    let sent_hash = request.get(HASH_COOKIE).map(Cookie::value).unwrap_or("");
    let sent_items = request.get(ITEMS_COOKIE).is_some();
    let mut cookies = Vec::new();
    if hash.is_empty() {
        for (name, sent) in [
            (ITEMS_COOKIE, sent_items),
            (HASH_COOKIE, !sent_hash.is_empty()),
        ] {
            if sent {
                cookies.push(removal(name, secure));
            }
        }
    } else if sent_hash != hash || !sent_items {
        cookies.push(
            Cookie::build((ITEMS_COOKIE, "1"))
                .path("/")
                .secure(secure)
                .build(),
        );
        cookies.push(
            Cookie::build((HASH_COOKIE, hash.to_owned()))
                .path("/")
                .secure(secure)
                .build(),
        );
    }
    cookies
}

fn removal(name: &'static str, secure: bool) -> Cookie<'static> {
    Cookie::build((name, ""))
        .path("/")
        .secure(secure)
        .max_age(cookie::time::Duration::ZERO)
        .expires(cookie::time::OffsetDateTime::UNIX_EPOCH)
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_follow_the_hash() {
        let empty = CookieJar::new();
        let set: Vec<String> = cart_cookies(&empty, "abc", false)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            set,
            [
                "woocommerce_items_in_cart=1; Path=/",
                "woocommerce_cart_hash=abc; Path=/"
            ]
        );
        let current = CookieJar::new()
            .add(Cookie::new(ITEMS_COOKIE, "1"))
            .add(Cookie::new(HASH_COOKIE, "abc"));
        assert!(cart_cookies(&current, "abc", false).is_empty());
        let removed = cart_cookies(&current, "", false);
        assert_eq!(removed.len(), 2);
        assert!(removed[0].to_string().contains("Max-Age=0"));
        assert!(cart_cookies(&empty, "", false).is_empty());
        let secure: Vec<String> = cart_cookies(&empty, "abc", true)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            secure,
            [
                "woocommerce_items_in_cart=1; Secure; Path=/",
                "woocommerce_cart_hash=abc; Secure; Path=/"
            ]
        );
    }
}
