//! How long the store keeps what anonymous shoppers send, and how much of it: every
//! kind of record an anonymous write adds has an age limit and a row limit, so a
//! flood of writes (rate-limited, but across many clients) cannot fill the disk.
//! Storage applies a [`Purge`]; the app runs one every few seconds.

use crate::clock::Timestamp;
use std::time::Duration;

/// The limits for one kind of record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    pub max_age: Duration,
    pub max_rows: u32,
}

impl Retention {
    /// What to remove at `now`.
    pub fn purge_at(&self, now: Timestamp) -> Purge {
        Purge {
            received_before: now.minus(self.max_age),
            keep_newest: self.max_rows,
        }
    }
}

/// The most bytes a kind of record can take: its row limit, plus what the store-wide
/// write limit lets in between two purges, times its largest row.
pub fn budget_bytes(max_rows: u32, max_row_bytes: u64, writes_between_purges: u64) -> u64 {
    (u64::from(max_rows) + writes_between_purges).saturating_mul(max_row_bytes)
}

/// One purge of one kind of record: remove every record received before
/// `received_before`, and every record but the newest `keep_newest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Purge {
    pub received_before: Timestamp,
    pub keep_newest: u32,
}

impl Purge {
    /// Whether the record received at `received_at`, with `newer` records received
    /// after it, is kept. The rule each implementation of a purge follows.
    pub fn keeps(&self, received_at: Timestamp, newer: usize) -> bool {
        received_at >= self.received_before && newer < self.keep_newest as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Duration = Duration::from_secs(86_400);

    #[test]
    fn a_purge_keeps_the_newest_rows_within_the_age_limit() {
        let now = Timestamp::from_unix_seconds(100 * 86_400);
        let purge = Retention {
            max_age: 30 * DAY,
            max_rows: 2,
        }
        .purge_at(now);
        assert_eq!(purge.received_before, now.minus(30 * DAY));
        assert!(purge.keeps(now, 0));
        assert!(purge.keeps(now, 1));
        assert!(!purge.keeps(now, 2), "beyond the row limit");
        assert!(
            purge.keeps(now.minus(30 * DAY), 0),
            "exactly at the age limit"
        );
        assert!(
            !purge.keeps(now.minus(31 * DAY), 0),
            "older than the age limit"
        );
    }

    #[test]
    fn a_zero_row_limit_keeps_nothing() {
        let purge = Retention {
            max_age: DAY,
            max_rows: 0,
        }
        .purge_at(Timestamp::from_unix_seconds(0));
        assert!(!purge.keeps(Timestamp::from_unix_seconds(0), 0));
    }

    #[test]
    fn the_budget_counts_the_rows_that_arrive_between_purges() {
        assert_eq!(budget_bytes(1_000, 100, 3_000), 400_000);
        assert_eq!(budget_bytes(1_000, u64::MAX, 1), u64::MAX);
    }
}
