//! What opening a PostgreSQL store checks, beyond the port contracts.

use store_adapters::postgres::{OpenError, PgStore};

use crate::common::postgres as postgres_db;

#[tokio::test]
async fn a_database_that_sorts_text_by_a_locale_is_refused() {
    let database = postgres_db::empty_database(
        "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'",
    )
    .await;
    let refused = PgStore::open(&database.url(), 1).await.err();
    let Some(OpenError::Collation(collation)) = &refused else {
        panic!("opened, or failed otherwise: {refused:?}");
    };
    assert_eq!(collation, "i:C.UTF-8");
    let message = refused.unwrap().to_string();
    assert!(message.contains("LC_COLLATE 'C.UTF-8'"), "{message}");
}

#[tokio::test]
async fn a_byte_ordered_database_opens_and_migrates_twice() {
    let (store, database) = postgres_db::postgres_store(2).await;
    // A second instance starting on the same database finds it up to date.
    let second = PgStore::open(&database.url(), 1).await.unwrap();
    second.migrate().await.unwrap();
    store.close().await;
    second.close().await;
}
