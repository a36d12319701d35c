//! Durable jobs: work that must happen once, at or after a moment, whatever restarts
//! in between (an order's confirmation mail, an e-gift card's delivery on its date,
//! the sweep of unfinished orders). A job is a row; a runner claims due rows for a
//! lease, does the work, and marks them done. A runner that dies mid-job loses its
//! claim when the lease ends, and another runs the job again: work is written to be
//! safe to repeat (mails carry a key the outbox keeps once; payments are idempotent).

use crate::clock::Timestamp;
use crate::ports::StorageError;
use async_trait::async_trait;
use std::time::Duration;

/// How long a claim lasts: a job not done by then is taken to have died with its runner.
pub const CLAIM_LEASE: Duration = Duration::from_secs(120);
/// Runs of a failing job before it is left for the owner (`store jobs` shows it).
pub const MAX_ATTEMPTS: u32 = 8;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// Mails the order's confirmation; subject: the order number.
    OrderConfirmation,
    /// Mails the order's status; subject: `{number}:{status}`.
    OrderStatusMail,
    /// Gives back a cancelled order's card payment; subject: the order number.
    RefundOrder,
    /// Finishes or releases orders whose placement stopped half-way; subject `all`.
    UnfinishedOrders,
    /// Mails an e-gift card to its recipient on its date; subject:
    /// `{number}:{line}:{unit}` (see `orders::e_gift`).
    EGiftDelivery,
    /// Mails a return's news to the shopper; subject: `{return number}:{status}`.
    ReturnMail,
    /// Gives a received return's card part back and marks it refunded; subject: the
    /// return number.
    RefundReturn,
    /// Runs the subscriptions that are due (`subscriptions::scheduler`); subject `all`.
    DueSubscriptions,
    /// Mails a subscription's news to its customer; subject: `{id}:{news}`.
    SubscriptionMail,
}

impl JobKind {
    pub const ALL: [JobKind; 9] = [
        JobKind::OrderConfirmation,
        JobKind::OrderStatusMail,
        JobKind::RefundOrder,
        JobKind::UnfinishedOrders,
        JobKind::EGiftDelivery,
        JobKind::ReturnMail,
        JobKind::RefundReturn,
        JobKind::DueSubscriptions,
        JobKind::SubscriptionMail,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::OrderConfirmation => "order_confirmation",
            JobKind::OrderStatusMail => "order_status_mail",
            JobKind::RefundOrder => "refund_order",
            JobKind::UnfinishedOrders => "unfinished_orders",
            JobKind::EGiftDelivery => "e_gift_delivery",
            JobKind::ReturnMail => "return_mail",
            JobKind::RefundReturn => "refund_return",
            JobKind::DueSubscriptions => "due_subscriptions",
            JobKind::SubscriptionMail => "subscription_mail",
        }
    }

    pub fn parse(raw: &str) -> Option<JobKind> {
        JobKind::ALL.into_iter().find(|k| k.as_str() == raw)
    }
}

/// A job to queue. `(kind, subject, due_at)` names it: queueing it again does nothing,
/// so each runs once per due time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewJob {
    pub kind: JobKind,
    pub subject: String,
    pub due_at: Timestamp,
}

/// A claimed job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub id: i64,
    pub kind: JobKind,
    pub subject: String,
    pub due_at: Timestamp,
    /// Runs before this one.
    pub attempts: u32,
}

/// A job as the owner's list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JobListed {
    pub job: Job,
    pub done_at: Option<Timestamp>,
    pub claimed_until: Option<Timestamp>,
    pub last_error: Option<String>,
}

impl JobListed {
    /// `done`, `failed` (given up), `running` (claimed) or `due`/`waiting`.
    pub fn state(&self, now: Timestamp) -> &'static str {
        if self.done_at.is_some() {
            "done"
        } else if self.job.attempts >= MAX_ATTEMPTS {
            "failed"
        } else if self.claimed_until.is_some_and(|until| until > now) {
            "running"
        } else if self.job.due_at <= now {
            "due"
        } else {
            "waiting"
        }
    }
}

/// When a job that failed its `attempts`-th run is tried again: 30 s, doubling, at
/// most an hour.
pub fn retry_at(now: Timestamp, attempts: u32) -> Timestamp {
    let seconds = 30u64.saturating_mul(1 << attempts.min(10)).min(3_600);
    now.plus(Duration::from_secs(seconds))
}

