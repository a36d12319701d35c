//! `store copy --to postgres://…`: moves a SQLite store into an empty PostgreSQL
//! database, the step from one machine to several instances (docs/deploy.md).
//!
//! What is copied is read from PostgreSQL's catalog, not listed here: every table of
//! the migrated target, with every column it has, parents before children, each value
//! converted by the target column's type. The two schemas are kept in step, so a table
//! or column that one has and the other lacks is an error, never a silent loss. The
//! rows come from one SQLite read transaction (one snapshot, even while the store
//! serves) and go into one PostgreSQL transaction (all or nothing); then both are read
//! again and compared.

use crate::postgres::PgStore;
use crate::storage::{Engine, engine, shown};
use sqlx::postgres::{PgArguments, PgConnection, Postgres};
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteRow};
use sqlx::{AssertSqlSafe, Connection, Row};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// SQLite tables with no PostgreSQL counterpart that are left behind, and why. Any
/// other such table is refused: its rows would be lost.
const NOT_COPIED: [(&str, &str); 3] = [
    (
        "_sqlx_migrations",
        "SQLite's migration history; the target keeps its own",
    ),
    (
        "sqlite_stat1",
        "SQLite's planner statistics; PostgreSQL is analysed after the copy",
    ),
    (
        "sqlite_stat4",
        "SQLite's planner statistics (samples), as sqlite_stat1",
    ),
];

/// PostgreSQL tables that are not copied into and may hold rows: the migrations'
/// bookkeeping, and the guessing throttles' counts (SQLite keeps those in memory, so
/// there is nothing to copy; an instance may already have counted tries there).
const TARGET_ONLY: [&str; 2] = ["_sqlx_migrations", "throttles"];

/// Tables to which the migrations themselves add a row: it does not make the target
/// non-empty, and SQLite's row replaces it.
const MIGRATION_ROWS: [&str; 1] = ["catalogue_version"];

/// Rows read and written at a time: a few megabytes of the widest table.
const BATCH: i64 = 1_000;

/// What `copy` did: the tables in the order they were copied, with their rows.
#[derive(Debug, Clone)]
pub struct CopyReport {
    pub tables: Vec<(String, u64)>,
    /// The SQLite tables on `NOT_COPIED` that the store has.
    pub left_behind: Vec<String>,
    pub elapsed: Duration,
}

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("store copy moves a SQLite store, and database.url is {0}")]
    SourceNotSqlite(String),
    #[error("store copy --to takes a postgres:// URL, not {0}")]
    TargetNotPostgres(String),
    #[error(transparent)]
    Open(#[from] crate::postgres::OpenError),
    #[error("SQLite, {0}: {1}")]
    Sqlite(String, sqlx::Error),
    #[error("PostgreSQL, {0}: {1}")]
    Postgres(String, sqlx::Error),
    #[error(
        "the target database is not empty: {0} has rows; store copy fills a new, empty database only"
    )]
    NotEmpty(String),
    #[error(
        "the SQLite store has no table {0}, which PostgreSQL's schema has; the two schemas are kept in step, so run `store migrate` on the SQLite store first (or the migrations disagree)"
    )]
    MissingTable(String),
    #[error(
        "the SQLite store has no column {0}, which PostgreSQL's schema has; the two schemas are kept in step, so run `store migrate` on the SQLite store first (or the migrations disagree)"
    )]
    MissingColumn(String),
    #[error(
        "SQLite's column {0} has no counterpart in PostgreSQL, so its values would be lost; the two schemas are kept in step, so the migrations disagree"
    )]
    ExtraColumn(String),
    #[error(
        "SQLite's table {0} has no counterpart in PostgreSQL and is not among the tables left behind (NOT_COPIED in crates/adapters/src/copy.rs), so its rows would be lost"
    )]
    ExtraTable(String),
    #[error("{column} is {data_type} in PostgreSQL, a type store copy does not convert")]
    UnsupportedType { column: String, data_type: String },
    #[error("{column}, SQLite row {rowid}: {problem}")]
    Value {
        column: String,
        rowid: i64,
        problem: String,
    },
    #[error("the foreign keys of these tables leave no order to copy them in (a cycle): {0}")]
    Cycle(String),
    #[error(
        "the copy was committed, but {what} is {sqlite} in SQLite and {postgres} in PostgreSQL; drop the target database and make it again before another copy"
    )]
    Differs {
        what: String,
        sqlite: i128,
        postgres: i128,
    },
}

