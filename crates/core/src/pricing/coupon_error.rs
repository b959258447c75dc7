//! Why a coupon cannot be used, with WooCommerce 10's messages exactly as the Store API sends
//! them (quotes as `&quot;`, amounts as `wc_price` text such as `&#36;100.00`).

use crate::catalogue::symbol_html;
use crate::money::{Currency, Money, SymbolPosition};

/// The Store API error code of every coupon error.
pub const COUPON_ERROR_CODE: &str = "woocommerce_rest_cart_coupon_error";

/// A coupon that cannot be applied, or no longer applies.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponError {
    /// No coupon has this code.
    #[error("coupon {code} does not exist")]
    NotExist {
        /// The code as entered.
        code: String,
    },
    /// The code is already in the cart.
    #[error("coupon {code} is already applied")]
    AlreadyApplied {
        /// The coupon's code.
        code: String,
    },
    /// An individual-use coupon in the cart excludes any other.
    #[error("coupon {code} is for individual use")]
    IndividualUseOnly {
        /// The individual-use coupon already applied.
        code: String,
    },
    /// The coupon has been used as often as it may be (overall or by this customer).
    #[error("coupon {code} reached its usage limit")]
    UsageLimitReached {
        /// The coupon's code.
        code: String,
    },
    /// The coupon's expiry date has passed.
    #[error("coupon {code} has expired")]
    Expired {
        /// The coupon's code.
        code: String,
    },
    /// The cart subtotal is below the coupon's minimum spend.
    #[error("coupon {code} needs a minimum spend")]
    MinimumSpend {
        /// The coupon's code.
        code: String,
        /// The minimum spend.
        minimum: Money,
        /// The minimum as `wc_price` writes it, tags stripped (`&#36;100.00`).
        shown: String,
    },
    /// The cart subtotal is above the coupon's maximum spend.
    #[error("coupon {code} has a maximum spend")]
    MaximumSpend {
        /// The coupon's code.
        code: String,
        /// The maximum spend.
        maximum: Money,
        /// The maximum as `wc_price` writes it, tags stripped.
        shown: String,
    },
    /// No product in the cart qualifies.
    #[error("coupon {code} does not apply to the cart")]
    NotApplicable {
        /// The coupon's code.
        code: String,
    },
    /// The cart holds sale items and the coupon excludes them.
    #[error("coupon {code} excludes sale items")]
    NotValidForSaleItems {
        /// The coupon's code.
        code: String,
    },
    /// The cart holds products the coupon excludes.
    #[error("coupon {code} excludes products in the cart")]
    ExcludedProducts {
        /// The coupon's code.
        code: String,
        /// Names of the excluded products in the cart.
        products: Vec<String>,
    },
    /// The cart holds products of categories the coupon excludes.
    #[error("coupon {code} excludes categories in the cart")]
    ExcludedCategories {
        /// The coupon's code.
        code: String,
        /// Names of the excluded categories in the cart.
        categories: Vec<String>,
    },
    /// The coupon is restricted to other email addresses (or none is known yet).
    #[error("coupon {code} is restricted to other emails")]
    NotYours {
        /// The coupon's code.
        code: String,
    },
}

impl CouponError {
    /// The Store API error code (always `woocommerce_rest_cart_coupon_error`).
    pub fn code(&self) -> &'static str {
        COUPON_ERROR_CODE
    }

    /// WooCommerce's numeric coupon error code (`WC_Coupon::E_WC_COUPON_*`).
    pub fn wc_code(&self) -> u16 {
        match self {
            CouponError::NotYours { .. } => 102,
            CouponError::AlreadyApplied { .. } => 103,
            CouponError::IndividualUseOnly { .. } => 104,
            CouponError::NotExist { .. } => 105,
            CouponError::UsageLimitReached { .. } => 106,
            CouponError::Expired { .. } => 107,
            CouponError::MinimumSpend { .. } => 108,
            CouponError::NotApplicable { .. } => 109,
            CouponError::NotValidForSaleItems { .. } => 110,
            CouponError::MaximumSpend { .. } => 112,
            CouponError::ExcludedProducts { .. } => 113,
            CouponError::ExcludedCategories { .. } => 114,
        }
    }

    /// The coupon code the error is about.
    pub fn coupon_code(&self) -> &str {
        match self {
            CouponError::NotExist { code }
            | CouponError::AlreadyApplied { code }
            | CouponError::IndividualUseOnly { code }
            | CouponError::UsageLimitReached { code }
            | CouponError::Expired { code }
            | CouponError::MinimumSpend { code, .. }
            | CouponError::MaximumSpend { code, .. }
            | CouponError::NotApplicable { code }
            | CouponError::NotValidForSaleItems { code }
            | CouponError::ExcludedProducts { code, .. }
            | CouponError::ExcludedCategories { code, .. }
            | CouponError::NotYours { code } => code,
        }
    }

    /// The message as `POST /cart/apply-coupon` sends it (HTML-escaped, tags stripped).
    pub fn message(&self) -> String {
        match self {
            CouponError::NotExist { code } => format!(
                "Coupon &quot;{}&quot; cannot be applied because it does not exist.",
                escape(code)
            ),
            CouponError::AlreadyApplied { code } => format!(
                "Coupon code &quot;{}&quot; has already been applied.",
                escape(code)
            ),
            CouponError::IndividualUseOnly { code } => format!(
                "&quot;{}&quot; has already been applied and cannot be used in conjunction with other coupons.",
                escape(code)
            ),
            CouponError::UsageLimitReached { code } => format!(
                "Usage limit for coupon &quot;{}&quot; has been reached.",
                escape(code)
            ),
            CouponError::Expired { code } => {
                format!("Coupon &quot;{}&quot; has expired.", escape(code))
            }
            CouponError::MinimumSpend { code, shown, .. } => format!(
                "The minimum spend for coupon &quot;{}&quot; is {shown}.",
                escape(code)
            ),
            CouponError::MaximumSpend { code, shown, .. } => format!(
                "The maximum spend for coupon &quot;{}&quot; is {shown}.",
                escape(code)
            ),
            CouponError::NotApplicable { code } => format!(
                "Sorry, coupon &quot;{}&quot; is not applicable to selected products.",
                escape(code)
            ),
            CouponError::NotValidForSaleItems { code } => format!(
                "Sorry, coupon &quot;{}&quot; is not valid for sale items.",
                escape(code)
            ),
            CouponError::ExcludedProducts { code, products } => format!(
                "Sorry, coupon &quot;{}&quot; is not applicable to the products: {}.",
                escape(code),
                escape(&products.join(", "))
            ),
            CouponError::ExcludedCategories { code, categories } => format!(
                "Sorry, coupon &quot;{}&quot; is not applicable to the categories: {}.",
                escape(code),
                escape(&categories.join(", "))
            ),
            CouponError::NotYours { code } => format!(
                "Please enter a valid email at checkout to use coupon code &quot;{}&quot;.",
                escape(code)
            ),
        }
    }

    /// The message of the cart's `errors` when an applied coupon stopped being valid and was
    /// removed (`woocommerce_rest_cart_coupon_error`, status 409 at checkout).
    pub fn removed_message(&self) -> String {
        format!(
            "The \"{}\" coupon has been removed from your cart: {}",
            self.coupon_code(),
            self.message()
        )
    }
}

