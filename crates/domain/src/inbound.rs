//! What shoppers send the store: newsletter sign-ups, help-chat and contact messages,
//! campaign visits and client error reports. Each is parsed from raw input into a type
//! that can only hold valid values, so adapters never see bad data.

use std::fmt;

/// Why some input was refused; `field` names it for the shopper's form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {reason}")]
pub struct InputError {
    pub field: &'static str,
    pub reason: String,
}

fn refuse(field: &'static str, reason: impl Into<String>) -> InputError {
    InputError {
        field,
        reason: reason.into(),
    }
}

/// Trims `raw` and checks it has `min..=max` characters.
fn text(field: &'static str, raw: &str, min: usize, max: usize) -> Result<String, InputError> {
    let trimmed = raw.trim();
    let length = trimmed.chars().count();
    if length < min {
        return Err(refuse(
            field,
            if min == 1 {
                "is required".to_owned()
            } else {
                format!("needs at least {min} characters")
            },
        ));
    }
    if length > max {
        return Err(refuse(field, format!("must be at most {max} characters")));
    }
    Ok(trimmed.to_owned())
}

/// An optional text: absent or blank is `None`, otherwise limited to `max` characters.
fn optional_text(
    field: &'static str,
    raw: Option<&str>,
    max: usize,
) -> Result<Option<String>, InputError> {
    match raw.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => text(field, t, 1, max).map(Some),
    }
}

/// An e-mail address as a store can use it: one `@`, a local part of at most 64
/// characters, a dotted domain without empty labels, no spaces, at most 254 in all.
/// It is lower-cased whole: the local part is case-sensitive on paper only, and one
/// shopper typing `Dana@` and `dana@` must be one subscriber.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, InputError> {
        let invalid = || {
            refuse(
                "email",
                "must be a valid e-mail address, like name@example.com",
            )
        };
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(refuse("email", "is required"));
        }
        if trimmed.len() > 254 || trimmed.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(invalid());
        }
        let (local, domain) = trimmed.split_once('@').ok_or_else(invalid)?;
        let labels_ok = domain.split('.').all(|label| {
            !label.is_empty()
                && !label.starts_with('-')
                && !label.ends_with('-')
                && !label.contains(['@', ',', ';', '<', '>'])
        });
        if local.is_empty()
            || local.len() > 64
            || !domain.contains('.')
            || !labels_ok
            || local.contains(['<', '>', ',', ';'])
        {
            return Err(invalid());
        }
        Ok(Email(trimmed.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

// ---------------------------------------------------------------- messages

/// Where a message to the store came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    HelpChat,
    ContactForm,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::HelpChat => "chat",
            Channel::ContactForm => "contact",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "chat" => Some(Channel::HelpChat),
            "contact" => Some(Channel::ContactForm),
            _ => None,
        }
    }
}

pub const MAX_NAME: usize = 100;
pub const MAX_SUBJECT: usize = 200;
pub const MAX_CHAT_MESSAGE: usize = 2000;
pub const MAX_CONTACT_MESSAGE: usize = 5000;
pub const MAX_ORDER_NUMBER: usize = 40;

/// A message for the store's staff, answered later by e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inquiry {
    pub channel: Channel,
    pub email: Email,
    pub name: Option<String>,
    pub subject: Option<String>,
    pub body: String,
    pub order_number: Option<String>,
}

impl Inquiry {
    /// A help-chat message: an e-mail to answer to, the message, optionally a name.
    pub fn chat(email: &str, name: Option<&str>, message: &str) -> Result<Self, InputError> {
        Ok(Inquiry {
            channel: Channel::HelpChat,
            email: Email::parse(email)?,
            name: optional_text("name", name, MAX_NAME)?,
            subject: None,
            body: text("message", message, 1, MAX_CHAT_MESSAGE)?,
            order_number: None,
        })
    }

