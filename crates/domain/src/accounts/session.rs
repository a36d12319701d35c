//! The account use cases. Secrets (session tokens, reset links, registration codes)
//! come in from the caller, which draws them from a secure random source; storage
//! only ever sees their hashes.

use super::customer::{Customer, NewCustomer, Password, Profile};
use crate::input::{Email, InputError};
use crate::language::Language;
use crate::ports::{
    Accounts, Clock, Mail, MailError, Mailer, PasswordError, Passwords, PendingRegistration,
    StorageError,
};
use crate::token::TokenHash;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error(transparent)]
    Input(#[from] InputError),
    /// A sign-in whose address or password is wrong; which one is not said.
    #[error("the e-mail address or the password is not right")]
    WrongCredentials,
    /// A registration code that is wrong, spent, expired or tried too often.
    #[error("this code is not right or has expired: register again for a new one")]
    WrongCode,
    /// A reset link that is unknown, spent or expired.
    #[error("this reset link has expired or was already used: ask for a new one")]
    ExpiredLink,
    /// A session that ended (or never was) while the customer acted.
    #[error("you are not signed in")]
    SignedOut,
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error(transparent)]
    Mail(#[from] MailError),
    #[error(transparent)]
    Password(#[from] PasswordError),
}

/// How long sessions, reset links and registration codes live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    pub session_lifetime: Duration,
    pub reset_lifetime: Duration,
    pub code_lifetime: Duration,
    /// Wrong codes a registration survives: a six-digit code then holds against guessing.
    pub code_attempts: u32,
}

/// Where the mails send the shopper.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Links {
    /// The reset page; the mail appends the link's token as a path segment.
    pub reset_password: String,
    pub sign_in: String,
    pub store_name: String,
}

/// Registration, step one: checks the input and mails the address. A new address gets
/// a code to finish with (`confirm_registration`); an address that has an account gets
/// a note saying so, with the ways to sign in. The password is hashed either way, so
/// the two cost the same and the answer says nothing about the address.
#[allow(clippy::too_many_arguments)]
pub async fn register(
    accounts: &dyn Accounts,
    passwords: &dyn Passwords,
    mailer: &dyn Mailer,
    clock: &dyn Clock,
    policy: Policy,
    links: &Links,
    new: NewCustomer,
    code: &str,
    language: Language,
) -> Result<(), AccountError> {
    let password_hash = passwords.hash(&new.password).await?;
    if accounts.customer_by_email(&new.email).await?.is_some() {
        mailer
            .send(&already_registered_mail(&new.email, links, language))
            .await?;
        return Ok(());
    }
    accounts
        .hold_registration(&PendingRegistration {
            email: new.email.clone(),
            name: new.name,
            password_hash,
            code: TokenHash::of(code),
            expires_at: clock.now().plus(policy.code_lifetime),
        })
        .await?;
    mailer
        .send(&code_mail(
            &new.email,
            code,
            policy.code_lifetime,
            links,
            language,
        ))
        .await?;
    Ok(())
}

/// Registration, step two: the mailed code creates the account and signs it in.
pub async fn confirm_registration(
    accounts: &dyn Accounts,
    clock: &dyn Clock,
    policy: Policy,
    email: &str,
    code: &str,
    session: &str,
) -> Result<Customer, AccountError> {
    let email = Email::parse(email)?;
    let now = clock.now();
    let customer = accounts
        .confirm_registration(
            &email,
            &TokenHash::of(code.trim()),
            now,
            policy.code_attempts,
        )
        .await?
        .ok_or(AccountError::WrongCode)?;
    start(accounts, policy, now, customer, session).await
}

/// Signs in with an address and a password, starting a session with token `session`.
pub async fn log_in(
    accounts: &dyn Accounts,
    passwords: &dyn Passwords,
    clock: &dyn Clock,
    policy: Policy,
    email: &str,
    password: &str,
    session: &str,
) -> Result<Customer, AccountError> {
    let email = Email::parse(email)?;
    let password = Password::given(password)?;
    let found = accounts.credentials(&email).await?;
    let hash = found.as_ref().map(|(_, hash)| hash.as_str());
    if !passwords.verify(&password, hash).await {
        return Err(AccountError::WrongCredentials);
    }
    let (customer, _) = found.ok_or(AccountError::WrongCredentials)?;
    start(accounts, policy, clock.now(), customer, session).await
}

async fn start(
    accounts: &dyn Accounts,
    policy: Policy,
    now: crate::clock::Timestamp,
    customer: Customer,
    session: &str,
) -> Result<Customer, AccountError> {
    accounts
        .start_session(
            customer.id,
            &TokenHash::of(session),
            now,
            now.plus(policy.session_lifetime),
        )
        .await?;
    Ok(customer)
}

/// The customer of the session with token `session`, if it is still valid.
pub async fn current_customer(
    accounts: &dyn Accounts,
    clock: &dyn Clock,
    session: &str,
) -> Result<Option<Customer>, AccountError> {
    Ok(accounts
        .session_customer(&TokenHash::of(session), clock.now())
        .await?)
}

pub async fn log_out(accounts: &dyn Accounts, session: &str) -> Result<(), AccountError> {
    Ok(accounts.end_session(&TokenHash::of(session)).await?)
}

