//! Card details as a shopper types them: number (with the Luhn check and the brand), expiry and
//! security code.

use serde::{Deserialize, Serialize};

use crate::calendar::DateTime;

/// Fewest digits in a card number.
pub const MIN_CARD_DIGITS: usize = 12;
/// Most digits in a card number.
pub const MAX_CARD_DIGITS: usize = 19;
/// How many years ahead an expiry may lie.
pub const MAX_EXPIRY_YEARS_AHEAD: i64 = 20;

/// A card brand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardBrand {
    /// Visa: starts with 4.
    Visa,
    /// Mastercard: 51–55 or 2221–2720.
    Mastercard,
    /// American Express: 34 or 37.
    Amex,
    /// Discover: 6011, 622126–622925, 644–649 or 65.
    Discover,
    /// Any other card.
    Other,
}

impl CardBrand {
    /// The brand of a card number (digits only).
    pub fn detect(digits: &str) -> Self {
        let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok());
        let within = |n, low, high| prefix(n).is_some_and(|p| (low..=high).contains(&p));
        if digits.starts_with('4') {
            CardBrand::Visa
        } else if within(2, 51, 55) || within(4, 2221, 2720) {
            CardBrand::Mastercard
        } else if within(2, 34, 34) || within(2, 37, 37) {
            CardBrand::Amex
        } else if within(4, 6011, 6011)
            || within(6, 622_126, 622_925)
            || within(3, 644, 649)
            || within(2, 65, 65)
        {
            CardBrand::Discover
        } else {
            CardBrand::Other
        }
    }

    /// The id stored with saved cards (`visa`, `amex`).
    pub fn as_str(self) -> &'static str {
        match self {
            CardBrand::Visa => "visa",
            CardBrand::Mastercard => "mastercard",
            CardBrand::Amex => "amex",
            CardBrand::Discover => "discover",
            CardBrand::Other => "other",
        }
    }

    /// The brand stored as [`CardBrand::as_str`]; anything unknown is [`CardBrand::Other`].
    pub fn from_id(id: &str) -> Self {
        [
            CardBrand::Visa,
            CardBrand::Mastercard,
            CardBrand::Amex,
            CardBrand::Discover,
        ]
        .into_iter()
        .find(|b| b.as_str() == id)
        .unwrap_or(CardBrand::Other)
    }

    /// The name shoppers read ("American Express"; "Credit card" for others).
    pub fn label(self) -> &'static str {
        match self {
            CardBrand::Visa => "Visa",
            CardBrand::Mastercard => "Mastercard",
            CardBrand::Amex => "American Express",
            CardBrand::Discover => "Discover",
            CardBrand::Other => "Credit card",
        }
    }
}

/// Why card details were refused before any charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// Not 12–19 digits (spaces allowed), or the Luhn check fails.
    #[error("Your card number is invalid.")]
    InvalidNumber,
    /// Not `MM/YY` or `MM/YYYY`, or a month outside 1–12, or too far ahead.
    #[error("Your card's expiration date is invalid.")]
    InvalidExpiry,
    /// The expiry month is over.
    #[error("Your card has expired.")]
    Expired,
    /// Not 3 or 4 digits.
    #[error("Your card's security code is invalid.")]
    InvalidCvc,
}

impl CardError {
    /// A short code for logs and clients (`invalid_number`, `expired_card`, ...).
    pub fn code(self) -> &'static str {
        match self {
            CardError::InvalidNumber => "invalid_number",
            CardError::InvalidExpiry => "invalid_expiry",
            CardError::Expired => "expired_card",
            CardError::InvalidCvc => "invalid_cvc",
        }
    }
}

/// A card's expiry month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Expiry {
    /// Four-digit year.
    pub year: i64,
    /// Month, 1–12.
    pub month: u32,
}

impl Expiry {
    /// `MM/YY` as saved-card lists show it.
    pub fn short(self) -> String {
        format!("{:02}/{:02}", self.month, self.year.rem_euclid(100))
    }

    /// Whether the card's last month is over at `now` (Unix seconds, UTC).
    pub fn is_over(self, now: i64) -> bool {
        let (year, month) = year_month(now);
        self < Expiry { year, month }
    }
}

/// Card details that passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDetails {
    /// The number's digits.
    pub number: String,
    /// Brand.
    pub brand: CardBrand,
    /// Expiry month.
    pub expiry: Expiry,
}

