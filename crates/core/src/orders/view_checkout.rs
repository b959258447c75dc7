//! The Store API checkout object (`GET`/`PUT`/`POST /checkout`, store-api.md §8.3; golden 033,
//! 034), also embedded in checkout pages as the `checkoutData` setting.

use serde::Serialize;
use serde_json::{Map, Value};
use ts_rs::TS;

use super::address::{BillingAddressView, ShippingAddressView};
use super::model::Order;
use super::status::OrderStatus;
use crate::payments::PaymentResult;

/// The checkout object, with WooCommerce's keys and key order.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct CheckoutView {
    /// Order id.
    pub order_id: i64,
    /// Order status (`checkout-draft` before the order is placed).
    #[ts(type = "string")]
    pub status: OrderStatus,
    /// Order key.
    pub order_key: String,
    /// Order number.
    pub order_number: String,
    /// The customer's note.
    pub customer_note: String,
    /// Customer user id, 0 for guests.
    pub customer_id: i64,
    /// Billing address.
    pub billing_address: BillingAddressView,
    /// Shipping address.
    pub shipping_address: ShippingAddressView,
    /// Chosen gateway id.
    pub payment_method: String,
    /// The payment's result; empty before payment, null for `PUT /checkout`.
    pub payment_result: Option<PaymentResult>,
    /// Registered additional checkout fields (none yet: `{}`).
    pub additional_fields: Map<String, Value>,
    /// The cart, when asked for with `__experimental_calc_totals` (else null).
    #[serde(rename = "__experimentalCart")]
    pub experimental_cart: Option<Value>,
    /// Extension data (`{}`).
    pub extensions: Map<String, Value>,
}

/// The checkout object for an order.
///
/// `payment_result` is [`PaymentResult::empty`] for `GET /checkout`, the gateway's result after
/// `POST /checkout`, and `None` for `PUT /checkout`; `experimental_cart` is the Store API cart
/// when the request asked for it.
pub fn checkout_view(
    order: &Order,
    payment_result: Option<PaymentResult>,
    experimental_cart: Option<Value>,
) -> CheckoutView {
    CheckoutView {
        order_id: order.id,
        status: order.status,
        order_key: order.order_key.as_str().to_owned(),
        order_number: order.order_number(),
        customer_note: order.customer_note.clone(),
        customer_id: order.customer_id,
        billing_address: BillingAddressView::from(&order.billing),
        shipping_address: ShippingAddressView::from(&order.shipping),
        payment_method: order.payment_method.clone(),
        payment_result,
        additional_fields: Map::new(),
        experimental_cart,
        extensions: Map::new(),
    }
}
