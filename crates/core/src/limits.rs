//! How long a piece of shopper-typed text may be before we store it (security review F8).
//!
//! Every surface that accepts one of these fields (the Store API, the classic forms, the review
//! form) checks it against the constant here, before anything is stored, and refuses a longer
//! value with its own error: `rest_too_long` inside `rest_invalid_param` in the Store API (as
//! WordPress words a schema `maxLength` failure), a field error on a form. Nothing is cut short
//! silently, except order attribution values, which come from scripts rather than from the
//! shopper and are truncated (see [`crate::attribution::MAX_VALUE_CHARS`]).
//!
//! Lengths are counted in characters (Unicode scalar values), as WordPress's `mb_strlen` does.

/// Name, company, street, city and state fields of an address.
pub const MAX_ADDRESS_FIELD_CHARS: usize = 200;
/// An email address: RFC 5321's path limit less the angle brackets.
pub const MAX_EMAIL_CHARS: usize = 254;
/// A phone number, formatting included (at most 20 digits are valid anyway).
pub const MAX_PHONE_CHARS: usize = 50;
/// A postcode (the longest real ones have 10 characters).
pub const MAX_POSTCODE_CHARS: usize = 20;
/// The order note (`customer_note`, the classic form's `order_comments`).
pub const MAX_ORDER_NOTE_CHARS: usize = 5_000;
/// A coupon code, typed by a shopper or saved by the merchant.
pub const MAX_COUPON_CODE_CHARS: usize = 100;
/// The name on a review (WordPress's comment author limit).
pub const MAX_REVIEW_AUTHOR_CHARS: usize = 245;
/// The email on a review (WordPress's comment author email limit).
pub const MAX_REVIEW_EMAIL_CHARS: usize = 100;
/// The text of a review.
pub const MAX_REVIEW_CHARS: usize = 5_000;
/// A new account's password (it is only hashed, never stored; the cap bounds the hashing).
pub const MAX_PASSWORD_CHARS: usize = 4_096;
/// One extension data namespace's data (`POST /cart/extensions`, the checkout's
/// `extensions`), in bytes of JSON: what the cart and the order keep per namespace.
pub const MAX_EXTENSION_DATA_BYTES: usize = 16 * 1024;

/// The limit of one key of a posted address (`first_name`, `postcode`, `email` ...).
pub fn address_field_limit(key: &str) -> usize {
    match key {
        "email" => MAX_EMAIL_CHARS,
        "phone" => MAX_PHONE_CHARS,
        "postcode" => MAX_POSTCODE_CHARS,
        _ => MAX_ADDRESS_FIELD_CHARS,
    }
}

/// Whether `text` has more than `max` characters (without counting all of a huge one).
pub fn exceeds(text: &str, max: usize) -> bool {
    text.len() > max && text.chars().nth(max).is_some()
}

/// WordPress's `rest_too_long` wording: `{name} must be at most 5,000 characters long.`
pub fn too_long_message(name: &str, max: usize) -> String {
    let unit = if max == 1 { "character" } else { "characters" };
    format!("{name} must be at most {} {unit} long.", thousands(max))
}

/// `number_format_i18n` in English: `5000` → `5,000`.
fn thousands(n: usize) -> String {
    crate::numbers::group_thousands(u64::try_from(n).unwrap_or(u64::MAX), ",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_characters() {
        assert!(!exceeds("abc", 3));
        assert!(exceeds("abcd", 3));
        // Four bytes each, one character each.
        assert!(!exceeds("😀😀😀", 3));
        assert!(exceeds("😀😀😀😀", 3));
        assert!(!exceeds(
            &"é".repeat(MAX_ADDRESS_FIELD_CHARS),
            MAX_ADDRESS_FIELD_CHARS
        ));
    }

    #[test]
    fn messages_read_like_wordpress() {
        assert_eq!(
            too_long_message("customer_note", MAX_ORDER_NOTE_CHARS),
            "customer_note must be at most 5,000 characters long."
        );
        assert_eq!(
            too_long_message("code", 1),
            "code must be at most 1 character long."
        );
        assert_eq!(thousands(200), "200");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn every_address_key_has_a_limit() {
        assert_eq!(address_field_limit("email"), MAX_EMAIL_CHARS);
        assert_eq!(address_field_limit("postcode"), MAX_POSTCODE_CHARS);
        assert_eq!(address_field_limit("first_name"), MAX_ADDRESS_FIELD_CHARS);
    }
}
