//! What the adapters' test files share.

pub mod customers;
pub mod localstripe;
pub mod orders;
pub mod postgres;

use store_adapters::sqlite::SqliteStore;

/// A migrated SQLite database file in a fresh folder, with `readers` reading
/// connections; the folder (and the file) goes when the returned guard is dropped.
pub async fn sqlite_store(readers: u32) -> (SqliteStore, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = SqliteStore::open(&url, readers).await.unwrap();
    store.migrate().await.unwrap();
    (store, dir)
}
