//! Per-country address locale overrides, as WooCommerce's `get_country_locale()` defines them.
//!
//! Only the properties a country changes are listed; the defaults of `locale.rs` fill the rest.

use crate::geo::locale::AddressField::{
    self, Address1, Address2, City, FirstName, LastName, Postcode, State,
};
use crate::geo::locale::FieldOverride;

const fn o() -> FieldOverride {
    FieldOverride::NONE
}

/// The field is not shown, so it is not required either.
const HIDDEN: FieldOverride = o().required(false).hidden(true);

/// Countries whose address form differs from the defaults, in display order.
pub(crate) const OVERRIDES: &[(&str, &[(AddressField, FieldOverride)])] = &[
    ("AF", &[(State, HIDDEN)]),
    ("AX", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("AL", &[(State, o().label("County"))]),
    ("AO", &[(Postcode, HIDDEN), (State, o().label("Province"))]),
    (
        "AU",
        &[
            (City, o().label("Suburb")),
            (Postcode, o().label("Postcode")),
            (State, o().label("State")),
        ],
    ),
    ("AT", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("BS", &[(Postcode, HIDDEN)]),
    ("BH", &[(Postcode, o().required(false)), (State, HIDDEN)]),
    (
        "BD",
        &[
            (Postcode, o().required(false)),
            (State, o().label("District")),
        ],
    ),
    ("BE", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("BZ", &[(Postcode, HIDDEN), (State, o().required(false))]),
    (
        "BO",
        &[(Postcode, HIDDEN), (State, o().label("Department"))],
    ),
    (
        "BA",
        &[
            (Postcode, o().priority(65)),
            (State, o().label("Canton").required(false).hidden(true)),
        ],
    ),
    (
        "BW",
        &[
            (Postcode, HIDDEN),
            (State, o().required(false).hidden(true).label("District")),
        ],
    ),
    ("BG", &[(State, o().required(false))]),
    ("BI", &[(State, HIDDEN)]),
    (
        "CA",
        &[
            (Postcode, o().label("Postal code")),
            (State, o().label("Province")),
        ],
    ),
    (
        "CL",
        &[
            (City, o().required(true)),
            (Postcode, o().required(false).hidden(false)),
            (State, o().label("Region")),
        ],
    ),
    ("CN", &[(State, o().label("Province"))]),
    (
        "CO",
        &[
            (Postcode, o().required(false)),
            (State, o().label("Department")),
        ],
    ),
    ("CR", &[(State, o().label("Province"))]),
    ("CW", &[(Postcode, HIDDEN), (State, o().required(false))]),
    ("CY", &[(State, HIDDEN)]),
    ("CZ", &[(State, HIDDEN)]),
    ("DK", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("DO", &[(State, o().label("Province"))]),
    ("EC", &[(State, o().label("Province"))]),
    ("SV", &[(State, o().label("Department"))]),
    ("EE", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("ET", &[(State, HIDDEN)]),
    ("FI", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("FR", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("GF", &[(State, HIDDEN)]),
    (
        "DE",
        &[(Postcode, o().priority(65)), (State, o().required(false))],
    ),
    (
        "GH",
        &[
            (Postcode, o().required(false)),
            (State, o().label("Region")),
        ],
    ),
    ("GR", &[(State, o().required(false))]),
    ("GP", &[(State, HIDDEN)]),
    (
        "GT",
        &[
            (Postcode, o().required(false)),
            (State, o().label("Department")),
        ],
    ),
    ("GG", &[(State, o().required(false).label("Parish"))]),
    ("HN", &[(State, o().label("Department"))]),
    (
        "HK",
        &[
            (Postcode, o().required(false)),
            (City, o().label("Town / District")),
            (State, o().label("Region")),
        ],
    ),
    (
        "HU",
        &[
            (LastName, o().priority(10)),
            (FirstName, o().priority(20)),
            (Postcode, o().priority(65)),
            (City, o()),
            (Address1, o().priority(71)),
            (Address2, o().priority(72)),
            (State, o().label("County").required(false)),
        ],
    ),
    ("IS", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    (
        "IN",
        &[
            (Postcode, o().label("PIN Code")),
            (State, o().label("State")),
        ],
    ),
    ("ID", &[(State, o().label("Province"))]),
    (
        "IR",
        &[
            (State, o().priority(50)),
            (City, o().priority(60)),
            (Address1, o().priority(70)),
            (Address2, o().priority(80)),
        ],
    ),
    (
        "IE",
        &[
            (Postcode, o().required(true).label("Eircode")),
            (State, o().label("County")),
        ],
    ),
    ("IM", &[(State, HIDDEN)]),
    ("IL", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    (
        "IT",
        &[
            (Postcode, o().priority(65)),
            (State, o().required(true).label("Province")),
        ],
    ),
    (
        "JM",
        &[
            (City, o().label("Town / City / Post Office")),
            (Postcode, o().required(false).label("Postal Code")),
            (State, o().required(true).label("Parish")),
        ],
    ),
    (
        "JP",
        &[
            (LastName, o().priority(10)),
            (FirstName, o().priority(20)),
            (Postcode, o().priority(65)),
            (State, o().label("Prefecture").priority(66)),
            (City, o().priority(67)),
            (Address1, o().priority(68)),
            (Address2, o().priority(69)),
        ],
    ),
    ("KW", &[(State, HIDDEN)]),
    ("LV", &[(State, o().label("Municipality").required(false))]),
    ("LB", &[(State, HIDDEN)]),
    ("LI", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("LU", &[(State, HIDDEN)]),
    ("MT", &[(State, HIDDEN)]),
    ("MQ", &[(State, HIDDEN)]),
    ("YT", &[(State, HIDDEN)]),
    ("MD", &[(State, o().label("Municipality / District"))]),
    ("MZ", &[(Postcode, HIDDEN), (State, o().label("Province"))]),
    (
        "NP",
        &[
            (State, o().label("State / Zone")),
            (Postcode, o().required(false)),
        ],
    ),
    ("NL", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    (
        "NZ",
        &[
            (Postcode, o().label("Postcode")),
            (State, o().required(false).label("Region")),
        ],
    ),
    ("NI", &[(State, o().label("Department"))]),
    (
        "NG",
        &[
            (Postcode, o().label("Postcode").required(false).hidden(true)),
            (State, o().label("State")),
        ],
    ),
    ("NO", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("PA", &[(State, o().label("Province"))]),
    ("PY", &[(State, o().label("Department"))]),
    ("PL", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("PT", &[(State, HIDDEN)]),
    ("PR", &[(City, o().label("Municipality")), (State, HIDDEN)]),
    ("RE", &[(State, HIDDEN)]),
    ("RO", &[(State, o().label("County").required(true))]),
    ("RW", &[(State, HIDDEN)]),
    (
        "KN",
        &[
            (Postcode, o().required(false).label("Postal code")),
            (State, o().required(true).label("Parish")),
        ],
    ),
    ("MF", &[(State, HIDDEN)]),
    ("WS", &[(Postcode, HIDDEN)]),
    ("ST", &[(Postcode, HIDDEN), (State, o().label("District"))]),
    (
        "RS",
        &[
            (City, o().required(true)),
            (Postcode, o().required(true)),
            (State, o().label("District").required(false)),
        ],
    ),
    ("SG", &[(State, HIDDEN), (City, o().required(false))]),
    ("SK", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("SI", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    ("ZA", &[(State, o().label("Province"))]),
    ("KR", &[(State, HIDDEN)]),
    (
        "ES",
        &[(Postcode, o().priority(65)), (State, o().label("Province"))],
    ),
    ("LK", &[(State, HIDDEN)]),
    ("SR", &[(Postcode, HIDDEN)]),
    ("SE", &[(Postcode, o().priority(65)), (State, HIDDEN)]),
    (
        "CH",
        &[
            (Postcode, o().priority(65)),
            (State, o().label("Canton").required(false)),
        ],
    ),
    (
        "TR",
        &[(Postcode, o().priority(65)), (State, o().label("Province"))],
    ),
    (
        "UG",
        &[
            (Postcode, HIDDEN),
            (City, o().label("Town / Village").required(true)),
            (State, o().label("District").required(true)),
        ],
    ),
    ("AE", &[(Postcode, HIDDEN), (State, o().required(false))]),
    (
        "GB",
        &[
            (Postcode, o().label("Postcode")),
            (State, o().label("County").required(false)),
        ],
    ),
    (
        "US",
        &[
            (Postcode, o().label("ZIP Code")),
            (State, o().label("State")),
        ],
    ),
    ("UY", &[(State, o().label("Department"))]),
    (
        "VN",
        &[
            (State, HIDDEN),
            (Postcode, o().required(false).hidden(false).priority(65)),
            (Address2, o().required(false).hidden(false)),
        ],
    ),
    ("ZW", &[(Postcode, HIDDEN)]),
];
