//! Address checks: the posted objects (`rest_invalid_param`) and the order before payment.

use serde_json::json;

use super::*;

fn needs_shipping() -> ShippingNeeds {
    ShippingNeeds {
        needs_shipping: true,
        local_pickup_only: false,
    }
}

fn complete(country: &str, state: &str, postcode: &str) -> Address {
    Address {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        address_1: "1 Analytical Way".into(),
        city: "London".into(),
        state: state.into(),
        postcode: postcode.into(),
        country: country.into(),
        email: "ada@example.com".into(),
        ..Address::default()
    }
}

fn check(
    billing: &Address,
    shipping: &Address,
    settings: &AddressFieldSettings,
) -> Result<(), CheckoutAddressError> {
    validate_order_addresses(
        billing,
        shipping,
        needs_shipping(),
        &AllowedCountries::all(),
        settings,
    )
}

#[test]
fn posted_values_are_cleaned() {
    let patch = check_address_param(
        AddressKind::Billing,
        &json!({"country": "us", "state": "California", "postcode": "94103-1234",
                "first_name": "  Jane  ", "phone": "+1 (415) 555-0100", "email": "j@example.com",
                "unknown": "dropped"}),
    )
    .expect("valid");
    assert_eq!(patch.get("country"), Some("US"));
    assert_eq!(patch.get("state"), Some("CA"));
    assert_eq!(patch.get("postcode"), Some("94103-1234"));
    assert_eq!(patch.get("first_name"), Some("Jane"));
    assert_eq!(patch.get("unknown"), None);
    let gb = check_address_param(
        AddressKind::Shipping,
        &json!({"country": "GB", "postcode": "sw1a1aa"}),
    )
    .expect("valid");
    assert_eq!(gb.get("postcode"), Some("SW1A 1AA"));
}

#[test]
fn shipping_addresses_have_no_email() {
    let patch = check_address_param(AddressKind::Shipping, &json!({"email": "not-an-email"}))
        .expect("email is not a shipping field");
    assert!(patch.is_empty());
}

#[test]
fn posted_errors_in_woocommerce_order() {
    let errors = check_address_param(
        AddressKind::Billing,
        &json!({"country": "US", "state": "Narnia", "postcode": "ABC", "phone": "call me",
                "email": "nope"}),
    )
    .expect_err("invalid");
    let codes: Vec<&str> = errors.iter().map(|e| e.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "invalid_state",
            "invalid_postcode",
            "invalid_phone",
            "invalid_email"
        ]
    );
    assert_eq!(errors[2].message, "The provided phone number is not valid");
}

#[test]
fn unknown_country_stops_the_checks() {
    let errors = check_address_param(
        AddressKind::Billing,
        &json!({"country": "XX", "postcode": "ABC", "email": "nope"}),
    )
    .expect_err("invalid");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, "invalid_country");
}

#[test]
fn wrong_types() {
    let errors = check_address_param(AddressKind::Billing, &json!({"city": 12, "phone": ["1"]}))
        .expect_err("invalid");
    assert_eq!(
        errors,
        [
            FieldError::new("invalid_city", "Invalid city provided."),
            FieldError::new("invalid_phone", "Invalid phone provided."),
        ]
    );
    let errors = check_address_param(AddressKind::Billing, &json!("x")).expect_err("invalid");
    assert_eq!(errors[0].message, "billing_address is not of type object.");
    let nulls = check_address_param(AddressKind::Billing, &json!({"city": null})).expect("ok");
    assert_eq!(nulls.get("city"), Some(""));
}

#[test]
fn patches_merge_over_stored_addresses() {
    let mut stored = complete("GB", "", "SW1A 1AA");
    let patch = check_address_param(AddressKind::Billing, &json!({"city": "Bath"})).expect("ok");
    patch.apply_to(&mut stored);
    assert_eq!(
        (stored.city.as_str(), stored.first_name.as_str()),
        ("Bath", "Ada")
    );
    assert_eq!(
        check_address_params(None, None).expect("nothing to check"),
        (None, None)
    );
}

#[test]
fn complete_addresses_pass() {
    let us = complete("US", "CA", "94103");
    assert_eq!(check(&us, &us, &AddressFieldSettings::default()), Ok(()));
    let gb = complete("GB", "", "SW1A 1AA");
    assert_eq!(check(&gb, &gb, &AddressFieldSettings::default()), Ok(()));
}

