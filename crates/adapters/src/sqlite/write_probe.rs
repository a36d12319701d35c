//! The readiness check's proof that the database takes writes.

use super::{SqliteStore, is_busy};
use crate::clock::utc_text;
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::ports::{StorageError, WriteProbe};

#[async_trait]
impl WriteProbe for SqliteStore {
    async fn probe_write(&self, at: Timestamp) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO write_probe (id, written_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET written_at = excluded.written_at",
        )
        .bind(utc_text(at))
        .execute(&self.writer)
        .await
        .map_err(|err| {
            if is_busy(&err) {
                StorageError::Busy
            } else {
                StorageError::Storage(err.to_string())
            }
        })?;
        Ok(())
    }
}
