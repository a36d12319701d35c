//! Messages for the staff from the help chat and the contact form.

use super::retention::INQUIRIES;
use super::{Store, corrupt, limit, storage};
use crate::clock::utc_text;
use crate::rows::row;
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::messages::{Channel, Inquiry, StoredInquiry};
use store_domain::ports::{Inbox, StorageError};
use store_domain::retention::Purge;

row! {
    struct InquiryRow {
        id: i64,
        channel: String,
        email: String,
        name: Option<String>,
        subject: Option<String>,
        body: String,
        order_number: Option<String>,
        received_at: String,
    }
}

#[async_trait]
impl Inbox for Store {
    async fn submit(&self, inquiry: &Inquiry, at: Timestamp) -> Result<i64, StorageError> {
        sqlx::query_scalar(
            "INSERT INTO inquiries (channel, email, name, subject, body, order_number, received_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(inquiry.channel.as_str())
        .bind(inquiry.email.as_str())
        .bind(&inquiry.name)
        .bind(&inquiry.subject)
        .bind(&inquiry.body)
        .bind(&inquiry.order_number)
        .bind(utc_text(at))
        .fetch_one(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)
    }

    async fn recent_inquiries(&self, n: u32) -> Result<Vec<StoredInquiry>, StorageError> {
        let rows = sqlx::query_as::<_, InquiryRow>(
            "SELECT id, channel, email, name, subject, body, order_number, received_at
             FROM inquiries ORDER BY id DESC LIMIT $1",
        )
        .bind(limit(n))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter()
            .map(|r| {
                Ok(StoredInquiry {
                    id: r.id,
                    received_at: r.received_at,
                    inquiry: Inquiry {
                        channel: Channel::parse(&r.channel).ok_or_else(|| corrupt("channel"))?,
                        email: Email::parse(&r.email).map_err(|_| corrupt("inquiry e-mail"))?,
                        name: r.name,
                        subject: r.subject,
                        body: r.body,
                        order_number: r.order_number,
                    },
                })
            })
            .collect()
    }

    async fn purge_inquiries(&self, purge: Purge) -> Result<u64, StorageError> {
        self.purge_journal(&INQUIRIES, purge).await
    }
}
