//! What the checkout page shows: the address inputs, shipping rates, payment methods and the
//! order summary, from the priced cart and the form's values.

use mercato_core::attribution::AttributionField;
use mercato_core::money::Money;
use mercato_core::orders::is_local_pickup_method;
use mercato_core::payments::{CardToken, TEST_CARD_GATEWAY_ID};
use serde::Serialize;

use super::form::{ACCOUNT_PASSWORD, CREATE_ACCOUNT, FieldErrors, FieldView, Posted, address_view};
use super::page::Viewer;
use crate::cart::{PricedCart, TotalsRowsView};
use crate::payments::PaymentField;
use crate::state::AppState;

/// A chosen add-on option under a line: group name, option as shown (`Yes (+$3.00)`).
pub type AddonLine = (String, String);

/// The checkout page's template values.
#[derive(Debug, Serialize)]
pub struct CheckoutView {
    pub billing: Vec<FieldView>,
    pub shipping: Vec<FieldView>,
    /// The countries the address inputs are drawn for (the form posts them back, so a country
    /// changed without JavaScript does not keep the old country's state).
    pub billing_country: String,
    pub shipping_country: String,
    /// The total shown, in minor units (the form posts it back; another total is not charged).
    pub shown_total: i64,
    pub ship_to_different: bool,
    pub order_comments: String,
    pub create_account: bool,
    /// Whether the account fields are shown (a guest, in a shop that allows sign-up).
    pub account_offered: bool,
    pub account_password_error: Option<String>,
    pub needs_shipping: bool,
    pub packages: Vec<PackageView>,
    /// Whether the order has something to pay: a free order (a 100% coupon, free products)
    /// shows no payment methods and no express button, and is placed without a method.
    pub needs_payment: bool,
    pub gateways: Vec<GatewayView>,
    /// The customer's saved cards, as radio buttons (`wc-test_card-payment-token`).
    pub saved_cards: Vec<SavedCardView>,
    /// Whether "new card" is the chosen option (no saved card, or the shopper chose it).
    pub new_card_chosen: bool,
    /// Whether the "save the card" box is offered (a customer, or a guest who can sign up).
    pub offer_save: bool,
    pub save_card: bool,
    /// The one-click payment with the default card and the saved address, when possible.
    pub express: Option<ExpressView>,
    pub terms: bool,
    pub terms_error: Option<String>,
    pub payment_error: Option<String>,
    pub shipping_error: Option<String>,
    pub attribution_fields: Vec<String>,
    /// Each line's name, quantity and subtotal (with its tax when prices are shown with tax),
    /// and its chosen add-on options (group name, option as shown).
    pub items: Vec<(String, u32, String, Vec<AddonLine>)>,
    /// The rows under the lines: the cart's, as on the cart page.
    pub totals: TotalsRowsView,
}

/// A package's rates as radio buttons.
#[derive(Debug, Serialize)]
pub struct PackageView {
    pub package_id: u32,
    pub name: String,
    pub rates: Vec<RateView>,
}

/// One shipping rate.
#[derive(Debug, Serialize)]
pub struct RateView {
    pub rate_id: String,
    pub label: String,
    pub price: String,
    pub selected: bool,
    pub pickup: bool,
}

/// One payment method.
#[derive(Debug, Serialize)]
pub struct GatewayView {
    pub id: String,
    pub title: String,
    pub description: String,
    pub checked: bool,
    /// Its form's inputs, as the gateway describes them.
    pub fields: &'static [PaymentField],
    /// It lists the saved cards and offers to keep a new one.
    pub saved_cards: bool,
}

/// A saved card.
#[derive(Debug, Serialize)]
pub struct SavedCardView {
    pub id: i64,
    /// "Visa ending in 4242 (expires 04/30)".
    pub label: String,
    pub checked: bool,
}

/// The customer's cards the test gateway can charge now (not expired), in their saved order.
pub fn usable_cards<'a>(
    cards: impl IntoIterator<Item = &'a CardToken>,
    now: i64,
) -> Vec<&'a CardToken> {
    cards
        .into_iter()
        .filter(|c| c.gateway == TEST_CARD_GATEWAY_ID && !c.expiry.is_over(now))
        .collect()
}

/// The radio buttons for `usable` cards: the one named by the posted token is checked, or the
/// first when none was posted.
pub fn saved_card_views(usable: &[&CardToken], posted_token: &str) -> Vec<SavedCardView> {
    usable
        .iter()
        .enumerate()
        .map(|(i, card)| SavedCardView {
            id: card.id,
            label: format!(
                "{} ending in {} (expires {})",
                card.brand.label(),
                card.last4,
                card.expiry.short()
            ),
            checked: if posted_token.is_empty() {
                i == 0
            } else {
                posted_token == card.id.to_string()
            },
        })
        .collect()
}

/// The express payment button.
#[derive(Debug, Serialize)]
pub struct ExpressView {
    /// "Visa ending in 4242".
    pub card: String,
    /// The saved address the order goes to (or is billed to, when nothing ships).
    pub address: String,
}

/// The `payment_data` key that chooses a saved card of the test card gateway.
pub const TOKEN_FIELD: &str = "wc-test_card-payment-token";
/// The box that keeps a new card.
pub const SAVE_CARD_FIELD: &str = "wc-test_card-new-payment-method";

