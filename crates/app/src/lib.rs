//! The store application: configuration, wiring, the HTTP API and the embedded UI.
//! `main.rs` is the command line over it; tests drive `web::routes` directly.

pub mod api;
pub mod campaigns;
pub mod checkout_settings;
pub mod compress;
pub mod discounts_cli;
pub mod exposure;
pub mod first_screen;
pub mod heap;
pub mod http;
pub mod jobs_runner;
pub mod limits;
pub mod metrics;
pub mod ordering;
pub mod orders_cli;
pub mod payments_cli;
pub mod products_cli;
pub mod read_cache;
pub mod readiness;
pub mod reports;
pub mod retention;
pub mod returns_cli;
pub mod schools_cli;
pub mod search_counts;
pub mod search_pool;
pub mod search_refresh;
pub mod seed;
pub mod serve;
pub mod settings;
pub mod state;
pub mod subscriptions_cli;
pub mod web;
