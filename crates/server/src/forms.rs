//! What every classic form shares, whichever surface posts it: the form nonce (`_wpnonce`,
//! for one action and bound to the session), the "link expired" message shown when it fails,
//! the `303` that ends a post (post/redirect/get), the checks that keep a redirect inside the
//! shop and a post from one of our own pages.

use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use mercato_db::sessions::Session;

use crate::cart;
use crate::session::FormOwner;
use crate::session::nonce::{self, NonceCheck, NonceSubject};
use crate::state::AppState;

/// Shown when the nonce is missing, wrong or expired.
pub const EXPIRED: &str = "The link you followed has expired. Please try again.";

/// The form nonce for `action` and `owner`.
pub async fn owner_nonce(
    state: &AppState,
    action: &str,
    owner: &FormOwner,
) -> mercato_db::DbResult<String> {
    let secret = state.cart.secret(&state.db).await?;
    Ok(nonce::create(
        secret,
        action,
        owner_subject(owner),
        cart::now(),
    ))
}

/// Whether `sent` is a valid form nonce for `action` and one of `owners`.
pub async fn owner_nonce_ok(
    state: &AppState,
    action: &str,
    owners: &[FormOwner],
    sent: &str,
) -> mercato_db::DbResult<bool> {
    let secret = state.cart.secret(&state.db).await?;
    let now = cart::now();
    Ok(owners.iter().any(|owner| {
        nonce::verify(secret, action, owner_subject(owner), sent, now) != NonceCheck::Invalid
    }))
}

fn owner_subject(owner: &FormOwner) -> NonceSubject<'_> {
    match owner {
        FormOwner::Session(session) => session_subject(session),
        // Visitor keys and session ids have the same shape; the user id -1, which no
        // account has, keeps a visitor's nonce from ever passing for a session's.
        FormOwner::Visitor(key) => NonceSubject {
            user_id: -1,
            session: key,
        },
    }
}

fn session_subject(session: &Session) -> NonceSubject<'_> {
    NonceSubject {
        user_id: session.user_id.unwrap_or(0),
        session: &session.id,
    }
}

/// The form nonce for `action` and the session.
pub async fn nonce_for(
    state: &AppState,
    action: &str,
    session: &Session,
) -> mercato_db::DbResult<String> {
    let secret = state.cart.secret(&state.db).await?;
    Ok(nonce::create(
        secret,
        action,
        session_subject(session),
        cart::now(),
    ))
}

/// Whether `sent` is a valid form nonce for `action` and the session.
pub async fn nonce_ok(
    state: &AppState,
    action: &str,
    session: &Session,
    sent: &str,
) -> mercato_db::DbResult<bool> {
    let secret = state.cart.secret(&state.db).await?;
    let check = nonce::verify(secret, action, session_subject(session), sent, cart::now());
    Ok(check != NonceCheck::Invalid)
}

/// The owners a guest form's post may have been made for: the request's session and its
/// visitor key, each when present.
pub fn guest_owners(
    session: Option<&Session>,
    jar: &axum_extra::extract::cookie::CookieJar,
) -> Vec<FormOwner> {
    session
        .cloned()
        .map(FormOwner::Session)
        .into_iter()
        .chain(crate::session::visitor_key(jar).map(FormOwner::Visitor))
        .collect()
}

/// `303 See Other` to `to`, never cached.
pub fn redirect_see_other(to: &str) -> Response {
    (
        StatusCode::SEE_OTHER,
        [
            (header::LOCATION, to.to_owned()),
            (header::CACHE_CONTROL, "no-cache, private".to_owned()),
        ],
    )
        .into_response()
}

/// The path and query of a same-site URL, so a redirect never leaves the shop.
pub fn local_path(url: &str) -> Option<String> {
    let uri: Uri = url.parse().ok()?;
    let path = uri.path_and_query()?.as_str();
    is_local_target(path).then(|| path.to_owned())
}

/// Whether `target` is safe as a `Location` inside the shop: a path from the root that no
/// browser reads as another host. `//host` is one; so is `/\host`, as browsers treat `\` as
/// `/`, so any backslash is refused (our own paths never hold one).
pub fn is_local_target(target: &str) -> bool {
    target.starts_with('/')
        && !target.starts_with("//")
        && !target.contains('\\')
        && !target.chars().any(char::is_control)
}

/// Whether the post came from one of our own pages: its `Origin` (or, without one, its
/// `Referer`) names this shop's host. Browsers send `Origin` with every form post, so a
/// form on another site cannot post a review in the shopper's name.
pub fn same_origin(state: &AppState, headers: &HeaderMap) -> bool {
    let ours = state.config.base_url(headers);
    let Some(our_host) = authority(&ours) else {
        return false;
    };
    let theirs = headers
        .get(header::ORIGIN)
        .or_else(|| headers.get(header::REFERER))
        .and_then(|v| v.to_str().ok())
        .and_then(authority);
    theirs.is_some_and(|h| h.eq_ignore_ascii_case(&our_host))
}

fn authority(url: &str) -> Option<String> {
    let uri: Uri = url.parse().ok()?;
    uri.scheme()?;
    uri.authority().map(|a| a.as_str().to_owned())
}

/// `Cache-Control: no-store` on every answer of a router: pages with a customer's orders,
/// addresses or forms are not kept by the browser either, so Back after logging out on a
/// shared computer shows nothing (WordPress's `nocache_headers`; security review 2, §3).
pub fn not_stored() -> tower_http::set_header::SetResponseHeaderLayer<axum::http::HeaderValue> {
    tower_http::set_header::SetResponseHeaderLayer::overriding(
        header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_stay_inside_the_shop() {
        assert_eq!(
            local_path("http://shop.test/shop/?a=1"),
            Some("/shop/?a=1".into())
        );
        assert_eq!(local_path("/cart/"), Some("/cart/".into()));
        assert_eq!(local_path("//evil.example/x"), None);
        assert_eq!(local_path("http://x/\\evil.example/"), None);
        assert_eq!(local_path("/a\\b"), None);
        assert!(is_local_target("/shop/?a=%5C"));
        assert_eq!(local_path("not a url at all"), None);
    }
}
