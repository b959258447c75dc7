//! Money: an integer count of the currency's minor units, and the currency settings that say
//! how to write it (SPEC §3.22, §9.3, §9.4).
//!
//! Amounts are never floats. A decimal string such as `"18.50"` is parsed digit by digit into
//! minor units, and formatting divides by `10^minor_unit` with integer arithmetic.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An amount of money as a whole number of minor units (cents for USD).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(i64);

/// Why a decimal string could not be read as money.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    /// The text was empty (or only a sign).
    #[error("the amount is empty")]
    Empty,
    /// The text is not a decimal number.
    #[error("\"{0}\" is not a valid amount")]
    Invalid(String),
    /// The text has non-zero digits beyond the currency's minor unit.
    #[error("\"{0}\" has more decimals than the currency allows")]
    TooPrecise(String),
    /// The amount does not fit in 64 bits of minor units.
    #[error("\"{0}\" is too large")]
    Overflow(String),
}

impl Money {
    /// Zero.
    pub const ZERO: Money = Money(0);

    /// An amount from a count of minor units.
    pub const fn from_minor(minor: i64) -> Self {
        Money(minor)
    }

    /// The count of minor units.
    pub const fn minor(self) -> i64 {
        self.0
    }

    /// Whether the amount is zero.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// Whether the amount is below zero.
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// The minor units as a decimal integer string, as the Store API sends amounts (`"1800"`).
    pub fn to_minor_string(self) -> String {
        self.0.to_string()
    }

    /// Sum, or `None` on overflow.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// Difference, or `None` on overflow.
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }

    /// The amount times a whole factor (a quantity), or `None` on overflow.
    pub fn checked_mul(self, factor: i64) -> Option<Money> {
        self.0.checked_mul(factor).map(Money)
    }

    /// Reads a plain decimal string (`"18"`, `"18.5"`, `"-0.25"`, `".5"`) into minor units exactly.
    ///
    /// Extra decimals are accepted only when they are zeros (`"18.500"` with two decimals).
    pub fn from_decimal_str(text: &str, minor_unit: u32) -> Result<Money, MoneyError> {
        parse_decimal(text.trim(), minor_unit, '.', text)
    }

    /// Reads a decimal string, rounding half away from zero to the minor unit (as WooCommerce
    /// rounds prices it imports).
    pub fn from_decimal_str_rounded(text: &str, minor_unit: u32) -> Result<Money, MoneyError> {
        let trimmed = text.trim();
        let (negative, unsigned) = split_sign(trimmed);
        let (int_part, frac_part) = unsigned.split_once('.').unwrap_or((unsigned, ""));
        let keep =
            usize::try_from(minor_unit).map_err(|_| MoneyError::Overflow(text.to_owned()))?;
        if !frac_part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(MoneyError::Invalid(text.to_owned()));
        }
        if frac_part.len() <= keep {
            return Money::from_decimal_str(text, minor_unit);
        }
        let (kept, dropped) = frac_part.split_at(keep);
        let sign = if negative { "-" } else { "" };
        let truncated = Money::from_decimal_str(&format!("{sign}{int_part}.{kept}"), minor_unit)?;
        if dropped.as_bytes().first().is_some_and(|d| *d >= b'5') {
            let step = Money(if negative { -1 } else { 1 });
            truncated
                .checked_add(step)
                .ok_or_else(|| MoneyError::Overflow(text.to_owned()))
        } else {
            Ok(truncated)
        }
    }

    /// The amount as a plain decimal string with exactly `minor_unit` decimals (`"18.00"`).
    pub fn to_decimal_string(self, minor_unit: u32) -> String {
        format_number(self, minor_unit, ".", "")
    }

    /// The amount converted from one precision to another (`precision 2 → 6` for the Store
    /// API's `raw_prices`), rounding half away from zero when precision is lost.
    pub fn rescale(self, from: u32, to: u32) -> Option<Money> {
        if to >= from {
            let factor = 10_i64.checked_pow(to - from)?;
            self.0.checked_mul(factor).map(Money)
        } else {
            let divisor = 10_i64.checked_pow(from - to)?;
            let quotient = self.0 / divisor;
            let remainder = self.0 % divisor;
            let round_away = remainder.unsigned_abs() * 2 >= divisor.unsigned_abs();
            let adjust = if !round_away {
                0
            } else if self.0 < 0 {
                -1
            } else {
                1
            };
            quotient.checked_add(adjust).map(Money)
        }
    }

    /// The amount as a JSON number in major units (`45`, `42.5`), for legacy endpoints that
    /// send prices as numbers. Display only: never compute with the result.
    pub fn to_json_number(self, minor_unit: u32) -> serde_json::Number {
        let divisor = 10_i64.checked_pow(minor_unit).unwrap_or(1);
        if self.0 % divisor == 0 {
            return serde_json::Number::from(self.0 / divisor);
        }
        // The shortest decimal that round-trips is what serde_json prints, so a value with
        // few decimals (the only kind money has) prints exactly.
        let decimal = self.to_decimal_string(minor_unit);
        decimal
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .unwrap_or_else(|| serde_json::Number::from(0))
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money(self.0 + other.0)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, other: Money) {
        self.0 += other.0;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        Money(self.0 - other.0)
    }
}

