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

    /// `span` later; saturates instead of overflowing.
    pub fn plus(self, span: Duration) -> Self {
        Timestamp(self.0.saturating_add(seconds(span)))
    }

    /// `span` earlier; saturates instead of overflowing.
    pub fn minus(self, span: Duration) -> Self {
        Timestamp(self.0.saturating_sub(seconds(span)))
    }
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
