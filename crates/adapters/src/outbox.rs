//! The embedded mailer: each mail goes to the outbox (`MailOutbox`, a table on either
//! engine), where `store mail` shows it, and the server's log notes its recipient and
//! subject (never its body, which can hold a code or a link). Mails older than the
//! keeping time are deleted as new ones arrive, at most once a minute: their codes and
//! links have expired by then.

use async_trait::async_trait;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;
use store_domain::ports::{Clock, Mail, MailError, MailOutbox, Mailer};

/// How often old mails are deleted: not with every mail, which under load would add
/// a statement to each one for nothing.
const PRUNE_EVERY_SECONDS: i64 = 60;

pub struct OutboxMailer {
    outbox: Arc<dyn MailOutbox>,
    clock: Arc<dyn Clock>,
    keep: Duration,
    /// When old mails were last deleted (Unix seconds; 0 before the first mail).
    pruned_at: AtomicI64,
}

impl OutboxMailer {
    pub fn new(outbox: Arc<dyn MailOutbox>, clock: Arc<dyn Clock>, keep: Duration) -> Self {
        OutboxMailer {
            outbox,
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
            .then(|| now.minus(self.keep));
        self.outbox
            .keep_mail(mail, now, prune_before)
            .await
            .map_err(|e| MailError::Failed(e.to_string()))?;
        tracing::info!(
            "mail to {} with subject {:?} is in the outbox (store mail shows it)",
            mail.to,
            mail.subject
        );
        Ok(())
    }
}
