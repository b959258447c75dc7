use crate::geo::{GeoError, countries, normalize_state, state_name, states};

fn codes(country: &str) -> Vec<&'static str> {
    states(country)
        .unwrap_or_else(|| panic!("{country} has states"))
        .iter()
        .map(|s| s.code())
        .collect()
}

#[test]
fn us_has_50_states_dc_and_armed_forces() {
    let us = codes("US");
    assert_eq!(us.len(), 54);
    for code in ["CA", "NY", "TX", "AK", "HI", "DC", "AA", "AE", "AP", "WY"] {
        assert!(us.contains(&code), "{code}");
    }
    assert_eq!(state_name("US", "aa"), Some("Armed Forces (AA)"));
}

#[test]
fn required_state_lists_have_woocommerces_sizes() {
    let expected = [
        ("CA", 13),
        ("AU", 8),
        ("IN", 37),
        ("BR", 27),
        ("MX", 32),
        ("IT", 107),
        ("ES", 52),
        ("JP", 47),
        ("CN", 32),
        ("NZ", 16),
        ("IE", 26),
        ("DE", 16),
    ];
    for (country, len) in expected {
        assert_eq!(codes(country).len(), len, "{country}");
    }
    let jp: Vec<String> = (1..=47).map(|n| format!("JP{n:02}")).collect();
    assert_eq!(codes("JP"), jp);
}

#[test]
fn countries_without_lists() {
    for country in ["GB", "FR", "NL", "AT", "SE", "AD", "UK", "INTL", "ZZ"] {
        assert!(states(country).is_none(), "{country}");
    }
    assert_eq!(countries().filter(|c| states(c.code).is_some()).count(), 69);
}

#[test]
fn normalize_state_accepts_codes_and_names() {
    let ok = |country: &str, input: &str| normalize_state(country, input).expect("valid state");
    assert_eq!(ok("US", "CA"), Some("CA".to_owned()));
    assert_eq!(ok("us", "ca"), Some("CA".to_owned()));
    assert_eq!(ok("US", "California"), Some("CA".to_owned()));
    assert_eq!(ok("US", "  new   YORK "), Some("NY".to_owned()));
    assert_eq!(ok("US", "newyork"), Some("NY".to_owned()));
    assert_eq!(ok("US", "Armed Forces (AE)"), Some("AE".to_owned()));
    assert_eq!(ok("CA", "quebec"), Some("QC".to_owned()));
    assert_eq!(ok("JP", "tokyo"), Some("JP13".to_owned()));
    assert_eq!(ok("DE", "baden-württemberg"), Some("DE-BW".to_owned()));
    assert_eq!(ok("DE", "Bavaria"), Some("DE-BY".to_owned()));
    assert_eq!(
        ok("HK", "new territories"),
        Some("NEW TERRITORIES".to_owned())
    );
    // Morocco's codes are lower case in WooCommerce; they are kept as they are.
    assert_eq!(ok("MA", "MAAGD"), Some("maagd".to_owned()));
    assert_eq!(ok("US", "   "), None);
    assert_eq!(ok("US", ""), None);
}

#[test]
fn free_text_passes_where_there_is_no_list() {
    let ok = |country: &str, input: &str| normalize_state(country, input).expect("free text");
    assert_eq!(
        ok("GB", "  Greater London "),
        Some("Greater London".to_owned())
    );
    assert_eq!(ok("AD", "Canillo"), Some("Canillo".to_owned()));
    assert_eq!(ok("FR", ""), None);
}

#[test]
fn unknown_states_and_countries_are_errors() {
    let err = normalize_state("US", "Narnia").expect_err("no such state");
    assert_eq!(
        err,
        GeoError::UnknownState {
            country: "US".into(),
            state: "Narnia".into()
        }
    );
    assert!(
        err.to_string()
            .starts_with("The provided state (Narnia) is not valid. Valid states are: AL, AK, AZ,")
    );
    assert_eq!(err.code(), "invalid_state");
    assert_eq!(
        normalize_state("XX", "CA"),
        Err(GeoError::UnknownCountry("XX".into()))
    );
}

#[test]
fn every_state_round_trips_and_none_collide() {
    for country in countries() {
        let Some(list) = states(country.code) else {
            continue;
        };
        for state in list {
            let by_name = normalize_state(country.code, state.name()).expect("name");
            let by_code =
                normalize_state(country.code, &state.code().to_lowercase()).expect("code");
            assert_eq!(
                by_name.as_deref(),
                Some(state.code()),
                "{} {}",
                country.code,
                state.name()
            );
            assert_eq!(
                by_code.as_deref(),
                Some(state.code()),
                "{} {}",
                country.code,
                state.code()
            );
        }
    }
}
