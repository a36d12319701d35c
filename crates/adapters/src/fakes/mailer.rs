//! A mailer that records instead of sending.

use super::{read, write};
use async_trait::async_trait;
use std::sync::RwLock;
use store_domain::ports::{Mail, MailError, Mailer};

/// A mailer that keeps what it was asked to send, for assertions.
#[derive(Default)]
pub struct RecordingMailer {
    sent: RwLock<Vec<Mail>>,
}

impl RecordingMailer {
    pub fn sent(&self) -> Vec<Mail> {
        read(&self.sent).clone()
    }
}

#[async_trait]
impl Mailer for RecordingMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        write(&self.sent).push(mail.clone());
        Ok(())
    }
}
