//! SQLite through sqlx: the store's embedded default database.
//!
//! The ports in `../sql/` are shared with PostgreSQL, statement for statement (see
//! `../sql/README.md`); the modules below them are SQLite's own so far, with SQL kept
//! as portable, or run on the writer thread (`direct`).
#![allow(
    clippy::duplicate_mod,
    reason = "the ports in ../sql/ are one implementation compiled into both engines"
)]

/// Runs a write both engines share (`crate::tx`) as one direct write, on the writer
/// thread, several to a commit: `write_tx!(self, |tx| write_in(tx, ...))`, where the
/// future answers `Result<T, E>` (E: From<StorageError>) and owns what it uses.
macro_rules! write_tx {
    ($store:expr, |$tx:ident| $body:expr) => {
        $store
            .direct
            .write(move |conn| {
                let $tx = &mut $crate::sqlite::direct::SqliteTx(conn);
                $crate::tx::now($body)
            })
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

mod direct;
pub(crate) mod rows;

use crate::stats::{Connections, WriterWaits};
use common::{
    catalog_error, corrupt, count_for, execute_for, join_paragraphs, limit, split_paragraphs,
};
use direct::{DirectWriter, WriterConnection};
use sqlx::sqlite::Sqlite;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection, SqlitePool, Transaction};
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use store_domain::ports::{CatalogError, StorageError};
use tokio::sync::{Mutex, OwnedMappedMutexGuard, OwnedMutexGuard};

/// How long a write waits for the database (SQLite's busy timeout) and for the writer
/// connection (its turn in this process) before it is answered "busy, retry".
pub(super) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// How often a background task copies the write-ahead log into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// The log size, in pages, at which the writer checkpoints itself: only when the
/// background checkpoints fall far behind (about 40 MB of 4 KB pages; SQLite's
/// default is 1,000).
const WRITER_CHECKPOINT_PAGES: &str = "10000";

/// One SQLite database, shared by every port it implements.
///
/// SQLite lets one connection write at a time. Writes therefore take turns on one
/// connection, `writer`, so they queue in this process instead of spinning in
/// SQLite's busy loop, and reads go through `pool`, whose connections never wait on a
/// writer (WAL lets readers run beside it).
///
/// The writer is a connection behind a lock, not a pool of one: a pool hands a
/// connection back through a spawned task that pings it first, two trips between
/// threads in which the connection is taken but idle. Under load that was most of
/// the writer's time (see docs/decisions.md, "The writer's turn").
///
/// The writes of placing an order go to a writer thread instead (`direct`), which
/// takes the same turn and runs several of them to one commit on the same connection.
#[derive(Clone)]
pub struct SqliteStore {
    /// The readers.
    pool: SqlitePool,
    /// The one writing connection (`None` once closed); every write transaction starts
    /// `BEGIN IMMEDIATE`.
    writer: Arc<Mutex<Option<WriterConnection>>>,
    /// The thread that runs the hot writes on `writer`, several to a commit
    /// (`direct.write(...)`: the writes of placing an order).
    direct: DirectWriter,
    /// How long writes waited for `writer`, by either way (the store's metrics).
    waits: Arc<WriterWaits>,
}

/// What the statements both engines share (`../sql/`) call the store and the engine.
type Store = SqliteStore;
type Db = Sqlite;
type Conn = SqliteConnection;

/// The writing connection, lent to one write until dropped.
type Writer = OwnedMappedMutexGuard<Option<WriterConnection>, SqliteConnection>;

#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("invalid database URL {url:?}: {source}")]
    Url { url: String, source: sqlx::Error },
    #[error("cannot create the database {path}: {source}")]
    Create {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot open the database: {0}")]
    Connect(sqlx::Error),
    #[error("cannot start the database's writer thread: {0}")]
    Thread(std::io::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error(
        "the in-memory database {0:?} would be private to each connection; use sqlite::memory:"
    )]
    PrivateMemory(String),
}

/// How the writer's commits reach the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// Each commit is synced to the disk before it returns (`synchronous = FULL`): an
    /// order acknowledged is on the disk, through a power cut or a kernel crash. The
    /// writer's group commit lets several writes share one sync.
    Synced,
    /// The log is synced only at checkpoints (`NORMAL`): a killed process loses
    /// nothing, but a power cut may lose the last commits (the file stays consistent).
    /// For benchmarks that measure what the sync costs; never where shoppers pay.
    Deferred,
}

