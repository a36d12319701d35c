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

/// A clock stopped at one moment: `store jobs --run --at` runs what would be due then.
pub struct FixedClock(pub Timestamp);

impl Clock for FixedClock {
    fn now(&self) -> Timestamp {
        self.0
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

/// The moment `text` names, written as `utc_text` writes it (`YYYY-MM-DD HH:MM:SS`);
/// `None` for anything else, an impossible date (February 30) included.
pub fn parse_utc_text(text: &str) -> Option<Timestamp> {
    let bytes = text.as_bytes();
    let shape = bytes.len() == 19
        && bytes.iter().enumerate().all(|(i, &b)| match i {
            4 | 7 => b == b'-',
            10 => b == b' ',
            13 | 16 => b == b':',
            _ => b.is_ascii_digit(),
        });
    if !shape {
        return None;
    }
    let number = |from: usize, to: usize| text[from..to].parse::<i64>().ok();
    let (year, month, day) = (number(0, 4)?, number(5, 7)?, number(8, 10)?);
    let (hour, minute, second) = (number(11, 13)?, number(14, 16)?, number(17, 19)?);
    if !(1..=12).contains(&month) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let at = Timestamp::from_unix_seconds(
        days_since_epoch(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second,
    );
    // A day past the month's end lands in the next month: refused by writing it back.
    (at.utc_date() == (year, month, day)).then_some(at)
}

/// Days from 1970-01-01 to the date, for a month from 1 to 12 (the inverse of
/// `Timestamp::utc_date`): years counted from 1 March, so the leap day ends a year.
fn days_since_epoch(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year.rem_euclid(400);
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
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
    fn moments_are_read_back_as_written() {
        for seconds in [
            0,
            951_782_400,
            1_767_225_599,
            4_107_542_400,
            -1,
            1_709_164_800,
        ] {
            let at = Timestamp::from_unix_seconds(seconds);
            assert_eq!(parse_utc_text(&utc_text(at)), Some(at), "{seconds}");
        }
        for bad in [
            "2026-02-30 00:00:00",
            "2025-02-29 00:00:00",
            "2026-13-01 00:00:00",
            "2026-01-01 24:00:00",
            "2026-01-01T00:00:00",
            "2026-01-01 00:00",
            "2026-1-01 00:00:00",
            "+026-01-01 00:00:00",
            "",
        ] {
            assert_eq!(parse_utc_text(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_system_clock_is_after_this_code_was_written() {
        assert!(SystemClock.now() > Timestamp::from_unix_seconds(1_763_000_000));
    }
}
