//! The stored cart: one JSON document per cart (`mercato_db::carts`), holding what the shopper
//! chose, never what it costs (prices, taxes and totals are worked out on every read).

use std::collections::BTreeMap;

use md5::{Digest, Md5};
use mercato_core::catalogue::ChosenAddon;
use mercato_core::orders::Address;
use serde::{Deserialize, Serialize};

/// A cart as stored.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct CartDocument {
    /// The lines, in the order they were added.
    pub items: Vec<StoredItem>,
    /// Applied coupon codes (lower case), in the order applied.
    pub coupons: Vec<String>,
    /// The billing address as entered (empty fields fall back to the shop's base country).
    pub billing: Address,
    /// The shipping address as entered.
    pub shipping: Address,
    /// The rate the shopper chose, per package id.
    pub chosen_rates: BTreeMap<u32, String>,
    /// Data sent by extensions (`POST /cart/extensions`), by namespace.
    pub extensions: serde_json::Map<String, serde_json::Value>,
}

/// One line of a stored cart.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct StoredItem {
    /// WooCommerce's cart item key (32 hex characters, see [`item_key`]).
    pub key: String,
    /// The product, or the variable parent of a variation.
    pub product_id: i64,
    /// The variation, for a variation.
    pub variation_id: Option<i64>,
    /// The variation's attributes as chosen (`attribute_pa_color` → `blue`), sorted by name.
    pub variation: Vec<ItemAttribute>,
    /// How many.
    pub quantity: u32,
    /// The line's title when it was added ("Hoodie - Blue, Yes"), for messages about a product
    /// that has since gone.
    pub name: String,
    /// The unit price (minor units) when added or last acknowledged: a different price now is
    /// reported once in the cart's `errors`.
    pub unit_price: i64,
    /// The add-on options chosen, by group and option key, in the product's group order
    /// (`mercato_core::catalogue::choose_addons`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub addons: Vec<ChosenAddon>,
}

/// One chosen attribute of a variation line.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ItemAttribute {
    /// The form field name (`attribute_pa_color`, `attribute_logo`).
    pub name: String,
    /// The stored value (a term slug for global attributes, the text for local ones).
    pub value: String,
}

impl CartDocument {
    /// The line with this key.
    pub fn item(&self, key: &str) -> Option<&StoredItem> {
        self.items.iter().find(|item| item.key == key)
    }

    /// The line with this key, to change.
    pub fn item_mut(&mut self, key: &str) -> Option<&mut StoredItem> {
        self.items.iter_mut().find(|item| item.key == key)
    }

    /// Removes the line with this key; `true` when there was one.
    pub fn remove_item(&mut self, key: &str) -> bool {
        let before = self.items.len();
        self.items.retain(|item| item.key != key);
        self.items.len() != before
    }

    /// Total quantity over all lines.
    pub fn items_count(&self) -> u64 {
        self.items.iter().map(|item| u64::from(item.quantity)).sum()
    }

    /// Whether a coupon with this code is applied.
    pub fn has_coupon(&self, code: &str) -> bool {
        let code = mercato_core::pricing::format_coupon_code(code);
        self.coupons.contains(&code)
    }
}

/// WooCommerce's cart item key (`WC_Cart::generate_cart_id`): the MD5 of the product id, the
/// variation id and the attribute names and values, joined by `_`. The same product with
/// the same options always lands on the same line, and the keys match WooCommerce's.
pub fn item_key(product_id: i64, variation_id: Option<i64>, variation: &[ItemAttribute]) -> String {
    let mut parts = vec![product_id.to_string()];
    if let Some(id) = variation_id.filter(|id| *id != 0) {
        parts.push(id.to_string());
    }
    if !variation.is_empty() {
        let joined: String = variation
            .iter()
            .map(|a| format!("{}{}", a.name.trim(), a.value.trim()))
            .collect();
        parts.push(joined);
    }
    hex_md5(parts.join("_").as_bytes())
}

/// The key of a line with add-on options: [`item_key`] when there are none (WooCommerce's keys
/// stay), otherwise the chosen group and option keys join the hashed text, so different
/// choices make different lines and the same choices the same line.
pub fn line_key(
    product_id: i64,
    variation_id: Option<i64>,
    variation: &[ItemAttribute],
    addons: &[ChosenAddon],
) -> String {
    if addons.is_empty() {
        return item_key(product_id, variation_id, variation);
    }
    let base = item_key(product_id, variation_id, variation);
    let chosen: Vec<String> = addons
        .iter()
        .map(|a| format!("{}={}", a.group, a.option))
        .collect();
    hex_md5(format!("{base}_addons_{}", chosen.join("&")).as_bytes())
}

/// Lower-case hex MD5 (cart keys and hashes; not a security measure).
pub fn hex_md5(bytes: &[u8]) -> String {
    hex::encode(Md5::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(name: &str, value: &str) -> ItemAttribute {
        ItemAttribute {
            name: name.into(),
            value: value.into(),
        }
    }

    #[test]
    fn keys_match_the_recorded_carts() {
        assert_eq!(item_key(17, None, &[]), "70efdf2ec9b086079795c442636b55fb");
        assert_eq!(item_key(20, None, &[]), "98f13708210194c475687be6106a3b84");
        assert_eq!(
            item_key(
                15,
                Some(38),
                &[
                    attr("attribute_logo", "Yes"),
                    attr("attribute_pa_color", "blue")
                ]
            ),
            "db458a8d3b97188a9990608c0b611526"
        );
        assert_eq!(
            item_key(
                14,
                Some(28),
                &[
                    attr("attribute_pa_color", "red"),
                    attr("attribute_pa_size", "large")
                ]
            ),
            "9658e4aed94b408e8a297150c16483a2"
        );
    }

    #[test]
    fn add_on_choices_make_their_own_lines() {
        let chosen = |option: &str| ChosenAddon {
            group: "gift-wrap".into(),
            option: option.into(),
        };
        assert_eq!(line_key(17, None, &[], &[]), item_key(17, None, &[]));
        let yes = line_key(17, None, &[], &[chosen("yes")]);
        assert_eq!(yes, line_key(17, None, &[], &[chosen("yes")]));
        assert_ne!(yes, line_key(17, None, &[], &[chosen("no")]));
        assert_ne!(yes, item_key(17, None, &[]));
    }

    #[test]
    fn old_documents_load_with_defaults() {
        let doc: CartDocument =
            serde_json::from_str(r#"{"items":[{"key":"k","product_id":1,"quantity":2}]}"#)
                .expect("document");
        assert_eq!(doc.items_count(), 2);
        assert!(doc.coupons.is_empty());
    }
}
