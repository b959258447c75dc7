//! Slugs and small text helpers shared by the catalogue.

use std::cmp::Ordering;

/// A URL slug as WordPress makes one: lower case, spaces to dashes, punctuation dropped
/// (`"T-Shirt Size"` → `"t-shirt-size"`, `"pa_color"` stays).
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    let mut pending_dash = false;
    for c in text.trim().chars() {
        if c.is_whitespace() || c == '-' || c == '.' || c == '/' {
            pending_dash = true;
            continue;
        }
        if !(c.is_alphanumeric() || c == '_') {
            continue;
        }
        if pending_dash && !slug.is_empty() {
            slug.push('-');
        }
        pending_dash = false;
        slug.extend(c.to_lowercase());
    }
    slug
}

/// A list written as prose: `A`, `A and B`, `A, B, and C` (WooCommerce's
/// `wc_format_list_of_items`).
pub fn format_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [first, second] => format!("{first} and {second}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

/// Compares two strings as people sort them: digit runs by value (`Size 2` < `Size 10`),
/// letters without regard to case.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let mut left = a.chars().peekable();
    let mut right = b.chars().peekable();
    loop {
        match (left.peek().copied(), right.peek().copied()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let take_run = |it: &mut std::iter::Peekable<std::str::Chars<'_>>| {
                    let mut run = String::new();
                    while let Some(d) = it.peek().copied().filter(char::is_ascii_digit) {
                        run.push(d);
                        it.next();
                    }
                    run
                };
                let (rx, ry) = (take_run(&mut left), take_run(&mut right));
                let (tx, ty) = (rx.trim_start_matches('0'), ry.trim_start_matches('0'));
                let order = tx.len().cmp(&ty.len()).then_with(|| tx.cmp(ty));
                if order != Ordering::Equal {
                    return order;
                }
            }
            (Some(x), Some(y)) => {
                let order = x.to_lowercase().cmp(y.to_lowercase());
                if order != Ordering::Equal {
                    return order;
                }
                left.next();
                right.next();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slugify("Logo"), "logo");
        assert_eq!(slugify("T-Shirt Size"), "t-shirt-size");
        assert_eq!(slugify("pa_color"), "pa_color");
        assert_eq!(slugify("  Hoodie -- with   Logo! "), "hoodie-with-logo");
        assert_eq!(slugify("Crème brûlée"), "crème-brûlée");
        assert_eq!(slugify("---"), "");
    }

    #[test]
    fn prose_lists() {
        assert_eq!(format_list(&["Size"]), "Size");
        assert_eq!(format_list(&["Size", "Color"]), "Size and Color");
        assert_eq!(format_list(&["A", "B", "C"]), "A, B, and C");
    }

    #[test]
    fn natural_order() {
        let mut sizes = vec!["Size 10", "size 2", "Size 1", "Large"];
        sizes.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(sizes, ["Large", "Size 1", "size 2", "Size 10"]);
    }
}
