//! Order attribution (SPEC §3.7, §4.13, §9.2): where an order came from.
//!
//! The browser classifies each visit with sourcebuster and sends the result with the checkout,
//! either as the block checkout's extension data (`woocommerce/order-attribution`) or as the
//! classic form's `wc_order_attribution_*` inputs. This module reads and sanitises those values
//! for storage, derives the device type and the origin label merchants read, describes the
//! settings the browser script needs, and holds the same classifier as the browser
//! (`web/src/attribution`; both run `classify_cases.json`), which no page runs yet: without
//! JavaScript an order carries no attribution (docs/order-attribution.md). The facts come from
//! `reference/order-attribution.md`.

mod classify;
mod device;
mod fields;
mod origin;
pub mod sanitize;
mod settings;
mod url;

#[cfg(test)]
mod classify_tests;
#[cfg(test)]
mod fields_tests;

pub use classify::{PageView, SourceType, TrafficSource, classify};
pub use device::DeviceType;
pub use fields::{
    Attribution, AttributionField, AttributionTypeError, EXTENSION_NAMESPACE, FORM_PREFIX,
    MAX_VALUE_CHARS, NONE_VALUE,
};
pub use origin::origin_label;
pub use sanitize::{clean_multiline_text, sanitize_text_field, strip_all_tags};
pub use settings::{
    AttributionFieldMap, AttributionParams, AttributionScriptSettings, LIFETIME_MONTHS,
    SESSION_MINUTES,
};
