//! Helpers of the statements both engines share (see `README.md`), compiled into each
//! engine's module, where `super::Db` is that engine.

use super::{Db, storage};
use sqlx::Transaction;
use store_domain::ports::StorageError;

/// Rows were validated on the way in; one that no longer parses means the database
/// was edited by hand, which is a storage fault, not the shopper's.
pub(super) fn corrupt(what: &str) -> StorageError {
    StorageError::Storage(format!("stored {what} is invalid"))
}

/// Runs `statement`, whose one parameter is a customer's id, in `tx`: what clearing a
/// customer's default address or card is.
pub(super) async fn execute_for(
    tx: &mut Transaction<'_, Db>,
    statement: &'static str,
    customer: i64,
) -> Result<(), StorageError> {
    sqlx::query(statement)
        .bind(customer)
        .execute(&mut **tx)
        .await
        .map_err(storage)?;
    Ok(())
}

/// Counts with `statement` (`SELECT COUNT(*) ... WHERE customer_id = $1`) in `tx`.
pub(super) async fn count_for(
    tx: &mut Transaction<'_, Db>,
    statement: &'static str,
    customer: i64,
) -> Result<usize, StorageError> {
    let count: i64 = sqlx::query_scalar(statement)
        .bind(customer)
        .fetch_one(&mut **tx)
        .await
        .map_err(storage)?;
    Ok(usize::try_from(count).unwrap_or(usize::MAX))
}

pub(super) fn limit(n: u32) -> i64 {
    i64::from(n)
}
