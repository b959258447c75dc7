//! `GET /cart/shipping-countries.json`: what the cart block's shipping calculator needs to
//! check an address (the countries the shop ships to, their states, and how each country
//! labels and requires the state, city and postcode), fetched when the calculator is first
//! reached for instead of embedded in every cart page (the checkout's `countryData` was about
//! 100 KB there, read by no script). Names are plain text, not HTML.

use std::sync::LazyLock;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use mercato_core::geo::AddressField;
use serde_json::{Value, json};

use crate::country_lists::{RuleIndex, country_list, field_rule, shipping_countries};

/// The route's path.
pub const PATH: &str = "/cart/shipping-countries.json";

/// The body, built once: it depends only on the built-in country tables.
static BODY: LazyLock<String> = LazyLock::new(|| body().to_string());

/// The handler.
pub async fn show() -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
            // The tables change only with a new release.
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        BODY.as_str(),
    )
        .into_response()
}

/// `{"countries": [{code, name, states: [[code, name]...], fields: {state, city, postcode}}]}`,
/// each field rule holding only what differs from the default (see
/// [`crate::country_lists::field_rule`]).
pub fn body() -> Value {
    let list = country_list(shipping_countries(), |c, entry| {
        let rule = |field| field_rule(c.code, field, RuleIndex::Without);
        entry.insert(
            "fields".into(),
            json!({
                "state": rule(AddressField::State),
                "city": rule(AddressField::City),
                "postcode": rule(AddressField::Postcode),
            }),
        );
    });
    json!({ "countries": list })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn country<'a>(body: &'a Value, code: &str) -> &'a Value {
        body["countries"]
            .as_array()
            .and_then(|list| list.iter().find(|c| c["code"] == code))
            .unwrap_or(&Value::Null)
    }

    #[test]
    fn names_are_plain_text() {
        let body = body();
        assert_eq!(country(&body, "CW")["name"], "Curaçao");
        assert_eq!(country(&body, "BL")["name"], "Saint Barthélemy");
        let text = body.to_string();
        let left = text.match_indices('&').find(|(i, _)| {
            text[*i..].find(';').is_some_and(|end| {
                end < 10
                    && text[*i + 1..*i + end]
                        .chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '#')
            })
        });
        assert_eq!(left, None, "an HTML entity is left in the country data");
    }

    #[test]
    fn carries_states_and_the_field_rules() {
        let body = body();
        let us = country(&body, "US");
        assert!(
            us["states"]
                .as_array()
                .is_some_and(|s| s.contains(&json!(["CA", "California"])))
        );
        assert_eq!(us["fields"]["postcode"]["label"], "ZIP Code");
        // Only what differs from the default rule (state, city, postcode: required, shown).
        assert_eq!(us["fields"]["city"], json!({}));
        assert_eq!(
            country(&body, "GB")["fields"]["state"],
            json!({"label": "County", "required": false})
        );
        assert_eq!(country(&body, "GB")["states"], json!([]));
        // Far smaller than the checkout's countryData it replaces on the cart page.
        assert!(BODY.len() < 75_000, "{} bytes", BODY.len());
    }
}
