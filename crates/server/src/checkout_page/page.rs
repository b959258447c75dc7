//! `GET /checkout/`: the form, filled from the cart's addresses; an empty cart goes to
//! `/cart/`. [`render`] also shows a refused form again.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::orders::AddressFieldSettings;
use mercato_core::payments::CardToken;
use mercato_core::settings::CheckoutAddresses;
use mercato_db::payment_tokens;
use mercato_db::sessions::Session;
use mercato_db::users::{self, User};

use super::form::{FieldErrors, Posted};
use super::view::checkout_view;
use super::{CHECKOUT_PATH, NONCE_ACTION, current_cart};
use crate::cart::{PricedCart, effective_address};
use crate::checkout::drafts::{self, DraftFor};
use crate::checkout::rate_limit::{self, Peer};
use crate::forms::{nonce_for, redirect_see_other};
use crate::layout::shopper::HeaderCart;
use crate::layout::{CART_PATH, PageContext, PageResult, Shopper, render_page};
use crate::state::AppState;

/// `GET /checkout/`: the form; opening it makes (or refreshes) the cart's checkout draft,
/// which holds its stock while the shopper fills it in, exactly as the Store API's
/// `GET /checkout` does.
pub async fn show(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    peer: Peer,
) -> PageResult {
    let (session, key, priced) = match current_cart(&state, &jar).await? {
        Some((session, key, priced)) if !priced.is_empty() => (session, key, priced),
        _ => return Ok(redirect_see_other(CART_PATH)),
    };
    let user_id = session.user_id;
    let holder = rate_limit::client_of(&state, user_id.unwrap_or(0), peer, &headers).await?;
    let user_agent = crate::checkout::user_agent(&headers);
    let whose = DraftFor {
        cart_key: &key,
        user_id,
        user_agent,
        holder: &holder,
    };
    drafts::refresh(&state, whose, &priced).await?;
    let mut viewer = Viewer::of(&state, &session).await?;
    viewer.island = Some(super::island::embed(&state, &headers, &priced, &viewer).await?);
    let posted = match &viewer.account {
        // A customer starts from their saved addresses, with what the cart was told since
        // (the shipping calculator, an earlier attempt) over them, as WooCommerce's customer
        // object is loaded from the account and then changed.
        Some(account) => {
            let base = &priced.settings.base;
            Posted::from_addresses(
                &effective_address(&priced.document.billing.over(&account.billing), base),
                &effective_address(&priced.document.shipping.over(&account.shipping), base),
            )
        }
        None => Posted::from_addresses(&priced.billing(), &priced.shipping()),
    };
    Ok(render(
        &state,
        &shopper,
        &jar,
        &priced,
        &posted,
        &FieldErrors::default(),
        &[],
        &viewer,
        StatusCode::OK,
    ))
}

/// Who the page is for: the form nonce of their session, and for a customer their saved
/// cards and saved addresses (for express payment).
#[derive(Debug, Default)]
pub struct Viewer {
    /// The form nonce.
    pub nonce: String,
    /// The customer, `None` for a guest.
    pub user_id: Option<i64>,
    /// Their saved cards, the default first.
    pub cards: Vec<CardToken>,
    /// Their account (saved addresses).
    pub account: Option<User>,
    /// The block checkout's data (`super::island`), on the page as it is first shown; a
    /// refused classic form is shown again without it.
    pub island: Option<String>,
    /// The shop's address field settings (which optional fields it asks for).
    pub fields: AddressFieldSettings,
}

impl Viewer {
    /// The viewer of `session`.
    pub async fn of(state: &AppState, session: &Session) -> mercato_db::DbResult<Self> {
        let nonce = nonce_for(state, NONCE_ACTION, session).await?;
        let fields = mercato_db::options::get_recent::<CheckoutAddresses>(
            &state.db,
            CheckoutAddresses::OPTION,
        )
        .await?
        .unwrap_or_default()
        .fields;
        let Some(user_id) = session.user_id else {
            return Ok(Viewer {
                nonce,
                fields,
                ..Viewer::default()
            });
        };
        let cards = payment_tokens::list(&state.db, user_id)
            .await?
            .into_iter()
            .map(|t| t.card)
            .collect();
        Ok(Viewer {
            nonce,
            user_id: Some(user_id),
            cards,
            account: users::load(&state.db, user_id).await?,
            island: None,
            fields,
        })
    }
}

/// The checkout page for `priced` with these values, errors and notices (`alerts`), for
/// `viewer`; the header shows `priced`.
#[expect(clippy::too_many_arguments, reason = "one page, all of its parts")]
pub fn render(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    priced: &PricedCart,
    posted: &Posted,
    errors: &FieldErrors,
    alerts: &[String],
    viewer: &Viewer,
    status: StatusCode,
) -> Response {
    let shopper = shopper.clone().with_cart(HeaderCart::of(state, priced));
    let view = checkout_view(state, priced, posted, errors, viewer);
    let mut alerts = alerts.to_vec();
    alerts.extend(errors.messages());
    let saved = crate::checkout::cards::payment_methods_setting(&viewer.cards, &state.gateways);
    let islands: &[&'static str] = if viewer.island.is_some() {
        &["checkout"]
    } else {
        &[]
    };
    let context = PageContext::new(state, jar, "Checkout", CHECKOUT_PATH)
        .with_body_class("woocommerce-checkout woocommerce-page")
        .with_load_islands(islands)
        .with_extensions()
        .for_customer(
            viewer.user_id,
            serde_json::to_string(&saved).unwrap_or_else(|_| "[]".to_owned()),
        );
    render_page(
        state,
        &shopper,
        "checkout/checkout.html",
        status,
        &context,
        minijinja::context! {
            checkout => view,
            alerts => alerts,
            nonce => viewer.nonce,
            island => viewer.island,
        },
    )
    .into_response()
}
