//! The SQLite store as an operator meets it: file permissions, a busy database,
//! readers beside a writer, and online backups.

use sqlx::Connection;
use sqlx::sqlite::SqliteConnection;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use store_adapters::sqlite::{BackupError, SqliteStore};
use store_domain::clock::Timestamp;
use store_domain::jobs::{JobKind, Jobs, NewJob};
use store_domain::messages::Inquiry;
use store_domain::ports::{Catalog, Inbox, StorageError};

fn url(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

async fn store_at(path: &Path) -> SqliteStore {
    let store = SqliteStore::open(&url(path), 4).await.unwrap();
    store.migrate().await.unwrap();
    store
}

const AT: Timestamp = Timestamp::from_unix_seconds(1_767_225_600);

fn message(n: usize) -> Inquiry {
    Inquiry::chat("a@b.co", None, &format!("message {n}")).unwrap()
}

#[cfg(unix)]
#[tokio::test]
async fn the_database_and_its_wal_files_are_readable_by_their_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("data").join("store.db");
    let store = store_at(&db).await;
    store.submit(&message(1), AT).await.unwrap();
    for file in ["store.db", "store.db-wal", "store.db-shm"] {
        let path = db.with_file_name(file);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{file} has mode {mode:o}");
    }
    store.close().await;
}

/// Holds SQLite's write lock from another connection, as another process's import does.
async fn lock_for_writing(path: &Path) -> SqliteConnection {
    let mut conn = SqliteConnection::connect(&url(path)).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut conn)
        .await
        .unwrap();
    conn
}

#[tokio::test]
async fn reads_answer_and_writes_are_busy_while_another_writer_holds_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("store.db");
    let store = store_at(&db).await;
    let mut other = lock_for_writing(&db).await;

    assert_eq!(
        store.product_count().await.unwrap(),
        0,
        "readers never wait"
    );
    assert_eq!(store.recent_inquiries(5).await.unwrap(), vec![]);
    let write = store.submit(&message(1), AT).await;
    assert!(
        matches!(write, Err(StorageError::Busy)),
        "a write past the busy timeout is Busy, not a storage failure: {write:?}"
    );
    // The same from the writer thread's direct writes (the order path's).
    let job = NewJob {
        kind: JobKind::OrderConfirmation,
        subject: "AAAABBBBCCC2".into(),
        due_at: AT,
    };
    let direct = store.enqueue(std::slice::from_ref(&job), AT).await;
    assert!(
        matches!(direct, Err(StorageError::Busy)),
        "a direct write past the busy timeout is Busy too: {direct:?}"
    );

    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    store.submit(&message(2), AT).await.unwrap();
    store.enqueue(&[job], AT).await.unwrap();
    store.close().await;
}

#[tokio::test]
async fn concurrent_writes_and_reads_all_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(store_at(&dir.path().join("store.db")).await);
    let mut tasks = Vec::new();
    for n in 0..40 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store.submit(&message(n), AT).await.map(|_| ())?;
            store.recent_inquiries(10).await.map(|_| ())
        }));
    }
    for task in tasks {
        task.await.unwrap().unwrap();
    }
    assert_eq!(store.recent_inquiries(100).await.unwrap().len(), 40);
}

