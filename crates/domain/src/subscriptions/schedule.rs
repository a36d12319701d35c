//! When a subscription's deliveries fall due, and what the scheduler does about each.
//!
//! Deliveries are numbered periods. Period `from` falls on the schedule's anchor date,
//! and every later one a whole number of intervals after it, counted from the anchor
//! rather than from the period before: a plan started on the 31st falls on the last
//! day of a short month and on the 31st again after it.
//!
//! Every period is decided exactly once, in order: charged, skipped by the customer,
//! passed while paused, passed because its items were out of stock, or declined after
//! the card's retries. `Timeline::next` is the first period not decided yet, so no
//! period can be decided twice or left behind.

use chrono::{Days, Months, NaiveDate};

/// How far apart deliveries are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Interval {
    Weeks(u32),
    Months(u32),
}

impl Interval {
    /// The intervals a plan may have.
    pub const CHOICES: [Interval; 6] = [
        Interval::Weeks(1),
        Interval::Weeks(2),
        Interval::Weeks(4),
        Interval::Months(1),
        Interval::Months(2),
        Interval::Months(3),
    ];

    /// `1w`, `2w`, `4w`, `1m`, `2m` or `3m`.
    pub fn parse(raw: &str) -> Option<Interval> {
        Interval::CHOICES.into_iter().find(|i| i.as_str() == raw)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Interval::Weeks(1) => "1w",
            Interval::Weeks(2) => "2w",
            Interval::Weeks(4) => "4w",
            Interval::Months(1) => "1m",
            Interval::Months(2) => "2m",
            Interval::Months(3) => "3m",
            // Not one of the choices: nothing builds one (parse is the only way in).
            Interval::Weeks(_) | Interval::Months(_) => "?",
        }
    }

    /// `span` intervals after `anchor`, the day of the month kept where the month has
    /// it and the month's last day where it does not.
    fn after(self, anchor: NaiveDate, span: u32) -> NaiveDate {
        let later = match self {
            Interval::Weeks(weeks) => {
                anchor.checked_add_days(Days::new(7 * u64::from(weeks) * u64::from(span)))
            }
            Interval::Months(months) => {
                anchor.checked_add_months(Months::new(months.saturating_mul(span)))
            }
        };
        later.unwrap_or(NaiveDate::MAX)
    }
}

/// The dates of a subscription's periods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    /// The date period `from` falls on.
    pub anchor: NaiveDate,
    /// The first period this schedule dates (a changed plan dates the periods after
    /// the change; the earlier ones were decided under the plan before).
    pub from: u32,
    pub interval: Interval,
}

impl Schedule {
    pub fn new(anchor: NaiveDate, interval: Interval) -> Schedule {
        Schedule {
            anchor,
            from: 0,
            interval,
        }
    }

    /// The date `period` falls due. Periods before `from` were dated by an earlier
    /// plan; they are all decided, and are given the anchor.
    pub fn due_on(&self, period: u32) -> NaiveDate {
        self.interval
            .after(self.anchor, period.saturating_sub(self.from))
    }

    /// The first period at or after `period` that falls on or after `date`.
    pub fn first_on_or_after(&self, period: u32, date: NaiveDate) -> u32 {
        let start = period.max(self.from);
        // A coarse jump, then a period at a time either way: a subscription paused for
        // years is still a handful of steps.
        let days = (date - self.due_on(start)).num_days();
        let span_days = match self.interval {
            Interval::Weeks(w) => 7 * i64::from(w),
            Interval::Months(m) => 31 * i64::from(m),
        };
        let jump = u32::try_from(days.max(0) / span_days.max(1)).unwrap_or(u32::MAX);
        let mut found = start.saturating_add(jump);
        while found > start && self.due_on(found - 1) >= date {
            found -= 1;
        }
        while self.due_on(found) < date {
            found += 1;
        }
        found
    }

    /// The plan from period `next` on: it falls on `start`, the rest `interval` apart.
    pub fn changed(next: u32, start: NaiveDate, interval: Interval) -> Schedule {
        Schedule {
            anchor: start,
            from: next,
            interval,
        }
    }
}

/// Where a subscription stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Active,
    /// Paused by the customer, or by cards that kept declining: due periods pass
    /// until `Timeline::resume_on`, or until the customer resumes.
    Paused,
    /// No period after the cancellation is charged.
    Cancelled,
    /// A plan of a fixed number of deliveries delivered them all.
    Finished,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Paused => "paused",
            Status::Cancelled => "cancelled",
            Status::Finished => "finished",
        }
    }

    pub fn parse(raw: &str) -> Option<Status> {
        [
            Status::Active,
            Status::Paused,
            Status::Cancelled,
            Status::Finished,
        ]
        .into_iter()
        .find(|s| s.as_str() == raw)
    }

    /// Still delivering, or able to again.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Active | Status::Paused)
    }
}

