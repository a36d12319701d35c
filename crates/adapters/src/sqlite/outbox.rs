//! The embedded mailer: each mail goes to the `outbox` table, where `store mail`
//! shows it, and the server's log notes its recipient and subject (never its body,
//! which can hold a code or a link). Mails older than the keeping time are deleted as
//! new ones arrive, at most once a minute: their codes and links have expired by then.

use super::direct::Failed;
use super::{SqliteStore, corrupt, storage};
use crate::clock::utc_text;
use crate::rows::row;
use async_trait::async_trait;
use rusqlite::params;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;
use store_domain::input::Email;
use store_domain::ports::{Clock, Mail, MailError, MailOutbox, Mailer, StorageError, StoredMail};

/// How often old mails are deleted: not with every mail, which under load would add
/// a statement to each one for nothing.
const PRUNE_EVERY_SECONDS: i64 = 60;

pub struct OutboxMailer {
    store: SqliteStore,
    clock: Arc<dyn Clock>,
    keep: Duration,
    /// When old mails were last deleted (Unix seconds; 0 before the first mail).
    pruned_at: AtomicI64,
}

impl OutboxMailer {
    pub fn new(store: SqliteStore, clock: Arc<dyn Clock>, keep: Duration) -> Self {
        OutboxMailer {
            store,
            clock,
            keep,
            pruned_at: AtomicI64::new(0),
        }
    }

    /// Whether this send should delete old mails: the first one a minute does.
    fn prune_due(&self, now: i64) -> bool {
        let last = self.pruned_at.load(Ordering::Relaxed);
        now - last >= PRUNE_EVERY_SECONDS
            && self
                .pruned_at
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let now = self.clock.now();
        let prune_before = self
            .prune_due(now.unix_seconds())
            .then(|| utc_text(now.minus(self.keep)));
        let (to, subject, body) = (
            mail.to.as_str().to_owned(),
            mail.subject.clone(),
            mail.body.clone(),
        );
        self.store
            .direct
            .write(move |tx| {
                if let Some(before) = prune_before {
                    tx.prepare_cached("DELETE FROM outbox WHERE queued_at < $1")?
                        .execute(params![before])?;
                }
                tx.prepare_cached(
                    "INSERT INTO outbox (recipient, subject, body, queued_at) VALUES ($1, $2, $3, $4)",
                )?
                .execute(params![to, subject, body, utc_text(now)])
                .map_err(Failed::from)
            })
            .await
            .map_err(|Failed(e)| MailError::Failed(e.to_string()))?;
        tracing::info!(
            "mail to {} with subject {:?} is in the outbox (store mail shows it)",
            mail.to,
            mail.subject
        );
        Ok(())
    }
}

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
impl MailOutbox for SqliteStore {
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

#[cfg(test)]
mod tests {
    use super::*;
    use store_domain::clock::Timestamp;

    /// A clock the test moves (the `fakes` one is behind a feature).
    struct Moved(AtomicI64);

    impl Moved {
        fn advance(&self, by: Duration) {
            self.0.fetch_add(by.as_secs() as i64, Ordering::SeqCst);
        }
    }

    impl Clock for Moved {
        fn now(&self) -> Timestamp {
            Timestamp::from_unix_seconds(self.0.load(Ordering::SeqCst))
        }
    }

    #[tokio::test]
    async fn mails_wait_in_the_outbox_for_the_keeping_time() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(
            &format!("sqlite://{}", dir.path().join("s.db").display()),
            2,
        )
        .await
        .unwrap();
        store.migrate().await.unwrap();
        let clock = Arc::new(Moved(AtomicI64::new(1_767_225_600)));
        let mailer = OutboxMailer::new(store.clone(), clock.clone(), Duration::from_secs(3600));
        let mail = |subject: &str| Mail {
            to: Email::parse("dana@example.com").unwrap(),
            subject: subject.into(),
            body: "Your code: 123456".into(),
        };
        mailer.send(&mail("first")).await.unwrap();
        clock.advance(Duration::from_secs(1800));
        mailer.send(&mail("second")).await.unwrap();
        let kept = store.recent_mail(10).await.unwrap();
        assert_eq!(
            kept.iter()
                .map(|m| m.mail.subject.as_str())
                .collect::<Vec<_>>(),
            ["second", "first"],
            "newest first"
        );
        assert_eq!(kept[0].mail.body, "Your code: 123456");
        clock.advance(Duration::from_secs(1801));
        mailer.send(&mail("third")).await.unwrap();
        let kept = store.recent_mail(10).await.unwrap();
        assert_eq!(
            kept.iter()
                .map(|m| m.mail.subject.as_str())
                .collect::<Vec<_>>(),
            ["third", "second"],
            "the first is past the keeping time"
        );
    }
}
