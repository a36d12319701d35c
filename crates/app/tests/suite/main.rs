//! The app's integration tests: the API over fakes, and the real binary on SQLite and
//! PostgreSQL.
//!
//! Every file beside this one is a module of one test binary, not a binary of its own: each
//! binary links the whole crate and its dependencies, and one per file cost `cargo test`
//! minutes of compiling and linking on two cores (docs/decisions.md). A new test file is
//! declared below, or it is never compiled (store-app's
//! `every_test_file_is_a_module_of_its_suite` fails until it is). `cargo test -p store-app
//! --test suite <file>::` runs one file's tests.

mod binary;
mod common;
/// The adapters' fresh PostgreSQL database per test, shared rather than copied.
#[path = "../../../adapters/tests/suite/common/postgres.rs"]
#[allow(
    dead_code,
    reason = "it also opens the adapters' store, which these tests open through the binary"
)]
mod postgres_db;

mod accounts_api;
mod api;
mod bag_api;
mod checkout_api;
mod customer_api;
mod edge;
mod limits;
mod messages_api;
mod metrics;
mod openapi_contract;
mod orders_api;
mod owner_cli;
mod postgres_store;
mod products_cli;
mod read_cache;
mod retention;
mod returns_api;
mod school_api;
mod search_api;
mod search_generations;
mod storage_api;
mod store_copy;
mod subscriptions_api;
mod subscriptions_runs;
mod subscriptions_scheduler;

/// A test file left out of a suite's list above is never compiled, so its tests would
/// silently stop running: every `.rs` file in each crate's `tests/suite` is declared
/// in that suite's `main.rs`.
#[test]
fn every_test_file_is_a_module_of_its_suite() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["domain", "adapters", "app"] {
        let suite = crates.join(krate).join("tests/suite");
        let main = std::fs::read_to_string(suite.join("main.rs")).unwrap();
        for entry in std::fs::read_dir(&suite).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let Some(module) = name.strip_suffix(".rs") else {
                continue;
            };
            assert!(
                module == "main" || main.contains(&format!("\nmod {module};\n")),
                "crates/{krate}/tests/suite/{name} is not declared in that suite's main.rs"
            );
        }
    }
}
