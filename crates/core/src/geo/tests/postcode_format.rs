//! How postcodes are formatted, and properties that tie formatting to validation.

use proptest::prelude::*;

use crate::geo::{format_postcode, validate_postcode};

#[test]
fn formats_each_country_its_own_way() {
    let cases = [
        ("GB", "SW1A1AA", "SW1A 1AA"),
        ("GB", "  sw1a   1aa ", "SW1A 1AA"),
        ("GB", "m11ae", "M1 1AE"),
        ("GB", "bfpo 1234", "BFPO 1234"),
        ("GB", "BFPO1", "BFPO 1"),
        ("UK", "ec1a1bb", "EC1A 1BB"),
        ("JE", "je23xp", "JE2 3XP"),
        ("FK", "fiqq1zz", "FIQQ 1ZZ"),
        ("CA", "A1A1A1", "A1A 1A1"),
        ("CA", "k1a 0b1", "K1A 0B1"),
        ("IE", "D02AF30", "D02 AF30"),
        ("IE", "d02-af30", "D02 AF30"),
        ("NL", "1234ab", "1234 AB"),
        ("BR", "12345678", "12345-678"),
        ("BR", "12345-678", "12345-678"),
        ("PL", "12345", "12-345"),
        ("JP", "1234567", "123-4567"),
        ("JP", "123 4567", "123-4567"),
        ("PT", "1000001", "1000-001"),
        ("PT", "1000", "1000"),
        ("SE", "12345", "123 45"),
        ("SE", "se-12345", "SE-123 45"),
        ("SE", "SE- 123 45", "SE-123 45"),
        ("SE", "SE-SE-12345", "SE-SE-12345"),
        ("CZ", "11000", "110 00"),
        ("US", "12345-6789", "12345-6789"),
        ("US", "123456789", "12345-6789"),
        ("US", "12345 6789", "12345-6789"),
        ("US", "12345", "12345"),
        ("IN", "110 001", "110001"),
        ("DE", " 10 115 ", "10115"),
        ("KY", "ky1-1001", "KY1-1001"),
        ("OM", "pc  112", "PC 112"),
        ("AE", "  abc   def ", "ABC DEF"),
        ("US", "", ""),
    ];
    for (country, input, expected) in cases {
        assert_eq!(
            format_postcode(country, input),
            expected,
            "{country} {input:?}"
        );
    }
}

#[test]
fn a_badly_shaped_postcode_is_only_tidied() {
    assert_eq!(format_postcode("CA", "k1a 0b"), "K1A 0B");
    assert_eq!(format_postcode("GB", "sw1a-1aa"), "SW1A-1AA");
    assert_eq!(format_postcode("US", "abc"), "ABC");
    assert_eq!(format_postcode("JP", "12-34567"), "123-4567");
}

const SAMPLE: &[&str] = &[
    "US", "CA", "GB", "UK", "JE", "IE", "NL", "BR", "PL", "JP", "PT", "SE", "CZ", "IN", "DE", "FI",
    "FK", "LB", "INTL", "AE", "ZZ",
];

proptest! {
    #[test]
    fn formatting_is_idempotent(index in 0..SAMPLE.len(), input in "[ a-zA-Z0-9-]{0,12}") {
        let country = SAMPLE[index];
        let once = format_postcode(country, &input);
        prop_assert_eq!(format_postcode(country, &once), once.clone());
        prop_assert_eq!(once.trim(), once.as_str());
        prop_assert!(!once.contains("  "));
    }

    #[test]
    fn validation_sees_the_formatted_postcode(index in 0..SAMPLE.len(), input in "\\PC{0,12}") {
        let country = SAMPLE[index];
        let formatted = format_postcode(country, &input);
        prop_assert_eq!(validate_postcode(country, &input), validate_postcode(country, &formatted));
    }

    #[test]
    fn uk_postcodes_pass_with_or_without_space(
        outward in "[A-PR-UWYZ][A-HK-Y]?[0-9]{1,2}",
        inward in "[0-9][ABD-HJLNP-UW-Z]{2}",
    ) {
        let joined = format!("{outward}{inward}");
        let spaced = format!("{} {inward}", outward.to_lowercase());
        prop_assert!(validate_postcode("GB", &joined), "{}", joined);
        prop_assert!(validate_postcode("GB", &spaced), "{}", spaced);
    }
}
