//! Small text helpers for pages: JSON in attributes, dates.

use serde::Serialize;

/// `value` as JSON escaped for a single-quoted HTML attribute (`data-x='…'`), ready to be
/// marked safe. An unserialisable value (which our types never are) becomes `false`.
pub fn json_for_attribute<T: Serialize + ?Sized>(value: &T) -> String {
    let json = serde_json::to_string(value).unwrap_or_else(|_| "false".to_owned());
    let mut out = String::with_capacity(json.len() + json.len() / 8);
    for c in json.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '\'' => out.push_str("&#39;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            _ => out.push(c),
        }
    }
    out
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A unix time as WordPress's default date format (`November 21, 2026`), UTC.
pub fn long_date(unix: i64) -> String {
    let (year, month, day) = civil_from_days(unix.div_euclid(86_400));
    let name = usize::try_from(month - 1)
        .ok()
        .and_then(|m| MONTHS.get(m))
        .copied()
        .unwrap_or("");
    format!("{name} {day}, {year}")
}

/// A unix time as an ISO date (`2026-11-21`), UTC.
pub fn iso_date(unix: i64) -> String {
    let (year, month, day) = civil_from_days(unix.div_euclid(86_400));
    format!("{year:04}-{month:02}-{day:02}")
}

/// Days since 1970-01-01 to (year, month, day): Howard Hinnant's algorithm.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_safe_in_single_quotes() {
        let text = json_for_attribute(&serde_json::json!({"a": "it's <b>&</b>"}));
        assert_eq!(text, "{\"a\":\"it&#39;s &lt;b&gt;&amp;&lt;/b&gt;\"}");
    }

    #[test]
    fn dates() {
        assert_eq!(long_date(0), "January 1, 1970");
        assert_eq!(long_date(1_795_289_201), "November 21, 2026");
        assert_eq!(iso_date(951_782_400), "2000-02-29");
    }
}
