//! Address formats that differ from the default, as WooCommerce's `get_address_formats()`.

/// The format used by countries not listed in `FORMATS`.
pub(crate) const DEFAULT_FORMAT: &str =
    "{name}\n{company}\n{address_1}\n{address_2}\n{city}\n{state}\n{postcode}\n{country}";

/// Country code and address format, in display order.
pub(crate) const FORMATS: &[(&str, &str)] = &[
    (
        "AU",
        "{name}\n{company}\n{address_1}\n{address_2}\n{city} {state} {postcode}\n{country}",
    ),
    (
        "AT",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "BE",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "CA",
        "{company}\n{name}\n{address_1}\n{address_2}\n{city} {state_code} {postcode}\n{country}",
    ),
    (
        "CL",
        "{company}\n{name}\n{address_1}\n{address_2}\n{state}\n{postcode} {city}\n{country}",
    ),
    (
        "CN",
        "{country} {postcode}\n{state}, {city}, {address_2}, {address_1}\n{company}\n{name}",
    ),
    (
        "CZ",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "DK",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "EE",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "FI",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "FR",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city_upper}\n{country}",
    ),
    (
        "DE",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "HK",
        "{company}\n{first_name} {last_name_upper}\n{address_1}\n{address_2}\n{city_upper}\n{state_upper}\n{country}",
    ),
    (
        "HU",
        "{last_name} {first_name}\n{company}\n{city}\n{address_1}\n{address_2}\n{postcode}\n{country}",
    ),
    (
        "IS",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "IN",
        "{company}\n{name}\n{address_1}\n{address_2}\n{city} {postcode}\n{state}, {country}",
    ),
    (
        "IT",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode}\n{city}\n{state_upper}\n{country}",
    ),
    (
        "JM",
        "{name}\n{company}\n{address_1}\n{address_2}\n{city}\n{state}\n{postcode_upper}\n{country}",
    ),
    (
        "JP",
        "{postcode}\n{state} {city} {address_1}\n{address_2}\n{company}\n{last_name} {first_name}\n{country}",
    ),
    (
        "LI",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "NL",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "NZ",
        "{name}\n{company}\n{address_1}\n{address_2}\n{city} {postcode}\n{country}",
    ),
    (
        "NO",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "PL",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "PT",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "PR",
        "{company}\n{name}\n{address_1} {address_2}\n{city} \n{country} {postcode}",
    ),
    (
        "RS",
        "{name}\n{company}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "SK",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "SI",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "ES",
        "{name}\n{company}\n{address_1}\n{address_2}\n{postcode} {city}\n{state}\n{country}",
    ),
    (
        "SE",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "CH",
        "{company}\n{name}\n{address_1}\n{address_2}\n{postcode} {city}\n{country}",
    ),
    (
        "TW",
        "{company}\n{last_name} {first_name}\n{address_1}\n{address_2}\n{state}, {city} {postcode}\n{country}",
    ),
    (
        "TR",
        "{name}\n{company}\n{address_1}\n{address_2}\n{postcode} {city} {state}\n{country}",
    ),
    (
        "UG",
        "{name}\n{company}\n{address_1}\n{address_2}\n{city}\n{state}, {country}",
    ),
    (
        "US",
        "{name}\n{company}\n{address_1}\n{address_2}\n{city}, {state_code} {postcode}\n{country}",
    ),
    (
        "VN",
        "{name}\n{company}\n{address_1}\n{address_2}\n{city} {postcode}\n{country}",
    ),
];
