//! The demo shop's pricing: tax rates, shipping zones and coupons, stored under the option
//! names the cart reads (`tax`, `tax_rates`, `shipping`, `coupon_settings`) and in the
//! coupons table. Only what is missing is written, so loading again keeps a merchant's
//! changes (made with `mercato settings set` / `mercato coupons set`).

use mercato_core::catalogue::CategoryId;
use mercato_core::money::Money;
use mercato_core::pricing::{
    Address, Coupon, CouponKind, CouponSettings, Decimal, FlatRate, FreeShipping,
    FreeShippingRequires, LocalPickup, PickupLocation, ShippingMethod, ShippingSettings,
    ShippingZone, TaxRate, TaxSettings,
};
use mercato_db::catalogue as store;
use mercato_db::{Db, coupons, options};
use serde::Serialize;

/// The European Union's countries (the EU shipping zone).
const EU: [&str; 27] = [
    "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV",
    "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
];

/// 2020-01-01T00:00:00Z, when the `expired` coupon expired.
const EXPIRED_AT: i64 = 1_577_836_800;

fn decimal(text: &str) -> Decimal {
    Decimal::parse(text).unwrap_or_default()
}

/// US state sales taxes (also on shipping) and British VAT.
pub fn tax_rates() -> Vec<TaxRate> {
    let rates: [(&str, &str, &str, &str); 6] = [
        ("US", "CA", "8.25", "CA Tax"),
        ("US", "NY", "8.875", "NY Tax"),
        ("US", "TX", "6.25", "TX Tax"),
        ("US", "WA", "6.5", "WA Tax"),
        ("US", "FL", "6", "FL Tax"),
        ("GB", "", "20", "VAT"),
    ];
    rates
        .into_iter()
        .zip(1..)
        .map(|((country, state, rate, name), id)| TaxRate {
            id,
            country: country.into(),
            state: state.into(),
            rate: decimal(rate),
            name: name.into(),
            priority: 1,
            shipping: true,
            ..TaxRate::default()
        })
        .collect()
}

/// A zone with a flat rate of `base` plus `per_item` for each item, free from $100.
fn zone(id: u32, name: &str, regions: &[&str], base: &str, per_item: &str) -> ShippingZone {
    ShippingZone {
        id,
        name: name.into(),
        order: i32::try_from(id).unwrap_or(0),
        regions: regions.iter().map(|r| (*r).to_owned()).collect(),
        postcodes: Vec::new(),
        methods: vec![
            ShippingMethod::FlatRate(FlatRate {
                instance_id: id * 2 - 1,
                cost: format!("{base} + {per_item} * [qty]"),
                ..FlatRate::default()
            }),
            ShippingMethod::FreeShipping(FreeShipping {
                instance_id: id * 2,
                requires: FreeShippingRequires::MinAmount,
                min_amount: Money::from_minor(10_000),
                ..FreeShipping::default()
            }),
        ],
    }
}

/// The US, the UK and the EU, each with a per-item flat rate and free shipping over $100;
/// pickup at the studio or the warehouse from anywhere.
pub fn shipping() -> ShippingSettings {
    let pickup =
        |name: &str, street: &str, postcode: &str, city: &str, details: &str| PickupLocation {
            name: name.into(),
            address: Address {
                address_1: street.into(),
                ..Address::new("US", "CA", postcode, city)
            },
            details: details.into(),
            ..PickupLocation::default()
        };
    ShippingSettings {
        zones: vec![
            zone(1, "United States", &["US"], "5.00", "1.00"),
            zone(2, "United Kingdom", &["GB"], "8.00", "2.00"),
            zone(3, "European Union", &EU, "10.00", "2.00"),
        ],
        everywhere: vec![ShippingMethod::LocalPickup(LocalPickup {
            locations: vec![
                pickup(
                    "Mercato Studio, San Francisco",
                    "600 Valencia St",
                    "94110",
                    "San Francisco",
                    "Mon-Fri 10-6",
                ),
                pickup(
                    "Mercato Warehouse, Oakland",
                    "1500 Broadway",
                    "94612",
                    "Oakland",
                    "Sat 9-1",
                ),
            ],
            ..LocalPickup::default()
        })],
        ..ShippingSettings::default()
    }
}

/// The demo coupons; `tees20` needs the T-shirts category's id.
pub fn coupons(tshirts: Option<CategoryId>) -> Vec<Coupon> {
    let coupon = |code: &str, kind: CouponKind, amount: &str| Coupon {
        code: code.into(),
        kind,
        amount: decimal(amount),
        ..Coupon::default()
    };
    vec![
        coupon("welcome10", CouponKind::Percent, "10"),
        coupon("five", CouponKind::FixedCart, "5"),
        Coupon {
            free_shipping: true,
            ..coupon("freeship", CouponKind::FixedCart, "0")
        },
        Coupon {
            expires_at: Some(EXPIRED_AT),
            ..coupon("expired", CouponKind::Percent, "10")
        },
        Coupon {
            individual_use: true,
            ..coupon("solo", CouponKind::Percent, "15")
        },
        Coupon {
            category_ids: tshirts.into_iter().collect(),
            ..coupon("tees20", CouponKind::Percent, "20")
        },
    ]
}

async fn set_if_missing<T: Serialize>(db: &Db, name: &str, value: &T) -> anyhow::Result<bool> {
    if options::get::<serde_json::Value>(db, name).await?.is_some() {
        return Ok(false);
    }
    options::set(db, name, value).await?;
    Ok(true)
}

/// Writes the settings and coupons that are missing; returns how many coupons were added.
pub async fn load(db: &Db) -> anyhow::Result<usize> {
    set_if_missing(db, "tax", &TaxSettings::default()).await?;
    set_if_missing(db, "tax_rates", &tax_rates()).await?;
    set_if_missing(db, "shipping", &shipping()).await?;
    set_if_missing(db, "coupon_settings", &CouponSettings::default()).await?;
    let taxonomy = store::load_taxonomy(db).await?;
    let tshirts = taxonomy
        .categories
        .find_by_names(&["Clothing", "T-shirts"])
        .map(|c| c.id);
    let mut added = 0;
    for coupon in coupons(tshirts) {
        if coupons::get_by_code(db, &coupon.code).await?.is_none() {
            coupons::save(db, &coupon).await?;
            added += 1;
        }
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use mercato_core::pricing::check_cost_formula;

    use super::*;

    #[test]
    fn every_flat_rate_formula_evaluates() {
        let settings = shipping();
        for zone in &settings.zones {
            for method in &zone.methods {
                if let ShippingMethod::FlatRate(rate) = method {
                    assert!(check_cost_formula(&rate.cost).is_ok(), "{}", rate.cost);
                }
            }
        }
        assert!(tax_rates().iter().all(|r| r.rate != Decimal::default()));
    }
}