pub async fn update_profile(
    accounts: &dyn Accounts,
    customer: &Customer,
    profile: Profile,
) -> Result<Customer, AccountError> {
    accounts
        .update_name(customer.id, &profile.name)
        .await?
        .ok_or(AccountError::SignedOut)
}

/// Mails a reset link if the address has an account; says nothing either way.
#[allow(clippy::too_many_arguments)]
pub async fn forgot_password(
    accounts: &dyn Accounts,
    mailer: &dyn Mailer,
    clock: &dyn Clock,
    policy: Policy,
    links: &Links,
    email: &str,
    link: &str,
    language: Language,
) -> Result<(), AccountError> {
    let email = Email::parse(email)?;
    let Some(customer) = accounts.customer_by_email(&email).await? else {
        return Ok(());
    };
    accounts
        .issue_reset(
            customer.id,
            &TokenHash::of(link),
            clock.now().plus(policy.reset_lifetime),
        )
        .await?;
    mailer
        .send(&reset_mail(
            &email,
            link,
            policy.reset_lifetime,
            links,
            language,
        ))
        .await?;
    Ok(())
}

/// Sets a new password with a reset link, ends every other session of the account and
/// signs in with a new one (spec 4.3: a reset returns the customer, signed in).
pub async fn reset_password(
    accounts: &dyn Accounts,
    passwords: &dyn Passwords,
    clock: &dyn Clock,
    policy: Policy,
    link: &str,
    password: &str,
    session: &str,
) -> Result<Customer, AccountError> {
    let password = Password::new_password(password)?;
    let now = clock.now();
    let link = TokenHash::of(link.trim());
    // A made-up link must cost no hash: hashing is what a flood would spend.
    if !accounts.reset_link_works(&link, now).await? {
        return Err(AccountError::ExpiredLink);
    }
    let hash = passwords.hash(&password).await?;
    let customer = accounts
        .reset_password(&link, &hash, now)
        .await?
        .ok_or(AccountError::ExpiredLink)?;
    start(accounts, policy, now, customer, session).await
}

fn minutes(span: Duration) -> u64 {
    span.as_secs().div_ceil(60)
}

fn code_mail(
    to: &Email,
    code: &str,
    lifetime: Duration,
    links: &Links,
    language: Language,
) -> Mail {
    let (minutes, store) = (minutes(lifetime), &links.store_name);
    // The code is not in the subject: subjects are logged and shown in mailbox lists.
    let (subject, body) = match language {
        Language::English => (
            format!("Your {store} sign-up code"),
            format!(
                "Enter this code to finish creating your account:\n\n{code}\n\n\
                 It works for {minutes} minutes. If you did not ask for an account, ignore this mail."
            ),
        ),
        Language::Hebrew => (
            format!("קוד ההרשמה שלך ל־{store}"),
            format!(
                "הזינו את הקוד הזה כדי לסיים ליצור את החשבון:\n\n{code}\n\n\
                 הוא תקף {minutes} דקות. אם לא ביקשתם חשבון, התעלמו מההודעה."
            ),
        ),
    };
    Mail {
        to: to.clone(),
        subject,
        body,
    }
}

fn already_registered_mail(to: &Email, links: &Links, language: Language) -> Mail {
    let (store, sign_in) = (&links.store_name, &links.sign_in);
    let (subject, body) = match language {
        Language::English => (
            format!("You already have a {store} account"),
            format!(
                "Someone, probably you, tried to create an account with this address, which \
                 already has one.\n\nSign in: {sign_in}\n\nForgot your password? You can set a new one \
                 from the sign-in page. If this was not you, ignore this mail."
            ),
        ),
        Language::Hebrew => (
            format!("כבר יש לך חשבון ב־{store}"),
            format!(
                "מישהו, כנראה את או אתה, ניסה ליצור חשבון עם הכתובת הזאת, שכבר יש לה חשבון.\n\n\
                 התחברות: {sign_in}\n\nשכחתם את הסיסמה? אפשר לבחור סיסמה חדשה מדף ההתחברות. \
                 אם זה לא הייתם אתם, התעלמו מההודעה."
            ),
        ),
    };
    Mail {
        to: to.clone(),
        subject,
        body,
    }
}

fn reset_mail(
    to: &Email,
    link: &str,
    lifetime: Duration,
    links: &Links,
    language: Language,
) -> Mail {
    let (minutes, store) = (minutes(lifetime), &links.store_name);
    let url = format!("{}/{link}", links.reset_password.trim_end_matches('/'));
    let (subject, body) = match language {
        Language::English => (
            format!("Reset your {store} password"),
            format!(
                "Open this link to choose a new password:\n\n{url}\n\n\
                 It works once, for {minutes} minutes. If you did not ask, ignore this mail: your \
                 password stays as it is."
            ),
        ),
        Language::Hebrew => (
            format!("איפוס הסיסמה שלך ב־{store}"),
            format!(
                "פתחו את הקישור הזה כדי לבחור סיסמה חדשה:\n\n{url}\n\n\
                 הוא עובד פעם אחת, במשך {minutes} דקות. אם לא ביקשתם, התעלמו מההודעה: \
                 הסיסמה שלכם נשארת כפי שהיא."
            ),
        ),
    };
    Mail {
        to: to.clone(),
        subject,
        body,
    }
}
