//! Flat rate cost formulas, as WooCommerce evaluates them: `[qty]` and `[cost]` placeholders,
//! the `[fee percent="10" min_fee="2" max_fee="10"]` shortcode, `+ - * /`, parentheses and
//! decimals (a comma works as the decimal separator). Amounts are in the shop currency's major
//! unit ("10.00" is ten dollars); the result is rounded to the minor unit.
//!
//! Evaluation is exact to nine decimals with integers, and every failure is an error value.

use crate::money::Money;

use super::decimal::{RoundMode, div_round};

/// Nine decimals.
const SCALE: i128 = 1_000_000_000;
/// How deeply parentheses and signs may nest.
const MAX_DEPTH: usize = 64;

/// Why a cost formula cannot be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormulaError {
    /// A character that has no place in a formula.
    #[error("unexpected \"{found}\" at character {position} of \"{expression}\"")]
    UnexpectedCharacter {
        /// The character.
        found: char,
        /// Its position (from 1) in the expression after placeholders are filled in.
        position: usize,
        /// The expression after placeholders are filled in and spaces removed.
        expression: String,
    },
    /// The formula stops in the middle of an operation.
    #[error("the formula \"{0}\" ends too early")]
    UnexpectedEnd(String),
    /// A parenthesis is opened and not closed.
    #[error("a parenthesis is not closed in \"{0}\"")]
    UnclosedParenthesis(String),
    /// Something is divided by zero.
    #[error("division by zero")]
    DivisionByZero,
    /// A shortcode other than `[qty]`, `[cost]` and `[fee]`, or one not closed by `]`.
    #[error("unknown shortcode \"[{0}\"")]
    UnknownShortcode(String),
    /// A `[fee]` attribute that is not a number.
    #[error("the fee attribute {name}=\"{value}\" is not a number")]
    InvalidFeeAttribute {
        /// The attribute.
        name: String,
        /// Its value.
        value: String,
    },
    /// Parentheses or signs nested too deeply.
    #[error("the formula nests too deeply")]
    TooDeep,
    /// A number too large to compute with.
    #[error("the formula's result is too large")]
    Overflow,
}

/// Evaluates a flat rate cost formula for a package of `qty` items costing `cost`; an empty
/// formula costs nothing.
pub fn evaluate_cost(
    formula: &str,
    qty: u32,
    cost: Money,
    minor_unit: u32,
) -> Result<Money, FormulaError> {
    let unit = 10_i128
        .checked_pow(minor_unit)
        .ok_or(FormulaError::Overflow)?;
    let cost_fixed = i128::from(cost.minor())
        .checked_mul(SCALE)
        .ok_or(FormulaError::Overflow)?
        / unit;
    let expanded = expand(formula, qty, cost_fixed)?;
    let value = evaluate_fixed(&expanded)?;
    let minor = div_round(
        value.checked_mul(unit).ok_or(FormulaError::Overflow)?,
        SCALE,
        RoundMode::HalfUp,
    );
    i64::try_from(minor)
        .map(Money::from_minor)
        .map_err(|_| FormulaError::Overflow)
}

/// Checks that a formula can be evaluated (for the settings screen), with a sample package.
pub fn check_cost_formula(formula: &str) -> Result<(), FormulaError> {
    evaluate_cost(formula, 1, Money::from_minor(100), 2).map(|_| ())
}

