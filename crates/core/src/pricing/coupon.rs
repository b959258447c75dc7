//! Coupons and the rules that decide whether one may be used on a cart, checked in
//! WooCommerce's order (`WC_Discounts::is_coupon_valid`) with its messages.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::catalogue::{CategoryId, ProductId};
use crate::money::{Currency, Money};

use super::cart::{CartLine, Customer};
use super::coupon_error::{CouponError, price_text};
use super::decimal::Decimal;

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CouponKind {
    /// A percentage of each qualifying line.
    Percent,
    /// A fixed amount off the whole cart, spread over its lines.
    #[default]
    FixedCart,
    /// A fixed amount off each qualifying item.
    FixedProduct,
}

impl CouponKind {
    /// WooCommerce's `discount_type` value.
    pub fn as_str(self) -> &'static str {
        match self {
            CouponKind::Percent => "percent",
            CouponKind::FixedCart => "fixed_cart",
            CouponKind::FixedProduct => "fixed_product",
        }
    }

    /// Whether it discounts qualifying products (percent, fixed product) rather than the cart.
    pub fn is_product_type(self) -> bool {
        !matches!(self, CouponKind::FixedCart)
    }
}

/// A coupon as the merchant set it up, with its usage so far.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Coupon {
    /// Coupon id (the later of two otherwise equal coupons applies first).
    pub id: u64,
    /// The code; compared without regard to case.
    pub code: String,
    /// What it takes off.
    #[serde(rename = "discount_type")]
    pub kind: CouponKind,
    /// A percentage for percent coupons, else an amount in the shop currency.
    pub amount: Decimal,
    /// Expiry, in unix seconds: the coupon is refused after this moment.
    pub expires_at: Option<i64>,
    /// Smallest cart subtotal it accepts.
    pub minimum_amount: Option<Money>,
    /// Largest cart subtotal it accepts.
    pub maximum_amount: Option<Money>,
    /// Uses allowed in total.
    pub usage_limit: Option<u32>,
    /// Uses allowed per customer.
    pub usage_limit_per_user: Option<u32>,
    /// Uses so far.
    pub usage_count: u32,
    /// Who used it: user ids (as text) and billing emails, one entry per use.
    pub used_by: Vec<String>,
    /// Cannot be combined with other coupons.
    pub individual_use: bool,
    /// Only these products (or variations of them) qualify.
    pub product_ids: Vec<ProductId>,
    /// These products never qualify.
    pub excluded_product_ids: Vec<ProductId>,
    /// Only products in these categories qualify.
    pub category_ids: Vec<CategoryId>,
    /// Products in these categories never qualify.
    pub excluded_category_ids: Vec<CategoryId>,
    /// Sale items never qualify.
    pub exclude_sale_items: bool,
    /// Only customers with these emails may use it (`*` matches any text).
    pub allowed_emails: Vec<String>,
    /// Grants free shipping (with a free shipping method that accepts coupons).
    pub free_shipping: bool,
    /// Discount at most this many items (percent and fixed product coupons).
    pub limit_usage_to_x_items: Option<u32>,
}

/// A coupon code as WooCommerce stores and compares it: trimmed and lower-case.
pub fn format_coupon_code(code: &str) -> String {
    code.trim().to_lowercase()
}

impl Coupon {
    /// Whether `code` names this coupon.
    pub fn matches_code(&self, code: &str) -> bool {
        format_coupon_code(&self.code) == format_coupon_code(code)
    }

    /// Whether the coupon discounts this line (`WC_Coupon::is_valid_for_product`); always
    /// false for fixed cart coupons, which apply to the cart as a whole.
    pub fn is_valid_for_line(&self, line: &CartLine) -> bool {
        if !self.kind.is_product_type() {
            return false;
        }
        let ids = line.coupon_ids();
        let listed = |list: &[ProductId]| ids.iter().any(|id| list.contains(id));
        let in_categories =
            |list: &[CategoryId]| line.category_ids.iter().any(|id| list.contains(id));
        let mut valid = (self.product_ids.is_empty() && self.category_ids.is_empty())
            || (!self.product_ids.is_empty() && listed(&self.product_ids))
            || (!self.category_ids.is_empty() && in_categories(&self.category_ids));
        if listed(&self.excluded_product_ids) || in_categories(&self.excluded_category_ids) {
            valid = false;
        }
        if self.exclude_sale_items && line.on_sale {
            valid = false;
        }
        valid
    }
}

/// What a coupon is checked against.
#[derive(Debug, Clone, Copy)]
pub struct CouponCheck<'a> {
    /// The cart's lines.
    pub lines: &'a [CartLine],
    /// The subtotal as the cart shows it (with tax when prices are shown with tax).
    pub displayed_subtotal: Money,
    /// The shopper.
    pub customer: &'a Customer,
    /// Now, in unix seconds.
    pub now: i64,
    /// The shop currency, for amounts in messages.
    pub currency: &'a Currency,
    /// Category names, for the excluded-categories message.
    pub category_names: &'a BTreeMap<CategoryId, String>,
}

