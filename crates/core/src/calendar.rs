//! Calendar dates of Unix times, in UTC (the shop has no time zone setting yet): the one
//! place that turns seconds into years, months and days and back (Howard Hinnant's
//! `days_from_civil` and `civil_from_days`, proleptic Gregorian), and the ways dates are
//! written on the wire and on pages.

/// Seconds in a day.
pub const DAY: i64 = 86_400;

/// English month names, as WordPress's default date format writes them.
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

/// A date and a time of day, in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DateTime {
    /// Year (astronomical: 0 is 1 BC).
    pub year: i64,
    /// Month, 1 to 12.
    pub month: u32,
    /// Day of the month, 1 to 31.
    pub day: u32,
    /// Seconds since midnight, 0 to 86 399.
    pub seconds: u32,
}

impl DateTime {
    /// The date and time of a Unix time.
    pub fn from_unix(unix: i64) -> Self {
        let (year, month, day) = civil_from_days(unix.div_euclid(DAY));
        DateTime {
            year,
            month,
            day,
            seconds: u32::try_from(unix.rem_euclid(DAY)).unwrap_or(0),
        }
    }

    /// The Unix time of this date and time.
    pub fn to_unix(&self) -> i64 {
        days_from_civil(self.year, self.month, self.day) * DAY + i64::from(self.seconds)
    }

    /// Hours, minutes and seconds of the time of day.
    pub fn hms(&self) -> (u32, u32, u32) {
        (
            self.seconds / 3600,
            self.seconds % 3600 / 60,
            self.seconds % 60,
        )
    }

    /// Whether the year has four digits (what `YYYY-…` formats can write).
    pub fn has_four_digit_year(&self) -> bool {
        (0..=9999).contains(&self.year)
    }

    /// `2026-11-21`.
    pub fn iso_date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `2026-11-21T19:26:36` (no zone: WordPress's `date` fields).
    pub fn iso_date_time(&self) -> String {
        let (h, m, s) = self.hms();
        format!("{}T{h:02}:{m:02}:{s:02}", self.iso_date())
    }

    /// `November 21, 2026`: WordPress's default date format (`F j, Y`).
    pub fn long_date(&self) -> String {
        format!("{} {}, {}", month_name(self.month), self.day, self.year)
    }
}

/// The English name of a month (1 to 12); empty for anything else.
pub fn month_name(month: u32) -> &'static str {
    usize::try_from(month)
        .ok()
        .and_then(|m| m.checked_sub(1))
        .and_then(|m| MONTHS.get(m))
        .copied()
        .unwrap_or("")
}

/// Whether `year` has a 29 February.
pub fn is_leap_year(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in `month` (1 to 12) of `year`.
pub fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a date.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let (month, day) = (i64::from(month), i64::from(day));
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date (year, month, day) `days` after 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days.saturating_add(719_468);
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let small = |n: i64| u32::try_from(n).unwrap_or(1);
    (year, small(month), small(day))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 2026-11-21 19:26:39 UTC, the recording clock of the golden exchanges.
    const RECORDED: i64 = 1_795_289_199;

    #[test]
    fn known_dates() {
        let cases = [
            (0, "1970-01-01T00:00:00", "January 1, 1970"),
            (-1, "1969-12-31T23:59:59", "December 31, 1969"),
            (951_782_400, "2000-02-29T00:00:00", "February 29, 2000"),
            (1_689_239_400, "2023-07-13T09:10:00", "July 13, 2023"),
            (RECORDED, "2026-11-21T19:26:39", "November 21, 2026"),
            (4_107_542_400, "2100-03-01T00:00:00", "March 1, 2100"),
        ];
        for (unix, iso, long) in cases {
            let date = DateTime::from_unix(unix);
            assert_eq!(date.iso_date_time(), iso, "{unix}");
            assert_eq!(date.long_date(), long, "{unix}");
            assert_eq!(date.iso_date(), &iso[..10], "{unix}");
        }
    }

    #[test]
    fn months_and_leap_years() {
        assert_eq!(month_name(1), "January");
        assert_eq!(month_name(12), "December");
        assert_eq!(month_name(0), "");
        assert_eq!(month_name(13), "");
        assert_eq!(days_in_month(2024, 2), 29);
        assert_eq!(days_in_month(2100, 2), 28);
        assert_eq!(days_in_month(2000, 2), 29);
        assert_eq!(days_in_month(2023, 4), 30);
        assert_eq!(days_in_month(2023, 12), 31);
    }

    proptest! {
        #[test]
        fn seconds_and_dates_round_trip(unix in -100_000_000_000_i64..100_000_000_000) {
            let date = DateTime::from_unix(unix);
            prop_assert!((1..=12).contains(&date.month));
            prop_assert!(date.day >= 1 && date.day <= days_in_month(date.year, date.month));
            prop_assert!(date.seconds < 86_400);
            prop_assert_eq!(date.to_unix(), unix);
        }

        #[test]
        fn the_next_day_is_one_day_later(days in -3_000_000_i64..3_000_000) {
            let (y, m, d) = civil_from_days(days);
            let next = civil_from_days(days + 1);
            let expected = if d < days_in_month(y, m) {
                (y, m, d + 1)
            } else if m < 12 {
                (y, m + 1, 1)
            } else {
                (y + 1, 1, 1)
            };
            prop_assert_eq!(next, expected);
        }
    }
}
