//! The numbers pricing needs besides `Money`: decimals with four places (tax rates, coupon
//! amounts, percentages), amounts finer than a minor unit, and WooCommerce's roundings.
//!
//! WooCommerce computes in floating-point cents and rounds taxes to six decimals of a cent
//! before it rounds to the cent. We keep the same six decimals as an integer count of
//! millionths of a minor unit, so the same roundings fall out without floats.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::money::Money;

/// Ten-thousandths in one unit of a [`Decimal`].
const DECIMAL_SCALE: i64 = 10_000;

/// A decimal number with up to four decimals, such as a tax rate (`8.25`), a coupon amount
/// (`10`, `5.00`) or a percentage; stored as a whole count of ten-thousandths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Decimal(i64);

/// Why a text is not a [`Decimal`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecimalError {
    /// Nothing (or only a sign) was given.
    #[error("the number is empty")]
    Empty,
    /// The text is not a plain decimal number.
    #[error("\"{0}\" is not a number")]
    Invalid(String),
    /// Non-zero digits after the fourth decimal.
    #[error("\"{0}\" has more than four decimals")]
    TooPrecise(String),
    /// Too large to hold.
    #[error("\"{0}\" is too large")]
    Overflow(String),
}

impl Decimal {
    /// Zero.
    pub const ZERO: Decimal = Decimal(0);

    /// A decimal from a count of ten-thousandths (`82_500` is `8.25`).
    pub const fn from_units(units: i64) -> Self {
        Decimal(units)
    }

    /// The count of ten-thousandths.
    pub const fn units(self) -> i64 {
        self.0
    }

    /// A whole number, or `None` when it does not fit.
    pub fn from_int(value: i64) -> Option<Self> {
        value.checked_mul(DECIMAL_SCALE).map(Decimal)
    }

    /// Whether the number is zero.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Whether the number is below zero.
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// Reads `"8.25"`, `"-3"`, `".5"`, `"10.0000"`; zeros after the fourth decimal are allowed.
    pub fn parse(text: &str) -> Result<Self, DecimalError> {
        let trimmed = text.trim();
        let (negative, unsigned) = match trimmed.as_bytes().first() {
            Some(b'-') => (true, &trimmed[1..]),
            Some(b'+') => (false, &trimmed[1..]),
            _ => (false, trimmed),
        };
        let (int_part, frac_part) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        if int_part.is_empty() && frac_part.is_empty() {
            return Err(DecimalError::Empty);
        }
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !digits(int_part) || !digits(frac_part) {
            return Err(DecimalError::Invalid(text.to_owned()));
        }
        let overflow = || DecimalError::Overflow(text.to_owned());
        let mut units: i64 = 0;
        for b in int_part.bytes() {
            units = units
                .checked_mul(10)
                .and_then(|u| u.checked_add(i64::from(b - b'0')))
                .ok_or_else(overflow)?;
        }
        units = units.checked_mul(DECIMAL_SCALE).ok_or_else(overflow)?;
        let mut place = DECIMAL_SCALE / 10;
        for b in frac_part.bytes() {
            let digit = i64::from(b - b'0');
            if place == 0 {
                if digit != 0 {
                    return Err(DecimalError::TooPrecise(text.to_owned()));
                }
                continue;
            }
            units = units.checked_add(digit * place).ok_or_else(overflow)?;
            place /= 10;
        }
        Ok(Decimal(if negative { -units } else { units }))
    }

    /// The amount in minor units of a currency with `minor_unit` decimals, rounding half away
    /// from zero (as WooCommerce rounds a coupon amount to cents); `None` on overflow.
    pub fn to_money(self, minor_unit: u32) -> Option<Money> {
        let scaled = i128::from(self.0).checked_mul(10_i128.checked_pow(minor_unit)?)?;
        let minor = div_round(scaled, i128::from(DECIMAL_SCALE), RoundMode::HalfUp);
        i64::try_from(minor).ok().map(Money::from_minor)
    }

