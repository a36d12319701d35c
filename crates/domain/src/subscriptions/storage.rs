//! Where subscriptions are kept. Every write that moves one is conditional on the
//! version it was read at, and a period is decided by one row that a constraint keeps
//! unique: a second scheduler, a retry after a crash or the customer's own change
//! made at the same moment finds the write refused, reads again and sees what won.

use super::model::{HistoryEntry, Run, Subscription};
use super::plans::PlanType;
use crate::clock::Timestamp;
use crate::jobs::NewJob;
use crate::money::Money;
use crate::ports::StorageError;
use async_trait::async_trait;

/// What a save writes beside the subscription itself, in the same transaction.
#[derive(Debug, Clone, Copy, Default)]
pub struct Writes<'a> {
    /// Periods decided by this change.
    pub runs: &'a [Run],
    pub history: &'a [HistoryEntry],
    /// Mails and work that follow the change.
    pub jobs: &'a [NewJob],
}

#[async_trait]
pub trait Subscriptions: Send + Sync {
    /// Stores a new subscription (its `id` and `version` are assigned) with what
    /// follows it; answers it as stored.
    async fn create(
        &self,
        subscription: &Subscription,
        writes: Writes<'_>,
    ) -> Result<Subscription, StorageError>;

    async fn subscription(&self, id: i64) -> Result<Option<Subscription>, StorageError>;

    /// The customer's subscriptions, newest first.
    async fn customer_subscriptions(
        &self,
        customer: i64,
    ) -> Result<Vec<Subscription>, StorageError>;

    /// Stores `changed` if the stored version is still `changed.version`, with its
    /// writes, and moves the version on. `false`, with nothing written, when another
    /// write came first or one of the runs' periods was decided already.
    async fn save(&self, changed: &Subscription, writes: Writes<'_>) -> Result<bool, StorageError>;

    /// Open subscriptions the scheduler should look at by `now`, the longest waiting
    /// first.
    async fn due(&self, now: Timestamp, limit: u32) -> Result<Vec<Subscription>, StorageError>;

    /// Every subscription, newest first, for the owner's list.
    async fn all(&self, limit: u32) -> Result<Vec<Subscription>, StorageError>;

    /// Its decided periods, in order.
    async fn runs(&self, id: i64) -> Result<Vec<Run>, StorageError>;

    /// Its history, oldest first.
    async fn history(&self, id: i64) -> Result<Vec<HistoryEntry>, StorageError>;

    /// What is sold by subscription, every type with its groups and their plans, in
    /// the order the catalogue gives them. (Plans are written by the catalogue import.)
    async fn plans(&self) -> Result<Vec<PlanType>, StorageError>;

    /// Sets plan `id`'s price per delivery (the owner's price change: subscribers pay it
    /// only after the notice, see `scheduler`); `false` when there is no such plan.
    async fn set_plan_price(&self, id: i64, price: Money) -> Result<bool, StorageError>;
}
