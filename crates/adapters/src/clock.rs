//! The system clock, and how a moment is written in the database: UTC text
//! `YYYY-MM-DD HH:MM:SS`, the form of SQL's `CURRENT_TIMESTAMP`, so rows written
//! before the clock port and after it sort and compare as one.

use std::time::{SystemTime, UNIX_EPOCH};
use store_domain::clock::Timestamp;
use store_domain::ports::Clock;

/// The operating system's time.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        let seconds = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(since) => i64::try_from(since.as_secs()).unwrap_or(i64::MAX),
            // A clock set before 1970 is broken; count backwards rather than panic.
            Err(before) => -i64::try_from(before.duration().as_secs()).unwrap_or(i64::MAX),
        };
        Timestamp::from_unix_seconds(seconds)
    }
}

const SECONDS_PER_DAY: i64 = 86_400;

/// `at` as `YYYY-MM-DD HH:MM:SS`, UTC, in the proleptic Gregorian calendar.
pub fn utc_text(at: Timestamp) -> String {
    let seconds = at.unix_seconds();
    let (year, month, day) = civil_date(seconds.div_euclid(SECONDS_PER_DAY));
    let of_day = seconds.rem_euclid(SECONDS_PER_DAY);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
}

/// The calendar date `days` after 1970-01-01. Counts in 400-year eras (146,097 days
/// each) of years that start on 1 March, so the leap day falls at a year's end.
fn civil_date(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468; // days from 0000-03-01 to 1970-01-01
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = era * 400 + year_of_era + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(seconds: i64) -> String {
        utc_text(Timestamp::from_unix_seconds(seconds))
    }

    #[test]
    fn moments_are_written_as_sql_writes_them() {
        assert_eq!(text(0), "1970-01-01 00:00:00");
        assert_eq!(text(951_782_400), "2000-02-29 00:00:00");
        assert_eq!(text(1_767_225_599), "2025-12-31 23:59:59");
        assert_eq!(text(4_107_542_400), "2100-03-01 00:00:00");
        assert_eq!(text(-1), "1969-12-31 23:59:59");
    }

    #[test]
    fn the_system_clock_is_after_this_code_was_written() {
        assert!(SystemClock.now() > Timestamp::from_unix_seconds(1_763_000_000));
    }
}
