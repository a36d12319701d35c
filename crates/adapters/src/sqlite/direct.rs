//! The hot writes, run by a thread of their own on the writer's SQLite handle, several
//! to one commit.
//!
//! sqlx runs each SQLite connection on a thread of its own and carries every statement
//! to that thread and its answer back: two thread wake-ups per statement. Placing an
//! order writes about twenty statements, and under load the writer's turn was mostly
//! those hand-offs and the wait for the next writer's task to be scheduled, not
//! SQLite's work (docs/decisions.md, "The writer's turn"). Here a write is a closure
//! sent to the writer thread, which:
//!
//! - takes the writer's turn (the same lock sqlx's writes take, so all writes still go
//!   one at a time) and borrows the handle from sqlx's thread (`lock_handle`, which
//!   also lets sqlx's queued work, such as a dropped transaction's rollback, finish);
//! - runs every write waiting, up to `MAX_BATCH`, in one `BEGIN IMMEDIATE`
//!   transaction, each in a savepoint of its own: a write that fails is rolled back
//!   alone, the others stand;
//! - commits once, then answers each: a write's result is sent only after its commit,
//!   and when the commit fails every write of the batch answers that failure.
//!
//! The statements run through rusqlite on the thread itself, in SQLite's own
//! microseconds. Grouping the commits writes each hot page once per batch.
//!
//! The writes themselves are the ones both engines share (`crate::tx`); `SqliteTx`
//! below runs their statements here. SQLite numbers `$n` placeholders in the order they
//! first appear in the text, not by `n`, so it binds each argument by its name.

use super::{BUSY_TIMEOUT, storage};
use crate::stats::WriterWaits;
use crate::tx::{Arg, DbError, Read, Tx};
use rusqlite::types::{ToSql, ToSqlOutput};
use rusqlite::{Connection, ffi};
use sqlx::SqliteConnection;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::Instant;
use store_domain::ports::StorageError;
use tokio::runtime::Handle;
use tokio::sync::{Mutex, oneshot};

/// A direct write's connection, inside its batch's transaction and its own savepoint.
pub(super) type DirectTx = Connection;

/// Writes one batch holds at most: enough to share a commit under load, few enough
/// that a write of another kind waiting for the writer's turn does not wait long.
const MAX_BATCH: usize = 64;

/// Statements the writer keeps prepared: more than the shared writes have (about 80).
const STATEMENT_CACHE: usize = 128;

/// The writing connection: sqlx's, and the same handle as rusqlite sees it.
pub(super) struct WriterConnection {
    /// rusqlite's view of `conn`'s handle, made at the first direct write; it keeps
    /// the prepared statements of the direct writes. Declared first so it drops
    /// first: sqlx closes the handle with `sqlite3_close`, which refuses (and sqlx
    /// panics) while statements prepared on it are open.
    direct: Option<Connection>,
    pub(super) conn: SqliteConnection,
}

/// What a write answers once its batch has committed (`None`) or failed to.
type Answer = Box<dyn FnOnce(Option<StorageError>) + Send>;

/// A write: run in its savepoint on the batch's connection, or, given `None`, not run
/// (its batch failed first). Either way its answer, to be given after the batch; and
/// the error when its savepoint itself failed, which fails the batch.
type Job = Box<dyn FnOnce(Option<&Connection>) -> (Answer, Option<rusqlite::Error>) + Send>;

/// Where direct writes are sent; the thread ends when the last sender is dropped.
#[derive(Clone)]
pub(super) struct DirectWriter {
    queue: mpsc::Sender<Job>,
    /// How long each write waited, from being sent to being run (or refused).
    waits: Arc<WriterWaits>,
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

