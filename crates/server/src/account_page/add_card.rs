//! `/my-account/add-payment-method/`: a customer keeps a card without buying anything, with
//! the gateways that support it (the test card gateway, docs/payments.md). The form is the
//! checkout's payment part (`checkout/payment_methods.html`, WooCommerce's field names) with
//! `woocommerce-add-payment-method-nonce`; the gateway checks the card as it would at
//! checkout, and the card is kept like one saved at checkout (the first one becomes the
//! default, the same card twice is kept once). A refused card shows the form again; card
//! details are never written back into it.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum_extra::extract::cookie::CookieJar;
use mercato_db::sessions::Session;

use super::view::{CustomerPage, render};
use super::{customer_session, field, to_login};
use crate::forms::{EXPIRED, nonce_for, nonce_ok};
use crate::input::FormFields;
use crate::layout::notices::Notice;
use crate::layout::notices::redirect_with;
use crate::layout::{PageResult, Shopper};
use crate::state::AppState;

/// The page.
pub const PATH: &str = "/my-account/add-payment-method/";

/// WooCommerce's nonce action and field.
const NONCE: (&str, &str) = (
    "woocommerce-add-payment-method",
    "woocommerce-add-payment-method-nonce",
);

/// Form fields read at most.
const MAX_FIELDS: usize = 16;

async fn page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    session: &Session,
    chosen: &str,
    error: Option<&str>,
    status: StatusCode,
) -> PageResult {
    let nonce = nonce_for(state, NONCE.0, session).await?;
    let gateways: Vec<minijinja::Value> = state
        .gateways
        .adding_cards()
        .enumerate()
        .map(|(i, g)| {
            minijinja::context! {
                id => g.id,
                title => g.title,
                description => g.description,
                checked => if chosen.is_empty() { i == 0 } else { chosen == g.id },
                fields => state.gateways.fields(&g.id),
                saved_cards => state.gateways.saves_cards(&g.id),
            }
        })
        .collect();
    let view = CustomerPage {
        title: "Add payment method",
        path: PATH,
        section: "/my-account/payment-methods/",
        template: "account/add_payment_method.html",
    };
    let payment = minijinja::context! {
        gateways => gateways,
        saved_cards => Vec::<minijinja::Value>::new(),
        new_card_chosen => true,
        offer_save => false,
        save_card => false,
        payment_error => error,
    };
    render(
        state,
        shopper,
        jar,
        session,
        view,
        status,
        minijinja::context! { checkout => payment, nonce => nonce },
    )
    .await
}

/// `GET /my-account/add-payment-method/`.
pub async fn show(State(state): State<AppState>, shopper: Shopper, jar: CookieJar) -> PageResult {
    match customer_session(&state, &jar).await? {
        Some(session) => page(&state, &shopper, &jar, &session, "", None, StatusCode::OK).await,
        None => Ok(to_login()),
    }
}

/// `POST /my-account/add-payment-method/`.
pub async fn post(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    FormFields(fields): FormFields<MAX_FIELDS>,
) -> PageResult {
    let Some(session) = customer_session(&state, &jar).await? else {
        return Ok(to_login());
    };
    let method = field(&fields, "payment_method").trim().to_owned();
    if !nonce_ok(&state, NONCE.0, &session, field(&fields, NONCE.1)).await? {
        return page(
            &state,
            &shopper,
            &jar,
            &session,
            &method,
            Some(EXPIRED),
            StatusCode::FORBIDDEN,
        )
        .await;
    }
    let card = match state
        .gateways
        .add_card(&method, &fields, crate::cart::now())
    {
        Ok(card) => card,
        Err(message) => {
            return page(
                &state,
                &shopper,
                &jar,
                &session,
                &method,
                Some(&message),
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
        }
    };
    let user_id = session.user_id.unwrap_or(0);
    crate::checkout::cards::save(&state.db, user_id, &method, &card).await?;
    tracing::info!(user.id = user_id, "card added from the account");
    let done = vec![Notice::success("Payment method successfully added.")];
    redirect_with(&state, jar, &headers, "/my-account/payment-methods/", done).await
}
