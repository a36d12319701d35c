//! An in-memory newsletter mailing list: token hashes with expiry, spent on
//! confirmation, and each address's last mail for its cooldown.

use super::write;
use async_trait::async_trait;
use std::collections::BTreeMap;
use std::sync::RwLock;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::newsletter::TokenHash;
use store_domain::ports::{MailingList, StorageError};

#[derive(Default)]
struct Subscriber {
    /// The pending token's hash and expiry.
    token: Option<(TokenHash, Timestamp)>,
    last_mailed: Option<Timestamp>,
    confirmed: bool,
}

#[derive(Default)]
pub struct InMemoryMailingList {
    /// By e-mail address.
    subscribers: RwLock<BTreeMap<String, Subscriber>>,
}

#[async_trait]
impl MailingList for InMemoryMailingList {
    async fn issue_token(
        &self,
        email: &Email,
        token: &TokenHash,
        now: Timestamp,
        expires_at: Timestamp,
        quiet_since: Timestamp,
    ) -> Result<bool, StorageError> {
        let mut subscribers = write(&self.subscribers);
        let subscriber = subscribers.entry(email.as_str().to_owned()).or_default();
        if subscriber.confirmed || subscriber.last_mailed.is_some_and(|at| at > quiet_since) {
            return Ok(false);
        }
        subscriber.token = Some((token.clone(), expires_at));
        subscriber.last_mailed = Some(now);
        Ok(true)
    }

    async fn confirm(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<Option<Email>, StorageError> {
        let mut subscribers = write(&self.subscribers);
        let found = subscribers.iter_mut().find(|(_, s)| {
            s.token
                .as_ref()
                .is_some_and(|(held, expires_at)| held == token && *expires_at > now)
        });
        Ok(found.map(|(email, subscriber)| {
            subscriber.confirmed = true;
            subscriber.token = None;
            Email::parse(email).expect("stored addresses were parsed on the way in")
        }))
    }

    async fn purge_pending(&self, now: Timestamp, keep_newest: u32) -> Result<u64, StorageError> {
        let mut subscribers = write(&self.subscribers);
        let before = subscribers.len();
        subscribers.retain(|_, s| {
            s.confirmed
                || s.token
                    .as_ref()
                    .is_some_and(|(_, expires_at)| *expires_at > now)
        });
        // Then the newest pending by their last mail; equal times by address.
        let mut pending: Vec<(Option<Timestamp>, String)> = subscribers
            .iter()
            .filter(|(_, s)| !s.confirmed)
            .map(|(email, s)| (s.last_mailed, email.clone()))
            .collect();
        pending.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        for (_, email) in pending.iter().skip(keep_newest as usize) {
            subscribers.remove(email);
        }
        Ok((before - subscribers.len()) as u64)
    }
}
