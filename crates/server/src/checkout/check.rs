//! Can this be ordered: the one check behind every checkout (the Store API's
//! `POST /checkout` and `POST /checkout/{id}`, the classic form and its express button, the
//! classic pay-for-order page). Surfaces read their request, call [`check_order`], and say a
//! [`CheckoutRefusal`] in their own format (a Store API error, notices on the form).
//!
//! For a cart, in order (the first refusal wins, as WooCommerce's Store API checks):
//! 1. something in the cart;
//! 2. no problem any reading of the cart found in this request (stock, a line changed, a
//!    coupon removed);
//! 3. no line whose quantity stock has shrunk below since the cart was stored (reading the
//!    cart lowers it quietly, so the stored cart is compared);
//! 4. the addresses: the cart's with the posted ones over them, fitted to their country, in
//!    a country the shop sells (and ships) to, with every field the country requires. Every
//!    address problem is returned, in order;
//! 5. the cart keeps the addresses, and is priced for them: no coupon may stop applying;
//! 6. a shipping rate for every package;
//! 7. a payment method that takes this order.
//!
//! For an order paid again, step 4 on the order's addresses (the method and the stock are
//! checked by [`super::pay_again`] on the locked order).
//!
//! Where the shop sells and ships and which optional fields it asks for come from the
//! `checkout_addresses` setting ([`CheckoutAddresses`]).

use mercato_core::orders::{
    Address, AddressFieldSettings, AddressPatch, CheckoutAddressError, Order, ShippingNeeds,
    order_address_problems,
};
use mercato_core::payments::PaymentContext;
use mercato_core::settings::CheckoutAddresses;

use super::{MethodRefusal, check_method, order_addresses, shipping_needs};
use crate::cart::{self, CartDocument, CartNotice, CartRef, PricedCart, ops};
use crate::services::Services;

/// What is being ordered.
pub enum Ordering<'a> {
    /// A cart becoming an order.
    Cart {
        /// The cart.
        cart: CartRef<'a>,
        /// The cart as stored before this request read it.
        stored: &'a CartDocument,
        /// The cart as last priced in this request (boxed: the other kind is one reference).
        priced: Box<PricedCart>,
        /// Problems earlier readings in this request found (a reading fixes the cart, so
        /// the next one no longer sees them).
        earlier: Vec<CartNotice>,
    },
    /// An order placed earlier, paid for again.
    Order(&'a Order),
}

/// What a checkout asks to order.
pub struct CheckoutInput<'a> {
    /// The cart or the order.
    pub ordering: Ordering<'a>,
    /// The posted billing address (over the cart's or the order's).
    pub billing: Option<&'a AddressPatch>,
    /// The posted shipping address; without one the order ships to the billing address.
    pub shipping: Option<&'a AddressPatch>,
    /// The chosen gateway's id.
    pub payment_method: &'a str,
}

/// An order that passed every check.
#[derive(Debug)]
pub struct CheckedOrder {
    /// The addresses, fitted to their countries.
    pub billing: Address,
    /// The shipping address (the billing one when nothing else was given).
    pub shipping: Address,
    /// What the order needs of its addresses.
    pub needs: ShippingNeeds,
    /// The cart priced for the addresses and the shipping choice (`None` for an order).
    pub priced: Option<PricedCart>,
}