    /// The number as a percentage label, as WooCommerce prints tax rates (`8.25%`, `10%`).
    pub fn percent_label(self) -> String {
        format!("{self}%")
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        let scale = DECIMAL_SCALE.unsigned_abs();
        let whole = magnitude / scale;
        let frac = magnitude % scale;
        if frac == 0 {
            write!(f, "{sign}{whole}")
        } else {
            let digits = format!("{frac:04}");
            write!(f, "{sign}{whole}.{}", digits.trim_end_matches('0'))
        }
    }
}

impl FromStr for Decimal {
    type Err = DecimalError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Decimal::parse(s)
    }
}

impl Serialize for Decimal {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Decimal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // A JSON number is read through its decimal text, never computed with as a float.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Number(serde_json::Number),
        }
        let text = match Raw::deserialize(deserializer)? {
            Raw::Text(text) => text,
            Raw::Number(number) => number.to_string(),
        };
        Decimal::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// How a value exactly halfway between two results is rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundMode {
    /// Halves go away from zero (PHP's `PHP_ROUND_HALF_UP`).
    HalfUp,
    /// Halves go toward zero (PHP's `PHP_ROUND_HALF_DOWN`).
    HalfDown,
}

/// `numerator / denominator` rounded to a whole number; `denominator` must be positive
/// (a non-positive one gives zero rather than a panic).
pub(crate) fn div_round(numerator: i128, denominator: i128, mode: RoundMode) -> i128 {
    if denominator <= 0 {
        return 0;
    }
    let quotient = numerator / denominator;
    let remainder = (numerator % denominator).abs();
    let twice = remainder.saturating_mul(2);
    let away = match mode {
        RoundMode::HalfUp => twice >= denominator,
        RoundMode::HalfDown => twice > denominator,
    };
    if !away {
        quotient
    } else if numerator < 0 {
        quotient - 1
    } else {
        quotient + 1
    }
}

/// `numerator / denominator` rounded down (toward negative infinity); zero for a
/// non-positive denominator.
pub(crate) fn div_floor(numerator: i128, denominator: i128) -> i128 {
    if denominator <= 0 {
        return 0;
    }
    numerator.div_euclid(denominator)
}

/// Millionths in one minor unit.
pub(crate) const PER_MINOR: i128 = 1_000_000;

/// An amount in millionths of a minor unit: the precision WooCommerce keeps taxes and
/// tax-inclusive prices in before it rounds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub(crate) struct SubMinor(pub(crate) i128);

impl SubMinor {
    /// Zero.
    pub(crate) const ZERO: SubMinor = SubMinor(0);

    /// A whole amount of money.
    pub(crate) fn from_money(amount: Money) -> Self {
        SubMinor(i128::from(amount.minor()) * PER_MINOR)
    }

    /// A whole number of minor units.
    pub(crate) fn from_minor(minor: i128) -> Self {
        SubMinor(minor.saturating_mul(PER_MINOR))
    }

    /// Rounded to whole minor units (saturating at the limits of `Money`).
    pub(crate) fn round(self, mode: RoundMode) -> Money {
        money_from_i128(div_round(self.0, PER_MINOR, mode))
    }

    /// Rounded to whole minor units, as an integer.
    pub(crate) fn round_minor(self, mode: RoundMode) -> i128 {
        div_round(self.0, PER_MINOR, mode)
    }
}

/// A count of minor units as `Money`, saturating instead of wrapping.
pub(crate) fn money_from_i128(minor: i128) -> Money {
    let clamped = i64::try_from(minor).unwrap_or(if minor < 0 { i64::MIN } else { i64::MAX });
    Money::from_minor(clamped)
}

impl Add for SubMinor {
    type Output = SubMinor;
    fn add(self, other: SubMinor) -> SubMinor {
        SubMinor(self.0.saturating_add(other.0))
    }
}

