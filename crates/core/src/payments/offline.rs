//! The three offline gateways WooCommerce ships: direct bank transfer (`bacs`), check payments
//! (`cheque`) and cash on delivery (`cod`). Nothing is charged; each decides the order's status
//! and whether it is offered at all.

use serde::{Deserialize, Serialize};

use super::gateway::{GatewayFeature, GatewayInfo};
use super::outcome::payment_complete_status;
use crate::money::Money;
use crate::orders::OrderStatus;

/// An offline gateway.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfflineGateway {
    /// Direct bank transfer.
    Bacs,
    /// Check payments.
    Cheque,
    /// Cash on delivery.
    Cod,
}

/// Cash on delivery's availability settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CodSettings {
    /// Shipping methods (`flat_rate`) or rates (`flat_rate:1`) it is offered for; empty = all.
    pub enable_for_methods: Vec<String>,
    /// Whether it is offered when nothing needs shipping.
    pub enable_for_virtual: bool,
}

impl Default for CodSettings {
    fn default() -> Self {
        CodSettings {
            enable_for_methods: Vec::new(),
            enable_for_virtual: true,
        }
    }
}

impl OfflineGateway {
    /// All three, in WooCommerce's default order.
    pub const ALL: [OfflineGateway; 3] = [Self::Bacs, Self::Cheque, Self::Cod];

    /// The gateway id.
    pub fn id(self) -> &'static str {
        match self {
            OfflineGateway::Bacs => "bacs",
            OfflineGateway::Cheque => "cheque",
            OfflineGateway::Cod => "cod",
        }
    }

    /// The gateway with this id.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|g| g.id() == id)
    }

    /// WooCommerce's default title.
    pub fn default_title(self) -> &'static str {
        match self {
            OfflineGateway::Bacs => "Direct bank transfer",
            OfflineGateway::Cheque => "Check payments",
            OfflineGateway::Cod => "Cash on delivery",
        }
    }

    /// WooCommerce's default description.
    pub fn default_description(self) -> &'static str {
        match self {
            OfflineGateway::Bacs => {
                "Make your payment directly into our bank account. Please use your Order ID as the payment reference. Your order will not be shipped until the funds have cleared in our account."
            }
            OfflineGateway::Cheque => {
                "Please send a check to Store Name, Store Street, Store Town, Store State / County, Store Postcode."
            }
            OfflineGateway::Cod => "Pay with cash upon delivery.",
        }
    }

    /// The gateway with WooCommerce's defaults, enabled.
    pub fn default_info(self) -> GatewayInfo {
        GatewayInfo {
            id: self.id().to_owned(),
            title: self.default_title().to_owned(),
            description: self.default_description().to_owned(),
            icons: Vec::new(),
            supports: vec![GatewayFeature::Products],
            enabled: true,
            order_button_text: String::new(),
        }
    }

    /// The order's status once the shopper chose this gateway (`process_payment`).
    ///
    /// Bank transfer and check wait for the money: on-hold. Cash on delivery is processing,
    /// or on-hold when the order has downloads (nothing to hand over at the door). An order
    /// with nothing to pay is complete at once (`payment_complete`).
    pub fn status_on_success(
        self,
        total: Money,
        has_downloads: bool,
        needs_processing: bool,
    ) -> OrderStatus {
        if total <= Money::ZERO {
            return payment_complete_status(needs_processing);
        }
        match self {
            OfflineGateway::Bacs | OfflineGateway::Cheque => OrderStatus::OnHold,
            OfflineGateway::Cod if has_downloads => OrderStatus::OnHold,
            OfflineGateway::Cod => OrderStatus::Processing,
        }
    }

    /// The order note WooCommerce adds with the status.
    pub fn status_note(self) -> &'static str {
        match self {
            OfflineGateway::Bacs => "Awaiting BACS payment",
            OfflineGateway::Cheque => "Awaiting check payment",
            OfflineGateway::Cod => "Payment to be made upon delivery.",
        }
    }
}

