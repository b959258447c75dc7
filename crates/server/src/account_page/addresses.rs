//! `/my-account/edit-address/`: the saved billing and shipping addresses, and
//! `/my-account/edit-address/{billing,shipping}/`, a form for each with the checkout's inputs
//! (WooCommerce's `billing_*` / `shipping_*` names, in the country's order with its labels,
//! required fields and state list) checked by the checkout's rules: the lengths of
//! `mercato_core::limits`, the Store API's address check (country, state, postcode, phone,
//! email) and the country's required fields. A refused form comes back with what was typed
//! and the error under each input it is about; a good one is saved on the account, where the
//! next checkout starts from.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::geo::AddressField;
use mercato_core::orders::{Address, AddressFieldSettings, AddressKind, check_address_param};
use mercato_db::sessions::Session;
use mercato_db::users::{self, User};

use super::view::{CustomerPage, render};
use super::{customer_session, to_login};
use crate::checkout_page::form::{FieldErrors, Posted, address_view, prefix, too_long};
use crate::forms::{EXPIRED, nonce_for, nonce_ok};
use crate::input::FormFields;
use crate::layout::not_found_page;
use crate::layout::notices::Notice;
use crate::layout::notices::redirect_with;
use crate::layout::{PageError, PageResult, Shopper};
use crate::state::AppState;

/// The addresses page.
pub const ADDRESSES: &str = "/my-account/edit-address/";

/// WooCommerce's nonce action and field for the address forms.
const NONCE: (&str, &str) = ("woocommerce-edit_address", "woocommerce-edit-address-nonce");

/// Form fields read at most.
const MAX_FIELDS: usize = 64;

async fn customer(
    state: &AppState,
    jar: &CookieJar,
) -> mercato_db::DbResult<Option<(Session, User)>> {
    let Some(session) = customer_session(state, jar).await? else {
        return Ok(None);
    };
    let user = users::load(&state.db, session.user_id.unwrap_or(0)).await?;
    Ok(user.map(|user| (session, user)))
}

/// `GET /my-account/edit-address/`: both addresses with their edit links.
pub async fn overview(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
) -> PageResult {
    let Some((session, user)) = customer(&state, &jar).await? else {
        return Ok(to_login());
    };
    let base = &state.settings.base_country;
    let page = CustomerPage {
        title: "Addresses",
        path: ADDRESSES,
        section: ADDRESSES,
        template: "account/addresses.html",
    };
    let extra = minijinja::context! {
        billing => user.billing.lines(base),
        shipping => user.shipping.lines(base),
    };
    render(
        &state,
        &shopper,
        &jar,
        &session,
        page,
        StatusCode::OK,
        extra,
    )
    .await
}

fn kind_of(name: &str) -> Option<AddressKind> {
    match name {
        "billing" => Some(AddressKind::Billing),
        "shipping" => Some(AddressKind::Shipping),
        _ => None,
    }
}

fn title(kind: AddressKind) -> &'static str {
    match kind {
        AddressKind::Billing => "Billing address",
        AddressKind::Shipping => "Shipping address",
    }
}

/// The form's starting values: the saved address, its country the shop's when it has none.
fn saved_values(state: &AppState, user: &User, kind: AddressKind) -> Posted {
    let mut saved = match kind {
        AddressKind::Billing => user.billing.clone(),
        AddressKind::Shipping => user.shipping.clone(),
    };
    if saved.country.is_empty() {
        saved.country.clone_from(&state.settings.base_country);
    }
    if kind == AddressKind::Billing && saved.email.is_empty() {
        saved.email.clone_from(&user.email);
    }
    match kind {
        AddressKind::Billing => Posted::from_addresses(&saved, &Address::default()),
        AddressKind::Shipping => Posted::from_addresses(&Address::default(), &saved),
    }
}

#[expect(clippy::too_many_arguments, reason = "one page, all of its parts")]
async fn form_page(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    session: &Session,
    kind: AddressKind,
    posted: &Posted,
    errors: &FieldErrors,
    alerts: &[String],
    status: StatusCode,
) -> PageResult {
    let nonce = nonce_for(state, NONCE.0, session).await?;
    let settings = crate::checkout::check::address_settings(state)
        .await
        .map_err(|e| PageError::internal("address settings", e))?;
    let path = format!("{ADDRESSES}{}/", prefix(kind));
    let page = CustomerPage {
        title: title(kind),
        path: &path,
        section: ADDRESSES,
        template: "account/edit_address.html",
    };
    let mut messages = alerts.to_vec();
    messages.extend(errors.messages());
    let extra = minijinja::context! {
        fields => address_view(prefix(kind), posted, errors, &settings.fields),
        errors => messages,
        action => path,
        nonce => nonce,
    };
    render(state, shopper, jar, session, page, status, extra).await
}

