//! The readiness check's proof that the database takes writes.

use super::{Store, storage};
use crate::clock::utc_text;
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::ports::{StorageError, WriteProbe};

#[async_trait]
impl WriteProbe for Store {
    async fn probe_write(&self, at: Timestamp) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO write_probe (id, written_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET written_at = excluded.written_at",
        )
        .bind(utc_text(at))
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        Ok(())
    }
}
