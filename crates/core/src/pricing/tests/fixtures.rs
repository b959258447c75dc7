//! The reference shop of the recorded exchanges (`wc-golden/index.md`) as pricing inputs:
//! one 8.25 % "CA Tax" rate, the US zone (flat rate $10 taxable, free shipping over $100 with
//! discounts counted), block local pickup at the SF Store, and the `ten`, `fixed5` and
//! `expired` coupons.

use crate::catalogue::{CategoryId, ProductId, TaxStatus};
use crate::money::{Currency, Money};
use crate::pricing::*;

/// 2026-11-21, when the exchanges were recorded.
pub(crate) const RECORDED_AT: i64 = 1_795_300_000;

/// Shop settings that live as long as a test.
pub(crate) struct Shop {
    pub currency: Currency,
    pub tax: TaxSettings,
    pub rates: Vec<TaxRate>,
    pub shipping: ShippingSettings,
    pub coupons: CouponSettings,
    pub base: Address,
    pub now: i64,
}

impl Shop {
    /// The recorded shop.
    pub(crate) fn reference() -> Shop {
        Shop {
            currency: Currency::default(),
            tax: TaxSettings::default(),
            rates: vec![ca_tax()],
            shipping: reference_shipping(),
            coupons: CouponSettings::default(),
            base: Address {
                address_1: "2000 Mission St".into(),
                ..Address::new("US", "CA", "94110", "San Francisco")
            },
            now: RECORDED_AT,
        }
    }

    /// The pricing context without fee sources.
    pub(crate) fn ctx(&self) -> PricingContext<'_> {
        self.ctx_with(&[])
    }

    /// The pricing context with fee sources.
    pub(crate) fn ctx_with<'a>(
        &'a self,
        fee_sources: &'a [&'a dyn FeeSource],
    ) -> PricingContext<'a> {
        PricingContext {
            currency: &self.currency,
            tax: &self.tax,
            tax_rates: &self.rates,
            shipping: &self.shipping,
            coupons: &self.coupons,
            base_address: &self.base,
            fee_sources,
            now: self.now,
        }
    }
}

/// The shop's one rate.
pub(crate) fn ca_tax() -> TaxRate {
    TaxRate {
        id: 1,
        country: "US".into(),
        state: "CA".into(),
        rate: Decimal::parse("8.25").expect("a rate"),
        name: "CA Tax".into(),
        priority: 1,
        shipping: true,
        ..TaxRate::default()
    }
}

/// The US zone, nothing elsewhere, and pickup everywhere.
pub(crate) fn reference_shipping() -> ShippingSettings {
    ShippingSettings {
        zones: vec![ShippingZone {
            id: 1,
            name: "US".into(),
            order: 0,
            regions: vec!["US".into()],
            postcodes: Vec::new(),
            methods: vec![
                ShippingMethod::FlatRate(FlatRate {
                    instance_id: 1,
                    cost: "10.00".into(),
                    ..FlatRate::default()
                }),
                ShippingMethod::FreeShipping(FreeShipping {
                    instance_id: 2,
                    requires: FreeShippingRequires::MinAmount,
                    min_amount: Money::from_minor(10_000),
                    ..FreeShipping::default()
                }),
            ],
        }],
        everywhere: vec![ShippingMethod::LocalPickup(LocalPickup {
            locations: vec![PickupLocation {
                name: "SF Store".into(),
                address: Address {
                    address_1: "2000 Mission St".into(),
                    ..Address::new("US", "CA", "94110", "San Francisco")
                },
                details: "Open 9-5".into(),
                ..PickupLocation::default()
            }],
            ..LocalPickup::default()
        })],
        ..ShippingSettings::default()
    }
}

/// A cart line for one of the recorded products, by id.
pub(crate) fn product(id: i64, quantity: u32) -> CartLine {
    let (key, parent, name, price, on_sale) = match id {
        17 => (
            "70efdf2ec9b086079795c442636b55fb",
            None,
            "T-Shirt",
            1800,
            false,
        ),
        19 => ("1f0e3dad99908345f7439f8ffabdffc4", None, "Belt", 5500, true),
        20 => ("98f13708210194c475687be6106a3b84", None, "Cap", 1600, true),
        28 => (
            "9658e4aed94b408e8a297150c16483a2",
            Some(14),
            "V-Neck T-Shirt - Red",
            2000,
            false,
        ),
        38 => (
            "db458a8d3b97188a9990608c0b611526",
            Some(15),
            "Hoodie - Blue, Yes",
            4500,
            false,
        ),
        _ => ("unknown", None, "Unknown", 0, false),
    };
    let (product_id, variation_id) = match parent {
        Some(parent) => (ProductId(parent), Some(ProductId(id))),
        None => (ProductId(id), None),
    };
    CartLine {
        key: key.into(),
        product_id,
        variation_id,
        name: name.into(),
        category_ids: vec![CategoryId(if parent.is_some() { 9 } else { 10 })],
        quantity,
        unit_price: Money::from_minor(price),
        on_sale,
        tax_status: TaxStatus::Taxable,
        ..CartLine::default()
    }
}

/// The recorded coupons by code; `None` for an unknown code.
pub(crate) fn coupon(code: &str) -> Option<Coupon> {
    let (id, kind, amount, expires_at) = match code {
        "ten" => (10, CouponKind::Percent, "10", None),
        "fixed5" => (11, CouponKind::FixedCart, "5.00", None),
        // 2020-01-01.
        "expired" => (12, CouponKind::Percent, "10", Some(1_577_836_800)),
        _ => return None,
    };
    Some(Coupon {
        id,
        code: code.into(),
        kind,
        amount: Decimal::parse(amount).expect("an amount"),
        expires_at,
        ..Coupon::default()
    })
}

/// An applied coupon of the recorded shop.
pub(crate) fn applied(code: &str) -> AppliedCoupon {
    AppliedCoupon {
        code: code.into(),
        coupon: coupon(code),
    }
}

/// A guest whose addresses default to the shop's country and state, as the recorded carts'.
pub(crate) fn guest() -> Customer {
    Customer {
        billing: Address::new("US", "CA", "", ""),
        shipping: Address::new("US", "CA", "", ""),
        ..Customer::default()
    }
}

/// A cart of the recorded products, `(id, quantity)`, with the guest as customer.
pub(crate) fn cart_of(items: &[(i64, u32)]) -> CartInput {
    CartInput {
        lines: items.iter().map(|(id, qty)| product(*id, *qty)).collect(),
        customer: guest(),
        ..CartInput::default()
    }
}

/// Minor units, briefly.
pub(crate) fn m(minor: i64) -> Money {
    Money::from_minor(minor)
}
