//! Row types read by column name, without sqlx's derive: its proc-macro crate brings a
//! second SQLite (and half of sqlx) compiled for the build host, a fifth of a fresh
//! build's time on two cores.

/// Declares a struct and reads it from a row of either engine, and from the SQLite
/// writer thread's rusqlite row, each field from the column of its name: what
/// `#[derive(sqlx::FromRow)]` does for plain fields.
macro_rules! row {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($field:ident : $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        $vis struct $name {
            $($vis $field: $ty),*
        }

        impl<'r> sqlx::FromRow<'r, sqlx::sqlite::SqliteRow> for $name {
            fn from_row(row: &'r sqlx::sqlite::SqliteRow) -> Result<Self, sqlx::Error> {
                use sqlx::Row;
                Ok($name {
                    $($field: row.try_get(stringify!($field))?),*
                })
            }
        }

        impl<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> for $name {
            fn from_row(row: &'r sqlx::postgres::PgRow) -> Result<Self, sqlx::Error> {
                use sqlx::Row;
                Ok($name {
                    $($field: row.try_get(stringify!($field))?),*
                })
            }
        }

        impl $crate::sqlite::rows::DirectRow for $name {
            fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
                Ok($name {
                    $($field: row.get(stringify!($field))?),*
                })
            }
        }
    };
}

pub(crate) use row;
