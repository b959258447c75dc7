//! Product add-ons in the CSV: the `Meta: _product_addons` column, a JSON list in the shape
//! WooCommerce's Product Add-Ons extension stores under that meta key, so a file exported from
//! a WooCommerce shop with that extension imports as it is.
//!
//! ```json
//! [{"name": "Gift wrap", "key": "gift-wrap", "type": "multiple_choice", "display": "radiobutton",
//!   "required": 0, "default": "No",
//!   "options": [{"label": "No", "key": "no", "price": "", "price_type": "quantity_based"},
//!               {"label": "Yes", "key": "yes", "price": "3.00", "price_type": "quantity_based"}]}]
//! ```
//!
//! - `price` is a decimal in the shop currency (`quantity_based`: added to each unit) or a
//!   percentage of the product's price (`percentage_based`: `"10"` is 10 %). `flat_fee` (once
//!   per line) is refused: Mercato prices add-ons per unit (see `docs/product-add-ons.md`).
//! - `type` must be `multiple_choice` (radio buttons; `display` is ignored); other types are
//!   refused with the group's name.
//! - `required` is `1`/`0` (or true/false); `default` names an option by label or key.
//! - `key` is Mercato's own member (WooCommerce ignores it): the stable key of a group or an
//!   option, the slug of its name or label when absent.
//!
//! Reading checks the groups against core's rules ([`validate_addon_groups`]).

use serde_json::{Map, Value, json};

use crate::catalogue::{AddonGroup, AddonOption, AddonPrice, validate_addon_groups};
use crate::money::Money;

/// The meta key (and `Meta: …` column) that carries a product's add-on groups.
pub const ADDONS_META_KEY: &str = "_product_addons";

/// Reads a `Meta: _product_addons` cell (empty: no add-ons), with prices in a currency of
/// `minor_unit` decimals.
pub fn addons_from_cell(cell: &str, minor_unit: u32) -> Result<Vec<AddonGroup>, String> {
    if cell.trim().is_empty() {
        return Ok(Vec::new());
    }
    let value: Value =
        serde_json::from_str(cell).map_err(|e| format!("the add-ons are not valid JSON: {e}"))?;
    let Value::Array(list) = value else {
        return Err("the add-ons must be a JSON list of groups".to_owned());
    };
    let groups = list
        .iter()
        .map(|group| read_group(group, minor_unit))
        .collect::<Result<Vec<_>, String>>()?;
    validate_addon_groups(&groups).map_err(|e| e.to_string())?;
    Ok(groups)
}

fn read_group(value: &Value, minor_unit: u32) -> Result<AddonGroup, String> {
    let Value::Object(group) = value else {
        return Err("each add-on group must be a JSON object".to_owned());
    };
    let name = text(group, "name");
    let kind = text(group, "type");
    if !kind.is_empty() && kind != "multiple_choice" {
        return Err(format!(
            "add-on group \"{name}\" has type \"{kind}\"; only multiple_choice (radio buttons) is supported"
        ));
    }
    let Some(Value::Array(options)) = group.get("options") else {
        return Err(format!("add-on group \"{name}\" has no options list"));
    };
    let options = options
        .iter()
        .map(|option| read_option(&name, option, minor_unit))
        .collect::<Result<Vec<_>, String>>()?;
    let required = match group.get("required") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(flag)) => *flag,
        Some(Value::Number(n)) => n.as_i64() == Some(1),
        Some(Value::String(s)) => s.trim() == "1" || s.trim().eq_ignore_ascii_case("true"),
        Some(_) => {
            return Err(format!(
                "add-on group \"{name}\": \"required\" is not 0 or 1"
            ));
        }
    };
    let mut built = AddonGroup {
        required,
        options,
        ..AddonGroup::new(&name, Vec::new())
    };
    if let Some(key) = group.get("key").and_then(Value::as_str) {
        built.key = key.to_owned();
    }
    let default = text(group, "default");
    if !default.is_empty() {
        let option = built.option(&default).ok_or_else(|| {
            format!("add-on group \"{name}\": the default \"{default}\" is not one of its options")
        })?;
        built.default = Some(option.key.clone());
    }
    Ok(built)
}

fn read_option(group: &str, value: &Value, minor_unit: u32) -> Result<AddonOption, String> {
    let Value::Object(option) = value else {
        return Err(format!(
            "add-on group \"{group}\": each option must be a JSON object"
        ));
    };
    let label = text(option, "label");
    let price = match option.get("price") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        Some(_) => {
            return Err(format!(
                "add-on option \"{label}\": the price is not a number"
            ));
        }
    };
    let bad_price = |e: crate::money::MoneyError| format!("add-on option \"{label}\": {e}");
    let price_type = text(option, "price_type");
    let price = if price.is_empty() {
        AddonPrice::Free
    } else {
        match price_type.as_str() {
            "" | "quantity_based" => AddonPrice::Flat {
                amount: Money::from_decimal_str(&price, minor_unit).map_err(bad_price)?,
            },
            "percentage_based" => {
                let hundredths = Money::from_decimal_str(&price, 2).map_err(bad_price)?;
                AddonPrice::Percent {
                    basis_points: u32::try_from(hundredths.minor()).map_err(|_| {
                        format!(
                            "add-on option \"{label}\": the percentage is negative or too large"
                        )
                    })?,
                }
            }
            "flat_fee" => {
                return Err(format!(
                    "add-on option \"{label}\": price type flat_fee (once per line) is not supported; use quantity_based"
                ));
            }
            other => {
                return Err(format!(
                    "add-on option \"{label}\": unknown price type \"{other}\""
                ));
            }
        }
    };
    let mut built = AddonOption::new(&label, price);
    if let Some(key) = option.get("key").and_then(Value::as_str) {
        built.key = key.to_owned();
    }
    Ok(built)
}