/// Checks every rule of the coupon against the cart, in WooCommerce's order, and returns the
/// first that fails.
pub fn validate_coupon(coupon: &Coupon, check: &CouponCheck<'_>) -> Result<(), CouponError> {
    let code = || format_coupon_code(&coupon.code);
    if let Some(limit) = coupon.usage_limit.filter(|limit| *limit > 0)
        && coupon.usage_count >= limit
    {
        return Err(CouponError::UsageLimitReached { code: code() });
    }
    if let Some(limit) = coupon.usage_limit_per_user.filter(|limit| *limit > 0)
        && uses_by_customer(coupon, check.customer) >= limit
    {
        return Err(CouponError::UsageLimitReached { code: code() });
    }
    if coupon.expires_at.is_some_and(|expires| check.now > expires) {
        return Err(CouponError::Expired { code: code() });
    }
    if let Some(minimum) = coupon.minimum_amount.filter(|m| m.minor() > 0)
        && minimum > check.displayed_subtotal
    {
        return Err(CouponError::MinimumSpend {
            code: code(),
            minimum,
            shown: price_text(minimum, check.currency),
        });
    }
    if let Some(maximum) = coupon.maximum_amount.filter(|m| m.minor() > 0)
        && maximum < check.displayed_subtotal
    {
        return Err(CouponError::MaximumSpend {
            code: code(),
            maximum,
            shown: price_text(maximum, check.currency),
        });
    }
    let not_applicable = || CouponError::NotApplicable { code: code() };
    if !coupon.product_ids.is_empty()
        && !check.lines.iter().any(|line| {
            line.coupon_ids()
                .iter()
                .any(|id| coupon.product_ids.contains(id))
        })
    {
        return Err(not_applicable());
    }
    if !coupon.category_ids.is_empty()
        && !check.lines.iter().any(|line| {
            !(coupon.exclude_sale_items && line.on_sale)
                && line
                    .category_ids
                    .iter()
                    .any(|id| coupon.category_ids.contains(id))
        })
    {
        return Err(not_applicable());
    }
    if coupon.kind.is_product_type() {
        if !check.lines.is_empty()
            && !check
                .lines
                .iter()
                .any(|line| coupon.is_valid_for_line(line))
        {
            return Err(not_applicable());
        }
    } else {
        validate_cart_wide(coupon, check)?;
    }
    if !emails_allowed(coupon, check.customer) {
        return Err(CouponError::NotYours { code: code() });
    }
    Ok(())
}

/// A fixed cart coupon refuses a cart holding anything it excludes.
fn validate_cart_wide(coupon: &Coupon, check: &CouponCheck<'_>) -> Result<(), CouponError> {
    let code = format_coupon_code(&coupon.code);
    if coupon.exclude_sale_items && check.lines.iter().any(|line| line.on_sale) {
        return Err(CouponError::NotValidForSaleItems { code });
    }
    let products: Vec<String> = check
        .lines
        .iter()
        .filter(|line| {
            line.coupon_ids()
                .iter()
                .any(|id| coupon.excluded_product_ids.contains(id))
        })
        .map(|line| line.name.clone())
        .collect();
    if !products.is_empty() {
        return Err(CouponError::ExcludedProducts { code, products });
    }
    let mut categories: Vec<String> = Vec::new();
    for line in check.lines {
        for id in &line.category_ids {
            if coupon.excluded_category_ids.contains(id) {
                let name = check
                    .category_names
                    .get(id)
                    .cloned()
                    .unwrap_or_else(|| id.to_string());
                if !categories.contains(&name) {
                    categories.push(name);
                }
            }
        }
    }
    if !categories.is_empty() {
        return Err(CouponError::ExcludedCategories { code, categories });
    }
    Ok(())
}

/// How often this customer used the coupon: entries of `used_by` naming their account or
/// their billing email.
fn uses_by_customer(coupon: &Coupon, customer: &Customer) -> u32 {
    let user = customer.user_id.map(|id| id.to_string());
    let email = customer.email.trim().to_lowercase();
    let count = coupon
        .used_by
        .iter()
        .filter(|entry| {
            let entry = entry.trim();
            user.as_deref() == Some(entry) || (!email.is_empty() && entry.to_lowercase() == email)
        })
        .count();
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// The email restriction: the account or billing email must match an allowed entry; with no
/// email known the coupon waits for checkout (refused, as in WooCommerce).
fn emails_allowed(coupon: &Coupon, customer: &Customer) -> bool {
    let allowed: Vec<String> = coupon
        .allowed_emails
        .iter()
        .map(|e| e.trim().to_lowercase())
        .filter(|e| !e.is_empty())
        .collect();
    if allowed.is_empty() {
        return true;
    }
    let mut emails = vec![
        customer.account_email.trim().to_lowercase(),
        customer.email.trim().to_lowercase(),
    ];
    emails.retain(|e| !e.is_empty());
    emails.iter().any(|email| {
        allowed
            .iter()
            .any(|pattern| wildcard_matches(pattern, email))
    })
}

/// `*` matches any text (also none); every other character matches itself.
pub fn wildcard_matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let [first, middle @ .., last] = parts.as_slice() else {
        return pattern == text;
    };
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}
