//! Property tests of a subscription's due dates and of the scheduler's walk through
//! them: whatever the customer does (skip, pause, resume, change the interval, cancel)
//! and whatever each charge meets (paid, out of stock, declined), every period is
//! decided once, in order, none is charged before it falls due, and none that fell
//! due is left behind.

use chrono::{Datelike, Days, NaiveDate};
use proptest::prelude::*;
use store_domain::subscriptions::schedule::{Interval, Outcome, Schedule, Status, Step, Timeline};

fn interval() -> impl Strategy<Value = Interval> {
    prop::sample::select(Interval::CHOICES.to_vec())
}

/// Any date from 2024 to 2031: leap years, month ends and the 29th of February.
fn date() -> impl Strategy<Value = NaiveDate> {
    (2024i32..2032, 1u32..=12, 1u32..=31).prop_map(|(y, m, d)| {
        (0..4)
            .find_map(|back| NaiveDate::from_ymd_opt(y, m, d - back))
            .unwrap()
    })
}

fn days_in_month(date: NaiveDate) -> u32 {
    let first = date.with_day(1).unwrap();
    let next = first.checked_add_months(chrono::Months::new(1)).unwrap();
    u32::try_from((next - first).num_days()).unwrap()
}

fn months_between(a: NaiveDate, b: NaiveDate) -> i64 {
    i64::from(b.year() - a.year()) * 12 + i64::from(b.month()) - i64::from(a.month())
}

proptest! {
    #[test]
    fn periods_fall_an_interval_apart_from_the_anchor(
        anchor in date(),
        interval in interval(),
        period in 0u32..200,
    ) {
        let s = Schedule::new(anchor, interval);
        let due = s.due_on(period);
        prop_assert!(s.due_on(period + 1) > due, "dates only move forward");
        match interval {
            Interval::Weeks(w) => {
                prop_assert_eq!((due - anchor).num_days(), 7 * i64::from(w) * i64::from(period));
            }
            Interval::Months(m) => {
                prop_assert_eq!(months_between(anchor, due), i64::from(m) * i64::from(period));
                // The anchor's day where the month has it, else the month's last day.
                prop_assert_eq!(due.day(), anchor.day().min(days_in_month(due)));
            }
        }
    }

    #[test]
    fn the_first_period_on_or_after_a_date_is_the_first(
        anchor in date(),
        interval in interval(),
        from in 0u32..50,
        start in 0u32..80,
        ahead in -400i64..4_000,
    ) {
        let s = Schedule { anchor, from, interval };
        let date = if ahead >= 0 {
            anchor.checked_add_days(Days::new(ahead.unsigned_abs())).unwrap()
        } else {
            anchor.checked_sub_days(Days::new(ahead.unsigned_abs())).unwrap()
        };
        let found = s.first_on_or_after(start, date);
        let lowest = start.max(from);
        prop_assert!(found >= lowest);
        prop_assert!(s.due_on(found) >= date);
        prop_assert!(found == lowest || s.due_on(found - 1) < date);
    }
}

/// What the customer or the world does between scheduler runs.
#[derive(Debug, Clone)]
enum Event {
    /// The clock moves on this many days, and the scheduler runs (or not yet: it
    /// runs every so often, and the customer may act in between).
    Days(u64, bool),
    Skip,
    /// Pause until this many days from today, or with no end.
    Pause(Option<u64>),
    Resume,
    Change(Interval),
    Cancel,
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        6 => (0u64..70, prop::bool::weighted(0.7)).prop_map(|(d, run)| Event::Days(d, run)),
        1 => Just(Event::Skip),
        1 => prop::option::of(0u64..150).prop_map(Event::Pause),
        1 => Just(Event::Resume),
        1 => interval().prop_map(Event::Change),
        1 => Just(Event::Cancel),
    ]
}

/// What a charge meets, in turn.
fn charge_outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![
        8 => Just(Outcome::Charged),
        1 => Just(Outcome::OutOfStock),
        1 => Just(Outcome::Declined),
    ]
}

#[derive(Debug)]
struct Decided {
    period: u32,
    outcome: Outcome,
    due: NaiveDate,
    on: NaiveDate,
}

struct World {
    timeline: Timeline,
    today: NaiveDate,
    decided: Vec<Decided>,
    charges: Vec<Outcome>,
    charge_turn: usize,
}

impl World {
    fn record(&mut self, period: u32, outcome: Outcome) {
        let due = self.timeline.schedule.due_on(period);
        self.decided.push(Decided {
            period,
            outcome,
            due,
            on: self.today,
        });
    }

    /// The scheduler's run on `today`: everything due is decided.
    fn run(&mut self) {
        loop {
            match self.timeline.step(self.today) {
                Step::Wait(_) | Step::Ended => return,
                Step::Pass(period) => {
                    self.record(period, Outcome::Paused);
                    assert!(self.timeline.decide(period, Outcome::Paused));
                }
                Step::Charge { period, due } => {
                    assert!(due <= self.today, "charged before it fell due");
                    let outcome = self.charges[self.charge_turn % self.charges.len()];
                    self.charge_turn += 1;
                    self.record(period, outcome);
                    assert!(self.timeline.decide(period, outcome));
                    // A second run of the same period (a retry, another scheduler)
                    // changes nothing.
                    assert!(!self.timeline.decide(period, Outcome::Charged));
                }
            }
        }
    }

