//! A postal address as the lines of a label, in its country's format: WooCommerce's
//! `WC_Countries::get_formatted_address`, the one rule behind order emails, the order-received
//! page, the orders CLI, the express checkout summary and pickup locations.

use super::{Country, address_format, state_name};

/// The parts of an address a format can print; missing parts are empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AddressParts<'a> {
    /// First name.
    pub first_name: &'a str,
    /// Last name.
    pub last_name: &'a str,
    /// Company.
    pub company: &'a str,
    /// Street address.
    pub address_1: &'a str,
    /// Apartment, suite, unit.
    pub address_2: &'a str,
    /// Town or city.
    pub city: &'a str,
    /// State code (or free text where the country has no list).
    pub state: &'a str,
    /// Postcode.
    pub postcode: &'a str,
    /// ISO country code.
    pub country: &'a str,
}

/// The address as lines of text in its country's format (`geo::address_format`): states and
/// countries by name (as text: "Curaçao", not WooCommerce's "Cura&ccedil;ao"), the country left out when it is `base_country` (the shop's own), runs of spaces
/// folded, and lines left empty or holding only commas dropped.
pub fn address_lines(parts: &AddressParts<'_>, base_country: &str) -> Vec<String> {
    let country = parts.country.trim().to_uppercase();
    let state = parts.state.trim();
    let format = address_format(&country);
    let own_country = !country.is_empty() && country == base_country.trim().to_uppercase();
    let (first, last) = (parts.first_name.trim(), parts.last_name.trim());
    let name = format!("{first} {last}");
    let country_name = Country::find(&country).map(Country::text_name);
    let value = |field: &str| -> Option<&str> {
        Some(match field {
            "first_name" => first,
            "last_name" => last,
            "name" => name.as_str(),
            "company" => parts.company.trim(),
            "address_1" => parts.address_1.trim(),
            "address_2" => parts.address_2.trim(),
            "city" => parts.city.trim(),
            "state_code" => state,
            "state" => state_name(&country, state).unwrap_or(state),
            "postcode" => parts.postcode.trim(),
            "country" => country_name.as_deref().unwrap_or(&country),
            _ => return None,
        })
    };
    // One pass over the format: each `{field}` (or `{field_upper}`) is replaced by its value
    // (upper-cased), an unknown one is kept as written, and the shop's own country is left
    // out (only `{country}`: an upper-cased country stays, as in WooCommerce).
    let mut filled = String::with_capacity(format.len() + 64);
    let mut rest = format;
    while let Some(open) = rest.find('{') {
        filled.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after
            .find(['{', '}'])
            .filter(|&i| after.as_bytes()[i] == b'}')
        else {
            filled.push('{');
            rest = after;
            continue;
        };
        let token = &after[..close];
        if token == "country" && own_country {
            // Left out.
        } else if let Some(v) = value(token) {
            filled.push_str(v);
        } else if let Some(v) = token.strip_suffix("_upper").and_then(&value) {
            filled.push_str(&v.to_uppercase());
        } else {
            filled.push('{');
            filled.push_str(token);
            filled.push('}');
        }
        rest = &after[close + 1..];
    }
    filled.push_str(rest);
    filled
        .lines()
        .map(|line| {
            line.split(' ')
                .filter(|word| !word.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .map(|line| line.trim_matches([',', ' ']).to_owned())
        .filter(|line| !line.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(parts: AddressParts<'_>, base: &str) -> Vec<String> {
        address_lines(&parts, base)
    }

    #[test]
    fn each_country_in_its_own_format() {
        let jane = AddressParts {
            first_name: "Jane",
            last_name: "Doe",
            address_1: "1 Main Street",
            city: "Springfield",
            state: "CA",
            postcode: "90210",
            country: "US",
            ..AddressParts::default()
        };
        assert_eq!(
            lines(jane, "US"),
            ["Jane Doe", "1 Main Street", "Springfield, CA 90210"]
        );
        assert_eq!(
            lines(jane, "GB"),
            [
                "Jane Doe",
                "1 Main Street",
                "Springfield, CA 90210",
                "United States (US)"
            ]
        );
        let paris = AddressParts {
            first_name: "Marie",
            last_name: "Curie",
            company: "Institut",
            address_1: "1 Rue de Rivoli",
            city: "Paris",
            postcode: "75001",
            country: "fr",
            ..AddressParts::default()
        };
        assert_eq!(
            lines(paris, "US"),
            [
                "Institut",
                "Marie Curie",
                "1 Rue de Rivoli",
                "75001 PARIS",
                "France"
            ]
        );
        let london = AddressParts {
            first_name: "Ada",
            last_name: "Lovelace",
            address_1: "12 Analytical Row",
            city: "London",
            postcode: "N1 9GU",
            country: "GB",
            ..AddressParts::default()
        };
        assert_eq!(
            lines(london, "GB"),
            ["Ada Lovelace", "12 Analytical Row", "London", "N1 9GU"]
        );
    }

    #[test]
    fn empty_parts_leave_no_gaps() {
        let no_state = AddressParts {
            last_name: "Doe",
            city: "Springfield",
            postcode: "90210",
            country: "US",
            ..AddressParts::default()
        };
        assert_eq!(lines(no_state, "US"), ["Doe", "Springfield, 90210"]);
        assert!(lines(AddressParts::default(), "US").is_empty());
        let unknown = AddressParts {
            city: "Atlantis",
            state: "Deep",
            country: "ZZ",
            ..AddressParts::default()
        };
        assert_eq!(lines(unknown, "US"), ["Atlantis", "Deep", "ZZ"]);
    }

    /// Every country's format, filled one placeholder at a time (the plain reading of the
    /// format) and in one pass, gives the same lines: with and without the shop's own country,
    /// with a state the country lists and with free text, with empty parts.
    #[test]
    fn one_pass_fills_every_format_as_replacing_each_placeholder() {
        fn each_replaced(parts: &AddressParts<'_>, base: &str) -> Vec<String> {
            let country = parts.country.trim().to_uppercase();
            let state = parts.state.trim();
            let mut format = address_format(&country).to_owned();
            if !country.is_empty() && country == base.trim().to_uppercase() {
                format = format.replace("{country}", "");
            }
            let name = format!("{} {}", parts.first_name.trim(), parts.last_name.trim());
            let country_name = Country::find(&country).map(Country::text_name);
            let fields = [
                ("first_name", parts.first_name.trim()),
                ("last_name", parts.last_name.trim()),
                ("name", name.as_str()),
                ("company", parts.company.trim()),
                ("address_1", parts.address_1.trim()),
                ("address_2", parts.address_2.trim()),
                ("city", parts.city.trim()),
                ("state_code", state),
                ("state", state_name(&country, state).unwrap_or(state)),
                ("postcode", parts.postcode.trim()),
                ("country", country_name.as_deref().unwrap_or(&country)),
            ];
            for (field, value) in fields {
                format = format
                    .replace(&format!("{{{field}}}"), value)
                    .replace(&format!("{{{field}_upper}}"), &value.to_uppercase());
            }
            format
                .lines()
                .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
                .map(|line| line.trim_matches([',', ' ']).to_owned())
                .filter(|line| !line.is_empty())
                .collect()
        }
        let codes = crate::geo::data::formats::FORMATS
            .iter()
            .map(|(code, _)| *code)
            .chain(["US", "ZZ", ""]);
        for code in codes {
            for state in ["CA", "Somewhere", ""] {
                for company in ["Acme, Inc.", ""] {
                    let parts = AddressParts {
                        first_name: " Jo ",
                        last_name: "Doe",
                        company,
                        address_1: "1 Main  St",
                        address_2: "",
                        city: "Springfield",
                        state,
                        postcode: "90210",
                        country: code,
                    };
                    for base in [code, "GB"] {
                        assert_eq!(
                            lines(parts, base),
                            each_replaced(&parts, base),
                            "{code} {state:?} {company:?} base {base}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn country_names_are_text() {
        let willemstad = AddressParts {
            first_name: "Ana",
            last_name: "Martina",
            address_1: "Handelskade 1",
            city: "Willemstad",
            country: "CW",
            ..AddressParts::default()
        };
        assert_eq!(
            lines(willemstad, "US").last().map(String::as_str),
            Some("Curaçao")
        );
    }
}
