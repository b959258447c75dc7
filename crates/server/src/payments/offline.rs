//! The three offline gateways WooCommerce ships (bank transfer, cheque, cash on delivery):
//! nothing is charged, the order's status says what happens next.

use mercato_core::orders::{Order, OrderStatus};
use mercato_core::payments::{Availability, GatewayInfo, OfflineGateway};
use serde_json::Value;

use super::{Gateway, NEEDS_PROCESSING, Payment, PaymentRequest, success};

impl Gateway for OfflineGateway {
    fn info(&self) -> GatewayInfo {
        self.default_info()
    }

    fn method_data(&self, info: &GatewayInfo, rules: &Availability) -> Value {
        match self {
            // WooCommerce sends cash on delivery's shipping rules to the block checkout.
            OfflineGateway::Cod => rules.cod_method_data(info),
            _ => serde_json::to_value(info.method_data()).unwrap_or(Value::Null),
        }
    }

    fn settles_offline(&self, order: &Order) -> Option<OrderStatus> {
        Some(self.status_on_success(order.totals.total, false, NEEDS_PROCESSING))
    }

    fn pay(&self, request: &PaymentRequest<'_>) -> Payment {
        success(self.status_on_success(request.order.totals.total, false, NEEDS_PROCESSING))
    }
}
