//! How busy the database is, for the store's metrics: figures both engines keep the
//! same way, in plain atomics (the adapters name no metrics library), read when asked.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The time writes waited for their turn to write: on SQLite for the one writing
/// connection (its lock, or the writer thread's queue and lock), on PostgreSQL for a
/// connection from the pool.
#[derive(Debug, Default)]
pub struct WriterWaits {
    waits: AtomicU64,
    nanos: AtomicU64,
}

impl WriterWaits {
    /// A write waited `waited` for the writer (a refused one too: it waited the timeout).
    pub(crate) fn add(&self, waited: Duration) {
        let nanos = u64::try_from(waited.as_nanos()).unwrap_or(u64::MAX);
        self.waits.fetch_add(1, Ordering::Relaxed);
        self.nanos.fetch_add(nanos, Ordering::Relaxed);
    }

    /// The writes that asked for the writer so far, and their waits added together.
    pub fn totals(&self) -> (u64, Duration) {
        (
            self.waits.load(Ordering::Relaxed),
            Duration::from_nanos(self.nanos.load(Ordering::Relaxed)),
        )
    }
}

/// A connection pool as it is now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Connections {
    /// Open, lent or idle.
    pub open: u32,
    pub idle: u32,
    /// The most it opens (`database.max_connections`).
    pub max: u32,
}

impl Connections {
    pub(crate) fn of<DB: sqlx::Database>(pool: &sqlx::Pool<DB>) -> Connections {
        Connections {
            open: pool.size(),
            idle: u32::try_from(pool.num_idle()).unwrap_or(u32::MAX),
            max: pool.options().get_max_connections(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_add_up() {
        let waits = WriterWaits::default();
        waits.add(Duration::from_millis(3));
        waits.add(Duration::from_micros(500));
        assert_eq!(waits.totals(), (2, Duration::from_micros(3500)));
    }
}
