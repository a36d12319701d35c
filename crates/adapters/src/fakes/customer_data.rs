//! A customer's bag, picks, addresses and cards in memory, under one lock so each call
//! is atomic as the database's transactions are.

use super::{read, write};
use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::RwLock;
use store_domain::accounts::{Address, AddressFields, Pick};
use store_domain::bag::Lists;
use store_domain::clock::Timestamp;
use store_domain::payments::{CardSaved, CardToken, SavedCard};
use store_domain::ports::{Addresses, CustomerBags, Picks, SavedCards, StorageError, StoredLists};

#[derive(Default)]
struct State {
    bags: HashMap<i64, StoredLists>,
    /// Per customer, oldest first, with the time each was picked.
    picks: HashMap<i64, Vec<(Pick, Timestamp)>>,
    /// (customer, address), oldest first.
    addresses: Vec<(i64, Address)>,
    cards: Vec<(i64, SavedCard)>,
    /// The processor's name for a customer.
    processor_customers: HashMap<i64, String>,
    next_id: i64,
}

impl State {
    fn new_id(&mut self) -> i64 {
        self.next_id += 1;
        self.next_id
    }
}

#[derive(Default)]
pub struct InMemoryCustomerData {
    state: RwLock<State>,
}

#[async_trait]
impl CustomerBags for InMemoryCustomerData {
    async fn bag(&self, customer: i64) -> Result<StoredLists, StorageError> {
        Ok(read(&self.state)
            .bags
            .get(&customer)
            .cloned()
            .unwrap_or_default())
    }

    async fn save_bag(
        &self,
        customer: i64,
        version: i64,
        lists: &Lists,
    ) -> Result<bool, StorageError> {
        let mut state = write(&self.state);
        let stored = state.bags.entry(customer).or_default();
        if stored.version != version {
            return Ok(false);
        }
        *stored = StoredLists {
            lists: lists.clone(),
            version: version + 1,
        };
        Ok(true)
    }
}

#[async_trait]
impl Picks for InMemoryCustomerData {
    async fn picks(&self, customer: i64) -> Result<Vec<Pick>, StorageError> {
        let state = read(&self.state);
        let mut held = state.picks.get(&customer).cloned().unwrap_or_default();
        // Newest first; one time orders as the database does, by kind and id.
        held.sort_by(|(a, at), (b, bt)| bt.cmp(at).then(a.cmp(b)));
        Ok(held.into_iter().map(|(p, _)| p).collect())
    }

    async fn add_picks(
        &self,
        customer: i64,
        picks: &[Pick],
        at: Timestamp,
    ) -> Result<(), StorageError> {
        let mut state = write(&self.state);
        let held = state.picks.entry(customer).or_default();
        for pick in picks {
            if !held.iter().any(|(p, _)| p == pick) {
                held.push((*pick, at));
            }
        }
        Ok(())
    }

    async fn remove_picks(&self, customer: i64, picks: &[Pick]) -> Result<(), StorageError> {
        if let Some(held) = write(&self.state).picks.get_mut(&customer) {
            held.retain(|(p, _)| !picks.contains(p));
        }
        Ok(())
    }
}

#[async_trait]
impl Addresses for InMemoryCustomerData {
    async fn addresses(&self, customer: i64) -> Result<Vec<Address>, StorageError> {
        Ok(read(&self.state)
            .addresses
            .iter()
            .filter(|(c, _)| *c == customer)
            .map(|(_, a)| a.clone())
            .collect())
    }

    async fn add_address(
        &self,
        customer: i64,
        fields: &AddressFields,
        max: usize,
    ) -> Result<Option<Address>, StorageError> {
        let mut state = write(&self.state);
        if state
            .addresses
            .iter()
            .filter(|(c, _)| *c == customer)
            .count()
            >= max
        {
            return Ok(None);
        }
        if fields.default {
            clear_address_default(&mut state, customer);
        }
        let address = Address {
            id: state.new_id(),
            fields: fields.clone(),
        };
        state.addresses.push((customer, address.clone()));
        Ok(Some(address))
    }

