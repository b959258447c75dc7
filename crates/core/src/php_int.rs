//! Integers read from strings the way PHP 8 on a 64-bit machine reads them, so every surface
//! that mirrors a WooCommerce or WordPress field (`intval`, `absint`, `rest_is_integer`) gets
//! the same number for the same text.
//!
//! PHP's rule (`_is_numeric_string_ex`, then `zval_get_long`):
//!
//! - Leading whitespace (` \t\n\r\v\f`) is skipped, then an optional `+` or `-`.
//! - A number is digits with an optional `.` fraction (`5`, `5.`, `.5`, `5.25`) and an
//!   optional exponent (`1e3`, `2E-1`). Hexadecimal is not a number: `0x1A` reads as `0`
//!   followed by garbage.
//! - Trailing whitespace is allowed (PHP 8). Anything else after the number makes it a
//!   *leading-numeric* string: `intval` still reads the number (`"12abc"` → 12), `is_numeric`
//!   says no.
//! - Digits only, fitting in 64 bits: that integer (`"-9223372036854775808"` is `PHP_INT_MIN`).
//! - Otherwise (a fraction, an exponent, or too many digits) PHP reads a float and casts it
//!   with `zend_dval_to_lval_cap`: towards zero when it fits (`"1.9"` → 1, `"-1.9"` → -1,
//!   `"1e3"` → 1000), **saturated** to `PHP_INT_MAX` / `PHP_INT_MIN` when it does not
//!   (`"99999999999999999999"` → 9223372036854775807, `"1e20"` → 9223372036854775807), and 0
//!   when the float is infinite (`"1e999"` → 0).
//!
//! Not the same as PHP's cast of a *float value*: `(int) 1e20` on a float wraps modulo 2^64 in
//! PHP 8 (undefined in C, deprecated in PHP 8.5). Every value here starts as request or file
//! text, so the string rule (saturation) is the one that applies.

/// How much of a string PHP reads as a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// No number at the start (`""`, `"abc"`, `"."`): `intval` gives 0.
    None,
    /// A number followed by something else (`"12abc"`, `"0x1A"`, `"1e"`): `is_numeric` is false.
    Prefix,
    /// The whole string, leading and trailing whitespace aside: `is_numeric` is true.
    Whole,
}

/// A string read as PHP reads it: the integer `intval` gives, and what PHP saw on the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// `intval` of the text.
    pub value: i64,
    /// How much of the text is the number.
    pub extent: Extent,
    /// The number did not fit in 64 bits and `value` is saturated (or 0, for an infinite float).
    pub overflow: bool,
    /// The number has no fractional part (`"5"`, `"5.0"`, `"1e3"`; not `"1.5"`).
    pub integral: bool,
    /// Digits come before any `.` (`"5"`, `"5.5"`; not `".5"`).
    pub leading_digits: bool,
}

fn is_php_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn digits_from(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(u8::is_ascii_digit) {
        at += 1;
    }
    at
}

/// Reads `text` as PHP 8 does (see the module's documentation).
pub fn read(text: &str) -> Reading {
    let bytes = text.as_bytes();
    let mut at = 0;
    while bytes.get(at).copied().is_some_and(is_php_space) {
        at += 1;
    }
    let start = at;
    let negative = bytes.get(at) == Some(&b'-');
    if matches!(bytes.get(at), Some(b'-' | b'+')) {
        at += 1;
    }
    let int_start = at;
    at = digits_from(bytes, at);
    let int_end = at;
    let mut float = false;
    if bytes.get(at) == Some(&b'.') {
        let frac_end = digits_from(bytes, at + 1);
        if int_end > int_start || frac_end > at + 1 {
            float = true;
            at = frac_end;
        }
    }
    if at == int_start {
        return Reading {
            value: 0,
            extent: Extent::None,
            overflow: false,
            integral: true,
            leading_digits: false,
        };
    }
    // An exponent counts only when digits follow it (`1e` is `1` and garbage).
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        let mut exp = at + 1;
        if matches!(bytes.get(exp), Some(b'-' | b'+')) {
            exp += 1;
        }
        let exp_end = digits_from(bytes, exp);
        if exp_end > exp {
            float = true;
            at = exp_end;
        }
    }
    let number_end = at;
    while bytes.get(at).copied().is_some_and(is_php_space) {
        at += 1;
    }
    let extent = if at == bytes.len() {
        Extent::Whole
    } else {
        Extent::Prefix
    };
    let leading_digits = int_end > int_start;
    let (value, overflow, integral) = if float {
        let number: f64 = text[start..number_end].parse().unwrap_or(0.0);
        let (value, overflow) = float_to_int(number);
        (
            value,
            overflow,
            number.fract() == 0.0 || number.is_infinite(),
        )
    } else {
        let (value, overflow) = from_digits(&bytes[int_start..int_end], negative);
        (value, overflow, true)
    };
    Reading {
        value,
        extent,
        overflow,
        integral,
        leading_digits,
    }
}

