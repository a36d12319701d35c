//! An in-memory inbox of messages for the staff.

use super::{Journal, read, write};
use async_trait::async_trait;
use std::sync::RwLock;
use store_domain::clock::Timestamp;
use store_domain::messages::{Inquiry, StoredInquiry};
use store_domain::ports::{Inbox, StorageError};
use store_domain::retention::Purge;

#[derive(Default)]
pub struct InMemoryInbox {
    inquiries: RwLock<Journal<Inquiry>>,
}

#[async_trait]
impl Inbox for InMemoryInbox {
    async fn submit(&self, inquiry: &Inquiry, at: Timestamp) -> Result<i64, StorageError> {
        Ok(write(&self.inquiries).push(inquiry.clone(), at))
    }

    async fn recent_inquiries(&self, limit: u32) -> Result<Vec<StoredInquiry>, StorageError> {
        Ok(read(&self.inquiries)
            .newest(limit)
            .into_iter()
            .map(|(id, received_at, inquiry)| StoredInquiry {
                id,
                received_at,
                inquiry,
            })
            .collect())
    }

    async fn purge_inquiries(&self, purge: Purge) -> Result<u64, StorageError> {
        Ok(write(&self.inquiries).purge(purge))
    }
}
