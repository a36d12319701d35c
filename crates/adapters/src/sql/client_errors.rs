//! Errors the browser app reported.

use super::retention::CLIENT_ERRORS;
use super::{Store, limit, storage};
use crate::clock::utc_text;
use crate::rows::row;
use async_trait::async_trait;
use store_domain::client_errors::{ClientError, StoredClientError};
use store_domain::clock::Timestamp;
use store_domain::ports::{ErrorReports, StorageError};
use store_domain::retention::Purge;

row! {
    struct ClientErrorRow {
        id: i64,
        message: String,
        url: String,
        status: Option<i64>,
        detail: Option<String>,
        received_at: String,
    }
}

#[async_trait]
impl ErrorReports for Store {
    async fn record_error(&self, e: &ClientError, at: Timestamp) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO client_errors (message, url, status, detail, received_at)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&e.message)
        .bind(&e.url)
        .bind(e.status.map(i64::from))
        .bind(&e.detail)
        .bind(utc_text(at))
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn recent_errors(&self, n: u32) -> Result<Vec<StoredClientError>, StorageError> {
        let rows = sqlx::query_as::<_, ClientErrorRow>(
            "SELECT id, message, url, status, detail, received_at FROM client_errors ORDER BY id DESC LIMIT $1",
        )
        .bind(limit(n))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        Ok(rows
            .into_iter()
            .map(|r| StoredClientError {
                id: r.id,
                received_at: r.received_at,
                error: ClientError {
                    message: r.message,
                    url: r.url,
                    status: r.status.and_then(|s| u16::try_from(s).ok()),
                    detail: r.detail,
                },
            })
            .collect())
    }

    async fn purge_errors(&self, purge: Purge) -> Result<u64, StorageError> {
        self.purge_journal(&CLIENT_ERRORS, purge).await
    }
}