impl SqliteStore {
    /// Opens (creating if needed, with its folder) the database at `url`, e.g.
    /// `sqlite://data/store.db`, in WAL mode with foreign keys enforced and every
    /// commit synced (`Durability::Synced`); `max_connections` is the number of
    /// readers, beside the one writer.
    pub async fn open(url: &str, max_connections: u32) -> Result<Self, OpenError> {
        Self::open_with(url, max_connections, Durability::Synced).await
    }

    /// `open`, with the writer's commits reaching the disk as `durability` says.
    pub async fn open_with(
        url: &str,
        max_connections: u32,
        durability: Durability,
    ) -> Result<Self, OpenError> {
        let options = SqliteConnectOptions::from_str(url)
            .map_err(|source| OpenError::Url {
                url: url.to_owned(),
                source,
            })?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // The readers write nothing but checkpoints, which sync in either mode; the
            // writer's own setting is below.
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        // The writer and the readers are separate connections: they must share it.
        if url.contains("mode=memory") && !url.contains("cache=shared") {
            return Err(OpenError::PrivateMemory(url.to_owned()));
        }
        if !in_memory {
            create_private(options.get_filename())?;
        }
        let writer = SqliteConnection::connect_with(
            &options
                .clone()
                // Direct writes use its handle from another thread (see `direct`).
                .serialized(true)
                // Set here, after the URL: nothing in it can lower it (and sqlx refuses
                // a `synchronous` parameter in the URL).
                .synchronous(match durability {
                    Durability::Synced => SqliteSynchronous::Full,
                    Durability::Deferred => SqliteSynchronous::Normal,
                })
                .pragma("wal_autocheckpoint", WRITER_CHECKPOINT_PAGES),
        )
        .await
        .map_err(OpenError::Connect)?;
        // sqlx names `sqlite::memory:` as one shared-cache database for every
        // connection made from these options; the writer keeps it alive. An embedded connection
        // cannot go stale: testing it on each lending would only add a trip to its thread.
        let pool = SqlitePoolOptions::new()
            .max_connections(max_connections.max(1))
            .test_before_acquire(false)
            .connect_with(options)
            .await
            .map_err(OpenError::Connect)?;
        if !in_memory {
            tokio::spawn(checkpoint_in_background(pool.clone()));
        }
        let writer = Arc::new(Mutex::new(Some(WriterConnection::new(writer))));
        let waits = Arc::new(WriterWaits::default());
        let direct = DirectWriter::start(Arc::clone(&writer), Arc::clone(&waits))
            .map_err(OpenError::Thread)?;
        Ok(SqliteStore {
            pool,
            writer,
            direct,
            waits,
        })
    }

    /// The readers' pool (the one writer is apart: how long writes wait for it is
    /// `writer_waits`).
    pub fn connections(&self) -> Connections {
        Connections::of(&self.pool)
    }

    /// Writes that asked for the writer so far, and how long they waited together.
    pub fn writer_waits(&self) -> (u64, Duration) {
        self.waits.totals()
    }

