//! In-memory error reports from the browser app.

use super::{Journal, read, write};
use async_trait::async_trait;
use std::sync::RwLock;
use store_domain::client_errors::{ClientError, StoredClientError};
use store_domain::clock::Timestamp;
use store_domain::ports::{ErrorReports, StorageError};
use store_domain::retention::Purge;

#[derive(Default)]
pub struct InMemoryErrorReports {
    errors: RwLock<Journal<ClientError>>,
}

#[async_trait]
impl ErrorReports for InMemoryErrorReports {
    async fn record_error(&self, error: &ClientError, at: Timestamp) -> Result<(), StorageError> {
        write(&self.errors).push(error.clone(), at);
        Ok(())
    }

    async fn recent_errors(&self, limit: u32) -> Result<Vec<StoredClientError>, StorageError> {
        Ok(read(&self.errors)
            .newest(limit)
            .into_iter()
            .map(|(id, received_at, error)| StoredClientError {
                id,
                received_at,
                error,
            })
            .collect())
    }

    async fn purge_errors(&self, purge: Purge) -> Result<u64, StorageError> {
        Ok(write(&self.errors).purge(purge))
    }
}