impl SubAssign for Money {
    fn sub_assign(&mut self, other: Money) {
        self.0 -= other.0;
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(-self.0)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

/// Where the currency symbol goes relative to the amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SymbolPosition {
    /// `$10.00`
    #[default]
    Left,
    /// `10.00$`
    Right,
    /// `$ 10.00`
    LeftSpace,
    /// `10.00 $`
    RightSpace,
}

impl SymbolPosition {
    /// WooCommerce's name for the position (`left_space`).
    pub fn as_str(self) -> &'static str {
        match self {
            SymbolPosition::Left => "left",
            SymbolPosition::Right => "right",
            SymbolPosition::LeftSpace => "left_space",
            SymbolPosition::RightSpace => "right_space",
        }
    }

    /// The `priceFormat` pattern of the page settings (`%1$s` symbol, `%2$s` amount).
    pub fn price_format(self) -> &'static str {
        match self {
            SymbolPosition::Left => "%1$s%2$s",
            SymbolPosition::Right => "%2$s%1$s",
            SymbolPosition::LeftSpace => "%1$s&nbsp;%2$s",
            SymbolPosition::RightSpace => "%2$s&nbsp;%1$s",
        }
    }
}

/// The shop currency and how amounts in it are written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Currency {
    /// ISO 4217 code, such as `USD`.
    pub code: String,
    /// The symbol as plain text, such as `$`.
    pub symbol: String,
    /// Decimals of the minor unit (2 for cents).
    pub minor_unit: u32,
    /// Between whole and fractional part.
    pub decimal_separator: String,
    /// Between groups of three digits.
    pub thousand_separator: String,
    /// Where the symbol goes.
    pub symbol_position: SymbolPosition,
}

impl Default for Currency {
    fn default() -> Self {
        Currency {
            code: "USD".to_owned(),
            symbol: "$".to_owned(),
            minor_unit: 2,
            decimal_separator: ".".to_owned(),
            thousand_separator: ",".to_owned(),
            symbol_position: SymbolPosition::Left,
        }
    }
}

/// The seven currency fields every money-bearing Store API object carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct CurrencyFields {
    /// ISO code.
    pub currency_code: String,
    /// Plain-text symbol.
    pub currency_symbol: String,
    /// Decimals of the minor unit.
    pub currency_minor_unit: u32,
    /// Decimal separator.
    pub currency_decimal_separator: String,
    /// Thousand separator.
    pub currency_thousand_separator: String,
    /// Text before the amount.
    pub currency_prefix: String,
    /// Text after the amount.
    pub currency_suffix: String,
}

/// The `currency` object of the page settings (SPEC §3.9), camel-cased as the client reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrencySettings {
    /// ISO code.
    pub code: String,
    /// Decimals.
    pub precision: u32,
    /// Plain-text symbol.
    pub symbol: String,
    /// `left`, `right`, `left_space` or `right_space`.
    pub symbol_position: &'static str,
    /// Decimal separator.
    pub decimal_separator: String,
    /// `%1$s%2$s` and friends.
    pub price_format: &'static str,
    /// Thousand separator.
    pub thousand_separator: String,
}

