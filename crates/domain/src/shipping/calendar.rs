//! Local time in the store's zone and business days.
//!
//! A business day is Monday to Friday and not a US federal holiday (as observed: a
//! holiday on a Saturday is kept the Friday before, on a Sunday the Monday after). The
//! holidays come from `bdays`' `USSettlement` calendar, so a new federal holiday is a
//! dependency update, not an edit here.
//!
//! Moments are whole seconds (`Timestamp`); turning a local wall-clock time back into a
//! moment has to survive daylight saving: a time the clock shows twice (autumn) means
//! its first showing still to come, and a time the clock skips (spring) means the
//! moment it jumps past it.

use bdays::HolidayCalendar;
use bdays::calendars::us::USSettlement;
use chrono::{DateTime, Datelike, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone};
use chrono_tz::Tz;

use super::ShippingError;
use crate::clock::Timestamp;

/// The local years the rules answer for: well inside both chrono's and `bdays`' range,
/// with room for transit and the search for an open day.
const FIRST_YEAR: i32 = 1970;
const LAST_YEAR: i32 = 9999;

/// The store-local wall-clock time at `now`.
pub(super) fn local_time(zone: Tz, now: Timestamp) -> Result<NaiveDateTime, ShippingError> {
    let local = wall_clock(zone, now.unix_seconds())
        .ok_or(ShippingError::OutOfRange(now.unix_seconds()))?;
    if (FIRST_YEAR..=LAST_YEAR).contains(&local.year()) {
        Ok(local)
    } else {
        Err(ShippingError::OutOfRange(now.unix_seconds()))
    }
}

fn wall_clock(zone: Tz, seconds: i64) -> Option<NaiveDateTime> {
    let utc = DateTime::from_timestamp(seconds, 0)?;
    Some(utc.with_timezone(&zone).naive_local())
}

/// A US federal holiday, as observed.
pub(super) fn is_holiday(date: NaiveDate) -> bool {
    USSettlement.is_holiday(date)
}

pub(super) fn is_business_day(date: NaiveDate) -> bool {
    bdays::is_weekday(date) && !is_holiday(date)
}

/// The first business day strictly after `date`.
pub(super) fn next_business_day(date: NaiveDate) -> Option<NaiveDate> {
    date.iter_days().skip(1).find(|d| is_business_day(*d))
}

/// `count` business days after `date` (`date` itself for 0).
pub(super) fn add_business_days(date: NaiveDate, count: u32) -> Option<NaiveDate> {
    match count.checked_sub(1) {
        None => Some(date),
        Some(index) => date
            .iter_days()
            .skip(1)
            .filter(|d| is_business_day(*d))
            .nth(index as usize),
    }
}

/// The day an order placed at local time `at` leaves: today when today is a business
/// day and the cut-off has not passed, else the next business day.
pub(super) fn ship_day(at: NaiveDateTime, cutoff: NaiveTime) -> Option<NaiveDate> {
    let today = at.date();
    if is_business_day(today) && at.time() < cutoff {
        Some(today)
    } else {
        next_business_day(today)
    }
}

/// Whole calendar days from `from` to `to` (0 when `to` is not later).
pub(super) fn days_between(from: NaiveDate, to: NaiveDate) -> u32 {
    u32::try_from((to - from).num_days()).unwrap_or(0)
}

/// The first moment no earlier than `not_before` at which the local clock reads `local`;
/// if daylight saving skips `local`, the moment the clock jumps past it. When the clock
/// read it only before `not_before`, `not_before` itself.
pub(super) fn moment(zone: Tz, local: NaiveDateTime, not_before: Timestamp) -> Timestamp {
    let floor = not_before.unix_seconds();
    let found = match zone.from_local_datetime(&local) {
        LocalResult::Single(at) => at.timestamp(),
        LocalResult::Ambiguous(first, second) => {
            if first.timestamp() >= floor {
                first.timestamp()
            } else {
                second.timestamp()
            }
        }
        LocalResult::None => jump_past(zone, local),
    };
    Timestamp::from_unix_seconds(found.max(floor))
}

/// Where daylight saving skips `local`: the first second the clock reads later than it.
/// UTC offsets lie within a day of zero, so the moment lies within `local` read as UTC
/// ± 2 days; inside that window, around a gap, "the clock reads at least `local`" turns
/// from false to true once, so halving finds it.
fn jump_past(zone: Tz, local: NaiveDateTime) -> i64 {
    const WINDOW: i64 = 2 * 86_400;
    let centre = local.and_utc().timestamp();
    let (mut before, mut after) = (centre - WINDOW, centre + WINDOW);
    while after - before > 1 {
        let middle = before + (after - before) / 2;
        match wall_clock(zone, middle) {
            Some(reads) if reads < local => before = middle,
            _ => after = middle,
        }
    }
    after
}

/// The start of the local day after `today`.
pub(super) fn next_midnight(zone: Tz, today: NaiveDate, now: Timestamp) -> Option<Timestamp> {
    let tomorrow = today.succ_opt()?;
    Some(moment(zone, tomorrow.and_time(NaiveTime::MIN), now))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("a real date")
    }

    fn seconds(text: &str) -> i64 {
        DateTime::parse_from_rfc3339(text)
            .expect("an RFC 3339 time")
            .timestamp()
    }

    #[test]
    fn a_skipped_time_means_the_moment_the_clock_jumps() {
        // New York, 2026-03-08: 02:00 EST becomes 03:00 EDT, at 07:00 UTC.
        let skipped = date(2026, 3, 8).and_hms_opt(2, 30, 0).expect("a time");
        let at = moment(
            chrono_tz::America::New_York,
            skipped,
            Timestamp::from_unix_seconds(0),
        );
        assert_eq!(at.unix_seconds(), seconds("2026-03-08T07:00:00Z"));
    }

    #[test]
    fn a_time_shown_twice_means_its_first_showing_still_to_come() {
        // New York, 2026-11-01: 01:30 shows at 05:30 UTC (EDT), then at 06:30 UTC (EST).
        let twice = date(2026, 11, 1).and_hms_opt(1, 30, 0).expect("a time");
        let zone = chrono_tz::America::New_York;
        let early = Timestamp::from_unix_seconds(seconds("2026-11-01T05:00:00Z"));
        let between = Timestamp::from_unix_seconds(seconds("2026-11-01T06:15:00Z"));
        assert_eq!(
            moment(zone, twice, early).unix_seconds(),
            seconds("2026-11-01T05:30:00Z")
        );
        assert_eq!(
            moment(zone, twice, between).unix_seconds(),
            seconds("2026-11-01T06:30:00Z")
        );
    }

    #[test]
    fn a_skipped_midnight_starts_the_day_at_the_jump() {
        // Santiago, 2026-09-06: clocks go from 00:00 (-04) to 01:00 (-03), at 04:00 UTC.
        let zone = chrono_tz::America::Santiago;
        let now = Timestamp::from_unix_seconds(seconds("2026-09-05T20:00:00-04:00"));
        let midnight = next_midnight(zone, date(2026, 9, 5), now).expect("a day");
        assert_eq!(midnight.unix_seconds(), seconds("2026-09-06T04:00:00Z"));
    }
}
