//! Messages for the store's staff from the help chat and the contact form.

use crate::input::{Email, InputError, multiline_text, optional_text, text};

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
            body: multiline_text("message", message, 1, MAX_CHAT_MESSAGE)?,
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
            body: multiline_text("message", message, 1, MAX_CONTACT_MESSAGE)?,
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
