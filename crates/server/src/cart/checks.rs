//! Keeping a stored cart true to the catalogue, and the problems reported in its `errors`.
//!
//! On every read the cart is normalised, as WooCommerce does when it loads a cart from the
//! session: lines whose product is gone or can no longer be bought are dropped, quantities
//! are brought within their limits (stock may have fallen), and a changed price is noted
//! once. What is left is validated for stock (`validate_cart_items`).

use std::collections::HashMap;

use mercato_core::money::Money;
use serde::Serialize;
use ts_rs::TS;

use super::catalogue::CartCatalogue;
use super::document::CartDocument;
use super::lines::Line;

/// Code of problems with one line (WooCommerce's notices turned into errors).
pub const ITEM_ERROR: &str = "woocommerce_rest_cart_item_error";

/// An entry of the cart's `errors`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct CartNotice {
    /// The error code.
    pub code: String,
    /// The message (HTML-escaped).
    pub message: String,
}

impl CartNotice {
    /// A notice with this code and message.
    pub fn new(code: &str, message: String) -> Self {
        CartNotice {
            code: code.to_owned(),
            message,
        }
    }
}

/// What normalising decided for one line.
enum Fix {
    Keep,
    Remove(String),
    RemoveChanged(String),
    Set { quantity: u32, price: i64 },
}

/// Brings `doc` in line with the catalogue at `now`; returns what the shopper should be told.
/// Running it again on its own result changes nothing.
pub fn normalize(doc: &mut CartDocument, catalogue: &CartCatalogue, now: i64) -> Vec<CartNotice> {
    let mut notices = Vec::new();
    let fixes: Vec<Fix> = doc
        .items
        .iter()
        .map(|item| {
            let Some(line) = catalogue
                .line(item)
                .filter(|line| line.is_purchasable(now))
            else {
                let name = if item.name.is_empty() {
                    "An item".to_owned()
                } else {
                    item.name.clone()
                };
                return Fix::Remove(name);
            };
            if line.addons().is_none() {
                return Fix::RemoveChanged(line.title());
            }
            let limits = line.limits(catalogue.held(line.stock_id()));
            let quantity = limits.normalize(item.quantity);
            let price = line.unit_price(now).unwrap_or(Money::ZERO).minor();
            if quantity == item.quantity && price == item.unit_price {
                Fix::Keep
            } else {
                if price != item.unit_price {
                    notices.push(CartNotice::new(
                        ITEM_ERROR,
                        format!(
                            "The price of &quot;{}&quot; has changed since it was added to your cart.",
                            line.title()
                        ),
                    ));
                }
                Fix::Set { quantity, price }
            }
        })
        .collect();
    let mut index = 0;
    doc.items.retain_mut(|item| {
        let fix = fixes.get(index);
        index += 1;
        match fix {
            Some(Fix::Remove(name)) => {
                notices.push(CartNotice::new(
                    ITEM_ERROR,
                    format!(
                        "{name} has been removed from your cart because it can no longer be purchased. Please contact us if you need assistance."
                    ),
                ));
                false
            }
            Some(Fix::RemoveChanged(name)) => {
                notices.push(CartNotice::new(
                    ITEM_ERROR,
                    format!(
                        "{name} has been removed from your cart because its options have changed. Please choose them again."
                    ),
                ));
                false
            }
            Some(Fix::Set { quantity, price }) => {
                item.quantity = *quantity;
                item.unit_price = *price;
                true
            }
            _ => true,
        }
    });
    notices
}

/// Stock problems of the lines (`validate_cart_items`), one error per kind listing every
/// product concerned.
pub fn stock_errors(doc: &CartDocument, catalogue: &CartCatalogue) -> Vec<CartNotice> {
    let lines: Vec<Line<'_>> = doc
        .items
        .iter()
        .filter_map(|item| catalogue.line(item))
        .collect();
    let mut in_cart: HashMap<i64, i64> = HashMap::new();
    // Units of each product (or variation) over all its lines: add-on options make separate
    // lines, but "sold individually" means one per order.
    let mut of_item: HashMap<i64, i64> = HashMap::new();
    for line in &lines {
        *in_cart.entry(line.stock_id()).or_default() += i64::from(line.item.quantity);
        *of_item.entry(line.item_id()).or_default() += i64::from(line.item.quantity);
    }
    let (mut out, mut too_many, mut partial) = (Vec::new(), Vec::new(), Vec::new());
    let mut too_many_ids = Vec::new();
    for line in &lines {
        let stock = line.stock();
        if line.sold_individually() && of_item.get(&line.item_id()).copied().unwrap_or(0) > 1 {
            if !too_many_ids.contains(&line.item_id()) {
                too_many_ids.push(line.item_id());
                too_many.push(line.title());
            }
        } else if !stock.is_in_stock() {
            out.push(line.title());
        } else if !stock.has_enough(
            in_cart.get(&line.stock_id()).copied().unwrap_or(0),
            catalogue.held(line.stock_id()),
        ) {
            partial.push(line.title());
        }
    }
    let mut errors = Vec::new();
    let mut add = |code: &str, names: &[String], one: &str, many: &str| {
        if names.is_empty() {
            return;
        }
        let template = if names.len() > 1 { many } else { one };
        errors.push(CartNotice::new(
            code,
            template.replace("%s", &natural_join(names)),
        ));
    };
    add(
        "woocommerce_rest_product_out_of_stock",
        &out,
        "%s is out of stock and cannot be purchased. Please remove it from your cart.",
        "%s are out of stock and cannot be purchased. Please remove them from your cart.",
    );
    add(
        "woocommerce_rest_product_too_many_in_cart",
        &too_many,
        "There are too many %s in the cart. Only 1 item can be purchased. Please reduce the quantity in your cart.",
        "There are too many %s in the cart. Only 1 item of each can be purchased. Please reduce the quantities in your cart.",
    );
    add(
        "woocommerce_rest_product_partially_out_of_stock",
        &partial,
        "There is not enough %s in stock. Please reduce the quantity in your cart.",
        "There are not enough %s in stock. Please reduce the quantities in your cart.",
    );
    errors
}

/// `"A", "B" and "C"` (WooCommerce's `natural_language_join` with quotes).
fn natural_join(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("&quot;{n}&quot;")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_joined_like_woocommerce() {
        let names = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(natural_join(&names(&["Cap"])), "&quot;Cap&quot;");
        assert_eq!(
            natural_join(&names(&["Cap", "Belt", "Hat"])),
            "&quot;Cap&quot;, &quot;Belt&quot; and &quot;Hat&quot;"
        );
    }
}
