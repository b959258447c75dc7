//! Payments (SPEC §3.10, §3.19, §4.7): the gateway model the server's registry is built from,
//! the offline gateways' decisions, the test card gateway, payment outcomes as the checkout
//! response reports them, and saved cards.
//!
//! Nothing here talks to a payment provider: a gateway's rules are pure decisions over what
//! the shopper sent and the order, and the server carries them out.

mod availability;
mod card;
mod gateway;
mod offline;
mod outcome;
mod test_gateway;
mod tokens;

pub use availability::{Availability, PaymentContext};
pub use card::{
    CardBrand, CardDetails, CardError, Expiry, MAX_CARD_DIGITS, MAX_EXPIRY_YEARS_AHEAD,
    MIN_CARD_DIGITS, luhn_valid, parse_card, parse_card_number, parse_cvc, parse_expiry,
};
pub use gateway::{
    GatewayFeature, GatewayIcon, GatewayInfo, PaymentMethodData, check_payment_method,
};
pub use offline::OfflineGateway;
pub use outcome::{
    PaymentDetail, PaymentOutcome, PaymentResult, PaymentStatus, not_in_enum_message,
    order_received_url, payment_complete_status,
};
pub use test_gateway::{
    CONFIRMATION_CARD, CVC_KEY, DECLINED_CARD, DECLINED_MESSAGE, EXPIRY_KEY, NUMBER_KEY,
    SUCCESS_CARD, TEST_CARD_GATEWAY_ID, TEST_MODE_NOTICE, charge, charge_saved, check_card, pay,
    test_card_gateway, transaction_id,
};
pub use tokens::{
    CardToken, CustomerPaymentMethods, SavedMethod, SavedMethodAction, SavedMethodActions,
    SavedMethodCard, TokenLinks, customer_payment_methods,
};