/// The view for `priced` with the form's `posted` values and `errors`, for `viewer`.
pub fn checkout_view(
    state: &AppState,
    priced: &PricedCart,
    posted: &Posted,
    errors: &FieldErrors,
    viewer: &Viewer,
) -> CheckoutView {
    let user_id = viewer.user_id;
    let now = crate::cart::now();
    let posted_token = posted.get(TOKEN_FIELD);
    let usable = usable_cards(&viewer.cards, now);
    let saved_cards = saved_card_views(&usable, posted_token);
    let new_card_chosen = !saved_cards.iter().any(|c| c.checked);
    // The express button is the registry's word: a gateway offering one, with its card; a
    // free order has nothing to pay, so none.
    let needs_payment = priced.total() > Money::ZERO;
    let express_card = usable.first().copied().filter(|card| {
        state
            .gateways
            .express()
            .is_some_and(|g| g.id == card.gateway)
    });
    let express = express_view(priced, viewer, express_card, &state.settings.base_country)
        .filter(|_| needs_payment);
    let currency = &state.settings.currency;
    let money = |m: Money| currency.format(m);
    // Amounts with their tax when the shop shows prices so (the rows are the cart's).
    let incl = priced.settings.tax.display_cart_including_tax;
    let shown = |amount: Money, tax: Money| if incl { amount + tax } else { amount };
    let packages = priced
        .totals
        .packages
        .iter()
        .map(|p| {
            let field = format!("shipping_method[{}]", p.package_id);
            let posted_rate = posted.get(&field);
            PackageView {
                package_id: p.package_id,
                name: p.name.clone(),
                rates: p
                    .rates
                    .iter()
                    .map(|r| RateView {
                        rate_id: r.rate_id.clone(),
                        label: r.name.clone(),
                        price: money(shown(r.cost, r.taxes)),
                        selected: if posted_rate.is_empty() {
                            r.selected
                        } else {
                            posted_rate == r.rate_id
                        },
                        pickup: is_local_pickup_method(&r.method_id),
                    })
                    .collect(),
            }
        })
        .collect();
    let chosen_method = posted.get("payment_method");
    // The gateways offered for this cart as it stands (amounts, country, shipping).
    let chosen_rates = priced.chosen_rates().unwrap_or_default();
    let chosen_rates: Vec<&str> = chosen_rates.iter().map(String::as_str).collect();
    let cart_billing = priced.billing();
    let country = match posted.get("billing_country") {
        "" => cart_billing.country.as_str(),
        posted_country => posted_country,
    };
    let offered = state
        .gateways
        .available_for(&mercato_core::payments::PaymentContext {
            total: priced.total(),
            needs_shipping: priced.totals.needs_shipping,
            chosen_rates: &chosen_rates,
            country,
        });
    let gateways = state
        .gateways
        .enabled()
        .filter(|g| offered.contains(&g.id.as_str()))
        .enumerate()
        .map(|(i, g)| GatewayView {
            id: g.id.clone(),
            title: g.title.clone(),
            description: g.description.clone(),
            checked: if chosen_method.is_empty() {
                i == 0
            } else {
                chosen_method == g.id
            },
            fields: state.gateways.fields(&g.id),
            saved_cards: state.gateways.saves_cards(&g.id),
        })
        .collect();
    let items = priced
        .lines()
        .map(|line| {
            let subtotal = priced
                .totals
                .line(&line.item.key)
                .map_or(Money::ZERO, |l| shown(l.line_subtotal, l.line_subtotal_tax));
            let addons = line
                .addons()
                .unwrap_or_default()
                .iter()
                .map(|a| {
                    let shown = a.option.display(&state.settings.currency);
                    (a.group.name.clone(), shown)
                })
                .collect();
            (line.title(), line.item.quantity, money(subtotal), addons)
        })
        .collect();
    CheckoutView {
        billing: address_view("billing", posted, errors, &viewer.fields),
        shipping: address_view("shipping", posted, errors, &viewer.fields),
        billing_country: posted.get("billing_country").to_owned(),
        shipping_country: posted.get("shipping_country").to_owned(),
        shown_total: priced.total().minor(),
        ship_to_different: posted.checked("ship_to_different_address"),
        order_comments: posted.get(super::form::ORDER_NOTE).to_owned(),
        create_account: posted.checked(CREATE_ACCOUNT),
        account_offered: crate::accounts::wanted(&state.settings, true, user_id),
        account_password_error: errors.get(ACCOUNT_PASSWORD).map(str::to_owned),
        needs_shipping: priced.totals.needs_shipping,
        packages,
        needs_payment,
        gateways,
        saved_cards,
        new_card_chosen,
        offer_save: user_id.is_some() || crate::accounts::wanted(&state.settings, true, user_id),
        save_card: posted.checked(SAVE_CARD_FIELD),
        express,
        terms: posted.checked("terms"),
        terms_error: errors.get("terms").map(str::to_owned),
        payment_error: errors.get("payment_method").map(str::to_owned),
        shipping_error: errors.get("shipping_method").map(str::to_owned),
        attribution_fields: AttributionField::ALL
            .into_iter()
            .map(AttributionField::form_name)
            .collect(),
        items,
        totals: TotalsRowsView::of(priced, currency),
    }
}

/// The express button: a customer with a usable saved card and a saved address complete
/// enough to order with (an email and a street).
fn express_view(
    priced: &PricedCart,
    viewer: &Viewer,
    card: Option<&CardToken>,
    base_country: &str,
) -> Option<ExpressView> {
    let card = card?;
    let account = viewer.account.as_ref()?;
    let billing = &account.billing;
    if billing.email.trim().is_empty() || billing.address_1.trim().is_empty() {
        return None;
    }
    let to = if priced.totals.needs_shipping && !account.shipping.address_1.trim().is_empty() {
        &account.shipping
    } else {
        billing
    };
    Some(ExpressView {
        card: format!("{} ending in {}", card.brand.label(), card.last4),
        address: to.lines(base_country).join(", "),
    })
}
