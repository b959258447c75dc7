//! Orders (SPEC §3.17–3.19, §3.23, §4.6–4.8): statuses and what they do to stock, the stored
//! order, checkout address validation, and the Store API views of an order (`GET /order/{id}`)
//! and of a checkout (`/checkout`).
//!
//! Validation produces data, not responses: [`InvalidParams`] is WordPress's
//! `rest_invalid_param` (golden 041, 042, 044) and [`CheckoutAddressError`] the checkout's
//! pre-payment address errors (golden 043); the HTTP layer wraps them in its error envelope.

mod address;
mod address_param;
mod contact;
pub mod downloads;
mod invalid_params;
mod key;
mod model;
mod required;
mod status;
mod totals_rows;
mod view_checkout;
mod view_order;
mod view_order_items;

#[cfg(test)]
mod golden_tests;
#[cfg(test)]
mod validation_tests;

pub use address::{Address, AddressKind, BillingAddressView, ShippingAddressView};
pub use address_param::{AddressPatch, check_address_param, check_address_params};
pub use contact::{
    MAX_EMAIL_LEN, MAX_PHONE_DIGITS, MIN_PHONE_DIGITS, is_valid_email, is_valid_phone,
    remove_non_displayable,
};
pub use invalid_params::{FieldError, InvalidParams, InvalidParamsData};
pub use key::OrderKey;
pub use model::{
    CouponLine, CreatedVia, FeeLine, ItemAttribute, LOCAL_PICKUP_METHODS, LineItem, MetaEntry,
    Order, OrderDates, OrderNote, OrderTotals, RateTax, ShippingLine, TaxLine,
    is_local_pickup_method,
};
pub use required::{
    AddressFieldSettings, AllowedCountries, CheckoutAddressError, ErrorData, FieldMode,
    ShippingNeeds, order_address_problems, validate_order_addresses,
};
pub use status::{OrderStatus, OrderStatusesSetting, StockChange, TransitionError, UnknownStatus};
pub use totals_rows::{TotalsRow, TotalsRowKind, TotalsValue};
pub use view_checkout::{CheckoutView, checkout_view};
pub use view_order::{
    CouponTotalsView, FeeTotalsView, OrderCouponView, OrderFeeView, OrderNotice, OrderTotalsView,
    OrderView, OrderViewContext, TaxLineView, order_view,
};
pub use view_order_items::{
    EmptyObject, ItemDataView, ItemPricesView, ItemProduct, LineTotalsView, OrderItemView,
    OrderVariationValue, OrderVariationView, QuantityLimitsView, RawPricesView, VariationValueView,
};
