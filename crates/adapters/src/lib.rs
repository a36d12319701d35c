//! Adapters: the concrete things behind the domain's ports.

pub mod clock;
pub mod copy;
pub mod demo;
#[cfg(feature = "fakes")]
pub mod fakes;
pub mod generator;
mod migrations;
pub mod outbox;
pub mod passwords;
pub mod postgres;
pub mod reference;
mod rows;
pub mod sandbox;
pub mod school_csv;
pub mod search;
pub mod smtp;
pub mod sqlite;
pub mod stats;
pub mod storage;
pub mod stripe;
pub mod throttles;
mod tx;
pub mod zip;