/// Copies the SQLite store at `source` into the empty PostgreSQL database at `target`
/// (migrated first), then checks that both hold the same rows.
pub async fn copy(source: &str, target: &str) -> Result<CopyReport, CopyError> {
    let started = Instant::now();
    if engine(source) != Ok(Engine::Sqlite) {
        return Err(CopyError::SourceNotSqlite(shown(source)));
    }
    if engine(target) != Ok(Engine::Postgres) {
        return Err(CopyError::TargetNotPostgres(shown(target)));
    }
    // Read-only: the copy never writes to the store it moves, nor creates a missing file.
    let opening = |e| CopyError::Sqlite(format!("opening {}", shown(source)), e);
    let options = SqliteConnectOptions::from_str(source)
        .map_err(opening)?
        .read_only(true);
    let mut sqlite = SqliteConnection::connect_with(&options)
        .await
        .map_err(opening)?;
    // The store's own opening: the byte-order check, then the current schema.
    let store = PgStore::open(target, 1).await?;
    store.migrate().await?;
    store.close().await;
    let mut pg = PgConnection::connect(target)
        .await
        .map_err(|e| CopyError::Postgres("connecting".into(), e))?;

    let tables = target_tables(&mut pg).await?;
    // One read transaction for every read below, verification included: WAL gives it
    // the database as of its first read, whatever is written meanwhile.
    let mut snapshot = sqlite
        .begin()
        .await
        .map_err(|e| CopyError::Sqlite("beginning".into(), e))?;
    let left_behind = compare_schemas(&mut snapshot, &tables).await?;

    let failed = |doing: &str| {
        let doing = doing.to_owned();
        move |e| CopyError::Postgres(doing, e)
    };
    let mut write = pg.begin().await.map_err(failed("beginning"))?;
    make_room(&mut write, &tables).await?;
    let mut copied = Vec::with_capacity(tables.len());
    for table in &tables {
        let rows = copy_table(&mut snapshot, &mut write, table).await?;
        copied.push((table.name.clone(), rows));
    }
    reset_sequences(&mut write, &tables).await?;
    write.commit().await.map_err(failed("committing"))?;
    // Planner statistics for the new rows now, rather than when autovacuum comes by.
    let names = tables.iter().map(|t| quoted(&t.name)).collect::<Vec<_>>();
    sqlx::query(AssertSqlSafe(format!("ANALYZE {}", names.join(", "))))
        .execute(&mut pg)
        .await
        .map_err(failed("analysing"))?;

    verify(&mut snapshot, &mut pg, &tables).await?;
    drop(snapshot);
    let _ = pg.close().await;
    let _ = sqlite.close().await;
    Ok(CopyReport {
        tables: copied,
        left_behind,
        elapsed: started.elapsed(),
    })
}

/// Refuses a target with rows in any of `tables` but `MIGRATION_ROWS`, which it
/// empties instead, in the copy's transaction.
async fn make_room(pg: &mut PgConnection, tables: &[Table]) -> Result<(), CopyError> {
    let failed = |e| CopyError::Postgres("looking for rows".into(), e);
    for table in tables {
        let name = quoted(&table.name);
        if MIGRATION_ROWS.contains(&table.name.as_str()) {
            sqlx::query(AssertSqlSafe(format!("DELETE FROM {name}")))
                .execute(&mut *pg)
                .await
                .map_err(failed)?;
            continue;
        }
        let has_rows: bool = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT EXISTS (SELECT 1 FROM {name})"
        )))
        .fetch_one(&mut *pg)
        .await
        .map_err(failed)?;
        if has_rows {
            return Err(CopyError::NotEmpty(table.name.clone()));
        }
    }
    Ok(())
}

/// A table of the target, with its columns in their order.
struct Table {
    name: String,
    columns: Vec<Column>,
    /// Whether a foreign key of the table names the table itself (a category's parent).
    self_referencing: bool,
}

struct Column {
    name: String,
    kind: Kind,
    /// Whether its values come from a sequence (an identity column), which then has to
    /// start past the copied ones.
    serial: bool,
}

/// The PostgreSQL types a column may have, each read from SQLite's values as itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    BigInt,
    Integer,
    SmallInt,
    Boolean,
    Text,
    Bytea,
    Double,
}

