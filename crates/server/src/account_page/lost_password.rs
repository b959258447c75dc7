//! `/my-account/lost-password/`: the request form (`Reset password`), always answered the
//! same; with a link's `key` and `login`, the form for a new password (twice).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::limits;

use super::limit::{self, Action};
use super::{MY_ACCOUNT, failed, field};
use crate::accounts::SignupError;
use crate::accounts::reset::{self, LOST_PASSWORD_PATH, ResetError};
use crate::checkout::rate_limit::Peer;
use crate::forms::{EXPIRED, guest_owners, owner_nonce, owner_nonce_ok};
use crate::input::FormFields;
use crate::layout::Shopper;
use crate::layout::notices::Notice;
use crate::layout::notices::redirect_with;
use crate::layout::{PageContext, render_page};
use crate::state::AppState;

/// Nonce action and field of the request form.
const LOST_NONCE: (&str, &str) = ("lost_password", "woocommerce-lost-password-nonce");
/// Nonce action and field of the new password form.
const RESET_NONCE: (&str, &str) = ("reset_password", "woocommerce-reset-password-nonce");

/// What the page shows.
#[derive(Default)]
struct Shown<'a> {
    /// A live link's key and login: the new password form.
    link: Option<(&'a str, &'a str)>,
    error: Option<String>,
    /// Why the new password was refused, shown by the field.
    password_error: Option<String>,
}

async fn page(
    state: &AppState,
    shopper: &Shopper,
    jar: CookieJar,
    headers: &HeaderMap,
    shown: Shown<'_>,
    status: StatusCode,
) -> Response {
    let (owner, jar) = match crate::session::form_owner(state, jar, headers).await {
        Ok(found) => found,
        Err(e) => return failed(&e),
    };
    let action = if shown.link.is_some() {
        RESET_NONCE.0
    } else {
        LOST_NONCE.0
    };
    let nonce = match owner_nonce(state, action, &owner).await {
        Ok(nonce) => nonce,
        Err(e) => return failed(&e),
    };
    let title = if shown.link.is_some() {
        "Reset password"
    } else {
        "Lost password"
    };
    let context = PageContext::new(state, &jar, title, LOST_PASSWORD_PATH)
        .with_body_class("woocommerce-account woocommerce-page woocommerce-lost-password");
    let page = render_page(
        state,
        shopper,
        "account/lost_password.html",
        status,
        &context,
        minijinja::context! {
            nonce => nonce,
            key => shown.link.map(|l| l.0),
            login => shown.link.map(|l| l.1),
            error => shown.error,
            password_error => shown.password_error,
        },
    );
    (jar, page).into_response()
}

/// `GET /my-account/lost-password/` (`?key=…&login=…` from the email).
pub async fn show(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let pairs = crate::input::query_pairs(&uri);
    let get = |name: &str| crate::input::form_value(&pairs, name).unwrap_or("");
    let (key, login) = (get("key"), get("login"));
    if key.is_empty() && login.is_empty() {
        return page(
            &state,
            &shopper,
            jar,
            &headers,
            Shown::default(),
            StatusCode::OK,
        )
        .await;
    }
    match reset::check_link(&state, login, key).await {
        Ok(Some(_)) => {
            page(
                &state,
                &shopper,
                jar,
                &headers,
                Shown {
                    link: Some((key, login)),
                    ..Shown::default()
                },
                StatusCode::OK,
            )
            .await
        }
        Ok(None) => {
            let shown = Shown {
                error: Some(reset::INVALID_KEY.to_owned()),
                ..Shown::default()
            };
            page(
                &state,
                &shopper,
                jar,
                &headers,
                shown,
                StatusCode::BAD_REQUEST,
            )
            .await
        }
        Err(e) => failed(&e),
    }
}