impl CodSettings {
    /// Whether cash on delivery is offered (`WC_Gateway_COD::is_available`).
    ///
    /// `chosen_rates` are the rate ids chosen for the cart's packages (`flat_rate:1`), or for
    /// an existing order its shipping lines as `method_id:instance_id`. A virtual cart needs
    /// `enable_for_virtual`; otherwise, with methods listed, some chosen rate must match one
    /// by rate id or by method id.
    pub fn is_available(&self, needs_shipping: bool, chosen_rates: &[&str]) -> bool {
        if !needs_shipping {
            return self.enable_for_virtual;
        }
        if self.enable_for_methods.is_empty() {
            return true;
        }
        chosen_rates.iter().any(|rate| {
            let method = rate.split(':').next().unwrap_or(rate);
            self.enable_for_methods
                .iter()
                .any(|allowed| allowed == rate || allowed == method)
        })
    }

    /// `paymentMethodData.cod`: the common data plus the availability settings.
    pub fn method_data(&self, info: &GatewayInfo) -> serde_json::Value {
        serde_json::json!({
            "title": info.title,
            "description": info.description,
            "enableForVirtual": self.enable_for_virtual,
            "enableForShippingMethods": self.enable_for_methods,
            "supports": info.method_data().supports,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEN: Money = Money::from_minor(1000);

    #[test]
    fn statuses_follow_woocommerce() {
        use OfflineGateway::*;
        assert_eq!(
            Cod.status_on_success(TEN, false, true),
            OrderStatus::Processing
        );
        assert_eq!(Cod.status_on_success(TEN, true, true), OrderStatus::OnHold);
        assert_eq!(
            Bacs.status_on_success(TEN, false, true),
            OrderStatus::OnHold
        );
        assert_eq!(
            Cheque.status_on_success(TEN, false, true),
            OrderStatus::OnHold
        );
        assert_eq!(
            Bacs.status_on_success(Money::ZERO, false, true),
            OrderStatus::Processing
        );
        assert_eq!(
            Cod.status_on_success(Money::ZERO, true, false),
            OrderStatus::Completed
        );
    }

    #[test]
    fn cod_availability() {
        let any = CodSettings::default();
        assert!(any.is_available(true, &["flat_rate:1"]));
        assert!(any.is_available(false, &[]));
        let no_virtual = CodSettings {
            enable_for_virtual: false,
            ..CodSettings::default()
        };
        assert!(!no_virtual.is_available(false, &[]));
        let flat_only = CodSettings {
            enable_for_methods: vec!["flat_rate".into()],
            enable_for_virtual: true,
        };
        assert!(flat_only.is_available(true, &["flat_rate:1"]));
        assert!(!flat_only.is_available(true, &["pickup_location:0"]));
        assert!(!flat_only.is_available(true, &[]));
        assert!(flat_only.is_available(true, &["pickup_location:0", "flat_rate:3"]));
        let one_rate = CodSettings {
            enable_for_methods: vec!["flat_rate:2".into()],
            enable_for_virtual: false,
        };
        assert!(one_rate.is_available(true, &["flat_rate:2"]));
        assert!(!one_rate.is_available(true, &["flat_rate:1"]));
    }

    #[test]
    fn page_settings_match_the_recorded_shop() {
        let recorded = serde_json::json!({
            "title": "Cash on delivery",
            "description": "Pay with cash upon delivery.",
            "enableForVirtual": true,
            "enableForShippingMethods": [],
            "supports": ["products"]
        });
        let info = OfflineGateway::Cod.default_info();
        assert_eq!(CodSettings::default().method_data(&info), recorded);
        let bacs =
            serde_json::to_value(OfflineGateway::Bacs.default_info().method_data()).expect("json");
        assert_eq!(bacs["title"], "Direct bank transfer");
        assert_eq!(
            OfflineGateway::from_id("cheque"),
            Some(OfflineGateway::Cheque)
        );
        assert_eq!(OfflineGateway::from_id("stripe"), None);
    }
}
