//! The test card gateway: a card form that charges nothing, for trying the whole checkout.
//!
//! Documented test numbers (any future expiry, any 3–4 digit code):
//!
//! | number                | outcome                                              |
//! |-----------------------|------------------------------------------------------|
//! | `4242 4242 4242 4242` | paid                                                 |
//! | `4000 0000 0000 0002` | declined: "Your card was declined."                  |
//! | `4000 0000 0000 3220` | needs confirming first: pending, redirect to confirm |
//!
//! Any other valid number is paid too; invalid details are refused before any "charge".

use super::card::{CardBrand, CardDetails, CardError, Expiry, parse_card};
use super::gateway::{GatewayFeature, GatewayIcon, GatewayInfo};
use super::outcome::PaymentOutcome;

/// The gateway id.
pub const TEST_CARD_GATEWAY_ID: &str = "test_card";
/// A card that is always paid.
pub const SUCCESS_CARD: &str = "4242424242424242";
/// A card that is always declined.
pub const DECLINED_CARD: &str = "4000000000000002";
/// A card that needs an extra confirmation step.
pub const CONFIRMATION_CARD: &str = "4000000000003220";
/// What every page offering the test card says first, whatever the merchant's description:
/// nobody should mistake it for a way to be paid.
pub const TEST_MODE_NOTICE: &str =
    "Test mode: use 4242 4242 4242 4242 with any future expiry and any code. No money is taken.";
/// The decline message.
pub const DECLINED_MESSAGE: &str = "Your card was declined.";

/// The `payment_data` keys the test card form posts.
pub const NUMBER_KEY: &str = "test_card-card-number";
/// Expiry key.
pub const EXPIRY_KEY: &str = "test_card-card-expiry";
/// Security code key.
pub const CVC_KEY: &str = "test_card-card-cvc";

/// The gateway as the registry lists it; `icon_src` gives each brand's image URL.
pub fn test_card_gateway(icon_src: impl Fn(CardBrand) -> String) -> GatewayInfo {
    let icons = [
        CardBrand::Visa,
        CardBrand::Mastercard,
        CardBrand::Amex,
        CardBrand::Discover,
    ]
    .into_iter()
    .map(|brand| GatewayIcon {
        id: brand.as_str().to_owned(),
        src: icon_src(brand),
        alt: brand.label().to_owned(),
    })
    .collect();
    GatewayInfo {
        id: TEST_CARD_GATEWAY_ID.to_owned(),
        title: "Credit card (test mode)".to_owned(),
        description: TEST_MODE_NOTICE.to_owned(),
        icons,
        supports: vec![
            GatewayFeature::Products,
            GatewayFeature::Refunds,
            GatewayFeature::Tokenization,
            GatewayFeature::AddPaymentMethod,
        ],
        enabled: false,
        order_button_text: String::new(),
    }
}

/// Checks the posted card details (`now` in Unix seconds); the error's text is for the shopper.
pub fn check_card(
    number: &str,
    expiry: &str,
    cvc: &str,
    now: i64,
) -> Result<CardDetails, CardError> {
    parse_card(number, expiry, cvc, now)
}

/// "Charges" a checked card: the outcome its number stands for.
///
/// `confirm_url` is the server's page where the shopper confirms a card that needs it.
pub fn charge(card: &CardDetails, confirm_url: &str) -> PaymentOutcome {
    match card.number.as_str() {
        DECLINED_CARD => PaymentOutcome::Failure {
            message: DECLINED_MESSAGE.to_owned(),
        },
        CONFIRMATION_CARD => PaymentOutcome::Pending {
            redirect: confirm_url.to_owned(),
        },
        _ => PaymentOutcome::Success,
    }
}

/// "Charges" a saved card: paid unless its expiry month is over.
pub fn charge_saved(expiry: Expiry, now: i64) -> PaymentOutcome {
    if expiry.is_over(now) {
        PaymentOutcome::Failure {
            message: CardError::Expired.to_string(),
        }
    } else {
        PaymentOutcome::Success
    }
}

/// Checks and charges in one go: invalid details are a failure with the check's message.
pub fn pay(number: &str, expiry: &str, cvc: &str, now: i64, confirm_url: &str) -> PaymentOutcome {
    match check_card(number, expiry, cvc, now) {
        Ok(card) => charge(&card, confirm_url),
        Err(error) => PaymentOutcome::Failure {
            message: error.to_string(),
        },
    }
}

/// A transaction id for a test charge (`test_{order id}_{last4}`), so orders show one.
pub fn transaction_id(order_id: i64, card: &CardDetails) -> String {
    format!("test_{order_id}_{}", card.last4())
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_289_199;
    const CONFIRM: &str = "https://shop.example/checkout/confirm-card/40/?key=wc_order_x";

    #[test]
    fn documented_numbers() {
        assert_eq!(
            pay("4242 4242 4242 4242", "12/30", "123", NOW, CONFIRM),
            PaymentOutcome::Success
        );
        assert_eq!(
            pay("4000 0000 0000 0002", "12/30", "123", NOW, CONFIRM),
            PaymentOutcome::Failure {
                message: "Your card was declined.".into()
            }
        );
        assert_eq!(
            pay("4000 0000 0000 3220", "12 / 2030", "1234", NOW, CONFIRM),
            PaymentOutcome::Pending {
                redirect: CONFIRM.into()
            }
        );
        assert_eq!(
            pay("5555 5555 5555 4444", "12/30", "123", NOW, CONFIRM),
            PaymentOutcome::Success
        );
    }

    #[test]
    fn bad_details_fail_before_charging() {
        assert_eq!(
            pay("4242 4242 4242 4241", "12/30", "123", NOW, CONFIRM),
            PaymentOutcome::Failure {
                message: "Your card number is invalid.".into()
            }
        );
        assert_eq!(
            pay("4242424242424242", "01/21", "123", NOW, CONFIRM),
            PaymentOutcome::Failure {
                message: "Your card has expired.".into()
            }
        );
        assert_eq!(
            pay("4242424242424242", "12/30", "12", NOW, CONFIRM),
            PaymentOutcome::Failure {
                message: "Your card's security code is invalid.".into()
            }
        );
    }

    #[test]
    fn saved_cards_are_paid_until_their_month_ends() {
        // NOW is in November 2026.
        let november = Expiry {
            year: 2026,
            month: 11,
        };
        assert_eq!(charge_saved(november, NOW), PaymentOutcome::Success);
        let october = Expiry {
            year: 2026,
            month: 10,
        };
        assert_eq!(
            charge_saved(october, NOW),
            PaymentOutcome::Failure {
                message: "Your card has expired.".into()
            }
        );
    }

    #[test]
    fn registry_entry() {
        let info = test_card_gateway(|b| format!("/assets/cards/{}.svg", b.as_str()));
        assert_eq!(info.id, "test_card");
        assert!(info.supports(GatewayFeature::Tokenization));
        assert_eq!(info.icons[2].alt, "American Express");
        assert_eq!(info.icons[0].src, "/assets/cards/visa.svg");
        let card = check_card(SUCCESS_CARD, "12/30", "123", NOW).expect("valid");
        assert_eq!(transaction_id(40, &card), "test_40_4242");
    }
}
