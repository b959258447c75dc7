//! What the shop knows about each payment gateway, shared by the server's gateway registry,
//! the checkout (is the chosen gateway there?) and the page settings (`paymentMethodData`).

use serde::{Deserialize, Serialize};

use super::outcome::not_in_enum_message;
use crate::orders::{FieldError, InvalidParams};

/// A capability a gateway declares (WooCommerce's `supports`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GatewayFeature {
    /// Can pay for products (every gateway).
    Products,
    /// Can refund from the admin.
    Refunds,
    /// Can save cards for later.
    Tokenization,
    /// Can add a card from the account page.
    AddPaymentMethod,
}

impl GatewayFeature {
    /// WooCommerce's name (`products`).
    pub fn as_str(self) -> &'static str {
        match self {
            GatewayFeature::Products => "products",
            GatewayFeature::Refunds => "refunds",
            GatewayFeature::Tokenization => "tokenization",
            GatewayFeature::AddPaymentMethod => "add_payment_method",
        }
    }
}

/// An icon shown with a gateway (`{id, src, alt}` as the checkout block reads it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GatewayIcon {
    /// Identifier, e.g. `visa`.
    pub id: String,
    /// Image URL.
    pub src: String,
    /// Alternative text.
    pub alt: String,
}

/// A payment gateway as the shop shows and checks it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GatewayInfo {
    /// Id (`cod`).
    pub id: String,
    /// Title shown to shoppers ("Cash on delivery").
    pub title: String,
    /// Description shown under the title.
    pub description: String,
    /// Icons.
    pub icons: Vec<GatewayIcon>,
    /// Capabilities.
    pub supports: Vec<GatewayFeature>,
    /// Whether the merchant turned it on.
    pub enabled: bool,
    /// Text of the place-order button while it is chosen ("" keeps "Place order").
    pub order_button_text: String,
}

/// `paymentMethodData[id]` for the simple gateways: `{title, description, supports}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaymentMethodData {
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Feature names.
    pub supports: Vec<&'static str>,
}

impl GatewayInfo {
    /// Whether the gateway declares a capability.
    pub fn supports(&self, feature: GatewayFeature) -> bool {
        self.supports.contains(&feature)
    }

    /// Whether the gateway can pay for an order needing these features (`payment_requirements`).
    pub fn meets(&self, requirements: &[GatewayFeature]) -> bool {
        requirements.iter().all(|f| self.supports(*f))
    }

    /// The page-settings data for this gateway.
    pub fn method_data(&self) -> PaymentMethodData {
        PaymentMethodData {
            title: self.title.clone(),
            description: self.description.clone(),
            supports: self.supports.iter().map(|f| f.as_str()).collect(),
        }
    }
}

/// The checkout's `payment_method` check against the gateways available for the order.
///
/// The empty string is always allowed (an order that needs no payment); anything else must be
/// one of `available`, or the request gets WordPress's `rest_not_in_enum` as golden 044 shows.
pub fn check_payment_method(given: &str, available: &[&str]) -> Result<(), InvalidParams> {
    if given.is_empty() || available.contains(&given) {
        return Ok(());
    }
    let allowed: Vec<&str> = std::iter::once("")
        .chain(available.iter().copied())
        .collect();
    let mut invalid = InvalidParams::new();
    invalid.add(
        "payment_method",
        vec![FieldError::new(
            "rest_not_in_enum",
            not_in_enum_message("payment_method", &allowed),
        )],
    );
    Err(invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_gateway_matches_golden_044() {
        let golden: serde_json::Value =
            serde_json::from_str(include_str!("../orders/golden/error-unknown-gateway.json"))
                .expect("golden");
        let err = check_payment_method("stripe", &["bacs", "cheque", "cod"]).expect_err("unknown");
        assert_eq!(err.to_json(), golden);
        assert_eq!(
            check_payment_method("cod", &["bacs", "cheque", "cod"]),
            Ok(())
        );
        assert_eq!(check_payment_method("", &["cod"]), Ok(()));
    }

    #[test]
    fn features() {
        let card = GatewayInfo {
            id: "test_card".into(),
            title: "Card".into(),
            description: String::new(),
            icons: Vec::new(),
            supports: vec![GatewayFeature::Products, GatewayFeature::Tokenization],
            enabled: true,
            order_button_text: String::new(),
        };
        assert!(card.meets(&[GatewayFeature::Products]));
        assert!(!card.meets(&[GatewayFeature::Products, GatewayFeature::Refunds]));
        assert_eq!(card.method_data().supports, ["products", "tokenization"]);
        let json = serde_json::to_value(&card).expect("json");
        assert_eq!(
            json["supports"],
            serde_json::json!(["products", "tokenization"])
        );
    }
}
