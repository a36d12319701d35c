//! PostgreSQL through sqlx: the engine a store moves to when one machine is not
//! enough, with several instances of the store on one database.
//!
//! The ports share their statements with SQLite (`../sql/`, compiled into both
//! modules). What differs is the connections: SQLite writes on one connection in
//! turn, while here every connection of the pool may write at once, from any number
//! of instances. So each shared write is a single conditional statement or a short
//! transaction whose decisive step takes a row lock (`UPDATE ... WHERE` re-checks its
//! condition after waiting for the lock); `docs/decisions.md` ("PostgreSQL writes")
//! says for each write why two instances cannot break it.
#![allow(
    clippy::duplicate_mod,
    reason = "the ports in ../sql/ are one implementation compiled into both engines"
)]

/// Runs a write both engines share (`crate::tx`) in a transaction of its own, committed
/// when it answers `Ok`: `write_tx!(self, |tx| write_in(tx, ...))`, where the future
/// answers `Result<T, E>` (E: From<StorageError>).
macro_rules! write_tx {
    ($store:expr, |$tx:ident| $body:expr) => {
        async {
            let failed = |e| From::from($crate::postgres::storage(e));
            let mut writer = match $store.writer().await {
                Ok(writer) => writer,
                Err(e) => return Err(failed(e)),
            };
            let mut transaction = match $crate::postgres::begin_write(&mut writer).await {
                Ok(transaction) => transaction,
                Err(e) => return Err(failed(e)),
            };
            let $tx = &mut *transaction;
            let written = $body.await;
            if written.is_ok()
                && let Err(e) = transaction.commit().await
            {
                return Err(failed(e));
            }
            written
        }
        .await
    };
}

#[path = "../sql/accounts.rs"]
mod accounts;
#[path = "../sql/addresses.rs"]
mod addresses;
#[path = "../sql/campaigns.rs"]
mod campaigns;
#[path = "../sql/cards.rs"]
mod cards;
#[path = "../sql/catalog_read.rs"]
mod catalog_read;
#[path = "../sql/catalog_write.rs"]
mod catalog_write;
#[path = "../sql/checkout.rs"]
mod checkout;
#[path = "../sql/client_errors.rs"]
mod client_errors;
#[path = "../sql/common.rs"]
mod common;
#[path = "../sql/customer_bags.rs"]
mod customer_bags;
#[path = "../sql/jobs.rs"]
mod jobs;
#[path = "../sql/messages.rs"]
mod messages;
#[path = "../sql/newsletter.rs"]
mod newsletter;
#[path = "../sql/offers.rs"]
mod offers;
#[path = "../sql/orders.rs"]
mod orders;
#[path = "../sql/outbox.rs"]
mod outbox;
#[path = "../sql/picks.rs"]
mod picks;
#[path = "../sql/retention.rs"]
mod retention;
#[path = "../sql/returns.rs"]
mod returns;
#[path = "../sql/sandbox_gateway.rs"]
mod sandbox_gateway;
#[path = "../sql/schools.rs"]
mod schools;
#[path = "../sql/search_documents.rs"]
mod search_documents;
#[path = "../sql/search_log.rs"]
mod search_log;
#[path = "../sql/secrets.rs"]
mod secrets;
#[path = "../sql/subscriptions.rs"]
mod subscriptions;
#[path = "../sql/write_probe.rs"]
mod write_probe;

mod throttles;
use crate::stats::{Connections, WriterWaits};
use crate::tx::{Arg, DbError, Read, Tx};
use common::{
    catalog_error, corrupt, count_for, execute_for, join_paragraphs, limit, split_paragraphs,
};
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions, Postgres};
use sqlx::{Connection, Transaction};
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use store_domain::ports::{CatalogError, StorageError};

/// How long a request waits for a connection from the pool, or for a lock another
/// transaction holds, before it is answered "busy, retry" (as SQLite's busy timeout).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// One PostgreSQL database, shared by every port it implements.
#[derive(Clone)]
pub struct PgStore {
    pool: PgPool,
    /// How long writes waited for a connection (the store's metrics).
    waits: Arc<WriterWaits>,
}

