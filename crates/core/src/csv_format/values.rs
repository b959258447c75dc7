//! Exact value types for numeric and date cells: no `f64` anywhere.

use std::fmt;
use std::sync::LazyLock;

use regex::Regex;

use crate::calendar::{DateTime, days_in_month};
use crate::money::Money;
use crate::php_int;

/// The most decimal places a [`Decimal`] or a price may carry.
pub const MAX_SCALE: u32 = 18;

/// A non-negative decimal kept exactly, e.g. a weight `0.250`, stored without trailing zeros.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Decimal {
    mantissa: u64,
    scale: u32,
}

impl Decimal {
    /// `mantissa / 10^scale`, normalised; `None` if `scale` exceeds [`MAX_SCALE`].
    pub fn new(mut mantissa: u64, mut scale: u32) -> Option<Decimal> {
        if scale > MAX_SCALE {
            return None;
        }
        while scale > 0 && mantissa.is_multiple_of(10) {
            mantissa /= 10;
            scale -= 1;
        }
        Some(Decimal { mantissa, scale })
    }

    /// The digits without the decimal point.
    pub fn mantissa(self) -> u64 {
        self.mantissa
    }

    /// How many of the mantissa's digits are decimals.
    pub fn scale(self) -> u32 {
        self.scale
    }

    /// Parses `12`, `0.25`, `.5` or `3.`; rejects signs, exponents and anything else.
    pub fn parse(text: &str) -> Result<Decimal, String> {
        let (int, frac) = split_number(text, '.')
            .ok_or_else(|| format!("\"{text}\" is not a number (expected e.g. 1.25)"))?;
        if frac.len() > MAX_SCALE as usize {
            return Err(format!(
                "\"{text}\" has more than {MAX_SCALE} decimal places"
            ));
        }
        let mut mantissa: u64 = 0;
        for digit in int.bytes().chain(frac.bytes()) {
            mantissa = mantissa
                .checked_mul(10)
                .and_then(|m| m.checked_add(u64::from(digit - b'0')))
                .ok_or_else(|| format!("\"{text}\" is too large"))?;
        }
        let scale = u32::try_from(frac.len()).map_err(|_| format!("\"{text}\" is too long"))?;
        Decimal::new(mantissa, scale).ok_or_else(|| format!("\"{text}\" is too precise"))
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pow = 10u64.pow(self.scale);
        let (int, frac) = (self.mantissa / pow, self.mantissa % pow);
        if self.scale == 0 {
            write!(f, "{int}")
        } else {
            write!(f, "{int}.{frac:0width$}", width = self.scale as usize)
        }
    }
}

/// Splits `digits[sep digits]` into its two digit runs; `None` unless that is all there is.
fn split_number(text: &str, sep: char) -> Option<(&str, &str)> {
    let (int, frac) = match text.split_once(sep) {
        Some((int, frac)) => (int, frac),
        None => (text, ""),
    };
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !all_digits(int) || !all_digits(frac) {
        return None;
    }
    Some((int, frac))
}

/// Parses a price such as `12.5` (or `12,5` with a `,` separator) into exact minor units.
pub(crate) fn parse_price(text: &str, minor_unit: u32, sep: char) -> Result<Money, String> {
    if text.starts_with('-') {
        return Err(format!("price \"{text}\" is negative"));
    }
    let parsed = split_number(text, sep).or_else(|| split_number(text, '.'));
    let (int, frac) = parsed.ok_or_else(|| {
        format!("\"{text}\" is not a price (expected digits with an optional '{sep}' and decimals)")
    })?;
    let (kept, dropped) = frac.split_at(frac.len().min(minor_unit as usize));
    if dropped.bytes().any(|b| b != b'0') {
        return Err(format!(
            "price \"{text}\" has more than {minor_unit} decimal places; it would have to be rounded"
        ));
    }
    let mut minor: i64 = 0;
    let padding = std::iter::repeat_n(b'0', minor_unit as usize - kept.len());
    for digit in int.bytes().chain(kept.bytes()).chain(padding) {
        minor = minor
            .checked_mul(10)
            .and_then(|m| m.checked_add(i64::from(digit - b'0')))
            .ok_or_else(|| format!("price \"{text}\" is too large"))?;
    }
    Ok(Money::from_minor(minor))
}

/// Writes minor units back as a decimal string with exactly `minor_unit` decimals.
pub(crate) fn format_price(price: Money, minor_unit: u32, sep: char) -> String {
    let digits = price.minor().unsigned_abs().to_string();
    let sign = if price.is_negative() { "-" } else { "" };
    let width = minor_unit as usize;
    if width == 0 {
        return format!("{sign}{digits}");
    }
    let padded = format!("{digits:0>w$}", w = width + 1);
    let (int, frac) = padded.split_at(padded.len() - width);
    format!("{sign}{int}{sep}{frac}")
}

/// Parses an integer cell as PHP's `intval` reads a number ([`crate::php_int`]): decimals are
/// dropped. Stricter than `intval`, because a cell that is not a number is a mistake to report:
/// the whole cell must be a number with digits before any point, and one too large for 64 bits
/// is refused rather than saturated (a stock of 9223372036854775807 is never what was meant).
pub(crate) fn parse_int(text: &str) -> Result<i64, String> {
    let reading = php_int::read(text);
    if reading.extent != php_int::Extent::Whole || !reading.leading_digits {
        return Err(format!("\"{text}\" is not a whole number"));
    }
    if reading.overflow {
        return Err(format!("\"{text}\" is too large"));
    }
    Ok(reading.value)
}

