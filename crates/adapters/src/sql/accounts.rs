//! Customers, sessions, pending registrations and reset links, on either engine (this
//! file is compiled into `sqlite` and `postgres`, see `sql/README.md`). Every write
//! that decides something (a code's attempts, a link's single use) is one conditional
//! statement or one short write transaction, so two requests at once cannot both pass.

use super::{Store, corrupt, storage};
use crate::clock::utc_text;
use crate::rows::row;
use async_trait::async_trait;
use store_domain::accounts::Customer;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::ports::{Accounts, PendingRegistration, StorageError};
use store_domain::token::TokenHash;

row! {
    struct CustomerRow {
        id: i64,
        email: String,
        name: String,
    }
}

impl CustomerRow {
    fn customer(self) -> Result<Customer, StorageError> {
        Ok(Customer {
            id: self.id,
            email: Email::parse(&self.email).map_err(|_| corrupt("customer e-mail"))?,
            name: self.name,
        })
    }
}

row! {
    struct CredentialRow {
        id: i64,
        email: String,
        name: String,
        password_hash: String,
    }
}

row! {
    struct PendingRow {
        name: String,
        password_hash: String,
        code_hash: String,
    }
}

fn customer(row: Option<CustomerRow>) -> Result<Option<Customer>, StorageError> {
    row.map(CustomerRow::customer).transpose()
}

#[async_trait]
impl Accounts for Store {
    async fn customer_by_email(&self, email: &Email) -> Result<Option<Customer>, StorageError> {
        customer(
            sqlx::query_as("SELECT id, email, name FROM customers WHERE email = $1")
                .bind(email.as_str())
                .fetch_optional(&self.pool)
                .await
                .map_err(storage)?,
        )
    }

    async fn credentials(&self, email: &Email) -> Result<Option<(Customer, String)>, StorageError> {
        let row: Option<CredentialRow> =
            sqlx::query_as("SELECT id, email, name, password_hash FROM customers WHERE email = $1")
                .bind(email.as_str())
                .fetch_optional(&self.pool)
                .await
                .map_err(storage)?;
        row.map(|r| {
            let found = CustomerRow {
                id: r.id,
                email: r.email,
                name: r.name,
            };
            Ok((found.customer()?, r.password_hash))
        })
        .transpose()
    }