    /// Runs `batch` in one transaction, answering each write after the commit; when
    /// the batch fails, every write of it answers that failure.
    fn run(&mut self, batch: Vec<Job>, runtime: &Handle) {
        let mut answers = Vec::with_capacity(batch.len());
        let mut jobs = batch.into_iter();
        let outcome = (|| {
            let mut locked = runtime.block_on(self.conn.lock_handle()).map_err(storage)?;
            let direct = match &mut self.direct {
                Some(direct) => direct,
                empty => {
                    let handle = locked.as_raw_handle().as_ptr();
                    // SAFETY: `handle` is the open connection `self.conn` owns, and the
                    // rusqlite connection made from it lives in `self` beside it, dropped
                    // first (see the field), and does not close it. It is used only
                    // while `lock_handle`'s guard keeps sqlx's thread off the handle. The
                    // writer is opened serialized (SQLITE_OPEN_FULLMUTEX), so even
                    // dropping it, which finalises its statements, is safe anywhere.
                    #[allow(unsafe_code)]
                    let made = unsafe { Connection::from_handle(handle) };
                    let made = made.map_err(|e| direct_storage(&e))?;
                    // Every shared write's statements stay prepared: rusqlite keeps 16
                    // by default, fewer than a batch of orders, payments, jobs and mails
                    // uses, and past it each statement was prepared again per row.
                    made.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
                    empty.insert(made)
                }
            };
            let ran = (|| {
                direct.execute_batch("BEGIN IMMEDIATE")?;
                for job in jobs.by_ref() {
                    let (answer, broke) = job(Some(direct));
                    answers.push(answer);
                    if let Some(e) = broke {
                        return Err(e);
                    }
                }
                direct.execute_batch("COMMIT")
            })();
            if ran.is_err() && !direct.is_autocommit() {
                // Nothing of a batch that did not commit stays.
                let _ = direct.execute_batch("ROLLBACK");
            }
            drop(locked);
            ran.map_err(|e| direct_storage(&e))
        })();
        answers.extend(jobs.map(|job| job(None).0));
        let failed = outcome.err();
        for answer in answers {
            answer(failed.clone());
        }
    }
}

impl DirectWriter {
    /// Starts the writer thread for `writer`, the store's writing connection; writes
    /// sent after the store closed answer that it is closed. Each write's wait for its
    /// turn is added to `waits`.
    pub(super) fn start(
        writer: Arc<Mutex<Option<WriterConnection>>>,
        waits: Arc<WriterWaits>,
    ) -> std::io::Result<Self> {
        let (queue, jobs) = mpsc::channel::<Job>();
        let runtime = Handle::current();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                while let Ok(first) = jobs.recv() {
                    let mut batch = vec![first];
                    batch.extend(jobs.try_iter().take(MAX_BATCH - 1));
                    // The same turn sqlx's writes take, waited for as long as theirs: a
                    // batch that cannot have it in time answers "busy", never hangs.
                    // (The timer is made inside the runtime's context, when first polled.)
                    let turn = runtime.block_on(async {
                        tokio::time::timeout(BUSY_TIMEOUT, writer.lock()).await
                    });
                    let refused = match turn {
                        Ok(mut turn) => match turn.as_mut() {
                            Some(writer) => {
                                writer.run(batch, &runtime);
                                continue;
                            }
                            None => StorageError::Storage("the database is closed".into()),
                        },
                        Err(_) => StorageError::Busy,
                    };
                    for job in batch {
                        job(None).0(Some(refused.clone()));
                    }
                }
            })?;
        Ok(DirectWriter { queue, waits })
    }

    /// Runs `work` as one write, in a savepoint of a batch's transaction on the writer
    /// thread: committed when it answers `Ok` (and the batch commits), rolled back
    /// when it answers `Err`.
    pub(super) async fn write<T, E>(
        &self,
        work: impl FnOnce(&DirectTx) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StorageError> + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let (asked, waits) = (Instant::now(), Arc::clone(&self.waits));
        let job: Job = Box::new(move |conn| {
            // The queue, the writer's lock and the batch's writes before this one.
            waits.add(asked.elapsed());
            // `None`: not run; `Some(Err(_))`: it panicked, and was rolled back.
            let mut done = None;
            let broke = conn.and_then(|conn| {
                let run = || {
                    conn.execute_batch("SAVEPOINT direct_write")?;
                    let result = catch_unwind(AssertUnwindSafe(|| work(conn)));
                    let end = if matches!(result, Ok(Ok(_))) {
                        "RELEASE direct_write"
                    } else {
                        "ROLLBACK TO direct_write; RELEASE direct_write"
                    };
                    done = Some(result);
                    conn.execute_batch(end)
                };
                run().err()
            });
            let answer: Answer = Box::new(move |failed| {
                // A failed batch answers its failure even to a write that refused:
                // the refusal may rest on a rival's write the batch took back.
                let _ = answer.send(match (failed, done) {
                    (Some(e), _) => Err(E::from(e)),
                    (None, Some(Ok(result))) => result,
                    (None, _) => Err(E::from(StorageError::Storage(
                        "the write failed unexpectedly (it panicked)".into(),
                    ))),
                });
            });
            (answer, broke)
        });
        let stopped = || E::from(StorageError::Storage("the database writer stopped".into()));
        self.queue.send(job).map_err(|_| stopped())?;
        answered.await.unwrap_or_else(|_| Err(stopped()))
    }
}