impl Currency {
    /// The text written before amounts: the symbol when it goes on the left.
    pub fn prefix(&self) -> String {
        match self.symbol_position {
            SymbolPosition::Left => self.symbol.clone(),
            SymbolPosition::LeftSpace => format!("{} ", self.symbol),
            SymbolPosition::Right | SymbolPosition::RightSpace => String::new(),
        }
    }

    /// The text written after amounts: the symbol when it goes on the right.
    pub fn suffix(&self) -> String {
        match self.symbol_position {
            SymbolPosition::Right => self.symbol.clone(),
            SymbolPosition::RightSpace => format!(" {}", self.symbol),
            SymbolPosition::Left | SymbolPosition::LeftSpace => String::new(),
        }
    }

    /// The seven Store API currency fields.
    pub fn fields(&self) -> CurrencyFields {
        CurrencyFields {
            currency_code: self.code.clone(),
            currency_symbol: self.symbol.clone(),
            currency_minor_unit: self.minor_unit,
            currency_decimal_separator: self.decimal_separator.clone(),
            currency_thousand_separator: self.thousand_separator.clone(),
            currency_prefix: self.prefix(),
            currency_suffix: self.suffix(),
        }
    }

    /// The page-settings form of the currency.
    pub fn settings(&self) -> CurrencySettings {
        CurrencySettings {
            code: self.code.clone(),
            precision: self.minor_unit,
            symbol: self.symbol.clone(),
            symbol_position: self.symbol_position.as_str(),
            decimal_separator: self.decimal_separator.clone(),
            price_format: self.symbol_position.price_format(),
            thousand_separator: self.thousand_separator.clone(),
        }
    }

    /// The number alone, with this currency's separators and decimals (`1,234.50`).
    pub fn format_number(&self, amount: Money) -> String {
        format_number(
            amount,
            self.minor_unit,
            &self.decimal_separator,
            &self.thousand_separator,
        )
    }

    /// The amount as shoppers read it in plain text (`$1,234.50`, `-$5.00`).
    pub fn format(&self, amount: Money) -> String {
        let sign = if amount.is_negative() { "-" } else { "" };
        let number = format_magnitude(
            amount.0.unsigned_abs(),
            self.minor_unit,
            &self.decimal_separator,
            &self.thousand_separator,
        );
        format!("{sign}{}{number}{}", self.prefix(), self.suffix())
    }

    /// Reads a plain decimal string (`"18.50"`) in this currency's minor unit, exactly.
    pub fn parse_decimal(&self, text: &str) -> Result<Money, MoneyError> {
        Money::from_decimal_str(text, self.minor_unit)
    }

    /// Reads an amount written as [`Currency::format`] writes it, or as a bare number with
    /// this currency's separators; the symbol and thousand separators are optional.
    pub fn parse(&self, text: &str) -> Result<Money, MoneyError> {
        let mut rest = text.trim();
        let negative = rest.starts_with('-');
        if negative {
            rest = &rest[1..];
        }
        let prefix = self.prefix();
        let suffix = self.suffix();
        if !prefix.is_empty() {
            rest = rest.strip_prefix(prefix.as_str()).unwrap_or(rest);
        }
        if !suffix.is_empty() {
            rest = rest.strip_suffix(suffix.as_str()).unwrap_or(rest);
        }
        let rest = rest.trim();
        let mut plain = String::with_capacity(rest.len() + 1);
        if negative {
            plain.push('-');
        }
        let thousand = self.thousand_separator.as_str();
        let without_groups = if thousand.is_empty() || thousand == self.decimal_separator {
            rest.to_owned()
        } else {
            rest.replace(thousand, "")
        };
        plain.push_str(&without_groups);
        let decimal = self.decimal_separator.chars().next().unwrap_or('.');
        if self.decimal_separator.chars().count() != 1 {
            return Err(MoneyError::Invalid(text.to_owned()));
        }
        parse_decimal(&plain, self.minor_unit, decimal, text)
    }
}