/// `GET /my-account/edit-address/{billing|shipping}/`.
pub async fn show(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    uri: Uri,
    Path(which): Path<String>,
) -> PageResult {
    let Some(kind) = kind_of(&which) else {
        return Ok(not_found_page(&state, &shopper, &jar, uri.path()));
    };
    let Some((session, user)) = customer(&state, &jar).await? else {
        return Ok(to_login());
    };
    let posted = saved_values(&state, &user, kind);
    form_page(
        &state,
        &shopper,
        &jar,
        &session,
        kind,
        &posted,
        &FieldErrors::default(),
        &[],
        StatusCode::OK,
    )
    .await
}

/// `POST /my-account/edit-address/{billing|shipping}/`.
pub async fn save(
    State(state): State<AppState>,
    shopper: Shopper,
    jar: CookieJar,
    headers: HeaderMap,
    uri: Uri,
    Path(which): Path<String>,
    FormFields(pairs): FormFields<MAX_FIELDS>,
) -> PageResult {
    let Some(kind) = kind_of(&which) else {
        return Ok(not_found_page(&state, &shopper, &jar, uri.path()));
    };
    let Some((session, user)) = customer(&state, &jar).await? else {
        return Ok(to_login());
    };
    let posted = Posted::from_pairs(pairs);
    if !nonce_ok(&state, NONCE.0, &session, posted.get(NONCE.1)).await? {
        let alerts = [EXPIRED.to_owned()];
        return form_page(
            &state,
            &shopper,
            &jar,
            &session,
            kind,
            &posted,
            &FieldErrors::default(),
            &alerts,
            StatusCode::FORBIDDEN,
        )
        .await;
    }
    let settings = crate::checkout::check::address_settings(&state)
        .await
        .map_err(|e| PageError::internal("address settings", e))?;
    let address = match checked(kind, &posted, &settings.fields) {
        Ok(address) => address,
        Err(errors) => {
            return form_page(
                &state,
                &shopper,
                &jar,
                &session,
                kind,
                &posted,
                &errors,
                &[],
                StatusCode::UNPROCESSABLE_ENTITY,
            )
            .await;
        }
    };
    match kind {
        AddressKind::Billing => users::save_addresses(&state.db, user.id, &address, None).await?,
        AddressKind::Shipping => {
            users::save_addresses(&state.db, user.id, &user.billing, Some(&address)).await?
        }
    };
    let done = vec![Notice::success("Address changed successfully.")];
    redirect_with(&state, jar, &headers, ADDRESSES, done).await
}

/// The posted address when the checkout's rules (with the shop's field `settings`) accept
/// it, else the errors by input.
fn checked(
    kind: AddressKind,
    posted: &Posted,
    settings: &AddressFieldSettings,
) -> Result<Address, FieldErrors> {
    let prefix = prefix(kind);
    let mut errors = FieldErrors::default();
    // Lengths first, in the page's words; then the Store API's address check.
    too_long(kind, posted, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut json = posted.address_json(prefix);
    if kind == AddressKind::Shipping
        && let Some(map) = json.as_object_mut()
    {
        // The shipping form has no phone or email (as WooCommerce's).
        map.remove("phone");
        map.remove("email");
    }
    // As typed, for the required fields of the country it names.
    let mut address = Address::default();
    for field in AddressField::ALL {
        *address.field_mut(field) = posted.get(&format!("{prefix}_{}", field.key())).to_owned();
    }
    match check_address_param(kind, &json) {
        Ok(patch) => patch.apply_to(&mut address),
        Err(field_errors) => {
            for e in field_errors {
                errors.add(format!("{prefix}_{}", e.key()), e.message.clone());
            }
        }
    }
    for missing in settings.missing(&address) {
        if kind == AddressKind::Shipping && missing.field == AddressField::Phone {
            continue;
        }
        let name = format!("{prefix}_{}", missing.field.key());
        errors.add(name, format!("{} is a required field.", missing.label));
    }
    if kind == AddressKind::Billing && posted.get("billing_email").trim().is_empty() {
        errors.add("billing_email", "Email address is a required field.");
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    settings.fit(&mut address);
    if kind == AddressKind::Shipping {
        address.phone.clear();
        address.email.clear();
    } else {
        address.email = address.email.trim().to_owned();
    }
    Ok(address)
}
