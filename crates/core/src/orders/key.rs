//! The order key: the secret that lets a guest see and pay for their order
//! (`wc_order_` followed by 13 letters and digits, as `wc_generate_order_key` makes it).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Letters and digits, as `wp_generate_password(13, false)` draws from.
const ALPHABET: &[u8; 62] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/// How many characters [`ALPHABET`] has.
const ALPHABET_LEN: u64 = 62;

/// An order's key, e.g. `wc_order_NYSoOdHNPDPlM`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OrderKey(String);

impl OrderKey {
    /// What every key Mercato makes starts with.
    pub const PREFIX: &'static str = "wc_order_";
    /// How many random characters follow the prefix.
    pub const RANDOM_LEN: usize = 13;

    /// A new key from 13 random numbers (core has no random source: the caller draws them).
    ///
    /// Each number picks one of 62 characters; a full-range `u64` makes the pick uniform to
    /// within 2⁻⁵⁸, so the key carries about 77 bits of entropy.
    pub fn generate(random: [u64; Self::RANDOM_LEN]) -> Self {
        let tail: String = random
            .iter()
            .filter_map(|n| usize::try_from(n % ALPHABET_LEN).ok())
            .map(|i| char::from(ALPHABET[i]))
            .collect();
        OrderKey(format!("{}{tail}", Self::PREFIX))
    }

    /// A key as stored (for example imported from WooCommerce, where a filter may change its form).
    pub fn from_stored(key: impl Into<String>) -> Self {
        OrderKey(key.into())
    }

    /// The key as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `given` is this key, compared in constant time for keys of the same length.
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl fmt::Display for OrderKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn generated_key_has_woocommerce_shape() {
        let key = OrderKey::generate([0, 1, 25, 26, 51, 52, 61, 62, 63, 124, 7, 8, u64::MAX]);
        assert_eq!(key.as_str(), "wc_order_abzAZ09abahip");
        assert!(key.matches("wc_order_abzAZ09abahip"));
        assert!(!key.matches("wc_order_abzAZ09abahiq"));
        assert!(!key.matches("wc_order_bad"));
        assert_eq!(
            serde_json::to_string(&key).expect("serialises"),
            "\"wc_order_abzAZ09abahip\""
        );
    }

    proptest! {
        #[test]
        fn any_randomness_gives_a_valid_key(random in prop::array::uniform13(any::<u64>())) {
            let key = OrderKey::generate(random);
            let tail = key.as_str().strip_prefix(OrderKey::PREFIX).expect("prefix");
            prop_assert_eq!(tail.len(), OrderKey::RANDOM_LEN);
            prop_assert!(tail.chars().all(|c| c.is_ascii_alphanumeric()));
        }
    }
}