impl Kind {
    fn of(data_type: &str) -> Option<Kind> {
        Some(match data_type {
            "bigint" => Kind::BigInt,
            "integer" => Kind::Integer,
            "smallint" => Kind::SmallInt,
            "boolean" => Kind::Boolean,
            "text" => Kind::Text,
            "bytea" => Kind::Bytea,
            "double precision" => Kind::Double,
            _ => return None,
        })
    }

    fn is_integer(self) -> bool {
        matches!(self, Kind::BigInt | Kind::Integer | Kind::SmallInt)
    }
}

/// The target's tables but `TARGET_ONLY`, in an order that copies every row after the
/// rows its foreign keys name.
async fn target_tables(pg: &mut PgConnection) -> Result<Vec<Table>, CopyError> {
    let failed = |e| CopyError::Postgres("reading the catalog".into(), e);
    let columns: Vec<(String, String, String, bool)> = sqlx::query_as(
        "SELECT c.table_name::text, c.column_name::text, c.data_type::text,
                pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) IS NOT NULL
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_schema, table_name)
         WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
         ORDER BY c.table_name, c.ordinal_position",
    )
    .fetch_all(&mut *pg)
    .await
    .map_err(failed)?;
    let keys: Vec<(String, String)> = sqlx::query_as(
        "SELECT child.relname::text, parent.relname::text
         FROM pg_constraint k
         JOIN pg_class child ON child.oid = k.conrelid
         JOIN pg_class parent ON parent.oid = k.confrelid
         WHERE k.contype = 'f' AND child.relnamespace = current_schema()::regnamespace",
    )
    .fetch_all(&mut *pg)
    .await
    .map_err(failed)?;

    let mut tables: BTreeMap<String, Vec<Column>> = BTreeMap::new();
    for (table, name, data_type, serial) in columns {
        if TARGET_ONLY.contains(&table.as_str()) {
            continue;
        }
        let kind = Kind::of(&data_type).ok_or_else(|| CopyError::UnsupportedType {
            column: format!("{table}.{name}"),
            data_type,
        })?;
        tables
            .entry(table)
            .or_default()
            .push(Column { name, kind, serial });
    }
    let names: Vec<String> = tables.keys().cloned().collect();
    let order = dependency_order(&names, &keys).map_err(CopyError::Cycle)?;
    Ok(order
        .into_iter()
        .map(|name| Table {
            self_referencing: keys.iter().any(|(c, p)| *c == name && *p == name),
            columns: tables.remove(&name).unwrap_or_default(),
            name,
        })
        .collect())
}

/// `tables` ordered so that each comes after every table its foreign keys (`keys`, as
/// (child, parent)) name, in alphabetical order where that leaves a choice; or the
/// tables that wait on each other, if some do. A key to the table itself, or to a
/// table not in `tables`, orders nothing.
fn dependency_order(tables: &[String], keys: &[(String, String)]) -> Result<Vec<String>, String> {
    let mut waiting: BTreeMap<&str, BTreeSet<&str>> = tables
        .iter()
        .map(|table| (table.as_str(), BTreeSet::new()))
        .collect();
    for (child, parent) in keys {
        if child != parent
            && waiting.contains_key(parent.as_str())
            && let Some(parents) = waiting.get_mut(child.as_str())
        {
            parents.insert(parent.as_str());
        }
    }
    let mut order = Vec::with_capacity(tables.len());
    while !waiting.is_empty() {
        let ready: Vec<&str> = waiting
            .iter()
            .filter(|(_, parents)| parents.is_empty())
            .map(|(table, _)| *table)
            .collect();
        if ready.is_empty() {
            return Err(waiting.keys().copied().collect::<Vec<_>>().join(", "));
        }
        for table in &ready {
            waiting.remove(table);
            order.push((*table).to_owned());
        }
        for parents in waiting.values_mut() {
            parents.retain(|parent| !ready.contains(parent));
        }
    }
    Ok(order)
}

