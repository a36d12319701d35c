//! Purging the tables that anonymous writes grow (see `store_domain::retention`).

use super::{Store, storage};
use crate::clock::utc_text;
use sqlx::AssertSqlSafe;
use store_domain::ports::StorageError;
use store_domain::retention::Purge;

/// Rows deleted per statement: each statement is its own short write, so shoppers'
/// writes get the database between them even when a first purge removes millions.
const BATCH: i64 = 2_000;

/// A table of records in arrival order: ids grow with arrival, and `received` holds
/// the arrival time. Names are this crate's constants, never input.
pub(super) struct Journal {
    pub table: &'static str,
    pub received: &'static str,
}

pub(super) const INQUIRIES: Journal = Journal {
    table: "inquiries",
    received: "received_at",
};
pub(super) const CAMPAIGN_VISITS: Journal = Journal {
    table: "campaign_visits",
    received: "visited_at",
};
pub(super) const CLIENT_ERRORS: Journal = Journal {
    table: "client_errors",
    received: "received_at",
};

impl Store {
    /// Deletes the rows of `journal` that `purge` does not keep, oldest first.
    pub(super) async fn purge_journal(
        &self,
        journal: &Journal,
        purge: Purge,
    ) -> Result<u64, StorageError> {
        let Journal { table, received } = journal;
        // The newest row with `keep_newest` rows after it: it and every older row go.
        let beyond_limit: Option<i64> = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT id FROM {table} ORDER BY id DESC LIMIT 1 OFFSET $1"
        )))
        .bind(i64::from(purge.keep_newest))
        .fetch_optional(&mut *self.writer().await.map_err(storage)?)
        .await
        .map_err(storage)?;
        let delete = format!(
            "DELETE FROM {table} WHERE id IN (SELECT id FROM {table}
                 WHERE id <= $1 OR {received} < $2 ORDER BY id LIMIT $3)"
        );
        let mut removed = 0;
        loop {
            let batch = sqlx::query(AssertSqlSafe(delete.as_str()))
                .bind(beyond_limit.unwrap_or(0))
                .bind(utc_text(purge.received_before))
                .bind(BATCH)
                .execute(&mut *self.writer().await.map_err(storage)?)
                .await
                .map_err(storage)?
                .rows_affected();
            removed += batch;
            if batch < BATCH as u64 {
                return Ok(removed);
            }
        }
    }
}
