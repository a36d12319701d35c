//! The embedded mailer: with no mail service configured, mails are written to the
//! server's log, where a developer or a store owner testing the store can read them.
//! A real provider is another implementation of the same port.

use async_trait::async_trait;
use store_domain::ports::{Mail, MailError, Mailer};

pub struct LogMailer;

#[async_trait]
impl Mailer for LogMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        tracing::info!(to = %mail.to, subject = %mail.subject, "mail (not sent: no mail service configured)\n{}", mail.body);
        Ok(())
    }
}
