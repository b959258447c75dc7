//! Tests of the geo module, one file per idea.

mod countries;
mod golden;
mod locale;
mod postcode;
mod postcode_format;
mod postcode_shared;
mod states;
