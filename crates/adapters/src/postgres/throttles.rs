//! The guessing throttles' counts (`Throttles`) in PostgreSQL, so every instance on one
//! database counts the same tries. Each addition is one upsert: the row's lock makes a
//! second instance's addition wait and add to the first's. Keys are kept as their
//! SHA-256: they hold e-mail addresses and client addresses. (A SQLite store is one
//! process: its counts stay in memory, `crate::throttles`.)

use super::{PgStore, corrupt, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use async_trait::async_trait;
use std::time::Duration;
use store_domain::clock::Timestamp;
use store_domain::ports::{StorageError, Throttles};
use store_domain::token::TokenHash;

row! {
    struct WindowRow {
        count: i64,
        ends_at: String,
    }
}

impl WindowRow {
    fn read(self) -> Result<(u64, Timestamp), StorageError> {
        Ok((
            u64::try_from(self.count).map_err(|_| corrupt("throttle count"))?,
            parse_utc_text(&self.ends_at).ok_or_else(|| corrupt("throttle window"))?,
        ))
    }
}

#[async_trait]
impl Throttles for PgStore {
    async fn add(
        &self,
        key: &str,
        add: u32,
        window: Duration,
        now: Timestamp,
    ) -> Result<(u64, Timestamp), StorageError> {
        let row: WindowRow = sqlx::query_as(
            "INSERT INTO throttles (key_hash, count, ends_at) VALUES ($1, $2, $3)
             ON CONFLICT (key_hash) DO UPDATE SET
                 count = CASE WHEN throttles.ends_at <= $4 THEN excluded.count
                              ELSE throttles.count + excluded.count END,
                 ends_at = CASE WHEN throttles.ends_at <= $4 THEN excluded.ends_at
                                ELSE throttles.ends_at END
             RETURNING count, ends_at",
        )
        .bind(TokenHash::of(key).as_str())
        .bind(i64::from(add))
        .bind(utc_text(now.plus(window)))
        .bind(utc_text(now))
        .fetch_one(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        row.read()
    }

    async fn current(
        &self,
        key: &str,
        now: Timestamp,
    ) -> Result<Option<(u64, Timestamp)>, StorageError> {
        let row: Option<WindowRow> = sqlx::query_as(
            "SELECT count, ends_at FROM throttles WHERE key_hash = $1 AND ends_at > $2",
        )
        .bind(TokenHash::of(key).as_str())
        .bind(utc_text(now))
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        row.map(WindowRow::read).transpose()
    }

    async fn forget_ended(&self, now: Timestamp) -> Result<u64, StorageError> {
        let done = sqlx::query("DELETE FROM throttles WHERE ends_at <= $1")
            .bind(utc_text(now))
            .execute(&mut *self.writer().await.map_err(storage)?)
            .await
            .map_err(storage)?;
        Ok(done.rows_affected())
    }
}
