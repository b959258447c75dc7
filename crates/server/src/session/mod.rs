//! The session cookie: a random id naming a row in the `sessions` table.
//!
//! Handlers that need state call [`current`] to read the session (never creating one: a
//! shopper who only browses costs no writes) and [`start`] when they have something to keep.
//!
//! The guest forms (login, register, lost password) need a nonce before there is anything to
//! keep: [`form_owner`] binds it to the session when there is one, else to a random visitor
//! key in a cookie of its own ([`VISITOR_COOKIE`]) that no stored row stands behind, so
//! looking at a form writes nothing (security review 2, N9). The session is made when a form
//! is posted.

pub mod nonce;

use axum::http::HeaderMap;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use mercato_db::sessions::{self, Session};

use crate::config::{CookieSecurity, is_tls};
use crate::services::Services;

/// The session cookie's name.
pub const COOKIE: &str = "mercato_session";

/// The cookie of a guest form's visitor key (no session yet).
pub const VISITOR_COOKIE: &str = "mercato_visitor";

/// Whether cookies set in answer to this request are `Secure`: as configured, or (`auto`)
/// when it reached us over TLS. The session cookie and the cart cookies follow the same rule.
pub fn secure_cookies(security: CookieSecurity, headers: &HeaderMap) -> bool {
    match security {
        CookieSecurity::Always => true,
        CookieSecurity::Never => false,
        CookieSecurity::Auto => is_tls(headers),
    }
}

/// The session cookie for `id`: HttpOnly, SameSite=Lax, Secure when configured or over TLS.
pub fn cookie(
    id: String,
    ttl_secs: i64,
    security: CookieSecurity,
    headers: &HeaderMap,
) -> Cookie<'static> {
    Cookie::build((COOKIE, id))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure_cookies(security, headers))
        .max_age(time_duration(ttl_secs))
        .build()
}

/// Whom a form's nonce names: a session, or, for the guest forms before there is one, a
/// visitor key kept in its own cookie (`crate::session::form_owner`).
#[derive(Debug, Clone)]
pub enum FormOwner {
    /// The request's session.
    Session(Session),
    /// A guest without a session: the key of the visitor cookie.
    Visitor(String),
}

impl FormOwner {
    /// The session, when the owner is one.
    pub fn session(&self) -> Option<&Session> {
        match self {
            Self::Session(session) => Some(session),
            Self::Visitor(_) => None,
        }
    }
}

/// The request's visitor key, when its cookie holds a well-formed one.
pub fn visitor_key(jar: &CookieJar) -> Option<String> {
    jar.get(VISITOR_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|key| sessions::is_well_formed(key))
}

/// Whom the guest forms' nonces name: the request's session when it has one, else its visitor
/// key (made, and its cookie added to `jar`, when there is none). Writes nothing.
pub async fn form_owner(
    state: &Services,
    jar: CookieJar,
    headers: &HeaderMap,
) -> mercato_db::DbResult<(FormOwner, CookieJar)> {
    if let Some(session) = current(state, &jar).await? {
        return Ok((FormOwner::Session(session), jar));
    }
    if let Some(key) = visitor_key(&jar) {
        return Ok((FormOwner::Visitor(key), jar));
    }
    let key = sessions::new_id();
    let cookie = Cookie::build((VISITOR_COOKIE, key.clone()))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure_cookies(state.config.cookie_security, headers))
        .max_age(time_duration(state.config.session_ttl_secs))
        .build();
    Ok((FormOwner::Visitor(key), jar.add(cookie)))
}

fn time_duration(secs: i64) -> cookie::time::Duration {
    cookie::time::Duration::seconds(secs)
}

/// The request's live session, if it has one.
pub async fn current(state: &Services, jar: &CookieJar) -> mercato_db::DbResult<Option<Session>> {
    match jar.get(COOKIE) {
        Some(cookie) => sessions::load(&state.db, cookie.value()).await,
        None => Ok(None),
    }
}

/// The request's session, created (and its cookie added to `jar`) when there is none.
pub async fn start(
    state: &Services,
    jar: CookieJar,
    headers: &HeaderMap,
) -> mercato_db::DbResult<(Session, CookieJar)> {
    if let Some(session) = current(state, &jar).await? {
        return Ok((session, jar));
    }
    let ttl = state.config.session_ttl_secs;
    let session = sessions::create(&state.db, None, ttl).await?;
    let jar = jar.add(cookie(
        session.id.clone(),
        ttl,
        state.config.cookie_security,
        headers,
    ));
    Ok((session, jar))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(proto: Option<&str>) -> HeaderMap {
        let mut h = HeaderMap::new();
        if let Some(p) = proto {
            h.insert("x-forwarded-proto", p.parse().expect("header"));
        }
        h
    }

    #[test]
    fn cookie_is_http_only_lax_and_secure_only_behind_tls() {
        let plain = cookie("a".repeat(32), 60, CookieSecurity::Auto, &headers(None)).to_string();
        assert!(
            plain.contains("HttpOnly")
                && plain.contains("SameSite=Lax")
                && !plain.contains("Secure"),
            "{plain}"
        );
        let tls = cookie(
            "a".repeat(32),
            60,
            CookieSecurity::Auto,
            &headers(Some("https")),
        )
        .to_string();
        assert!(tls.contains("Secure"), "{tls}");
        let forced = cookie("a".repeat(32), 60, CookieSecurity::Always, &headers(None)).to_string();
        assert!(forced.contains("Secure"));
        let never = cookie(
            "a".repeat(32),
            60,
            CookieSecurity::Never,
            &headers(Some("https")),
        )
        .to_string();
        assert!(!never.contains("Secure"));
    }
}
