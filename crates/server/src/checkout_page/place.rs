//! `POST /checkout/`: the form's own fields checked (lengths, terms, the account password,
//! the addresses read with the Store API's `check_address_params`), then the checkout
//! domain's `check_order` as every checkout's, then the total compared with the one the page
//! showed, the order made from the priced cart, placed (stock and coupons in one
//! transaction) and paid. A declined payment shows the form again and keeps the cart.
//!
//! A guest who ticks `createaccount` (and gives `account_password`) gets an account for the
//! billing email: the order names it and the browser is logged in as that customer (a new
//! session id in a new cookie), whatever the payment did.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum_extra::extract::cookie::CookieJar;
use mercato_core::attribution::{Attribution, clean_multiline_text};
use mercato_core::limits;
use mercato_core::orders::{AddressKind, CreatedVia, check_address_params, order_address_problems};
use mercato_core::payments::PaymentOutcome;
use mercato_db::orders::PlaceError;
use mercato_db::sessions::Session;

use super::account;
use super::form::{
    ACCOUNT_PASSWORD, AddressErrorMarking, FieldErrors, ORDER_NOTE, Posted, prefix, too_long,
};
use super::page::{Viewer, render};
use super::{NONCE_ACTION, current_cart_as_stored};
use crate::accounts;
use crate::cart::identity::cart_key_of;
use crate::cart::{self, CartDocument, CartRef, PricedCart, ops};
use crate::checkout::cards::CardRefusal;
use crate::checkout::rate_limit::{self, Peer};
use crate::checkout::{
    self, AddressProblems, CheckedOrder, CheckoutInput, CheckoutRefusal, OrderParty, OrderRequest,
    Ordering, PlacedOrder, Refusal,
};
use crate::emails::account::AccountEmail;
use crate::forms::{EXPIRED, nonce_ok, redirect_see_other};
use crate::input::FormFields;
use crate::layout::{CART_PATH, PageResult, Shopper, Unpriced};
use crate::state::AppState;

/// Form fields read at most.
const MAX_FIELDS: usize = 256;

/// `POST /checkout/`.
pub async fn post(
    State(state): State<AppState>,
    Unpriced(shopper): Unpriced,
    jar: CookieJar,
    headers: HeaderMap,
    peer: Peer,
    FormFields(pairs): FormFields<MAX_FIELDS>,
) -> PageResult {
    let mut posted = Posted::from_pairs(pairs);
    posted.drop_stale_states();
    submit(&state, &shopper, &jar, &headers, peer, posted).await
}

