//! When an order placed now is ready at the pickup store.
//!
//! Work happens while the store is open. An order placed during today's opening hours
//! (or before today's opening) is ready `ready_hours` after it is placed (or after
//! opening), provided that is still before closing; otherwise it is ready `ready_hours`
//! after opening on the next open day. Opening hours are half-open: an order that
//! would be ready exactly at closing waits for the next open day, since nobody could
//! collect it.
//!
//! The answer's date changes only when "ready today" stops being possible (closing
//! minus `ready_hours`) and its day count at every local midnight, so those are the
//! moments it expires.

use chrono::{Datelike, NaiveDate, NaiveDateTime};
use chrono_tz::Tz;
use std::time::Duration;

use super::ShippingError;
use super::calendar::{days_between, is_holiday, local_time, moment};
use super::config::{ConfigError, PickupStore};
use crate::clock::Timestamp;

/// When an order is ready, and until when that answer holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Readiness {
    pub ready: Timestamp,
    pub date: NaiveDate,
    pub days: u32,
    pub hours: u32,
    /// The moment "ready today" stops being possible, when it is possible now.
    pub today_until: Option<Timestamp>,
}

/// How far ahead an open day is looked for (a year covers any run of holidays).
const SEARCH_DAYS: usize = 366;

pub(super) fn readiness(
    store: &PickupStore,
    zone: Tz,
    now: Timestamp,
    at: NaiveDateTime,
) -> Result<Readiness, ShippingError> {
    let today = at.date();
    let work = Duration::from_secs(u64::from(store.ready_hours) * 3_600);
    let (ready, today_until) = match ready_today(store, zone, now, today, work) {
        Some((ready, until)) => (ready, Some(until)),
        None => {
            let day = today
                .iter_days()
                .skip(1)
                .take(SEARCH_DAYS)
                .find(|d| open_hours(store, *d).is_some())
                .ok_or(ConfigError::PickupNeverOpen)?;
            let (open, _) = open_hours(store, day).ok_or(ConfigError::PickupNeverOpen)?;
            (moment(zone, day.and_time(open), now).plus(work), None)
        }
    };
    let date = local_time(zone, ready)?.date();
    let hours = (ready.unix_seconds() - now.unix_seconds()) / 3_600;
    Ok(Readiness {
        ready,
        date,
        days: days_between(today, date),
        hours: u32::try_from(hours).unwrap_or(u32::MAX),
        today_until,
    })
}

/// Ready today: when, and the last moment (exclusive) an order can be placed for it.
fn ready_today(
    store: &PickupStore,
    zone: Tz,
    now: Timestamp,
    today: NaiveDate,
    work: Duration,
) -> Option<(Timestamp, Timestamp)> {
    let (open, close) = open_hours(store, today)?;
    let start = moment(zone, today.and_time(open), now);
    let closing = moment(zone, today.and_time(close), now);
    let ready = start.plus(work);
    (ready < closing).then(|| (ready, closing.minus(work)))
}

/// Today's opening and closing, unless the store is closed that day.
fn open_hours(
    store: &PickupStore,
    day: NaiveDate,
) -> Option<(chrono::NaiveTime, chrono::NaiveTime)> {
    if store.closed_on_holidays && is_holiday(day) {
        return None;
    }
    store.hours_on(day.weekday())
}
