//! Secrets the store makes for itself: the first instance to start writes one, every
//! other reads the same (`INSERT ... ON CONFLICT DO NOTHING`, then `SELECT`).

use super::{SqliteStore, storage};
use async_trait::async_trait;
use store_domain::ports::{StorageError, StoreSecrets};

#[async_trait]
impl StoreSecrets for SqliteStore {
    async fn secret(&self, name: &str, candidate: &str) -> Result<String, StorageError> {
        sqlx::query(
            "INSERT INTO store_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(candidate)
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        sqlx::query_scalar("SELECT value FROM store_secrets WHERE name = $1")
            .bind(name)
            .fetch_one(&mut *self.writer().await.map_err(storage)?)
            .await
            .map_err(storage)
    }
}