/// How a period was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// An order was placed and paid.
    Charged,
    /// The customer skipped it.
    Skipped,
    /// It fell due while the subscription was paused.
    Paused,
    /// Its items were out of stock: nothing was charged, and the customer was mailed.
    OutOfStock,
    /// The card declined it and every retry: the subscription paused.
    Declined,
}

impl Outcome {
    pub const ALL: [Outcome; 5] = [
        Outcome::Charged,
        Outcome::Skipped,
        Outcome::Paused,
        Outcome::OutOfStock,
        Outcome::Declined,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Charged => "charged",
            Outcome::Skipped => "skipped",
            Outcome::Paused => "paused",
            Outcome::OutOfStock => "out_of_stock",
            Outcome::Declined => "declined",
        }
    }

    pub fn parse(raw: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.as_str() == raw)
    }
}

/// What the scheduler does next for one subscription.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Nothing is due before this date.
    Wait(NaiveDate),
    /// The period fell due while paused: decide it as `Outcome::Paused`.
    Pass(u32),
    /// The period is due: place its order.
    Charge { period: u32, due: NaiveDate },
    /// Cancelled or finished: nothing more is ever due.
    Ended,
}

/// Why a change is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangeRefused {
    #[error("this subscription has ended")]
    Ended,
    #[error("this subscription is paused; resume it first")]
    Paused,
    #[error("this subscription is not paused")]
    NotPaused,
    #[error("a pause must end after today and within a year")]
    PauseDate,
}

/// The longest pause with an end date, in days.
pub const LONGEST_PAUSE_DAYS: u64 = 366;

/// A subscription's place in its schedule: everything the scheduler reads and moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeline {
    pub schedule: Schedule,
    /// The first period not decided yet.
    pub next: u32,
    pub status: Status,
    /// While paused: the first date a due period is charged again (`None`: until the
    /// customer resumes).
    pub resume_on: Option<NaiveDate>,
    /// For a plan of a fixed number of deliveries, those still to charge.
    pub deliveries_left: Option<u32>,
}

impl Timeline {
    pub fn new(schedule: Schedule, deliveries: Option<u32>) -> Timeline {
        Timeline {
            schedule,
            next: schedule.from,
            status: Status::Active,
            resume_on: None,
            deliveries_left: deliveries,
        }
    }

    /// The date of the next delivery that will be charged as things stand, if any.
    pub fn next_delivery(&self) -> Option<NaiveDate> {
        match self.status {
            Status::Cancelled | Status::Finished => None,
            Status::Paused => {
                let resume = self.resume_on?;
                Some(
                    self.schedule
                        .due_on(self.schedule.first_on_or_after(self.next, resume)),
                )
            }
            Status::Active => Some(self.schedule.due_on(self.next)),
        }
    }

    /// What to do on `today` (the store's local date).
    pub fn step(&self, today: NaiveDate) -> Step {
        if !self.status.is_open() {
            return Step::Ended;
        }
        let due = self.schedule.due_on(self.next);
        if due > today {
            return Step::Wait(due);
        }
        let paused = self.status == Status::Paused && self.resume_on.is_none_or(|r| due < r);
        if paused {
            Step::Pass(self.next)
        } else {
            Step::Charge {
                period: self.next,
                due,
            }
        }
    }

    /// Records how the next period was decided and moves past it. `false` (and no
    /// change) when `period` is not the next one: another run decided it first.
    pub fn decide(&mut self, period: u32, outcome: Outcome) -> bool {
        if period != self.next || !self.status.is_open() {
            return false;
        }
        self.next += 1;
        match outcome {
            Outcome::Charged => {
                // A charge while paused is the pause's end date reached.
                self.status = Status::Active;
                self.resume_on = None;
                if let Some(left) = self.deliveries_left.as_mut() {
                    *left = left.saturating_sub(1);
                    if *left == 0 {
                        self.status = Status::Finished;
                    }
                }
            }
            Outcome::Declined => {
                self.status = Status::Paused;
                self.resume_on = None;
            }
            Outcome::Skipped | Outcome::Paused | Outcome::OutOfStock => {}
        }
        true
    }

    /// Skips the next delivery: the period it is decided as `Skipped`.
    pub fn skip_next(&mut self) -> Result<u32, ChangeRefused> {
        self.open_and_active()?;
        let period = self.next;
        self.decide(period, Outcome::Skipped);
        Ok(period)
    }

    /// Pauses until `until` (periods due before it pass), or with no date until the
    /// customer resumes. `today` bounds the date.
    pub fn pause(
        &mut self,
        until: Option<NaiveDate>,
        today: NaiveDate,
    ) -> Result<(), ChangeRefused> {
        if !self.status.is_open() {
            return Err(ChangeRefused::Ended);
        }
        if let Some(until) = until {
            let latest = today
                .checked_add_days(Days::new(LONGEST_PAUSE_DAYS))
                .unwrap_or(NaiveDate::MAX);
            if until <= today || until > latest {
                return Err(ChangeRefused::PauseDate);
            }
        }
        self.status = Status::Paused;
        self.resume_on = until;
        Ok(())
    }

