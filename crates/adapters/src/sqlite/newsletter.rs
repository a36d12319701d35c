//! The newsletter's subscribers.

use super::{SqliteStore, corrupt, storage};
use async_trait::async_trait;
use store_domain::input::Email;
use store_domain::newsletter::SignUp;
use store_domain::ports::{MailingList, StorageError};

#[async_trait]
impl MailingList for SqliteStore {
    async fn sign_up(&self, email: &Email, token: &str) -> Result<SignUp, StorageError> {
        // Insert-if-absent, then read back: one statement each, safe under concurrent
        // sign-ups of the same address.
        let inserted = sqlx::query("INSERT INTO newsletter_subscribers (email, token) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING")
            .bind(email.as_str())
            .bind(token)
            .execute(&self.pool)
            .await
            .map_err(storage)?
            .rows_affected()
            == 1;
        let (stored_token, confirmed_at): (String, Option<String>) = sqlx::query_as(
            "SELECT token, confirmed_at FROM newsletter_subscribers WHERE email = $1",
        )
        .bind(email.as_str())
        .fetch_one(&self.pool)
        .await
        .map_err(storage)?;
        Ok(match confirmed_at {
            Some(_) => SignUp::Confirmed,
            None => SignUp::Pending {
                token: stored_token,
                new: inserted,
            },
        })
    }

    async fn confirm(&self, token: &str) -> Result<Option<Email>, StorageError> {
        let email: Option<String> = sqlx::query_scalar(
            "UPDATE newsletter_subscribers SET confirmed_at = COALESCE(confirmed_at, CURRENT_TIMESTAMP)
             WHERE token = $1 RETURNING email",
        )
        .bind(token)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        email
            .map(|e| Email::parse(&e).map_err(|_| corrupt("subscriber e-mail")))
            .transpose()
    }
}
