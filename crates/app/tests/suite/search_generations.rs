//! The search index's generations on disk, with the real binary on a SQLite store: a
//! restart serves the last complete generation at once, a rebuild killed half-way
//! leaves it intact, and a damaged one is rebuilt while the store serves.

use crate::binary::{Server, store, text};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Enough products that a rebuild takes a window a test can hit (seconds in a debug
/// build), few enough to seed in seconds.
const PRODUCTS: &str = "20000";
/// The first generated product.
const FIRST: &str = "1000001";
/// A word no generated title has.
const NEW_TITLE: &str = "Zanzibarian Teapot";

/// The store beside its search folder: `folder/store.db` keeps `folder/store.search`.
fn seeded(products: &str) -> (tempfile::TempDir, String, PathBuf) {
    let folder = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", folder.path().join("store.db").display());
    let seeded = store(&url, &["seed", "--products", products]);
    assert!(seeded.status.success(), "{}", text(&seeded.stderr));
    let search = folder.path().join("store.search");
    (folder, url, search)
}

/// The server looks at the catalogue's version every second.
const REFRESH: &[(&str, &str)] = &[("STORE__SEARCH__REFRESH_SECONDS", "1")];

/// The folders in the search directory: complete generations (with a manifest) and
/// builds under way (`.partial`).
fn generations(search: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
    let mut complete = Vec::new();
    let mut partial = Vec::new();
    for entry in std::fs::read_dir(search).unwrap() {
        let path = entry.unwrap().path();
        if path.to_string_lossy().ends_with(".partial") {
            partial.push(path);
        } else if path.join("manifest").exists() {
            complete.push(path);
        }
    }
    complete.sort();
    (complete, partial)
}

/// How many products a search for `q` finds.
async fn found(server: &Server, q: &str) -> u64 {
    let path = format!("/api/search?q={}", q.replace(' ', "+"));
    let (status, answer) = server.get(&path, "").await.unwrap();
    assert_eq!(status, 200, "{answer}");
    answer["total"]
        .as_u64()
        .unwrap_or_else(|| panic!("{answer}"))
}

/// Waits until a search for `q` finds something, within `limit`.
async fn until_found(server: &Server, q: &str, limit: Duration) -> Duration {
    let started = Instant::now();
    while found(server, q).await == 0 {
        assert!(
            started.elapsed() < limit,
            "{q:?} not found within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    started.elapsed()
}

/// Product `id`'s title, from its page.
async fn title(server: &Server, id: &str) -> String {
    let (status, product) = server
        .get(&format!("/api/products/{id}"), "")
        .await
        .unwrap();
    assert_eq!(status, 200, "{product}");
    product["title"].as_str().unwrap().to_owned()
}

/// A title changed by the owner, in the database.
fn retitle(url: &str, id: &str, title: &str) {
    let changed = store(url, &["products", "change", id, "--title", title]);
    assert!(changed.status.success(), "{}", text(&changed.stderr));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuild_killed_half_way_leaves_the_last_generation_to_serve() {
    let (_folder, url, search) = seeded(PRODUCTS);
    let server = Server::start(&url, REFRESH).await;
    // Ready means a generation is built and served.
    let (complete, _) = generations(&search);
    assert_eq!(complete.len(), 1, "{complete:?}");
    let old_title = title(&server, FIRST).await;
    assert!(found(&server, &old_title).await > 0);
    assert_eq!(found(&server, NEW_TITLE).await, 0);

    retitle(&url, FIRST, NEW_TITLE);
    // The refresher sees the new version within a second and starts a new generation:
    // the process is killed while it is being built.
    let started = Instant::now();
    while generations(&search).1.is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no rebuild started"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    server.kill();
    let (after_kill, partial) = generations(&search);
    assert_eq!(after_kill, complete, "the kill came before the build ended");
    assert_eq!(partial.len(), 1);

    // Restarted, it serves the last complete generation at once (the old title), then
    // finishes the rebuild in the background and finds the new one.
    let restarted = Instant::now();
    let server = Server::start(&url, REFRESH).await;
    assert!(found(&server, &old_title).await > 0);
    assert_eq!(
        found(&server, NEW_TITLE).await,
        0,
        "served from the generation built before the change"
    );
    let ready = restarted.elapsed();
    let rebuilt = until_found(&server, NEW_TITLE, Duration::from_secs(60)).await;
    eprintln!("served after {ready:?}; the new title found {rebuilt:?} later");
    let (complete, partial) = generations(&search);
    assert!(partial.is_empty(), "{partial:?}");
    assert_eq!(complete.len(), 2, "the current one and the one before");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_generation_is_rebuilt_while_the_store_serves() {
    let (_folder, url, search) = seeded("200");
    let server = Server::start(&url, REFRESH).await;
    retitle(&url, FIRST, NEW_TITLE);
    until_found(&server, NEW_TITLE, Duration::from_secs(30)).await;
    server.stop();
    let (complete, _) = generations(&search);
    assert_eq!(complete.len(), 2, "{complete:?}");

    // The newest generation (the new title's) loses the end of its largest index file.
    let newest = complete
        .iter()
        .max_by_key(|g| {
            std::fs::metadata(g.join("manifest"))
                .unwrap()
                .modified()
                .unwrap()
        })
        .unwrap();
    let largest = std::fs::read_dir(newest)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.ends_with("manifest") && !p.ends_with("facts.bin"))
        .max_by_key(|p| std::fs::metadata(p).unwrap().len())
        .unwrap();
    let size = std::fs::metadata(&largest).unwrap().len();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&largest)
        .unwrap()
        .set_len(size / 2)
        .unwrap();

    // It starts on the generation before, answering searches, rebuilds the damaged one
    // in the background and then finds the new title.
    let server = Server::start(&url, REFRESH).await;
    assert!(found(&server, "mug").await > 0, "searches answer meanwhile");
    until_found(&server, NEW_TITLE, Duration::from_secs(30)).await;
    let (complete, partial) = generations(&search);
    assert!(partial.is_empty(), "{partial:?}");
    assert_eq!(complete.len(), 2, "{complete:?}");
    server.stop();
}
