//! The newsletter sign-up with double opt-in: an address joins as pending and is
//! confirmed by following the link mailed to it, so nobody can sign up someone else.

use crate::input::{Email, InputError};
use crate::ports::{Mail, MailError, Mailer, MailingList, StorageError};

#[derive(Debug, thiserror::Error)]
pub enum NewsletterError {
    #[error(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error(transparent)]
    Mail(#[from] MailError),
}

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

/// Signs `raw_email` up. A pending address gets its confirmation mail again, so a
/// shopper who lost the first one only has to sign up again.
pub async fn sign_up(
    list: &dyn MailingList,
    mailer: &dyn Mailer,
    raw_email: &str,
    new_token: &str,
    confirm_url: &str,
) -> Result<SignUp, NewsletterError> {
    let email = Email::parse(raw_email)?;
    let outcome = list.sign_up(&email, new_token).await?;
    if let SignUp::Pending { token, .. } = &outcome {
        mailer
            .send(&confirmation_mail(email, confirm_url, token))
            .await?;
    }
    Ok(outcome)
}

fn confirmation_mail(to: Email, confirm_url: &str, token: &str) -> Mail {
    Mail {
        to,
        subject: "Confirm your newsletter subscription".into(),
        body: format!(
            "Thanks for signing up. Confirm your subscription by opening this link:\n\n{confirm_url}?token={token}\n\n\
             If you did not sign up, ignore this mail and you will not hear from us."
        ),
    }
}
