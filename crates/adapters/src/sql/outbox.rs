//! The embedded mailer's outbox table (`crate::outbox` sends to it), on either engine
//! (compiled into `sqlite` and `postgres`, see `README.md`).

use super::{Store, corrupt, storage};
use crate::clock::utc_text;
use crate::rows::row;
use crate::tx::{DbError, Tx, args};
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::ports::{Mail, MailOutbox, StorageError, StoredMail};

row! {
    struct OutboxRow {
        id: i64,
        recipient: String,
        subject: String,
        body: String,
        queued_at: String,
    }
}

#[async_trait]
impl MailOutbox for Store {
    async fn keep_mail(
        &self,
        mail: &Mail,
        at: Timestamp,
        prune_before: Option<Timestamp>,
    ) -> Result<(), StorageError> {
        let (to, subject, body) = (
            mail.to.as_str().to_owned(),
            mail.subject.clone(),
            mail.body.clone(),
        );
        write_tx!(self, |tx| async move {
            if let Some(before) = prune_before {
                tx.execute(
                    "DELETE FROM outbox WHERE queued_at < $1",
                    args![utc_text(before).as_str()],
                )
                .await?;
            }
            tx.execute(
                "INSERT INTO outbox (recipient, subject, body, queued_at) VALUES ($1, $2, $3, $4)",
                args![&to, &subject, &body, utc_text(at).as_str()],
            )
            .await?;
            Ok::<_, DbError>(())
        })
        .map_err(StorageError::from)
    }

    async fn recent_mail(&self, limit: u32) -> Result<Vec<StoredMail>, StorageError> {
        let rows: Vec<OutboxRow> = sqlx::query_as(
            "SELECT id, recipient, subject, body, queued_at FROM outbox ORDER BY id DESC LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter()
            .map(|r| {
                Ok(StoredMail {
                    id: r.id,
                    queued_at: r.queued_at,
                    mail: Mail {
                        to: Email::parse(&r.recipient).map_err(|_| corrupt("outbox recipient"))?,
                        subject: r.subject,
                        body: r.body,
                    },
                })
            })
            .collect()
    }
}
