//! Zones in order, flat rate formulas and class costs, free shipping thresholds and coupons,
//! local pickup, packages and the remembered choice.

use std::collections::BTreeMap;

use super::fixtures::*;
use crate::money::Money;
use crate::pricing::*;

fn flat(instance_id: u32, cost: &str) -> ShippingMethod {
    ShippingMethod::FlatRate(FlatRate {
        instance_id,
        cost: cost.into(),
        ..FlatRate::default()
    })
}

fn zone(
    id: u32,
    order: i32,
    regions: &[&str],
    postcodes: &[&str],
    methods: Vec<ShippingMethod>,
) -> ShippingZone {
    ShippingZone {
        id,
        name: format!("Zone {id}"),
        order,
        regions: regions.iter().map(|r| (*r).to_owned()).collect(),
        postcodes: postcodes.iter().map(|p| (*p).to_owned()).collect(),
        methods,
    }
}

fn rate_ids(totals: &CartTotals) -> Vec<String> {
    totals
        .packages
        .iter()
        .flat_map(|p| p.rates.iter().map(|r| r.rate_id.clone()))
        .collect()
}

fn selected(totals: &CartTotals) -> Option<String> {
    totals
        .packages
        .first()?
        .selected_rate()
        .map(|r| r.rate_id.clone())
}

fn ship_to(cart: &mut CartInput, country: &str, state: &str, postcode: &str) {
    cart.customer.shipping = Address::new(country, state, postcode, "");
}

#[test]
fn zones_are_tried_in_order() {
    let settings = ShippingSettings {
        zones: vec![
            zone(1, 2, &["US"], &[], vec![flat(1, "10")]),
            zone(2, 1, &["US:CA"], &[], vec![flat(2, "7")]),
            zone(
                3,
                0,
                &["US"],
                &["100*", "90210...90299"],
                vec![flat(3, "20")],
            ),
            zone(4, 3, &[], &[], vec![flat(4, "30")]),
        ],
        rest_of_world: vec![flat(9, "50")],
        ..ShippingSettings::default()
    };
    let id = |country: &str, state: &str, postcode: &str| {
        zone_for(&settings, &Address::new(country, state, postcode, "")).map(|z| z.id)
    };
    assert_eq!(id("US", "NY", "10001"), Some(3));
    assert_eq!(id("US", "CA", "90250"), Some(3));
    assert_eq!(id("US", "CA", "94103"), Some(2));
    assert_eq!(id("us", "ny", "12345"), Some(1));
    assert_eq!(
        id("FR", "", "75001"),
        Some(4),
        "a zone without regions matches everywhere"
    );
    let without_catch_all = ShippingSettings {
        zones: settings.zones[..3].to_vec(),
        ..settings.clone()
    };
    assert_eq!(
        zone_for(&without_catch_all, &Address::new("FR", "", "", "")),
        None
    );
    let methods = methods_for(&without_catch_all, &Address::new("FR", "", "", ""));
    assert!(matches!(methods.as_slice(), [ShippingMethod::FlatRate(f)] if f.instance_id == 9));
}

#[test]
fn flat_rate_formulas_and_class_costs() {
    let mut shop = Shop::reference();
    let mut cart = cart_of(&[(17, 3), (38, 1)]);
    cart.lines[1].shipping_class = "bulky".into();
    let rate = |shop: &Shop, method: FlatRate| {
        let mut shop_settings = shop.shipping.clone();
        shop_settings.zones[0].methods = vec![ShippingMethod::FlatRate(method)];
        shop_settings.everywhere.clear();
        let local = Shop {
            shipping: shop_settings,
            tax: shop.tax.clone(),
            ..Shop::reference()
        };
        let totals = calculate(&cart, &local.ctx());
        totals
            .packages
            .first()
            .and_then(|p| p.rates.first())
            .map(|r| (r.cost, r.taxes))
    };
    let per_item = FlatRate {
        instance_id: 1,
        cost: "2 + 1.5 * [qty]".into(),
        ..FlatRate::default()
    };
    assert_eq!(rate(&shop, per_item), Some((m(800), m(66))));
    let with_fee = FlatRate {
        instance_id: 1,
        cost: "5 + [fee percent=\"10\" min_fee=\"2\" max_fee=\"8\"]".into(),
        ..FlatRate::default()
    };
    // 10 % of 99.00 is 9.90, capped at 8.
    assert_eq!(rate(&shop, with_fee).map(|r| r.0), Some(m(1300)));
    let classes = FlatRate {
        instance_id: 1,
        cost: "1".into(),
        class_costs: BTreeMap::from([("bulky".to_owned(), "4 * [qty]".to_owned())]),
        no_class_cost: "[cost] / 10".into(),
        ..FlatRate::default()
    };
    // 1 + bulky 4 + no class 54.00 / 10.
    assert_eq!(rate(&shop, classes.clone()).map(|r| r.0), Some(m(1040)));
    let per_order = FlatRate {
        calculation: ClassCalculation::PerOrder,
        ..classes
    };
    assert_eq!(rate(&shop, per_order).map(|r| r.0), Some(m(640)));
    let untaxed = FlatRate {
        instance_id: 1,
        cost: "10".into(),
        taxable: false,
        ..FlatRate::default()
    };
    assert_eq!(rate(&shop, untaxed), Some((m(1000), Money::ZERO)));
    let no_cost = FlatRate {
        instance_id: 1,
        ..FlatRate::default()
    };
    assert_eq!(rate(&shop, no_cost), None);
    let broken = FlatRate {
        instance_id: 1,
        cost: "10 +* x".into(),
        ..FlatRate::default()
    };
    assert_eq!(rate(&shop, broken), None, "a broken formula offers no rate");
    shop.tax.enabled = false;
    let plain = FlatRate {
        instance_id: 1,
        cost: "10".into(),
        ..FlatRate::default()
    };
    assert_eq!(rate(&shop, plain), Some((m(1000), Money::ZERO)));
}

