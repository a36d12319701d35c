//! A write probe that succeeds until a test says the disk is full.

use async_trait::async_trait;
use std::sync::atomic::{AtomicBool, Ordering};
use store_domain::clock::Timestamp;
use store_domain::ports::{StorageError, WriteProbe};

#[derive(Default)]
pub struct SwitchableWriteProbe {
    full: AtomicBool,
}

impl SwitchableWriteProbe {
    pub fn set_full(&self, full: bool) {
        self.full.store(full, Ordering::Relaxed);
    }
}

#[async_trait]
impl WriteProbe for SwitchableWriteProbe {
    async fn probe_write(&self, _at: Timestamp) -> Result<(), StorageError> {
        if self.full.load(Ordering::Relaxed) {
            return Err(StorageError::Storage("database or disk is full".into()));
        }
        Ok(())
    }
}
