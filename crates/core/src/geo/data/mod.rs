//! Data tables: facts about countries, states and address forms as WooCommerce 10 ships them
//! (generated once from a recorded `countryData` setting, then kept by hand).

pub(crate) mod countries;
pub(crate) mod formats;
pub(crate) mod locale;
mod states_africa_east;
mod states_africa_north_west;
mod states_americas_north;
mod states_americas_south;
mod states_asia_pacific;
mod states_asia_south_west;
mod states_europe_east;
mod states_europe_west;

use crate::geo::states::State;

/// The state list of `country` (an upper-case code), if WooCommerce has one.
pub(crate) fn state_table(country: &str) -> Option<&'static [State]> {
    let table = match country {
        "CA" => states_americas_north::CA,
        "US" => states_americas_north::US,
        "UM" => states_americas_north::UM,
        "MX" => states_americas_north::MX,
        "CR" => states_americas_north::CR,
        "DO" => states_americas_north::DO,
        "SV" => states_americas_north::SV,
        "GT" => states_americas_north::GT,
        "HN" => states_americas_north::HN,
        "JM" => states_americas_north::JM,
        "NI" => states_americas_north::NI,
        "PA" => states_americas_north::PA,
        "KN" => states_americas_north::KN,
        "AR" => states_americas_south::AR,
        "BO" => states_americas_south::BO,
        "BR" => states_americas_south::BR,
        "CL" => states_americas_south::CL,
        "CO" => states_americas_south::CO,
        "EC" => states_americas_south::EC,
        "PY" => states_americas_south::PY,
        "PE" => states_americas_south::PE,
        "UY" => states_americas_south::UY,
        "VE" => states_americas_south::VE,
        "DE" => states_europe_west::DE,
        "IE" => states_europe_west::IE,
        "IT" => states_europe_west::IT,
        "ES" => states_europe_west::ES,
        "CH" => states_europe_west::CH,
        "AL" => states_europe_east::AL,
        "BG" => states_europe_east::BG,
        "HR" => states_europe_east::HR,
        "GR" => states_europe_east::GR,
        "HU" => states_europe_east::HU,
        "MD" => states_europe_east::MD,
        "RO" => states_europe_east::RO,
        "RS" => states_europe_east::RS,
        "UA" => states_europe_east::UA,
        "CN" => states_asia_pacific::CN,
        "HK" => states_asia_pacific::HK,
        "JP" => states_asia_pacific::JP,
        "LA" => states_asia_pacific::LA,
        "MY" => states_asia_pacific::MY,
        "ID" => states_asia_pacific::ID,
        "PH" => states_asia_pacific::PH,
        "TH" => states_asia_pacific::TH,
        "AU" => states_asia_pacific::AU,
        "NZ" => states_asia_pacific::NZ,
        "BD" => states_asia_south_west::BD,
        "IN" => states_asia_south_west::IN,
        "IR" => states_asia_south_west::IR,
        "NP" => states_asia_south_west::NP,
        "PK" => states_asia_south_west::PK,
        "TR" => states_asia_south_west::TR,
        "DZ" => states_africa_north_west::DZ,
        "EG" => states_africa_north_west::EG,
        "MA" => states_africa_north_west::MA,
        "BJ" => states_africa_north_west::BJ,
        "GH" => states_africa_north_west::GH,
        "LR" => states_africa_north_west::LR,
        "NG" => states_africa_north_west::NG,
        "SN" => states_africa_north_west::SN,
        "AO" => states_africa_north_west::AO,
        "NA" => states_africa_north_west::NA,
        "ZA" => states_africa_north_west::ZA,
        "KE" => states_africa_east::KE,
        "TZ" => states_africa_east::TZ,
        "UG" => states_africa_east::UG,
        "MZ" => states_africa_east::MZ,
        "ZM" => states_africa_east::ZM,
        _ => return None,
    };
    Some(table)
}
