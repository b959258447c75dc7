//! `/my-account/` for a guest: the login form and the register form (WooCommerce's
//! `form-login.php`), and their posts; the same forms for the header's login popup.
//!
//! A post carrying a local `redirect` (the popup's forms) goes back there: logged in on
//! success, with the popup open and the refusal inside it otherwise
//! (`layout::login_forms`). Without one, a refusal shows `/my-account/` again.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::attribution::Attribution;
use mercato_db::sessions::{self, Session};
use serde::Deserialize;

use super::limit::{self, Action};
use super::{MY_ACCOUNT, failed, field};
use crate::accounts::login::{self, RegisterError, Registration};
use crate::cart::identity::cart_key_of;
use crate::checkout::rate_limit::Peer;
use crate::emails::account::{self, AccountEmail};
use crate::forms::{EXPIRED, guest_owners, owner_nonce_ok, redirect_see_other};
use crate::input::FormFields;
use crate::layout::login_forms::{
    FormsView, LOGIN_NONCE, PopupState, REGISTER_NONCE, Typed, keep_for_popup, popup_target,
};
use crate::layout::{PageContext, PageResult, Shopper, render_page};
use crate::state::AppState;

/// How long a "Remember me" login lasts (WordPress's two weeks).
pub const REMEMBER_SECS: i64 = 14 * 24 * 3600;

/// The page with both forms. Their nonces name the session, or for a guest without one a
/// visitor cookie: looking at the forms writes nothing.
pub async fn page(
    state: &AppState,
    shopper: &Shopper,
    jar: CookieJar,
    headers: &HeaderMap,
    typed: &Typed,
    status: StatusCode,
) -> PageResult {
    let (owner, jar) = crate::session::form_owner(state, jar, headers).await?;
    let forms = FormsView::new(state, &owner, typed.clone(), String::new()).await?;
    let context = PageContext::new(state, &jar, "My account", MY_ACCOUNT)
        .with_body_class("woocommerce-account woocommerce-page");
    let page = render_page(
        state,
        shopper,
        "account/login.html",
        status,
        &context,
        minijinja::context! { forms => forms },
    );
    Ok((jar, page).into_response())
}

/// The query of `GET /my-account/login-popup/`.
#[derive(Debug, Default, Deserialize)]
pub struct PopupQuery {
    /// The page the popup is opened on, where its posts send the shopper back.
    #[serde(default)]
    redirect: String,
}

/// `GET /my-account/login-popup/?redirect=`: the login popup's forms, for the header's
/// popup to show (web/src/login-popup/), with nonces as on [`page`]; a customer (logged in
/// meanwhile, in another tab) is sent to the account page.
pub async fn popup(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    query: Result<Query<PopupQuery>, QueryRejection>,
) -> Response {
    let redirect = query
        .ok()
        .and_then(|Query(q)| popup_target(&q.redirect))
        .unwrap_or_else(|| MY_ACCOUNT.to_owned());
    let (owner, jar) = match crate::session::form_owner(&state, jar, &headers).await {
        Ok(found) => found,
        Err(e) => return failed(&e),
    };
    if owner.session().is_some_and(|s| s.user_id.is_some()) {
        return redirect_see_other(MY_ACCOUNT);
    }
    let forms = match FormsView::new(&state, &owner, Typed::default(), redirect).await {
        Ok(forms) => forms,
        Err(e) => return failed(&e),
    };
    let html = state
        .templates
        .get_template("account/login_popup_content.html")
        .and_then(|t| t.render(minijinja::context! { forms => forms }));
    match html {
        Ok(html) => (
            jar,
            [(header::CACHE_CONTROL, "no-store")],
            axum::response::Html(html),
        )
            .into_response(),
        Err(e) => failed(&format!("{e:#}")),
    }
}

