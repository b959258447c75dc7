//! The settings JSON against a real WooCommerce 10.0.2 page (shared/reference/wc-golden, which
//! sits beside the repository in development and in CI).

use std::path::PathBuf;

use serde_json::Value;

use crate::geo::{CountriesSetting, CountryDataSetting, countries_json, country_data_json};

fn recorded(page: &str) -> Value {
    let path = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"))
        .join("../../../shared/reference/wc-golden/settings")
        .join(page);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (the shared references must sit beside the repository)",
            path.display()
        )
    });
    let page: Value = serde_json::from_str(&text).expect("recorded settings are JSON");
    page["wcSettings"].clone()
}

#[test]
fn country_data_matches_the_checkout_page() {
    let settings = recorded("checkout-with-items.json");
    let ours = country_data_json();
    let theirs = &settings["countryData"];
    for (code, entry) in theirs.as_object().expect("countryData is an object") {
        assert_eq!(&ours[code], entry, "{code}");
    }
    assert_eq!(&ours, theirs);
    assert_eq!(countries_json(), settings["countries"]);
}

#[test]
fn country_data_without_formats_matches_the_cart_page() {
    let settings = recorded("cart-empty.json");
    let ours = serde_json::to_value(CountryDataSetting {
        with_formats: false,
    })
    .expect("json");
    assert_eq!(ours, settings["countryData"]);
}

#[test]
fn serialising_keeps_display_order() {
    let text = serde_json::to_string(&CountriesSetting).expect("json");
    assert!(text.starts_with(r#"{"AF":"Afghanistan","AX":"Åland Islands","AL":"Albania","#));
    let data = serde_json::to_string(&CountryDataSetting { with_formats: true }).expect("json");
    assert!(data.starts_with(r#"{"AF":{"allowBilling":true,"allowShipping":true,"states":[],"locale":{"state":{"required":false,"hidden":true}}},"AX":"#));
    let al = data.find(r#""AL":{"#).expect("Albania");
    assert!(data[al..].starts_with(r#""AL":{"allowBilling":true,"allowShipping":true,"states":{"AL-01":"Berat","AL-09":"Dibër","#));
}

#[test]
fn shapes_php_would_send() {
    let data = country_data_json();
    assert_eq!(data["TW"]["locale"], serde_json::json!([]));
    assert_eq!(data["GB"]["states"], serde_json::json!([]));
    assert_eq!(data["HU"]["locale"]["city"], serde_json::json!([]));
    assert_eq!(
        data["US"]["locale"]["postcode"],
        serde_json::json!({"label": "ZIP Code"})
    );
    assert_eq!(
        data["JP"]["locale"]["state"],
        serde_json::json!({"label": "Prefecture", "index": 66})
    );
    assert_eq!(
        data["US"]["format"]
            .as_str()
            .map(|f| f.contains("{state_code}")),
        Some(true)
    );
    assert!(data.get("UK").is_none());
}