/// A sale start or end date, checked and kept as written (a Unix timestamp becomes ISO-8601 UTC).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SaleDate(String);

static DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:Z|[+-]\d{2}:?\d{2})?)?$",
    )
    .expect("the date pattern is valid")
});

impl SaleDate {
    /// Accepts `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` (or with `T`, `Z`, `+02:00`) and timestamps.
    pub fn parse(text: &str) -> Result<SaleDate, String> {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            let seconds: i64 = text
                .parse()
                .map_err(|_| format!("timestamp \"{text}\" is too large"))?;
            return from_timestamp(seconds)
                .ok_or_else(|| format!("timestamp \"{text}\" is out of range"));
        }
        let bad = || {
            format!(
                "\"{text}\" is not a date (expected YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or a Unix timestamp)"
            )
        };
        let caps = DATE.captures(text).ok_or_else(bad)?;
        let number = |i: usize| -> u32 {
            caps.get(i)
                .and_then(|m| m.as_str().parse().ok())
                .unwrap_or(0)
        };
        let (year, month, day) = (number(1), number(2), number(3));
        let valid = (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(i64::from(year), month)
            && number(4) < 24
            && number(5) < 60
            && number(6) < 60;
        if !valid {
            return Err(format!("\"{text}\" is not a real date or time"));
        }
        Ok(SaleDate(text.to_string()))
    }

    /// The date as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SaleDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `1689239400` → `2023-07-13T09:10:00Z`.
fn from_timestamp(seconds: i64) -> Option<SaleDate> {
    let date = DateTime::from_unix(seconds);
    date.has_four_digit_year()
        .then(|| SaleDate(format!("{}Z", date.iso_date_time())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_exact_and_normalised() {
        let d = Decimal::parse("0.250").expect("valid");
        assert_eq!((d.mantissa(), d.scale()), (25, 2));
        assert_eq!(d.to_string(), "0.25");
        assert_eq!(Decimal::parse(".5").expect("valid").to_string(), "0.5");
        assert_eq!(Decimal::parse("3.").expect("valid").to_string(), "3");
        for bad in ["", ".", "abc", "1.2.3", "-1", "1e3", "1,5"] {
            assert!(Decimal::parse(bad).is_err(), "{bad:?} should fail");
        }
    }

    #[test]
    fn prices_become_minor_units_without_rounding() {
        assert_eq!(parse_price("12.5", 2, '.'), Ok(Money::from_minor(1250)));
        assert_eq!(parse_price("12,50", 2, ','), Ok(Money::from_minor(1250)));
        assert_eq!(parse_price("12.50", 2, ','), Ok(Money::from_minor(1250)));
        assert_eq!(parse_price("7", 0, '.'), Ok(Money::from_minor(7)));
        assert_eq!(parse_price("7.000", 0, '.'), Ok(Money::from_minor(7)));
        assert_eq!(parse_price(".99", 2, '.'), Ok(Money::from_minor(99)));
        let err = parse_price("abc", 2, '.').expect_err("not a price");
        assert!(err.contains("\"abc\" is not a price"), "{err}");
        assert!(
            parse_price("12.345", 2, '.')
                .expect_err("rounding")
                .contains("2 decimal places")
        );
        assert!(parse_price("-1", 2, '.').is_err());
        assert!(parse_price("99999999999999999999", 2, '.').is_err());
        assert_eq!(format_price(Money::from_minor(1250), 2, '.'), "12.50");
        assert_eq!(format_price(Money::from_minor(5), 2, ','), "0,05");
        assert_eq!(format_price(Money::from_minor(5), 0, '.'), "5");
    }

    #[test]
    fn integers_drop_decimals_like_intval() {
        assert_eq!(parse_int("3.43"), Ok(3));
        assert_eq!(parse_int("-2"), Ok(-2));
        assert_eq!(parse_int("+7"), Ok(7));
        assert!(parse_int("three").is_err());
        assert!(parse_int(".5").is_err());
        assert_eq!(parse_int("-9223372036854775808"), Ok(i64::MIN));
        assert!(parse_int("9223372036854775808").is_err());
    }

    #[test]
    fn sale_dates() {
        for ok in [
            "2024-02-29",
            "2023-07-13 09:10",
            "2023-07-13T09:10:00Z",
            "2023-07-13 09:10:00+02:00",
        ] {
            assert_eq!(SaleDate::parse(ok).expect("valid").as_str(), ok);
        }
        let converted = SaleDate::parse("1689239400").expect("timestamp");
        assert_eq!(converted.as_str(), "2023-07-13T09:10:00Z");
        assert_eq!(
            SaleDate::parse("0").expect("epoch").as_str(),
            "1970-01-01T00:00:00Z"
        );
        for bad in [
            "2023-02-29",
            "2023-13-01",
            "tomorrow",
            "13/07/2023",
            "2023-07-13 25:00",
        ] {
            assert!(SaleDate::parse(bad).is_err(), "{bad:?} should fail");
        }
    }
}