impl AddAssign for SubMinor {
    fn add_assign(&mut self, other: SubMinor) {
        self.0 = self.0.saturating_add(other.0);
    }
}

impl Sub for SubMinor {
    type Output = SubMinor;
    fn sub(self, other: SubMinor) -> SubMinor {
        SubMinor(self.0.saturating_sub(other.0))
    }
}

impl SubAssign for SubMinor {
    fn sub_assign(&mut self, other: SubMinor) {
        self.0 = self.0.saturating_sub(other.0);
    }
}

impl Neg for SubMinor {
    type Output = SubMinor;
    fn neg(self) -> SubMinor {
        SubMinor(self.0.saturating_neg())
    }
}

impl Sum for SubMinor {
    fn sum<I: Iterator<Item = SubMinor>>(iter: I) -> SubMinor {
        iter.fold(SubMinor::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_decimals() {
        for (text, units, printed) in [
            ("8.25", 82_500, "8.25"),
            ("8.2500", 82_500, "8.25"),
            ("10", 100_000, "10"),
            (".5", 5_000, "0.5"),
            ("-3.0001", -30_001, "-3.0001"),
            ("+7", 70_000, "7"),
            ("0.12340", 1_234, "0.1234"),
        ] {
            let d = Decimal::parse(text).expect("a decimal");
            assert_eq!(d.units(), units, "{text}");
            assert_eq!(d.to_string(), printed, "{text}");
        }
        assert_eq!(Decimal::parse(""), Err(DecimalError::Empty));
        assert_eq!(Decimal::parse("-"), Err(DecimalError::Empty));
        assert!(matches!(
            Decimal::parse("1.00001"),
            Err(DecimalError::TooPrecise(_))
        ));
        assert!(matches!(
            Decimal::parse("1e3"),
            Err(DecimalError::Invalid(_))
        ));
        assert!(matches!(
            Decimal::parse("99999999999999999999"),
            Err(DecimalError::Overflow(_))
        ));
    }

    #[test]
    fn reads_json_strings_and_numbers() {
        let from_number: Decimal = serde_json::from_str("8.25").expect("a decimal");
        let from_text: Decimal = serde_json::from_str("\"8.25\"").expect("a decimal");
        let from_int: Decimal = serde_json::from_str("10").expect("a decimal");
        assert_eq!(from_number, from_text);
        assert_eq!(from_int.units(), 100_000);
        assert_eq!(
            serde_json::to_string(&from_number).expect("json"),
            "\"8.25\""
        );
        assert_eq!(from_number.percent_label(), "8.25%");
    }

    #[test]
    fn converts_to_money_rounding_half_up() {
        let d = Decimal::parse("5.005").expect("a decimal");
        assert_eq!(d.to_money(2), Some(Money::from_minor(501)));
        let d = Decimal::parse("-5.005").expect("a decimal");
        assert_eq!(d.to_money(2), Some(Money::from_minor(-501)));
        assert_eq!(Decimal::from_units(10).to_money(0), Some(Money::ZERO));
    }

    #[test]
    fn rounds_halves_by_mode() {
        assert_eq!(div_round(5, 2, RoundMode::HalfUp), 3);
        assert_eq!(div_round(5, 2, RoundMode::HalfDown), 2);
        assert_eq!(div_round(-5, 2, RoundMode::HalfUp), -3);
        assert_eq!(div_round(-5, 2, RoundMode::HalfDown), -2);
        assert_eq!(div_round(7, 4, RoundMode::HalfDown), 2);
        assert_eq!(div_round(1, 0, RoundMode::HalfUp), 0);
        assert_eq!(div_floor(-1, 3), -1);
        assert_eq!(
            SubMinor(445_500_000).round(RoundMode::HalfUp),
            Money::from_minor(446)
        );
        assert_eq!(
            SubMinor(445_500_000).round(RoundMode::HalfDown),
            Money::from_minor(445)
        );
    }
}
