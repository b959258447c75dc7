//! One row per SPEC §5.7 row: postcodes that must pass and postcodes that must fail.

use super::countries::spec_codes;
use crate::geo::{GeoError, has_postcode_rule, normalize_postcode, validate_postcode};

/// (countries, valid postcodes, invalid postcodes).
const CASES: &[(&[&str], &[&str], &[&str])] = &[
    (
        &["US"],
        &["94103", "94103-1234", "941031234", " 94103 "],
        &["ABC", "9410", "94103-12", ""],
    ),
    (
        &["CA"],
        &["K1A 0B1", "k1a0b1", "H3Z 2Y7", "V6B  4Y8"],
        &["D1A 0B1", "W1A 1A1", "K1A 0D1", "K1A 0B", "12345"],
    ),
    (
        &["GB", "UK"],
        &[
            "SW1A 1AA",
            "sw1a1aa",
            "M1 1AE",
            "B33 8TH",
            "CR2 6XH",
            "DN55 1PT",
            "W1A 0AX",
            "EC1A 1BB",
            "E1W 1AA",
            "GIR 0AA",
            "BFPO 1234",
            "bfpo1",
        ],
        &[
            "SW1A 1AAA",
            "Q1 1AA",
            "SW1A 1CA",
            "BFPO 12345",
            "12345",
            "SW1A",
            "",
        ],
    ),
    (&["JE"], &["JE2 3XP", "je23xp"], &["GY1 1WR", "JE2"]),
    (&["GG"], &["GY1 1WR", "gy11wr"], &["JE2 3XP", "GY1"]),
    (&["IM"], &["IM1 1AD", "im11ad"], &["JE2 3XP", "IM1"]),
    (
        &["IE"],
        &["D02 AF30", "d02af30", "D02-AF30", "D6W FX23", "A65 F4E2"],
        &["B02 AF30", "D02 AF3", "D02 AF3O", ""],
    ),
    (
        &["DE", "IT", "KR", "MX", "TR", "TH", "UA"],
        &["10115", "00144"],
        &["1011", "101150", "ABCDE"],
    ),
    (
        &["AU", "CH", "BE", "DK", "NO", "NZ", "ZA", "HU", "PH"],
        &["2000", "0150"],
        &["200", "20000", "ABCD"],
    ),
    (
        &["AT", "SI"],
        &["1010", "9020"],
        &["0100", "10100", "SI-1000"],
    ),
    (&["BA"], &["71000", "88000"], &["61000", "7100"]),
    (&["NI"], &["11001", "41000"], &["01000", "1100", ""]),
    (&["LI"], &["9480", "9490", "9499"], &["9479", "9500", "948"]),
    (&["KH"], &["120101"], &["12010", "1201011"]),
    (
        &["CN", "SG", "RU", "RO", "KZ"],
        &["100000", "018956"],
        &["10000", "1000000"],
    ),
    (&["VN"], &["100000", "10000"], &["1000", "1000000"]),
    (
        &["IN"],
        &["110001", "110 001", "560 034"],
        &["010001", "11001", "1100011"],
    ),
    (
        &["JP"],
        &["100-0001", "1000001", "100 0001"],
        &["100-001", "10000001", "ABC-DEFG"],
    ),
    (
        &["NL"],
        &["1012 AB", "1012ab", "1012 SB", "9999 ZZ"],
        &["0123 AB", "1012 SA", "1012 SD", "1012 SS", "1012 A", "1012"],
    ),
    (
        &["ES"],
        &["28013", "01001", "52001"],
        &["53001", "00123", "2801"],
    ),
    (
        &["BR"],
        &["01310-100", "01310100"],
        &["1234567", "01310-10"],
    ),
    (
        &["PT"],
        &["1000-001", "1000001", "1000"],
        &["10000", "1000-01"],
    ),
    (&["PL"], &["00-950", "00950"], &["009500", "1234"]),
    (
        &["SE"],
        &["114 55", "11455", "SE-114 55", "se-11455"],
        &["1145", "SE 11455", "114556"],
    ),
    (
        &["FI"],
        &["00100", "FI-00100", "AX-22100"],
        &["0010", "SE-00100"],
    ),
    (&["VA"], &["00120"], &["00121", "120"]),
    (&["AS"], &["96799"], &["96798"]),
    (&["FK"], &["FIQQ 1ZZ", "fiqq1zz"], &["FIQQ 1ZY"]),
    (&["GS"], &["SIQQ 1ZZ"], &["FIQQ 1ZZ"]),
    (&["IO"], &["BBND 1ZZ"], &["BBND 2ZZ"]),
    (&["PN"], &["PCRN 1ZZ"], &["PCRN"]),
    (&["SH"], &["STHL 1ZZ", "ASCN 1ZZ"], &["TDCU 1ZZ"]),
    (&["TC"], &["TKCA 1ZZ"], &["TKCA 1ZA"]),
    (&["CC"], &["6799"], &["6798"]),
    (&["CX"], &["6798"], &["6799"]),
    (&["NF"], &["2899"], &["2898"]),
    (&["PW"], &["96940"], &["96941"]),
    (&["BH"], &["", "317", "1216"], &["1", "1316"]),
    (&["BB"], &["", "BB11000"], &["11000"]),
    (&["HN"], &["", "11101"], &["1110"]),
    (&["LB"], &["", "1100", "1100 2030"], &["110"]),
    (&["MU"], &["", "11302", "A1302"], &["1130"]),
    (&["NG"], &["", "100001"], &["10000"]),
    (&["EC"], &["", "170150", "EC170150", "P0101A"], &["17015"]),
    (
        &["INTL"],
        &["", "AB-12 34", "12345"],
        &["A--B", "#1", "-AB"],
    ),
];

