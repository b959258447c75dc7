//! Settings and records load from the JSON the server stores, and round-trip.

use serde_json::json;

use super::fixtures::*;
use crate::pricing::*;

#[test]
fn shipping_settings_tax_rates_and_coupons_load_from_json() {
    let shipping: ShippingSettings = serde_json::from_value(json!({
        "zones": [{
            "id": 1, "name": "US", "order": 0, "regions": ["US"],
            "methods": [
                {"method_id": "flat_rate", "instance_id": 1, "cost": "10.00"},
                {"method_id": "free_shipping", "instance_id": 2, "requires": "min_amount", "min_amount": 10000}
            ]
        }],
        "everywhere": [{
            "method_id": "local_pickup",
            "locations": [{
                "name": "SF Store",
                "address": {"address_1": "2000 Mission St", "city": "San Francisco", "state": "CA", "postcode": "94110", "country": "US"},
                "details": "Open 9-5"
            }]
        }]
    }))
    .expect("shipping settings");
    assert_eq!(shipping, reference_shipping());
    let back: ShippingSettings =
        serde_json::from_value(serde_json::to_value(&shipping).expect("json")).expect("back");
    assert_eq!(back, shipping);

    let rate: TaxRate = serde_json::from_value(json!({
        "id": 1, "country": "US", "state": "CA", "rate": "8.2500", "name": "CA Tax", "priority": 1
    }))
    .expect("a rate");
    assert_eq!(rate, ca_tax());
    assert_eq!(rate.code(), "US-CA-CA TAX-1");

    let coupon: Coupon = serde_json::from_value(json!({
        "id": 12, "code": "expired", "discount_type": "percent", "amount": 10, "expires_at": 1_577_836_800_i64
    }))
    .expect("a coupon");
    assert_eq!(Some(coupon), super::fixtures::coupon("expired"));
}

#[test]
fn prices_shown_with_tax_add_the_line_tax() {
    let mut shop = Shop::reference();
    shop.tax.display_cart_including_tax = true;
    let cart = cart_of(&[(17, 1)]);
    assert_eq!(
        display_price(&cart, &shop.ctx(), &cart.lines[0], 1),
        m(1949)
    );
    assert_eq!(
        display_price(&cart, &shop.ctx(), &cart.lines[0], 3),
        m(5846)
    );
}
