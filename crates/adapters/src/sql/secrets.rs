//! Secrets the store makes for itself: the first instance to start writes one, every
//! other reads the same (`INSERT ... ON CONFLICT DO NOTHING`, then `SELECT`).

use super::{Store, corrupt, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::ports::{StorageError, StoreSecrets};

row! {
    struct KeyRow {
        secret: String,
        created_at: String,
    }
}

#[async_trait]
impl StoreSecrets for Store {
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

    async fn link_keys(&self) -> Result<Vec<(String, Timestamp)>, StorageError> {
        let rows: Vec<KeyRow> =
            sqlx::query_as("SELECT secret, created_at FROM order_link_keys ORDER BY version")
                .fetch_all(&self.pool)
                .await
                .map_err(storage)?;
        rows.into_iter()
            .map(|r| {
                let made = parse_utc_text(&r.created_at).ok_or_else(|| corrupt("link key time"))?;
                Ok((r.secret, made))
            })
            .collect()
    }

    async fn add_link_key(&self, secret: &str, at: Timestamp) -> Result<i64, StorageError> {
        // The next number in the insert itself: two rotations at once cannot take the
        // same one (the second fails on the key and is run again).
        sqlx::query_scalar(
            "INSERT INTO order_link_keys (version, secret, created_at)
             SELECT COALESCE(MAX(version), 1) + 1, $1, $2 FROM order_link_keys
             RETURNING version",
        )
        .bind(secret)
        .bind(utc_text(at))
        .fetch_one(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)
    }
}