    /// Resumes on `today`: the periods that fell due before it pass as paused (the
    /// ones returned, for the caller to record), and the next one on or after today
    /// is charged as usual.
    pub fn resume(&mut self, today: NaiveDate) -> Result<Vec<u32>, ChangeRefused> {
        if !self.status.is_open() {
            return Err(ChangeRefused::Ended);
        }
        if self.status != Status::Paused {
            return Err(ChangeRefused::NotPaused);
        }
        let first = self.schedule.first_on_or_after(self.next, today);
        let passed = (self.next..first).collect();
        self.next = first;
        self.status = Status::Active;
        self.resume_on = None;
        Ok(passed)
    }

    /// A new interval from the next delivery on: that delivery keeps its date (or
    /// `today`, if it fell due and was not run yet), the ones after it move.
    pub fn change_interval(
        &mut self,
        interval: Interval,
        today: NaiveDate,
    ) -> Result<(), ChangeRefused> {
        if !self.status.is_open() {
            return Err(ChangeRefused::Ended);
        }
        let start = self.schedule.due_on(self.next).max(today);
        self.schedule = Schedule::changed(self.next, start, interval);
        Ok(())
    }

    /// Cancels: nothing after this is charged; what was charged stands.
    pub fn cancel(&mut self) -> Result<(), ChangeRefused> {
        if !self.status.is_open() {
            return Err(ChangeRefused::Ended);
        }
        self.status = Status::Cancelled;
        self.resume_on = None;
        Ok(())
    }

    fn open_and_active(&self) -> Result<(), ChangeRefused> {
        match self.status {
            Status::Active => Ok(()),
            Status::Paused => Err(ChangeRefused::Paused),
            Status::Cancelled | Status::Finished => Err(ChangeRefused::Ended),
        }
    }
}

/// Days after a period's first decline that the card is tried again; after the last,
/// the period is decided `Declined` and the subscription pauses.
pub const DECLINE_RETRY_DAYS: [u64; 3] = [1, 3, 5];

/// When a period whose card declined `declines` times (1 or more) is tried again,
/// counted from `first_try`; `None` once the retries are spent.
pub fn retry_on(first_try: NaiveDate, declines: u32) -> Option<NaiveDate> {
    let index = usize::try_from(declines.checked_sub(1)?).ok()?;
    let days = *DECLINE_RETRY_DAYS.get(index)?;
    first_try.checked_add_days(Days::new(days))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_31st_comes_back_after_short_months() {
        let s = Schedule::new(day(2027, 1, 31), Interval::Months(1));
        let dates: Vec<_> = (0..4).map(|p| s.due_on(p)).collect();
        assert_eq!(
            dates,
            [
                day(2027, 1, 31),
                day(2027, 2, 28),
                day(2027, 3, 31),
                day(2027, 4, 30)
            ]
        );
        let leap = Schedule::new(day(2028, 1, 31), Interval::Months(1));
        assert_eq!(leap.due_on(1), day(2028, 2, 29));
        let quarterly = Schedule::new(day(2027, 11, 30), Interval::Months(3));
        assert_eq!(quarterly.due_on(1), day(2028, 2, 29));
        assert_eq!(quarterly.due_on(2), day(2028, 5, 30));
    }

    #[test]
    fn weeks_are_seven_days() {
        let s = Schedule::new(day(2027, 12, 29), Interval::Weeks(2));
        assert_eq!(s.due_on(1), day(2028, 1, 12));
        assert_eq!(s.first_on_or_after(0, day(2028, 1, 13)), 2);
        assert_eq!(s.first_on_or_after(3, day(2027, 1, 1)), 3);
    }

    #[test]
    fn intervals_read_back() {
        for interval in Interval::CHOICES {
            assert_eq!(Interval::parse(interval.as_str()), Some(interval));
        }
        assert_eq!(Interval::parse("3w"), None);
        for outcome in Outcome::ALL {
            assert_eq!(Outcome::parse(outcome.as_str()), Some(outcome));
        }
    }

    #[test]
    fn declines_are_retried_after_one_three_and_five_days() {
        let first = day(2027, 3, 1);
        assert_eq!(retry_on(first, 1), Some(day(2027, 3, 2)));
        assert_eq!(retry_on(first, 2), Some(day(2027, 3, 4)));
        assert_eq!(retry_on(first, 3), Some(day(2027, 3, 6)));
        assert_eq!(retry_on(first, 4), None);
        assert_eq!(retry_on(first, 0), None);
    }

    #[test]
    fn a_fixed_plan_finishes_after_its_deliveries() {
        let mut t = Timeline::new(Schedule::new(day(2027, 1, 5), Interval::Weeks(1)), Some(2));
        assert!(t.decide(0, Outcome::Charged));
        assert!(t.skip_next().is_ok());
        assert!(t.decide(2, Outcome::Charged));
        assert_eq!(t.status, Status::Finished);
        assert_eq!(t.step(day(2030, 1, 1)), Step::Ended);
        assert_eq!(t.next_delivery(), None);
    }
}
