//! The postcode cases shared with the browser (`postcode_cases.json`, also run by the block
//! checkout's `postcode.cases.test.ts`): each case holds on the server, and each pattern in the
//! file is the one the page embeds for its country, so the browser checks the same rule.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::geo::{postcode_pattern, validate_postcode};

#[derive(Deserialize)]
struct Cases {
    patterns: BTreeMap<String, String>,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    countries: Vec<String>,
    valid: Vec<String>,
    invalid: Vec<String>,
}

#[test]
fn the_shared_cases_hold_on_the_server_with_the_embedded_patterns() {
    let file: Cases =
        serde_json::from_str(include_str!("../postcode_cases.json")).expect("the cases parse");
    assert!(file.cases.len() >= 40, "the file holds the cases");
    for (country, pattern) in &file.patterns {
        assert_eq!(
            postcode_pattern(country),
            Some(pattern.as_str()),
            "{country}'s pattern"
        );
    }
    for case in &file.cases {
        for country in &case.countries {
            assert!(
                file.patterns.contains_key(country),
                "{country} has its pattern in the file"
            );
            for postcode in &case.valid {
                assert!(
                    validate_postcode(country, postcode),
                    "{country} {postcode:?} valid"
                );
            }
            for postcode in &case.invalid {
                assert!(
                    !validate_postcode(country, postcode),
                    "{country} {postcode:?} invalid"
                );
            }
        }
    }
}