#[test]
fn every_spec_row_accepts_and_rejects() {
    for (countries, valid, invalid) in CASES {
        for country in *countries {
            assert!(has_postcode_rule(country), "{country} has a rule");
            for postcode in *valid {
                assert!(
                    validate_postcode(country, postcode),
                    "{country} {postcode:?} valid"
                );
            }
            for postcode in *invalid {
                assert!(
                    !validate_postcode(country, postcode),
                    "{country} {postcode:?} invalid"
                );
            }
        }
    }
}

#[test]
fn other_rules_from_the_checkout_library() {
    let valid = [
        ("FR", "75001"),
        ("FR", "75 001"),
        ("AX", "22100"),
        ("TW", "106"),
        ("TW", "10699"),
        ("TW", "106001"),
        ("AD", "AD500"),
        ("AR", "C1425DKA"),
        ("AR", "1425"),
        ("CZ", "110 00"),
        ("GR", "10431"),
        ("KY", "KY1-1001"),
        ("LV", "LV-1050"),
        ("LT", "LT-01100"),
        ("LU", "L-1009"),
        ("MT", "VLT 1117"),
        ("OM", "PC 112"),
        ("PE", "15001"),
        ("PR", "00901"),
        ("PR", "00901-1234"),
        ("GU", "96910"),
        ("VI", "00802"),
        ("RE", "97400"),
        ("SZ", "H100"),
        ("RS", "11000"),
        ("CS", "11000"),
        ("YU", "11000"),
        ("XK", "10000"),
        ("ME", "81000"),
        ("MN", "14200"),
    ];
    for (country, postcode) in valid {
        assert!(
            validate_postcode(country, postcode),
            "{country} {postcode:?}"
        );
    }
    let invalid = [
        ("FR", "7500"),
        ("AX", "00100"),
        ("AD", "500"),
        ("KY", "KY4-1001"),
        ("PE", "35001"),
        ("PR", "10901"),
        ("VI", "00860"),
        ("ME", "71000"),
    ];
    for (country, postcode) in invalid {
        assert!(
            !validate_postcode(country, postcode),
            "{country} {postcode:?}"
        );
    }
}

#[test]
fn every_spec_code_has_a_rule() {
    for code in spec_codes() {
        assert!(has_postcode_rule(code), "{code}");
    }
}

#[test]
fn countries_without_a_rule_accept_anything() {
    for country in ["AE", "HK", "GI", "ZZ", ""] {
        assert!(!has_postcode_rule(country));
        assert!(validate_postcode(country, "anything at all!"));
        assert!(validate_postcode(country, ""));
    }
}

#[test]
fn country_codes_are_case_insensitive() {
    assert!(validate_postcode("us", "94103"));
    assert!(validate_postcode(" gb ", "SW1A 1AA"));
    assert!(!validate_postcode("us", "ABC"));
}

#[test]
fn normalize_postcode_formats_checks_and_lets_empty_through() {
    assert_eq!(
        normalize_postcode("GB", "sw1a1aa"),
        Ok("SW1A 1AA".to_owned())
    );
    assert_eq!(normalize_postcode("US", "  "), Ok(String::new()));
    let err = normalize_postcode("us", " ABC ").expect_err("not a ZIP code");
    assert_eq!(
        err,
        GeoError::InvalidPostcode {
            country: "US".into(),
            postcode: "ABC".into()
        }
    );
    assert_eq!(err.code(), "invalid_postcode");
    assert_eq!(
        err.to_string(),
        "The provided postcode / ZIP (ABC) is not valid for US."
    );
    assert_eq!(
        err.store_api_message(),
        "The provided postcode / ZIP is not valid"
    );
}
