//! The pricing configuration a cart is priced with: tax settings and rates, shipping zones,
//! coupon settings, from the `options` table through `options::get_recent` (kept parsed for
//! a second: a change made in this process is seen at once, one made by another process
//! within that second).
//!
//! Unset options default to the reference shop of the recorded WooCommerce exchanges: one
//! 8.25 % "CA Tax" rate for US/CA, a US zone with a $10 flat rate and free shipping from
//! $100, and local pickup at the SF Store.

use mercato_core::money::Money;
use mercato_core::pricing::{
    Address, CouponSettings, FlatRate, FreeShipping, FreeShippingRequires, LocalPickup,
    PickupLocation, ShippingMethod, ShippingSettings, ShippingZone, TaxRate, TaxSettings,
};
use mercato_core::settings::ShopSettings;
use mercato_db::{Db, DbResult, options};

/// Option names.
pub const TAX_OPTION: &str = "tax";
/// Option holding every tax rate.
pub const TAX_RATES_OPTION: &str = "tax_rates";
/// Option holding zones and methods.
pub const SHIPPING_OPTION: &str = "shipping";
/// Option holding the coupon settings.
pub const COUPON_SETTINGS_OPTION: &str = "coupon_settings";

/// Everything pricing needs besides the cart.
#[derive(Debug, Clone, PartialEq)]
pub struct PricingSettings {
    /// Tax settings.
    pub tax: TaxSettings,
    /// Every tax rate.
    pub tax_rates: Vec<TaxRate>,
    /// Zones and methods.
    pub shipping: ShippingSettings,
    /// Coupon settings.
    pub coupons: CouponSettings,
    /// The shop's base address (taxes of prices entered with tax, default customer address).
    pub base: Address,
}

impl PricingSettings {
    /// The reference shop's settings, used for every option not set.
    pub fn reference(shop: &ShopSettings) -> Self {
        PricingSettings {
            tax: TaxSettings::default(),
            tax_rates: reference_tax_rates(),
            shipping: reference_shipping(),
            coupons: CouponSettings::default(),
            base: base_address(shop),
        }
    }

    /// The stored settings, each defaulting to the reference shop's.
    pub async fn load(db: &Db, shop: &ShopSettings) -> DbResult<Self> {
        let tax = options::get_recent(db, TAX_OPTION)
            .await?
            .unwrap_or_default();
        let tax_rates = options::get_recent(db, TAX_RATES_OPTION)
            .await?
            .unwrap_or_else(reference_tax_rates);
        let shipping = options::get_recent(db, SHIPPING_OPTION)
            .await?
            .unwrap_or_else(reference_shipping);
        let coupons = options::get_recent(db, COUPON_SETTINGS_OPTION)
            .await?
            .unwrap_or_default();
        Ok(PricingSettings {
            tax,
            tax_rates,
            shipping,
            coupons,
            base: base_address(shop),
        })
    }
}

/// The shop's base country and state as a pricing address.
pub fn base_address(shop: &ShopSettings) -> Address {
    Address::new(&shop.base_country, &shop.base_state, "", "")
}

/// The reference shop's one rate: 8.25 % "CA Tax" for US/CA, also on shipping.
pub fn reference_tax_rates() -> Vec<TaxRate> {
    vec![TaxRate {
        id: 1,
        country: "US".into(),
        state: "CA".into(),
        rate: mercato_core::pricing::Decimal::parse("8.25").unwrap_or_default(),
        name: "CA Tax".into(),
        priority: 1,
        shipping: true,
        ..TaxRate::default()
    }]
}

/// The reference shop's shipping: the US zone (flat rate $10, free shipping from $100 with
/// discounts counted) and pickup at the SF Store wherever the package goes.
pub fn reference_shipping() -> ShippingSettings {
    let store = Address {
        address_1: "2000 Mission St".into(),
        ..Address::new("US", "CA", "94110", "San Francisco")
    };
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
                address: store,
                details: "Open 9-5".into(),
                ..PickupLocation::default()
            }],
            ..LocalPickup::default()
        })],
        ..ShippingSettings::default()
    }
}
