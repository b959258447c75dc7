//! Postcodes: per-country rules (SPEC §5.7) and the canonical way each country writes them.
//!
//! A postcode is first formatted (trimmed, upper-cased, spaces collapsed, then laid out the way
//! the country writes it: "SW1A1AA" → "SW1A 1AA") and the rule is checked on that form, so
//! "1234567" passes in Japan because it becomes "123-4567".
//!
//! Where SPEC §5.7 gives two readings, the stricter one that still accepts every real postcode is
//! used (WooCommerce's server rule against the `postcode-validator` rule of its checkout):
//! - CA: letters from the restricted sets (no D, F, I, O, Q, U; no W or Z first).
//! - GB/UK: letters checked by position as WooCommerce's `is_gb_postcode` does, plus GIR 0AA and
//!   BFPO 1–4 digits.
//! - IN: six digits not starting with 0 (no PIN code starts with 0).
//! - JP: "123-4567" with the hyphen; formatting adds it, so "1234567" still passes.
//! - NL: first digit not 0 and no SA, SD or SS letter pair.
//! - NI: five digits not starting with 0, and not empty: WooCommerce's own rule replaces the
//!   library's "may be empty" one, and the Nicaraguan address form requires a postcode.
//!
//! Rules SPEC §5.7 leaves to "others" follow `postcode-validator`; where its versions differ,
//! the one that accepts the codes in use today wins: VN 5 or 6 digits (5-digit codes since
//! 2017), RS and MN 5 digits, TW 3, 5 or 6 digits, AR with or without the CPA letters.
//! A country without a rule accepts anything.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::{Regex, RegexBuilder};

use super::GeoError;

