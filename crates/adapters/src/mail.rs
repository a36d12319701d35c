//! The embedded mailer: with no mail service configured, each mail is noted in the
//! server's log by recipient and subject. A real provider is another implementation
//! of the same port.

use async_trait::async_trait;
use store_domain::ports::{Mail, MailError, Mailer};

pub struct LogMailer;

/// What the log gets of a mail: never the body, which can hold a secret link (a
/// newsletter confirmation token), and logs are read and kept by more people than
/// the mailbox.
fn log_line(mail: &Mail) -> String {
    format!(
        "mail to {} with subject {:?} (not sent: no mail service configured)",
        mail.to, mail.subject
    )
}

#[async_trait]
impl Mailer for LogMailer {
    async fn send(&self, mail: &Mail) -> Result<(), MailError> {
        tracing::info!("{}", log_line(mail));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use store_domain::input::Email;

    #[test]
    fn the_log_never_gets_a_mail_body() {
        let line = log_line(&Mail {
            to: Email::parse("dana@example.com").unwrap(),
            subject: "Confirm your newsletter subscription".into(),
            body: "Open https://shop.example/newsletter/confirm?token=s3cr3t".into(),
        });
        assert!(line.contains("dana@example.com"), "{line}");
        assert!(
            line.contains("Confirm your newsletter subscription"),
            "{line}"
        );
        assert!(!line.contains("s3cr3t"), "{line}");
    }
}
