//! Countries: codes, English names, display order and whether customers may pick them.

use std::borrow::Cow;

use serde::Serialize;

use super::GeoError;
use super::data::countries::{LISTED, UNLISTED};

/// A country (or a legacy code that postcode rules still know), with its English name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Country {
    /// Upper-case code: ISO 3166-1 alpha-2, or one of UK, CS, YU, XK, INTL.
    pub code: &'static str,
    /// English name as WooCommerce writes it, e.g. "United States (US)": HTML, with the
    /// entities of WooCommerce's tables ("Cura&ccedil;ao"), as its `countries` page setting
    /// sends it. Pages, emails and the command line print [`Country::text_name`].
    pub name: &'static str,
    /// False for the legacy codes that can be looked up but never chosen.
    pub listed: bool,
}

impl Country {
    pub(crate) const fn listed(code: &'static str, name: &'static str) -> Self {
        Self {
            code,
            name,
            listed: true,
        }
    }

    pub(crate) const fn unlisted(code: &'static str, name: &'static str) -> Self {
        Self {
            code,
            name,
            listed: false,
        }
    }

    /// The name as text ("Curaçao"), for whatever escapes what it prints once: a template, an
    /// email, the terminal.
    pub fn text_name(&self) -> Cow<'static, str> {
        if !self.name.contains('&') {
            return Cow::Borrowed(self.name);
        }
        Cow::Owned(
            NAME_ENTITIES
                .iter()
                .fold(self.name.to_owned(), |text, (entity, plain)| {
                    text.replace(entity, plain)
                }),
        )
    }

    /// Finds a country, listed or legacy, by code (case-insensitive, surrounding space ignored).
    pub fn find(code: &str) -> Option<&'static Country> {
        let code = code.trim();
        // Two-letter codes through a table made once (addresses are checked and formatted
        // several times per checkout); the longer legacy codes by scanning.
        if let Some(slot) = two_letter_slot(code) {
            let table = TWO_LETTER.get_or_init(|| {
                let mut table = [None; 26 * 26];
                for country in LISTED.iter().chain(UNLISTED).rev() {
                    if let Some(slot) = two_letter_slot(country.code) {
                        table[slot] = Some(country);
                    }
                }
                table
            });
            return table[slot];
        }
        LISTED
            .iter()
            .chain(UNLISTED)
            .find(|c| c.code.eq_ignore_ascii_case(code))
    }

    /// Whether a billing address may be in this country.
    ///
    /// Every listed country is allowed, as in a fresh WooCommerce shop; a shop that sells to fewer
    /// countries filters these where it builds its settings.
    pub fn allow_billing(&self) -> bool {
        self.listed
    }

    /// Whether goods may be shipped to this country (see [`Country::allow_billing`]).
    pub fn allow_shipping(&self) -> bool {
        self.listed
    }
}

/// The countries with a two-letter code by [`two_letter_slot`] (the first of a code, as the
/// scan finds it).
static TWO_LETTER: std::sync::OnceLock<[Option<&'static Country>; 26 * 26]> =
    std::sync::OnceLock::new();

/// The slot of a two-letter ASCII code (either case) in [`TWO_LETTER`].
fn two_letter_slot(code: &str) -> Option<usize> {
    match code.as_bytes() {
        [a, b] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => {
            let letter = |c: &u8| usize::from(c.to_ascii_uppercase() - b'A');
            Some(letter(a) * 26 + letter(b))
        }
        _ => None,
    }
}

/// The HTML entities the country names use (a test checks that no other is left in
/// [`Country::text_name`]).
const NAME_ENTITIES: [(&str, &str); 4] = [
    ("&ccedil;", "ç"),
    ("&atilde;", "ã"),
    ("&eacute;", "é"),
    ("&iacute;", "í"),
];

/// The countries customers can pick, in display order (sorted by name, accents ignored).
pub fn countries() -> impl ExactSizeIterator<Item = &'static Country> + Clone {
    LISTED.iter()
}

/// The legacy codes (UK, CS, YU, XK, INTL) that are known but not offered.
pub fn unlisted_countries() -> impl ExactSizeIterator<Item = &'static Country> + Clone {
    UNLISTED.iter()
}

/// The English name of a country code, listed or legacy, as WooCommerce writes it (HTML: see
/// [`Country::name`]).
pub fn country_name(code: &str) -> Option<&'static str> {
    Country::find(code).map(|c| c.name)
}

/// Normalises a customer's country: trimmed and upper-cased, empty → `Ok(None)`.
///
/// Only listed countries are accepted: "UK" is not a country WooCommerce offers (GB is).
pub fn normalize_country(input: &str) -> Result<Option<&'static Country>, GeoError> {
    let input = input.trim();
    if input.is_empty() {
        return Ok(None);
    }
    match Country::find(input) {
        Some(country) if country.listed => Ok(Some(country)),
        _ => Err(GeoError::UnknownCountry(input.to_uppercase())),
    }
}
