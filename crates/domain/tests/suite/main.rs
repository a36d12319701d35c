//! The domain's integration tests: rules worked by hand and property tests.
//!
//! Every file beside this one is a module of one test binary, not a binary of its own: each
//! binary links the whole crate and its dependencies, and one per file cost `cargo test`
//! minutes of compiling and linking on two cores (docs/decisions.md). A new test file is
//! declared below, or it is never compiled (store-app's
//! `every_test_file_is_a_module_of_its_suite` fails until it is). `cargo test -p
//! store-domain --test suite <file>::` runs one file's tests.

mod bag;
mod properties;
mod returns;
mod shipping;
mod shopper_text;
mod subscription_schedule;
