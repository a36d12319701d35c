//! The writes of several statements that both engines run the same way: placing and
//! settling orders, claiming jobs, queueing mail. Each is written once, as an `async fn`
//! over `Tx`, a transaction that runs a static statement with its arguments:
//!
//! - on SQLite it is the writer thread's rusqlite connection, inside the write's
//!   savepoint (`sqlite::direct`). Its statements finish as they are called, so the
//!   write's future is ready at its first poll, and the writer thread runs it with
//!   `now`, keeping the speed of the synchronous calls;
//! - on PostgreSQL it is a sqlx transaction on any pooled connection, awaited as usual.
//!
//! Arguments bind to `$1`, `$2`, ... by number on both engines (a placeholder may
//! appear more than once, in any order). Rows are the `row!` structs, which read from
//! either engine.

use crate::sqlite::rows::DirectRow;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};
use store_domain::ports::StorageError;

/// One argument of a statement. NULLs keep their type: PostgreSQL types each
/// parameter, and a NULL of another type is refused.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Arg<'a> {
    Int(Option<i64>),
    Text(Option<&'a str>),
    Bool(bool),
}

impl From<i64> for Arg<'_> {
    fn from(v: i64) -> Self {
        Arg::Int(Some(v))
    }
}

impl From<Option<i64>> for Arg<'_> {
    fn from(v: Option<i64>) -> Self {
        Arg::Int(v)
    }
}

impl From<u32> for Arg<'_> {
    fn from(v: u32) -> Self {
        Arg::Int(Some(i64::from(v)))
    }
}

impl From<Option<u32>> for Arg<'_> {
    fn from(v: Option<u32>) -> Self {
        Arg::Int(v.map(i64::from))
    }
}

impl From<bool> for Arg<'_> {
    fn from(v: bool) -> Self {
        Arg::Bool(v)
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(v: &'a str) -> Self {
        Arg::Text(Some(v))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(v: &'a String) -> Self {
        Arg::Text(Some(v))
    }
}

impl<'a> From<Option<&'a str>> for Arg<'a> {
    fn from(v: Option<&'a str>) -> Self {
        Arg::Text(v)
    }
}

impl<'a> From<&'a Option<String>> for Arg<'a> {
    fn from(v: &'a Option<String>) -> Self {
        Arg::Text(v.as_deref())
    }
}

/// The arguments of a statement, each converted to an `Arg`: `args![id, name]`.
macro_rules! args {
    ($($arg:expr),* $(,)?) => {
        &[$($crate::tx::Arg::from($arg)),*]
    };
}

pub(crate) use args;

/// A row a shared write reads: a `row!` struct.
pub(crate) trait Read:
    DirectRow + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin
{
}

impl<T> Read for T where
    T: DirectRow + for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin
{
}

/// Why a statement failed, in the terms the shared writes decide on.
#[derive(Debug)]
pub(crate) enum DbError {
    /// Locked past the timeout, or a conflict PostgreSQL asks to retry: a retry later
    /// can succeed.
    Busy,
    /// A UNIQUE or PRIMARY KEY constraint refused a row; `constraint` is what the
    /// engine names it by (SQLite: `table.column`; PostgreSQL: the constraint's name).
    Unique {
        constraint: String,
    },
    Failed(String),
}

impl DbError {
    /// Whether this is the UNIQUE constraint on `table (columns)` refusing a row, on
    /// either engine (PostgreSQL's default name for it is `table_column1_column2_key`).
    pub(crate) fn is_unique(&self, table: &str, columns: &[&str]) -> bool {
        self.names(
            table,
            columns,
            &format!("{table}_{}_key", columns.join("_")),
        )
    }

    /// Whether this is the PRIMARY KEY `table (columns)` refusing a row, on either
    /// engine (PostgreSQL names it `table_pkey`).
    pub(crate) fn is_primary_key(&self, table: &str, columns: &[&str]) -> bool {
        self.names(table, columns, &format!("{table}_pkey"))
    }

    /// SQLite names the columns (`table.a, table.b`); PostgreSQL the constraint.
    fn names(&self, table: &str, columns: &[&str], postgres: &str) -> bool {
        let DbError::Unique { constraint } = self else {
            return false;
        };
        let sqlite = columns
            .iter()
            .map(|c| format!("{table}.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        *constraint == sqlite || constraint == postgres
    }
}

impl From<DbError> for StorageError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::Busy => StorageError::Busy,
            DbError::Unique { constraint } => {
                StorageError::Storage(format!("unique constraint {constraint} refused the write"))
            }
            DbError::Failed(message) => StorageError::Storage(message),
        }
    }
}

/// A failure from outside the statements (no connection, a closed store), for a
/// shared write that answers `DbError`.
impl From<StorageError> for DbError {
    fn from(e: StorageError) -> Self {
        match e {
            StorageError::Busy => DbError::Busy,
            StorageError::Storage(message) => DbError::Failed(message),
        }
    }
}

/// A transaction a shared write runs its statements in.
/// Not `Send` itself: SQLite's is the writer thread's, used there alone. PostgreSQL's
/// futures are `Send`, which callers see through the concrete type.
pub(crate) trait Tx {
    /// Runs `sql`: the number of rows it changed.
    fn execute(
        &mut self,
        sql: &'static str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<u64, DbError>>;

    /// The rows `sql` answers.
    fn fetch_all<R: Read>(
        &mut self,
        sql: &'static str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<Vec<R>, DbError>>;

    /// The first row `sql` answers, if any.
    fn fetch_optional<R: Read>(
        &mut self,
        sql: &'static str,
        args: &[Arg<'_>],
    ) -> impl Future<Output = Result<Option<R>, DbError>>;
}

/// The output of `write`, a shared write run on SQLite's writer thread, whose
/// statements never wait: ready at the first poll.
pub(crate) fn now<T>(write: impl Future<Output = T>) -> T {
    match pin!(write).poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(output) => output,
        Poll::Pending => unreachable!("a SQLite write waited, which its statements never do"),
    }
}
