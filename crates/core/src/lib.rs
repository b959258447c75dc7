//! Mercato's shop rules. Pure: no I/O, no async.
//!
//! Every rule (a price, a quantity limit, a postcode) is written once, here, and
//! reused by every surface: pages, the Store API, the AJAX endpoints and the CLI.
//!
//! Some rules that surfaces used to write for themselves, and where they live:
//!
//! | rule | home |
//! |---|---|
//! | quantity limits, their checking order, rounding to a step | [`quantity::QuantityLimits`] (`check`, `normalize`) |
//! | enough stock for N, with other checkouts' holds | [`catalogue::Stock::has_enough`] |
//! | a variation's title | [`catalogue::Variation::title`] |
//! | an order's totals rows | [`orders::Order::totals_rows`] |
//! | a postal address as lines, per country | [`geo::address_lines`], [`orders::Address::lines`] |
//! | local pickup | [`orders::is_local_pickup_method`], [`orders::ShippingNeeds::new`] |
//! | dates of Unix times | [`calendar::DateTime`] |
//! | integers from request or file text, as PHP reads them (`intval`, `absint`) | [`php_int`] |

pub mod attribution;
pub mod calendar;
pub mod catalogue;
pub mod content;
pub mod csv_format;
pub mod geo;
pub mod home;
pub mod image_size;
pub mod limits;
pub mod menus;
pub mod money;
pub mod net;
pub mod numbers;
pub mod orders;
pub mod passwords;
pub mod payments;
pub mod php_int;
pub mod pricing;
pub mod quantity;
pub mod settings;