#[test]
fn free_shipping_thresholds_count_discounts_unless_told_not_to() {
    let shop = Shop::reference();
    // $99.00: not yet.
    let below = calculate(&cart_of(&[(17, 3), (38, 1)]), &shop.ctx());
    assert_eq!(rate_ids(&below), vec!["flat_rate:1", "pickup_location:0"]);
    // $108.00 reaches it, but the 10 % coupon brings it back to $97.20.
    let mut cart = cart_of(&[(17, 6)]);
    let above = calculate(&cart, &shop.ctx());
    assert_eq!(
        rate_ids(&above),
        vec!["flat_rate:1", "free_shipping:2", "pickup_location:0"]
    );
    assert_eq!(selected(&above).as_deref(), Some("flat_rate:1"));
    cart.coupons = vec![applied("ten")];
    let discounted = calculate(&cart, &shop.ctx());
    assert_eq!(
        rate_ids(&discounted),
        vec!["flat_rate:1", "pickup_location:0"]
    );
    let mut ignoring = Shop::reference();
    if let ShippingMethod::FreeShipping(free) = &mut ignoring.shipping.zones[0].methods[1] {
        free.ignore_discounts = true;
    }
    let counted = calculate(&cart, &ignoring.ctx());
    assert!(rate_ids(&counted).contains(&"free_shipping:2".to_owned()));
    // Exactly the minimum is enough.
    let mut exact = cart_of(&[(38, 2)]);
    exact.lines[0].unit_price = m(5000);
    assert!(rate_ids(&calculate(&exact, &shop.ctx())).contains(&"free_shipping:2".to_owned()));
}

#[test]
fn free_shipping_coupons() {
    let mut shop = Shop::reference();
    let requires = |shop: &mut Shop, requires: FreeShippingRequires| {
        if let ShippingMethod::FreeShipping(free) = &mut shop.shipping.zones[0].methods[1] {
            free.requires = requires;
        }
    };
    let gift = Coupon {
        id: 5,
        code: "shipfree".into(),
        kind: CouponKind::FixedCart,
        free_shipping: true,
        ..Coupon::default()
    };
    let mut small = cart_of(&[(17, 1)]);
    let offered = |shop: &Shop, cart: &CartInput| {
        rate_ids(&calculate(cart, &shop.ctx())).contains(&"free_shipping:2".to_owned())
    };
    requires(&mut shop, FreeShippingRequires::Coupon);
    assert!(!offered(&shop, &small));
    small.coupons = vec![AppliedCoupon {
        code: "shipfree".into(),
        coupon: Some(gift.clone()),
    }];
    assert!(offered(&shop, &small));
    // With a free shipping coupon, free shipping is chosen by default.
    assert_eq!(
        selected(&calculate(&small, &shop.ctx())).as_deref(),
        Some("free_shipping:2")
    );
    requires(&mut shop, FreeShippingRequires::Both);
    assert!(!offered(&shop, &small));
    requires(&mut shop, FreeShippingRequires::Either);
    assert!(offered(&shop, &small));
    requires(&mut shop, FreeShippingRequires::None);
    assert!(offered(&shop, &cart_of(&[(17, 1)])));
}

