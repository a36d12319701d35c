//! In-memory implementations of the ports, one file per port, for tests of the layers
//! above. They keep the same contract as the real adapters (see the contract suites in
//! `tests/`).

mod accounts;
mod campaigns;
mod catalog;
mod checkout;
mod client_errors;
mod clock;
mod customer_data;
mod gateway;
mod inbox;
mod mailer;
mod mailing_list;
mod orders;
mod passwords;
mod returns;
mod schools;
mod search;
mod subscriptions;
mod write_probe;
mod zip;

pub use accounts::InMemoryAccounts;
pub use campaigns::InMemoryCampaigns;
pub use catalog::{InMemoryCatalog, fixture, plans_fixture, product};
pub use checkout::InMemoryCheckout;
pub use client_errors::InMemoryErrorReports;
pub use clock::SettableClock;
pub use customer_data::InMemoryCustomerData;
pub use gateway::InMemoryGateway;
pub use inbox::InMemoryInbox;
pub use mailer::RecordingMailer;
pub use mailing_list::InMemoryMailingList;
pub use orders::InMemoryOrders;
pub use passwords::PlainPasswords;
pub use schools::InMemorySchools;
pub use search::InMemorySearch;
pub use write_probe::SwitchableWriteProbe;
pub use zip::{InMemoryZipLookup, KNOWN_POINTS, KNOWN_ZIPS};

use crate::clock::utc_text;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use store_domain::clock::Timestamp;
use store_domain::retention::Purge;

/// A fake's state, read even after a panicking test poisoned the lock.
fn read<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    lock.write()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Records in arrival order, each with its id and arrival time: what the inbox,
/// the campaign visits and the error reports keep.
struct Journal<T> {
    entries: Vec<(i64, Timestamp, T)>,
    next_id: i64,
}

impl<T> Default for Journal<T> {
    fn default() -> Self {
        Journal {
            entries: Vec::new(),
            next_id: 1,
        }
    }
}

impl<T: Clone> Journal<T> {
    /// Adds `item`, received `at`; its id, never one given before.
    fn push(&mut self, item: T, at: Timestamp) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        self.entries.push((id, at, item));
        id
    }

    fn items(&self) -> impl Iterator<Item = &T> {
        self.entries.iter().map(|(_, _, item)| item)
    }

    /// Newest first, at most `limit`, each with its id and arrival time as stored.
    fn newest(&self, limit: u32) -> Vec<(i64, String, T)> {
        self.entries
            .iter()
            .rev()
            .take(limit as usize)
            .map(|(id, at, item)| (*id, utc_text(*at), item.clone()))
            .collect()
    }

    fn purge(&mut self, purge: Purge) -> u64 {
        let total = self.entries.len();
        let mut seen = 0;
        self.entries.retain(|(_, at, _)| {
            seen += 1;
            purge.keeps(*at, total - seen)
        });
        (total - self.entries.len()) as u64
    }
}