    /// The writer's `synchronous` setting as SQLite reports it (`off`, `normal`, `full`
    /// or `extra`): what the start-up log states, and what the tests read back.
    pub async fn writer_synchronous(&self) -> Result<&'static str, StorageError> {
        let level: i64 = sqlx::query_scalar("PRAGMA synchronous")
            .fetch_one(&mut *self.writer().await.map_err(storage)?)
            .await
            .map_err(storage)?;
        Ok(match level {
            0 => "off",
            1 => "normal",
            2 => "full",
            _ => "extra",
        })
    }

    /// Brings the schema up to date; safe to run on every start.
    pub async fn migrate(&self) -> Result<(), OpenError> {
        let mut writer = self
            .writer()
            .await
            .map_err(sqlx::migrate::MigrateError::from)?;
        crate::migrations::sqlite().run(&mut *writer).await?;
        Ok(())
    }

    /// Runs the background task's checkpoint now: for tests that measure the files.
    pub async fn checkpoint(&self) -> Result<(), StorageError> {
        checkpoint(&self.pool).await.map_err(storage)
    }

    /// Closes every connection, checkpointing the WAL; call on shutdown.
    pub async fn close(&self) {
        self.pool.close().await;
        let writer = self.writer.lock().await.take();
        if let Some(writer) = writer
            && let Err(err) = writer.close().await
        {
            tracing::warn!("closing the database's writer failed: {err}");
        }
    }

    /// Copies the whole database, consistent as of one instant, into a new file at
    /// `path` (mode 0600) while the store keeps serving: `VACUUM INTO` reads one
    /// snapshot, so writers go on and the copy holds exactly what was committed when
    /// it began. Refuses to touch an existing file.
    pub async fn backup_to(&self, path: &Path) -> Result<(), BackupError> {
        let shown = path.display().to_string();
        let target = path
            .to_str()
            .ok_or_else(|| BackupError::Path(shown.clone()))?;
        let mut file = std::fs::OpenOptions::new();
        file.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut file, 0o600);
        // create_new refuses an existing file atomically; VACUUM INTO fills an empty one.
        file.open(path).map_err(|source| match source.kind() {
            std::io::ErrorKind::AlreadyExists => BackupError::Exists(shown.clone()),
            _ => BackupError::Create {
                path: shown.clone(),
                source,
            },
        })?;
        let copied = async {
            sqlx::query("VACUUM INTO $1")
                .bind(target)
                .execute(&self.pool)
                .await
                .map_err(BackupError::Copy)?;
            // VACUUM INTO does not sync its output; a backup must survive a power cut.
            std::fs::File::open(path)
                .and_then(|f| f.sync_all())
                .map_err(|source| BackupError::Create {
                    path: shown.clone(),
                    source,
                })
        }
        .await;
        if copied.is_err() {
            // Leave no half-written file that looks like a backup.
            let _ = std::fs::remove_file(path);
        }
        copied
    }

    /// The writing connection once the writes before this one are done, or "busy"
    /// (`PoolTimedOut`) after `BUSY_TIMEOUT`. The lock is fair: writes go in the order
    /// they asked. It is not re-entrant: a write made while holding it (sqlx's or the
    /// writer thread's, which takes the same lock with the same timeout) waits out the
    /// timeout and answers busy.
    async fn writer(&self) -> Result<Writer, sqlx::Error> {
        let asked = Instant::now();
        let lent = tokio::time::timeout(BUSY_TIMEOUT, Arc::clone(&self.writer).lock_owned()).await;
        self.waits.add(asked.elapsed());
        let lent = lent.map_err(|_| sqlx::Error::PoolTimedOut)?;
        OwnedMutexGuard::try_map(lent, |w| w.as_mut().map(|w| &mut w.conn))
            .map_err(|_| sqlx::Error::PoolClosed)
    }
}

/// Copies the write-ahead log into the database every `CHECKPOINT_EVERY` until the
/// store closes. By default SQLite checkpoints in the commit that fills the log, with
/// two fsyncs, while that connection holds the write lock: under load about one commit
/// in seventy then took 5 to 30 ms and held every other write up. A passive checkpoint
/// on a reader's connection runs beside the writer instead and never waits for it.
async fn checkpoint_in_background(pool: SqlitePool) {
    while !pool.is_closed() {
        tokio::time::sleep(CHECKPOINT_EVERY).await;
        if let Err(err) = checkpoint(&pool).await
            && !pool.is_closed()
        {
            tracing::warn!("background checkpoint failed: {err}");
        }
    }
}

