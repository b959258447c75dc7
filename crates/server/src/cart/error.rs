//! Why a cart operation was refused, with WooCommerce's messages (HTML-escaped as the Store
//! API sends them). Each surface maps these to its own envelope: the Store API to its error
//! codes, the classic cart to notices.

use mercato_core::pricing::CouponError;
use mercato_core::quantity::QuantityError;

/// A refused cart operation.
#[derive(Debug, thiserror::Error)]
pub enum CartError {
    /// No product or variation has this id.
    #[error("Product with ID &quot;{0}&quot; was not found and cannot be added to the cart.")]
    UnknownProduct(i64),
    /// The product cannot be bought (draft, no price, grouped, external ...).
    #[error("&quot;{0}&quot; is not available for purchase.")]
    NotPurchasable(String),
    /// A quantity of zero or less was asked for.
    #[error("You cannot add &quot;{0}&quot; with a quantity less than or equal to 0 to the cart.")]
    QuantityNotPositive(String),
    /// The product is out of stock.
    #[error("You cannot add &quot;{0}&quot; to the cart because the product is out of stock.")]
    OutOfStock(String),
    /// Not enough stock for the quantity asked for.
    #[error(
        "You cannot add that amount of &quot;{name}&quot; to the cart because there is not enough stock ({remaining} remaining)."
    )]
    NotEnoughStock {
        /// The product's name.
        name: String,
        /// What is left for this shopper.
        remaining: i64,
    },
    /// No variation matches the chosen options.
    #[error("No matching variation found.")]
    NoMatchingVariation,
    /// An "any" attribute of the variation was not chosen.
    #[error("{0}")]
    MissingVariationData(String),
    /// A chosen value is not allowed for the variation.
    #[error("{0}")]
    InvalidVariationData(String),
    /// An add-on choice the product does not offer, or a required add-on group left out
    /// (`mercato_core::catalogue::AddonChoiceError`, escaped).
    #[error("{0}")]
    InvalidAddon(String),
    /// The quantity breaks the line's limits (`invalid_quantity`).
    #[error("{0}")]
    InvalidQuantity(String),
    /// A product sold individually is in the cart already, whatever its add-on options
    /// (`woocommerce_rest_cart_product_sold_individually`; the name is escaped).
    #[error("You cannot add another \"{0}\" to your cart.")]
    SoldIndividually(String),
    /// The line's quantity cannot change (sold individually: `readonly_quantity`).
    #[error("The quantity of &quot;{0}&quot; cannot be changed")]
    ReadonlyQuantity(String),
    /// No line has this key.
    #[error("Cart item does not exist.")]
    UnknownItem,
    /// The line's product no longer exists.
    #[error("Cart item is invalid.")]
    ItemProductGone,
    /// A coupon cannot be applied.
    #[error("{}", .0.message())]
    Coupon(CouponError),
    /// The shop does not take coupons.
    #[error("Coupons are disabled.")]
    CouponsDisabled,
    /// A coupon code that names no coupon (removing one).
    #[error("Invalid coupon code.")]
    InvalidCouponCode,
    /// The coupon is not in the cart.
    #[error("Coupon cannot be removed because it is not already applied to the cart.")]
    CouponNotApplied,
    /// The shop does not ship.
    #[error("Shipping is disabled.")]
    ShippingDisabled,
    /// No extension is registered under the namespace, or it refused the data.
    #[error("{0}")]
    Extension(String),
    /// Storage failed; the cause is logged by whoever turns this into a response.
    #[error("storage failed: {0}")]
    Storage(#[from] mercato_db::DbError),
}

impl CartError {
    /// A quantity core's limits refused (`QuantityLimits::check`), worded as WooCommerce's
    /// `validate_cart_item_quantity`.
    pub fn quantity(name: &str, error: QuantityError) -> Self {
        let message = match error {
            QuantityError::Readonly => return CartError::ReadonlyQuantity(name.to_owned()),
            QuantityError::BelowMinimum(minimum) => format!(
                "The minimum quantity of &quot;{name}&quot; allowed in the cart is {minimum}"
            ),
            QuantityError::AboveMaximum(maximum) => format!(
                "The maximum quantity of &quot;{name}&quot; allowed in the cart is {maximum}"
            ),
            QuantityError::NotMultiple(multiple_of) => {
                format!("The quantity of &quot;{name}&quot; must be a multiple of {multiple_of}")
            }
        };
        CartError::InvalidQuantity(message)
    }

    /// The message shown to shoppers.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// `esc_html`: the five special characters as entities (names and codes that go into
/// messages come from shoppers and merchants).
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#039;"),
            _ => out.push(c),
        }
    }
    out
}

/// The text of one of these HTML messages, for a page that escapes what it shows (the classic
/// checkout's notices): entities decoded in one pass, so `&amp;quot;` stays `&quot;`. Unknown
/// entities are kept as written.
pub fn html_message_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        match tail[1..]
            .find(';')
            .filter(|end| *end <= 10)
            .and_then(|end| {
                let name = &tail[1..=end];
                entity(name).map(|c| (c, end + 2))
            }) {
            Some((c, used)) => {
                out.push(c);
                rest = &tail[used..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code).filter(|c| *c != '\0');
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => '\u{a0}',
        "times" => '\u{d7}',
        "euro" => '\u{20ac}',
        "pound" => '\u{a3}',
        "yen" => '\u{a5}',
        "ldquo" => '\u{201c}',
        "rdquo" => '\u{201d}',
        "lsquo" => '\u{2018}',
        "rsquo" => '\u{2019}',
        "hellip" => '\u{2026}',
        "ndash" => '\u{2013}',
        "mdash" => '\u{2014}',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_become_text_once() {
        assert_eq!(
            html_message_text(
                "Please enter a valid email at checkout to use coupon code &quot;vip&quot;."
            ),
            "Please enter a valid email at checkout to use coupon code \"vip\"."
        );
        assert_eq!(
            html_message_text("&amp;quot; &#36;5 &#x24;6 &times;2 &#039;a&#039; &bogus; & x"),
            "&quot; $5 $6 \u{d7}2 'a' &bogus; & x"
        );
        let name = "<b>\"Tom\" & 'Jerry'</b>";
        assert_eq!(html_message_text(&escape_html(name)), name);
    }
}
