//! `/my-account/edit-account/`: names, display name, email address, and a password change.
//! A new password or a new email address needs the current password, whose checks are
//! limited like logins (security review 2, N2, N5); a changed address is told to the old
//! and the new address. A changed password ends every other session of the account; this
//! browser gets a new one. Either change ends the account's unused reset links (N4).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::limits;
use mercato_db::DbError;
use mercato_db::sessions::Session;
use mercato_db::users::{self, Details, User};
use serde::Serialize;

use super::limit::{self, Action};
use super::view::{CustomerPage, render};
use super::{MY_ACCOUNT, customer_session, field, to_login};
use crate::accounts::SignupError;
use crate::accounts::login::{BUSY, INVALID_EMAIL, is_email, password_matches};
use crate::checkout::rate_limit::Peer;
use crate::emails::account::{self as account_email, AccountEmail};
use crate::forms::{EXPIRED, nonce_for, nonce_ok};
use crate::input::FormFields;
use crate::layout::notices::Notice;
use crate::layout::notices::redirect_with;
use crate::layout::{PageError, PageResult, Shopper};
use crate::state::AppState;
use mercato_core::attribution::sanitize_text_field;

const PATH: &str = "/my-account/edit-account/";
const NONCE: (&str, &str) = ("save_account_details", "save-account-details-nonce");

#[derive(Debug, Default, Serialize)]
struct Typed {
    first_name: String,
    last_name: String,
    display_name: String,
    email: String,
}

impl Typed {
    fn of(user: &User) -> Self {
        Typed {
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            display_name: user.display_name.clone(),
            email: user.email.clone(),
        }
    }
}

async fn page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    session: &Session,
    typed: &Typed,
    errors: &[String],
    status: StatusCode,
) -> PageResult {
    let nonce = nonce_for(state, NONCE.0, session).await?;
    let view = CustomerPage {
        title: "Account details",
        path: PATH,
        section: PATH,
        template: "account/details.html",
    };
    render(
        state,
        shopper,
        jar,
        session,
        view,
        status,
        minijinja::context! { typed => typed, errors => errors, nonce => nonce },
    )
    .await
}

/// The form again with the busy notice (password hashing at capacity), 503: nothing was
/// changed, the shopper sends it again.
async fn busy(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    session: &Session,
    typed: &Typed,
) -> PageResult {
    let notice = [BUSY.to_owned()];
    page(
        state,
        shopper,
        jar,
        session,
        typed,
        &notice,
        StatusCode::SERVICE_UNAVAILABLE,
    )
    .await
}

async fn customer(state: &AppState, jar: &CookieJar) -> Result<Option<(Session, User)>, DbError> {
    let Some(session) = customer_session(state, jar).await? else {
        return Ok(None);
    };
    let user = users::load(&state.db, session.user_id.unwrap_or(0)).await?;
    Ok(user.map(|user| (session, user)))
}

/// `GET /my-account/edit-account/`.
pub async fn show(State(state): State<AppState>, shopper: Shopper, jar: CookieJar) -> PageResult {
    match customer(&state, &jar).await? {
        Some((session, user)) => {
            page(
                &state,
                &shopper,
                &jar,
                &session,
                &Typed::of(&user),
                &[],
                StatusCode::OK,
            )
            .await
        }
        None => Ok(to_login()),
    }
}