/// Checks the posted form (or the form an express payment stands for), places the order
/// and answers: the order-received page when paid, the card confirmation page when the
/// card needs it, else the form again with the reason.
pub(super) async fn submit(
    state: &AppState,
    shopper: &Shopper,
    jar: &CookieJar,
    headers: &HeaderMap,
    peer: Peer,
    mut posted: Posted,
) -> PageResult {
    // The gateways' form fields and the saved-card choice (`wc-test_card-payment-token`,
    // `wc-test_card-new-payment-method`), as the gateways describe them.
    let payment_data = state.gateways.payment_data(&posted.pairs());
    let state = state.clone();
    let (session, key, stored, priced) = match current_cart_as_stored(&state, jar).await? {
        Some(found) if !found.3.is_empty() => found,
        _ => return Ok(redirect_see_other(CART_PATH)),
    };
    // Card details are never shown again.
    for name in state.gateways.field_names() {
        posted.set(name, "");
    }
    let viewer = Viewer::of(&state, &session).await?;
    let again = |priced: &PricedCart, errors: &FieldErrors, alerts: &[String], status| {
        render(
            &state, shopper, jar, priced, &posted, errors, alerts, &viewer, status,
        )
    };
    // The checkout rate limit, as on every way of placing an order, before anything else.
    match rate_limit::count(&state, session.user_id.unwrap_or(0), peer, headers).await? {
        Some(verdict) if !verdict.admitted() => {
            let retry = verdict.retry_after.unwrap_or(verdict.reset);
            let alerts = [rate_limit::refusal_message(retry)];
            let mut response = again(
                &priced,
                &FieldErrors::default(),
                &alerts,
                StatusCode::TOO_MANY_REQUESTS,
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry));
            return Ok(response);
        }
        _ => {}
    }
    let sent = posted.get("_wpnonce").to_owned();
    if !nonce_ok(&state, NONCE_ACTION, &session, &sent).await? {
        let alerts = [EXPIRED.to_owned()];
        return Ok(again(
            &priced,
            &FieldErrors::default(),
            &alerts,
            StatusCode::FORBIDDEN,
        ));
    }
    let cart = CartRef {
        key: &key,
        user_id: session.user_id,
    };
    let base_url = state.config.base_url(headers);
    let placing = Placing {
        headers,
        session: &session,
        cart,
        stored: &stored,
        payment_data: &payment_data,
        base_url: &base_url,
    };
    let placed = match checked_and_placed(&state, &placing, &priced, &posted).await? {
        Checked::Placed(placed) => *placed,
        Checked::Refused(errors, alerts) => {
            let priced = cart::price(&state, Some(cart)).await.unwrap_or(priced);
            return Ok(again(
                &priced,
                &errors,
                &alerts,
                StatusCode::UNPROCESSABLE_ENTITY,
            ));
        }
        Checked::Changed(alerts) => {
            let priced = cart::price(&state, Some(cart)).await.unwrap_or(priced);
            return Ok(again(
                &priced,
                &FieldErrors::default(),
                &alerts,
                StatusCode::CONFLICT,
            ));
        }
    };
    let paid = placed.paid();
    let PlacedOrder {
        order,
        payment,
        new_customer,
    } = placed;
    tracing::info!(order.id = order.id, order.status = ?order.status, "checkout form paid");
    // The order names the new customer whatever the payment did, so they are logged in: what
    // is left of the guest cart (all of it after a declined payment) becomes theirs.
    let logged_in = match new_customer {
        Some(id) => {
            let session = accounts::log_in(&state, Some(&session), Some(&key), id).await?;
            let welcome = AccountEmail::Welcome { user_id: id };
            crate::emails::account::enqueue(&state.db, &welcome).await;
            Some(session)
        }
        None => None,
    };
    let response = if paid {
        let to = format!(
            "/checkout/order-received/{}/?key={}",
            order.id,
            order.order_key.as_str()
        );
        redirect_see_other(&to)
    } else if let PaymentOutcome::Pending { redirect } = &payment.outcome {
        // The card needs confirming first: on to the gateway's confirmation page.
        redirect_see_other(redirect)
    } else {
        let message = match payment.outcome {
            PaymentOutcome::Failure { message } | PaymentOutcome::Error { message } => message,
            PaymentOutcome::Pending { .. } | PaymentOutcome::Success => {
                "The payment could not be completed. Please try again.".to_owned()
            }
        };
        // The form again, for whoever the browser is now: a new customer sees their cart
        // and gets a nonce for their new session.
        let now_session = logged_in.as_ref().unwrap_or(&session);
        let viewer_key = cart_key_of(now_session).unwrap_or_else(|| key.clone());
        let cart = CartRef {
            key: &viewer_key,
            user_id: now_session.user_id,
        };
        let priced = cart::price(&state, Some(cart)).await.unwrap_or(priced);
        let viewer = Viewer::of(&state, now_session).await?;
        render(
            &state,
            shopper,
            jar,
            &priced,
            &posted,
            &FieldErrors::default(),
            &[message],
            &viewer,
            StatusCode::PAYMENT_REQUIRED,
        )
    };
    Ok(match logged_in {
        Some(customer) => account::with_session_cookie(&state, headers, response, customer),
        None => response,
    })
}

enum Checked {
    /// The order, its payment, and the account opened for it (`createaccount`).
    Placed(Box<PlacedOrder>),
    Refused(FieldErrors, Vec<String>),
    /// The total is not the one the form showed: nothing wrong, but the shopper confirms
    /// the new one first.
    Changed(Vec<String>),
}

/// What placing needs besides the form: the request, the browser's session and cart (as
/// stored before this request read it).
struct Placing<'a> {
    headers: &'a HeaderMap,
    session: &'a Session,
    cart: CartRef<'a>,
    stored: &'a CartDocument,
    payment_data: &'a [(String, String)],
    base_url: &'a str,
}

