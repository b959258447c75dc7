//! The login and register forms, which two places show: `/my-account/` for a guest and the
//! header's login popup (SPEC §2.1). Both post the same fields and nonces to `/my-account/`;
//! the popup's forms also carry WooCommerce's `redirect` field, the page the shopper was on.
//!
//! A refused post from the popup is not shown on `/my-account/`: what was typed and the
//! refusal are kept in the session ([`keep_for_popup`]) and the shopper goes back to the page
//! they were on, whose layout renders the popup open with the error inside it (the shopper
//! layer makes its nonces; the popup is shown once, like a flash notice).

use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use mercato_core::attribution::AttributionField;
use mercato_db::DbResult;
use mercato_db::sessions;
use serde::{Deserialize, Serialize};

use crate::forms::{is_local_target, owner_nonce};
use crate::session::FormOwner;
use crate::state::AppState;

/// Nonce action and field of the login form.
pub const LOGIN_NONCE: (&str, &str) = ("woocommerce-login", "woocommerce-login-nonce");
/// Nonce action and field of the register form.
pub const REGISTER_NONCE: (&str, &str) = ("woocommerce-register", "woocommerce-register-nonce");

/// The session field holding a refused popup post until a page shows it.
pub const POPUP_FIELD: &str = "login_popup";

/// Query parameters of a page URL that act when the page is loaded again (an add to cart, a
/// cart line's removal, a nonce): a popup sends the shopper back without them.
const ACTING_PARAMETERS: [&str; 6] = [
    "add-to-cart",
    "quantity",
    "remove_item",
    "undo_item",
    "_wpnonce",
    "variation_id",
];

/// What the shopper typed, shown again with a refusal (passwords never are).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Typed {
    /// The login form's username or email address.
    pub username: String,
    /// "Remember me".
    pub remember: bool,
    /// The register form's email address.
    pub email: String,
    /// The register form's first name.
    pub first_name: String,
    /// The register form's last name.
    pub last_name: String,
    /// The refusal, on the form it is about.
    pub login_error: Option<String>,
    /// The refusal, on the form it is about.
    pub register_error: Option<String>,
    /// Why the register form's password was refused, shown by the field.
    #[serde(default)]
    pub password_error: Option<String>,
}

/// A refused post from the popup, kept for the page the shopper goes back to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PopupState {
    /// What was typed, with the refusal.
    pub typed: Typed,
    /// The page the popup was opened on (a local path).
    pub redirect: String,
}

/// Everything the forms' template needs.
#[derive(Debug, Clone, Serialize)]
pub struct FormsView {
    /// What was typed and the refusals.
    pub typed: Typed,
    /// The login form's nonce.
    pub login_nonce: String,
    /// The register form's nonce.
    pub register_nonce: String,
    /// The popup's `redirect` field ("" on the account page).
    pub redirect: String,
    /// The hidden order-attribution inputs of the register form (SPEC §3.7).
    pub attribution_fields: Vec<String>,
}

impl FormsView {
    /// The forms for `owner` (a session, or a visitor without one) with `typed` shown again.
    pub async fn new(
        state: &AppState,
        owner: &FormOwner,
        typed: Typed,
        redirect: String,
    ) -> DbResult<Self> {
        Ok(FormsView {
            typed,
            login_nonce: owner_nonce(state, LOGIN_NONCE.0, owner).await?,
            register_nonce: owner_nonce(state, REGISTER_NONCE.0, owner).await?,
            redirect,
            attribution_fields: AttributionField::ALL
                .map(AttributionField::form_name)
                .to_vec(),
        })
    }
}

/// The page a popup sends the shopper back to: `target` if it is a local path, without the
/// query parameters that would act again (an add to cart); `None` otherwise.
pub fn popup_target(target: &str) -> Option<String> {
    let target = target.trim();
    if !is_local_target(target) || target.len() > 2000 {
        return None;
    }
    let (path, query) = match target.split_once('?') {
        Some((path, query)) => (path, query),
        None => (target, ""),
    };
    // A fragment never reaches the server; one in the field is dropped.
    let path = path.split('#').next().unwrap_or(path);
    let query = query.split('#').next().unwrap_or(query);
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            let name = pair.split('=').next().unwrap_or("");
            !pair.is_empty() && !ACTING_PARAMETERS.contains(&name)
        })
        .collect();
    Some(if kept.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", kept.join("&"))
    })
}

/// Keeps a refused popup post in the request's session (made when there is none) for the
/// next page; returns the jar to send.
pub async fn keep_for_popup(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    popup: &PopupState,
) -> DbResult<CookieJar> {
    let (mut session, jar) = crate::session::start(state, jar, headers).await?;
    let value = serde_json::to_value(popup).unwrap_or_default();
    match session.data.as_object_mut() {
        Some(map) => {
            map.insert(POPUP_FIELD.to_owned(), value);
        }
        None => session.data = serde_json::json!({ POPUP_FIELD: value }),
    }
    sessions::save(&state.db, &session, state.config.session_ttl_secs).await?;
    Ok(jar)
}

/// The refused popup post a session holds, if any.
pub fn pending(data: &serde_json::Value) -> Option<PopupState> {
    data.get(POPUP_FIELD)
        .cloned()
        .and_then(|v| serde_json::from_value(v).ok())
}

/// Removes the popup from the session once a page showed it (re-read, so a newer one stays).
pub async fn forget(state: &AppState, session_id: &str, shown: &PopupState) -> DbResult<()> {
    let Some(mut session) = sessions::load(&state.db, session_id).await? else {
        return Ok(());
    };
    if pending(&session.data).as_ref() != Some(shown) {
        return Ok(());
    }
    if let Some(map) = session.data.as_object_mut() {
        map.remove(POPUP_FIELD);
    }
    sessions::save(&state.db, &session, state.config.session_ttl_secs).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn popup_targets_stay_local_and_do_not_act_again() {
        assert_eq!(popup_target("/shop/"), Some("/shop/".into()));
        assert_eq!(
            popup_target("/shop/?orderby=price&add-to-cart=12&quantity=2"),
            Some("/shop/?orderby=price".into())
        );
        assert_eq!(popup_target("/?add-to-cart=12"), Some("/".into()));
        assert_eq!(
            popup_target("/cart/?remove_item=abc&_wpnonce=1"),
            Some("/cart/".into())
        );
        assert_eq!(
            popup_target("/product/x/#reviews"),
            Some("/product/x/".into())
        );
        assert_eq!(popup_target("//evil.example/"), None);
        assert_eq!(popup_target("https://evil.example/"), None);
        assert_eq!(popup_target("/\\evil.example/"), None);
        assert_eq!(popup_target(""), None);
    }
}
