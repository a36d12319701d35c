//! Write transactions run in one call on the writer's SQLite handle.
//!
//! sqlx runs each SQLite connection on a thread of its own and carries every statement
//! to that thread and its answer back: two thread wake-ups per statement. Placing an
//! order writes about twenty statements, and under load the writer's turn was mostly
//! those hand-offs, not SQLite's work (docs/decisions.md, "The writer's turn"). Here a
//! write transaction borrows the writer's handle from sqlx's thread once
//! (`lock_handle`) and runs whole, through rusqlite, on the calling thread: one
//! hand-off per transaction, and SQLite's own microseconds for each statement.
//!
//! It is the same connection as the sqlx writer, behind the same lock, so the writes
//! still take turns in one queue, and sqlx's queued work (the rollback of a transaction
//! dropped uncommitted) runs before the handle is lent.

use super::storage;
use rusqlite::{TransactionBehavior, ffi};
use sqlx::SqliteConnection;
use store_domain::ports::StorageError;

/// A write transaction on the writer's handle.
pub(super) type DirectTx<'c> = rusqlite::Transaction<'c>;

/// The writing connection: sqlx's, and the same handle as rusqlite sees it.
pub(super) struct WriterConnection {
    /// rusqlite's view of `conn`'s handle, made at the first direct write; it keeps
    /// the prepared statements of the direct writes. Declared first so it drops
    /// first: sqlx closes the handle with `sqlite3_close`, which refuses (and sqlx
    /// panics) while statements prepared on it are open.
    direct: Option<rusqlite::Connection>,
    pub(super) conn: SqliteConnection,
}

impl WriterConnection {
    pub(super) fn new(conn: SqliteConnection) -> Self {
        WriterConnection { direct: None, conn }
    }

    /// Finalises the direct statements, then closes the connection.
    pub(super) async fn close(mut self) -> Result<(), sqlx::Error> {
        drop(self.direct.take());
        sqlx::Connection::close(self.conn).await
    }

    /// Runs `work` in a `BEGIN IMMEDIATE` transaction on this thread, committing
    /// when it answers `Ok` and rolling back when it answers `Err`.
    pub(super) async fn write<T, E>(
        &mut self,
        work: impl FnOnce(&DirectTx<'_>) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StorageError> + From<rusqlite::Error>,
    {
        let mut locked = self.conn.lock_handle().await.map_err(storage)?;
        let direct = match &mut self.direct {
            Some(direct) => direct,
            empty => {
                let handle = locked.as_raw_handle().as_ptr();
                // SAFETY: `handle` is the open connection `self.conn` owns, and the
                // rusqlite connection made from it lives in `self` beside it, dropped
                // first (see the field), and does not close it. It is used only while
                // `lock_handle`'s guard keeps sqlx's thread off the handle. The writer
                // is opened serialized (SQLITE_OPEN_FULLMUTEX), so even dropping it,
                // which finalises its statements, is safe from any thread.
                #[allow(unsafe_code)]
                let made = unsafe { rusqlite::Connection::from_handle(handle) };
                empty.insert(made?)
            }
        };
        let tx = direct.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let done = work(&tx)?;
        tx.commit()?;
        drop(locked);
        Ok(done)
    }
}

/// A direct write's failure, as storage answers it (rusqlite's errors cannot convert
/// to the domain's `StorageError` themselves).
pub(super) struct Failed(pub(super) StorageError);

impl From<rusqlite::Error> for Failed {
    fn from(e: rusqlite::Error) -> Self {
        Failed(direct_storage(e))
    }
}

impl From<StorageError> for Failed {
    fn from(e: StorageError) -> Self {
        Failed(e)
    }
}

impl From<Failed> for StorageError {
    fn from(e: Failed) -> Self {
        e.0
    }
}

/// A direct write's failure: "busy, retry" when the database stayed locked past the
/// busy timeout, as for sqlx's writes (`storage`).
pub(super) fn direct_storage(err: rusqlite::Error) -> StorageError {
    match err.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy) => StorageError::Busy,
        _ => StorageError::Storage(err.to_string()),
    }
}

/// Whether `err` is a UNIQUE constraint on `table.column` refusing a row.
pub(super) fn is_unique_violation(err: &rusqlite::Error, table_column: &str) -> bool {
    match err {
        rusqlite::Error::SqliteFailure(e, Some(message)) => {
            e.extended_code == ffi::SQLITE_CONSTRAINT_UNIQUE
                && message.ends_with(&format!(": {table_column}"))
        }
        _ => false,
    }
}