fn text(object: &Map<String, Value>, key: &str) -> String {
    match object.get(key) {
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// The `Meta: _product_addons` cell of `groups` ("" when there are none), prices in a
/// currency of `minor_unit` decimals; [`addons_from_cell`] reads it back to the same groups.
pub fn addons_to_cell(groups: &[AddonGroup], minor_unit: u32) -> String {
    if groups.is_empty() {
        return String::new();
    }
    let list: Vec<Value> = groups
        .iter()
        .map(|group| {
            let options: Vec<Value> = group
                .options
                .iter()
                .map(|option| {
                    let (price, price_type) = match option.price {
                        AddonPrice::Free => (String::new(), "quantity_based"),
                        AddonPrice::Flat { amount } => {
                            (amount.to_decimal_string(minor_unit), "quantity_based")
                        }
                        AddonPrice::Percent { basis_points } => (
                            Money::from_minor(i64::from(basis_points)).to_decimal_string(2),
                            "percentage_based",
                        ),
                    };
                    json!({
                        "label": option.label,
                        "key": option.key,
                        "price": price,
                        "price_type": price_type,
                    })
                })
                .collect();
            json!({
                "name": group.name,
                "key": group.key,
                "type": "multiple_choice",
                "display": "radiobutton",
                "required": u8::from(group.required),
                "default": group.default_option().map(|o| o.label.clone()).unwrap_or_default(),
                "options": options,
            })
        })
        .collect();
    Value::Array(list).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups() -> Vec<AddonGroup> {
        vec![
            AddonGroup {
                default: Some("no".into()),
                ..AddonGroup::new(
                    "Gift wrap",
                    vec![
                        AddonOption::new("No", AddonPrice::Free),
                        AddonOption::new(
                            "Yes",
                            AddonPrice::Flat {
                                amount: Money::from_minor(300),
                            },
                        ),
                    ],
                )
            },
            AddonGroup {
                required: true,
                key: "side".into(),
                ..AddonGroup::new(
                    "Print position",
                    vec![AddonOption::new(
                        "Both",
                        AddonPrice::Percent {
                            basis_points: 1_250,
                        },
                    )],
                )
            },
        ]
    }

    #[test]
    fn cells_round_trip() {
        let cell = addons_to_cell(&groups(), 2);
        assert!(
            cell.contains(r#""price":"3.00","price_type":"quantity_based""#),
            "{cell}"
        );
        assert!(
            cell.contains(r#""price":"12.50","price_type":"percentage_based""#),
            "{cell}"
        );
        assert_eq!(addons_from_cell(&cell, 2), Ok(groups()));
        assert_eq!(addons_to_cell(&[], 2), "");
        assert_eq!(addons_from_cell(" ", 2), Ok(Vec::new()));
    }

    #[test]
    fn woocommerce_exports_read_without_our_keys() {
        let cell = r#"[{"name":"Gift wrap","title_format":"label","type":"multiple_choice","display":"radiobutton","position":0,"required":"0",
            "options":[{"label":"No","price":"","image":"","price_type":"flat_fee"},{"label":"Yes","price":"3","price_type":"quantity_based"}]}]"#;
        let read = addons_from_cell(cell, 2).expect("groups");
        assert_eq!(read[0].key, "gift-wrap");
        assert_eq!(read[0].options[1].key, "yes");
        assert_eq!(
            read[0].options[1].price,
            AddonPrice::Flat {
                amount: Money::from_minor(300)
            }
        );
        // A free option's price type does not matter.
        assert_eq!(read[0].options[0].price, AddonPrice::Free);
    }

    #[test]
    fn broken_cells_say_what_is_wrong() {
        let fails = |cell: &str| addons_from_cell(cell, 2).expect_err(cell);
        assert!(fails("[{").contains("not valid JSON"));
        assert!(fails(r#"{"name":"x"}"#).contains("JSON list"));
        assert!(
            fails(r#"[{"name":"Note","type":"custom_text","options":[]}]"#).contains("custom_text")
        );
        assert!(
            fails(r#"[{"name":"Wrap","options":[{"label":"Yes","price":"3","price_type":"flat_fee"}]}]"#)
                .contains("flat_fee")
        );
        assert!(
            fails(r#"[{"name":"Wrap","options":[{"label":"Yes","price":"-3"}]}]"#)
                .contains("negative")
        );
        assert!(
            fails(r#"[{"name":"Wrap","options":[{"label":"Yes","price":"abc"}]}]"#).contains("Yes")
        );
        assert!(
            fails(r#"[{"name":"Wrap","default":"Maybe","options":[{"label":"Yes"}]}]"#)
                .contains("Maybe")
        );
        assert!(fails(r#"[{"name":"","options":[{"label":"Yes"}]}]"#).contains("between 1"));
    }
}