/// Postcode patterns, matched against the formatted postcode; codes sharing a pattern share a row.
const RULES: &[(&[&str], &str)] = &[
    (&["US"], r"^\d{5}(-\d{4})?$"),
    (
        &["CA"],
        r"^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$",
    ),
    (&["GB", "UK"], GB_PATTERN),
    (&["JE"], r"^JE\d[\dA-Z]? ?\d[ABD-HJLN-UW-Z]{2}$"),
    (&["GG"], r"^GY\d[\dA-Z]? ?\d[ABD-HJLN-UW-Z]{2}$"),
    (&["IM"], r"^IM\d[\dA-Z]? ?\d[ABD-HJLN-UW-Z]{2}$"),
    (
        &["IE"],
        r"^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$",
    ),
    (
        &[
            "DE", "IT", "KR", "MX", "TR", "TH", "UA", "DZ", "DO", "EG", "EE", "GT", "HR", "ID",
            "IQ", "JO", "KE", "KW", "LA", "LK", "MA", "MN", "MV", "MY", "NP", "PK", "RS", "SA",
            "SN", "SO", "UY", "ZM", "CS", "YU", "XK",
        ],
        r"^\d{5}$",
    ),
    (
        &[
            "AU", "CH", "BE", "DK", "NO", "NZ", "ZA", "HU", "PH", "AZ", "BD", "BG", "CK", "CV",
            "CY", "ET", "GE", "GW", "HM", "HT", "LR", "MD", "MK", "NE", "PA", "PY", "SJ", "TN",
            "VE",
        ],
        r"^\d{4}$",
    ),
    (&["AT", "SI"], r"^[1-9]\d{3}$"),
    (&["BA"], r"^[78]\d{4}$"),
    (&["NI"], r"^[1-9]\d{4}$"),
    (&["LI"], r"^94[89]\d$"),
    (
        &[
            "KH", "CN", "SG", "RU", "RO", "KZ", "BY", "KG", "TJ", "TM", "UZ",
        ],
        r"^\d{6}$",
    ),
    (&["VN"], r"^\d{5,6}$"),
    (&["IN"], r"^[1-9]\d{2} ?\d{3}$"),
    (&["JP"], r"^\d{3}-\d{4}$"),
    (&["NL"], r"^[1-9]\d{3} ?(?:[A-RT-Z][A-Z]|S[BCE-RT-Z])$"),
    (&["ES"], r"^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$"),
    (&["BR"], r"^\d{5}-?\d{3}$"),
    (&["PT"], r"^\d{4}(?:-\d{3})?$"),
    (&["PL"], r"^\d{2}-\d{3}$"),
    (&["SE"], r"^(?:SE-)?\d{3} ?\d{2}$"),
    (&["FI"], r"^(?:FI-|AX-)?\d{5}$"),
    (&["VA"], r"^00120$"),
    (&["AS"], r"^96799$"),
    // Small territories with one fixed postcode.
    (&["IO"], r"^BBND 1ZZ$"),
    (&["FK"], r"^FIQQ 1ZZ$"),
    (&["GS"], r"^SIQQ 1ZZ$"),
    (&["PN"], r"^PCRN 1ZZ$"),
    (&["SH"], r"^(?:ASCN|STHL) 1ZZ$"),
    (&["TC"], r"^TKCA 1ZZ$"),
    (&["CC"], r"^6799$"),
    (&["CX"], r"^6798$"),
    (&["NF"], r"^2899$"),
    (&["PW"], r"^96940$"),
    // Countries where a postcode may be left empty.
    (&["BH"], r"^(?:(?:1[0-2]|[2-9])\d{2})?$"),
    (&["BB"], r"^(?:BB\d{5})?$"),
    (&["HN"], r"^(?:\d{5})?$"),
    (&["LB"], r"^(?:\d{4}(?: ?\d{4})?)?$"),
    (&["MU"], r"^(?:[\dA-Z]\d{4})?$"),
    (&["NG"], r"^(?:\d{6})?$"),
    (&["EC"], r"^(?:[A-Z]\d{4}[A-Z]|(?:[A-Z]{2})?\d{6})?$"),
    (&["INTL"], r"^(?:[A-Z0-9]+(?:[- ]?[A-Z0-9]+)*)?$"),
    // The other countries of `postcode-validator`.
    (&["FR"], r"^\d{2} ?\d{3}$"),
    (&["AX"], r"^22\d{3}$"),
    (&["TW"], r"^\d{3}(?:\d{2,3})?$"),
    (&["AD"], r"^AD\d{3}$"),
    (&["AR"], r"^[A-HJ-NP-Z]?\d{4}(?:[A-Z]{3})?$"),
    (&["AM"], r"^(?:37)?\d{4}$"),
    (&["BM"], r"^[A-Z]{2} ?[A-Z0-9]{2}$"),
    (&["BN"], r"^[A-Z]{2} ?\d{4}$"),
    (&["CL"], r"^\d{7}$"),
    (&["CR"], r"^(?:\d{4,5}|\d{3}-\d{4})$"),
    (&["CZ", "SK", "GR"], r"^\d{3} ?\d{2}$"),
    (&["FO", "IS", "GN", "LS", "MG", "PG"], r"^\d{3}$"),
    (&["GL"], r"^39\d{2}$"),
    (&["IL"], r"^\d{5,7}$"),
    (&["KY"], r"^KY[1-3]-\d{4}$"),
    (&["LV"], r"^(?:LV-)?\d{4}$"),
    (&["LT"], r"^(?:LT-)?\d{5}$"),
    (&["LU"], r"^(?:L-)?\d{4}$"),
    (&["MT"], r"^[A-Z]{3} ?\d{2,4}$"),
    (&["MC"], r"^980\d{2}$"),
    (&["OM"], r"^(?:PC )?\d{3}$"),
    (&["PE"], r"^[0-2]\d{4}$"),
    (&["PR"], r"^00[679]\d{2}(?:[ -]\d{4})?$"),
    (&["SM"], r"^4789\d$"),
    (&["ME"], r"^8\d{4}$"),
    (&["FM"], r"^9694[1-4](?:[ -]\d{4})?$"),
    (&["GU"], r"^969[1-3]\d(?:[ -]\d{4})?$"),
    (&["MH"], r"^969[67]\d(?:[ -]\d{4})?$"),
    (&["MP"], r"^9695[0-2](?:[ -]\d{4})?$"),
    (&["VI"], r"^008(?:[0-4]\d|5[01])(?:[ -]\d{4})?$"),
    (&["GF"], r"^9[78]3\d{2}$"),
    (&["GP"], r"^9[78][01]\d{2}$"),
    (&["MQ"], r"^9[78]2\d{2}$"),
    (&["RE"], r"^9[78]4\d{2}$"),
    (&["PM"], r"^9[78]5\d{2}$"),
    (&["YT"], r"^976\d{2}$"),
    (&["NC"], r"^988\d{2}$"),
    (&["WF"], r"^986\d{2}$"),
    (&["PF"], r"^987\d{2}$"),
    (&["SZ"], r"^[HLMS]\d{3}$"),
];

