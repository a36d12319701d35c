//! The newsletter sign-up with double opt-in: an address joins as pending and is
//! confirmed by following the link mailed to it, so nobody can sign up someone else.
//!
//! The confirmation token is 128 random bits; only its SHA-256 is stored, so a copy of
//! the database (a backup, a leak) confirms nobody. A token expires, is spent by its
//! confirmation, and an address gets at most one mail per cooldown, so the form cannot
//! be used to flood someone's mailbox. The answer to a sign-up is the same whatever
//! the address's state, so it does not tell who is subscribed.

use crate::input::{Email, InputError};
use crate::language::Language;
use crate::ports::{Clock, Mail, MailError, Mailer, MailingList, StorageError};
pub use crate::token::TokenHash;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum NewsletterError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error(transparent)]
    Mail(#[from] MailError),
}

/// How long a confirmation link works, and how long an address waits between mails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub token_lifetime: Duration,
    pub cooldown: Duration,
}

/// Signs `raw_email` up: unless the address is confirmed or was mailed within the
/// cooldown, it gets `new_token` (replacing any earlier one) and a mail with the link.
/// The outcome is deliberately not returned: every accepted address gets one answer.
/// The mail is in `language`, the one the shopper signed up in.
#[allow(clippy::too_many_arguments)]
pub async fn sign_up(
    list: &dyn MailingList,
    mailer: &dyn Mailer,
    clock: &dyn Clock,
    policy: Policy,
    raw_email: &str,
    new_token: &str,
    confirm_url: &str,
    language: Language,
) -> Result<(), NewsletterError> {
    let email = Email::parse(raw_email)?;
    let now = clock.now();
    let issued = list
        .issue_token(
            &email,
            &TokenHash::of(new_token),
            now,
            now.plus(policy.token_lifetime),
            now.minus(policy.cooldown),
        )
        .await?;
    if issued {
        mailer
            .send(&confirmation_mail(email, confirm_url, new_token, language))
            .await?;
    }
    Ok(())
}

/// Confirms the address the token was mailed to, spending the token; `None` when the
/// token is unknown, spent or expired.
pub async fn confirm(
    list: &dyn MailingList,
    clock: &dyn Clock,
    token: &str,
) -> Result<Option<Email>, NewsletterError> {
    Ok(list
        .confirm(&TokenHash::of(token.trim()), clock.now())
        .await?)
}

fn confirmation_mail(to: Email, confirm_url: &str, token: &str, language: Language) -> Mail {
    let link = format!("{confirm_url}?token={token}");
    let (subject, body) = match language {
        Language::English => (
            "Confirm your newsletter subscription".to_owned(),
            format!(
                "Thanks for signing up. Confirm your subscription by opening this link:\n\n{link}\n\n\
                 If you did not sign up, ignore this mail and you will not hear from us."
            ),
        ),
        Language::Hebrew => (
            "אישור ההרשמה לניוזלטר".to_owned(),
            format!(
                "תודה שנרשמתם. כדי לאשר את ההרשמה, פתחו את הקישור הזה:\n\n{link}\n\n\
                 אם לא נרשמתם, התעלמו מההודעה ולא נכתוב לכם שוב."
            ),
        ),
    };
    Mail { to, subject, body }
}
