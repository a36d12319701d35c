//! Mail through an SMTP server, when one is configured (`[mail] transport = "smtp"`):
//! plain text, one message per mail, sent as the store's `from` address. The log
//! gets the recipient and subject only, as the outbox's does: bodies hold codes and
//! links.

use async_trait::async_trait;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;
use store_domain::ports::{Mail, MailError, Mailer};

/// How the connection to the server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// TLS from the first byte (usually port 465).
    Tls,
    /// Plain, then upgraded with STARTTLS, which the server must offer (usually 587).
    StartTls,
    /// No TLS: only for a relay on the same machine or in tests.
    Plain,
}

#[derive(Debug, Clone)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// Empty for a server that takes mail without signing in.
    pub username: String,
    pub password: String,
    /// `Name <address>` the mails come from.
    pub from: String,
    pub timeout: Duration,
}

pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    /// Checks the settings; no connection is made until the first mail.
    pub fn new(settings: &SmtpSettings) -> Result<Self, String> {
        let from: Mailbox = settings
            .from
            .parse()
            .map_err(|e| format!("mail.from {:?}: {e}", settings.from))?;
        let host = settings.host.as_str();
        let builder = match settings.security {
            Security::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host),
            Security::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host),
            Security::Plain => Ok(AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(
                host,
            )),
        }
        .map_err(|e| format!("mail.smtp_host {host:?}: {e}"))?;
        let mut builder = builder.port(settings.port).timeout(Some(settings.timeout));
        if !settings.username.is_empty() {
            builder = builder.credentials(Credentials::new(
                settings.username.clone(),
                settings.password.clone(),
            ));
        }
        Ok(SmtpMailer {
            transport: builder.build(),
            from,
        })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        let to: Mailbox = mail
            .to
            .as_str()
            .parse()
            .map_err(|e| MailError::Failed(format!("recipient: {e}")))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body.clone())
            .map_err(|e| MailError::Failed(e.to_string()))?;
        self.transport
            .send(message)
            .await
            .map_err(|e| MailError::Failed(e.to_string()))?;
        tracing::info!(
            "mail to {} with subject {:?} was sent over SMTP",
            mail.to,
            mail.subject
        );
        Ok(())
    }
}
