//! WordPress's `rest_invalid_param` error as data: which request parameters failed, and why.
//!
//! ```json
//! {"code": "rest_invalid_param", "message": "Invalid parameter(s): billing_address",
//!  "data": {"status": 400,
//!           "params": {"billing_address": "The provided email address is not valid"},
//!           "details": {"billing_address": {"code": "invalid_email",
//!                                           "message": "The provided email address is not valid",
//!                                           "data": null}}}}
//! ```

use serde::Serialize;
use serde::ser::SerializeMap;

/// One reason a parameter is invalid (a `WP_Error` code and message, with no data).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// Machine-readable code, e.g. `invalid_postcode`.
    pub code: String,
    /// The message shown to the shopper.
    pub message: String,
    /// The key of the object the error is about (`first_name`), when its code does not say
    /// (`rest_too_long`); forms use it to mark their input. Not sent.
    #[serde(skip)]
    pub field: Option<&'static str>,
}

impl FieldError {
    /// A reason with this code and message.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError {
            code: code.into(),
            message: message.into(),
            field: None,
        }
    }

    /// The same reason, about the key `field`.
    pub fn about(mut self, field: &'static str) -> Self {
        self.field = Some(field);
        self
    }

    /// The key the error is about: [`FieldError::field`], else the code's `invalid_{key}`.
    pub fn key(&self) -> &str {
        self.field
            .unwrap_or_else(|| self.code.strip_prefix("invalid_").unwrap_or(&self.code))
    }
}

/// The invalid parameters of one request, in the order they were checked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InvalidParams {
    entries: Vec<(String, Vec<FieldError>)>,
}

impl InvalidParams {
    /// The error code.
    pub const CODE: &'static str = "rest_invalid_param";
    /// The HTTP status.
    pub const STATUS: u16 = 400;

    /// No invalid parameter yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records why `param` is invalid; a call with no errors records nothing.
    pub fn add(&mut self, param: impl Into<String>, errors: Vec<FieldError>) {
        if !errors.is_empty() {
            self.entries.push((param.into(), errors));
        }
    }

    /// Whether every parameter passed.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The invalid parameters and their reasons.
    pub fn entries(&self) -> &[(String, Vec<FieldError>)] {
        &self.entries
    }

    /// `Err(self)` when something failed, `Ok(())` otherwise.
    pub fn into_result(self) -> Result<(), InvalidParams> {
        if self.is_empty() { Ok(()) } else { Err(self) }
    }

    /// The top-level message: "Invalid parameter(s): billing_address, shipping_address".
    pub fn message(&self) -> String {
        let names: Vec<&str> = self.entries.iter().map(|(p, _)| p.as_str()).collect();
        format!("Invalid parameter(s): {}", names.join(", "))
    }

    /// The `data` object: `{status, params, details}`.
    pub fn data(&self) -> InvalidParamsData<'_> {
        InvalidParamsData { params: self }
    }

    /// The whole error body `{code, message, data}` as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "code": Self::CODE,
            "message": self.message(),
            "data": self.data(),
        })
    }
}

/// The `data` of a `rest_invalid_param` error, serialised with WooCommerce's key order.
#[derive(Debug, Clone, Copy)]
pub struct InvalidParamsData<'a> {
    params: &'a InvalidParams,
}

impl Serialize for InvalidParamsData<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("status", &InvalidParams::STATUS)?;
        map.serialize_entry("params", &Params(self.params))?;
        map.serialize_entry("details", &Details(self.params))?;
        map.end()
    }
}

/// `params`: each parameter's messages joined by spaces.
struct Params<'a>(&'a InvalidParams);

impl Serialize for Params<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.entries.len()))?;
        for (param, errors) in &self.0.entries {
            let joined: Vec<&str> = errors.iter().map(|e| e.message.as_str()).collect();
            map.serialize_entry(param, &joined.join(" "))?;
        }
        map.end()
    }
}

/// `details`: each parameter's first error, the rest under `additional_errors`
/// (`rest_convert_error_to_response`).
struct Details<'a>(&'a InvalidParams);

#[derive(Serialize)]
struct Detail<'a> {
    code: &'a str,
    message: &'a str,
    data: Option<()>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    additional_errors: Vec<Detail<'a>>,
}

impl<'a> Detail<'a> {
    fn plain(error: &'a FieldError) -> Self {
        Detail {
            code: &error.code,
            message: &error.message,
            data: None,
            additional_errors: Vec::new(),
        }
    }
}

impl Serialize for Details<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.entries.len()))?;
        for (param, errors) in &self.0.entries {
            let Some((first, rest)) = errors.split_first() else {
                continue;
            };
            let detail = Detail {
                additional_errors: rest.iter().map(Detail::plain).collect(),
                ..Detail::plain(first)
            };
            map.serialize_entry(param, &detail)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn several_errors_for_one_param() {
        let mut invalid = InvalidParams::new();
        invalid.add(
            "billing_address",
            vec![
                FieldError::new(
                    "invalid_postcode",
                    "The provided postcode / ZIP is not valid",
                ),
                FieldError::new("invalid_phone", "The provided phone number is not valid"),
            ],
        );
        invalid.add("shipping_address", Vec::new());
        assert_eq!(invalid.message(), "Invalid parameter(s): billing_address");
        let json = serde_json::to_string(&invalid.data()).expect("json");
        assert_eq!(
            json,
            concat!(
                r#"{"status":400,"params":{"billing_address":"The provided postcode / ZIP is not valid The provided phone number is not valid"},"#,
                r#""details":{"billing_address":{"code":"invalid_postcode","message":"The provided postcode / ZIP is not valid","data":null,"#,
                r#""additional_errors":[{"code":"invalid_phone","message":"The provided phone number is not valid","data":null}]}}}"#
            )
        );
        assert!(invalid.into_result().is_err());
        assert_eq!(InvalidParams::new().into_result(), Ok(()));
    }
}