impl CardDetails {
    /// The last four digits.
    pub fn last4(&self) -> &str {
        &self.number[self.number.len().saturating_sub(4)..]
    }
}

/// The Luhn checksum over a string of ASCII digits (false for anything else or empty input).
pub fn luhn_valid(digits: &str) -> bool {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// Reads a card number: digits and spaces, 12–19 digits, passing the Luhn check.
pub fn parse_card_number(input: &str) -> Result<String, CardError> {
    if !input.chars().all(|c| c.is_ascii_digit() || c == ' ') {
        return Err(CardError::InvalidNumber);
    }
    let digits: String = input.chars().filter(char::is_ascii_digit).collect();
    if !(MIN_CARD_DIGITS..=MAX_CARD_DIGITS).contains(&digits.len()) || !luhn_valid(&digits) {
        return Err(CardError::InvalidNumber);
    }
    Ok(digits)
}

/// Reads an expiry (`MM/YY`, `MM / YY`, `MM/YYYY`, `MM / YYYY`) and checks it against `now`
/// (Unix seconds, UTC): the card is good until the end of its month.
pub fn parse_expiry(input: &str, now: i64) -> Result<Expiry, CardError> {
    let (month, year) = input.split_once('/').ok_or(CardError::InvalidExpiry)?;
    let (month, year) = (month.trim(), year.trim());
    let numeric =
        |s: &str, lens: &[usize]| lens.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    if !numeric(month, &[1, 2]) || !numeric(year, &[2, 4]) {
        return Err(CardError::InvalidExpiry);
    }
    let month: u32 = month.parse().map_err(|_| CardError::InvalidExpiry)?;
    let mut year: i64 = year.parse().map_err(|_| CardError::InvalidExpiry)?;
    if year < 100 {
        year += 2000;
    }
    if !(1..=12).contains(&month) {
        return Err(CardError::InvalidExpiry);
    }
    let expiry = Expiry { year, month };
    if expiry.is_over(now) {
        return Err(CardError::Expired);
    }
    if year > year_month(now).0 + MAX_EXPIRY_YEARS_AHEAD {
        return Err(CardError::InvalidExpiry);
    }
    Ok(expiry)
}

/// Reads a security code: 3 or 4 digits.
pub fn parse_cvc(input: &str) -> Result<String, CardError> {
    let cvc = input.trim();
    if (3..=4).contains(&cvc.len()) && cvc.bytes().all(|b| b.is_ascii_digit()) {
        Ok(cvc.to_owned())
    } else {
        Err(CardError::InvalidCvc)
    }
}

/// Checks all three fields, number first.
pub fn parse_card(
    number: &str,
    expiry: &str,
    cvc: &str,
    now: i64,
) -> Result<CardDetails, CardError> {
    let number = parse_card_number(number)?;
    let expiry = parse_expiry(expiry, now)?;
    parse_cvc(cvc)?;
    Ok(CardDetails {
        brand: CardBrand::detect(&number),
        number,
        expiry,
    })
}

/// The UTC year and month of a Unix time.
fn year_month(seconds: i64) -> (i64, u32) {
    let date = DateTime::from_unix(seconds);
    (date.year, date.month)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 2026-11-21 19:26:39 UTC, the recording clock of the golden exchanges.
    const NOW: i64 = 1_795_289_199;

    #[test]
    fn calendar() {
        assert_eq!(year_month(0), (1970, 1));
        assert_eq!(year_month(NOW), (2026, 11));
        assert_eq!(year_month(951_782_400), (2000, 2)); // 2000-02-29
        assert_eq!(year_month(-1), (1969, 12));
    }

    #[test]
    fn numbers() {
        assert_eq!(
            parse_card_number("4242 4242 4242 4242"),
            Ok("4242424242424242".into())
        );
        assert_eq!(
            parse_card_number("4242424242424241"),
            Err(CardError::InvalidNumber)
        );
        assert_eq!(
            parse_card_number("4242-4242-4242-4242"),
            Err(CardError::InvalidNumber)
        );
        assert_eq!(
            parse_card_number("4242 4242 42"),
            Err(CardError::InvalidNumber)
        );
        assert_eq!(parse_card_number(""), Err(CardError::InvalidNumber));
        assert_eq!(
            parse_card_number(&"0".repeat(20)),
            Err(CardError::InvalidNumber)
        );
    }

    #[test]
    fn brands() {
        assert_eq!(CardBrand::detect("4242424242424242"), CardBrand::Visa);
        assert_eq!(CardBrand::detect("5555555555554444"), CardBrand::Mastercard);
        assert_eq!(CardBrand::detect("2223003122003222"), CardBrand::Mastercard);
        assert_eq!(CardBrand::detect("378282246310005"), CardBrand::Amex);
        assert_eq!(CardBrand::detect("6011111111111117"), CardBrand::Discover);
        assert_eq!(CardBrand::detect("6445644564456445"), CardBrand::Discover);
        assert_eq!(CardBrand::detect("3530111333300000"), CardBrand::Other);
        assert_eq!(CardBrand::Amex.label(), "American Express");
    }

    #[test]
    fn expiries() {
        assert_eq!(
            parse_expiry("12/30", NOW),
            Ok(Expiry {
                year: 2030,
                month: 12
            })
        );
        assert_eq!(
            parse_expiry("01 / 2031", NOW),
            Ok(Expiry {
                year: 2031,
                month: 1
            })
        );
        assert_eq!(
            parse_expiry("11/26", NOW),
            Ok(Expiry {
                year: 2026,
                month: 11
            })
        );
        assert_eq!(parse_expiry("10/26", NOW), Err(CardError::Expired));
        assert_eq!(parse_expiry("13/30", NOW), Err(CardError::InvalidExpiry));
        assert_eq!(parse_expiry("00/30", NOW), Err(CardError::InvalidExpiry));
        assert_eq!(parse_expiry("1230", NOW), Err(CardError::InvalidExpiry));
        assert_eq!(parse_expiry("12/300", NOW), Err(CardError::InvalidExpiry));
        assert_eq!(parse_expiry("12/2099", NOW), Err(CardError::InvalidExpiry));
        assert_eq!(
            Expiry {
                year: 2030,
                month: 4
            }
            .short(),
            "04/30"
        );
    }

    #[test]
    fn security_codes() {
        assert_eq!(parse_cvc("123"), Ok("123".into()));
        assert_eq!(parse_cvc("1234"), Ok("1234".into()));
        assert_eq!(parse_cvc("12"), Err(CardError::InvalidCvc));
        assert_eq!(parse_cvc("12a"), Err(CardError::InvalidCvc));
        assert_eq!(parse_cvc("12345"), Err(CardError::InvalidCvc));
    }

    #[test]
    fn whole_card_checks_number_first() {
        let card = parse_card("4242 4242 4242 4242", "12/30", "123", NOW).expect("valid");
        assert_eq!((card.brand, card.last4()), (CardBrand::Visa, "4242"));
        assert_eq!(
            parse_card("1", "1", "1", NOW),
            Err(CardError::InvalidNumber)
        );
        assert_eq!(
            parse_card("4242424242424242", "01/20", "1", NOW),
            Err(CardError::Expired)
        );
    }

    /// Appends the digit that makes `body` pass the Luhn check.
    fn with_check_digit(body: &str) -> String {
        (0..10)
            .map(|d| format!("{body}{d}"))
            .find(|n| luhn_valid(n))
            .unwrap_or_default()
    }

    proptest! {
        #[test]
        fn exactly_one_check_digit_passes(body in "[0-9]{11,18}") {
            let passing: Vec<u32> = (0..10).filter(|d| luhn_valid(&format!("{body}{d}"))).collect();
            prop_assert_eq!(passing.len(), 1);
        }

        #[test]
        fn changing_one_digit_breaks_the_check(body in "[0-9]{11,18}", at in any::<prop::sample::Index>(), bump in 1u8..10) {
            let valid = with_check_digit(&body);
            let mut bytes = valid.clone().into_bytes();
            let i = at.index(bytes.len());
            bytes[i] = b'0' + (bytes[i] - b'0' + bump) % 10;
            let changed = String::from_utf8(bytes).unwrap_or_default();
            prop_assert!(luhn_valid(&valid));
            prop_assert!(!luhn_valid(&changed));
        }

        #[test]
        fn spaced_valid_numbers_parse(body in "[0-9]{11,18}") {
            let valid = with_check_digit(&body);
            let spaced: String = valid
                .chars()
                .enumerate()
                .flat_map(|(i, c)| (i > 0 && i % 4 == 0).then_some(' ').into_iter().chain([c]))
                .collect();
            prop_assert_eq!(parse_card_number(&spaced), Ok(valid));
        }
    }
}