fn split_sign(text: &str) -> (bool, &str) {
    if let Some(rest) = text.strip_prefix('-') {
        (true, rest)
    } else if let Some(rest) = text.strip_prefix('+') {
        (false, rest)
    } else {
        (false, text)
    }
}

/// Parses `[-+]digits[<sep>digits]` into minor units; `original` is quoted in errors.
fn parse_decimal(
    text: &str,
    minor_unit: u32,
    separator: char,
    original: &str,
) -> Result<Money, MoneyError> {
    let invalid = || MoneyError::Invalid(original.to_owned());
    let overflow = || MoneyError::Overflow(original.to_owned());
    let (negative, unsigned) = split_sign(text);
    if unsigned.is_empty() {
        return Err(MoneyError::Empty);
    }
    let (int_part, frac_part) = unsigned.split_once(separator).unwrap_or((unsigned, ""));
    let has_separator = unsigned.contains(separator);
    if int_part.is_empty() && frac_part.is_empty() {
        return Err(invalid());
    }
    if has_separator && frac_part.is_empty() {
        return Err(invalid());
    }
    if !int_part.bytes().all(|b| b.is_ascii_digit())
        || !frac_part.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(invalid());
    }
    let keep = usize::try_from(minor_unit).map_err(|_| overflow())?;
    let (kept, extra) = if frac_part.len() > keep {
        frac_part.split_at(keep)
    } else {
        (frac_part, "")
    };
    if extra.bytes().any(|b| b != b'0') {
        return Err(MoneyError::TooPrecise(original.to_owned()));
    }
    let scale = 10_i64.checked_pow(minor_unit).ok_or_else(overflow)?;
    let mut whole: i64 = 0;
    for digit in int_part.bytes() {
        whole = whole
            .checked_mul(10)
            .and_then(|w| w.checked_add(i64::from(digit - b'0')))
            .ok_or_else(overflow)?;
    }
    let mut fraction: i64 = 0;
    for position in 0..keep {
        let digit = kept
            .as_bytes()
            .get(position)
            .map_or(0, |d| i64::from(d - b'0'));
        fraction = fraction * 10 + digit;
    }
    let magnitude = whole
        .checked_mul(scale)
        .and_then(|w| w.checked_add(fraction))
        .ok_or_else(overflow)?;
    Ok(Money(if negative { -magnitude } else { magnitude }))
}

/// Writes `amount` with `minor_unit` decimals and the given separators; negative amounts get a
/// leading `-`.
fn format_number(amount: Money, minor_unit: u32, decimal: &str, thousand: &str) -> String {
    let sign = if amount.is_negative() { "-" } else { "" };
    let magnitude = format_magnitude(amount.0.unsigned_abs(), minor_unit, decimal, thousand);
    format!("{sign}{magnitude}")
}

/// Writes a magnitude in minor units with `minor_unit` decimals and the given separators.
fn format_magnitude(magnitude: u64, minor_unit: u32, decimal: &str, thousand: &str) -> String {
    let (whole, fraction) = match 10_u64.checked_pow(minor_unit) {
        Some(scale) => (magnitude / scale, magnitude % scale),
        None => (0, magnitude),
    };
    let mut out = crate::numbers::group_thousands(whole, thousand);
    if minor_unit > 0 {
        let width = usize::try_from(minor_unit).unwrap_or(0);
        out.push_str(decimal);
        out.push_str(&format!("{fraction:0width$}"));
    }
    out
}

