//! Store API request parameters, read as WordPress reads them: the JSON body, then a form
//! body, then the query string (every documented body field may come in any of them), each
//! value checked against its schema type before anything runs. Every bad parameter is
//! reported at once as one `rest_invalid_param`.
//!
//! [`Body`] is the one extractor of a Store API request's parameters (every route that takes
//! a body names it in its signature): a body over the size limit (axum's `DefaultBodyLimit`,
//! 2 MB) is `rest_request_too_large`, a body that is not JSON when it says or looks so is
//! `rest_invalid_json`, and a NUL character anywhere in a key or a value is
//! `rest_invalid_param` naming the parameter (see `crate::input`).

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use serde_json::{Map, Value};

use crate::store_api::error::{ErrorCode, ParamError, StoreApiError};
use crate::store_api::params::{Invalid, MAX_LIST_ITEMS, Param, Params, php_integer};

/// The parameters of one request.
#[derive(Debug, Default)]
pub struct Body {
    json: Map<String, Value>,
    form: Params,
    query: Params,
}

impl<S: Send + Sync> FromRequest<S> for Body {
    type Rejection = StoreApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let query = request.uri().query().map(str::to_owned);
        let headers = request.headers().clone();
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    StoreApiError::new(ErrorCode::RequestTooLarge)
                } else {
                    // The body could not be read at all (the client broke off).
                    invalid_json()
                }
            })?;
        Body::parse(query.as_deref(), &headers, &bytes)
    }
}

impl Body {
    /// Reads the query string and the body (JSON when it says so or looks like it, else a
    /// form). A body that is neither is WordPress's `rest_invalid_json`.
    pub fn parse(
        query: Option<&str>,
        headers: &HeaderMap,
        bytes: &[u8],
    ) -> Result<Self, StoreApiError> {
        let mut body = Body {
            query: Params::from_query(query),
            ..Body::default()
        };
        let content_type = headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        let text = std::str::from_utf8(bytes).map_err(|_| invalid_json())?;
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Ok(body);
        }
        if content_type.contains("json") || trimmed.starts_with('{') || trimmed.starts_with('[') {
            match serde_json::from_str::<Value>(trimmed) {
                Ok(Value::Object(map)) => body.json = map,
                // WordPress only merges an object; other JSON values carry no parameters.
                Ok(_) => {}
                Err(_) => return Err(invalid_json()),
            }
        } else if content_type.contains("x-www-form-urlencoded") {
            body.form = Params::from_query(Some(trimmed));
        }
        body.refuse_nul()?;
        Ok(body)
    }

    /// No parameter may hold a NUL character, in a key or a value, however deep (see
    /// `crate::input`); the query string was checked with the URL.
    fn refuse_nul(&self) -> Result<(), StoreApiError> {
        let mut errors: Vec<ParamError> = Vec::new();
        let mut report = |name: &str| {
            if !errors.iter().any(|e| e.param == name) {
                errors.push(Invalid::nul(name).into_error(name));
            }
        };
        for (name, value) in &self.json {
            if name.contains('\0') || json_has_nul(value) {
                report(name);
            }
        }
        for (name, value) in self.form.entries() {
            if name.contains('\0') || param_has_nul(value) {
                report(name);
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(StoreApiError::invalid_params(errors))
        }
    }

    /// The value of `name`: from the JSON body, else the form, else the query string.
    pub fn get(&self, name: &str) -> Option<Value> {
        if let Some(value) = self.json.get(name) {
            return Some(value.clone());
        }
        self.form
            .get(name)
            .or_else(|| self.query.get(name))
            .map(param_value)
    }

    /// Starts checking the parameters.
    pub fn fields(&self) -> Fields<'_> {
        Fields {
            body: self,
            errors: Vec::new(),
            missing: Vec::new(),
        }
    }
}

fn invalid_json() -> StoreApiError {
    StoreApiError::new(ErrorCode::InvalidJson)
}