    async fn update_address(
        &self,
        customer: i64,
        id: i64,
        fields: &AddressFields,
    ) -> Result<Option<Address>, StorageError> {
        let mut state = write(&self.state);
        if !state
            .addresses
            .iter()
            .any(|(c, a)| *c == customer && a.id == id)
        {
            return Ok(None);
        }
        if fields.default {
            clear_address_default(&mut state, customer);
        }
        let (_, address) = state
            .addresses
            .iter_mut()
            .find(|(c, a)| *c == customer && a.id == id)
            .expect("checked above");
        address.fields = fields.clone();
        Ok(Some(address.clone()))
    }

    async fn remove_address(
        &self,
        customer: i64,
        id: i64,
    ) -> Result<Option<Address>, StorageError> {
        let mut state = write(&self.state);
        let at = state
            .addresses
            .iter()
            .position(|(c, a)| *c == customer && a.id == id);
        Ok(at.map(|at| state.addresses.remove(at).1))
    }
}

fn clear_address_default(state: &mut State, customer: i64) {
    for (_, a) in state.addresses.iter_mut().filter(|(c, _)| *c == customer) {
        a.fields.default = false;
    }
}

fn clear_card_default(state: &mut State, customer: i64) {
    for (_, card) in state.cards.iter_mut().filter(|(c, _)| *c == customer) {
        card.default = false;
    }
}

#[async_trait]
impl SavedCards for InMemoryCustomerData {
    async fn cards(&self, customer: i64) -> Result<Vec<SavedCard>, StorageError> {
        Ok(read(&self.state)
            .cards
            .iter()
            .filter(|(c, _)| *c == customer)
            .map(|(_, card)| card.clone())
            .collect())
    }

    async fn add_card(
        &self,
        customer: i64,
        card: &CardToken,
        default: bool,
        max: usize,
        _at: Timestamp,
    ) -> Result<CardSaved, StorageError> {
        let mut state = write(&self.state);
        if let Some((owner, saved)) = state.cards.iter().find(|(_, s)| s.card.token == card.token) {
            return Ok(if *owner == customer {
                CardSaved::Saved(saved.clone())
            } else {
                CardSaved::Taken
            });
        }
        if state.cards.iter().filter(|(c, _)| *c == customer).count() >= max {
            return Ok(CardSaved::Full);
        }
        if default {
            clear_card_default(&mut state, customer);
        }
        let saved = SavedCard {
            id: state.new_id(),
            card: card.clone(),
            default,
        };
        state.cards.push((customer, saved.clone()));
        Ok(CardSaved::Saved(saved))
    }

    async fn set_default_card(
        &self,
        customer: i64,
        id: i64,
        default: bool,
    ) -> Result<Option<SavedCard>, StorageError> {
        let mut state = write(&self.state);
        if !state
            .cards
            .iter()
            .any(|(c, s)| *c == customer && s.id == id)
        {
            return Ok(None);
        }
        if default {
            clear_card_default(&mut state, customer);
        }
        let (_, saved) = state
            .cards
            .iter_mut()
            .find(|(c, s)| *c == customer && s.id == id)
            .expect("checked above");
        saved.default = default;
        Ok(Some(saved.clone()))
    }

    async fn remove_card(&self, customer: i64, id: i64) -> Result<Option<SavedCard>, StorageError> {
        let mut state = write(&self.state);
        let at = state
            .cards
            .iter()
            .position(|(c, s)| *c == customer && s.id == id);
        Ok(at.map(|at| state.cards.remove(at).1))
    }

    async fn processor_customer(&self, customer: i64) -> Result<Option<String>, StorageError> {
        Ok(read(&self.state)
            .processor_customers
            .get(&customer)
            .cloned())
    }

    async fn set_processor_customer(
        &self,
        customer: i64,
        reference: &str,
    ) -> Result<String, StorageError> {
        let mut state = write(&self.state);
        let stands = state
            .processor_customers
            .entry(customer)
            .or_insert_with(|| reference.to_owned());
        Ok(stands.clone())
    }
}
