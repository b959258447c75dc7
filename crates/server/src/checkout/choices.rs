//! What both checkouts read off the priced cart in the same way: the order's addresses, what
//! the order needs of them, the chosen shipping rates, and who is ordering.

use axum::http::{HeaderMap, header};
use mercato_core::orders::{Address, AddressFieldSettings, AddressPatch, ShippingNeeds};

use super::OrderParty;
use crate::cart::PricedCart;

/// The order's addresses: the cart's, with what the shopper sent over them, each made to fit
/// its country (a state left from another country and the fields the country hides are
/// blanked, SPEC §3.17). Without a shipping address, the billing address is the shipping
/// address.
pub fn order_addresses(
    priced: &PricedCart,
    billing: Option<&AddressPatch>,
    shipping: Option<&AddressPatch>,
    settings: &AddressFieldSettings,
) -> (Address, Address) {
    let mut billing_address = priced.billing();
    match billing {
        Some(patch) => patch.apply_fitted(&mut billing_address, settings),
        None => settings.fit(&mut billing_address),
    }
    let shipping_address = match shipping {
        Some(patch) => {
            let mut address = priced.shipping();
            patch.apply_fitted(&mut address, settings);
            address
        }
        None => Address {
            email: String::new(),
            ..billing_address.clone()
        },
    };
    (billing_address, shipping_address)
}

/// What the order needs of its addresses: whether anything ships, and whether every chosen
/// rate is collected by the customer.
pub fn shipping_needs(priced: &PricedCart) -> ShippingNeeds {
    ShippingNeeds::new(
        priced.totals.needs_shipping,
        priced
            .totals
            .packages
            .iter()
            .filter_map(|p| p.selected_rate())
            .map(|r| r.method_id.as_str()),
    )
}

impl OrderParty {
    /// The party of an order by `customer_id` (0 for a guest) paying with gateway `method`;
    /// an order that ships nothing keeps no shipping address.
    pub fn new(
        customer_id: i64,
        (billing, shipping): (Address, Address),
        needs: ShippingNeeds,
        customer_note: String,
        method: String,
        user_agent: &str,
        gateways: &crate::payments::Gateways,
    ) -> Self {
        OrderParty {
            customer_id,
            billing,
            shipping: if needs.needs_shipping {
                shipping
            } else {
                Address::default()
            },
            customer_note,
            payment_method_title: gateways
                .get(&method)
                .map(|g| g.title.clone())
                .unwrap_or_default(),
            payment_method: method,
            customer_ip: String::new(),
            customer_user_agent: user_agent.to_owned(),
        }
    }
}

/// The shopper's browser as the request names it (`User-Agent`, "" without one).
pub fn user_agent(headers: &HeaderMap) -> &str {
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}