#[test]
fn email_comes_first() {
    let mut billing = complete("US", "", "");
    billing.email.clear();
    let settings = AddressFieldSettings::default();
    assert_eq!(
        check(&billing, &billing, &settings),
        Err(CheckoutAddressError::MissingEmail)
    );
    billing.email = "bad@".into();
    let err = check(&billing, &billing, &settings).expect_err("invalid");
    assert_eq!(err.code(), "woocommerce_rest_invalid_email_address");
    assert_eq!(
        err.to_string(),
        "The provided email address (bad@) is not valid—please provide a valid email address"
    );
}

#[test]
fn countries_the_shop_does_not_serve() {
    let us = complete("US", "CA", "94103");
    let allowed = AllowedCountries {
        billing: vec!["US".into()],
        shipping: vec!["CA".into()],
    };
    let settings = AddressFieldSettings::default();
    let err = validate_order_addresses(&us, &us, needs_shipping(), &allowed, &settings)
        .expect_err("not shipped");
    assert_eq!(
        err.to_string(),
        "Sorry, we do not ship orders to the provided country (US)"
    );
    let data = serde_json::to_value(err.data()).expect("json");
    assert_eq!(data, json!({"allowed_countries": ["CA"], "status": 400}));
    let pickup = ShippingNeeds {
        needs_shipping: true,
        local_pickup_only: true,
    };
    assert_eq!(
        validate_order_addresses(&us, &us, pickup, &allowed, &settings),
        Ok(())
    );
    let fr = complete("FR", "", "75001");
    let err = validate_order_addresses(&fr, &us, pickup, &allowed, &settings).expect_err("billing");
    assert_eq!(err.code(), "woocommerce_rest_invalid_address_country");
}

#[test]
fn shipping_is_reported_first_and_only_when_needed() {
    let billing = Address {
        email: "ada@example.com".into(),
        country: "US".into(),
        state: "CA".into(),
        ..Address::default()
    };
    let settings = AddressFieldSettings::default();
    let err = check(&billing, &billing, &settings).expect_err("empty");
    let CheckoutAddressError::MissingFields(by_kind) = &err else {
        panic!("expected missing fields, got {err:?}");
    };
    assert_eq!(by_kind[0].0, AddressKind::Shipping);
    assert_eq!(by_kind[1].0, AddressKind::Billing);
    assert!(err.to_string().starts_with(
        "There was a problem with the provided shipping address: ZIP Code is required"
    ));
    let virtual_only = ShippingNeeds {
        needs_shipping: false,
        local_pickup_only: false,
    };
    let err = validate_order_addresses(
        &billing,
        &Address::default(),
        virtual_only,
        &AllowedCountries::all(),
        &settings,
    )
    .expect_err("billing incomplete");
    let CheckoutAddressError::MissingFields(by_kind) = &err else {
        panic!("expected missing fields");
    };
    assert_eq!(by_kind.len(), 1);
}

#[test]
fn locale_and_shop_settings_decide_what_is_required() {
    // Germany: the state is optional, the postcode comes before the city.
    let settings = AddressFieldSettings::default();
    let de = Address {
        country: "DE".into(),
        ..Address::default()
    };
    assert_eq!(
        settings.missing_fields(&de),
        [
            "Postcode / ZIP is required",
            "First name is required",
            "Last name is required",
            "Street address is required",
            "Town / City is required"
        ]
    );
    let strict = AddressFieldSettings {
        phone: FieldMode::Required,
        company: FieldMode::Required,
        address_2: FieldMode::Hidden,
    };
    let missing = strict.missing_fields(&complete("US", "CA", "94103"));
    assert_eq!(missing, ["Company name is required", "Phone is required"]);
}

