//! The adapters' integration tests: every port's contract suite on each engine, and the
//! adapters that meet outside programs (SMTP, localstripe).
//!
//! Every file beside this one is a module of one test binary, not a binary of its own: each
//! binary links the whole crate and its dependencies, and one per file cost `cargo test`
//! minutes of compiling and linking on two cores (docs/decisions.md). A new test file is
//! declared below, or it is never compiled (store-app's
//! `every_test_file_is_a_module_of_its_suite` fails until it is). `cargo test -p
//! store-adapters --test suite <file>::` runs one file's tests.

mod common;

mod accounts_contract;
mod checkout_storage_contract;
mod contract;
mod customer_data_contract;
mod gateway_contract;
mod messages_contract;
mod orders_contract;
mod place_order;
mod postgres_store;
mod reconcile;
mod returns_contract;
mod sandbox_gateway;
mod schools_contract;
mod search_contract;
mod smtp;
mod sqlite_storage;
mod subscriptions_contract;
mod throttles_contract;
mod zip_contract;
