//! The real binary on PostgreSQL: a `postgres://` URL migrates, seeds and serves the
//! store, and a shopper's requests are answered from it.

use binary::{Server, registered, store, text};
use serde_json::json;
use std::time::Duration;

use crate::binary;

use crate::postgres_db;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_migrates_seeds_and_serves_on_postgres() {
    let database = postgres_db::empty_database("").await;
    // A password in the URL is never shown (trust auth ignores it).
    let url = database
        .url()
        .replacen("postgres://postgres@", "postgres://postgres:hunter2@", 1);

    let migrated = store(&url, &["migrate"]);
    assert!(migrated.status.success(), "{}", text(&migrated.stderr));
    let said = text(&migrated.stdout);
    assert!(said.contains("is up to date"), "{said}");
    assert!(
        said.contains("postgres:***@") && !said.contains("hunter2"),
        "{said}"
    );
    let again = store(&url, &["migrate"]);
    assert!(again.status.success(), "migrating twice is a no-op");

    let seeded = store(&url, &["seed"]);
    assert!(seeded.status.success(), "{}", text(&seeded.stderr));
    assert!(text(&seeded.stdout).contains("demo catalogue imported"));
    let listed = store(&url, &["orders", "list"]);
    assert_eq!(text(&listed.stdout), "no orders\n");
    let discounts = text(&store(&url, &["discounts", "list"]).stdout);
    assert!(discounts.contains("WELCOME10"), "{discounts}");

    let backup = store(&url, &["backup", "/tmp/never-written.db"]);
    assert!(!backup.status.success());
    assert!(
        text(&backup.stderr).contains("pg_dump"),
        "{}",
        text(&backup.stderr)
    );

    let server = Server::start(&url, &[]).await;
    let (status, product) = server.get("/api/products/1001", "").await.unwrap();
    assert_eq!(status, 200, "{product}");
    assert_eq!(product["id"], 1001, "{product}");
    assert!(product["title"].as_str().is_some_and(|t| !t.is_empty()));
    let (_, found) = server.get("/api/search?q=mug", "").await.unwrap();
    assert!(
        found["items"].as_array().is_some_and(|p| !p.is_empty()),
        "the index is built from PostgreSQL: {found}"
    );
    server.stop();
}

/// Two instances on one PostgreSQL database: what one writes, the other serves, and
/// the guessing throttles count the tries made at either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_one_store() {
    let database = postgres_db::empty_database("").await;
    let url = database.url();
    assert!(store(&url, &["seed"]).status.success());
    // Each looks at the catalogue's version every second.
    let refresh = [("STORE__SEARCH__REFRESH_SECONDS", "1")];
    let (a, b) = (
        Server::start(&url, &refresh).await,
        Server::start(&url, &refresh).await,
    );

    // Registered through A, confirmed through B, signed in on both.
    let cookie = registered(&a, &b, &url).await;
    for server in [&a, &b] {
        let (_, me) = server.get("/api/customer", &cookie).await.unwrap();
        assert_eq!(
            me["name"], "Dana Levi",
            "signed in on {}: {me}",
            server.base
        );
    }

    // Tries count across both: ten a minute per address and client (the default). The
    // registration and its confirmation took two; eight wrong passwords, four at each
    // instance, take the rest, and the next is refused whichever instance it reaches
    // (counted apart, each instance would have seen five).
    let wrong = json!({"email": "dana@example.com", "password": "wrong horse battery"});
    for n in 0..8 {
        let server = if n % 2 == 0 { &a } else { &b };
        let (status, ..) = server.post("/api/login", "", wrong.clone()).await;
        assert_eq!(status, 401, "attempt {n} on {}", server.base);
    }
    for server in [&a, &b] {
        let (status, ..) = server.post("/api/login", "", wrong.clone()).await;
        assert_eq!(status, 429, "counted across instances, on {}", server.base);
    }

    // A catalogue change (an import by the owner's command) reaches both instances'
    // search indexes: each sees the database's catalogue version move.
    let imported = std::time::Instant::now();
    assert!(
        store(&url, &["seed", "--products", "3"]).status.success(),
        "generated products imported"
    );
    for server in [&a, &b] {
        let mut found = false;
        while !found && imported.elapsed() < Duration::from_secs(20) {
            let (_, results) = server.get("/api/search?q=GEN-1000002", "").await.unwrap();
            found = results["items"]
                .as_array()
                .is_some_and(|items| items.iter().any(|p| p["id"] == 1_000_002));
            if !found {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        assert!(found, "{} never found the new product", server.base);
        eprintln!(
            "{} found the imported product {} ms after the import began",
            server.base,
            imported.elapsed().as_millis()
        );
    }
    a.stop();
    b.stop();
}
