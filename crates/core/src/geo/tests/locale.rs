use crate::geo::{
    AddressField, FieldLocale, address_field, address_fields, address_format, countries,
    locale_overrides,
};

fn keys(fields: &[FieldLocale]) -> Vec<&'static str> {
    fields.iter().map(|f| f.field.key()).collect()
}

#[test]
fn defaults_follow_woocommerce() {
    let fields = address_fields("ZZ");
    assert_eq!(
        keys(&fields),
        [
            "first_name",
            "last_name",
            "company",
            "country",
            "address_1",
            "address_2",
            "city",
            "state",
            "postcode",
            "phone"
        ]
    );
    let street = address_field("ZZ", AddressField::Address1);
    assert_eq!(street.label, "Street address");
    assert_eq!(street.placeholder, Some("House number and street name"));
    assert_eq!(street.priority, 50);
    let required: Vec<_> = AddressField::ALL
        .into_iter()
        .filter(|f| f.default_locale().required)
        .map(AddressField::key)
        .collect();
    assert_eq!(
        required,
        [
            "first_name",
            "last_name",
            "address_1",
            "city",
            "postcode",
            "country",
            "state"
        ]
    );
    let priorities: Vec<u32> = AddressField::ALL
        .map(|f| f.default_locale().priority)
        .to_vec();
    assert_eq!(priorities, [10, 20, 30, 50, 60, 70, 90, 40, 80, 100]);
    assert_eq!(
        address_field("ZZ", AddressField::Company).optional_label(),
        "Company name (optional)"
    );
}

#[test]
fn field_keys_round_trip() {
    for field in AddressField::ALL {
        assert_eq!(AddressField::from_key(field.key()), Some(field));
    }
    assert_eq!(AddressField::from_key("email"), None);
}

#[test]
fn us_gb_ca_labels() {
    let us = |f| address_field("US", f);
    assert_eq!(us(AddressField::State).label, "State");
    assert_eq!(us(AddressField::Postcode).label, "ZIP Code");
    assert!(us(AddressField::State).required);
    let gb_state = address_field("GB", AddressField::State);
    assert_eq!(
        (gb_state.label, gb_state.required, gb_state.hidden),
        ("County", false, false)
    );
    assert_eq!(
        address_field("GB", AddressField::Postcode).label,
        "Postcode"
    );
    assert_eq!(address_field("ca", AddressField::State).label, "Province");
    assert_eq!(address_field("IE", AddressField::Postcode).label, "Eircode");
}

#[test]
fn state_is_hidden_or_optional_in_much_of_europe() {
    for country in ["AT", "FR", "NL", "SE", "PL", "BE", "DK", "FI", "PT", "CZ"] {
        let state = address_field(country, AddressField::State);
        assert!(state.hidden && !state.required, "{country}");
    }
    let de = address_field("DE", AddressField::State);
    assert!(!de.hidden && !de.required);
    assert_eq!(address_field("DE", AddressField::Postcode).priority, 65);
}

#[test]
fn japan_puts_family_name_and_postcode_first() {
    assert_eq!(
        keys(&address_fields("JP")),
        [
            "last_name",
            "first_name",
            "company",
            "country",
            "postcode",
            "state",
            "city",
            "address_1",
            "address_2",
            "phone"
        ]
    );
    assert_eq!(address_field("JP", AddressField::State).label, "Prefecture");
}

#[test]
fn countries_without_postcodes_hide_them() {
    for country in [
        "AO", "BS", "BO", "BW", "MZ", "NG", "UG", "AE", "ZW", "WS", "SR",
    ] {
        let postcode = address_field(country, AddressField::Postcode);
        assert!(postcode.hidden && !postcode.required, "{country}");
    }
    let bh = address_field("BH", AddressField::Postcode);
    assert!(!bh.hidden && !bh.required);
}

#[test]
fn a_hidden_field_is_never_required() {
    for country in countries() {
        for field in address_fields(country.code) {
            assert!(
                !(field.hidden && field.required),
                "{} {:?}",
                country.code,
                field.field
            );
        }
    }
}

#[test]
fn fields_are_sorted_by_priority_and_complete() {
    for country in countries() {
        let fields = address_fields(country.code);
        assert_eq!(fields.len(), 10);
        assert!(
            fields.windows(2).all(|w| w[0].priority <= w[1].priority),
            "{}",
            country.code
        );
    }
}

#[test]
fn overrides_and_formats_are_looked_up_case_insensitively() {
    assert_eq!(locale_overrides("us"), locale_overrides("US"));
    assert!(locale_overrides("TW").is_empty());
    assert_eq!(
        address_format("us"),
        "{name}\n{company}\n{address_1}\n{address_2}\n{city}, {state_code} {postcode}\n{country}"
    );
    assert_eq!(address_format("GB"), crate::geo::default_address_format());
}
