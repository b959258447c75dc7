//! What the block checkout (the `checkout` island, web/src/islands/checkout) takes over from:
//! one JSON object embedded in `/checkout/` as `#mercato-checkout`, so the island draws the
//! checkout without a request. The classic form stays in the page as the checkout without
//! JavaScript.
//!
//! - `cart`: the Store API cart object, as `GET /cart` answers it;
//! - `billingAddress`, `shippingAddress`: what the form starts from (a customer's saved
//!   addresses with what the cart was told since over them, as the classic form does);
//! - `countries`: the countries a customer may pick, each with its states and what its
//!   locale changes about the address fields (only what differs from the block defaults);
//! - `billingCountries`, `shippingCountries`: the codes each address may pick, when the
//!   shop's `checkout_addresses` setting narrows them (absent: every country);
//! - `termsUrl`;
//! - `express`: for a customer with a saved card and a saved address complete enough to order
//!   with (an email and a street), the saved addresses the express button orders with (the
//!   classic form's "Express checkout" box has the same rule), else null.
//!
//! Payment methods (`paymentMethodData`, `paymentMethodSortOrder`), `checkoutAllowsSignup`
//! and the saved cards are in the page settings already, where gateways written for
//! WooCommerce read them.

use std::sync::LazyLock;

use axum::http::HeaderMap;
use mercato_core::geo::{AddressField, postcode_pattern};
use mercato_core::orders::Address;
use mercato_core::settings::CheckoutAddresses;
use serde_json::{Value, json};

use super::page::Viewer;
use crate::cart::{PricedCart, effective_address};
use crate::country_lists::{RuleIndex, billing_countries, country_list, field_rule};
use crate::layout::PageError;
use crate::page_settings::escape_for_script;
use crate::state::AppState;

/// The terms page the checkout links to (in a lightbox).
pub const TERMS_URL: &str = "/terms/";

/// The countries part, built once: it depends only on the built-in tables.
static COUNTRIES: LazyLock<Value> = LazyLock::new(country_rules);

/// `[{code, name, states: [[code, name]...], locale: {field: rule}, postcode: pattern|null}]`
/// for every country a billing address may be in (the shop sells to every listed country;
/// shipping follows it). A field rule holds only what the country's locale changes, its
/// position (`index`) included.
fn country_rules() -> Value {
    let list = country_list(billing_countries(), |c, entry| {
        let locale: serde_json::Map<String, Value> = AddressField::ALL
            .into_iter()
            .filter(|f| *f != AddressField::Country)
            .filter_map(|f| {
                let r = field_rule(c.code, f, RuleIndex::With);
                (r != json!({})).then(|| (f.key().to_owned(), r))
            })
            .collect();
        entry.insert("locale".into(), Value::Object(locale));
        entry.insert("postcode".into(), json!(postcode_pattern(c.code)));
    });
    Value::Array(list)
}

/// The addresses the form starts from (see the module's documentation).
fn starting_addresses(priced: &PricedCart, viewer: &Viewer) -> (Address, Address) {
    match &viewer.account {
        Some(account) => {
            let base = &priced.settings.base;
            (
                effective_address(&priced.document.billing.over(&account.billing), base),
                effective_address(&priced.document.shipping.over(&account.shipping), base),
            )
        }
        None => (priced.billing(), priced.shipping()),
    }
}

