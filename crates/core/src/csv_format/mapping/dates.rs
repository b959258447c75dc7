//! Sale dates: the CSV's `Date sale price starts|ends` cells and the unix seconds of
//! [`Pricing`](crate::catalogue::Pricing), in UTC (the shop has no time zone setting yet).

use crate::calendar::{DAY, DateTime, days_from_civil};
use crate::csv_format::SaleDate;

/// The first second a sale starts at: a date alone means its midnight.
pub fn sale_start(date: &SaleDate) -> Result<i64, String> {
    parse(date.as_str(), false)
}

/// The last second of a sale: a date alone means its last second (23:59:59), as WooCommerce's
/// product editor stores it.
pub fn sale_end(date: &SaleDate) -> Result<i64, String> {
    parse(date.as_str(), true)
}

/// The cell for a sale start: the date alone at midnight, else date and time (UTC).
pub fn format_sale_start(seconds: i64) -> Option<SaleDate> {
    let text = if seconds.rem_euclid(DAY) == 0 {
        iso_date(seconds)?
    } else {
        date_time(seconds)?
    };
    SaleDate::parse(&text).ok()
}

/// The cell for a sale end: the date alone at 23:59:59, else date and time (UTC).
pub fn format_sale_end(seconds: i64) -> Option<SaleDate> {
    let text = if seconds.rem_euclid(DAY) == DAY - 1 {
        iso_date(seconds)?
    } else {
        date_time(seconds)?
    };
    SaleDate::parse(&text).ok()
}

fn date_time(seconds: i64) -> Option<String> {
    let date = DateTime::from_unix(seconds);
    let (h, m, s) = date.hms();
    date.has_four_digit_year()
        .then(|| format!("{} {h:02}:{m:02}:{s:02}", date.iso_date()))
}

/// `YYYY-MM-DD`, for years of four digits.
fn iso_date(seconds: i64) -> Option<String> {
    let date = DateTime::from_unix(seconds);
    date.has_four_digit_year().then(|| date.iso_date())
}

/// Reads what [`SaleDate::parse`] accepted: `YYYY-MM-DD`, then optionally `[ T]HH:MM[:SS]`
/// and `Z` or `±HH[:]MM`.
fn parse(text: &str, end_of_day: bool) -> Result<i64, String> {
    let bad = || format!("\"{text}\" is not a date");
    let number =
        |s: Option<&str>| -> Result<i64, String> { s.and_then(|s| s.parse().ok()).ok_or_else(bad) };
    let date = text.get(..10).ok_or_else(bad)?;
    let small = |n: i64| u32::try_from(n).map_err(|_| bad());
    let days = days_from_civil(
        number(date.get(..4))?,
        small(number(date.get(5..7))?)?,
        small(number(date.get(8..10))?)?,
    );
    let rest = &text[10..];
    if rest.is_empty() {
        let offset = if end_of_day { DAY - 1 } else { 0 };
        return Ok(days * DAY + offset);
    }
    let time = rest.get(1..).ok_or_else(bad)?;
    let (clock, zone) = match time.find(['Z', '+', '-']) {
        Some(at) => (&time[..at], &time[at..]),
        None => (time, ""),
    };
    let mut parts = clock.split(':');
    let hours = number(parts.next())?;
    let minutes = number(parts.next())?;
    let secs = match parts.next() {
        Some(s) => number(Some(s))?,
        None => 0,
    };
    let zone_offset = match zone {
        "" | "Z" => 0,
        _ => {
            let sign = if zone.starts_with('-') { -1 } else { 1 };
            let digits: String = zone[1..].chars().filter(char::is_ascii_digit).collect();
            let hh = number(digits.get(..2))?;
            let mm = number(digits.get(2..4))?;
            sign * (hh * 3600 + mm * 60)
        }
    };
    Ok(days * DAY + hours * 3600 + minutes * 60 + secs - zone_offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> SaleDate {
        SaleDate::parse(text).expect("valid date")
    }

    #[test]
    fn dates_become_seconds_in_utc() {
        assert_eq!(sale_start(&date("2023-07-13")), Ok(1_689_206_400));
        assert_eq!(sale_end(&date("2023-07-13")), Ok(1_689_206_400 + DAY - 1));
        assert_eq!(sale_start(&date("2023-07-13T09:10:00Z")), Ok(1_689_239_400));
        assert_eq!(sale_start(&date("1689239400")), Ok(1_689_239_400));
        assert_eq!(sale_end(&date("2023-07-13 11:10")), Ok(1_689_246_600));
        assert_eq!(
            sale_start(&date("2023-07-13 11:10:00+02:00")),
            Ok(1_689_239_400)
        );
        assert_eq!(sale_start(&date("2024-02-29")), Ok(1_709_164_800));
    }

    #[test]
    fn seconds_become_cells_that_read_back_the_same() {
        for seconds in [0, 1_689_206_400, 1_689_239_400, 1_709_164_800 + DAY - 1] {
            let start = format_sale_start(seconds).expect("in range");
            assert_eq!(sale_start(&start), Ok(seconds), "{start}");
            let end = format_sale_end(seconds).expect("in range");
            assert_eq!(sale_end(&end), Ok(seconds), "{end}");
        }
        assert_eq!(
            format_sale_start(1_689_206_400).map(|d| d.to_string()),
            Some("2023-07-13".to_owned())
        );
        assert_eq!(
            format_sale_end(1_689_206_400 + DAY - 1).map(|d| d.to_string()),
            Some("2023-07-13".to_owned())
        );
    }
}
