//! In-memory implementations of the ports, one file per port, for tests of the layers
//! above. They keep the same contract as the real adapters (see the contract suites in
//! `tests/`).

mod campaigns;
mod catalog;
mod client_errors;
mod clock;
mod inbox;
mod mailer;
mod mailing_list;
mod search;
mod write_probe;

pub use campaigns::InMemoryCampaigns;
pub use catalog::{InMemoryCatalog, fixture, product};
pub use client_errors::InMemoryErrorReports;
pub use clock::SettableClock;
pub use inbox::InMemoryInbox;
pub use mailer::RecordingMailer;
pub use mailing_list::InMemoryMailingList;
pub use search::InMemorySearch;
pub use write_probe::SwitchableWriteProbe;

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// A fake's state, read even after a panicking test poisoned the lock.
fn read<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    lock.write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Newest first, at most `limit`.
fn newest<T: Clone>(items: &[T], limit: u32) -> Vec<T> {
    items.iter().rev().take(limit as usize).cloned().collect()
}

/// The arrival time every fake record gets.
const RECEIVED_AT: &str = "2026-01-01 00:00:00";
