//! Request parameters checked the way WordPress checks a route's arguments, before any query
//! runs: every bad parameter is reported at once, with WordPress's codes and messages, as one
//! `rest_invalid_param` error.

mod php;
mod values;

pub use php::Param;
pub use values::{Invalid, as_choice, as_integer, as_list, as_object, as_text, php_integer};

use super::error::{ParamError, StoreApiError};

/// Items a list parameter may hold (ids, slugs, statuses). WordPress sets no limit; one keeps
/// a hostile request from binding thousands of values into one statement.
pub const MAX_LIST_ITEMS: usize = 100;

/// The parameters of one request, as PHP would have parsed them.
#[derive(Debug, Clone, Default)]
pub struct Params {
    entries: Vec<(String, Param)>,
}

impl Params {
    /// Parses a raw query string.
    pub fn from_query(query: Option<&str>) -> Self {
        Self {
            entries: query.map(php::parse).unwrap_or_default(),
        }
    }

    /// Every top-level entry, in order.
    pub fn entries(&self) -> &[(String, Param)] {
        &self.entries
    }

    /// The value of `name`, if sent.
    pub fn get(&self, name: &str) -> Option<&Param> {
        self.entries.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

/// Reads typed values out of [`Params`], collecting the failures.
#[derive(Debug)]
pub struct Checker<'a> {
    params: &'a Params,
    errors: Vec<ParamError>,
}

impl<'a> Checker<'a> {
    /// Starts checking `params`.
    pub fn new(params: &'a Params) -> Self {
        Self {
            params,
            errors: Vec::new(),
        }
    }

    fn read<T>(
        &mut self,
        name: &str,
        check: impl FnOnce(&'a Param) -> Result<T, Invalid>,
    ) -> Option<T> {
        let value = self.params.get(name)?;
        match check(value) {
            Ok(value) => Some(value),
            Err(invalid) => {
                self.errors.push(invalid.into_error(name));
                None
            }
        }
    }

    /// Records a failure found outside this checker (a nested field, a cross-field rule).
    pub fn reject(&mut self, name: &str, invalid: Invalid) {
        self.errors.push(invalid.into_error(name));
    }

    /// An integer within `min..=max`, or `default` when absent or invalid.
    pub fn integer(&mut self, name: &str, default: i64, min: Option<i64>, max: Option<i64>) -> i64 {
        self.read(name, |value| {
            let n = as_integer(value, name)?;
            values::check_bounds(n, name, min, max)?;
            Ok(n)
        })
        .unwrap_or(default)
    }

    /// A boolean (`true`, `false`, `1`, `0`), if sent.
    pub fn boolean(&mut self, name: &str) -> Option<bool> {
        self.read(name, |value| values::as_boolean(value, name))
    }

    /// One of `allowed`, or `default` when absent or invalid.
    pub fn choice(
        &mut self,
        name: &str,
        allowed: &'static [&'static str],
        default: &'static str,
    ) -> &'static str {
        self.optional_choice(name, allowed).unwrap_or(default)
    }

    /// One of `allowed`, if sent.
    pub fn optional_choice(
        &mut self,
        name: &str,
        allowed: &'static [&'static str],
    ) -> Option<&'static str> {
        self.read(name, |value| as_choice(value, name, allowed))
    }

    /// A string, if sent (an array is not one).
    pub fn text(&mut self, name: &str) -> Option<String> {
        self.read(name, |value| as_text(value, name).map(str::to_owned))
    }

    /// `wp_parse_list`: comma- or space-separated strings, or an array of them.
    pub fn text_list(&mut self, name: &str) -> Vec<String> {
        self.read(name, |value| {
            let items = as_list(value, name)?;
            values::check_max_items(&items, name)?;
            items
                .iter()
                .enumerate()
                .map(|(i, item)| as_text(item, &format!("{name}[{i}]")).map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
    }

    /// `wp_parse_id_list`: ids as WordPress reads them, leniently (`abc` is 0, `-5` is 5).
    pub fn id_list(&mut self, name: &str) -> Vec<i64> {
        let mut ids: Vec<i64> = Vec::new();
        for text in self.text_list(name) {
            let id = values::absint(&text);
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    /// A list whose items are each one of `allowed`.
    pub fn choice_list(
        &mut self,
        name: &str,
        allowed: &'static [&'static str],
    ) -> Vec<&'static str> {
        self.read(name, |value| {
            let items = as_list(value, name)?;
            values::check_max_items(&items, name)?;
            items
                .iter()
                .enumerate()
                .map(|(i, item)| as_choice(item, &format!("{name}[{i}]"), allowed))
                .collect()
        })
        .unwrap_or_default()
    }

    /// A list of objects, at most `max_items`, each read by `item` (which names its fields
    /// from the path it is given, such as `attributes[0]`).
    pub fn object_list<T>(
        &mut self,
        name: &str,
        max_items: usize,
        mut item: impl FnMut(&[(String, Param)], &str) -> Result<T, Invalid>,
    ) -> Vec<T> {
        self.read(name, |value| {
            let items = as_list(value, name)?;
            if items.len() > max_items {
                return Err(Invalid::too_many_items(name, max_items));
            }
            items
                .iter()
                .enumerate()
                .map(|(i, entry)| {
                    let path = format!("{name}[{i}]");
                    item(&as_object(entry, &path)?, &path)
                })
                .collect()
        })
        .unwrap_or_default()
    }

    /// `Ok` when everything read was valid, else the one error naming every bad parameter.
    pub fn finish(self) -> Result<(), StoreApiError> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(StoreApiError::invalid_params(self.errors))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_parameter_is_reported() {
        let params = Params::from_query(Some("per_page=abc&page=-1&order=up&on_sale=maybe"));
        let mut check = Checker::new(&params);
        assert_eq!(check.integer("per_page", 10, Some(1), Some(100)), 10);
        assert_eq!(check.integer("page", 1, Some(1), None), 1);
        check.choice("order", &["asc", "desc"], "desc");
        check.boolean("on_sale");
        let error = check.finish().expect_err("invalid");
        let json = serde_json::to_value(&error).expect("json");
        assert_eq!(
            json["message"],
            "Invalid parameter(s): per_page, page, order, on_sale"
        );
        assert_eq!(
            json["data"]["params"]["per_page"],
            "per_page is not of type integer."
        );
        assert_eq!(
            json["data"]["details"]["per_page"]["data"]["param"],
            "per_page"
        );
        assert_eq!(
            json["data"]["params"]["page"],
            "page must be greater than or equal to 1"
        );
        assert_eq!(
            json["data"]["params"]["order"],
            "order is not one of asc and desc."
        );
        assert_eq!(
            json["data"]["params"]["on_sale"],
            "on_sale is not of type boolean."
        );
    }

    #[test]
    fn lists_accept_commas_and_arrays() {
        let params = Params::from_query(Some(
            "include=3,%205&exclude[]=7&exclude[]=x&stock=instock,nope",
        ));
        let mut check = Checker::new(&params);
        assert_eq!(check.id_list("include"), [3, 5]);
        assert_eq!(check.id_list("exclude"), [7, 0]);
        assert!(
            check
                .choice_list("stock", &["instock", "outofstock"])
                .is_empty()
        );
        let json = serde_json::to_value(check.finish().expect_err("stock")).expect("json");
        assert_eq!(
            json["data"]["params"]["stock"],
            "stock[1] is not one of instock and outofstock."
        );
    }
}