/// Why an order cannot be placed (or paid for). Each surface words it in its own format.
#[derive(Debug, thiserror::Error)]
pub enum CheckoutRefusal {
    /// The cart is empty.
    #[error("the cart is empty")]
    CartEmpty,
    /// Reading the cart found problems (WooCommerce codes, HTML messages); the first stops
    /// the order.
    #[error("the cart has problems")]
    Cart(Vec<CartNotice>),
    /// A line's quantity is more than the stock left: WooCommerce's words.
    #[error("{0}")]
    ShrunkLine(String),
    /// Every problem of the addresses, in WooCommerce's order (the Store API says the first).
    #[error("the addresses have problems")]
    Addresses(Box<AddressProblems>),
    /// Priced for the order's addresses, coupons stopped applying: code and reason each.
    #[error("coupons no longer apply")]
    CouponsRemoved(Vec<(String, String)>),
    /// A package has no shipping rate chosen.
    #[error("No shipping method has been selected.")]
    NoShippingRate,
    /// The payment method cannot pay for this order.
    #[error("{}", .0.message())]
    Method(MethodRefusal),
    /// Storage failed.
    #[error(transparent)]
    Storage(#[from] anyhow::Error),
}

impl From<crate::cart::CartError> for CheckoutRefusal {
    fn from(error: crate::cart::CartError) -> Self {
        CheckoutRefusal::Storage(anyhow::Error::new(error))
    }
}

/// The problems of an order's addresses, with the addresses as checked (fitted to their
/// country) and the field settings they were checked with, so a form can mark each input.
#[derive(Debug)]
pub struct AddressProblems {
    /// Every problem, in WooCommerce's order.
    pub problems: Vec<CheckoutAddressError>,
    /// The billing address as checked.
    pub billing: Address,
    /// The shipping address as checked.
    pub shipping: Address,
    /// The shop's field settings.
    pub fields: AddressFieldSettings,
}

/// The shop's address settings in force (read at most once a second).
pub async fn address_settings(services: &Services) -> Result<CheckoutAddresses, anyhow::Error> {
    let stored = mercato_db::options::get_recent::<CheckoutAddresses>(
        &services.db,
        CheckoutAddresses::OPTION,
    )
    .await?;
    Ok(stored.unwrap_or_default())
}

/// Checks that `input` can be ordered; for a cart, the cart keeps the posted addresses
/// (fitted to their country) once they are good.
pub async fn check_order(
    services: &Services,
    input: CheckoutInput<'_>,
) -> Result<CheckedOrder, CheckoutRefusal> {
    let settings = address_settings(services).await?;
    let allowed = settings.allowed();
    let fields = &settings.fields;
    match input.ordering {
        Ordering::Order(order) => {
            let mut billing = order.billing.clone();
            if let Some(patch) = input.billing {
                patch.apply_fitted(&mut billing, fields);
            }
            let mut shipping = order.shipping.clone();
            if let Some(patch) = input.shipping {
                patch.apply_fitted(&mut shipping, fields);
            }
            let needs = ShippingNeeds::of_order(order);
            let problems = order_address_problems(&billing, &shipping, needs, &allowed, fields);
            if !problems.is_empty() {
                return Err(addresses_refused(problems, billing, shipping, *fields));
            }
            Ok(CheckedOrder {
                billing,
                shipping,
                needs,
                priced: None,
            })
        }
        Ordering::Cart {
            cart,
            stored,
            priced,
            earlier,
        } => {
            let priced = *priced;
            if priced.is_empty() {
                return Err(CheckoutRefusal::CartEmpty);
            }
            let mut problems = earlier;
            problems.extend(priced.errors.iter().cloned());
            if !problems.is_empty() {
                return Err(CheckoutRefusal::Cart(problems));
            }
            if let Some(message) = shrunk_line(stored, &priced) {
                return Err(CheckoutRefusal::ShrunkLine(message));
            }
            let (billing, shipping) =
                order_addresses(&priced, input.billing, input.shipping, fields);
            let needs = shipping_needs(&priced);
            let problems = order_address_problems(&billing, &shipping, needs, &allowed, fields);
            if !problems.is_empty() {
                return Err(addresses_refused(problems, billing, shipping, *fields));
            }
            // The addresses are good: the cart keeps them as the order has them, and is
            // priced for them (again only when they changed).
            let billing_patch = input.billing.map(|p| p.following(&billing));
            let shipping_patch = input.shipping.map(|p| p.following(&shipping));
            let changed = ops::update_customer(
                services,
                cart,
                billing_patch.as_ref(),
                shipping_patch.as_ref(),
            )
            .await?;
            let priced = if changed {
                cart::price(services, Some(cart)).await?
            } else {
                priced
            };
            // Priced for the posted addresses, a coupon may no longer apply (an email it does
            // not allow, a limit another order used up meanwhile): refuse rather than charge
            // without it.
            if !priced.removed_coupons.is_empty() {
                return Err(CheckoutRefusal::CouponsRemoved(
                    priced.removed_coupons.clone(),
                ));
            }
            let chosen = priced
                .chosen_rates()
                .ok_or(CheckoutRefusal::NoShippingRate)?;
            let chosen: Vec<&str> = chosen.iter().map(String::as_str).collect();
            let context = PaymentContext {
                total: priced.total(),
                needs_shipping: needs.needs_shipping,
                chosen_rates: &chosen,
                country: &billing.country,
            };
            check_method(&services.gateways, input.payment_method, &context)
                .map_err(CheckoutRefusal::Method)?;
            Ok(CheckedOrder {
                billing,
                shipping,
                needs,
                priced: Some(priced),
            })
        }
    }
}

fn addresses_refused(
    problems: Vec<CheckoutAddressError>,
    billing: Address,
    shipping: Address,
    fields: AddressFieldSettings,
) -> CheckoutRefusal {
    CheckoutRefusal::Addresses(Box::new(AddressProblems {
        problems,
        billing,
        shipping,
        fields,
    }))
}

/// WooCommerce's message for the first stored line whose quantity reading the cart lowered
/// (or removed), if any.
fn shrunk_line(stored: &CartDocument, priced: &PricedCart) -> Option<String> {
    stored.items.iter().find_map(|item| {
        let now = priced.document.item(&item.key).map_or(0, |i| i.quantity);
        (now < item.quantity).then(|| {
            format!(
                "There is not enough {} in stock. Please reduce the quantity in your cart.",
                item.name
            )
        })
    })
}