/// Fills in the placeholders and shortcodes, drops white space, reads commas as decimal
/// points and trims dangling operators, as WooCommerce does before evaluating.
fn expand(formula: &str, qty: u32, cost: i128) -> Result<String, FormulaError> {
    let mut out = String::with_capacity(formula.len());
    let mut rest = formula;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(']') else {
            return Err(FormulaError::UnknownShortcode(after.to_owned()));
        };
        let tag = after[..close].trim();
        let (name, attributes) = tag.split_once(char::is_whitespace).unwrap_or((tag, ""));
        match name.to_ascii_lowercase().as_str() {
            "qty" => out.push_str(&qty.to_string()),
            "cost" => out.push_str(&fixed_text(cost)),
            "fee" => out.push_str(&fixed_text(fee(attributes, cost)?)),
            _ => return Err(FormulaError::UnknownShortcode(tag.to_owned())),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    let compact: String = out
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\0')
        .map(|c| if c == ',' { '.' } else { c })
        .collect();
    let trimmed = compact
        .trim_start_matches(['+', '*', '/'])
        .trim_end_matches(['+', '-', '*', '/']);
    Ok(trimmed.to_owned())
}

/// `[fee percent="10" min_fee="2" max_fee="10"]`: a percentage of the cost, kept between the
/// minimum and maximum when they are set.
fn fee(attributes: &str, cost: i128) -> Result<i128, FormulaError> {
    let mut percent = None;
    let mut min_fee = None;
    let mut max_fee = None;
    for (name, value) in parse_attributes(attributes) {
        let slot = match name.as_str() {
            "percent" => &mut percent,
            "min_fee" => &mut min_fee,
            "max_fee" => &mut max_fee,
            _ => continue,
        };
        if value.is_empty() {
            continue;
        }
        let number = evaluate_fixed(&value.replace(',', ".")).map_err(|_| {
            FormulaError::InvalidFeeAttribute {
                name: name.clone(),
                value: value.clone(),
            }
        })?;
        *slot = Some(number);
    }
    let mut fee = match percent {
        Some(p) => div_round(mul(cost, p)?, 100, RoundMode::HalfUp),
        None => 0,
    };
    if let Some(min) = min_fee.filter(|m| *m != 0)
        && fee < min
    {
        fee = min;
    }
    if let Some(max) = max_fee.filter(|m| *m != 0)
        && fee > max
    {
        fee = max;
    }
    Ok(fee)
}

/// `name="value"`, `name='value'` and `name=value` pairs; names lower-cased.
fn parse_attributes(text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = text.trim_start();
    while let Some(eq) = rest.find('=') {
        let name = rest[..eq].trim().to_ascii_lowercase();
        let value_part = rest[eq + 1..].trim_start();
        let (value, remaining) = match value_part.chars().next() {
            Some(quote @ ('"' | '\'')) => {
                let inner = &value_part[1..];
                match inner.find(quote) {
                    Some(end) => (&inner[..end], &inner[end + 1..]),
                    None => (inner, ""),
                }
            }
            _ => {
                let end = value_part
                    .find(char::is_whitespace)
                    .unwrap_or(value_part.len());
                (&value_part[..end], &value_part[end..])
            }
        };
        pairs.push((name, value.trim().to_owned()));
        rest = remaining.trim_start();
    }
    pairs
}

/// A fixed-point number as plain decimal text (`12.5`, `-3`).
fn fixed_text(value: i128) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let magnitude = value.unsigned_abs();
    let scale = SCALE.unsigned_abs();
    let whole = magnitude / scale;
    let frac = magnitude % scale;
    if frac == 0 {
        format!("{sign}{whole}")
    } else {
        let digits = format!("{frac:09}");
        format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

fn mul(a: i128, b: i128) -> Result<i128, FormulaError> {
    let product = a.checked_mul(b).ok_or(FormulaError::Overflow)?;
    Ok(div_round(product, SCALE, RoundMode::HalfUp))
}

fn div(a: i128, b: i128) -> Result<i128, FormulaError> {
    if b == 0 {
        return Err(FormulaError::DivisionByZero);
    }
    let scaled = a.checked_mul(SCALE).ok_or(FormulaError::Overflow)?;
    let (numerator, denominator) = if b < 0 { (-scaled, -b) } else { (scaled, b) };
    Ok(div_round(numerator, denominator, RoundMode::HalfUp))
}

/// Evaluates an expanded expression to nine decimals; an empty one is zero.
fn evaluate_fixed(expression: &str) -> Result<i128, FormulaError> {
    if expression.is_empty() {
        return Ok(0);
    }
    let mut parser = Parser {
        text: expression,
        chars: expression.chars().collect(),
        at: 0,
    };
    let value = parser.expression(0)?;
    match parser.peek() {
        None => Ok(value),
        Some(')') => Err(parser.unexpected(')')),
        Some(c) => Err(parser.unexpected(c)),
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn unexpected(&self, found: char) -> FormulaError {
        FormulaError::UnexpectedCharacter {
            found,
            position: self.at + 1,
            expression: self.text.to_owned(),
        }
    }

    fn expression(&mut self, depth: usize) -> Result<i128, FormulaError> {
        let mut value = self.term(depth)?;
        while let Some(op @ ('+' | '-')) = self.peek() {
            self.at += 1;
            let rhs = self.term(depth)?;
            value = if op == '+' {
                value.checked_add(rhs)
            } else {
                value.checked_sub(rhs)
            }
            .ok_or(FormulaError::Overflow)?;
        }
        Ok(value)
    }

    fn term(&mut self, depth: usize) -> Result<i128, FormulaError> {
        let mut value = self.factor(depth)?;
        while let Some(op @ ('*' | '/')) = self.peek() {
            self.at += 1;
            let rhs = self.factor(depth)?;
            value = if op == '*' {
                mul(value, rhs)?
            } else {
                div(value, rhs)?
            };
        }
        Ok(value)
    }

    fn factor(&mut self, depth: usize) -> Result<i128, FormulaError> {
        if depth > MAX_DEPTH {
            return Err(FormulaError::TooDeep);
        }
        match self.peek() {
            None => Err(FormulaError::UnexpectedEnd(self.text.to_owned())),
            Some('-') => {
                self.at += 1;
                self.factor(depth + 1)?
                    .checked_neg()
                    .ok_or(FormulaError::Overflow)
            }
            Some('+') => {
                self.at += 1;
                self.factor(depth + 1)
            }
            Some('(') => {
                self.at += 1;
                let value = self.expression(depth + 1)?;
                if self.peek() == Some(')') {
                    self.at += 1;
                    Ok(value)
                } else {
                    Err(FormulaError::UnclosedParenthesis(self.text.to_owned()))
                }
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) => Err(self.unexpected(c)),
        }
    }

    fn number(&mut self) -> Result<i128, FormulaError> {
        let start = self.at;
        let mut whole: i128 = 0;
        let mut fraction: i128 = 0;
        let mut place = SCALE;
        let mut seen_point = false;
        let mut digits = 0;
        let mut next_digit = None;
        while let Some(c) = self.peek() {
            if c == '.' && !seen_point {
                seen_point = true;
            } else if let Some(d) = c.to_digit(10) {
                digits += 1;
                let d = i128::from(d);
                if !seen_point {
                    whole = whole
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(d))
                        .ok_or(FormulaError::Overflow)?;
                } else if place > 1 {
                    place /= 10;
                    fraction += d * place;
                } else if next_digit.is_none() {
                    // The first digit past nine decimals decides the rounding.
                    next_digit = Some(d);
                }
            } else {
                break;
            }
            self.at += 1;
        }
        if digits == 0 {
            self.at = start;
            return Err(self.unexpected('.'));
        }
        let value = whole
            .checked_mul(SCALE)
            .and_then(|v| v.checked_add(fraction))
            .ok_or(FormulaError::Overflow)?;
        Ok(value + i128::from(next_digit.is_some_and(|d| d >= 5)))
    }
}
