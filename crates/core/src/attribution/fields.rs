//! The attribution fields an order carries (order-attribution.md §7), and reading them from the
//! block checkout's extension data or from the classic checkout form.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::device::DeviceType;
use super::origin::origin_label;
use super::sanitize::sanitize_text_field;

/// The Store API extension namespace the block checkout sends the fields under.
pub const EXTENSION_NAMESPACE: &str = "woocommerce/order-attribution";
/// The prefix of the classic form's hidden inputs (`wc_order_attribution_source_type`).
pub const FORM_PREFIX: &str = "wc_order_attribution_";
/// The value sourcebuster writes for "nothing"; such values are not stored.
pub const NONE_VALUE: &str = "(none)";
/// Longest value kept, in characters (a Mercato guard; WooCommerce keeps any length).
pub const MAX_VALUE_CHARS: usize = 1000;

/// One of the sixteen tracked fields, in WooCommerce's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AttributionField {
    /// `source_type`: utm, organic, referral, typein (admin, mobile_app for other origins).
    SourceType,
    /// `referrer`: the referring URL.
    Referrer,
    /// `utm_campaign`.
    UtmCampaign,
    /// `utm_source`.
    UtmSource,
    /// `utm_medium`.
    UtmMedium,
    /// `utm_content`.
    UtmContent,
    /// `utm_id`.
    UtmId,
    /// `utm_term`.
    UtmTerm,
    /// `utm_source_platform`.
    UtmSourcePlatform,
    /// `utm_creative_format`.
    UtmCreativeFormat,
    /// `utm_marketing_tactic`.
    UtmMarketingTactic,
    /// `session_entry`: the first page of the session.
    SessionEntry,
    /// `session_start_time`: `YYYY-MM-DD hh:mm:ss`, UTC.
    SessionStartTime,
    /// `session_pages`: pages seen in the session.
    SessionPages,
    /// `session_count`: visits so far.
    SessionCount,
    /// `user_agent`: the browser's user agent.
    UserAgent,
}

impl AttributionField {
    /// Every field, in WooCommerce's order.
    pub const ALL: [AttributionField; 16] = [
        Self::SourceType,
        Self::Referrer,
        Self::UtmCampaign,
        Self::UtmSource,
        Self::UtmMedium,
        Self::UtmContent,
        Self::UtmId,
        Self::UtmTerm,
        Self::UtmSourcePlatform,
        Self::UtmCreativeFormat,
        Self::UtmMarketingTactic,
        Self::SessionEntry,
        Self::SessionStartTime,
        Self::SessionPages,
        Self::SessionCount,
        Self::UserAgent,
    ];

    /// The field's name (`utm_source`).
    pub fn key(self) -> &'static str {
        match self {
            Self::SourceType => "source_type",
            Self::Referrer => "referrer",
            Self::UtmCampaign => "utm_campaign",
            Self::UtmSource => "utm_source",
            Self::UtmMedium => "utm_medium",
            Self::UtmContent => "utm_content",
            Self::UtmId => "utm_id",
            Self::UtmTerm => "utm_term",
            Self::UtmSourcePlatform => "utm_source_platform",
            Self::UtmCreativeFormat => "utm_creative_format",
            Self::UtmMarketingTactic => "utm_marketing_tactic",
            Self::SessionEntry => "session_entry",
            Self::SessionStartTime => "session_start_time",
            Self::SessionPages => "session_pages",
            Self::SessionCount => "session_count",
            Self::UserAgent => "user_agent",
        }
    }

    /// Where the browser script reads the value in sourcebuster's data (`current.src`).
    pub fn sourcebuster_path(self) -> &'static str {
        match self {
            Self::SourceType => "current.typ",
            Self::Referrer => "current_add.rf",
            Self::UtmCampaign => "current.cmp",
            Self::UtmSource => "current.src",
            Self::UtmMedium => "current.mdm",
            Self::UtmContent => "current.cnt",
            Self::UtmId => "current.id",
            Self::UtmTerm => "current.trm",
            Self::UtmSourcePlatform => "current.plt",
            Self::UtmCreativeFormat => "current.fmt",
            Self::UtmMarketingTactic => "current.tct",
            Self::SessionEntry => "current_add.ep",
            Self::SessionStartTime => "current_add.fd",
            Self::SessionPages => "session.pgs",
            Self::SessionCount => "udata.vst",
            Self::UserAgent => "udata.uag",
        }
    }

    /// The classic form's input name (`wc_order_attribution_utm_source`).
    pub fn form_name(self) -> String {
        format!("{FORM_PREFIX}{}", self.key())
    }

    /// The order meta key WooCommerce stores the value under (`_wc_order_attribution_utm_source`).
    pub fn meta_key(self) -> String {
        format!("_{FORM_PREFIX}{}", self.key())
    }

    /// The field with this name, if any.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.key() == key)
    }
}

/// A value in the block checkout's extension data that is neither a string nor null.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("extensions[woocommerce/order-attribution][{field}] is not of type string,null.")]
pub struct AttributionTypeError {
    /// The field's name.
    pub field: &'static str,
}