/// A direct write's failure: "busy, retry" when the database stayed locked past the
/// busy timeout, as for sqlx's writes (`storage`).
pub(super) fn direct_storage(err: &rusqlite::Error) -> StorageError {
    match err.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy) => StorageError::Busy,
        _ => StorageError::Storage(err.to_string()),
    }
}

/// A shared write's transaction on SQLite (`crate::tx`): the writer thread's
/// connection, inside the write's savepoint.
pub(super) struct SqliteTx<'c>(pub(super) &'c Connection);

/// The placeholders a statement's arguments bind to, by number.
const PLACEHOLDERS: [&std::ffi::CStr; 48] = [
    c"$1", c"$2", c"$3", c"$4", c"$5", c"$6", c"$7", c"$8", c"$9", c"$10", c"$11", c"$12", c"$13",
    c"$14", c"$15", c"$16", c"$17", c"$18", c"$19", c"$20", c"$21", c"$22", c"$23", c"$24", c"$25",
    c"$26", c"$27", c"$28", c"$29", c"$30", c"$31", c"$32", c"$33", c"$34", c"$35", c"$36", c"$37",
    c"$38", c"$39", c"$40", c"$41", c"$42", c"$43", c"$44", c"$45", c"$46", c"$47", c"$48",
];

impl ToSql for Arg<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        match self {
            Arg::Int(v) => v.to_sql(),
            Arg::Text(v) => v.to_sql(),
            Arg::Bool(v) => v.to_sql(),
        }
    }
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        if let rusqlite::Error::SqliteFailure(failure, Some(message)) = &e
            && matches!(
                failure.extended_code,
                ffi::SQLITE_CONSTRAINT_UNIQUE | ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            )
        {
            // "UNIQUE constraint failed: table.column"
            let constraint = message.rsplit(": ").next().unwrap_or_default();
            return DbError::Unique {
                constraint: constraint.to_owned(),
            };
        }
        match direct_storage(&e) {
            StorageError::Busy => DbError::Busy,
            other => DbError::Failed(other.to_string()),
        }
    }
}

/// `sql`, prepared (from the connection's cache) with `args` bound to `$1`, `$2`, ...
fn bound<'c>(
    conn: &'c Connection,
    sql: &'static str,
    args: &[Arg<'_>],
) -> Result<rusqlite::CachedStatement<'c>, DbError> {
    let mut statement = conn.prepare_cached(sql)?;
    if statement.parameter_count() != args.len() {
        return Err(DbError::Failed(format!(
            "a statement of {} parameters was given {} arguments: {sql}",
            statement.parameter_count(),
            args.len()
        )));
    }
    for (arg, name) in args.iter().zip(PLACEHOLDERS) {
        statement.raw_bind_parameter(name, arg)?;
    }
    Ok(statement)
}

impl Tx for SqliteTx<'_> {
    async fn execute(&mut self, sql: &'static str, args: &[Arg<'_>]) -> Result<u64, DbError> {
        let changed = bound(self.0, sql, args)?.raw_execute()?;
        Ok(u64::try_from(changed).unwrap_or(u64::MAX))
    }

    async fn fetch_all<R: Read>(
        &mut self,
        sql: &'static str,
        args: &[Arg<'_>],
    ) -> Result<Vec<R>, DbError> {
        let mut statement = bound(self.0, sql, args)?;
        let mut rows = statement.raw_query();
        let mut read = Vec::new();
        while let Some(row) = rows.next()? {
            read.push(R::read(row)?);
        }
        Ok(read)
    }

    async fn fetch_optional<R: Read>(
        &mut self,
        sql: &'static str,
        args: &[Arg<'_>],
    ) -> Result<Option<R>, DbError> {
        let mut statement = bound(self.0, sql, args)?;
        let mut rows = statement.raw_query();
        Ok(match rows.next()? {
            Some(row) => Some(R::read(row)?),
            None => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::SqliteStore;
    use store_domain::ports::StorageError;

    /// A direct write made while this process holds the writer (a sqlx write under way,
    /// or a caller that forgot the lock is not re-entrant) answers busy after the
    /// timeout, as a sqlx write does, instead of waiting forever.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_direct_write_waiting_past_the_timeout_is_busy() {
        let store = SqliteStore::open("sqlite::memory:", 1).await.unwrap();
        let held = store.writer().await.unwrap();
        let waited = store.direct.write(|_| Ok::<(), StorageError>(())).await;
        assert!(matches!(waited, Err(StorageError::Busy)));
        drop(held);
        let free = store.direct.write(|_| Ok::<(), StorageError>(())).await;
        assert!(free.is_ok(), "free again once the holder let go");
        store.close().await;
    }
}
