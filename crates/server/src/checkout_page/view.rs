//! What the checkout page shows: the address inputs, shipping rates, payment methods and the
//! order summary, from the priced cart and the form's values.

use mercato_core::attribution::AttributionField;
use mercato_core::money::Money;
use mercato_core::orders::LOCAL_PICKUP_METHODS;
use mercato_core::payments::TEST_CARD_GATEWAY_ID;
use serde::Serialize;

use super::form::{ACCOUNT_PASSWORD, CREATE_ACCOUNT, FieldErrors, FieldView, Posted, address_view};
use crate::cart::PricedCart;
use crate::state::AppState;

/// The checkout page's template values.
#[derive(Debug, Serialize)]
pub struct CheckoutView {
    pub billing: Vec<FieldView>,
    pub shipping: Vec<FieldView>,
    pub ship_to_different: bool,
    pub order_comments: String,
    pub create_account: bool,
    /// Whether the account fields are shown (a guest, in a shop that allows sign-up).
    pub account_offered: bool,
    pub account_password_error: Option<String>,
    pub needs_shipping: bool,
    pub packages: Vec<PackageView>,
    pub gateways: Vec<GatewayView>,
    pub terms: bool,
    pub terms_error: Option<String>,
    pub payment_error: Option<String>,
    pub shipping_error: Option<String>,
    pub attribution_fields: Vec<String>,
    pub items: Vec<(String, u32, String)>,
    pub subtotal: String,
    pub coupons: Vec<(String, String)>,
    pub shipping_total: Option<String>,
    pub tax_total: Option<String>,
    pub total: String,
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
    pub card: bool,
}

/// The view for `priced` with the form's `posted` values and `errors`, for the customer
/// `user_id` (`None` for a guest).
pub fn checkout_view(
    state: &AppState,
    priced: &PricedCart,
    posted: &Posted,
    errors: &FieldErrors,
    user_id: Option<i64>,
) -> CheckoutView {
    let currency = &state.settings.currency;
    let money = |m: Money| currency.format(m);
    let t = &priced.totals.totals;
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
                        price: money(r.cost),
                        selected: if posted_rate.is_empty() {
                            r.selected
                        } else {
                            posted_rate == r.rate_id
                        },
                        pickup: LOCAL_PICKUP_METHODS.contains(&r.method_id.as_str()),
                    })
                    .collect(),
            }
        })
        .collect();
    let chosen_method = posted.get("payment_method");
    let gateways = crate::checkout::gateways()
        .enabled()
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
            card: g.id == TEST_CARD_GATEWAY_ID,
        })
        .collect();
    let items = priced
        .lines()
        .map(|line| {
            let subtotal = priced
                .totals
                .line(&line.item.key)
                .map_or(Money::ZERO, |l| l.line_subtotal);
            (line.title(), line.item.quantity, money(subtotal))
        })
        .collect();
    CheckoutView {
        billing: address_view("billing", posted, errors),
        shipping: address_view("shipping", posted, errors),
        ship_to_different: posted.checked("ship_to_different_address"),
        order_comments: posted.get("order_comments").to_owned(),
        create_account: posted.checked(CREATE_ACCOUNT),
        account_offered: crate::accounts::wanted(&state.settings, true, user_id),
        account_password_error: errors.get(ACCOUNT_PASSWORD).map(str::to_owned),
        needs_shipping: priced.totals.needs_shipping,
        packages,
        gateways,
        terms: posted.checked("terms"),
        terms_error: errors.get("terms").map(str::to_owned),
        payment_error: errors.get("payment_method").map(str::to_owned),
        shipping_error: errors.get("shipping_method").map(str::to_owned),
        attribution_fields: AttributionField::ALL
            .into_iter()
            .map(AttributionField::form_name)
            .collect(),
        items,
        subtotal: money(t.total_items),
        coupons: priced
            .totals
            .coupons
            .iter()
            .map(|c| (c.code.clone(), format!("-{}", money(c.discount))))
            .collect(),
        shipping_total: t
            .total_shipping
            .filter(|_| priced.totals.needs_shipping)
            .map(money),
        tax_total: (t.total_tax > Money::ZERO).then(|| money(t.total_tax)),
        total: money(t.total_price),
    }
}
