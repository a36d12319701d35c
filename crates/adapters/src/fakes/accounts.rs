//! Customers, sessions, pending registrations and reset links in memory, under one
//! lock so each call is atomic as the database's transactions are.

use super::{read, write};
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::RwLock;
use store_domain::accounts::Customer;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::ports::{Accounts, PendingRegistration, StorageError};
use store_domain::token::TokenHash;

#[derive(Default)]
struct State {
    /// By id, with the password hash.
    customers: Vec<(Customer, String)>,
    /// Token hash to (customer id, expiry).
    sessions: HashMap<String, (i64, Timestamp)>,
    /// Address to (registration, wrong codes tried).
    pending: HashMap<String, (PendingRegistration, u32)>,
    /// Link hash to (customer id, expiry).
    resets: HashMap<String, (i64, Timestamp)>,
}

impl State {
    fn by_email(&self, email: &Email) -> Option<&(Customer, String)> {
        self.customers.iter().find(|(c, _)| &c.email == email)
    }

    fn by_id(&mut self, id: i64) -> Option<&mut (Customer, String)> {
        self.customers.iter_mut().find(|(c, _)| c.id == id)
    }
}

#[derive(Default)]
pub struct InMemoryAccounts {
    state: RwLock<State>,
}

#[async_trait]
impl Accounts for InMemoryAccounts {
    async fn customer_by_email(&self, email: &Email) -> Result<Option<Customer>, StorageError> {
        Ok(read(&self.state).by_email(email).map(|(c, _)| c.clone()))
    }

    async fn credentials(&self, email: &Email) -> Result<Option<(Customer, String)>, StorageError> {
        Ok(read(&self.state).by_email(email).cloned())
    }

    async fn hold_registration(&self, pending: &PendingRegistration) -> Result<(), StorageError> {
        write(&self.state)
            .pending
            .insert(pending.email.as_str().to_owned(), (pending.clone(), 0));
        Ok(())
    }

    async fn confirm_registration(
        &self,
        email: &Email,
        code: &TokenHash,
        now: Timestamp,
        max_attempts: u32,
    ) -> Result<Option<Customer>, StorageError> {
        let mut state = write(&self.state);
        let Some((pending, tried)) = state.pending.get_mut(email.as_str()) else {
            return Ok(None);
        };
        if pending.expires_at <= now || *tried >= max_attempts {
            return Ok(None);
        }
        *tried += 1;
        if &pending.code != code {
            return Ok(None);
        }
        let (pending, _) = state.pending.remove(email.as_str()).expect("just found");
        if state.by_email(email).is_some() {
            return Ok(None);
        }
        let customer = Customer {
            id: state.customers.len() as i64 + 1,
            email: pending.email,
            name: pending.name,
        };
        state
            .customers
            .push((customer.clone(), pending.password_hash));
        Ok(Some(customer))
    }

    async fn start_session(
        &self,
        customer: i64,
        token: &TokenHash,
        _now: Timestamp,
        expires_at: Timestamp,
    ) -> Result<(), StorageError> {
        write(&self.state)
            .sessions
            .insert(token.as_str().to_owned(), (customer, expires_at));
        Ok(())
    }

    async fn session_customer(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<Option<Customer>, StorageError> {
        let mut state = write(&self.state);
        let Some(&(id, expires_at)) = state.sessions.get(token.as_str()) else {
            return Ok(None);
        };
        if expires_at <= now {
            return Ok(None);
        }
        Ok(state.by_id(id).map(|(c, _)| c.clone()))
    }

    async fn end_session(&self, token: &TokenHash) -> Result<(), StorageError> {
        write(&self.state).sessions.remove(token.as_str());
        Ok(())
    }

    async fn update_name(&self, id: i64, name: &str) -> Result<Option<Customer>, StorageError> {
        let mut state = write(&self.state);
        Ok(state.by_id(id).map(|(c, _)| {
            c.name = name.to_owned();
            c.clone()
        }))
    }

    async fn issue_reset(
        &self,
        customer: i64,
        token: &TokenHash,
        expires_at: Timestamp,
    ) -> Result<(), StorageError> {
        let mut state = write(&self.state);
        state.resets.retain(|_, (owner, _)| *owner != customer);
        state
            .resets
            .insert(token.as_str().to_owned(), (customer, expires_at));
        Ok(())
    }

    async fn reset_link_works(
        &self,
        token: &TokenHash,
        now: Timestamp,
    ) -> Result<bool, StorageError> {
        let state = read(&self.state);
        Ok(state
            .resets
            .get(token.as_str())
            .is_some_and(|(_, expires_at)| *expires_at > now))
    }

    async fn reset_password(
        &self,
        token: &TokenHash,
        password_hash: &str,
        now: Timestamp,
    ) -> Result<Option<Customer>, StorageError> {
        let mut state = write(&self.state);
        let Some((owner, expires_at)) = state.resets.remove(token.as_str()) else {
            return Ok(None);
        };
        if expires_at <= now {
            return Ok(None);
        }
        state.sessions.retain(|_, (id, _)| *id != owner);
        state.resets.retain(|_, (id, _)| *id != owner);
        Ok(state.by_id(owner).map(|(c, hash)| {
            *hash = password_hash.to_owned();
            c.clone()
        }))
    }

    async fn purge_expired(&self, now: Timestamp) -> Result<u64, StorageError> {
        let mut state = write(&self.state);
        let before = state.sessions.len() + state.pending.len() + state.resets.len();
        state
            .sessions
            .retain(|_, (_, expires_at)| *expires_at > now);
        state.pending.retain(|_, (p, _)| p.expires_at > now);
        state.resets.retain(|_, (_, expires_at)| *expires_at > now);
        let after = state.sessions.len() + state.pending.len() + state.resets.len();
        Ok((before - after) as u64)
    }
}