/// What the statements both engines share (`../sql/`) call the store and the engine.
type Store = PgStore;
type Db = Postgres;
type Conn = PgConnection;

/// A connection lent to one write until dropped.
type Writer = PoolConnection<Postgres>;

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The URL is not shown: it may hold a password.
    #[error("invalid PostgreSQL URL in database.url: {0}")]
    Url(sqlx::Error),
    #[error("cannot connect to PostgreSQL: {0}")]
    Connect(sqlx::Error),
    /// Text would sort and compare otherwise than on SQLite (and than the statements'
    /// paging assumes).
    #[error(
        "the PostgreSQL database orders text by the locale {0:?}; the store needs byte order: create it with LC_COLLATE 'C.UTF-8' (or 'C'), see docs/deploy.md"
    )]
    Collation(String),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host/database`) with a pool
    /// of at most `max_connections`; a lock or statement waits at most
    /// `BUSY_TIMEOUT`.
    pub async fn open(url: &str, max_connections: u32) -> Result<Self, OpenError> {
        let options = PgConnectOptions::from_str(url)
            .map_err(OpenError::Url)?
            .options([(
                "lock_timeout",
                format!("{}ms", BUSY_TIMEOUT.as_millis()).as_str(),
            )]);
        let pool = PgPoolOptions::new()
            .max_connections(max_connections.max(1))
            .acquire_timeout(BUSY_TIMEOUT)
            .connect_with(options)
            .await
            .map_err(OpenError::Connect)?;
        byte_ordered(&pool).await?;
        Ok(PgStore {
            pool,
            waits: Arc::default(),
        })
    }

    /// The pool as it is now.
    pub fn connections(&self) -> Connections {
        Connections::of(&self.pool)
    }

    /// Writes that asked for a connection so far, and how long they waited together.
    pub fn writer_waits(&self) -> (u64, Duration) {
        self.waits.totals()
    }

    /// Brings the schema up to date; safe to run on every start of every instance
    /// (sqlx holds an advisory lock while it migrates).
    pub async fn migrate(&self) -> Result<(), OpenError> {
        crate::migrations::postgres().run(&self.pool).await?;
        Ok(())
    }

    /// Closes every connection; call on shutdown.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// The server's `synchronous_commit` (`on` unless an operator lowered it): whether
    /// a commit is on the disk before it is acknowledged.
    pub async fn synchronous_commit(&self) -> Result<String, StorageError> {
        sqlx::query_scalar("SHOW synchronous_commit")
            .fetch_one(&self.pool)
            .await
            .map_err(storage)
    }

    /// A connection to write on: any of the pool's, since PostgreSQL lets them write
    /// at once. (The shared statements ask for "the writer", which on SQLite is one.)
    async fn writer(&self) -> Result<Writer, sqlx::Error> {
        let asked = Instant::now();
        let lent = self.pool.acquire().await;
        self.waits.add(asked.elapsed());
        lent
    }
}

/// Refuses a database whose default collation is not byte order (C, POSIX or
/// C.UTF-8 from the C library). The shared statements sort names, e-mail addresses
/// and queries, and page through them by comparing text, as SQLite does, byte by byte.
async fn byte_ordered(pool: &PgPool) -> Result<(), OpenError> {
    let (provider, collation): (String, String) = sqlx::query_as(
        "SELECT datlocprovider::text, datcollate FROM pg_database
         WHERE datname = current_database()",
    )
    .fetch_one(pool)
    .await
    .map_err(OpenError::Connect)?;
    let bytes = provider == "c"
        && ["c", "posix", "c.utf-8", "c.utf8"].contains(&collation.to_ascii_lowercase().as_str());
    if bytes {
        Ok(())
    } else {
        Err(OpenError::Collation(format!("{provider}:{collation}")))
    }
}

/// Fresh planner statistics after an import, so the first lists after it are planned
/// on the catalogue as it now is rather than when autovacuum next comes by.
async fn refresh_statistics(conn: &mut Conn) -> Result<(), CatalogError> {
    sqlx::query("ANALYZE")
        .execute(conn)
        .await
        .map_err(catalog_error)?;
    Ok(())
}

/// A read transaction: one snapshot for all its reads, as SQLite's are (read committed
/// would give each statement its own).
async fn begin_read(pool: &PgPool) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    pool.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        .await
}

/// Makes the writes to one customer's records in `tx` wait for each other, by locking
/// the customer's row until `tx` ends: a write that counts or clears a customer's
/// addresses or cards, then adds one, decides on rows no other write is changing.
async fn lock_customer(
    tx: &mut Transaction<'_, Postgres>,
    customer: i64,
) -> Result<(), StorageError> {
    sqlx::query("SELECT id FROM customers WHERE id = $1 FOR UPDATE")
        .bind(customer)
        .execute(&mut **tx)
        .await
        .map_err(storage)?;
    Ok(())
}

/// A write transaction at PostgreSQL's default isolation (read committed): each
/// shared write makes its decision in a statement that locks the rows it decides on.
async fn begin_write(writer: &mut Writer) -> Result<Transaction<'_, Postgres>, sqlx::Error> {
    writer.begin().await
}

/// A lock not granted in time, a transaction chosen as a deadlock's victim or a
/// serialization conflict, or no connection free in time: a retry later can succeed,
/// so it is not a failure of the store.
fn is_busy(err: &sqlx::Error) -> bool {
    const RETRYABLE: [&str; 3] = [
        "40001", // serialization_failure
        "40P01", // deadlock_detected
        "55P03", // lock_not_available (lock_timeout)
    ];
    match err {
        sqlx::Error::PoolTimedOut => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| RETRYABLE.contains(&&*code)),
        _ => false,
    }
}

fn storage(err: sqlx::Error) -> StorageError {
    if is_busy(&err) {
        return StorageError::Busy;
    }
    StorageError::Storage(err.to_string())
}

impl From<sqlx::Error> for DbError {
    fn from(e: sqlx::Error) -> Self {
        if let Some(db) = e.as_database_error()
            && db.kind() == sqlx::error::ErrorKind::UniqueViolation
        {
            return DbError::Unique {
                constraint: db.constraint().unwrap_or_default().to_owned(),
            };
        }
        match storage(e) {
            StorageError::Busy => DbError::Busy,
            other => DbError::Failed(other.to_string()),
        }
    }
}

/// A shared write's transaction on PostgreSQL (`crate::tx`): the connection a sqlx
/// transaction runs on.
impl Tx for PgConnection {
    async fn execute(&mut self, sql: &'static str, args: &[Arg<'_>]) -> Result<u64, DbError> {
        let done = bound(sqlx::query(sql), args).execute(self).await?;
        Ok(done.rows_affected())
    }

    async fn fetch_all<R: Read>(
        &mut self,
        sql: &'static str,
        args: &[Arg<'_>],
    ) -> Result<Vec<R>, DbError> {
        Ok(bound_as(sqlx::query_as(sql), args).fetch_all(self).await?)
    }

    async fn fetch_optional<R: Read>(
        &mut self,
        sql: &'static str,
        args: &[Arg<'_>],
    ) -> Result<Option<R>, DbError> {
        Ok(bound_as(sqlx::query_as(sql), args)
            .fetch_optional(self)
            .await?)
    }
}

type Arguments = <Postgres as sqlx::Database>::Arguments;

fn bound<'q>(
    mut query: sqlx::query::Query<'q, Postgres, Arguments>,
    args: &[Arg<'q>],
) -> sqlx::query::Query<'q, Postgres, Arguments> {
    for arg in args {
        query = match *arg {
            Arg::Int(v) => query.bind(v),
            Arg::Text(v) => query.bind(v),
            Arg::Bool(v) => query.bind(v),
        };
    }
    query
}

fn bound_as<'q, R>(
    mut query: sqlx::query::QueryAs<'q, Postgres, R, Arguments>,
    args: &[Arg<'q>],
) -> sqlx::query::QueryAs<'q, Postgres, R, Arguments> {
    for arg in args {
        query = match *arg {
            Arg::Int(v) => query.bind(v),
            Arg::Text(v) => query.bind(v),
            Arg::Bool(v) => query.bind(v),
        };
    }
    query
}
