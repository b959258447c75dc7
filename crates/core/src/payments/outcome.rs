//! What taking a payment came to, and how the checkout response says so (store-api.md §8.3–8.4;
//! SPEC §3.19).

use serde::Serialize;
use ts_rs::TS;

use crate::orders::OrderStatus;

/// The outcome of asking a gateway to take a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentOutcome {
    /// Paid, or accepted for offline payment.
    Success,
    /// The shopper must confirm first (for example 3-D Secure) at `redirect`.
    Pending {
        /// Where to send the shopper.
        redirect: String,
    },
    /// The payment was refused (declined card); the shopper may try again.
    Failure {
        /// What to tell the shopper.
        message: String,
    },
    /// Something went wrong on our side or the provider's.
    Error {
        /// What to tell the shopper.
        message: String,
    },
}

/// `payment_result.payment_status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PaymentStatus {
    /// No payment attempted yet (`""`, the draft checkout).
    #[default]
    NotSet,
    /// `success`.
    Success,
    /// `pending`.
    Pending,
    /// `failure`.
    Failure,
    /// `error`.
    Error,
}

impl PaymentStatus {
    /// The wire string.
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::NotSet => "",
            PaymentStatus::Success => "success",
            PaymentStatus::Pending => "pending",
            PaymentStatus::Failure => "failure",
            PaymentStatus::Error => "error",
        }
    }

    /// The HTTP status of a checkout response carrying this payment status.
    pub fn http_status(self) -> u16 {
        match self {
            PaymentStatus::NotSet | PaymentStatus::Success => 200,
            PaymentStatus::Pending => 202,
            PaymentStatus::Failure => 400,
            PaymentStatus::Error => 500,
        }
    }
}

impl Serialize for PaymentStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One `{key, value}` entry of `payment_result.payment_details`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct PaymentDetail {
    /// Key.
    pub key: String,
    /// Value.
    pub value: String,
}

impl PaymentDetail {
    /// An entry.
    pub fn new(key: impl Into<String>, value: impl Into<String>) -> Self {
        PaymentDetail {
            key: key.into(),
            value: value.into(),
        }
    }
}

/// The checkout response's `payment_result`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, TS)]
pub struct PaymentResult {
    /// `success`, `pending`, `failure`, `error` or `""`.
    #[ts(type = "'success' | 'pending' | 'failure' | 'error' | ''")]
    pub payment_status: PaymentStatus,
    /// The gateway's result as key/value pairs.
    pub payment_details: Vec<PaymentDetail>,
    /// Where the browser goes next ("" when it stays).
    pub redirect_url: String,
}

impl PaymentResult {
    /// The empty result of a checkout that has not been submitted (`GET /checkout`).
    pub fn empty() -> Self {
        Self::default()
    }

    /// The HTTP status of the checkout response.
    pub fn http_status(&self) -> u16 {
        self.payment_status.http_status()
    }
}

impl PaymentOutcome {
    /// The payment status.
    pub fn payment_status(&self) -> PaymentStatus {
        match self {
            PaymentOutcome::Success => PaymentStatus::Success,
            PaymentOutcome::Pending { .. } => PaymentStatus::Pending,
            PaymentOutcome::Failure { .. } => PaymentStatus::Failure,
            PaymentOutcome::Error { .. } => PaymentStatus::Error,
        }
    }

    /// The HTTP status of the checkout response: 200, 202, 400 or 500.
    pub fn http_status(&self) -> u16 {
        self.payment_status().http_status()
    }

    /// The `payment_result`, as WooCommerce builds it for classic gateways: the gateway's
    /// `result` and `redirect` (or `message`) as details, and the redirect URL.
    ///
    /// A success goes to `order_received_url`; failures and errors stay on the checkout.
    pub fn result(&self, order_received_url: &str) -> PaymentResult {
        let status = self.payment_status();
        let result = PaymentDetail::new("result", status.as_str());
        let (details, redirect_url) = match self {
            PaymentOutcome::Success => (
                vec![result, PaymentDetail::new("redirect", order_received_url)],
                order_received_url.to_owned(),
            ),
            PaymentOutcome::Pending { redirect } => (
                vec![result, PaymentDetail::new("redirect", redirect.as_str())],
                redirect.clone(),
            ),
            PaymentOutcome::Failure { message } | PaymentOutcome::Error { message } => (
                vec![result, PaymentDetail::new("message", message.as_str())],
                String::new(),
            ),
        };
        PaymentResult {
            payment_status: status,
            payment_details: details,
            redirect_url,
        }
    }