/// When a job that repeats `every` (the sweep), run for its time `due`, is due next:
/// the first time after `now` on its grid, `due` plus whole periods. The times missed
/// while no runner ran (a store stopped for a day, or the owner's `store jobs --run
/// --at` a month on) are skipped, not run back to back one by one; and every runner
/// that ran the same time names the same next one, so it is queued once.
pub fn next_on_grid(due: Timestamp, every: Duration, now: Timestamp) -> Timestamp {
    let period = i64::try_from(every.as_secs().max(1)).unwrap_or(i64::MAX);
    let behind = now.unix_seconds().saturating_sub(due.unix_seconds());
    let periods = behind.max(0) / period + 1;
    Timestamp::from_unix_seconds(
        due.unix_seconds()
            .saturating_add(periods.saturating_mul(period)),
    )
}

#[async_trait]
pub trait Jobs: Send + Sync {
    /// Queues each job not queued before.
    async fn enqueue(&self, jobs: &[NewJob], at: Timestamp) -> Result<(), StorageError>;
    /// Claims up to `limit` jobs due by `now` that are neither done, claimed (with a
    /// lease still running) nor given up, for `CLAIM_LEASE`. Two runners never hold
    /// the same job at once.
    async fn claim_due(&self, now: Timestamp, limit: u32) -> Result<Vec<Job>, StorageError>;
    async fn done(&self, id: i64, at: Timestamp) -> Result<(), StorageError>;
    /// Counts a failed run and frees the job to run again at `retry_at`.
    async fn failed(&self, id: i64, error: &str, retry_at: Timestamp) -> Result<(), StorageError>;
    /// The newest `limit` jobs by due time, latest first.
    async fn jobs(&self, limit: u32) -> Result<Vec<JobListed>, StorageError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_to_an_hour() {
        let now = Timestamp::from_unix_seconds(0);
        assert_eq!(retry_at(now, 0).unix_seconds(), 30);
        assert_eq!(retry_at(now, 1).unix_seconds(), 60);
        assert_eq!(retry_at(now, 6).unix_seconds(), 1_920);
        assert_eq!(retry_at(now, 7).unix_seconds(), 3_600);
        assert_eq!(retry_at(now, 40).unix_seconds(), 3_600);
    }

    #[test]
    fn a_repeating_job_skips_the_times_it_missed() {
        let due = Timestamp::from_unix_seconds(1_000);
        let five_minutes = Duration::from_secs(300);
        let next = |now| next_on_grid(due, five_minutes, Timestamp::from_unix_seconds(now));
        // On time, or run early: the next time on the grid.
        assert_eq!(next(1_000).unix_seconds(), 1_300);
        assert_eq!(next(900).unix_seconds(), 1_300);
        assert_eq!(next(1_299).unix_seconds(), 1_300);
        // Late: the first time on the grid after now, strictly.
        assert_eq!(next(1_300).unix_seconds(), 1_600);
        assert_eq!(
            next(1_000 + 30 * 86_400 + 1).unix_seconds(),
            1_000 + 30 * 86_400 + 300
        );
    }

    #[test]
    fn a_listed_job_says_where_it_is() {
        let now = Timestamp::from_unix_seconds(1_000);
        let listed = |attempts, due, claimed: Option<i64>, done: Option<i64>| JobListed {
            job: Job {
                id: 1,
                kind: JobKind::OrderConfirmation,
                subject: "X".into(),
                due_at: Timestamp::from_unix_seconds(due),
                attempts,
            },
            done_at: done.map(Timestamp::from_unix_seconds),
            claimed_until: claimed.map(Timestamp::from_unix_seconds),
            last_error: None,
        };
        assert_eq!(listed(0, 900, None, Some(950)).state(now), "done");
        assert_eq!(listed(MAX_ATTEMPTS, 900, None, None).state(now), "failed");
        assert_eq!(listed(0, 900, Some(1_100), None).state(now), "running");
        assert_eq!(listed(1, 900, Some(990), None).state(now), "due");
        assert_eq!(listed(0, 2_000, None, None).state(now), "waiting");
        for kind in JobKind::ALL {
            assert_eq!(JobKind::parse(kind.as_str()), Some(kind));
        }
    }
}
