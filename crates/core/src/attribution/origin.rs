//! The "origin" WooCommerce shows for an order (`get_origin_label`, order-attribution.md §7).

/// The origin text for a source type and source: "Source: Newsletter", "Organic: Google",
/// "Referral: Facebook.com", "Direct", "Mobile app", "Web admin" or "Unknown".
///
/// The source is trimmed of parentheses and its first letter upper-cased (PHP's
/// `ucfirst(trim($source, '()'))`).
pub fn origin_label(source_type: &str, source: &str) -> String {
    let prefix = match source_type {
        "utm" => "Source",
        "organic" => "Organic",
        "referral" => "Referral",
        "typein" => return "Direct".to_owned(),
        "mobile_app" => return "Mobile app".to_owned(),
        "admin" => return "Web admin".to_owned(),
        _ => return "Unknown".to_owned(),
    };
    format!("{prefix}: {}", formatted_source(source))
}

/// `ucfirst(trim($source, '()'))`: ASCII first letter only, as PHP's `ucfirst` does.
fn formatted_source(source: &str) -> String {
    let trimmed = source.trim_matches(['(', ')']);
    let mut chars = trimmed.chars();
    match chars.next() {
        Some(first) => format!("{}{}", first.to_ascii_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::origin_label;

    #[test]
    fn examples_from_the_reference() {
        assert_eq!(origin_label("organic", "google"), "Organic: Google");
        assert_eq!(
            origin_label("referral", "facebook.com"),
            "Referral: Facebook.com"
        );
        assert_eq!(origin_label("utm", "newsletter"), "Source: Newsletter");
        assert_eq!(origin_label("typein", "(direct)"), "Direct");
        assert_eq!(origin_label("mobile_app", ""), "Mobile app");
        assert_eq!(origin_label("admin", ""), "Web admin");
        assert_eq!(origin_label("", ""), "Unknown");
        assert_eq!(origin_label("weird", "x"), "Unknown");
    }

    #[test]
    fn source_is_trimmed_of_parentheses() {
        assert_eq!(origin_label("utm", "(none)"), "Source: None");
        assert_eq!(origin_label("utm", ""), "Source: ");
        assert_eq!(origin_label("utm", "élan"), "Source: élan");
    }
}
