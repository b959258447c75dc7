//! Whole numbers as people read them: `48000` as `48,000`, as PHP's `number_format` groups
//! them (the shop's prices, WordPress's length messages, the home page's counters).

/// `whole` with `separator` between each group of three digits: `1234567` → `1,234,567`.
pub fn group_thousands(whole: u64, separator: &str) -> String {
    let digits = whole.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * separator.len());
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::group_thousands;

    #[test]
    fn groups_of_three_from_the_right() {
        assert_eq!(group_thousands(0, ","), "0");
        assert_eq!(group_thousands(999, ","), "999");
        assert_eq!(group_thousands(48_000, ","), "48,000");
        assert_eq!(group_thousands(1_234_567, ","), "1,234,567");
        assert_eq!(group_thousands(1_234_567, "&nbsp;"), "1&nbsp;234&nbsp;567");
        assert_eq!(group_thousands(u64::MAX, "."), "18.446.744.073.709.551.615");
    }
}
