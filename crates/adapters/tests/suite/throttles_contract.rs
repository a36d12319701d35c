//! The contract of the `Throttles` port (counts per key in fixed windows), written once
//! and run against both implementations (a SQLite store's in memory, PostgreSQL's
//! table); additions made at the same moment are all counted.

use std::sync::Arc;
use std::time::Duration;
use store_adapters::throttles::LocalThrottles;
use store_domain::clock::Timestamp;
use store_domain::ports::Throttles;

use crate::common::postgres as postgres_db;

const MINUTE: Duration = Duration::from_secs(60);

fn at(seconds: i64) -> Timestamp {
    Timestamp::from_unix_seconds(1_767_225_600 + seconds)
}

async fn counts_in_fixed_windows(t: &dyn Throttles) {
    assert_eq!(t.current("dana", at(0)).await.unwrap(), None);
    assert_eq!(t.add("dana", 1, MINUTE, at(0)).await.unwrap(), (1, at(60)));
    assert_eq!(t.add("dana", 2, MINUTE, at(30)).await.unwrap(), (3, at(60)));
    assert_eq!(t.current("dana", at(59)).await.unwrap(), Some((3, at(60))));
    assert_eq!(t.current("noa", at(59)).await.unwrap(), None, "per key");
    // The window ends; the next addition starts a new one.
    assert_eq!(t.current("dana", at(60)).await.unwrap(), None);
    assert_eq!(
        t.add("dana", 1, MINUTE, at(61)).await.unwrap(),
        (1, at(121))
    );
    t.add("noa", 1, MINUTE, at(0)).await.unwrap();
    assert_eq!(t.forget_ended(at(100)).await.unwrap(), 1, "noa's ended");
    assert_eq!(
        t.current("dana", at(100)).await.unwrap(),
        Some((1, at(121)))
    );
}

async fn additions_at_once_are_all_counted(t: Arc<dyn Throttles>) {
    let tries: Vec<_> = (0..20)
        .map(|_| {
            let t = t.clone();
            tokio::spawn(async move { t.add("guessed", 1, MINUTE, at(0)).await.unwrap() })
        })
        .collect();
    let mut counts = Vec::new();
    for handle in tries {
        counts.push(handle.await.unwrap().0);
    }
    counts.sort_unstable();
    assert_eq!(
        counts,
        (1..=20).collect::<Vec<u64>>(),
        "each saw its own count"
    );
}

#[tokio::test]
async fn local_counts_in_fixed_windows() {
    counts_in_fixed_windows(&LocalThrottles::default()).await;
}

#[tokio::test]
async fn postgres_counts_in_fixed_windows() {
    let (store, _database) = postgres_db::postgres_store(2).await;
    counts_in_fixed_windows(&store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn local_counts_every_addition_made_at_once() {
    additions_at_once_are_all_counted(Arc::new(LocalThrottles::default())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_counts_every_addition_made_at_once() {
    let (store, _database) = postgres_db::postgres_store(8).await;
    additions_at_once_are_all_counted(Arc::new(store)).await;
}
