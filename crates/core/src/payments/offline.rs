//! The three offline gateways WooCommerce ships: direct bank transfer (`bacs`), check payments
//! (`cheque`) and cash on delivery (`cod`). Nothing is charged; each decides the order's status
//! and whether it is offered at all.

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

    /// The gateway with WooCommerce's defaults, disabled until the merchant turns it on.
    pub fn default_info(self) -> GatewayInfo {
        GatewayInfo {
            id: self.id().to_owned(),
            title: self.default_title().to_owned(),
            description: self.default_description().to_owned(),
            icons: Vec::new(),
            supports: vec![GatewayFeature::Products],
            enabled: false,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::Availability;

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
    fn page_settings_match_the_recorded_shop() {
        let recorded = serde_json::json!({
            "title": "Cash on delivery",
            "description": "Pay with cash upon delivery.",
            "enableForVirtual": true,
            "enableForShippingMethods": [],
            "supports": ["products"]
        });
        let info = OfflineGateway::Cod.default_info();
        assert_eq!(Availability::default().cod_method_data(&info), recorded);
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
