//! In-memory error reports from the browser app.

use super::{RECEIVED_AT, newest, read, write};
use async_trait::async_trait;
use std::sync::RwLock;
use store_domain::client_errors::{ClientError, StoredClientError};
use store_domain::ports::{ErrorReports, StorageError};

#[derive(Default)]
pub struct InMemoryErrorReports {
    errors: RwLock<Vec<StoredClientError>>,
}

#[async_trait]
impl ErrorReports for InMemoryErrorReports {
    async fn record_error(&self, error: &ClientError) -> Result<(), StorageError> {
        let mut errors = write(&self.errors);
        let id = errors.len() as i64 + 1;
        errors.push(StoredClientError {
            id,
            received_at: RECEIVED_AT.into(),
            error: error.clone(),
        });
        Ok(())
    }

    async fn recent_errors(&self, limit: u32) -> Result<Vec<StoredClientError>, StorageError> {
        Ok(newest(&read(&self.errors), limit))
    }
}
