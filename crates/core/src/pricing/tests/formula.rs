//! Flat rate cost formulas: what they compute, how they fail, and that no text makes them
//! panic.

use proptest::prelude::*;

use super::fixtures::m;
use crate::money::Money;
use crate::pricing::*;

fn cost(formula: &str, qty: u32, contents: i64) -> Result<Money, FormulaError> {
    evaluate_cost(formula, qty, m(contents), 2)
}

#[test]
fn formulas_compute_in_major_units() {
    for (formula, qty, contents, expected) in [
        ("10", 1, 0, 1000),
        ("10.00", 1, 0, 1000),
        ("", 1, 0, 0),
        ("   ", 1, 0, 0),
        ("[qty] * 2", 3, 0, 600),
        ("5 + [cost] * 0.1", 1, 5400, 1040),
        ("(1 + 2) * 3 / 2", 1, 0, 450),
        ("-2 + 5", 1, 0, 300),
        ("--3", 1, 0, 300),
        ("2,5 * 2", 1, 0, 500),
        ("10 +", 1, 0, 1000),
        ("*10", 1, 0, 1000),
        ("1/3", 1, 0, 33),
        ("2/3", 1, 0, 67),
        ("0.005", 1, 0, 1),
        ("1.0000000006", 1, 0, 100),
        ("[QTY]*[cost]", 2, 150, 300),
        ("[fee percent='10' min_fee=2]", 1, 1000, 200),
        ("[fee percent=\"10\" max_fee=\"0.50\"]", 1, 1000, 50),
        ("[fee percent=\"10\"]", 1, 1234, 123),
        ("[fee]", 1, 1000, 0),
        ("3 + [fee percent=\"1,5\"]", 1, 10_000, 450),
    ] {
        assert_eq!(cost(formula, qty, contents), Ok(m(expected)), "{formula}");
    }
    assert_eq!(
        evaluate_cost("[cost]", 1, Money::from_minor(1234), 0),
        Ok(m(1234))
    );
    assert!(check_cost_formula("10 * [qty]").is_ok());
}

#[test]
fn bad_formulas_say_what_is_wrong() {
    assert_eq!(cost("10 / 0", 1, 0), Err(FormulaError::DivisionByZero));
    assert_eq!(
        cost("10 + x", 1, 0),
        Err(FormulaError::UnexpectedCharacter {
            found: 'x',
            position: 4,
            expression: "10+x".into(),
        })
    );
    assert_eq!(
        cost("10 + x", 1, 0).map_err(|e| e.to_string()),
        Err("unexpected \"x\" at character 4 of \"10+x\"".to_owned())
    );
    assert!(matches!(
        cost("(1 + 2", 1, 0),
        Err(FormulaError::UnclosedParenthesis(_))
    ));
    assert!(matches!(
        cost("1 + 2)", 1, 0),
        Err(FormulaError::UnexpectedCharacter { found: ')', .. })
    ));
    assert_eq!(
        cost("[foo]", 1, 0),
        Err(FormulaError::UnknownShortcode("foo".into()))
    );
    assert!(matches!(
        cost("[qty", 1, 0),
        Err(FormulaError::UnknownShortcode(_))
    ));
    assert!(matches!(
        cost("[fee percent=abc]", 1, 0),
        Err(FormulaError::InvalidFeeAttribute { .. })
    ));
    assert!(matches!(
        cost("1..2", 1, 0),
        Err(FormulaError::UnexpectedCharacter { found: '.', .. })
    ));
    assert!(matches!(
        cost(".", 1, 0),
        Err(FormulaError::UnexpectedCharacter { found: '.', .. })
    ));
    let deep = format!("{}1{}", "(".repeat(200), ")".repeat(200));
    assert_eq!(cost(&deep, 1, 0), Err(FormulaError::TooDeep));
    assert_eq!(
        cost(&format!("{}1", "-".repeat(500)), 1, 0),
        Err(FormulaError::TooDeep)
    );
    assert_eq!(
        cost("9".repeat(40).as_str(), 1, 0),
        Err(FormulaError::Overflow)
    );
    assert_eq!(
        cost("99999999999 * 99999999999 * 99999999", 1, 0),
        Err(FormulaError::Overflow)
    );
}

proptest! {
    #[test]
    fn no_text_makes_a_formula_panic(text in "[0-9 .,+*/()\\-\\[\\]a-z=\"'%_é]{0,40}", qty in 0_u32..1000, contents in -100_000_i64..100_000) {
        let _ = evaluate_cost(&text, qty, m(contents), 2);
    }

    #[test]
    fn sums_and_products_of_whole_amounts_are_exact(a in 0_i64..100_000, b in 0_i64..100_000, c in 1_i64..100) {
        prop_assert_eq!(cost(&format!("{a} + {b}"), 1, 0), Ok(m((a + b) * 100)));
        prop_assert_eq!(cost(&format!("{a} * {c} - {b}"), 1, 0), Ok(m((a * c - b) * 100)));
        prop_assert_eq!(cost(&format!("[qty] * {c}"), u32::try_from(a).unwrap_or(0), 0), Ok(m(a * c * 100)));
    }
}
