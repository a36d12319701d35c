//! A fresh PostgreSQL database for each test, on the server at `STORE_TEST_POSTGRES`
//! (default `postgres://postgres@127.0.0.1:5432`, the machine's trust-auth server),
//! migrated, and dropped when the test's guard goes. `scripts/ensure-postgres` checks
//! the server is there before the tests run.

use sqlx::{AssertSqlSafe, Connection, PgConnection};
use std::sync::atomic::{AtomicU32, Ordering};
use store_adapters::postgres::PgStore;

/// The server, without a database: the tests' own databases go after it.
fn server() -> String {
    std::env::var("STORE_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned())
}

/// Databases this suite makes are named `store_test_<process id>_<n>`.
const PREFIX: &str = "store_test_";

/// A migrated, empty database of its own with a pool of `connections`, and the guard
/// that drops it.
pub async fn postgres_store(connections: u32) -> (PgStore, TestDatabase) {
    let database = empty_database("").await;
    let store = PgStore::open(&database.url(), connections).await.unwrap();
    store.migrate().await.unwrap();
    (store, database)
}

/// An empty database of its own, made with `options` (`CREATE DATABASE name options`),
/// and the guard that drops it.
pub async fn empty_database(options: &str) -> TestDatabase {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = format!(
        "{PREFIX}{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let mut admin = admin().await;
    drop_leftovers(&mut admin).await;
    // A name made here, of digits and underscores: nothing to quote.
    sqlx::raw_sql(AssertSqlSafe(format!("CREATE DATABASE {name} {options}")))
        .execute(&mut admin)
        .await
        .unwrap_or_else(|err| panic!("creating {name}: {err}"));
    admin.close().await.ok();
    TestDatabase { name }
}

/// Drops its database when dropped, closing whatever is still connected to it.
pub struct TestDatabase {
    name: String,
}

impl TestDatabase {
    pub fn url(&self) -> String {
        format!("{}/{}", server(), self.name)
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let name = self.name.clone();
        // Drop cannot await, and the test's runtime may be shutting down: a thread of
        // its own, waited for, so the database is gone when the test ends.
        let dropped = std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap()
                .block_on(async {
                    let mut admin = admin().await;
                    sqlx::raw_sql(AssertSqlSafe(format!(
                        "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                    )))
                    .execute(&mut admin)
                    .await
                    .map(drop)
                })
        })
        .join();
        if !matches!(dropped, Ok(Ok(()))) {
            eprintln!("could not drop the test database {}", self.name);
        }
    }
}

async fn admin() -> PgConnection {
    let url = format!("{}/postgres", server());
    PgConnection::connect(&url).await.unwrap_or_else(|err| {
        panic!(
            "PostgreSQL is not reachable at {} ({err}); start it (scripts/ensure-postgres) \
             or point STORE_TEST_POSTGRES at one",
            server()
        )
    })
}

/// Drops the databases of test runs whose process is gone (a run killed before its
/// guards dropped), so they do not pile up on the server.
async fn drop_leftovers(admin: &mut PgConnection) {
    let names: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE $1")
            .bind(format!("{PREFIX}%"))
            .fetch_all(&mut *admin)
            .await
            .unwrap_or_default();
    for name in names {
        let pid = name[PREFIX.len()..].split('_').next().unwrap_or("");
        let gone = pid.parse::<u32>().is_ok_and(|pid| {
            pid != std::process::id() && !std::path::Path::new(&format!("/proc/{pid}")).exists()
        });
        if gone {
            // Another test may drop it at the same moment: either way it is gone.
            let _ = sqlx::raw_sql(AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            )))
            .execute(&mut *admin)
            .await;
        }
    }
}