#[test]
fn hidden_fields_are_blanked() {
    let settings = AddressFieldSettings {
        address_2: FieldMode::Hidden,
        ..AddressFieldSettings::default()
    };
    let mut address = complete("US", "CA", "94103");
    address.address_2 = "Flat 2".into();
    settings.blank_hidden_fields(&mut address);
    assert_eq!(address.address_2, "");
    assert_eq!(address.city, "London");
    // A country that hides fields (Botswana: postcode and state) blanks them, never asks.
    let mut bw = complete("BW", "Central", "0000");
    let defaults = AddressFieldSettings::default();
    let hidden: Vec<_> = defaults
        .check_order("BW")
        .into_iter()
        .filter(|f| f.hidden)
        .map(|f| f.field)
        .collect();
    assert_eq!(
        hidden,
        [
            crate::geo::AddressField::Postcode,
            crate::geo::AddressField::State
        ]
    );
    defaults.blank_hidden_fields(&mut bw);
    assert_eq!((bw.postcode.as_str(), bw.state.as_str()), ("", ""));
    assert_eq!(defaults.missing_fields(&bw), Vec::<String>::new());
}

#[test]
fn a_state_from_another_country_is_blanked() {
    let settings = AddressFieldSettings::default();
    // California's code left on a French address (France has no state field or list).
    let mut fr = complete("FR", "CA", "75001");
    settings.fit(&mut fr);
    assert_eq!(fr.state, "");
    // New York's code on a Canadian address: Canada has a list without it; the province is
    // then missing, and said so.
    let mut ca = complete("CA", "NY", "K1A 0B1");
    settings.fit(&mut ca);
    assert_eq!(ca.state, "");
    assert_eq!(settings.missing_fields(&ca), ["Province is required"]);
    // A state of the country's own list stays, a name becomes its code.
    let mut us = complete("US", "California", "94103");
    settings.fit(&mut us);
    assert_eq!(us.state, "CA");
    // A free-text county stays as typed.
    let mut gb = complete("GB", "Kent", "ME1 1AA");
    settings.fit(&mut gb);
    assert_eq!(gb.state, "Kent");
}

#[test]
fn every_address_problem_is_listed_in_order() {
    let settings = AddressFieldSettings::default();
    let allowed = AllowedCountries::all();
    let mut billing = complete("US", "CA", "94103");
    billing.email = String::new();
    billing.first_name = String::new();
    let problems =
        order_address_problems(&billing, &billing, needs_shipping(), &allowed, &settings);
    let codes: Vec<&str> = problems.iter().map(CheckoutAddressError::code).collect();
    assert_eq!(
        codes,
        [
            "woocommerce_rest_missing_email_address",
            "woocommerce_rest_invalid_address"
        ]
    );
    assert_eq!(
        validate_order_addresses(&billing, &billing, needs_shipping(), &allowed, &settings),
        Err(problems[0].clone())
    );
}

#[test]
fn fields_longer_than_their_limit_are_refused() {
    let long_name = "a".repeat(crate::limits::MAX_ADDRESS_FIELD_CHARS + 1);
    let long_postcode = "9".repeat(crate::limits::MAX_POSTCODE_CHARS + 1);
    let errors = check_address_param(
        AddressKind::Billing,
        &json!({"first_name": long_name, "postcode": long_postcode, "city": "London"}),
    )
    .expect_err("too long");
    assert_eq!(errors.len(), 2);
    assert_eq!(errors[0].code, "rest_too_long");
    assert_eq!(
        errors[0].message,
        "billing_address[first_name] must be at most 200 characters long."
    );
    assert_eq!(errors[0].key(), "first_name");
    assert_eq!(errors[1].key(), "postcode");
    // At the limit is fine, counted in characters.
    let at_limit = "é".repeat(crate::limits::MAX_ADDRESS_FIELD_CHARS);
    check_address_param(AddressKind::Shipping, &json!({"city": at_limit})).expect("at the limit");
    // The Store API's `details` do not carry the key.
    let json = serde_json::to_value(&errors[0]).expect("json");
    assert!(json.get("field").is_none());
}

#[test]
fn local_pickup_only_when_every_chosen_method_is_pickup() {
    let needs = |methods: &[&str]| ShippingNeeds::new(true, methods.iter().copied());
    assert!(needs(&["pickup_location"]).local_pickup_only);
    assert!(needs(&["local_pickup", "pickup_location"]).local_pickup_only);
    assert!(!needs(&["pickup_location", "flat_rate"]).local_pickup_only);
    assert!(
        !needs(&[]).local_pickup_only,
        "nothing chosen is not pickup"
    );
    assert!(!ShippingNeeds::new(false, []).needs_shipping);
    assert!(is_local_pickup_method("local_pickup") && !is_local_pickup_method("free_shipping"));
}
