//! The throttles' counts in memory, as one instance would keep them.

use super::write;
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::RwLock;
use std::time::Duration;
use store_domain::clock::Timestamp;
use store_domain::ports::{StorageError, Throttles};

#[derive(Default)]
pub struct InMemoryThrottles {
    /// Per key: the count and when its window ends.
    windows: RwLock<HashMap<String, (u64, Timestamp)>>,
}

#[async_trait]
impl Throttles for InMemoryThrottles {
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