/// `POST /my-account/edit-account/`.
pub async fn post(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    peer: Peer,
    FormFields(fields): FormFields,
) -> PageResult {
    let Some((session, user)) = customer(&state, &jar).await? else {
        return Ok(to_login());
    };
    // Names are one line of text, as WooCommerce's `sanitize_text_field` leaves them.
    let typed = Typed {
        first_name: sanitize_text_field(field(&fields, "account_first_name")),
        last_name: sanitize_text_field(field(&fields, "account_last_name")),
        display_name: sanitize_text_field(field(&fields, "account_display_name")),
        email: field(&fields, "account_email").trim().to_owned(),
    };
    if !nonce_ok(&state, NONCE.0, &session, field(&fields, NONCE.1)).await? {
        return page(
            &state,
            &shopper,
            &jar,
            &session,
            &typed,
            &[EXPIRED.to_owned()],
            StatusCode::FORBIDDEN,
        )
        .await;
    }
    let mut errors = Vec::new();
    for (value, label, max) in [
        (
            &typed.first_name,
            "First name",
            limits::MAX_ADDRESS_FIELD_CHARS,
        ),
        (
            &typed.last_name,
            "Last name",
            limits::MAX_ADDRESS_FIELD_CHARS,
        ),
        (
            &typed.display_name,
            "Display name",
            limits::MAX_ADDRESS_FIELD_CHARS,
        ),
        (&typed.email, "Email address", limits::MAX_EMAIL_CHARS),
    ] {
        if value.is_empty() {
            errors.push(format!("{label} is a required field."));
        } else if limits::exceeds(value, max) {
            errors.push(limits::too_long_message(label, max));
        }
    }
    if !typed.email.is_empty() && !is_email(&typed.email) {
        errors.push(INVALID_EMAIL.to_owned());
    }
    let (current, new, again) = (
        field(&fields, "password_current"),
        field(&fields, "password_1"),
        field(&fields, "password_2"),
    );
    let changing = !(new.is_empty() && again.is_empty());
    let moving = !typed.email.is_empty()
        && mercato_db::users::fold_email(&typed.email)
            != mercato_db::users::fold_email(&user.email);
    let incomplete = current.is_empty() || new.is_empty() || again.is_empty();
    if (changing && incomplete) || (!changing && !moving && !current.is_empty()) {
        errors.push("Please fill out all password fields.".to_owned());
    } else if moving && current.is_empty() {
        errors.push("Please enter your current password to change your email address.".to_owned());
    } else if errors.is_empty() && (changing || moving) {
        // Every check of the current password counts, before any hashing.
        let account = format!("user:{}", user.id);
        if let Some(wait) =
            limit::count(&state, Action::CurrentPassword, &account, peer, &headers).await?
        {
            return page(
                &state,
                &shopper,
                &jar,
                &session,
                &typed,
                &[limit::message(wait)],
                StatusCode::TOO_MANY_REQUESTS,
            )
            .await;
        }
        match password_matches(&state, &user, current).await {
            Ok(true) => {}
            Ok(false) => errors.push("Your current password is incorrect.".to_owned()),
            Err(_busy) => {
                return busy(&state, &shopper, &jar, &session, &typed).await;
            }
        }
        if errors.is_empty() && changing {
            let personal = [
                typed.email.as_str(),
                typed.first_name.as_str(),
                typed.last_name.as_str(),
            ];
            if new != again {
                errors.push("New passwords do not match.".to_owned());
            } else {
                match state.password_work.check_new(new, &personal).await {
                    Ok(Ok(())) => {}
                    Ok(Err(problem)) => errors.push(problem.message()),
                    Err(_busy) => {
                        return busy(&state, &shopper, &jar, &session, &typed).await;
                    }
                }
            }
        }
    }
    if errors.is_empty() {
        let details = Details {
            first_name: &typed.first_name,
            last_name: &typed.last_name,
            display_name: &typed.display_name,
            email: &typed.email,
        };
        match users::update_details(&state.db, user.id, details).await {
            Ok(_) => {}
            Err(DbError::Duplicate(_)) => {
                errors.push("This email address is already registered.".to_owned())
            }
            Err(e) => return Err(e.into()),
        }
    }
    if !errors.is_empty() {
        return page(
            &state,
            &shopper,
            &jar,
            &session,
            &typed,
            &errors,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    }
    if moving {
        for to_old in [true, false] {
            let notice = AccountEmail::EmailChanged {
                user_id: user.id,
                old_email: user.email.clone(),
                new_email: mercato_db::users::fold_email(&typed.email),
                to_old,
                reset_path: crate::accounts::reset::LOST_PASSWORD_PATH.to_owned(),
            };
            account_email::enqueue(&state.db, &notice).await;
        }
        tracing::info!(user.id = user.id, "account email address changed");
    }
    let done = vec![Notice::success("Account details changed successfully.")];
    if !changing {
        return redirect_with(&state, jar, &headers, MY_ACCOUNT, done).await;
    }
    match crate::accounts::reset::change(&state, user.id, new).await {
        Ok(()) => {}
        Err(SignupError::Busy(_)) => {
            return busy(&state, &shopper, &jar, &session, &typed).await;
        }
        Err(e) => return Err(PageError::internal("account page", e)),
    }
    // Every session ended with the change, this one too: a new one for this browser.
    let fresh = crate::accounts::log_in(&state, None, None, user.id).await?;
    let cookie = crate::session::cookie(
        fresh.id,
        state.config.session_ttl_secs,
        state.config.cookie_security,
        &headers,
    );
    let jar = jar.add(cookie);
    redirect_with(&state, jar, &headers, MY_ACCOUNT, done).await
}
