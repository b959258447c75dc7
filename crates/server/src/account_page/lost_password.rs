//! `/my-account/lost-password/`: the request form (`Reset password`), always answered the
//! same; with a link's `key` and `login`, the form for a new password (twice).

use axum::extract::State;
use axum::extract::rejection::FormRejection;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::limits;

use super::limit::{self, Action};
use super::{MY_ACCOUNT, failed, field, redirect_with};
use crate::accounts::reset::{self, LOST_PASSWORD_PATH, ResetError};
use crate::checkout::rate_limit::Peer;
use crate::forms::{EXPIRED, nonce_for, nonce_ok};
use crate::input::FormFields;
use crate::layout::notices::Notice;
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
}

async fn page(
    state: &AppState,
    jar: CookieJar,
    headers: &HeaderMap,
    shown: Shown<'_>,
    status: StatusCode,
) -> Response {
    let (session, jar) = match crate::session::start(state, jar, headers).await {
        Ok(started) => started,
        Err(e) => return failed(&e),
    };
    let action = if shown.link.is_some() {
        RESET_NONCE.0
    } else {
        LOST_NONCE.0
    };
    let nonce = match nonce_for(state, action, &session).await {
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
        "account/lost_password.html",
        status,
        &context,
        minijinja::context! {
            nonce => nonce,
            key => shown.link.map(|l| l.0),
            login => shown.link.map(|l| l.1),
            error => shown.error,
        },
    );
    (jar, page).into_response()
}

/// `GET /my-account/lost-password/` (`?key=…&login=…` from the email).
pub async fn show(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
) -> Response {
    let pairs = crate::input::query_pairs(&uri);
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map_or("", |(_, v)| v.as_str())
    };
    let (key, login) = (get("key"), get("login"));
    if key.is_empty() && login.is_empty() {
        return page(&state, jar, &headers, Shown::default(), StatusCode::OK).await;
    }
    match reset::check_link(&state, login, key).await {
        Ok(Some(_)) => {
            page(
                &state,
                jar,
                &headers,
                Shown {
                    link: Some((key, login)),
                    error: None,
                },
                StatusCode::OK,
            )
            .await
        }
        Ok(None) => {
            let shown = Shown {
                link: None,
                error: Some(reset::INVALID_KEY.to_owned()),
            };
            page(&state, jar, &headers, shown, StatusCode::BAD_REQUEST).await
        }
        Err(e) => failed(&e),
    }
}

/// `POST /my-account/lost-password/`: a request (`user_login`) or a new password
/// (`password_1`, `password_2`, `reset_key`, `reset_login`).
pub async fn post(
    State(state): State<AppState>,
    jar: CookieJar,
    headers: HeaderMap,
    peer: Peer,
    form: Result<FormFields, FormRejection>,
) -> Response {
    let fields = form.map(|FormFields(f)| f).unwrap_or_default();
    let resetting = fields.iter().any(|(k, _)| k == RESET_NONCE.1);
    let (key, login) = (field(&fields, "reset_key"), field(&fields, "reset_login"));
    let link = resetting.then_some((key, login));
    let nonce = if resetting { RESET_NONCE } else { LOST_NONCE };
    let session = match crate::session::current(&state, &jar).await {
        Ok(session) => session,
        Err(e) => return failed(&e),
    };
    let valid = match &session {
        Some(session) => nonce_ok(&state, nonce.0, session, field(&fields, nonce.1)).await,
        None => Ok(false),
    };
    match valid {
        Ok(true) => {}
        Ok(false) => {
            let shown = Shown {
                link,
                error: Some(EXPIRED.to_owned()),
            };
            return page(&state, jar, &headers, shown, StatusCode::FORBIDDEN).await;
        }
        Err(e) => return failed(&e),
    }
    let account = if resetting {
        login
    } else {
        field(&fields, "user_login").trim()
    };
    match limit::count(&state, Action::Reset, account, peer, &headers).await {
        Ok(None) => {}
        Ok(Some(wait)) => {
            let shown = Shown {
                link,
                error: Some(limit::message(wait)),
            };
            return page(&state, jar, &headers, shown, StatusCode::TOO_MANY_REQUESTS).await;
        }
        Err(e) => return failed(&e),
    }
    if !resetting {
        let login = field(&fields, "user_login").trim();
        if login.is_empty() {
            let shown = Shown {
                link: None,
                error: Some("Enter a username or email address.".to_owned()),
            };
            return page(
                &state,
                jar,
                &headers,
                shown,
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
        }
        if !limits::exceeds(login, limits::MAX_EMAIL_CHARS)
            && let Err(e) = reset::request(&state, login, &state.config.base_url(&headers)).await
        {
            return failed(&e);
        }
        let sent = vec![Notice::success(reset::SENT)];
        return redirect_with(&state, jar, &headers, LOST_PASSWORD_PATH, sent).await;
    }
    let (first, second) = (field(&fields, "password_1"), field(&fields, "password_2"));
    let problem = if first.is_empty() {
        Some("Please enter your password.".to_owned())
    } else if first != second {
        Some("Passwords do not match.".to_owned())
    } else if limits::exceeds(first, limits::MAX_PASSWORD_CHARS) {
        Some(limits::too_long_message(
            "Password",
            limits::MAX_PASSWORD_CHARS,
        ))
    } else {
        None
    };
    if let Some(problem) = problem {
        let shown = Shown {
            link,
            error: Some(problem),
        };
        return page(
            &state,
            jar,
            &headers,
            shown,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    }
    match reset::reset(&state, login, key, first).await {
        Ok(_) => {
            let done = vec![Notice::success(reset::DONE)];
            redirect_with(&state, jar, &headers, MY_ACCOUNT, done).await
        }
        Err(ResetError::InvalidKey) => {
            let shown = Shown {
                link: None,
                error: Some(reset::INVALID_KEY.to_owned()),
            };
            page(&state, jar, &headers, shown, StatusCode::BAD_REQUEST).await
        }
        Err(ResetError::Failed(e)) => failed(&e),
    }
}