    /// The contact form: name, e-mail, subject and message required; order number optional.
    pub fn contact(
        name: &str,
        email: &str,
        subject: &str,
        message: &str,
        order_number: Option<&str>,
    ) -> Result<Self, InputError> {
        Ok(Inquiry {
            channel: Channel::ContactForm,
            name: Some(text("name", name, 1, MAX_NAME)?),
            email: Email::parse(email)?,
            subject: Some(text("subject", subject, 1, MAX_SUBJECT)?),
            body: text("message", message, 1, MAX_CONTACT_MESSAGE)?,
            order_number: optional_text("order_number", order_number, MAX_ORDER_NUMBER)?,
        })
    }
}

/// An inquiry as stored, with its id and arrival time (ISO 8601, UTC).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredInquiry {
    pub id: i64,
    pub received_at: String,
    pub inquiry: Inquiry,
}

// ---------------------------------------------------------------- newsletter

/// Where an address stands on the mailing list after a sign-up (double opt-in).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignUp {
    /// Waiting for its confirmation link to be followed; `new` when this sign-up added it.
    Pending {
        token: String,
        new: bool,
    },
    Confirmed,
}

// ---------------------------------------------------------------- campaigns

pub const MAX_CAMPAIGN_VALUE: usize = 200;

/// The `utm_*` parameters of one visit; at least one is present.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CampaignVisit {
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub term: Option<String>,
    pub content: Option<String>,
}

impl CampaignVisit {
    /// `None` when no parameter is present: there is nothing to count.
    pub fn parse(
        source: Option<&str>,
        medium: Option<&str>,
        campaign: Option<&str>,
        term: Option<&str>,
        content: Option<&str>,
    ) -> Result<Option<Self>, InputError> {
        let visit = CampaignVisit {
            source: optional_text("utm_source", source, MAX_CAMPAIGN_VALUE)?,
            medium: optional_text("utm_medium", medium, MAX_CAMPAIGN_VALUE)?,
            campaign: optional_text("utm_campaign", campaign, MAX_CAMPAIGN_VALUE)?,
            term: optional_text("utm_term", term, MAX_CAMPAIGN_VALUE)?,
            content: optional_text("utm_content", content, MAX_CAMPAIGN_VALUE)?,
        };
        Ok((visit != CampaignVisit::default()).then_some(visit))
    }
}

/// How many visits came with the same campaign parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignCount {
    pub visit: CampaignVisit,
    pub visits: u64,
}

// ---------------------------------------------------------------- client errors

pub const MAX_ERROR_MESSAGE: usize = 2000;
pub const MAX_ERROR_URL: usize = 2000;
pub const MAX_ERROR_DETAIL: usize = 10_000;

/// An error the browser app could not handle itself (spec 8: "report to an
/// error-reporting service").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientError {
    pub message: String,
    pub url: String,
    pub status: Option<u16>,
    pub detail: Option<String>,
}