/// The island's data for `priced`, serialised and safe inside `<script>`.
pub async fn embed(
    state: &AppState,
    headers: &HeaderMap,
    priced: &PricedCart,
    viewer: &Viewer,
) -> Result<String, PageError> {
    let cart = crate::store_api::cart::reply::page_cart_object(state, headers, priced)
        .await
        .map_err(|e| PageError::internal("the checkout page's cart object", format!("{e:?}")))?;
    let (billing, shipping) = starting_addresses(priced, viewer);
    let express = viewer
        .account
        .as_ref()
        .filter(|account| {
            !viewer.cards.is_empty()
                && !account.billing.email.trim().is_empty()
                && !account.billing.address_1.trim().is_empty()
        })
        .map(|account| {
            let shipping = if account.shipping.address_1.trim().is_empty() {
                &account.billing
            } else {
                &account.shipping
            };
            json!({ "billingAddress": account.billing, "shippingAddress": shipping })
        });
    let mut data = json!({
        "cart": cart,
        "billingAddress": billing,
        "shippingAddress": shipping,
        "countries": *COUNTRIES,
        "termsUrl": TERMS_URL,
        "express": express,
    });
    // The countries the shop sells and ships to, when its settings narrow them: the island
    // offers no country the server would refuse.
    let addresses =
        mercato_db::options::get_recent::<CheckoutAddresses>(&state.db, CheckoutAddresses::OPTION)
            .await
            .map_err(|e| PageError::internal("the checkout address settings", format!("{e:?}")))?
            .unwrap_or_default();
    narrow_countries(&mut data, &addresses);
    Ok(escape_for_script(&data.to_string()))
}

/// Adds the codes each address may pick when `addresses` narrows them; else leaves `data`.
fn narrow_countries(data: &mut Value, addresses: &CheckoutAddresses) {
    if addresses.sell_to.is_empty() && addresses.ship_to.is_empty() {
        return;
    }
    let allowed = addresses.allowed();
    data["billingCountries"] = json!(allowed.billing);
    data["shippingCountries"] = json!(allowed.shipping);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn country<'a>(list: &'a Value, code: &str) -> &'a Value {
        list.as_array()
            .and_then(|l| l.iter().find(|c| c["code"] == code))
            .unwrap_or(&Value::Null)
    }

    #[test]
    fn countries_carry_states_and_what_their_locale_changes() {
        let list = country_rules();
        let us = country(&list, "US");
        assert!(
            us["states"]
                .as_array()
                .is_some_and(|s| s.contains(&json!(["CA", "California"])))
        );
        assert_eq!(us["locale"]["postcode"]["label"], "ZIP Code");
        assert_eq!(us["locale"]["state"]["label"], "State");
        let gb = country(&list, "GB");
        assert_eq!(gb["locale"]["state"]["required"], false);
        assert_eq!(gb["locale"]["postcode"]["label"], "Postcode");
        assert_eq!(country(&list, "CW")["name"], "Curaçao");
        assert_eq!(us["postcode"], r"^\d{5}(-\d{4})?$");
        // Countries whose locale changes nothing carry an empty object.
        assert!(list.as_array().is_some_and(|l| l.len() > 200));
    }

    #[test]
    fn the_cart_and_the_checkout_offer_the_same_shipping_countries() {
        // The same (default) settings: the checkout narrows no list, so its shipping address
        // may pick every country of `countries`; the cart's calculator must offer the same
        // ones, under the same names, with the same states.
        let mut data = json!({ "countries": country_rules() });
        narrow_countries(&mut data, &CheckoutAddresses::default());
        assert_eq!(data.get("shippingCountries"), None);
        let picked = |list: &Value| -> Vec<Value> {
            list.as_array()
                .map(|l| {
                    l.iter()
                        .map(|c| json!([c["code"], c["name"], c["states"]]))
                        .collect()
                })
                .unwrap_or_default()
        };
        let checkout = picked(&data["countries"]);
        let cart = picked(&crate::cart_page::countries::body()["countries"]);
        assert!(checkout.len() > 200, "{} countries", checkout.len());
        assert_eq!(checkout, cart);
    }

    #[test]
    fn the_countries_each_address_may_pick_follow_the_shops_settings() {
        let mut data = json!({});
        narrow_countries(&mut data, &CheckoutAddresses::default());
        assert_eq!(data, json!({}), "no setting: every country, no lists");

        let settings = CheckoutAddresses {
            sell_to: vec!["GB".into(), "US".into()],
            ship_to: vec!["US".into()],
            ..CheckoutAddresses::default()
        };
        narrow_countries(&mut data, &settings);
        assert_eq!(data["billingCountries"], json!(["GB", "US"]));
        assert_eq!(data["shippingCountries"], json!(["US"]));
    }
}
