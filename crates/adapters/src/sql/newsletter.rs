//! Newsletter subscribers: token hashes with expiry, spent on confirmation, and the
//! time of each address's last mail for its cooldown.

use super::Store;
use super::{corrupt, storage};
use crate::clock::utc_text;
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::newsletter::TokenHash;
use store_domain::ports::{MailingList, StorageError};

#[async_trait]
impl MailingList for Store {
    async fn issue_token(
        &self,
        email: &Email,
        token: &TokenHash,
        now: Timestamp,
        expires_at: Timestamp,
        quiet_since: Timestamp,
    ) -> Result<bool, StorageError> {
        // One conditional statement: two sign-ups of one address at once cannot both
        // pass the cooldown.
        let issued = sqlx::query(
            "INSERT INTO newsletter_subscribers
                 (email, token_hash, token_expires_at, last_mailed_at, signed_up_at)
             VALUES ($1, $2, $3, $4, $4)
             ON CONFLICT (email) DO UPDATE SET
                 token_hash = excluded.token_hash,
                 token_expires_at = excluded.token_expires_at,
                 last_mailed_at = excluded.last_mailed_at
             WHERE newsletter_subscribers.confirmed_at IS NULL
               AND (newsletter_subscribers.last_mailed_at IS NULL
                    OR newsletter_subscribers.last_mailed_at <= $5)",
        )
        .bind(email.as_str())
        .bind(token.as_str())
        .bind(utc_text(expires_at))
        .bind(utc_text(now))
        .bind(utc_text(quiet_since))
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?
        .rows_affected();
        Ok(issued == 1)
    }

    async fn confirm(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<Option<Email>, StorageError> {
        let email: Option<String> = sqlx::query_scalar(
            "UPDATE newsletter_subscribers
             SET confirmed_at = $2, token_hash = NULL, token_expires_at = NULL
             WHERE token_hash = $1 AND token_expires_at > $2
             RETURNING email",
        )
        .bind(token.as_str())
        .bind(utc_text(now))
        .fetch_optional(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        email
            .map(|e| Email::parse(&e).map_err(|_| corrupt("subscriber e-mail")))
            .transpose()
    }

    async fn purge_pending(&self, now: Timestamp, keep_newest: u32) -> Result<u64, StorageError> {
        let now = utc_text(now);
        let expired = sqlx::query(
            "DELETE FROM newsletter_subscribers
             WHERE confirmed_at IS NULL AND (token_expires_at IS NULL OR token_expires_at <= $1)",
        )
        .bind(&now)
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?
        .rows_affected();
        // Every pending address left holds a live token, so has a last mail time. The
        // first address past the limit, in (newest mail, address) order, and all after it go.
        let first_beyond: Option<(String, String)> = sqlx::query_as(
            "SELECT last_mailed_at, email FROM newsletter_subscribers WHERE confirmed_at IS NULL
             ORDER BY last_mailed_at DESC, email LIMIT 1 OFFSET $1",
        )
        .bind(i64::from(keep_newest))
        .fetch_optional(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        let Some((mailed_at, email)) = first_beyond else {
            return Ok(expired);
        };
        let beyond = sqlx::query(
            "DELETE FROM newsletter_subscribers WHERE confirmed_at IS NULL
             AND (last_mailed_at < $1 OR (last_mailed_at = $1 AND email >= $2))",
        )
        .bind(mailed_at)
        .bind(email)
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?
        .rows_affected();
        Ok(expired + beyond)
    }
}
