//! States, provinces, counties and prefectures, and turning what a customer typed into a code.

use serde::Serialize;

use super::GeoError;
use super::countries::Country;
use super::data::state_table;

/// One state of a country: its code (what is stored) and its English name (what is shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct State(pub &'static str, pub &'static str);

impl State {
    /// The code stored in addresses, e.g. "CA" or "JP13".
    pub fn code(&self) -> &'static str {
        self.0
    }

    /// The name shown to customers, e.g. "California".
    pub fn name(&self) -> &'static str {
        self.1
    }
}

/// The states of a country in display order; `None` when the state is free text (or unused).
///
/// WooCommerce answers `[]` for both "no list" and "no state field"; whether the field is shown
/// at all is the address locale's business (`address_fields`).
pub fn states(country: &str) -> Option<&'static [State]> {
    state_table(&country.trim().to_ascii_uppercase())
}

/// The name of a state code in a country (code compared case-insensitively).
pub fn state_name(country: &str, code: &str) -> Option<&'static str> {
    states(country)?
        .iter()
        .find(|s| s.code().eq_ignore_ascii_case(code.trim()))
        .map(State::name)
}

/// Normalises a customer's state for a country to its code.
///
/// Accepts a code ("CA", "ca") or a name ("California", " new  york "), case- and
/// space-insensitive; empty input gives `Ok(None)`. For a country without a state list the
/// trimmed text passes through. An unknown country or a state not in the list is an error.
pub fn normalize_state(country: &str, input: &str) -> Result<Option<String>, GeoError> {
    let country = Country::find(country)
        .ok_or_else(|| GeoError::UnknownCountry(country.trim().to_uppercase()))?;
    let input = input.trim();
    if input.is_empty() {
        return Ok(None);
    }
    let Some(list) = state_table(country.code) else {
        return Ok(Some(input.to_owned()));
    };
    let wanted = squash(input);
    list.iter()
        .find(|s| squash(s.code()) == wanted)
        .or_else(|| list.iter().find(|s| squash(s.name()) == wanted))
        .map(|s| Some(s.code().to_owned()))
        .ok_or_else(|| GeoError::UnknownState {
            country: country.code.to_owned(),
            state: input.to_owned(),
        })
}

/// The codes of a country's states joined by ", " (used in error messages).
pub(crate) fn state_codes(country: &str) -> String {
    states(country)
        .unwrap_or_default()
        .iter()
        .map(State::code)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Lower-cases and drops all white space, so "New  York" and "newyork" compare equal.
fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}
