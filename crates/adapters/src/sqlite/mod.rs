//! SQLite through sqlx: the store's embedded default database.
//!
//! The SQL is kept portable (integer cents, ISO dates as text, `$n` placeholders in
//! order of appearance, no SQLite-only functions) so a PostgreSQL module can share
//! the same statements and pass the same contract tests.

mod campaigns;
mod catalog_read;
mod catalog_write;
mod client_errors;
mod messages;
mod newsletter;
mod search_documents;
mod search_log;

use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::str::FromStr;
use std::time::Duration;
use store_domain::ports::{CatalogError, StorageError};

/// One SQLite database, shared by every port it implements.
#[derive(Clone)]
pub struct SqliteStore {
    pool: SqlitePool,
}

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("invalid database URL {url:?}: {source}")]
    Url { url: String, source: sqlx::Error },
    #[error("cannot create the database folder {path}: {source}")]
    Folder {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot open the database: {0}")]
    Connect(sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl SqliteStore {
    /// Opens (creating if needed, with its folder) the database at `url`, e.g.
    /// `sqlite://data/store.db`, in WAL mode with foreign keys enforced.
    pub async fn open(url: &str, max_connections: u32) -> Result<Self, OpenError> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|source| OpenError::Url {
                url: url.to_owned(),
                source,
            })?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // WAL with NORMAL sync is durable across application crashes and loses at
            // most the last transactions on power loss: the usual trade for a web store.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        if let Some(folder) = options
            .get_filename()
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
        {
            std::fs::create_dir_all(folder).map_err(|source| OpenError::Folder {
                path: folder.display().to_string(),
                source,
            })?;
        }
        let pool = SqlitePoolOptions::new()
            .max_connections(max_connections.max(1))
            .connect_with(options)
            .await
            .map_err(OpenError::Connect)?;
        Ok(SqliteStore { pool })
    }

    /// Brings the schema up to date; safe to run on every start.
    pub async fn migrate(&self) -> Result<(), OpenError> {
        sqlx::migrate!("./migrations").run(&self.pool).await?;
        Ok(())
    }

    /// Closes every connection, checkpointing the WAL; call on shutdown.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Constraint failures mean the import contradicts itself or the store; anything else
/// is the storage failing.
fn catalog_error(err: sqlx::Error) -> CatalogError {
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

/// Paragraphs are stored as one text, separated by a blank line.
const PARAGRAPH_BREAK: &str = "\n\n";

fn join_paragraphs(paragraphs: &[String]) -> String {
    paragraphs.join(PARAGRAPH_BREAK)
}

fn split_paragraphs(text: &str) -> Vec<String> {
    text.split(PARAGRAPH_BREAK)
        .filter(|p| !p.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

pub(super) fn storage(err: sqlx::Error) -> StorageError {
    StorageError::Storage(err.to_string())
}

/// Rows were validated on the way in; one that no longer parses means the database
/// was edited by hand, which is a storage fault, not the shopper's.
pub(super) fn corrupt(what: &str) -> StorageError {
    StorageError::Storage(format!("stored {what} is invalid"))
}

pub(super) fn limit(n: u32) -> i64 {
    i64::from(n)
}
