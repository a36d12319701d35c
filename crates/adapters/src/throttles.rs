//! The guessing throttles' counts in the process's memory: what a SQLite store uses,
//! since it is one process (one writer) and has nothing to share; it spares its order
//! path a database read per order (the declined-card check) and its writer a write per
//! sign-in attempt. PostgreSQL keeps them in a table (`postgres::throttles`).

use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::{RwLock, RwLockWriteGuard};
use std::time::Duration;
use store_domain::clock::Timestamp;
use store_domain::ports::{StorageError, Throttles};

#[derive(Default)]
pub struct LocalThrottles {
    /// Per key: the count and when its window ends.
    windows: RwLock<HashMap<String, (u64, Timestamp)>>,
}

#[async_trait]
impl Throttles for LocalThrottles {
    async fn add(
        &self,
        key: &str,
        add: u32,
        window: Duration,
        now: Timestamp,
    ) -> Result<(u64, Timestamp), StorageError> {
        let mut windows = write(&self.windows);
        let entry = windows
            .entry(key.to_owned())
            .or_insert((0, now.plus(window)));
        if entry.1 <= now {
            *entry = (0, now.plus(window));
        }
        entry.0 += u64::from(add);
        Ok(*entry)
    }

    async fn current(
        &self,
        key: &str,
        now: Timestamp,
    ) -> Result<Option<(u64, Timestamp)>, StorageError> {
        Ok(write(&self.windows)
            .get(key)
            .copied()
            .filter(|&(_, ends)| ends > now))
    }

    async fn forget_ended(&self, now: Timestamp) -> Result<u64, StorageError> {
        let mut windows = write(&self.windows);
        let before = windows.len();
        windows.retain(|_, (_, ends)| *ends > now);
        Ok((before - windows.len()) as u64)
    }
}

/// The counts, even after a panic poisoned the lock.
fn write(
    lock: &RwLock<HashMap<String, (u64, Timestamp)>>,
) -> RwLockWriteGuard<'_, HashMap<String, (u64, Timestamp)>> {
    lock.write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