impl fmt::Display for SymbolPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn usd() -> Currency {
        Currency::default()
    }

    fn euro() -> Currency {
        Currency {
            code: "EUR".to_owned(),
            symbol: "€".to_owned(),
            minor_unit: 2,
            decimal_separator: ",".to_owned(),
            thousand_separator: ".".to_owned(),
            symbol_position: SymbolPosition::RightSpace,
        }
    }

    #[test]
    fn defaults_follow_spec_9_4() {
        let c = usd();
        assert_eq!(
            (c.code.as_str(), c.minor_unit, c.symbol.as_str()),
            ("USD", 2, "$")
        );
        assert_eq!((c.prefix().as_str(), c.suffix().as_str()), ("$", ""));
        let json = serde_json::to_value(c.fields()).expect("a value");
        assert_eq!(
            json,
            serde_json::json!({
                "currency_code": "USD", "currency_symbol": "$", "currency_minor_unit": 2,
                "currency_decimal_separator": ".", "currency_thousand_separator": ",",
                "currency_prefix": "$", "currency_suffix": ""
            })
        );
        let settings = serde_json::to_value(c.settings()).expect("a value");
        assert_eq!(settings["priceFormat"], "%1$s%2$s");
        assert_eq!(settings["symbolPosition"], "left");
    }

    #[test]
    fn prefix_and_suffix_per_position() {
        let mut c = usd();
        c.symbol_position = SymbolPosition::LeftSpace;
        assert_eq!((c.prefix().as_str(), c.suffix().as_str()), ("$ ", ""));
        c.symbol_position = SymbolPosition::Right;
        assert_eq!((c.prefix().as_str(), c.suffix().as_str()), ("", "$"));
        c.symbol_position = SymbolPosition::RightSpace;
        assert_eq!((c.prefix().as_str(), c.suffix().as_str()), ("", " $"));
    }

    #[test]
    fn formats_with_groups_and_decimals() {
        assert_eq!(usd().format(Money::from_minor(123_450)), "$1,234.50");
        assert_eq!(usd().format(Money::from_minor(5)), "$0.05");
        assert_eq!(usd().format(Money::from_minor(-500)), "-$5.00");
        assert_eq!(
            usd().format(Money::from_minor(100_000_000)),
            "$1,000,000.00"
        );
        assert_eq!(euro().format(Money::from_minor(123_450)), "1.234,50 €");
        let yen = Currency {
            code: "JPY".into(),
            symbol: "¥".into(),
            minor_unit: 0,
            ..usd()
        };
        assert_eq!(yen.format(Money::from_minor(1234)), "¥1,234");
        assert_eq!(Money::from_minor(1800).to_decimal_string(2), "18.00");
        assert_eq!(Money::from_minor(-50).to_decimal_string(2), "-0.50");
        assert_eq!(Money::from_minor(1800).to_minor_string(), "1800");
    }

    #[test]
    fn parses_decimal_strings_exactly() {
        let parse = |s| Money::from_decimal_str(s, 2);
        assert_eq!(parse("18.00"), Ok(Money::from_minor(1800)));
        assert_eq!(usd().parse_decimal("18.5"), Ok(Money::from_minor(1850)));
        assert_eq!(parse("18"), Ok(Money::from_minor(1800)));
        assert_eq!(parse("18.5"), Ok(Money::from_minor(1850)));
        assert_eq!(parse(" 0.05 "), Ok(Money::from_minor(5)));
        assert_eq!(parse(".5"), Ok(Money::from_minor(50)));
        assert_eq!(parse("-3.25"), Ok(Money::from_minor(-325)));
        assert_eq!(parse("18.500"), Ok(Money::from_minor(1850)));
        assert_eq!(parse(""), Err(MoneyError::Empty));
        assert_eq!(parse("-"), Err(MoneyError::Empty));
        for garbage in [
            "abc", "1.2.3", "1e5", "18.", "1,000", "$18", "0x10", "1 000", ".",
        ] {
            assert!(
                matches!(parse(garbage), Err(MoneyError::Invalid(_))),
                "{garbage}"
            );
        }
        assert!(matches!(parse("18.005"), Err(MoneyError::TooPrecise(_))));
        assert!(matches!(
            parse("92233720368547758.08"),
            Err(MoneyError::Overflow(_))
        ));
        assert!(matches!(
            parse("99999999999999999999"),
            Err(MoneyError::Overflow(_))
        ));
        assert_eq!(
            parse("92233720368547758.07"),
            Ok(Money::from_minor(i64::MAX))
        );
    }

    #[test]
    fn rounds_when_asked() {
        let round = |s| Money::from_decimal_str_rounded(s, 2);
        assert_eq!(round("18.005"), Ok(Money::from_minor(1801)));
        assert_eq!(round("18.004"), Ok(Money::from_minor(1800)));
        assert_eq!(round("-1.555"), Ok(Money::from_minor(-156)));
        assert_eq!(round("7"), Ok(Money::from_minor(700)));
        assert!(round("1.2x5").is_err());
    }

    #[test]
    fn rescales_for_raw_prices() {
        assert_eq!(
            Money::from_minor(1800).rescale(2, 6),
            Some(Money::from_minor(18_000_000))
        );
        assert_eq!(
            Money::from_minor(18_004_999).rescale(6, 2),
            Some(Money::from_minor(1800))
        );
        assert_eq!(
            Money::from_minor(18_005_000).rescale(6, 2),
            Some(Money::from_minor(1801))
        );
        assert_eq!(
            Money::from_minor(-18_005_000).rescale(6, 2),
            Some(Money::from_minor(-1801))
        );
        assert_eq!(Money::from_minor(i64::MAX).rescale(2, 6), None);
    }

    #[test]
    fn json_numbers_for_legacy_endpoints() {
        assert_eq!(
            serde_json::to_string(&Money::from_minor(4500).to_json_number(2)).expect("a value"),
            "45"
        );
        assert_eq!(
            serde_json::to_string(&Money::from_minor(4250).to_json_number(2)).expect("a value"),
            "42.5"
        );
        assert_eq!(
            serde_json::to_string(&Money::from_minor(1105).to_json_number(2)).expect("a value"),
            "11.05"
        );
    }

    #[test]
    fn parses_formatted_amounts() {
        assert_eq!(usd().parse("$1,234.50"), Ok(Money::from_minor(123_450)));
        assert_eq!(usd().parse("1234.5"), Ok(Money::from_minor(123_450)));
        assert_eq!(usd().parse("-$5.00"), Ok(Money::from_minor(-500)));
        assert_eq!(euro().parse("1.234,50 €"), Ok(Money::from_minor(123_450)));
        assert!(usd().parse("$12.3.4").is_err());
        assert!(usd().parse("twelve").is_err());
    }

    #[test]
    fn arithmetic() {
        let a = Money::from_minor(150);
        let b = Money::from_minor(50);
        assert_eq!(a + b, Money::from_minor(200));
        assert_eq!(a - b, Money::from_minor(100));
        assert_eq!(-a, Money::from_minor(-150));
        assert_eq!([a, b, b].into_iter().sum::<Money>(), Money::from_minor(250));
        assert_eq!(a.checked_mul(3), Some(Money::from_minor(450)));
        assert_eq!(Money::from_minor(i64::MAX).checked_add(b), None);
    }

    fn currency_strategy() -> impl Strategy<Value = Currency> {
        (
            0_u32..=4,
            prop_oneof![
                Just((".", ",")),
                Just((",", ".")),
                Just((".", "")),
                Just((",", " "))
            ],
            prop_oneof![
                Just(SymbolPosition::Left),
                Just(SymbolPosition::Right),
                Just(SymbolPosition::LeftSpace),
                Just(SymbolPosition::RightSpace)
            ],
            prop_oneof![Just("$"), Just("€"), Just("kr"), Just("CHF")],
        )
            .prop_map(
                |(minor_unit, (decimal, thousand), position, symbol)| Currency {
                    code: "XXX".to_owned(),
                    symbol: symbol.to_owned(),
                    minor_unit,
                    decimal_separator: decimal.to_owned(),
                    thousand_separator: thousand.to_owned(),
                    symbol_position: position,
                },
            )
    }

    proptest! {
        #[test]
        fn parse_format_round_trips(minor in any::<i64>(), currency in currency_strategy()) {
            let amount = Money::from_minor(minor);
            prop_assert_eq!(currency.parse(&currency.format(amount)), Ok(amount));
        }

        #[test]
        fn decimal_string_round_trips(minor in any::<i64>(), minor_unit in 0_u32..=6) {
            let amount = Money::from_minor(minor);
            prop_assert_eq!(Money::from_decimal_str(&amount.to_decimal_string(minor_unit), minor_unit), Ok(amount));
        }

        #[test]
        fn parse_never_panics(text in "\\PC{0,24}") {
            let _ = Money::from_decimal_str(&text, 2);
            let _ = Money::from_decimal_str_rounded(&text, 2);
            let _ = Currency::default().parse(&text);
        }
    }
}