/// Checks that SQLite has every table and column of `tables`, and no other but the
/// ones left behind (`NOT_COPIED`), which it answers.
async fn compare_schemas(
    sqlite: &mut SqliteConnection,
    tables: &[Table],
) -> Result<Vec<String>, CopyError> {
    let columns: Vec<(String, String)> = sqlx::query_as(
        "SELECT m.name, p.name FROM sqlite_schema m JOIN pragma_table_info(m.name) p
         WHERE m.type = 'table' ORDER BY m.name, p.cid",
    )
    .fetch_all(&mut *sqlite)
    .await
    .map_err(|e| CopyError::Sqlite("reading the schema".into(), e))?;
    let mut sqlite_tables: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (table, column) in columns {
        sqlite_tables.entry(table).or_default().insert(column);
    }
    for table in tables {
        let mut sqlite_columns = sqlite_tables
            .remove(&table.name)
            .ok_or_else(|| CopyError::MissingTable(table.name.clone()))?;
        for column in &table.columns {
            if !sqlite_columns.remove(&column.name) {
                return Err(CopyError::MissingColumn(format!(
                    "{}.{}",
                    table.name, column.name
                )));
            }
        }
        if let Some(extra) = sqlite_columns.first() {
            return Err(CopyError::ExtraColumn(format!("{}.{extra}", table.name)));
        }
    }
    sqlite_tables
        .into_keys()
        .map(
            |table| match NOT_COPIED.iter().any(|(name, _)| *name == table) {
                true => Ok(table),
                false => Err(CopyError::ExtraTable(table)),
            },
        )
        .collect()
}

/// Copies `table`'s rows, `BATCH` at a time in rowid order, and answers how many.
async fn copy_table(
    sqlite: &mut SqliteConnection,
    pg: &mut PgConnection,
    table: &Table,
) -> Result<u64, CopyError> {
    let name = quoted(&table.name);
    let columns = table
        .columns
        .iter()
        .map(|c| quoted(&c.name))
        .collect::<Vec<_>>()
        .join(", ");
    let read =
        format!("SELECT rowid, {columns} FROM {name} WHERE rowid > $1 ORDER BY rowid LIMIT $2");
    // One array per column, so a batch is one statement with as many parameters as
    // the table has columns.
    let arrays = (1..=table.columns.len())
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let write = format!("INSERT INTO {name} ({columns}) SELECT * FROM UNNEST({arrays})");
    // PostgreSQL checks a statement's foreign keys when the statement ends, so a table
    // that references itself goes in one statement, in whatever order its rows are.
    let batch = if table.self_referencing {
        i64::MAX
    } else {
        BATCH
    };

    let read_failed = |e| CopyError::Sqlite(format!("reading {}", table.name), e);
    let (mut after, mut copied) = (i64::MIN, 0_u64);
    loop {
        let rows = sqlx::query(AssertSqlSafe(read.as_str()))
            .bind(after)
            .bind(batch)
            .fetch_all(&mut *sqlite)
            .await
            .map_err(read_failed)?;
        let Some(last) = rows.last() else { break };
        after = last.try_get(0).map_err(read_failed)?;
        let mut insert = sqlx::query(AssertSqlSafe(write.as_str()));
        for (index, column) in table.columns.iter().enumerate() {
            insert = Values::read(&rows, index + 1, column.kind)
                .map_err(|(rowid, problem)| CopyError::Value {
                    column: format!("{}.{}", table.name, column.name),
                    rowid,
                    problem,
                })?
                .bind(insert);
        }
        insert
            .execute(&mut *pg)
            .await
            .map_err(|e| CopyError::Postgres(format!("writing {}", table.name), e))?;
        copied += rows.len() as u64;
        if (rows.len() as i64) < batch {
            break;
        }
    }
    Ok(copied)
}

type PgQuery<'q> = sqlx::query::Query<'q, Postgres, PgArguments>;

/// One column of a batch, as the target column's type.
enum Values {
    BigInt(Vec<Option<i64>>),
    Integer(Vec<Option<i32>>),
    SmallInt(Vec<Option<i16>>),
    Boolean(Vec<Option<bool>>),
    Text(Vec<Option<String>>),
    Bytea(Vec<Option<Vec<u8>>>),
    Double(Vec<Option<f64>>),
}

