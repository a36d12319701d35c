//! Row types read by column name, without sqlx's derive: its proc-macro crate brings a
//! second SQLite (and half of sqlx) compiled for the build host, a fifth of a fresh
//! build's time on two cores.

/// Declares a struct and reads it from a row, each field from the column of its name:
/// what `#[derive(sqlx::FromRow)]` does for plain fields.
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

        impl $crate::sqlite::rows::DirectRow for $name {
            fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self> {
                Ok($name {
                    $($field: row.get(stringify!($field))?),*
                })
            }
        }
    };
}

pub(super) use row;

/// A row read by a direct write (`super::direct`): the same struct and column names
/// as sqlx reads.
pub(super) trait DirectRow: Sized {
    fn read(row: &rusqlite::Row<'_>) -> rusqlite::Result<Self>;
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

/// The migrations in `migrations/`, compiled in, as `sqlx::migrate!` would embed them:
/// the same versions, descriptions and checksums, so a database migrated by either is
/// up to date for the other (a test compares them).
pub(super) fn migrator() -> sqlx::migrate::Migrator {
    use sqlx::SqlSafeStr;
    use sqlx::migrate::{Migration, MigrationType, Migrator};
    macro_rules! migrations {
        ($($version:literal $description:literal $file:literal),* $(,)?) => {
            vec![$(Migration::new(
                $version,
                $description.into(),
                MigrationType::Simple,
                include_str!(concat!("../../migrations/", $file)).into_sql_str(),
                false,
            )),*]
        };
    }
    Migrator::with_migrations(migrations![
        1 "catalogue" "0001_catalogue.sql",
        2 "inbound" "0002_inbound.sql",
        3 "search" "0003_search.sql",
        4 "storage safety" "0004_storage_safety.sql",
        5 "drop list indexes" "0005_drop_list_indexes.sql",
        6 "hebrew option names" "0006_hebrew_option_names.sql",
        7 "accounts" "0007_accounts.sql",
        8 "outbox" "0008_outbox.sql",
        9 "customer data" "0009_customer_data.sql",
        10 "sandbox charges" "0010_sandbox_charges.sql",
        11 "checkout" "0011_checkout.sql",
        12 "orders" "0012_orders.sql",
        13 "card holders" "0013_card_holders.sql",
        14 "processor customers" "0014_processor_customers.sql",
        15 "order link keys" "0015_order_link_keys.sql",
        16 "order language and details" "0016_order_language_and_details.sql",
        17 "returns" "0017_returns.sql",
        18 "subscriptions" "0018_subscriptions.sql",
        19 "schools" "0019_schools.sql",
    ])
}

#[cfg(test)]
mod tests {
    use sqlx::migrate::{Migration, Migrator};
    use std::path::Path;

    /// A migration added to the folder and not to the list, or edited after the list
    /// was written, fails here: the folder is read as `sqlx::migrate!` reads it.
    #[tokio::test]
    async fn the_compiled_in_migrations_are_the_folder() {
        let folder = Migrator::new(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/migrations"
        )))
        .await
        .unwrap();
        let key = |m: &Migration| {
            (
                m.version,
                m.description.to_string(),
                m.checksum.to_vec(),
                m.no_tx,
                m.migration_type,
            )
        };
        assert_eq!(
            super::migrator().iter().map(key).collect::<Vec<_>>(),
            folder.iter().map(key).collect::<Vec<_>>()
        );
    }
}
