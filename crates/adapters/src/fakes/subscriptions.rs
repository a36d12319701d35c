//! Subscriptions in memory, kept with the orders and jobs (`InMemoryOrders`), so a
//! save checks what the SQLite adapter's conditional update and keys check: the
//! version it was read at, each period decided once and each order paying for one
//! period, all or nothing.

use super::orders::InMemoryOrders;
use super::{read, write};
use async_trait::async_trait;
use store_domain::clock::Timestamp;
use store_domain::money::Money;
use store_domain::ports::StorageError;
use store_domain::subscriptions::model::{HistoryEntry, Run, Subscription};
use store_domain::subscriptions::plans::PlanType;
use store_domain::subscriptions::storage::{Subscriptions, Writes};

pub(super) struct Kept {
    subscription: Subscription,
    runs: Vec<Run>,
    history: Vec<HistoryEntry>,
}

#[async_trait]
impl Subscriptions for InMemoryOrders {
    async fn create(
        &self,
        s: &Subscription,
        writes: Writes<'_>,
    ) -> Result<Subscription, StorageError> {
        let mut state = write(&self.state);
        let mut stored = s.clone();
        stored.id = i64::try_from(state.subscriptions.len()).unwrap_or(i64::MAX) + 1;
        stored.version = 1;
        state.subscriptions.push(Kept {
            subscription: stored.clone(),
            runs: writes.runs.to_vec(),
            history: writes.history.to_vec(),
        });
        InMemoryOrders::enqueue_locked(&mut state, writes.jobs);
        Ok(stored)
    }

    async fn subscription(&self, id: i64) -> Result<Option<Subscription>, StorageError> {
        Ok(read(&self.state)
            .subscriptions
            .iter()
            .find(|k| k.subscription.id == id)
            .map(|k| k.subscription.clone()))
    }

    async fn customer_subscriptions(
        &self,
        customer: i64,
    ) -> Result<Vec<Subscription>, StorageError> {
        Ok(read(&self.state)
            .subscriptions
            .iter()
            .rev()
            .filter(|k| k.subscription.customer_id == customer)
            .map(|k| k.subscription.clone())
            .collect())
    }

    async fn save(&self, s: &Subscription, writes: Writes<'_>) -> Result<bool, StorageError> {
        let mut state = write(&self.state);
        let order_taken = writes.runs.iter().any(|new| {
            new.order.is_some()
                && state
                    .subscriptions
                    .iter()
                    .flat_map(|k| &k.runs)
                    .any(|r| r.order == new.order)
        });
        let Some(kept) = state
            .subscriptions
            .iter_mut()
            .find(|k| k.subscription.id == s.id)
        else {
            return Ok(false);
        };
        let decided_before = writes
            .runs
            .iter()
            .any(|new| kept.runs.iter().any(|r| r.period == new.period));
        if kept.subscription.version != s.version || decided_before || order_taken {
            return Ok(false);
        }
        kept.subscription = Subscription {
            version: s.version + 1,
            ..s.clone()
        };
        kept.runs.extend_from_slice(writes.runs);
        kept.runs.sort_by_key(|r| r.period);
        kept.history.extend_from_slice(writes.history);
        InMemoryOrders::enqueue_locked(&mut state, writes.jobs);
        Ok(true)
    }

    async fn due(&self, now: Timestamp, limit: u32) -> Result<Vec<Subscription>, StorageError> {
        let mut due: Vec<Subscription> = read(&self.state)
            .subscriptions
            .iter()
            .map(|k| k.subscription.clone())
            .filter(|s| s.timeline.status.is_open() && s.next_look <= now)
            .collect();
        due.sort_by_key(|s| (s.next_look, s.id));
        due.truncate(limit as usize);
        Ok(due)
    }

    async fn all(&self, limit: u32) -> Result<Vec<Subscription>, StorageError> {
        Ok(read(&self.state)
            .subscriptions
            .iter()
            .rev()
            .take(limit as usize)
            .map(|k| k.subscription.clone())
            .collect())
    }

    async fn runs(&self, id: i64) -> Result<Vec<Run>, StorageError> {
        Ok(read(&self.state)
            .subscriptions
            .iter()
            .find(|k| k.subscription.id == id)
            .map(|k| k.runs.clone())
            .unwrap_or_default())
    }

    async fn history(&self, id: i64) -> Result<Vec<HistoryEntry>, StorageError> {
        Ok(read(&self.state)
            .subscriptions
            .iter()
            .find(|k| k.subscription.id == id)
            .map(|k| k.history.clone())
            .unwrap_or_default())
    }

    async fn plans(&self) -> Result<Vec<PlanType>, StorageError> {
        Ok(self.catalog.plans())
    }

    async fn set_plan_price(&self, id: i64, price: Money) -> Result<bool, StorageError> {
        Ok(self.catalog.set_plan_price(id, price))
    }
}