fn json_has_nul(value: &Value) -> bool {
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(json_has_nul),
        Value::Object(map) => map
            .iter()
            .any(|(key, value)| key.contains('\0') || json_has_nul(value)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

fn param_has_nul(param: &Param) -> bool {
    match param {
        Param::Text(text) => text.contains('\0'),
        Param::Array(entries) => entries
            .iter()
            .any(|(key, value)| key.contains('\0') || param_has_nul(value)),
    }
}

/// A PHP-style parameter as JSON: text as a string, a list as an array, keys as an object.
fn param_value(param: &Param) -> Value {
    match param {
        Param::Text(text) => Value::String(text.clone()),
        Param::Array(entries) if Param::is_list(entries) => {
            Value::Array(entries.iter().map(|(_, v)| param_value(v)).collect())
        }
        Param::Array(entries) => Value::Object(
            entries
                .iter()
                .map(|(k, v)| (k.clone(), param_value(v)))
                .collect(),
        ),
    }
}

/// Typed reads, collecting what failed.
#[derive(Debug)]
pub struct Fields<'a> {
    body: &'a Body,
    errors: Vec<ParamError>,
    missing: Vec<&'static str>,
}

impl Fields<'_> {
    fn reject(&mut self, name: &str, invalid: Invalid) {
        self.errors.push(invalid.into_error(name));
    }

    /// Notes `name` as required: absent (or null) is `rest_missing_callback_param`.
    pub fn require(&mut self, name: &'static str) {
        if self.body.get(name).is_none_or(|v| v.is_null()) {
            self.missing.push(name);
        }
    }

    /// Whether `name` was sent with a value that is not empty (`! empty( $request[...] )`).
    pub fn is_set(&self, name: &str) -> bool {
        match self.body.get(name) {
            None | Some(Value::Null | Value::Bool(false)) => false,
            Some(Value::Bool(true)) => true,
            Some(Value::String(s)) => !s.is_empty() && s != "0",
            Some(Value::Array(a)) => !a.is_empty(),
            Some(Value::Object(o)) => !o.is_empty(),
            Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
        }
    }

    /// An integer (`rest_is_integer`: whole numbers, also written as text).
    pub fn integer(&mut self, name: &str) -> Option<i64> {
        let value = self.body.get(name)?;
        let parsed = match &value {
            Value::Number(n) => n
                .as_i64()
                .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(saturate)),
            Value::String(text) => php_integer(text),
            _ => None,
        };
        if parsed.is_none() {
            self.reject(name, Invalid::not_of_type(name, "integer"));
        }
        parsed
    }

    /// A quantity (`number`): any number, also as text, truncated to a whole one as
    /// `wc_stock_amount` does.
    pub fn quantity(&mut self, name: &str) -> Option<i64> {
        let value = self.body.get(name)?;
        if value.is_null() {
            return None;
        }
        let parsed = match &value {
            Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(saturate)),
            Value::String(text) => text
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|f| f.is_finite() && !text.trim().starts_with(['+', '.']))
                .map(saturate),
            _ => None,
        };
        if parsed.is_none() {
            self.reject(name, Invalid::not_of_type(name, "number"));
        }
        parsed
    }

    /// A string.
    pub fn string(&mut self, name: &str) -> Option<String> {
        match self.body.get(name)? {
            Value::String(text) => Some(text),
            _ => {
                self.reject(name, Invalid::not_of_type(name, "string"));
                None
            }
        }
    }

    /// A string of at most `max` characters (a schema's `maxLength`: `rest_too_long`).
    pub fn string_at_most(&mut self, name: &str, max: usize) -> Option<String> {
        let text = self.string(name)?;
        if mercato_core::limits::exceeds(&text, max) {
            self.reject(name, Invalid::too_long(name, max));
            return None;
        }
        Some(text)
    }

    /// A boolean (`rest_is_boolean`: `true`, `false`, also as text in any case, `1`, `0`).
    pub fn boolean(&mut self, name: &str) -> Option<bool> {
        let parsed = match self.body.get(name)? {
            Value::Bool(flag) => Some(flag),
            Value::Number(n) => match n.as_i64() {
                Some(1) => Some(true),
                Some(0) => Some(false),
                _ => None,
            },
            Value::String(text) => match text.to_ascii_lowercase().as_str() {
                "true" | "1" => Some(true),
                "false" | "0" => Some(false),
                _ => None,
            },
            _ => None,
        };
        if parsed.is_none() {
            self.reject(name, Invalid::not_of_type(name, "boolean"));
        }
        parsed
    }

    /// A string, a number (as its text) or null: `package_id`'s `integer|string|null`.
    pub fn id_like(&mut self, name: &str) -> Option<String> {
        match self.body.get(name)? {
            Value::Null => None,
            Value::String(text) => Some(text),
            Value::Number(n) => Some(n.to_string()),
            _ => {
                self.reject(name, Invalid::not_of_type(name, "integer, string, null"));
                None
            }
        }
    }

    /// A JSON object (an empty string counts as an empty one, as in PHP).
    pub fn object(&mut self, name: &str) -> Option<Value> {
        match self.body.get(name)? {
            value @ Value::Object(_) => Some(value),
            Value::String(text) if text.is_empty() => Some(Value::Object(Map::new())),
            _ => {
                self.reject(name, Invalid::not_of_type(name, "object"));
                None
            }
        }
    }

    /// The raw value of an address object, checked later by the address rules.
    pub fn raw(&self, name: &str) -> Option<Value> {
        self.body.get(name)
    }

    /// A list of `{attribute, value}` objects (`variation`), at most [`MAX_LIST_ITEMS`].
    pub fn attribute_pairs(&mut self, name: &str) -> Vec<(String, String)> {
        self.string_pairs(name, "attribute", "value")
    }

    /// A list of objects with two string members `left` and `right` (`variation`'s
    /// `{attribute, value}`, `addons`' `{group, option}`), at most [`MAX_LIST_ITEMS`].
    pub fn string_pairs(&mut self, name: &str, left: &str, right: &str) -> Vec<(String, String)> {
        let Some(value) = self.body.get(name) else {
            return Vec::new();
        };
        let items = match value {
            Value::Array(items) => items,
            Value::Object(map) if map.is_empty() => Vec::new(),
            Value::String(text) if text.is_empty() => Vec::new(),
            _ => {
                self.reject(name, Invalid::not_of_type(name, "array"));
                return Vec::new();
            }
        };
        if items.len() > MAX_LIST_ITEMS {
            self.reject(name, Invalid::too_many_items(name, MAX_LIST_ITEMS));
            return Vec::new();
        }
        let mut pairs = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let path = format!("{name}[{i}]");
            let Value::Object(entry) = item else {
                self.reject(name, Invalid::not_of_type(&path, "object"));
                continue;
            };
            let mut text = |key: &str| match entry.get(key) {
                None | Some(Value::Null) => Some(String::new()),
                Some(Value::String(s)) => Some(s.clone()),
                Some(_) => {
                    let invalid = Invalid::not_of_type(&format!("{path}[{key}]"), "string");
                    self.errors.push(invalid.into_error(name));
                    None
                }
            };
            if let (Some(attribute), Some(value)) = (text(left), text(right)) {
                pairs.push((attribute, value));
            }
        }
        pairs
    }

    /// `Ok` when everything read was valid; else the missing parameters, or every invalid one.
    pub fn finish(self) -> Result<(), StoreApiError> {
        if !self.missing.is_empty() {
            return Err(StoreApiError::missing_params(&self.missing));
        }
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(StoreApiError::invalid_params(self.errors))
        }
    }
}

