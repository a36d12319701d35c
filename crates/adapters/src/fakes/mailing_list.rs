//! An in-memory newsletter mailing list.

use super::write;
use async_trait::async_trait;
use std::collections::BTreeMap;
use std::sync::RwLock;
use store_domain::input::Email;
use store_domain::newsletter::SignUp;
use store_domain::ports::{MailingList, StorageError};

#[derive(Default)]
pub struct InMemoryMailingList {
    /// email -> (token, confirmed)
    subscribers: RwLock<BTreeMap<String, (String, bool)>>,
}

#[async_trait]
impl MailingList for InMemoryMailingList {
    async fn sign_up(&self, email: &Email, token: &str) -> Result<SignUp, StorageError> {
        let mut subscribers = write(&self.subscribers);
        let new = !subscribers.contains_key(email.as_str());
        let (stored, confirmed) = subscribers
            .entry(email.as_str().to_owned())
            .or_insert_with(|| (token.to_owned(), false))
            .clone();
        Ok(if confirmed {
            SignUp::Confirmed
        } else {
            SignUp::Pending { token: stored, new }
        })
    }

    async fn confirm(&self, token: &str) -> Result<Option<Email>, StorageError> {
        let mut subscribers = write(&self.subscribers);
        let found = subscribers.iter_mut().find(|(_, (t, _))| t == token);
        Ok(found.map(|(email, entry)| {
            entry.1 = true;
            Email::parse(email).expect("stored addresses were parsed on the way in")
        }))
    }
}
