//! Reading attribution from the block checkout and the classic form.

use serde_json::{Value, json};

use super::{Attribution, AttributionField, AttributionTypeError, DeviceType, MAX_VALUE_CHARS};

/// The extension data of the recorded checkout (golden 034).
fn recorded_extension() -> Value {
    let request: Value =
        serde_json::from_str(include_str!("../orders/golden/checkout-cod-request.json"))
            .unwrap_or(Value::Null);
    request["extensions"]["woocommerce/order-attribution"].clone()
}

#[test]
fn recorded_checkout_keeps_what_is_not_none() {
    let attribution = Attribution::from_extension(Some(&recorded_extension()))
        .expect("valid")
        .expect("something to store");
    let stored: Vec<(&str, &str)> = attribution
        .values
        .iter()
        .map(|(f, v)| (f.key(), v.as_str()))
        .collect();
    assert_eq!(
        stored,
        [
            ("source_type", "typein"),
            ("utm_source", "(direct)"),
            ("session_entry", "http://127.0.0.1:8091/"),
            ("session_start_time", "2025-07-20 10:00:00"),
            ("session_pages", "3"),
            ("session_count", "1"),
            ("user_agent", "wcref-recorder/1.0"),
        ]
    );
    assert_eq!(attribution.device_type, Some(DeviceType::Desktop));
    assert_eq!(attribution.origin(), "Direct");
    assert_eq!(attribution.source_type(), Some("typein"));
}

#[test]
fn tracking_off_stores_nothing() {
    let all_null: serde_json::Map<String, Value> = AttributionField::ALL
        .iter()
        .map(|f| (f.key().to_owned(), Value::Null))
        .collect();
    assert_eq!(
        Attribution::from_extension(Some(&Value::Object(all_null))),
        Ok(None)
    );
    assert_eq!(Attribution::from_extension(None), Ok(None));
    assert_eq!(Attribution::from_extension(Some(&json!("x"))), Ok(None));
    assert_eq!(
        Attribution::from_extension(Some(&json!({"source_type": "(none)", "referrer": "  "}))),
        Ok(None)
    );
}

#[test]
fn wrong_types_are_rejected_like_wordpress() {
    let err = Attribution::from_extension(Some(&json!({"session_pages": 3})))
        .expect_err("a number is not a string");
    assert_eq!(
        err,
        AttributionTypeError {
            field: "session_pages"
        }
    );
    assert_eq!(
        err.to_string(),
        "extensions[woocommerce/order-attribution][session_pages] is not of type string,null."
    );
}

#[test]
fn values_are_sanitised_and_clipped() {
    let long = "x".repeat(MAX_VALUE_CHARS + 50);
    let data = json!({
        "source_type": "utm",
        "utm_source": "<b>News</b>letter",
        "referrer": "https://example.com/?q=a%20b",
        "utm_campaign": long,
        "user_agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148",
        "unknown_field": "ignored"
    });
    let a = Attribution::from_extension(Some(&data))
        .expect("valid")
        .expect("some");
    assert_eq!(a.get(AttributionField::UtmSource), Some("Newsletter"));
    assert_eq!(
        a.get(AttributionField::Referrer),
        Some("https://example.com/?q=ab")
    );
    assert_eq!(
        a.get(AttributionField::UtmCampaign)
            .map(|v| v.chars().count()),
        Some(MAX_VALUE_CHARS)
    );
    assert_eq!(a.device_type, Some(DeviceType::Mobile));
    assert_eq!(a.origin(), "Source: Newsletter");
}

#[test]
fn classic_form_inputs() {
    let form = [
        ("wc_order_attribution_source_type", "referral"),
        ("wc_order_attribution_utm_source", "facebook.com"),
        ("wc_order_attribution_utm_medium", "referral"),
        ("wc_order_attribution_utm_campaign", "(none)"),
        ("billing_email", "someone@example.com"),
    ];
    let get = |name: &str| form.iter().find(|(k, _)| *k == name).map(|(_, v)| *v);
    let a = Attribution::from_form(get).expect("some");
    assert_eq!(a.values.len(), 3);
    assert_eq!(a.origin(), "Referral: Facebook.com");
    assert_eq!(a.device_type, None);
    assert_eq!(Attribution::from_form(|_| None), None);
}

#[test]
fn meta_keys_and_storage_form() {
    let a = Attribution::from_extension(Some(&recorded_extension()))
        .expect("valid")
        .expect("some");
    let meta = a.meta();
    assert_eq!(
        meta[0],
        ("_wc_order_attribution_source_type".into(), "typein".into())
    );
    assert_eq!(
        meta.last(),
        Some(&("_wc_order_attribution_device_type".into(), "Desktop".into()))
    );
    let json = serde_json::to_value(&a).expect("serialises");
    assert_eq!(json["source_type"], "typein");
    assert_eq!(json["device_type"], "Desktop");
    let back: Attribution = serde_json::from_value(json).expect("parses");
    assert_eq!(back, a);
    assert_eq!(Attribution::admin().origin(), "Web admin");
}

#[test]
fn field_names() {
    assert_eq!(AttributionField::ALL.len(), 16);
    assert_eq!(
        AttributionField::UtmSourcePlatform.form_name(),
        "wc_order_attribution_utm_source_platform"
    );
    assert_eq!(
        AttributionField::from_key("referrer"),
        Some(AttributionField::Referrer)
    );
    assert_eq!(AttributionField::from_key("type"), None);
}
