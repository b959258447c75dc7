//! Fees: amounts that server extensions add to a cart (`FeeSource`), and the demo's gift-wrap
//! fee, chosen through cart extension data.

use serde::{Deserialize, Serialize};

use crate::money::Money;

use super::cart::CartInput;
use super::decimal::Decimal;

/// A fee to add to the cart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fee {
    /// Key of the fee in the cart; fees with a key already used are dropped.
    pub id: String,
    /// Name shown to shoppers.
    pub name: String,
    /// How much (excluding tax); negative for a discount.
    pub amount: FeeAmount,
    /// Whether tax is added.
    pub taxable: bool,
    /// Tax class slug; empty for the standard class.
    pub tax_class: String,
}

/// How a fee's amount is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FeeAmount {
    /// A fixed amount.
    Fixed(Money),
    /// A percentage of the items total after discounts, excluding tax.
    PercentOfItems(Decimal),
}

/// The cart as a fee source sees it: the input and the totals known before fees.
#[derive(Debug, Clone, Copy)]
pub struct FeeCart<'a> {
    /// The cart being priced.
    pub cart: &'a CartInput,
    /// Items before discounts, excluding tax.
    pub items_subtotal: Money,
    /// Items after discounts, excluding tax.
    pub items_total: Money,
    /// The chosen shipping, excluding tax.
    pub shipping_total: Money,
}

/// Something that adds fees to carts: implemented by the server's extensions.
pub trait FeeSource: Send + Sync {
    /// The fees this source adds to the cart (none if it does not apply).
    fn fees(&self, cart: &FeeCart<'_>) -> Vec<Fee>;
}

/// The demo's gift wrapping: a taxable fee when the cart's extension data under `namespace`
/// holds `{"gift_wrap": true}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiftWrap {
    /// The extension namespace the choice is stored under.
    pub namespace: String,
    /// The fee (excluding tax).
    pub amount: Money,
    /// Name shown to shoppers.
    pub name: String,
    /// Tax class slug of the fee.
    pub tax_class: String,
}

impl Default for GiftWrap {
    fn default() -> Self {
        GiftWrap {
            namespace: "mercato".to_owned(),
            amount: Money::from_minor(500),
            name: "Gift wrap".to_owned(),
            tax_class: String::new(),
        }
    }
}

impl GiftWrap {
    /// Whether the shopper asked for gift wrapping.
    pub fn is_chosen(&self, cart: &CartInput) -> bool {
        cart.extensions
            .get(&self.namespace)
            .and_then(|data| data.get("gift_wrap"))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false)
    }
}

impl FeeSource for GiftWrap {
    fn fees(&self, cart: &FeeCart<'_>) -> Vec<Fee> {
        if cart.cart.lines.is_empty() || !self.is_chosen(cart.cart) {
            return Vec::new();
        }
        vec![Fee {
            id: "gift-wrap".to_owned(),
            name: self.name.clone(),
            amount: FeeAmount::Fixed(self.amount),
            taxable: true,
            tax_class: self.tax_class.clone(),
        }]
    }
}

/// A fee's key from its name, as WordPress's `sanitize_title` would make it for plain names.
pub fn fee_id(name: &str) -> String {
    let mut id = String::with_capacity(name.len());
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            id.push(c);
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_matches('-').to_owned()
}