/// Words a refusal of the checkout domain on the form: under the inputs it is about, or
/// among the notices at the top.
fn say(
    refusal: CheckoutRefusal,
    ship_apart: bool,
    errors: &mut FieldErrors,
    alerts: &mut Vec<String>,
) -> Result<(), anyhow::Error> {
    match refusal {
        CheckoutRefusal::CartEmpty => alerts.push("Your cart is currently empty.".to_owned()),
        // Cart messages are HTML; the page escapes its notices once.
        CheckoutRefusal::Cart(notices) => {
            alerts.extend(notices.first().map(|n| cart::html_message_text(&n.message)));
        }
        CheckoutRefusal::ShrunkLine(message) => alerts.push(message),
        CheckoutRefusal::Addresses(found) => mark_addresses(&found, ship_apart, errors),
        CheckoutRefusal::CouponsRemoved(removed) => {
            alerts.extend(removed.first().map(|(_, why)| cart::html_message_text(why)));
        }
        CheckoutRefusal::NoShippingRate => errors.add(
            "shipping_method",
            "No shipping method has been selected. Please double check your address, or contact us if you need any help.",
        ),
        CheckoutRefusal::Method(refusal) => errors.add("payment_method", refusal.message()),
        CheckoutRefusal::Storage(cause) => return Err(cause),
    }
    Ok(())
}

/// Marks every address problem on the inputs it is about.
fn mark_addresses(found: &AddressProblems, ship_apart: bool, errors: &mut FieldErrors) {
    let marking = AddressErrorMarking {
        billing: &found.billing,
        shipping: &found.shipping,
        ship_apart,
        settings: &found.fields,
    };
    for problem in &found.problems {
        marking.mark(problem, errors);
    }
}