    async fn hold_registration(&self, p: &PendingRegistration) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO pending_registrations
                 (email, name, password_hash, code_hash, expires_at, wrong_codes)
             VALUES ($1, $2, $3, $4, $5, 0)
             ON CONFLICT (email) DO UPDATE SET
                 name = excluded.name, password_hash = excluded.password_hash,
                 code_hash = excluded.code_hash, expires_at = excluded.expires_at,
                 wrong_codes = 0",
        )
        .bind(p.email.as_str())
        .bind(&p.name)
        .bind(&p.password_hash)
        .bind(p.code.as_str())
        .bind(utc_text(p.expires_at))
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn confirm_registration(
        &self,
        email: &Email,
        code: &TokenHash,
        now: Timestamp,
        max_attempts: u32,
    ) -> Result<Option<Customer>, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        // Counting the try first means a guess costs an attempt even when it is right.
        let pending: Option<PendingRow> = sqlx::query_as(
            "UPDATE pending_registrations SET wrong_codes = wrong_codes + 1
             WHERE email = $1 AND expires_at > $2 AND wrong_codes < $3
             RETURNING name, password_hash, code_hash",
        )
        .bind(email.as_str())
        .bind(utc_text(now))
        .bind(i64::from(max_attempts))
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        let Some(pending) = pending.filter(|p| p.code_hash == code.as_str()) else {
            tx.commit().await.map_err(storage)?;
            return Ok(None);
        };
        sqlx::query("DELETE FROM pending_registrations WHERE email = $1")
            .bind(email.as_str())
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        // An address registered meanwhile keeps its account; the code then does nothing.
        let created: Option<CustomerRow> = sqlx::query_as(
            "INSERT INTO customers (email, name, password_hash, created_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING
             RETURNING id, email, name",
        )
        .bind(email.as_str())
        .bind(&pending.name)
        .bind(&pending.password_hash)
        .bind(utc_text(now))
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        tx.commit().await.map_err(storage)?;
        customer(created)
    }

    async fn start_session(
        &self,
        customer: i64,
        token: &TokenHash,
        now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<(), StorageError> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, customer_id, created_at, expires_at)
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token.as_str())
        .bind(customer)
        .bind(utc_text(now))
        .bind(utc_text(expires_at))
        .execute(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        Ok(())
    }

    async fn session_customer(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<Option<Customer>, StorageError> {
        customer(
            sqlx::query_as(
                "SELECT c.id, c.email, c.name FROM sessions s
                 JOIN customers c ON c.id = s.customer_id
                 WHERE s.token_hash = $1 AND s.expires_at > $2",
            )
            .bind(token.as_str())
            .bind(utc_text(now))
            .fetch_optional(&self.pool)
            .await
            .map_err(storage)?,
        )
    }

    async fn end_session(&self, token: &TokenHash) -> Result<(), StorageError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token.as_str())
            .execute(&mut *self.writer().await.map_err(storage)?)
            .await
            .map_err(storage)?;
        Ok(())
    }

    async fn update_name(
        &self,
        customer_id: i64,
        name: &str,
    ) -> Result<Option<Customer>, StorageError> {
        customer(
            sqlx::query_as(
                "UPDATE customers SET name = $2 WHERE id = $1 RETURNING id, email, name",
            )
            .bind(customer_id)
            .bind(name)
            .fetch_optional(&mut *self.writer().await.map_err(storage)?)
            .await
            .map_err(storage)?,
        )
    }

    async fn issue_reset(
        &self,
        customer: i64,
        token: &TokenHash,
        expires_at: Timestamp,
    ) -> Result<(), StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        sqlx::query("DELETE FROM password_resets WHERE customer_id = $1")
            .bind(customer)
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        sqlx::query(
            "INSERT INTO password_resets (token_hash, customer_id, expires_at) VALUES ($1, $2, $3)",
        )
        .bind(token.as_str())
        .bind(customer)
        .bind(utc_text(expires_at))
        .execute(&mut *tx)
        .await
        .map_err(storage)?;
        tx.commit().await.map_err(storage)
    }

    async fn reset_link_works(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<bool, StorageError> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT customer_id FROM password_resets WHERE token_hash = $1 AND expires_at > $2",
        )
        .bind(token.as_str())
        .bind(utc_text(now))
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        Ok(found.is_some())
    }

    async fn reset_password(
        &self,
        token: &TokenHash,
        password_hash: &str,
        now: Timestamp,
    ) -> Result<Option<Customer>, StorageError> {
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        // Deleting the link is what spends it: a second use finds nothing.
        let owner: Option<i64> = sqlx::query_scalar(
            "DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2
             RETURNING customer_id",
        )
        .bind(token.as_str())
        .bind(utc_text(now))
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        let Some(owner) = owner else {
            tx.commit().await.map_err(storage)?;
            return Ok(None);
        };
        let updated: Option<CustomerRow> = sqlx::query_as(
            "UPDATE customers SET password_hash = $2 WHERE id = $1 RETURNING id, email, name",
        )
        .bind(owner)
        .bind(password_hash)
        .fetch_optional(&mut *tx)
        .await
        .map_err(storage)?;
        for statement in [
            "DELETE FROM sessions WHERE customer_id = $1",
            "DELETE FROM password_resets WHERE customer_id = $1",
        ] {
            sqlx::query(statement)
                .bind(owner)
                .execute(&mut *tx)
                .await
                .map_err(storage)?;
        }
        tx.commit().await.map_err(storage)?;
        customer(updated)
    }

    async fn purge_expired(&self, now: Timestamp) -> Result<u64, StorageError> {
        let now = utc_text(now);
        let mut writer = self.writer().await.map_err(storage)?;
        let mut tx = super::begin_write(&mut writer).await.map_err(storage)?;
        let mut removed = 0;
        for statement in [
            "DELETE FROM sessions WHERE expires_at <= $1",
            "DELETE FROM pending_registrations WHERE expires_at <= $1",
            "DELETE FROM password_resets WHERE expires_at <= $1",
        ] {
            removed += sqlx::query(statement)
                .bind(&now)
                .execute(&mut *tx)
                .await
                .map_err(storage)?
                .rows_affected();
        }
        tx.commit().await.map_err(storage)?;
        Ok(removed)
    }
}