async fn integrity(path: &Path) -> String {
    let mut conn = SqliteConnection::connect(&url(path)).await.unwrap();
    sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_backup_taken_under_writes_restores_every_row_of_its_instant() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(store_at(&dir.path().join("store.db")).await);
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (store, stop) = (store.clone(), stop.clone());
        tokio::spawn(async move {
            let mut written = 0;
            while !stop.load(Ordering::Relaxed) {
                store.submit(&message(written), AT).await.unwrap();
                written += 1;
                tokio::task::yield_now().await;
            }
            written
        })
    };
    // Let the writer get going, then note what is surely committed before the backup.
    while store
        .recent_inquiries(1)
        .await
        .unwrap()
        .first()
        .map(|m| m.id)
        < Some(200)
    {
        tokio::task::yield_now().await;
    }
    let committed_before = store.recent_inquiries(1).await.unwrap()[0].id;
    let copy: PathBuf = dir.path().join("backup.db");
    store.backup_to(&copy).await.unwrap();
    stop.store(true, Ordering::Relaxed);
    let written = writer.await.unwrap();

    assert_eq!(integrity(&copy).await, "ok");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&copy).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the backup has mode {mode:o}");
    }
    let restored = store_at(&copy).await;
    let rows = restored.recent_inquiries(u32::MAX).await.unwrap();
    let ids: Vec<i64> = rows.iter().rev().map(|m| m.id).collect();
    assert!(
        ids.len() as i64 >= committed_before,
        "{} rows restored, {committed_before} were committed before the backup",
        ids.len()
    );
    assert!(
        ids.iter().copied().eq(1..=ids.len() as i64),
        "one instant: no row missing before the newest one copied"
    );
    assert!(ids.len() <= written, "nothing invented");
    assert_eq!(rows.last().unwrap().inquiry, message(0));
}

#[tokio::test]
async fn a_backup_never_overwrites_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = store_at(&dir.path().join("store.db")).await;
    let existing = dir.path().join("precious.db");
    std::fs::write(&existing, "keep me").unwrap();
    let refused = store.backup_to(&existing).await;
    assert!(
        matches!(refused, Err(BackupError::Exists(_))),
        "{refused:?}"
    );
    assert_eq!(std::fs::read_to_string(&existing).unwrap(), "keep me");
}

/// The writer and the readers are separate connections: in memory they must share one
/// database, or a read would not see what was just written.
#[tokio::test]
async fn in_memory_the_readers_see_what_the_writer_wrote() {
    let store = SqliteStore::open("sqlite::memory:", 2).await.unwrap();
    store.migrate().await.unwrap();
    store.submit(&message(1), AT).await.unwrap();
    assert_eq!(store.recent_inquiries(5).await.unwrap().len(), 1);
    store.close().await;

    let private = SqliteStore::open("sqlite://store.db?mode=memory", 2).await;
    assert!(
        matches!(
            private,
            Err(store_adapters::sqlite::OpenError::PrivateMemory(_))
        ),
        "a database private to each connection is refused"
    );
}

#[tokio::test]
async fn a_write_after_close_answers_that_the_database_is_closed() {
    let dir = tempfile::tempdir().unwrap();
    let store = store_at(&dir.path().join("store.db")).await;
    store.close().await;
    let job = NewJob {
        kind: JobKind::OrderConfirmation,
        subject: "AAAABBBBCCC2".into(),
        due_at: AT,
    };
    let direct = store.enqueue(&[job], AT).await;
    assert!(
        matches!(&direct, Err(StorageError::Storage(why)) if why.contains("closed")),
        "{direct:?}"
    );
}

/// Issue 33: the writer syncs every commit (`synchronous = FULL`, read back from
/// SQLite); only the benchmarks' `Deferred` lowers it, and the URL cannot.
#[tokio::test]
async fn the_writer_syncs_every_commit_and_the_url_cannot_lower_it() {
    use store_adapters::sqlite::Durability;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = SqliteStore::open(&url, 2).await.unwrap();
    assert_eq!(store.writer_synchronous().await.unwrap(), "full");
    store.close().await;
    let deferred = SqliteStore::open_with(&url, 2, Durability::Deferred)
        .await
        .unwrap();
    assert_eq!(deferred.writer_synchronous().await.unwrap(), "normal");
    deferred.close().await;
    for lowered in ["synchronous=off", "synchronous=normal"] {
        let refused = SqliteStore::open(&format!("{url}?{lowered}"), 2).await;
        assert!(refused.is_err(), "{lowered} was taken");
    }
}
