//! Each engine's migrations (`migrations/sqlite/`, `migrations/postgres/`), compiled
//! in as `sqlx::migrate!` would embed them: the same versions, descriptions and
//! checksums, so a database migrated by either is up to date for the other (a test
//! compares them). The engines keep separate lists: PostgreSQL's started when its
//! adapter did, with the tables of the ports it implements, and grows as they do.

use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

macro_rules! migrations {
    ($engine:literal: $($version:literal $description:literal $file:literal),* $(,)?) => {
        Migrator::with_migrations(vec![$(Migration::new(
            $version,
            $description.into(),
            MigrationType::Simple,
            include_str!(concat!("../migrations/", $engine, "/", $file)).into_sql_str(),
            false,
        )),*])
    };
}

/// SQLite's schema.
pub fn sqlite() -> Migrator {
    migrations!["sqlite":
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
        20 "hidden products" "0020_hidden_products.sql",
    ]
}

/// PostgreSQL's schema. sqlx takes an advisory lock while it migrates, so instances
/// starting together apply each migration once.
pub fn postgres() -> Migrator {
    migrations!["postgres":
        1 "accounts" "0001_accounts.sql",
        2 "customer data" "0002_customer_data.sql",
        3 "inbound and secrets" "0003_inbound_and_secrets.sql",
        4 "checkout" "0004_checkout.sql",
        5 "catalogue" "0005_catalogue.sql",
        6 "schools" "0006_schools.sql",
        7 "orders" "0007_orders.sql",
        8 "outbox and sandbox" "0008_outbox_and_sandbox.sql",
        9 "returns" "0009_returns.sql",
        10 "subscriptions" "0010_subscriptions.sql",
        11 "throttles" "0011_throttles.sql",
        12 "hidden products" "0012_hidden_products.sql",
    ]
}

#[cfg(test)]
mod tests {
    use sqlx::migrate::{Migration, Migrator};
    use std::path::Path;

    /// A migration added to a folder and not to its list, or edited after the list
    /// was written, fails here: the folder is read as `sqlx::migrate!` reads it.
    #[tokio::test]
    async fn the_compiled_in_migrations_are_the_folders() {
        let key = |m: &Migration| {
            (
                m.version,
                m.description.to_string(),
                m.checksum.to_vec(),
                m.no_tx,
                m.migration_type,
            )
        };
        for (engine, compiled) in [("sqlite", super::sqlite()), ("postgres", super::postgres())] {
            let folder = Migrator::new(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("migrations")
                    .join(engine),
            )
            .await
            .unwrap();
            assert_eq!(
                compiled.iter().map(key).collect::<Vec<_>>(),
                folder.iter().map(key).collect::<Vec<_>>(),
                "{engine}"
            );
        }
    }
}