/// Copies what it can of the write-ahead log into the database without waiting for
/// the writer or the readers (a passive checkpoint).
async fn checkpoint(pool: &SqlitePool) -> Result<(), sqlx::Error> {
    sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .execute(pool)
        .await
        .map(drop)
}

/// The query planner picks list indexes by table statistics; without them it walks a
/// department's products row by row. A sampled ANALYZE takes milliseconds. It runs on
/// the writer the import still holds.
async fn refresh_statistics(conn: &mut Conn) -> Result<(), CatalogError> {
    sqlx::query("PRAGMA analysis_limit = 1000")
        .execute(&mut *conn)
        .await
        .map_err(catalog_error)?;
    sqlx::query("ANALYZE")
        .execute(conn)
        .await
        .map_err(catalog_error)?;
    Ok(())
}

/// A read transaction: one snapshot for all its reads (WAL gives each reading
/// transaction the database as of its first read).
async fn begin_read(pool: &SqlitePool) -> Result<Transaction<'static, Sqlite>, sqlx::Error> {
    pool.begin().await
}

/// Makes the writes to one customer's records in `tx` wait for each other. On SQLite
/// there is nothing to take: every write transaction already holds the database.
async fn lock_customer(
    _tx: &mut Transaction<'_, Sqlite>,
    _customer: i64,
) -> Result<(), StorageError> {
    Ok(())
}

/// A write transaction on `writer` that holds SQLite's write lock from its first
/// statement: a deferred one that reads first can fail at its first write when
/// another process (an import) wrote in between, without waiting the busy timeout.
/// Dropping it uncommitted rolls it back before the writer's next use.
async fn begin_write(writer: &mut Writer) -> Result<Transaction<'_, Sqlite>, sqlx::Error> {
    writer.begin_with("BEGIN IMMEDIATE").await
}

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} already exists; a backup never overwrites a file")]
    Exists(String),
    #[error("the backup path {0} is not valid UTF-8")]
    Path(String),
    #[error("cannot write the backup {path}: {source}")]
    Create {
        path: String,
        source: std::io::Error,
    },
    #[error("the backup failed: {0}")]
    Copy(sqlx::Error),
    /// `store backup` copies a SQLite file; a PostgreSQL database is backed up with
    /// its own tools.
    #[error(
        "store backup copies a SQLite database; back PostgreSQL up with pg_dump (docs/deploy.md)"
    )]
    Engine,
}

/// Creates the database file (and its folder) readable by its owner only, before
/// SQLite opens it: it holds shoppers' e-mail addresses and messages. SQLite gives the
/// `-wal` and `-shm` files the database file's permissions. An existing file is left
/// as its owner set it.
fn create_private(path: &Path) -> Result<(), OpenError> {
    let failed = |source| OpenError::Create {
        path: path.display().to_string(),
        source,
    };
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder).map_err(failed)?;
    }
    let mut file = std::fs::OpenOptions::new();
    file.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut file, 0o600);
    match file.open(path) {
        Ok(_) => Ok(()),
        Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(err) => Err(failed(err)),
    }
}

/// The database stayed locked past the busy timeout (SQLITE_BUSY, any extended
/// code), or the writer stayed taken past the acquire timeout: a retry later can
/// succeed, so it is not a failure of the store.
fn is_busy(err: &sqlx::Error) -> bool {
    const SQLITE_BUSY: i32 = 5;
    match err {
        sqlx::Error::PoolTimedOut => true,
        sqlx::Error::Database(db) => db
            .code()
            .and_then(|code| code.parse::<i32>().ok())
            .is_some_and(|code| code & 0xff == SQLITE_BUSY),
        _ => false,
    }
}

pub(super) fn storage(err: sqlx::Error) -> StorageError {
    if is_busy(&err) {
        return StorageError::Busy;
    }
    StorageError::Storage(err.to_string())
}
