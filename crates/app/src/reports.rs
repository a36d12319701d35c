//! What the store owner reads from the command line: shoppers' messages, campaign
//! visit counts and the browser app's error reports, printed as plain text.

use store_domain::input::is_unsafe_in_text;
use store_domain::ports::{CampaignReports, ErrorReports, Inbox, MailOutbox, StorageError};

/// `text` with every character that could drive a terminal or reorder the line
/// written as `\u{..}`. New input is refused such characters when it is parsed; this
/// also covers rows stored before that rule, or written by anything else.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if is_unsafe_in_text(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

pub async fn messages(inbox: &dyn Inbox, limit: u32) -> Result<String, StorageError> {
    let messages = inbox.recent_inquiries(limit).await?;
    if messages.is_empty() {
        return Ok("No messages yet.\n".into());
    }
    let mut out = String::new();
    for m in messages {
        let i = &m.inquiry;
        out += &format!(
            "#{} {} via {} from {}",
            m.id,
            printable(&m.received_at),
            i.channel.as_str(),
            printable(i.email.as_str())
        );
        if let Some(name) = &i.name {
            out += &format!(" ({})", printable(name));
        }
        out += "\n";
        if let Some(subject) = &i.subject {
            out += &format!("  subject: {}\n", printable(subject));
        }
        if let Some(order) = &i.order_number {
            out += &format!("  order: {}\n", printable(order));
        }
        for line in i.body.split('\n') {
            out += &format!("  | {}\n", printable(line));
        }
    }
    Ok(out)
}

/// The outbox's newest mails, whole: a developer or an owner without a mail service
/// reads the codes and links here.
pub async fn mail(outbox: &dyn MailOutbox, limit: u32) -> Result<String, StorageError> {
    let mails = outbox.recent_mail(limit).await?;
    if mails.is_empty() {
        return Ok("The outbox is empty.\n".into());
    }
    let mut out = String::new();
    for m in mails {
        out += &format!(
            "#{} {} to {}\n  subject: {}\n",
            m.id,
            printable(&m.queued_at),
            printable(m.mail.to.as_str()),
            printable(&m.mail.subject)
        );
        for line in m.mail.body.split('\n') {
            out += &format!("  | {}\n", printable(line));
        }
    }
    Ok(out)
}

pub async fn campaign_visits(reports: &dyn CampaignReports) -> Result<String, StorageError> {
    let counts = reports.visit_counts().await?;
    if counts.is_empty() {
        return Ok("No campaign visits yet.\n".into());
    }
    let show = |v: &Option<String>| v.as_deref().map_or_else(|| "-".into(), printable);
    let mut out = format!(
        "{:>7}  {:<16} {:<12} {:<20} {:<16} {}\n",
        "visits", "source", "medium", "campaign", "term", "content"
    );
    for c in counts {
        let v = &c.visit;
        out += &format!(
            "{:>7}  {:<16} {:<12} {:<20} {:<16} {}\n",
            c.visits,
            show(&v.source),
            show(&v.medium),
            show(&v.campaign),
            show(&v.term),
            show(&v.content)
        );
    }
    Ok(out)
}

pub async fn client_errors(reports: &dyn ErrorReports, limit: u32) -> Result<String, StorageError> {
    let errors = reports.recent_errors(limit).await?;
    if errors.is_empty() {
        return Ok("No client errors reported.\n".into());
    }
    let mut out = String::new();
    for e in errors {
        let status = e
            .error
            .status
            .map(|s| format!(" [{s}]"))
            .unwrap_or_default();
        out += &format!(
            "#{} {} {}{status}: {}\n",
            e.id,
            printable(&e.received_at),
            printable(&e.error.url),
            printable(&e.error.message)
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use store_adapters::fakes::{InMemoryCampaigns, InMemoryErrorReports, InMemoryInbox};
    use store_domain::campaigns::CampaignVisit;
    use store_domain::client_errors::ClientError;
    use store_domain::clock::Timestamp;
    use store_domain::messages::Inquiry;

    const AT: Timestamp = Timestamp::from_unix_seconds(1_767_225_600);

    #[tokio::test]
    async fn reports_print_what_was_received() {
        let inbox = InMemoryInbox::default();
        assert_eq!(messages(&inbox, 10).await.unwrap(), "No messages yet.\n");
        inbox
            .submit(
                &Inquiry::contact("Dana", "d@x.org", "Late", "Line one\nLine two", Some("77"))
                    .unwrap(),
                AT,
            )
            .await
            .unwrap();
        let text = messages(&inbox, 10).await.unwrap();
        assert!(text.contains("via contact from d@x.org (Dana)"), "{text}");
        assert!(
            text.contains("  order: 77\n  | Line one\n  | Line two\n"),
            "{text}"
        );

        let visit = CampaignVisit::parse(None, Some("email"), Some("spring"), None, None)
            .unwrap()
            .unwrap();
        let campaigns = InMemoryCampaigns::default();
        campaigns.record_visit(&visit, AT).await.unwrap();
        campaigns.record_visit(&visit, AT).await.unwrap();
        let table = campaign_visits(&campaigns).await.unwrap();
        assert!(
            table
                .lines()
                .nth(1)
                .unwrap()
                .trim_start()
                .starts_with("2  -"),
            "{table}"
        );
        assert!(table.contains("spring"));

        let errors = InMemoryErrorReports::default();
        errors
            .record_error(
                &ClientError::parse("Boom", "/bag", Some(500), None).unwrap(),
                AT,
            )
            .await
            .unwrap();
        assert!(
            client_errors(&errors, 5)
                .await
                .unwrap()
                .contains("/bag [500]: Boom")
        );
    }

    /// Rows the parser would refuse today (stored before the rule, or by hand) still
    /// cannot drive the terminal: every control and direction character is escaped.
    #[test]
    fn reports_escape_what_could_drive_a_terminal() {
        assert_eq!(
            printable("a\u{1b}[2Jb\u{202e}c\td\u{9b}"),
            "a\\u{1b}[2Jb\\u{202e}c\\u{9}d\\u{9b}"
        );
        assert_eq!(printable("שלום\u{200f} ok"), "שלום\u{200f} ok");
    }
}