/// A float as a whole number, saturating at the ends (no truncating casts).
fn saturate(value: f64) -> i64 {
    if value.is_nan() {
        return 0;
    }
    if value >= 9.2e18 {
        return i64::MAX;
    }
    if value <= -9.2e18 {
        return i64::MIN;
    }
    format!("{:.0}", value.trunc()).parse().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(json: &str) -> Body {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            "application/json".parse().expect("header"),
        );
        Body::parse(Some("quantity=7&id=3"), &headers, json.as_bytes()).expect("body")
    }

    #[test]
    fn json_wins_over_the_query_and_types_are_checked() {
        let b = body(
            r#"{"id": 17, "quantity": "2.5", "variation": [{"attribute": "Color", "value": "blue"}]}"#,
        );
        let mut fields = b.fields();
        assert_eq!(fields.integer("id"), Some(17));
        assert_eq!(fields.quantity("quantity"), Some(2));
        assert_eq!(
            fields.attribute_pairs("variation"),
            [("Color".to_owned(), "blue".to_owned())]
        );
        assert!(fields.finish().is_ok());
        let b = body(r#"{"id": {}, "quantity": "ten", "variation": [1]}"#);
        let mut fields = b.fields();
        assert_eq!(fields.integer("id"), None);
        assert_eq!(fields.quantity("quantity"), None);
        fields.attribute_pairs("variation");
        let json = serde_json::to_value(fields.finish().expect_err("invalid")).expect("json");
        assert_eq!(json["data"]["params"]["id"], "id is not of type integer.");
        assert_eq!(
            json["data"]["params"]["quantity"],
            "quantity is not of type number."
        );
        assert_eq!(
            json["data"]["params"]["variation"],
            "variation[0] is not of type object."
        );
    }

    #[test]
    fn nul_characters_are_refused_wherever_they_hide() {
        let b = Body::parse(
            None,
            &HeaderMap::new(),
            br#"{"code": "ok", "billing_address": {"city": "a\u0000b"}}"#,
        );
        let json = serde_json::to_value(b.expect_err("nul")).expect("json");
        assert_eq!(json["code"], "rest_invalid_param");
        assert_eq!(
            json["data"]["params"]["billing_address"],
            "billing_address must not contain NUL characters."
        );
        assert!(json["data"]["params"]["code"].is_null());
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            "application/x-www-form-urlencoded".parse().expect("header"),
        );
        let b = Body::parse(None, &headers, b"code=a%00b&x[y%00]=1");
        let json = serde_json::to_value(b.expect_err("nul")).expect("json");
        assert_eq!(json["message"], "Invalid parameter(s): code, x");
    }

    #[test]
    fn huge_numbers_saturate_and_junk_bodies_are_refused() {
        assert_eq!(saturate(1e300), i64::MAX);
        assert_eq!(saturate(-2.9), -2);
        let b = body(r#"{"quantity": 9999999999}"#);
        assert_eq!(b.fields().quantity("quantity"), Some(9_999_999_999));
        let headers = HeaderMap::new();
        assert!(Body::parse(None, &headers, b"{not json").is_err());
        assert!(Body::parse(None, &headers, &[0xff, 0xfe]).is_err());
    }
}