impl Values {
    /// Column `index` of SQLite's `rows` (whose column 0 is the rowid) as `kind`, or the
    /// rowid of the first value that is not one, and why. SQLite keeps any value in any
    /// column; a mismatch is refused rather than guessed at.
    fn read(rows: &[SqliteRow], index: usize, kind: Kind) -> Result<Values, (i64, String)> {
        fn each<T>(
            rows: &[SqliteRow],
            value: impl Fn(&SqliteRow) -> Result<Option<T>, String>,
        ) -> Result<Vec<Option<T>>, (i64, String)> {
            rows.iter()
                .map(|row| value(row).map_err(|e| (row.try_get(0).unwrap_or_default(), e)))
                .collect()
        }
        fn get<'r, T: sqlx::Decode<'r, sqlx::Sqlite> + sqlx::Type<sqlx::Sqlite>>(
            row: &'r SqliteRow,
            index: usize,
        ) -> Result<Option<T>, String> {
            row.try_get(index).map_err(|e| e.to_string())
        }
        fn narrow<T: TryFrom<i64>>(value: Option<i64>) -> Result<Option<T>, String> {
            value
                .map(|n| T::try_from(n).map_err(|_| format!("{n} is out of the column's range")))
                .transpose()
        }
        let flag = |n: i64| match n {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(format!("{n} is not a flag (0 or 1)")),
        };
        Ok(match kind {
            Kind::BigInt => Values::BigInt(each(rows, |row| get(row, index))?),
            Kind::Integer => Values::Integer(each(rows, |row| narrow(get(row, index)?))?),
            Kind::SmallInt => Values::SmallInt(each(rows, |row| narrow(get(row, index)?))?),
            Kind::Boolean => {
                Values::Boolean(each(rows, |row| get(row, index)?.map(flag).transpose())?)
            }
            Kind::Text => Values::Text(each(rows, |row| get(row, index))?),
            Kind::Bytea => Values::Bytea(each(rows, |row| get(row, index))?),
            Kind::Double => Values::Double(each(rows, |row| get(row, index))?),
        })
    }