/// `POST /my-account/`: the login form or the register form, told apart by their nonce field.
pub async fn post(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    peer: Peer,
    FormFields(fields): FormFields,
) -> Response {
    let registering = fields.iter().any(|(k, _)| k == REGISTER_NONCE.1);
    let mut typed = Typed {
        username: field(&fields, "username")
            .trim()
            .chars()
            .take(254)
            .collect(),
        remember: !field(&fields, "rememberme").is_empty(),
        email: field(&fields, "email").trim().chars().take(254).collect(),
        first_name: field(&fields, "first_name")
            .trim()
            .chars()
            .take(200)
            .collect(),
        last_name: field(&fields, "last_name")
            .trim()
            .chars()
            .take(200)
            .collect(),
        ..Typed::default()
    };
    let (nonce, action, account) = if registering {
        (REGISTER_NONCE, Action::Register, typed.email.clone())
    } else {
        (LOGIN_NONCE, Action::Login, typed.username.clone())
    };
    // The popup's forms name the page they were on; a form without one (the account page)
    // or with a target outside the shop is answered here.
    let back_to = popup_target(field(&fields, "redirect"));
    let success_to = back_to.clone().unwrap_or_else(|| MY_ACCOUNT.to_owned());
    let refuse = |mut typed: Typed, message: String, status: StatusCode| {
        if registering {
            typed.register_error = Some(message);
        } else {
            typed.login_error = Some(message);
        }
        let (state, jar, headers) = (state.clone(), jar.clone(), headers.clone());
        let shopper = shopper.clone();
        let back = back_to.clone();
        async move {
            match back {
                // From the popup: back to the page it was opened on, the popup open there.
                Some(redirect) => {
                    let popup = PopupState {
                        typed,
                        redirect: redirect.clone(),
                    };
                    match keep_for_popup(&state, jar, &headers, &popup).await {
                        Ok(jar) => (jar, redirect_see_other(&redirect)).into_response(),
                        Err(e) => failed(&e),
                    }
                }
                None => page(&state, &shopper, jar, &headers, &typed, status)
                    .await
                    .into_response(),
            }
        }
    };
    let session = match crate::session::current(&state, &jar).await {
        Ok(session) => session,
        Err(e) => return failed(&e),
    };
    if let Some(session) = &session
        && session.user_id.is_some()
    {
        // Already logged in (a second tab): nothing to do.
        return redirect_see_other(&success_to);
    }
    let owners = guest_owners(session.as_ref(), &jar);
    match owner_nonce_ok(&state, nonce.0, &owners, field(&fields, nonce.1)).await {
        Ok(true) => {}
        Ok(false) => return refuse(typed, EXPIRED.to_owned(), StatusCode::FORBIDDEN).await,
        Err(e) => return failed(&e),
    }
    match limit::count(&state, action, &account, peer, &headers).await {
        Ok(None) => {}
        Ok(Some(wait)) => {
            return refuse(typed, limit::message(wait), StatusCode::TOO_MANY_REQUESTS).await;
        }
        Err(e) => return failed(&e),
    }
    let user = if registering {
        let registration = Registration {
            email: typed.email.clone(),
            password: field(&fields, "password").to_owned(),
            first_name: typed.first_name.clone(),
            last_name: typed.last_name.clone(),
        };
        let user = match login::register(&state, &registration).await {
            Ok(user) => user,
            Err(RegisterError::Refused(message)) => {
                return refuse(typed, message, StatusCode::UNPROCESSABLE_ENTITY).await;
            }
            Err(RegisterError::WeakPassword(message)) => {
                typed.password_error = Some(message.clone());
                return refuse(typed, message, StatusCode::UNPROCESSABLE_ENTITY).await;
            }
            Err(RegisterError::Busy) => {
                return refuse(
                    typed,
                    login::BUSY.to_owned(),
                    StatusCode::SERVICE_UNAVAILABLE,
                )
                .await;
            }
            Err(RegisterError::Failed(e)) => return failed(&e),
        };
        let attribution = Attribution::from_form(|name| crate::input::form_value(&fields, name));
        if let Some(attribution) = attribution {
            let stored = serde_json::to_value(&attribution).unwrap_or_default();
            if let Err(e) = mercato_db::users::set_attribution(&state.db, user.id, &stored).await {
                tracing::error!(user.id = user.id, error = %e, "registration attribution not kept");
            }
        }
        account::enqueue(&state.db, &AccountEmail::Welcome { user_id: user.id }).await;
        tracing::info!(user.id = user.id, "customer registered");
        typed.remember = false;
        user
    } else {
        match login::authenticate(&state, &typed.username, field(&fields, "password")).await {
            Ok(Ok(user)) => user,
            Ok(Err(refusal)) => {
                let status = if refusal == login::LoginRefusal::Busy {
                    StatusCode::SERVICE_UNAVAILABLE
                } else {
                    StatusCode::UNPROCESSABLE_ENTITY
                };
                return refuse(typed, refusal.message().to_owned(), status).await;
            }
            Err(e) => return failed(&e),
        }
    };
    logged_in(
        &state,
        &headers,
        session.as_ref(),
        user.id,
        typed.remember,
        &success_to,
    )
    .await
}

/// Logs `user_id` in on this browser (the guest cart joins theirs, the session gets a new id,
/// or is made when the guest had none) and goes on to `to`.
pub async fn logged_in(
    state: &AppState,
    headers: &HeaderMap,
    session: Option<&Session>,
    user_id: i64,
    remember: bool,
    to: &str,
) -> Response {
    let guest_cart = session.and_then(cart_key_of);
    let mut session =
        match crate::accounts::log_in(state, session, guest_cart.as_deref(), user_id).await {
            Ok(session) => session,
            Err(e) => return failed(&e),
        };
    let ttl = if remember {
        REMEMBER_SECS
    } else {
        state.config.session_ttl_secs
    };
    session.expires_at = mercato_db::now().saturating_add(ttl);
    if let Err(e) = sessions::save(&state.db, &session, ttl).await {
        return failed(&e);
    }
    let cookie = crate::session::cookie(session.id, ttl, state.config.cookie_security, headers);
    (CookieJar::new().add(cookie), redirect_see_other(to)).into_response()
}
