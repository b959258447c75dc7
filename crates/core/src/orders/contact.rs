//! Email and phone checks for checkout addresses.

/// Longest email address accepted (RFC 5321's path limit less the angle brackets).
pub const MAX_EMAIL_LEN: usize = crate::limits::MAX_EMAIL_CHARS;
/// Fewest digits a phone number may have.
pub const MIN_PHONE_DIGITS: usize = 6;
/// Most digits a phone number may have.
pub const MAX_PHONE_DIGITS: usize = 20;

/// Whether `email` is a plausible address, following WordPress's `is_email`.
///
/// One `@` with something before it; the local part made of letters, digits and
/// ``!#$%&'*+/=?^_`{|}~.-``; a domain of at least two dot-separated labels of letters, digits and
/// hyphens, none starting or ending with a hyphen; no spaces; at most 254 characters.
pub fn is_valid_email(email: &str) -> bool {
    if email.len() < 6 || email.len() > MAX_EMAIL_LEN {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    if !local_ok || domain.contains("..") || domain.starts_with('.') || domain.ends_with('.') {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

/// Whether `phone` looks like a phone number: digits, spaces and `+ - ( ) .`, with 6 to 20
/// digits.
pub fn is_valid_phone(phone: &str) -> bool {
    let allowed = phone
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '(' | ')' | '.'));
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    allowed && (MIN_PHONE_DIGITS..=MAX_PHONE_DIGITS).contains(&digits)
}

/// Drops control characters (WooCommerce's `wc_remove_non_displayable_chars` on phones).
pub fn remove_non_displayable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn emails() {
        for good in [
            "jane.doe@example.com",
            "a+tag@sub.example.co.uk",
            "o'brien@x-y.io",
            "x@ab.cd",
        ] {
            assert!(is_valid_email(good), "{good}");
        }
        for bad in [
            "not-an-email",
            "a@b.c@d.com",
            "jane doe@example.com",
            "jane@example",
            "@example.com",
            "jane@.example.com",
            "jane@example..com",
            "jane@-example.com",
            "jane@exa_mple.com",
            "a@b.c",
            "",
        ] {
            assert!(!is_valid_email(bad), "{bad}");
        }
        let long = format!("{}@example.com", "a".repeat(250));
        assert!(!is_valid_email(&long));
    }

    #[test]
    fn phones() {
        for good in [
            "4155550100",
            "+1 (415) 555-0100",
            "020 7946 0958",
            "+44.20.7946.0958",
        ] {
            assert!(is_valid_phone(good), "{good}");
        }
        for bad in [
            "12345",
            "call me",
            "555-0100 ext 2",
            "+1 415 555 0100 #2",
            "",
        ] {
            assert!(!is_valid_phone(bad), "{bad}");
        }
        assert!(!is_valid_phone(&"1".repeat(21)));
        assert_eq!(remove_non_displayable("415\u{0}555\t0100"), "4155550100");
    }

    proptest! {
        #[test]
        fn any_email_with_a_space_is_invalid(a in "[a-z]{1,10}", b in "[a-z]{1,10}") {
            let email = format!("{a} {b}@example.com");
            prop_assert!(!is_valid_email(&email));
        }

        #[test]
        fn formatted_digit_strings_are_phones(digits in "[0-9]{6,20}") {
            let spaced: String = digits.chars().flat_map(|c| [c, ' ']).collect();
            prop_assert!(is_valid_phone(&digits));
            let plus = format!("+{}", spaced.trim_end());
            prop_assert!(is_valid_phone(&plus));
        }
    }
}