    /// Binds the column as one array parameter.
    fn bind(self, query: PgQuery<'_>) -> PgQuery<'_> {
        match self {
            Values::BigInt(v) => query.bind(v),
            Values::Integer(v) => query.bind(v),
            Values::SmallInt(v) => query.bind(v),
            Values::Boolean(v) => query.bind(v),
            Values::Text(v) => query.bind(v),
            Values::Bytea(v) => query.bind(v),
            Values::Double(v) => query.bind(v),
        }
    }
}

/// Moves every identity column's sequence past the largest copied id (to 1 on an empty
/// table): rows were written with SQLite's ids, which the sequences did not hand out.
async fn reset_sequences(pg: &mut PgConnection, tables: &[Table]) -> Result<(), CopyError> {
    for table in tables {
        for column in table.columns.iter().filter(|c| c.serial) {
            sqlx::query(AssertSqlSafe(format!(
                "SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX({}), 0) + 1, false) FROM {}",
                quoted(&column.name),
                quoted(&table.name)
            )))
            // The table's name is read as SQL (quoted); the column's as it is.
            .bind(quoted(&table.name))
            .bind(&column.name)
            .execute(&mut *pg)
            .await
            .map_err(|e| CopyError::Postgres(format!("resetting {}'s ids", table.name), e))?;
        }
    }
    Ok(())
}

/// Reads both databases again, SQLite in the snapshot that was copied and PostgreSQL
/// as committed, and compares each table's rows and the sum of each integer column
/// (money, stock and quantities among them).
async fn verify(
    sqlite: &mut SqliteConnection,
    pg: &mut PgConnection,
    tables: &[Table],
) -> Result<(), CopyError> {
    for table in tables {
        let numbers: Vec<&str> = table
            .columns
            .iter()
            .filter(|c| c.kind.is_integer())
            .map(|c| c.name.as_str())
            .collect();
        let in_sqlite = sqlite_figures(sqlite, &table.name, &numbers)
            .await
            .map_err(|e| CopyError::Sqlite(format!("verifying {}", table.name), e))?;
        let in_postgres = postgres_figures(pg, &table.name, &numbers)
            .await
            .map_err(|e| CopyError::Postgres(format!("verifying {}", table.name), e))?;
        let what = std::iter::once(format!("the row count of {}", table.name)).chain(
            numbers
                .iter()
                .map(|column| format!("the sum of {}.{column}", table.name)),
        );
        for ((what, sqlite), postgres) in what.zip(in_sqlite).zip(in_postgres) {
            if sqlite != postgres {
                return Err(CopyError::Differs {
                    what,
                    sqlite,
                    postgres,
                });
            }
        }
    }
    Ok(())
}

/// `table`'s row count, then the sum of each of `columns`, on SQLite.
async fn sqlite_figures(
    sqlite: &mut SqliteConnection,
    table: &str,
    columns: &[&str],
) -> Result<Vec<i128>, sqlx::Error> {
    // SQLite's SUM stops at 64 bits: the high and low 32 bits of each value are summed
    // apart, each sum far from overflowing, and joined in 128 bits here.
    let halves: String = columns
        .iter()
        .map(|c| format!(", SUM({c} >> 32), SUM({c} & 4294967295)", c = quoted(c)))
        .collect();
    let sql = format!("SELECT COUNT(*){halves} FROM {}", quoted(table));
    let row = sqlx::query(AssertSqlSafe(sql)).fetch_one(sqlite).await?;
    let mut figures = vec![i128::from(row.try_get::<i64, _>(0)?)];
    let half = |i| Ok::<_, sqlx::Error>(i128::from(row.try_get::<Option<i64>, _>(i)?.unwrap_or(0)));
    for n in 0..columns.len() {
        figures.push((half(1 + 2 * n)? << 32) + half(2 + 2 * n)?);
    }
    Ok(figures)
}

/// `table`'s row count, then the sum of each of `columns`, on PostgreSQL.
async fn postgres_figures(
    pg: &mut PgConnection,
    table: &str,
    columns: &[&str],
) -> Result<Vec<i128>, sqlx::Error> {
    // PostgreSQL sums integers as numeric, which does not overflow; read as text.
    let sums: String = columns
        .iter()
        .map(|c| format!(", SUM({})::text", quoted(c)))
        .collect();
    let sql = format!("SELECT COUNT(*)::text{sums} FROM {}", quoted(table));
    let row = sqlx::query(AssertSqlSafe(sql)).fetch_one(pg).await?;
    (0..=columns.len())
        .map(|i| {
            let figure: Option<String> = row.try_get(i)?;
            figure
                .map_or(Ok(0), |s| s.parse::<i128>())
                .map_err(|e| sqlx::Error::Decode(Box::new(e)))
        })
        .collect()
}

/// `name` as a quoted SQL identifier. The names come from the catalogs, but a quoted
/// name cannot be read as anything else.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

impl fmt::Display for CopyReport {
    /// The tables that had rows and how many, in the order they were copied; then
    /// what was left behind and verified.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let filled: Vec<_> = self.tables.iter().filter(|(_, rows)| *rows > 0).collect();
        let width = filled.iter().map(|(t, _)| t.len()).max().unwrap_or(0);
        writeln!(f, "{:<width$}  {:>9}", "table", "rows")?;
        for (table, rows) in &filled {
            writeln!(f, "{table:<width$}  {rows:>9}")?;
        }
        let rows: u64 = filled.iter().map(|(_, rows)| rows).sum();
        writeln!(
            f,
            "copied {rows} rows of {} tables ({} empty) in {:.1} s",
            self.tables.len(),
            self.tables.len() - filled.len(),
            self.elapsed.as_secs_f64()
        )?;
        for table in &self.left_behind {
            if let Some((_, why)) = NOT_COPIED.iter().find(|(name, _)| name == table) {
                writeln!(f, "not copied: {table} ({why})")?;
            }
        }
        writeln!(
            f,
            "verified: {} tables, counts and sums equal",
            self.tables.len()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    fn keys(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(c, p)| ((*c).to_owned(), (*p).to_owned()))
            .collect()
    }

    #[test]
    fn parents_come_before_their_children() {
        let order = dependency_order(
            &names(&["order_lines", "orders", "customers", "products", "vendors"]),
            &keys(&[
                ("order_lines", "orders"),
                ("orders", "customers"),
                ("products", "vendors"),
            ]),
        )
        .unwrap();
        assert_eq!(
            order,
            names(&["customers", "vendors", "orders", "products", "order_lines"])
        );
    }

    #[test]
    fn a_key_to_itself_or_to_a_table_not_copied_orders_nothing() {
        let order = dependency_order(
            &names(&["categories", "audit"]),
            &keys(&[("categories", "categories"), ("audit", "throttles")]),
        )
        .unwrap();
        assert_eq!(order, names(&["audit", "categories"]));
    }

    #[test]
    fn tables_waiting_on_each_other_are_named() {
        let cycle = dependency_order(
            &names(&["a", "b", "c", "d"]),
            &keys(&[("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]),
        )
        .unwrap_err();
        assert_eq!(cycle, "a, b, c, d");
    }

    #[test]
    fn identifiers_are_quoted() {
        assert_eq!(quoted("orders"), "\"orders\"");
        assert_eq!(quoted("we\"ird"), "\"we\"\"ird\"");
    }
}