/// Decimal digits to an integer, saturating (PHP reads the overflowing ones as a float, which
/// `zend_dval_to_lval_cap` then saturates: the same result).
fn from_digits(digits: &[u8], negative: bool) -> (i64, bool) {
    let mut magnitude: i128 = 0;
    for &b in digits {
        magnitude = magnitude * 10 + i128::from(b - b'0');
        if magnitude > 1 << 63 {
            break;
        }
    }
    let signed = if negative { -magnitude } else { magnitude };
    match i64::try_from(signed) {
        Ok(value) => (value, false),
        Err(_) if negative => (i64::MIN, true),
        Err(_) => (i64::MAX, true),
    }
}

/// `zend_dval_to_lval_cap`: towards zero, saturated out of range, 0 for infinities.
fn float_to_int(number: f64) -> (i64, bool) {
    // `i64::MAX as f64` is 2^63, which does not fit; `i64::MIN as f64` is -2^63, which does.
    const LIMIT: f64 = 9_223_372_036_854_775_808.0;
    if number.is_infinite() || number.is_nan() {
        (0, true)
    } else if number >= LIMIT {
        (i64::MAX, true)
    } else if number < -LIMIT {
        (i64::MIN, true)
    } else {
        #[expect(
            clippy::cast_possible_truncation,
            reason = "in range, checked above; truncation towards zero is PHP's cast"
        )]
        let value = number as i64;
        (value, false)
    }
}

/// PHP's `intval($text)` (and `(int) $text`): the leading number, 0 when there is none.
pub fn intval(text: &str) -> i64 {
    read(text).value
}

/// WordPress's `absint($text)`: `abs(intval($text))`, never negative.
///
/// PHP's `abs(PHP_INT_MIN)` is the float 9.2233720368547758E+18, which the next integer cast
/// would wrap back to `PHP_INT_MIN`; here it is `PHP_INT_MAX` (`i64::MAX`), the nearest
/// integer, so `absint` keeps its promise of a non-negative number. No id or quantity that
/// large exists, so the answer (nothing found, too many) is the same either way.
pub fn absint(text: &str) -> i64 {
    intval(text).saturating_abs()
}

/// WordPress's `rest_is_integer($text)` with the value its sanitiser keeps: the whole string
/// is numeric and has no fractional part (`"5"`, `" 5 "`, `"+5"`, `"5.0"`, `"1e3"`), read with
/// [`intval`] (so too large saturates). `None` for `"1.5"`, `"12abc"`, `""`.
pub fn integer(text: &str) -> Option<i64> {
    let reading = read(text);
    (reading.extent == Extent::Whole && reading.integral).then_some(reading.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intval_at_the_edges() {
        let cases: &[(&str, i64)] = &[
            ("0", 0),
            ("-0", 0),
            ("+5", 5),
            (" 7", 7),
            ("\t\n7", 7),
            ("7 ", 7),
            ("007", 7),
            ("12abc", 12),
            ("9223372036854775807", i64::MAX),
            ("9223372036854775808", i64::MAX),
            ("99999999999999999999", i64::MAX),
            ("-9223372036854775808", i64::MIN),
            ("-9223372036854775809", i64::MIN),
            ("-99999999999999999999999999999999999999999999", i64::MIN),
            ("1e3", 1000),
            ("1E+3", 1000),
            ("25e-1", 2),
            ("1e", 1),
            ("1e20", i64::MAX),
            ("-1e20", i64::MIN),
            ("1e999", 0),
            ("1.9", 1),
            ("-1.9", -1),
            (".5", 0),
            ("5.", 5),
            ("abc", 0),
            ("", 0),
            (".", 0),
            ("-", 0),
            ("--1", 0),
            ("0x1A", 0),
            ("1 2", 1),
        ];
        for (text, want) in cases {
            assert_eq!(intval(text), *want, "intval({text:?})");
        }
    }

    #[test]
    fn absint_is_never_negative() {
        assert_eq!(absint("-5"), 5);
        assert_eq!(absint("12abc"), 12);
        assert_eq!(absint("abc"), 0);
        assert_eq!(absint(""), 0);
        assert_eq!(absint("-9223372036854775808"), i64::MAX);
        assert_eq!(absint("-1.9"), 1);
    }

    #[test]
    fn whole_numeric_integers_only() {
        assert_eq!(integer(" 12 "), Some(12));
        assert_eq!(integer("+3"), Some(3));
        assert_eq!(integer("-1"), Some(-1));
        assert_eq!(integer("5.0"), Some(5));
        assert_eq!(integer("1e3"), Some(1000));
        assert_eq!(integer("999999999999999999999999"), Some(i64::MAX));
        for bad in ["", "abc", "1.5", "1e", "--1", ".", "1 2", "0x1A", "12abc"] {
            assert_eq!(integer(bad), None, "{bad}");
        }
    }

    #[test]
    fn readings_say_what_php_saw() {
        let r = read("9223372036854775808");
        assert!(r.overflow);
        assert_eq!(r.extent, Extent::Whole);
        assert!(!read("-9223372036854775808").overflow);
        assert_eq!(read("12abc").extent, Extent::Prefix);
        assert_eq!(read("abc").extent, Extent::None);
        assert!(!read(".5").leading_digits);
        assert!(!read("1.5").integral);
    }
}
