//! The checkout's payment method check, one rule and one wording for every way of paying (the
//! Store API's `POST /checkout` and `POST /checkout/{id}`, the classic form and its express
//! button): an enabled gateway, one chosen when there is something to pay, and one that takes
//! this order. The words are WooCommerce's Store API ones; the classic form shows the same.

use mercato_core::money::Money;
use mercato_core::orders::InvalidParams;
use mercato_core::payments::{PaymentContext, check_payment_method};

use crate::payments::Gateways;

/// An order with something to pay names no gateway.
pub const MISSING_METHOD: &str = "Please select a payment method.";
/// An enabled gateway does not take this order.
pub const METHOD_UNAVAILABLE: &str =
    "This payment method is not available for this order—please choose a different payment method";

/// Why the chosen payment method cannot pay for an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MethodRefusal {
    /// Not one of the enabled gateways: WordPress's `rest_not_in_enum` on `payment_method`
    /// (golden 044).
    Unknown(InvalidParams),
    /// None chosen, and the order has something to pay.
    Missing,
    /// An enabled gateway that does not take this order (its amount, country or shipping).
    Unavailable,
}

impl MethodRefusal {
    /// What the shopper is told.
    pub fn message(&self) -> String {
        match self {
            MethodRefusal::Unknown(invalid) => invalid
                .entries()
                .iter()
                .flat_map(|(_, errors)| errors.iter().map(|e| e.message.clone()))
                .next()
                .unwrap_or_default(),
            MethodRefusal::Missing => MISSING_METHOD.to_owned(),
            MethodRefusal::Unavailable => METHOD_UNAVAILABLE.to_owned(),
        }
    }
}

/// Checks that `method` can pay for the order `context` describes.
pub fn check_method(
    gateways: &Gateways,
    method: &str,
    context: &PaymentContext<'_>,
) -> Result<(), MethodRefusal> {
    let enabled = gateways.enabled_ids();
    let enabled: Vec<&str> = enabled.iter().map(String::as_str).collect();
    check_payment_method(method, &enabled).map_err(MethodRefusal::Unknown)?;
    if context.total <= Money::ZERO {
        return Ok(());
    }
    if method.is_empty() {
        return Err(MethodRefusal::Missing);
    }
    if !gateways.available_for(context).contains(&method) {
        return Err(MethodRefusal::Unavailable);
    }
    Ok(())
}