    /// The order's status after this outcome; `on_success` is the gateway's choice
    /// (see [`crate::payments::OfflineGateway::status_on_success`],
    /// [`payment_complete_status`]).
    ///
    /// A pending payment leaves the order pending, a refused one marks it failed; an error
    /// leaves it pending so the shopper can try again.
    pub fn order_status(&self, on_success: OrderStatus) -> OrderStatus {
        match self {
            PaymentOutcome::Success => on_success,
            PaymentOutcome::Pending { .. } | PaymentOutcome::Error { .. } => OrderStatus::Pending,
            PaymentOutcome::Failure { .. } => OrderStatus::Failed,
        }
    }
}

/// The status of a paid order (`WC_Order::payment_complete`): processing, or completed when no
/// line needs fulfilling (every item virtual and downloadable).
pub fn payment_complete_status(needs_processing: bool) -> OrderStatus {
    if needs_processing {
        OrderStatus::Processing
    } else {
        OrderStatus::Completed
    }
}

/// The "order received" page of an order: `{checkout_url}order-received/{id}/?key={key}`.
pub fn order_received_url(checkout_url: &str, order_id: i64, order_key: &str) -> String {
    let base = checkout_url.trim_end_matches('/');
    format!("{base}/order-received/{order_id}/?key={order_key}")
}

/// WordPress's `rest_not_in_enum` message: "payment_method is not one of , bacs, cheque, and cod."
///
/// The list is WordPress's `%l` format: "a", "a and b", "a, b, and c".
pub fn not_in_enum_message(param: &str, allowed: &[&str]) -> String {
    let list = match allowed {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    };
    format!("{param} is not one of {list}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECEIVED: &str =
        "http://127.0.0.1:8091/checkout/order-received/40/?key=wc_order_NYSoOdHNPDPlM";

    #[test]
    fn success_matches_the_recorded_cod_checkout() {
        let result = PaymentOutcome::Success.result(RECEIVED);
        let json = serde_json::to_value(&result).expect("json");
        assert_eq!(
            json,
            serde_json::json!({
                "payment_status": "success",
                "payment_details": [
                    {"key": "result", "value": "success"},
                    {"key": "redirect", "value": RECEIVED}
                ],
                "redirect_url": RECEIVED
            })
        );
        assert_eq!(result.http_status(), 200);
        assert_eq!(
            order_received_url(
                "http://127.0.0.1:8091/checkout/",
                40,
                "wc_order_NYSoOdHNPDPlM"
            ),
            RECEIVED
        );
    }

    #[test]
    fn statuses_and_http_codes() {
        let pending = PaymentOutcome::Pending {
            redirect: "https://shop.example/confirm/40".into(),
        };
        let failure = PaymentOutcome::Failure {
            message: "Your card was declined.".into(),
        };
        let error = PaymentOutcome::Error {
            message: "Try again.".into(),
        };
        assert_eq!(
            [&PaymentOutcome::Success, &pending, &failure, &error].map(PaymentOutcome::http_status),
            [200, 202, 400, 500]
        );
        assert_eq!(
            pending.result(RECEIVED).redirect_url,
            "https://shop.example/confirm/40"
        );
        let declined = failure.result(RECEIVED);
        assert_eq!(declined.payment_status.as_str(), "failure");
        assert_eq!(declined.redirect_url, "");
        assert_eq!(
            declined.payment_details[1],
            PaymentDetail::new("message", "Your card was declined.")
        );
        assert_eq!(error.result(RECEIVED).payment_status, PaymentStatus::Error);
        assert_eq!(PaymentResult::empty().http_status(), 200);
        assert_eq!(
            serde_json::to_string(&PaymentResult::empty()).expect("json"),
            r#"{"payment_status":"","payment_details":[],"redirect_url":""}"#
        );
    }

    #[test]
    fn order_status_after_payment() {
        let paid = payment_complete_status(true);
        assert_eq!(paid, OrderStatus::Processing);
        assert_eq!(payment_complete_status(false), OrderStatus::Completed);
        assert_eq!(
            PaymentOutcome::Success.order_status(paid),
            OrderStatus::Processing
        );
        let failure = PaymentOutcome::Failure {
            message: String::new(),
        };
        assert_eq!(failure.order_status(paid), OrderStatus::Failed);
        let pending = PaymentOutcome::Pending {
            redirect: String::new(),
        };
        assert_eq!(pending.order_status(paid), OrderStatus::Pending);
    }

    #[test]
    fn enum_message_matches_wordpress() {
        assert_eq!(
            not_in_enum_message("payment_method", &["", "bacs", "cheque", "cod"]),
            "payment_method is not one of , bacs, cheque, and cod."
        );
        assert_eq!(
            not_in_enum_message("x", &["a", "b"]),
            "x is not one of a and b."
        );
        assert_eq!(not_in_enum_message("x", &["a"]), "x is not one of a.");
    }
}