    fn apply(&mut self, event: &Event) {
        match event {
            Event::Days(days, run) => {
                self.today = self.today.checked_add_days(Days::new(*days)).unwrap();
                if *run {
                    self.run();
                }
            }
            Event::Skip => {
                let before = self.timeline;
                match self.timeline.skip_next() {
                    Ok(period) => {
                        assert_eq!(period, before.next);
                        // Recorded under the schedule the period had.
                        let due = before.schedule.due_on(period);
                        self.decided.push(Decided {
                            period,
                            outcome: Outcome::Skipped,
                            due,
                            on: self.today,
                        });
                    }
                    Err(_) => assert_eq!(self.timeline, before, "a refused skip changes nothing"),
                }
            }
            Event::Pause(days) => {
                let until = days.map(|d| self.today.checked_add_days(Days::new(d)).unwrap());
                let before = self.timeline;
                if self.timeline.pause(until, self.today).is_err() {
                    assert_eq!(self.timeline, before, "a refused pause changes nothing");
                }
            }
            Event::Resume => {
                let before = self.timeline;
                match self.timeline.resume(self.today) {
                    Ok(passed) => {
                        for period in passed {
                            self.record(period, Outcome::Paused);
                        }
                    }
                    Err(_) => assert_eq!(self.timeline, before, "a refused resume changes nothing"),
                }
            }
            Event::Change(interval) => {
                let next_date = self.timeline.schedule.due_on(self.timeline.next);
                if self.timeline.change_interval(*interval, self.today).is_ok() {
                    assert_eq!(
                        self.timeline.schedule.due_on(self.timeline.next),
                        next_date.max(self.today),
                        "the next delivery keeps its date"
                    );
                }
            }
            Event::Cancel => {
                let _ = self.timeline.cancel();
                assert!(!self.timeline.status.is_open());
            }
        }
    }

    /// The invariants that hold after every event.
    fn check(&self, deliveries: Option<u32>) {
        // Every period up to `next` decided exactly once, in order.
        let periods: Vec<u32> = self.decided.iter().map(|d| d.period).collect();
        let expected: Vec<u32> = (0..self.timeline.next).collect();
        assert_eq!(periods, expected, "each period decided once, none left out");
        // Nothing charged before its date; dates of decided periods only move forward.
        for pair in self.decided.windows(2) {
            assert!(pair[0].due < pair[1].due, "periods in date order: {pair:?}");
        }
        for d in &self.decided {
            if d.outcome == Outcome::Charged {
                assert!(d.due <= d.on, "charged before its date: {d:?}");
            }
        }
        let charged = self
            .decided
            .iter()
            .filter(|d| d.outcome == Outcome::Charged)
            .count();
        if let Some(deliveries) = deliveries {
            assert!(
                charged <= deliveries as usize,
                "more deliveries than the plan has"
            );
            let left = self.timeline.deliveries_left.unwrap();
            assert_eq!(charged + left as usize, deliveries as usize);
            assert_eq!(left == 0, self.timeline.status == Status::Finished);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn no_period_is_charged_twice_or_missed(
        anchor in date(),
        interval in interval(),
        deliveries in prop::option::of(1u32..12),
        events in prop::collection::vec(event(), 1..60),
        charges in prop::collection::vec(charge_outcome(), 1..8),
    ) {
        let mut world = World {
            timeline: Timeline::new(Schedule::new(anchor, interval), deliveries),
            today: anchor,
            decided: Vec::new(),
            charges,
            charge_turn: 0,
        };
        world.run();
        for event in &events {
            world.apply(event);
            world.check(deliveries);
            // After the scheduler's run, nothing due by today is waiting.
            if matches!(event, Event::Days(_, true)) {
                match world.timeline.step(world.today) {
                    Step::Wait(due) => prop_assert!(due > world.today),
                    Step::Ended => prop_assert!(!world.timeline.status.is_open()),
                    other => prop_assert!(false, "left due after a run: {other:?}"),
                }
            }
        }
        // A long run to the end of the clock leaves nothing undecided.
        world.today = world.today.checked_add_days(Days::new(800)).unwrap();
        world.run();
        world.check(deliveries);
        if world.timeline.status.is_open() {
            prop_assert!(world.timeline.schedule.due_on(world.timeline.next) > world.today);
        }
    }

    #[test]
    fn a_pause_with_an_end_date_charges_again_from_that_date(
        anchor in date(),
        interval in interval(),
        pause_days in 1u64..200,
    ) {
        let mut t = Timeline::new(Schedule::new(anchor, interval), None);
        let until = anchor.checked_add_days(Days::new(pause_days)).unwrap();
        t.pause(Some(until), anchor).unwrap();
        let mut today = anchor;
        let mut charged = None;
        while charged.is_none() {
            match t.step(today) {
                Step::Pass(p) => {
                    prop_assert!(t.schedule.due_on(p) < until);
                    t.decide(p, Outcome::Paused);
                }
                Step::Charge { period, due } => {
                    t.decide(period, Outcome::Charged);
                    charged = Some(due);
                }
                Step::Wait(due) => today = due,
                Step::Ended => prop_assert!(false, "ended while paused"),
            }
        }
        let due = charged.unwrap();
        prop_assert!(due >= until);
        // The first period on or after the pause's end, not a later one.
        prop_assert_eq!(due, t.schedule.due_on(t.schedule.first_on_or_after(0, until)));
        prop_assert_eq!(t.status, Status::Active);
    }
}