/// British postcodes, letters checked by position (A9 9AA, A99 9AA, AA9 9AA, AA99 9AA,
/// A9A 9AA, AA9A 9AA), plus Girobank's GIR 0AA and forces post (BFPO and 1–4 digits).
const GB_PATTERN: &str = concat!(
    r"^(?:[A-PR-UWYZ][A-HK-Y]?\d{1,2}",
    r"|[A-PR-UWYZ]\d[A-HJKPSTUW]",
    r"|[A-PR-UWYZ][A-HK-Y]\d[ABEHMNPRVWXY]",
    r") \d[ABD-HJLNP-UW-Z]{2}$|^GIR 0AA$|^BFPO \d{1,4}$",
);

/// Every rule compiled once, by country code.
static COMPILED: LazyLock<HashMap<&'static str, Regex>> = LazyLock::new(|| {
    let mut rules = HashMap::new();
    for (codes, pattern) in RULES {
        // ASCII classes only: `\d` must not match other scripts' digits.
        let regex = RegexBuilder::new(pattern)
            .unicode(false)
            .build()
            .expect("postcode patterns are constants covered by tests");
        for code in *codes {
            rules.insert(*code, regex.clone());
        }
    }
    rules
});

/// How a country lays out a postcode once spaces and hyphens are taken out.
enum Layout {
    /// British style: a space before the last three characters; "BFPO" then a space.
    British,
    /// Exactly `len` characters (digits only if `digits`) get `sep` inserted before index `at`.
    Split {
        len: usize,
        at: usize,
        sep: char,
        digits: bool,
    },
}

fn layout(country: &str) -> Option<Layout> {
    let split = |len, at, sep, digits| {
        Some(Layout::Split {
            len,
            at,
            sep,
            digits,
        })
    };
    match country {
        "GB" | "UK" | "JE" | "GG" | "IM" | "IO" | "FK" | "GS" | "PN" | "SH" | "TC" => {
            Some(Layout::British)
        }
        "CA" => split(6, 3, ' ', false),
        "IE" => split(7, 3, ' ', false),
        "NL" => split(6, 4, ' ', false),
        "BR" => split(8, 5, '-', true),
        "PL" => split(5, 2, '-', true),
        "JP" => split(7, 3, '-', true),
        "PT" => split(7, 4, '-', true),
        "US" | "PR" | "GU" | "MH" | "MP" | "FM" | "VI" => split(9, 5, '-', true),
        "SE" | "CZ" | "SK" | "GR" => split(5, 3, ' ', true),
        _ => None,
    }
}

/// Formats a postcode the way `country` writes it: "sw1a1aa" → "SW1A 1AA" in GB.
///
/// Always trims, upper-cases and collapses runs of white space; then applies the country's
/// layout when the postcode has the right shape for it, and otherwise leaves it as it is (so an
/// invalid postcode stays recognisable). Digits-only postcodes elsewhere lose their spaces.
pub fn format_postcode(country: &str, input: &str) -> String {
    let base = input
        .to_uppercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let country = country.trim().to_ascii_uppercase();
    // Sweden's optional "SE-" prefix stays in front of the laid-out digits.
    if country == "SE"
        && let Some(rest) = base.strip_prefix("SE-")
    {
        return format!("SE-{}", lay_out(&country, rest.trim_start()));
    }
    lay_out(&country, &base)
}