#[test]
fn pickup_locations_offer_one_rate_each_and_tax_at_the_location() {
    let mut shop = Shop::reference();
    if let ShippingMethod::LocalPickup(pickup) = &mut shop.shipping.everywhere[0] {
        pickup.locations.insert(
            0,
            PickupLocation {
                name: "Closed".into(),
                enabled: false,
                ..PickupLocation::default()
            },
        );
        pickup.locations.push(PickupLocation {
            name: "Depot".into(),
            address: Address::new("US", "CA", "90001", "Los Angeles"),
            cost: Some(m(300)),
            ..PickupLocation::default()
        });
        pickup.taxable = true;
    }
    let mut cart = cart_of(&[(17, 1)]);
    ship_to(&mut cart, "US", "NY", "10001");
    let totals = calculate(&cart, &shop.ctx());
    let package = &totals.packages[0];
    let pickups: Vec<(&str, &str, Money)> = package
        .rates
        .iter()
        .filter(|r| r.method_id == "pickup_location")
        .map(|r| (r.rate_id.as_str(), r.name.as_str(), r.cost))
        .collect();
    assert_eq!(
        pickups,
        vec![
            ("pickup_location:1", "Pickup (SF Store)", Money::ZERO),
            ("pickup_location:2", "Pickup (Depot)", m(300)),
        ]
    );
    let depot = &package.rates[2];
    assert_eq!(depot.meta_data[1].value, "Los Angeles, CA 90001");
    assert_eq!(depot.instance_id, 0);
    // Shipped to New York there is no tax; collected in California there is.
    assert_eq!(totals.totals.total_tax, Money::ZERO);
    cart.chosen_rates.insert(0, "pickup_location:2".into());
    let collected = calculate(&cart, &shop.ctx());
    assert_eq!(selected(&collected).as_deref(), Some("pickup_location:2"));
    assert_eq!(collected.lines[0].line_total_tax, m(149));
    assert_eq!(collected.totals.total_shipping, Some(m(300)));
    assert_eq!(collected.totals.total_shipping_tax, Some(m(25)));
    assert_eq!(
        collected.chosen_rates.get(&0).map(String::as_str),
        Some("pickup_location:2")
    );
}

#[test]
fn virtual_items_need_no_shipping() {
    let shop = Shop::reference();
    let mut download = product(17, 2);
    download.needs_shipping = false;
    let only_virtual = CartInput {
        lines: vec![download.clone()],
        customer: guest(),
        ..CartInput::default()
    };
    let totals = calculate(&only_virtual, &shop.ctx());
    assert!(!totals.needs_shipping);
    assert!(totals.packages.is_empty());
    assert_eq!(totals.totals.total_shipping, Some(Money::ZERO));
    let mut mixed = cart_of(&[(38, 1)]);
    mixed.lines.insert(0, download);
    let totals = calculate(&mixed, &shop.ctx());
    assert!(totals.needs_shipping);
    let items: Vec<&str> = totals.packages[0]
        .items
        .iter()
        .map(|i| i.name.as_str())
        .collect();
    assert_eq!(items, vec!["Hoodie - Blue, Yes"]);
}

#[test]
fn the_choice_is_remembered_while_offered() {
    let shop = Shop::reference();
    let mut cart = cart_of(&[(17, 1)]);
    cart.chosen_rates.insert(0, "pickup_location:0".into());
    assert_eq!(
        selected(&calculate(&cart, &shop.ctx())).as_deref(),
        Some("pickup_location:0")
    );
    cart.chosen_rates.insert(0, "free_shipping:2".into());
    let totals = calculate(&cart, &shop.ctx());
    assert_eq!(selected(&totals).as_deref(), Some("flat_rate:1"));
    assert!(!totals.offers_rate(0, "free_shipping:2"));
    assert!(totals.offers_rate(0, "pickup_location:0"));
    assert!(!totals.offers_rate(1, "flat_rate:1"));
}

#[test]
fn shipping_waits_for_an_address_when_the_shop_says_so() {
    let mut shop = Shop::reference();
    shop.shipping.cost_requires_address = true;
    let mut cart = cart_of(&[(17, 1)]);
    let totals = calculate(&cart, &shop.ctx());
    assert!(!totals.has_calculated_shipping);
    assert!(totals.packages.is_empty());
    assert_eq!(totals.totals.total_shipping, None);
    assert_eq!(totals.totals.total_price, m(1949));
    cart.customer.shipping = Address::new("US", "CA", "94103", "San Francisco");
    assert!(calculate(&cart, &shop.ctx()).has_calculated_shipping);
    let empty = calculate(&CartInput::default(), &Shop::reference().ctx());
    assert!(!empty.has_calculated_shipping);
    assert!(!empty.needs_shipping);
    assert_eq!(empty.totals.total_price, Money::ZERO);
}

#[test]
fn addresses_format_like_woocommerce() {
    let address = Address {
        address_1: "1 Rue de Rivoli".into(),
        ..Address::new("FR", "", "75001", "Paris")
    };
    assert_eq!(
        format_address(&address, "US"),
        "1 Rue de Rivoli, 75001 PARIS, France"
    );
    let sf = Address {
        address_1: "2000 Mission St".into(),
        ..Address::new("US", "CA", "94110", "San Francisco")
    };
    assert_eq!(
        format_address(&sf, "US"),
        "2000 Mission St, San Francisco, CA 94110"
    );
}
