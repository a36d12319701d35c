//! An in-memory inbox of messages for the staff.

use super::{RECEIVED_AT, newest, read, write};
use async_trait::async_trait;
use std::sync::RwLock;
use store_domain::messages::{Inquiry, StoredInquiry};
use store_domain::ports::{Inbox, StorageError};

#[derive(Default)]
pub struct InMemoryInbox {
    inquiries: RwLock<Vec<StoredInquiry>>,
}

#[async_trait]
impl Inbox for InMemoryInbox {
    async fn submit(&self, inquiry: &Inquiry) -> Result<i64, StorageError> {
        let mut inquiries = write(&self.inquiries);
        let id = inquiries.len() as i64 + 1;
        inquiries.push(StoredInquiry {
            id,
            received_at: RECEIVED_AT.into(),
            inquiry: inquiry.clone(),
        });
        Ok(id)
    }

    async fn recent_inquiries(&self, limit: u32) -> Result<Vec<StoredInquiry>, StorageError> {
        Ok(newest(&read(&self.inquiries), limit))
    }
}
