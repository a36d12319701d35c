//! The mailer, its mails counted: every mail of the store (codes, links, order and
//! return mails) goes through the one mailer, whichever transport it is.

use async_trait::async_trait;
use prometheus_client::metrics::counter::Counter;
use std::sync::Arc;
use store_domain::ports::{Mail, MailError, Mailer};

pub(super) struct CountedMailer {
    pub(super) inner: Arc<dyn Mailer>,
    pub(super) queued: Counter,
    pub(super) failed: Counter,
}

#[async_trait]
impl Mailer for CountedMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let sent = self.inner.send(mail).await;
        match &sent {
            Ok(()) => self.queued.inc(),
            Err(_) => self.failed.inc(),
        };
        sent
    }
}