/// Applies the country's layout to a trimmed, upper-cased, space-collapsed postcode.
fn lay_out(country: &str, base: &str) -> String {
    let compact: String = base.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    match layout(country) {
        Some(Layout::British) => british(base, &compact).unwrap_or_else(|| base.to_owned()),
        Some(Layout::Split {
            len,
            at,
            sep,
            digits,
        }) => {
            let fits = compact.len() == len
                && compact
                    .chars()
                    .all(|c| c.is_ascii_digit() || (!digits && c.is_ascii_uppercase()));
            if fits {
                format!("{}{sep}{}", &compact[..at], &compact[at..])
            } else {
                base.to_owned()
            }
        }
        None if !base.is_empty() && base.chars().all(|c| c.is_ascii_digit() || c == ' ') => {
            base.replace(' ', "")
        }
        None => base.to_owned(),
    }
}

fn british(base: &str, compact: &str) -> Option<String> {
    let spaced: String = base.chars().filter(|c| *c != ' ').collect();
    if let Some(number) = spaced.strip_prefix("BFPO")
        && !number.is_empty()
        && number.chars().all(|c| c.is_ascii_digit())
    {
        return Some(format!("BFPO {number}"));
    }
    let ok = compact.len() == spaced.len()
        && (5..=8).contains(&spaced.len())
        && spaced.chars().all(|c| c.is_ascii_alphanumeric());
    ok.then(|| {
        let (outward, inward) = spaced.split_at(spaced.len() - 3);
        format!("{outward} {inward}")
    })
}

/// Whether `input` is a valid postcode for `country` once formatted (see [`format_postcode`]).
///
/// An empty postcode is valid only where the country's rule allows it (BH, BB, HN, LB, MU, NG,
/// EC, INTL) or the country has no rule; whether the field may be left empty at all is the
/// address locale's `required`. A country without a rule accepts anything.
pub fn validate_postcode(country: &str, input: &str) -> bool {
    let code = country.trim().to_ascii_uppercase();
    match COMPILED.get(code.as_str()) {
        Some(rule) => rule.is_match(&format_postcode(&code, input)),
        None => true,
    }
}

/// The rule of `country` as a regular expression, matched against the postcode once
/// [`format_postcode`] laid it out; `None` without a rule. The block checkout checks postcodes
/// with it as the shopper types, so the browser and the server apply one rule (the patterns use
/// only syntax JavaScript reads the same way).
pub fn postcode_pattern(country: &str) -> Option<&'static str> {
    let code = country.trim().to_ascii_uppercase();
    RULES
        .iter()
        .find(|(codes, _)| codes.contains(&code.as_str()))
        .map(|(_, pattern)| *pattern)
}

/// Whether `country` has a postcode rule (SPEC §5.7); without one every postcode passes.
pub fn has_postcode_rule(country: &str) -> bool {
    COMPILED.contains_key(country.trim().to_ascii_uppercase().as_str())
}

/// The Store API's postcode step: formats `input`, and rejects it if it breaks the rule.
///
/// Empty input gives an empty string: as in WooCommerce, a missing postcode is the business of
/// the required-field check, not of this rule.
pub fn normalize_postcode(country: &str, input: &str) -> Result<String, GeoError> {
    let formatted = format_postcode(country, input);
    if formatted.is_empty() || validate_postcode(country, &formatted) {
        Ok(formatted)
    } else {
        Err(GeoError::InvalidPostcode {
            country: country.trim().to_ascii_uppercase(),
            postcode: input.trim().to_owned(),
        })
    }
}