/// `esc_html` as WordPress applies it: special characters become entities, entities already
/// present stay as they are.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (index, c) in text.char_indices() {
        match c {
            '&' if is_entity_at(&text[index..]) => out.push('&'),
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

/// Whether the text starts with an HTML entity (`&amp;`, `&#36;`, `&#x24;`).
fn is_entity_at(text: &str) -> bool {
    let Some(end) = text.find(';') else {
        return false;
    };
    let body = &text[1..end];
    if let Some(number) = body.strip_prefix('#') {
        let hex = number.strip_prefix(['x', 'X']);
        match hex {
            Some(digits) => !digits.is_empty() && digits.chars().all(|c| c.is_ascii_hexdigit()),
            None => !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()),
        }
    } else {
        !body.is_empty() && body.len() <= 10 && body.chars().all(|c| c.is_ascii_alphanumeric())
    }
}

/// `wc_price` with its tags stripped: `&#36;100.00`, `-&#36;5.00`, `10,00&nbsp;&euro;`.
pub fn price_text(amount: Money, currency: &Currency) -> String {
    let symbol = symbol_html(&currency.symbol);
    let number = currency.format_number(Money::from_minor(amount.minor().saturating_abs()));
    let body = match currency.symbol_position {
        SymbolPosition::Left => format!("{symbol}{number}"),
        SymbolPosition::Right => format!("{number}{symbol}"),
        SymbolPosition::LeftSpace => format!("{symbol}&nbsp;{number}"),
        SymbolPosition::RightSpace => format!("{number}&nbsp;{symbol}"),
    };
    let sign = if amount.is_negative() { "-" } else { "" };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_match_the_recorded_responses() {
        // Golden 013, 014 and 015.
        let expired = CouponError::Expired {
            code: "expired".into(),
        };
        assert_eq!(expired.message(), "Coupon &quot;expired&quot; has expired.");
        assert_eq!(
            CouponError::NotExist {
                code: "nope".into()
            }
            .message(),
            "Coupon &quot;nope&quot; cannot be applied because it does not exist."
        );
        assert_eq!(
            CouponError::AlreadyApplied { code: "ten".into() }.message(),
            "Coupon code &quot;ten&quot; has already been applied."
        );
        assert_eq!(expired.code(), "woocommerce_rest_cart_coupon_error");
        assert_eq!(expired.wc_code(), 107);
        assert_eq!(
            expired.removed_message(),
            "The \"expired\" coupon has been removed from your cart: Coupon &quot;expired&quot; has expired."
        );
    }

    #[test]
    fn amounts_are_written_as_wc_price_text() {
        let minimum = Money::from_minor(100_000);
        let error = CouponError::MinimumSpend {
            code: "big".into(),
            minimum,
            shown: price_text(minimum, &Currency::default()),
        };
        assert_eq!(
            error.message(),
            "The minimum spend for coupon &quot;big&quot; is &#36;1,000.00."
        );
        let error = CouponError::ExcludedProducts {
            code: "x".into(),
            products: vec!["Tom & Jerry <b>".into(), "Mug".into()],
        };
        assert_eq!(
            error.message(),
            "Sorry, coupon &quot;x&quot; is not applicable to the products: Tom &amp; Jerry &lt;b&gt;, Mug."
        );
        assert_eq!(escape("a &amp; b &#36; c & d"), "a &amp; b &#36; c &amp; d");
    }
}