impl ClientError {
    pub fn parse(
        message: &str,
        url: &str,
        status: Option<i64>,
        detail: Option<&str>,
    ) -> Result<Self, InputError> {
        let status = match status {
            None => None,
            Some(s) => Some(
                u16::try_from(s)
                    .ok()
                    .filter(|s| (100..=599).contains(s))
                    .ok_or_else(|| refuse("status", "must be an HTTP status, 100 to 599"))?,
            ),
        };
        Ok(ClientError {
            message: text("message", message, 1, MAX_ERROR_MESSAGE)?,
            url: text("url", url, 1, MAX_ERROR_URL)?,
            status,
            detail: optional_text("detail", detail, MAX_ERROR_DETAIL)?,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredClientError {
    pub id: i64,
    pub received_at: String,
    pub error: ClientError,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_that_work() {
        assert_eq!(
            Email::parse("  Dana.Levi+news@Example.CO.il ")
                .unwrap()
                .as_str(),
            "dana.levi+news@example.co.il"
        );
        assert!(Email::parse("a@b.io").is_ok());
    }

    #[test]
    fn emails_that_do_not() {
        let long_local = format!("{}@example.com", "a".repeat(65));
        let long_all = format!("a@{}.com", "b".repeat(250));
        for bad in [
            "",
            "   ",
            "plain",
            "@example.com",
            "a@",
            "a@localhost",
            "a@@b.com",
            "a b@c.com",
            "a@b..com",
            "a@.b.com",
            "a@b.com.",
            "a@-b.com",
            "<a>@b.com",
            &long_local,
            &long_all,
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(Email::parse("").unwrap_err().reason, "is required");
    }

    #[test]
    fn chat_messages_are_trimmed_and_bounded() {
        let chat = Inquiry::chat("a@b.co", Some("  "), "  Where is my order?  ").unwrap();
        assert_eq!(chat.body, "Where is my order?");
        assert_eq!(chat.name, None, "a blank name is no name");
        assert_eq!(
            Inquiry::chat("a@b.co", None, " \n ").unwrap_err().field,
            "message"
        );
        assert!(Inquiry::chat("a@b.co", None, &"x".repeat(MAX_CHAT_MESSAGE)).is_ok());
        assert_eq!(
            Inquiry::chat("a@b.co", None, &"x".repeat(MAX_CHAT_MESSAGE + 1))
                .unwrap_err()
                .field,
            "message"
        );
        // Characters, not bytes: a Hebrew message of the maximum length is fine.
        assert!(Inquiry::chat("a@b.co", None, &"ש".repeat(MAX_CHAT_MESSAGE)).is_ok());
        assert_eq!(
            Inquiry::chat("nope", None, "hi").unwrap_err().field,
            "email"
        );
    }

    #[test]
    fn contact_needs_name_subject_and_message() {
        let ok = Inquiry::contact("Dana", "d@x.org", "Order", "Hello", Some(" 1234 ")).unwrap();
        assert_eq!(
            (ok.channel, ok.order_number.as_deref()),
            (Channel::ContactForm, Some("1234"))
        );
        assert_eq!(
            Inquiry::contact("", "d@x.org", "s", "m", None)
                .unwrap_err()
                .field,
            "name"
        );
        assert_eq!(
            Inquiry::contact("D", "d@x.org", "", "m", None)
                .unwrap_err()
                .field,
            "subject"
        );
        assert_eq!(
            Inquiry::contact("D", "d@x.org", "s", "", None)
                .unwrap_err()
                .field,
            "message"
        );
        assert_eq!(
            Inquiry::contact("D", "d@x.org", "s", "m", Some(&"9".repeat(41)))
                .unwrap_err()
                .field,
            "order_number"
        );
    }

    #[test]
    fn campaign_visits_need_a_parameter() {
        assert_eq!(
            CampaignVisit::parse(None, Some(" "), None, None, None).unwrap(),
            None
        );
        let visit = CampaignVisit::parse(None, Some("email"), Some("spring"), None, None)
            .unwrap()
            .unwrap();
        assert_eq!(
            (visit.medium.as_deref(), visit.campaign.as_deref()),
            (Some("email"), Some("spring"))
        );
        assert_eq!(
            CampaignVisit::parse(None, None, None, Some(&"t".repeat(201)), None)
                .unwrap_err()
                .field,
            "utm_term"
        );
    }

    #[test]
    fn client_errors_are_bounded() {
        assert!(ClientError::parse("boom", "/x", Some(418), None).is_ok());
        assert_eq!(
            ClientError::parse("boom", "/x", Some(99), None)
                .unwrap_err()
                .field,
            "status"
        );
        assert_eq!(
            ClientError::parse("boom", "/x", Some(70_000), None)
                .unwrap_err()
                .field,
            "status"
        );
        assert_eq!(
            ClientError::parse("", "/x", None, None).unwrap_err().field,
            "message"
        );
        assert_eq!(
            ClientError::parse("m", "/x", None, Some(&"d".repeat(MAX_ERROR_DETAIL + 1)))
                .unwrap_err()
                .field,
            "detail"
        );
    }
}
