//! `GET /cart/shipping-countries.json`: what the cart block's shipping calculator needs to
//! check an address (the countries the shop ships to, their states, and how each country
//! labels and requires the state, city and postcode), fetched when the calculator is first
//! reached for instead of embedded in every cart page (the checkout's `countryData` was about
//! 100 KB there, read by no script). Names are plain text, not HTML.
//!
//! The list follows the shop's "Shipping location(s)" setting ([`ships_to`]), like the
//! classic form's select and the checkout; since a merchant may change it at any time, a
//! browser revalidates its copy (`no-cache` with an ETag of the body: an unchanged list costs
//! a 304).

use std::sync::LazyLock;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mercato_core::geo::AddressField;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::country_lists::{RuleIndex, country_list, field_rule, shipping_countries};
use crate::state::AppState;

/// The route's path.
pub const PATH: &str = "/cart/shipping-countries.json";

/// A body and its ETag.
struct Tagged {
    body: String,
    etag: String,
}

impl Tagged {
    fn of(body: String) -> Self {
        let etag = format!(
            "\"{}\"",
            hex::encode(&Sha256::digest(body.as_bytes())[..12])
        );
        Tagged { body, etag }
    }
}

/// Every shipping country, built once: it depends only on the built-in country tables.
static EVERY: LazyLock<Value> = LazyLock::new(body);
static EVERY_TAGGED: LazyLock<Tagged> = LazyLock::new(|| Tagged::of(EVERY.to_string()));

/// The countries the shop ships to when its settings narrow them (codes); `None`: every
/// country Mercato ships to. A setting that cannot be read counts as none (the checkout
/// still refuses what it must).
pub async fn ships_to(state: &AppState) -> Option<Vec<String>> {
    let stored = crate::checkout::check::address_settings(state).await.ok()?;
    if stored.sell_to.is_empty() && stored.ship_to.is_empty() {
        return None;
    }
    Some(stored.allowed().shipping)
}

/// The handler.
pub async fn show(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let narrowed = ships_to(&state).await.map(|codes| {
        let list: Vec<Value> = EVERY["countries"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| {
                c["code"]
                    .as_str()
                    .is_some_and(|code| codes.iter().any(|k| k == code))
            })
            .cloned()
            .collect();
        Tagged::of(json!({ "countries": list }).to_string())
    });
    let tagged = narrowed.as_ref().unwrap_or(&EVERY_TAGGED);
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == tagged.etag));
    let cache = [
        (header::CACHE_CONTROL, "no-cache"),
        (header::ETAG, tagged.etag.as_str()),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        cache,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        tagged.body.clone(),
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
        assert!(
            EVERY_TAGGED.body.len() < 75_000,
            "{} bytes",
            EVERY_TAGGED.body.len()
        );
    }
}