impl AttributionTypeError {
    /// WordPress's error code for the sub-error (`data.details.extensions.code`).
    pub const CODE: &'static str = "rest_invalid_type";
    /// The request parameter the error is reported under.
    pub const PARAM: &'static str = "extensions";
}

/// Where an order came from, as stored with it: the sanitised values that were not `(none)`.
///
/// Serialises as one JSON object, `{"source_type": "utm", ..., "device_type": "Mobile"}`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Attribution {
    /// Field values in [`AttributionField::ALL`] order; absent fields are not stored.
    pub values: Vec<(AttributionField, String)>,
    /// Derived from the user agent when there is one.
    pub device_type: Option<DeviceType>,
}

impl Attribution {
    /// Reads the block checkout's `extensions["woocommerce/order-attribution"]` object.
    ///
    /// Missing, null, empty and `(none)` values are dropped; `Ok(None)` means nothing is left
    /// (tracking off, or no extension data). A non-object is treated as absent, as WooCommerce
    /// does; a value of another type is WordPress's `rest_invalid_type`.
    pub fn from_extension(data: Option<&Value>) -> Result<Option<Self>, AttributionTypeError> {
        let Some(Value::Object(map)) = data else {
            return Ok(None);
        };
        let mut raw = Vec::new();
        for field in AttributionField::ALL {
            match map.get(field.key()) {
                None | Some(Value::Null) => {}
                Some(Value::String(text)) => raw.push((field, text.as_str())),
                Some(_) => return Err(AttributionTypeError { field: field.key() }),
            }
        }
        Ok(Self::from_raw(raw))
    }

    /// Reads the classic checkout form's `wc_order_attribution_*` inputs through `get`.
    pub fn from_form<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Option<Self> {
        let raw = AttributionField::ALL
            .into_iter()
            .filter_map(|field| get(&field.form_name()).map(|v| (field, v)))
            .collect();
        Self::from_raw(raw)
    }

    /// The attribution of an order a merchant creates by hand (`source_type=admin`).
    pub fn admin() -> Self {
        Attribution {
            values: vec![(AttributionField::SourceType, "admin".to_owned())],
            device_type: None,
        }
    }

    fn from_raw(raw: Vec<(AttributionField, &str)>) -> Option<Self> {
        let values: Vec<(AttributionField, String)> = raw
            .into_iter()
            .map(|(field, text)| (field, clip(sanitize_text_field(text))))
            .filter(|(_, v)| !v.is_empty() && v != NONE_VALUE)
            .collect();
        if values.is_empty() {
            return None;
        }
        let mut attribution = Attribution {
            values,
            device_type: None,
        };
        attribution.device_type = attribution
            .get(AttributionField::UserAgent)
            .map(DeviceType::from_user_agent);
        Some(attribution)
    }

    /// The stored value of a field.
    pub fn get(&self, field: AttributionField) -> Option<&str> {
        self.values
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, v)| v.as_str())
    }

    /// The source type (`utm`, `organic`, `referral`, `typein`, `admin`, ...), if known.
    pub fn source_type(&self) -> Option<&str> {
        self.get(AttributionField::SourceType)
    }

    /// The origin merchants read, e.g. "Source: Newsletter", "Direct" or "Unknown".
    pub fn origin(&self) -> String {
        origin_label(
            self.source_type().unwrap_or(""),
            self.get(AttributionField::UtmSource).unwrap_or(""),
        )
    }

    /// The values as WooCommerce's order meta: `(_wc_order_attribution_<field>, value)`, then
    /// the device type.
    pub fn meta(&self) -> Vec<(String, String)> {
        let mut meta: Vec<(String, String)> = self
            .values
            .iter()
            .map(|(field, value)| (field.meta_key(), value.clone()))
            .collect();
        if let Some(device) = self.device_type {
            meta.push((
                format!("_{FORM_PREFIX}{DEVICE_TYPE_KEY}"),
                device.label().to_owned(),
            ));
        }
        meta
    }
}

/// Cuts a value to [`MAX_VALUE_CHARS`] characters.
fn clip(value: String) -> String {
    match value.char_indices().nth(MAX_VALUE_CHARS) {
        Some((at, _)) => value[..at].to_owned(),
        None => value,
    }
}

impl Serialize for Attribution {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        for (field, value) in &self.values {
            map.serialize_entry(field.key(), value)?;
        }
        if let Some(device) = self.device_type {
            map.serialize_entry(DEVICE_TYPE_KEY, device.label())?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Attribution {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, String>::deserialize(deserializer)?;
        let values = AttributionField::ALL
            .into_iter()
            .filter_map(|field| map.get(field.key()).map(|v| (field, v.clone())))
            .collect();
        let device_type = map
            .get(DEVICE_TYPE_KEY)
            .and_then(|label| DeviceType::from_label(label));
        Ok(Attribution {
            values,
            device_type,
        })
    }
}

/// The key the derived device type is stored under.
const DEVICE_TYPE_KEY: &str = "device_type";

impl Serialize for AttributionField {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for AttributionField {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let key = String::deserialize(deserializer)?;
        Self::from_key(&key)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown attribution field {key}")))
    }
}
