//! Mercato's shop rules. Pure: no I/O, no async.
//!
//! Every rule (a price, a quantity limit, a postcode) is written once, here, and
//! reused by every surface: pages, the Store API, the AJAX endpoints and the CLI.

pub mod attribution;
pub mod calendar;
pub mod catalogue;
pub mod csv_format;
pub mod geo;
pub mod limits;
pub mod money;
pub mod net;
pub mod orders;
pub mod payments;
pub mod pricing;
pub mod quantity;
pub mod settings;
