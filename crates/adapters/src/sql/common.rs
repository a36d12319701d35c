//! Helpers of the statements both engines share (see `README.md`), compiled into each
//! engine's module, where `super::Db` is that engine.

use super::{Db, is_busy, storage};
use crate::rows::row;
use sqlx::Transaction;
use store_domain::ports::{CatalogError, StorageError};

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

/// A condition true of bundle `b` when none of its items is hidden: a bundle holding a
/// hidden product is out of sight and off sale with it. A fragment of the catalogue's
/// statements, never input.
pub(super) const BUNDLE_ON_SHOW: &str = "NOT EXISTS (SELECT 1 FROM bundle_items hi
    JOIN products hp ON hp.id = hi.product_id WHERE hi.bundle_id = b.id AND hp.hidden <> 0)";

/// Constraint failures mean the import contradicts itself or the store; anything else
/// is the storage failing.
pub(super) fn catalog_error(err: sqlx::Error) -> CatalogError {
    if is_busy(&err) {
        return CatalogError::Busy;
    }
    match err.as_database_error() {
        Some(db)
            if matches!(
                db.kind(),
                sqlx::error::ErrorKind::ForeignKeyViolation
                    | sqlx::error::ErrorKind::UniqueViolation
                    | sqlx::error::ErrorKind::CheckViolation
                    | sqlx::error::ErrorKind::NotNullViolation
            ) =>
        {
            CatalogError::Rejected(db.message().to_owned())
        }
        _ => CatalogError::Storage(err.to_string()),
    }
}

pub(super) fn limit(n: u32) -> i64 {
    i64::from(n)
}

/// Paragraphs are stored as one text, separated by a blank line.
const PARAGRAPH_BREAK: &str = "\n\n";

pub(super) fn join_paragraphs(paragraphs: &[String]) -> String {
    paragraphs.join(PARAGRAPH_BREAK)
}

pub(super) fn split_paragraphs(text: &str) -> Vec<String> {
    text.split(PARAGRAPH_BREAK)
        .filter(|p| !p.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

row! {
    /// A filter of a product or an option of a variation: `owner` is the product's
    /// or the variation's id.
    #[derive(Clone)]
    pub(super) struct PairRow {
        owner: i64,
        name: String,
        value: String,
        heb_name: Option<String>,
        heb_value: Option<String>,
    }
}

impl From<PairRow> for store_domain::catalog::NameValue {
    fn from(r: PairRow) -> Self {
        Self {
            name: r.name,
            value: r.value,
            heb_name: r.heb_name,
            heb_value: r.heb_value,
        }
    }
}
