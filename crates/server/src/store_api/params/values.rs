//! WordPress's checks of one value against its schema (`rest_validate_value_from_schema`),
//! with its codes and messages.

use serde_json::Value;

use super::MAX_LIST_ITEMS;
use super::php::Param;
use crate::store_api::error::ParamError;

/// Why one value failed: WordPress's code, message and error data.
#[derive(Debug, Clone, PartialEq)]
pub struct Invalid {
    code: &'static str,
    message: String,
    data: Value,
}

impl Invalid {
    /// `rest_invalid_type`: `{path} is not of type {kind}.`
    pub fn not_of_type(path: &str, kind: &str) -> Self {
        Self {
            code: "rest_invalid_type",
            message: format!("{path} is not of type {kind}."),
            data: serde_json::json!({ "param": path }),
        }
    }

    /// `rest_not_in_enum`: `{path} is not one of a, b, and c.`
    pub fn not_in_enum(path: &str, allowed: &[&str]) -> Self {
        Self {
            code: "rest_not_in_enum",
            message: format!("{path} is not one of {}.", sentence_list(allowed)),
            data: Value::Null,
        }
    }

    /// `rest_too_many_items`: `{path} must contain at most {max} items.`
    pub fn too_many_items(path: &str, max: usize) -> Self {
        let noun = if max == 1 { "item" } else { "items" };
        Self {
            code: "rest_too_many_items",
            message: format!("{path} must contain at most {max} {noun}."),
            data: Value::Null,
        }
    }

    /// `rest_too_long`: `{path} must be at most {max} characters long.` (a schema's
    /// `maxLength`; the limits are in `mercato_core::limits`).
    pub fn too_long(path: &str, max: usize) -> Self {
        Self {
            code: "rest_too_long",
            message: mercato_core::limits::too_long_message(path, max),
            data: Value::Null,
        }
    }

    /// `rest_invalid_param`: the value holds a NUL character, which no field accepts (WordPress
    /// has no such check; PostgreSQL cannot store one).
    pub fn nul(path: &str) -> Self {
        Self {
            code: "rest_invalid_param",
            message: format!("{path} must not contain NUL characters."),
            data: Value::Null,
        }
    }

    /// `rest_out_of_bounds` with WordPress's wording for the bounds given.
    fn out_of_bounds(path: &str, min: Option<i64>, max: Option<i64>) -> Self {
        let message = match (min, max) {
            (Some(min), Some(max)) => {
                format!("{path} must be between {min} (inclusive) and {max} (inclusive)")
            }
            (Some(min), None) => format!("{path} must be greater than or equal to {min}"),
            (None, Some(max)) => format!("{path} must be less than or equal to {max}"),
            (None, None) => format!("{path} is out of bounds"),
        };
        Self {
            code: "rest_out_of_bounds",
            message,
            data: Value::Null,
        }
    }

    /// The error reported under the top-level parameter `param`.
    pub fn into_error(self, param: &str) -> ParamError {
        ParamError {
            param: param.to_owned(),
            code: self.code,
            message: self.message,
            data: self.data,
        }
    }
}

/// `wp_sprintf_l`: `a`, `a and b`, `a, b, and c`.
fn sentence_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

/// A string; arrays are not.
pub fn as_text<'a>(value: &'a Param, path: &str) -> Result<&'a str, Invalid> {
    match value {
        Param::Text(text) => Ok(text),
        Param::Array(_) => Err(Invalid::not_of_type(path, "string")),
    }
}

pub use mercato_core::php_int::{absint, integer as php_integer};

/// An integer (`rest_is_integer`).
pub fn as_integer(value: &Param, path: &str) -> Result<i64, Invalid> {
    match value {
        Param::Text(text) => php_integer(text).ok_or_else(|| Invalid::not_of_type(path, "integer")),
        Param::Array(_) => Err(Invalid::not_of_type(path, "integer")),
    }
}

/// `min..=max`, either bound optional.
pub fn check_bounds(n: i64, path: &str, min: Option<i64>, max: Option<i64>) -> Result<(), Invalid> {
    if min.is_some_and(|min| n < min) || max.is_some_and(|max| n > max) {
        Err(Invalid::out_of_bounds(path, min, max))
    } else {
        Ok(())
    }
}

/// A boolean (`rest_is_boolean`): `true`, `false`, `1`, `0`, any case.
pub fn as_boolean(value: &Param, path: &str) -> Result<bool, Invalid> {
    match value {
        Param::Text(text) => match text.to_ascii_lowercase().as_str() {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(Invalid::not_of_type(path, "boolean")),
        },
        Param::Array(_) => Err(Invalid::not_of_type(path, "boolean")),
    }
}

/// One of `allowed`, returned as the table's own string.
pub fn as_choice(
    value: &Param,
    path: &str,
    allowed: &'static [&'static str],
) -> Result<&'static str, Invalid> {
    let text = as_text(value, path)?;
    allowed
        .iter()
        .find(|choice| **choice == text)
        .copied()
        .ok_or_else(|| Invalid::not_in_enum(path, allowed))
}

/// An array (`rest_is_array`): a list of values, or a string split on commas and spaces.
pub fn as_list(value: &Param, path: &str) -> Result<Vec<Param>, Invalid> {
    match value {
        Param::Text(text) => Ok(text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|part| !part.is_empty())
            .map(|part| Param::Text(part.to_owned()))
            .collect()),
        Param::Array(entries) if Param::is_list(entries) => {
            Ok(entries.iter().map(|(_, v)| v.clone()).collect())
        }
        Param::Array(_) => Err(Invalid::not_of_type(path, "array")),
    }
}

/// An object (`rest_is_object`): an array with any keys, or the empty string.
pub fn as_object(value: &Param, path: &str) -> Result<Vec<(String, Param)>, Invalid> {
    match value {
        Param::Array(entries) => Ok(entries.clone()),
        Param::Text(text) if text.is_empty() => Ok(Vec::new()),
        Param::Text(_) => Err(Invalid::not_of_type(path, "object")),
    }
}

/// At most [`MAX_LIST_ITEMS`].
pub fn check_max_items(items: &[Param], path: &str) -> Result<(), Invalid> {
    if items.len() > MAX_LIST_ITEMS {
        Err(Invalid::too_many_items(path, MAX_LIST_ITEMS))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_as_php_reads_them() {
        assert_eq!(php_integer(" 12 "), Some(12));
        assert_eq!(php_integer("+3"), Some(3));
        assert_eq!(php_integer("-1"), Some(-1));
        assert_eq!(php_integer("5.0"), Some(5));
        assert_eq!(php_integer("99999999999"), Some(99_999_999_999));
        assert_eq!(php_integer("999999999999999999999999"), Some(i64::MAX));
        for bad in ["", "abc", "1.5", "1e", "--1", ".", "1 2", "0x1A"] {
            assert_eq!(php_integer(bad), None, "{bad}");
        }
        assert_eq!(absint("-5"), 5);
        assert_eq!(absint("12abc"), 12);
        assert_eq!(absint("abc"), 0);
    }

    #[test]
    fn enum_lists_read_like_wordpress() {
        assert_eq!(sentence_list(&["asc", "desc"]), "asc and desc");
        assert_eq!(
            sentence_list(&["in", "not_in", "and"]),
            "in, not_in, and and"
        );
    }
}