/// Checks the form; when it is good, saves the addresses and shipping choice on the cart,
/// places the order and takes the payment.
async fn checked_and_placed(
    state: &AppState,
    placing: &Placing<'_>,
    priced: &PricedCart,
    posted: &Posted,
) -> Result<Checked, anyhow::Error> {
    let (headers, session, cart) = (placing.headers, placing.session, placing.cart);
    let mut errors = FieldErrors::default();
    let mut alerts = Vec::new();
    let ship_apart = posted.checked("ship_to_different_address") && priced.totals.needs_shipping;
    too_long(AddressKind::Billing, posted, &mut errors);
    if ship_apart {
        too_long(AddressKind::Shipping, posted, &mut errors);
    }
    if limits::exceeds(posted.get(ORDER_NOTE), limits::MAX_ORDER_NOTE_CHARS) {
        errors.add(
            ORDER_NOTE,
            limits::too_long_message("Order notes", limits::MAX_ORDER_NOTE_CHARS),
        );
    }
    let billing_json = posted.address_json("billing");
    // Not shipping elsewhere: the order ships to the billing address, and the cart (whose
    // shipping address decides rates and taxes) is told so, as WooCommerce copies the billing
    // fields into the shipping ones.
    let shipping_json = if ship_apart {
        posted.address_json("shipping")
    } else {
        let mut same = billing_json.clone();
        if let Some(fields) = same.as_object_mut() {
            fields.remove("email");
        }
        same
    };
    let shipping_json = Some(shipping_json);
    let mut addresses_read = true;
    let (billing_patch, shipping_patch) =
        match check_address_params(Some(&billing_json), shipping_json.as_ref()) {
            Ok(patches) => patches,
            Err(invalid) => {
                addresses_read = false;
                for (param, field_errors) in invalid.entries() {
                    // Without a shipping address of its own, the shipping copy's errors are
                    // the billing inputs'.
                    let kind = if param.starts_with("billing") || !ship_apart {
                        AddressKind::Billing
                    } else {
                        AddressKind::Shipping
                    };
                    for e in field_errors {
                        errors.add(format!("{}_{}", prefix(kind), e.key()), e.message.clone());
                    }
                }
                (None, None)
            }
        };
    let signup_asked = account::asked(state, posted, session);
    if signup_asked {
        account::require_password(posted, &mut errors);
    }
    if !posted.checked("terms") {
        errors.add(
            "terms",
            "Please read and accept the terms and conditions to proceed with your order.",
        );
    }
    // Addresses that cannot be read come back first (the Store API refuses such a request
    // before anything else too), with whatever else the form lacks, in the same round: what
    // the typed addresses lack besides.
    if !addresses_read {
        let settings = checkout::check::address_settings(state).await?;
        let billing = posted.address("billing");
        let shipping = if ship_apart {
            posted.address("shipping")
        } else {
            billing.clone()
        };
        let needs = checkout::shipping_needs(priced);
        let problems = order_address_problems(
            &billing,
            &shipping,
            needs,
            &settings.allowed(),
            &settings.fields,
        );
        let found = AddressProblems {
            problems,
            billing,
            shipping,
            fields: settings.fields,
        };
        mark_addresses(&found, ship_apart, &mut errors);
        return Ok(Checked::Refused(errors, alerts));
    }
    // Shipping choices first: pickup changes which addresses are needed.
    for (name, rate) in posted.with_prefix("shipping_method[") {
        let package = name
            .strip_prefix("shipping_method[")
            .and_then(|r| r.strip_suffix(']'))
            .unwrap_or("");
        if let Err(e) = ops::select_shipping_rate(state, cart, Some(package), &rate).await {
            // Cart messages are HTML; the page escapes its notices once.
            alerts.push(cart::html_message_text(&e.message()));
        }
    }
    let method = posted.get("payment_method").to_owned();
    // The checkout domain's check, as every checkout's. A problem any reading of the cart
    // found stops the order, even when that reading fixed the cart (a coupon used up since
    // the page was shown is removed, and the order would otherwise go through at the full
    // price). The addresses it finds good are kept on the cart, whatever else the form lacks.
    let checked = checkout::check_order(
        state,
        CheckoutInput {
            ordering: Ordering::Cart {
                cart,
                stored: placing.stored,
                priced: Box::new(cart::price(state, Some(cart)).await?),
                earlier: priced.errors.clone(),
            },
            billing: billing_patch.as_ref(),
            shipping: shipping_patch.as_ref(),
            payment_method: &method,
        },
    )
    .await;
    let checked = match checked {
        Ok(checked) => checked,
        Err(refusal) => {
            say(refusal, ship_apart, &mut errors, &mut alerts)?;
            return Ok(Checked::Refused(errors, alerts));
        }
    };
    if !errors.is_empty() {
        return Ok(Checked::Refused(errors, alerts));
    }
    let CheckedOrder {
        billing,
        shipping,
        needs,
        priced,
    } = checked;
    let Some(priced) = priced else {
        return Err(anyhow::anyhow!("a checked cart without its pricing"));
    };
    // Without JavaScript the page's total does not follow a changed rate, country or coupon
    // (or stock): a total other than the one the form showed is not charged. The form comes
    // back showing the new one and asks again.
    if let Some(shown) = posted.shown_total()
        && shown != priced.total()
    {
        let now = state.settings.currency.format(priced.total());
        alerts.push(format!(
            "The total of your order has changed to {now} since the page was shown. Please check your order and place it again."
        ));
        return Ok(Checked::Changed(alerts));
    }
    let party = OrderParty::new(
        session.user_id.unwrap_or(0),
        (billing, shipping),
        needs,
        clean_multiline_text(posted.get(ORDER_NOTE)),
        method,
        checkout::user_agent(headers),
        &state.gateways,
    );
    // `createaccount`: checked before anything is written, the account made just before the
    // order is placed (and taken back if placing it is refused). The draft stays the guest's.
    let signup = if signup_asked {
        let password = posted.get(ACCOUNT_PASSWORD);
        match accounts::check(state, &party.billing, &party.shipping, password).await {
            Ok(signup) => Some(signup),
            Err(e) => {
                account::mark_refusal(e, &mut errors)?;
                return Ok(Checked::Refused(errors, alerts));
            }
        }
    } else {
        None
    };
    let placed = checkout::place_order(
        state,
        OrderRequest {
            cart,
            priced: &priced,
            party,
            attribution: Attribution::from_form(|name| {
                let value = posted.get(name);
                (!value.is_empty()).then_some(value)
            }),
            // The classic form sends none; what the cart keeps still reaches the order.
            extension_data: Default::default(),
            created_via: CreatedVia::Checkout,
            signup,
            payment_data: placing.payment_data,
            base_url: placing.base_url,
        },
    )
    .await;
    match placed {
        Ok(placed) => Ok(Checked::Placed(Box::new(placed))),
        Err(Refusal::Place(
            error @ (PlaceError::OutOfStock { .. } | PlaceError::CouponLimit { .. }),
        )) => {
            alerts.extend(checkout::place_error_message(&error));
            Ok(Checked::Refused(errors, alerts))
        }
        Err(Refusal::Signup(e)) => {
            account::mark_refusal(e, &mut errors)?;
            Ok(Checked::Refused(errors, alerts))
        }
        Err(Refusal::Card(CardRefusal::Unknown)) => {
            errors.add("payment_method", checkout::cards::UNKNOWN_CARD);
            Ok(Checked::Refused(errors, alerts))
        }
        Err(e) => Err(e.into()),
    }
}
