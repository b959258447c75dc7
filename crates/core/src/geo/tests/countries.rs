use crate::geo::{
    Country, GeoError, countries, country_name, normalize_country, unlisted_countries,
};

/// Every code SPEC §3.24 names.
const SPEC_CODES: &str = "UK, GB, JE, GG, IM, US, CA, IE, DE, JP, FR, AU, IT, CH, AT, ES, NL, BE, \
    DK, SE, NO, BR, PT, FI, AX, KR, CN, TW, SG, DZ, AD, AR, AM, AZ, BH, BD, BB, BY, BM, BA, IO, BN, \
    BG, KH, CV, CL, CR, HR, CY, CZ, DO, EC, EG, EE, FO, GE, GR, GL, GT, HT, HN, HU, IS, IN, ID, IL, \
    JO, KZ, KE, KW, KY, LA, LV, LB, LI, LT, LU, MK, MY, MV, MT, MU, MX, MD, MC, MA, NP, NZ, NI, NG, \
    OM, PA, PK, PY, PH, PL, PR, RO, RU, SM, SA, SN, SK, SI, ZA, LK, TJ, TH, TN, TR, TM, UA, UY, UZ, \
    VA, VE, ZM, AS, CC, CK, RS, ME, CS, YU, CX, ET, FK, NF, FM, GF, GN, GP, GS, GU, GW, HM, IQ, KG, \
    LR, LS, MG, MH, MN, MP, MQ, NC, NE, VI, VN, PF, PG, PM, PN, PW, RE, SH, SJ, SO, SZ, TC, WF, XK, \
    YT, PE, INTL";

pub(super) fn spec_codes() -> impl Iterator<Item = &'static str> {
    SPEC_CODES.split(',').map(str::trim)
}

#[test]
fn every_spec_code_is_known_with_a_name() {
    assert_eq!(spec_codes().count(), 165);
    for code in spec_codes() {
        let country = Country::find(code).unwrap_or_else(|| panic!("{code} missing"));
        assert_eq!(country.code, code);
        assert!(!country.name.is_empty());
    }
}

#[test]
fn woocommerce_lists_249_countries_and_five_legacy_codes() {
    assert_eq!(countries().len(), 249);
    let unlisted: Vec<_> = unlisted_countries().map(|c| c.code).collect();
    assert_eq!(unlisted, ["UK", "CS", "YU", "XK", "INTL"]);
    assert!(countries().all(|c| c.listed && c.allow_billing() && c.allow_shipping()));
    assert!(unlisted_countries().all(|c| !c.listed && !c.allow_billing() && !c.allow_shipping()));
}

#[test]
fn codes_are_unique_upper_case_and_two_letters_when_listed() {
    let mut seen = std::collections::HashSet::new();
    for c in countries().chain(unlisted_countries()) {
        assert!(seen.insert(c.code), "{} twice", c.code);
        assert!(
            c.code.chars().all(|ch| ch.is_ascii_uppercase()),
            "{}",
            c.code
        );
        if c.listed {
            assert_eq!(c.code.len(), 2, "{}", c.code);
        }
    }
}

/// Sort key ignoring case and the accents that occur in country names.
fn fold(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            'Å' => 'A',
            'ü' => 'u',
            other => other,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

#[test]
fn countries_come_in_display_order() {
    let names: Vec<String> = countries().map(|c| fold(c.name)).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let first: Vec<_> = countries().take(3).map(|c| c.code).collect();
    assert_eq!(first, ["AF", "AX", "AL"]);
}

#[test]
fn names_are_woocommerces() {
    assert_eq!(country_name("US"), Some("United States (US)"));
    assert_eq!(country_name("GB"), Some("United Kingdom (UK)"));
    assert_eq!(country_name("UK"), Some("United Kingdom (UK)"));
    assert_eq!(country_name("TR"), Some("Türkiye"));
    assert_eq!(country_name("AX"), Some("Åland Islands"));
    assert_eq!(country_name("ZZ"), None);
}

#[test]
fn lookup_ignores_case_and_space() {
    assert_eq!(Country::find("us").map(|c| c.code), Some("US"));
    assert_eq!(Country::find(" Gb ").map(|c| c.code), Some("GB"));
    assert_eq!(Country::find("intl").map(|c| c.code), Some("INTL"));
    assert!(Country::find("").is_none());
    assert!(Country::find("USA").is_none());
}

#[test]
fn normalize_country_accepts_listed_codes_only() {
    assert_eq!(
        normalize_country(" de ").map(|c| c.map(|c| c.code)),
        Ok(Some("DE"))
    );
    assert_eq!(normalize_country("  "), Ok(None));
    assert_eq!(
        normalize_country("uk"),
        Err(GeoError::UnknownCountry("UK".into()))
    );
    let err = normalize_country("zz").expect_err("ZZ is no country");
    assert_eq!(err.to_string(), "The provided country (ZZ) is not valid.");
    assert_eq!(err.code(), "invalid_country");
}

#[test]
fn text_names_have_no_html_entities() {
    let text = |code| Country::find(code).map(|c| c.text_name().into_owned());
    assert_eq!(text("CW").as_deref(), Some("Curaçao"));
    assert_eq!(text("ST").as_deref(), Some("São Tomé and Príncipe"));
    assert_eq!(text("BL").as_deref(), Some("Saint Barthélemy"));
    assert_eq!(text("US").as_deref(), Some("United States (US)"));
    // WooCommerce's own spelling stays in `name` (its `countries` page setting).
    assert_eq!(country_name("CW"), Some("Cura&ccedil;ao"));
    let entity = regex::Regex::new("&#?[A-Za-z0-9]+;").expect("a valid pattern");
    for country in countries().chain(unlisted_countries()) {
        let name = country.text_name();
        assert!(!entity.is_match(&name), "{}: {name}", country.code);
    }
    for country in countries() {
        for state in crate::geo::states(country.code).unwrap_or_default() {
            assert!(
                !entity.is_match(state.name()),
                "{}: {}",
                country.code,
                state.name()
            );
        }
    }
}

/// Finding by code (a table for two-letter codes) answers as a scan of every country does:
/// every pair of letters in either case and with spaces around, the legacy codes, and codes
/// that are no country.
#[test]
fn find_answers_as_a_scan_of_every_country() {
    let scan = |code: &str| {
        let code = code.trim();
        countries()
            .chain(unlisted_countries())
            .find(|c| c.code.eq_ignore_ascii_case(code))
            .map(|c| c.code)
    };
    let mut found = 0;
    for a in b'A'..=b'Z' {
        for b in b'A'..=b'Z' {
            let upper = String::from_utf8(vec![a, b]).unwrap_or_default();
            for code in [upper.clone(), upper.to_lowercase(), format!(" {upper} ")] {
                assert_eq!(
                    Country::find(&code).map(|c| c.code),
                    scan(&code),
                    "{code:?}"
                );
            }
            found += usize::from(Country::find(&upper).is_some());
        }
    }
    assert_eq!(found, 249 + 4, "every listed country and UK, CS, YU, XK");
    for code in ["INTL", "intl", "", " ", "U", "U1", "1U", "USA", "ÜS"] {
        assert_eq!(Country::find(code).map(|c| c.code), scan(code), "{code:?}");
    }
}
