//! The `wc_order_attribution` object pages embed for the browser script (order-attribution.md
//! §2 and §7; SPEC §9.2).

use serde::Serialize;
use serde::ser::SerializeMap;

use super::fields::{AttributionField, FORM_PREFIX};

/// Cookie lifetime in months; sourcebuster turns it into 0 minutes, i.e. session cookies.
pub const LIFETIME_MONTHS: f64 = 0.00001;
/// Session length in minutes.
pub const SESSION_MINUTES: u32 = 30;

/// `wc_order_attribution`: `{params, fields}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttributionScriptSettings {
    /// Script parameters.
    pub params: AttributionParams,
    /// Field name → sourcebuster path, in WooCommerce's order.
    pub fields: AttributionFieldMap,
}

/// `wc_order_attribution.params`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AttributionParams {
    /// Cookie lifetime in months.
    pub lifetime: f64,
    /// Session length in minutes.
    pub session: u32,
    /// Whether cookies are base64-encoded.
    pub base64: bool,
    /// The admin AJAX URL.
    pub ajaxurl: String,
    /// The hidden inputs' name prefix.
    pub prefix: &'static str,
    /// Whether tracking is allowed (consent).
    pub allow_tracking: bool,
}

/// The `fields` map, serialised in [`AttributionField::ALL`] order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AttributionFieldMap;

impl Serialize for AttributionFieldMap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(AttributionField::ALL.len()))?;
        for field in AttributionField::ALL {
            map.serialize_entry(field.key(), field.sourcebuster_path())?;
        }
        map.end()
    }
}

impl AttributionScriptSettings {
    /// WooCommerce's defaults, with the site's AJAX URL and the visitor's consent.
    pub fn new(ajax_url: impl Into<String>, allow_tracking: bool) -> Self {
        AttributionScriptSettings {
            params: AttributionParams {
                lifetime: LIFETIME_MONTHS,
                session: SESSION_MINUTES,
                base64: false,
                ajaxurl: ajax_url.into(),
                prefix: FORM_PREFIX,
                allow_tracking,
            },
            fields: AttributionFieldMap,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_recorded_page_setting() {
        let recorded = serde_json::json!({
            "params": {"lifetime": 1e-05, "session": 30, "base64": false,
                "ajaxurl": "http://127.0.0.1:8091/wp-admin/admin-ajax.php",
                "prefix": "wc_order_attribution_", "allowTracking": true},
            "fields": {"source_type": "current.typ", "referrer": "current_add.rf",
                "utm_campaign": "current.cmp", "utm_source": "current.src",
                "utm_medium": "current.mdm", "utm_content": "current.cnt", "utm_id": "current.id",
                "utm_term": "current.trm", "utm_source_platform": "current.plt",
                "utm_creative_format": "current.fmt", "utm_marketing_tactic": "current.tct",
                "session_entry": "current_add.ep", "session_start_time": "current_add.fd",
                "session_pages": "session.pgs", "session_count": "udata.vst",
                "user_agent": "udata.uag"}
        });
        let ours = serde_json::to_value(AttributionScriptSettings::new(
            "http://127.0.0.1:8091/wp-admin/admin-ajax.php",
            true,
        ))
        .expect("serialises");
        assert_eq!(ours, recorded);
        let text = serde_json::to_string(&AttributionFieldMap).expect("serialises");
        assert!(text.starts_with(r#"{"source_type":"current.typ","referrer":"current_add.rf""#));
    }
}
