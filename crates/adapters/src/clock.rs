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
    let (year, month, day) = at.utc_date();
    let of_day = seconds.rem_euclid(SECONDS_PER_DAY);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
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
