//! Time as the core sees it: a moment in whole seconds since 1970-01-01 00:00 UTC.
//! The current moment comes from the `Clock` port, so tests can set it; how a moment
//! is written down (ISO-8601 text, a database type) is the adapters' business.

use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(i64);

impl Timestamp {
    pub const fn from_unix_seconds(seconds: i64) -> Self {
        Timestamp(seconds)
    }

    pub const fn unix_seconds(self) -> i64 {
        self.0
    }

    /// The UTC calendar date (year, month 1–12, day 1–31), proleptic Gregorian.
    pub fn utc_date(self) -> (i64, i64, i64) {
        civil_date(self.0.div_euclid(86_400))
    }

    /// The UTC year and month, as a card's expiry is compared.
    pub fn year_month(self) -> (u32, u32) {
        let (year, month, _) = self.utc_date();
        (
            u32::try_from(year).unwrap_or(0),
            u32::try_from(month).unwrap_or(1),
        )
    }

    /// `span` later; saturates instead of overflowing.
    pub fn plus(self, span: Duration) -> Self {
        Timestamp(self.0.saturating_add(seconds(span)))
    }

    /// `span` earlier; saturates instead of overflowing.
    pub fn minus(self, span: Duration) -> Self {
        Timestamp(self.0.saturating_sub(seconds(span)))
    }
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

fn seconds(span: Duration) -> i64 {
    i64::try_from(span.as_secs()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_move_by_spans_without_overflowing() {
        let t = Timestamp::from_unix_seconds(1_000);
        assert_eq!(t.plus(Duration::from_secs(60)).unix_seconds(), 1_060);
        assert_eq!(t.minus(Duration::from_secs(60)).unix_seconds(), 940);
        assert!(t.minus(Duration::from_secs(1)) < t);
        assert_eq!(
            Timestamp::from_unix_seconds(i64::MAX)
                .plus(Duration::MAX)
                .unix_seconds(),
            i64::MAX
        );
    }
}