/// `POST /my-account/lost-password/`: a request (`user_login`) or a new password
/// (`password_1`, `password_2`, `reset_key`, `reset_login`).
pub async fn post(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    peer: Peer,
    FormFields(fields): FormFields,
) -> Response {
    let resetting = fields.iter().any(|(k, _)| k == RESET_NONCE.1);
    let (key, login) = (field(&fields, "reset_key"), field(&fields, "reset_login"));
    let link = resetting.then_some((key, login));
    let nonce = if resetting { RESET_NONCE } else { LOST_NONCE };
    let session = match crate::session::current(&state, &jar).await {
        Ok(session) => session,
        Err(e) => return failed(&e),
    };
    let owners = guest_owners(session.as_ref(), &jar);
    match owner_nonce_ok(&state, nonce.0, &owners, field(&fields, nonce.1)).await {
        Ok(true) => {}
        Ok(false) => {
            let shown = Shown {
                link,
                error: Some(EXPIRED.to_owned()),
                ..Shown::default()
            };
            return page(
                &state,
                &shopper,
                jar,
                &headers,
                shown,
                StatusCode::FORBIDDEN,
            )
            .await;
        }
        Err(e) => return failed(&e),
    }
    if resetting {
        return set_password(&state, &shopper, jar, &headers, peer, &fields, (key, login)).await;
    }
    let login = field(&fields, "user_login").trim();
    match limit::count(&state, Action::Reset, login, peer, &headers).await {
        Ok(None) => {}
        Ok(Some(wait)) => {
            let shown = Shown {
                error: Some(limit::message(wait)),
                ..Shown::default()
            };
            return page(
                &state,
                &shopper,
                jar,
                &headers,
                shown,
                StatusCode::TOO_MANY_REQUESTS,
            )
            .await;
        }
        Err(e) => return failed(&e),
    }
    if login.is_empty() {
        let shown = Shown {
            error: Some("Enter a username or email address.".to_owned()),
            ..Shown::default()
        };
        return page(
            &state,
            &shopper,
            jar,
            &headers,
            shown,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    }
    if !limits::exceeds(login, limits::MAX_EMAIL_CHARS)
        && let Err(e) = reset::request(&state, login).await
    {
        return failed(&e);
    }
    let sent = vec![Notice::success(reset::SENT)];
    redirect_with(&state, jar, &headers, LOST_PASSWORD_PATH, sent)
        .await
        .into_response()
}

/// The new password form's post. The link's key is checked first: a made-up key counts
/// against the client that sent it (never against the account it names, so strangers cannot
/// spend an owner's recovery: security review 2, N3), and a live key is never refused by a
/// count.
async fn set_password(
    state: &AppState,
    shopper: &Shopper,
    jar: CookieJar,
    headers: &HeaderMap,
    peer: Peer,
    fields: &[(String, String)],
    link: (&str, &str),
) -> Response {
    let (key, login) = link;
    let refuse = |link, error: String, password_error, status| {
        let shown = Shown {
            link,
            error: Some(error),
            password_error,
        };
        page(state, shopper, jar.clone(), headers, shown, status)
    };
    match reset::check_link(state, login, key).await {
        Ok(Some(_)) => {}
        Ok(None) => {
            return match limit::count(state, Action::ResetKey, "", peer, headers).await {
                Ok(None) => {
                    refuse(
                        None,
                        reset::INVALID_KEY.to_owned(),
                        None,
                        StatusCode::BAD_REQUEST,
                    )
                    .await
                }
                Ok(Some(wait)) => {
                    refuse(
                        None,
                        limit::message(wait),
                        None,
                        StatusCode::TOO_MANY_REQUESTS,
                    )
                    .await
                }
                Err(e) => failed(&e),
            };
        }
        Err(e) => return failed(&e),
    }
    let (first, second) = (field(fields, "password_1"), field(fields, "password_2"));
    let problem = if first.is_empty() {
        Some("Please enter your password.".to_owned())
    } else if first != second {
        Some("Passwords do not match.".to_owned())
    } else {
        None
    };
    if let Some(problem) = problem {
        return refuse(Some(link), problem, None, StatusCode::UNPROCESSABLE_ENTITY).await;
    }
    match reset::reset(state, login, key, first).await {
        Ok(_) => {
            let done = vec![Notice::success(reset::DONE)];
            redirect_with(state, jar, headers, MY_ACCOUNT, done)
                .await
                .into_response()
        }
        Err(ResetError::InvalidKey) => {
            refuse(
                None,
                reset::INVALID_KEY.to_owned(),
                None,
                StatusCode::BAD_REQUEST,
            )
            .await
        }
        Err(ResetError::WeakPassword(problem)) => {
            let message = problem.message();
            refuse(
                Some(link),
                message.clone(),
                Some(message),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await
        }
        Err(ResetError::Failed(SignupError::Busy(_))) => {
            refuse(
                Some(link),
                crate::accounts::login::BUSY.to_owned(),
                None,
                StatusCode::SERVICE_UNAVAILABLE,
            )
            .await
        }
        Err(ResetError::Failed(e)) => failed(&e),
    }
}
