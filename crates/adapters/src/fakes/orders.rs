//! Orders and jobs in memory. Stock lives in the fake catalogue and gift cards and
//! discounts in the fake checkout store, so the fake takes and gives back from them as
//! the SQLite adapter does from its tables, all or nothing, behind one lock.

use super::{InMemoryCatalog, InMemoryCheckout, read, write};
use async_trait::async_trait;
use std::sync::{Arc, Mutex, RwLock};
use store_domain::bag::ItemRef;
use store_domain::checkout::storage::NewGiftCard;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::jobs::{CLAIM_LEASE, Job, JobListed, Jobs, MAX_ATTEMPTS, NewJob};
use store_domain::money::Money;
use store_domain::orders::model::{GiftCardUse, Order, OrderStatus, StatusChange};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::{KeyedOrder, Moved, NewOrder, Orders, ReserveError};
use store_domain::ports::StorageError;
use store_domain::returns::model::Return;
use store_domain::shipping::ShippingChoice;

pub(super) struct Kept {
    pub(super) order: Order,
    key: String,
    request_hash: String,
    taken: Vec<(ItemRef, i64)>,
}

#[derive(Default)]
pub(super) struct State {
    pub(super) orders: Vec<Kept>,
    pub(super) jobs: Vec<JobListed>,
    /// Each return with the idempotency key it was requested with (`super::returns`).
    pub(super) returns: Vec<(Return, String)>,
    /// Subscriptions with their runs and history (`super::subscriptions`).
    pub(super) subscriptions: Vec<super::subscriptions::Kept>,
}

pub struct InMemoryOrders {
    pub(super) catalog: Arc<InMemoryCatalog>,
    pub(super) checkout: Arc<InMemoryCheckout>,
    pub(super) state: RwLock<State>,
    /// One reservation, release or move at a time, as one database writer.
    writing: Mutex<()>,
}

impl InMemoryOrders {
    pub fn new(catalog: Arc<InMemoryCatalog>, checkout: Arc<InMemoryCheckout>) -> Self {
        InMemoryOrders {
            catalog,
            checkout,
            state: RwLock::default(),
            writing: Mutex::default(),
        }
    }

    fn give_back(&self, kept: &Kept) {
        self.catalog.give_stock(&kept.taken);
        let cards: Vec<_> = kept
            .order
            .gift_cards
            .iter()
            .map(|g| (g.code_hash.clone(), g.amount))
            .collect();
        self.checkout.give_back(&cards);
        self.checkout.drop_discount_use(kept.order.number.as_str());
    }

    /// Moves order `number` from `from` to `to` with `change`, if it is still `from`.
    fn moved(
        &self,
        number: &OrderNumber,
        from: OrderStatus,
        to: OrderStatus,
        at: Timestamp,
        change: impl FnOnce(&mut Order),
    ) -> Option<Order> {
        let mut state = write(&self.state);
        let kept = state
            .orders
            .iter_mut()
            .find(|k| &k.order.number == number && k.order.status == from)?;
        kept.order.status = to;
        kept.order.history.push(StatusChange { status: to, at });
        change(&mut kept.order);
        if matches!(to, OrderStatus::Declined | OrderStatus::Cancelled) {
            let kept = state.orders.iter().find(|k| &k.order.number == number)?;
            self.give_back(kept);
        }
        state
            .orders
            .iter()
            .find(|k| &k.order.number == number)
            .map(|k| k.order.clone())
    }

    pub(super) fn enqueue_locked(state: &mut State, jobs: &[NewJob]) {
        for job in jobs {
            let queued = state.jobs.iter().any(|j| {
                j.job.kind == job.kind && j.job.subject == job.subject && j.job.due_at == job.due_at
            });
            if !queued {
                let id = i64::try_from(state.jobs.len()).unwrap_or(i64::MAX) + 1;
                state.jobs.push(JobListed {
                    job: Job {
                        id,
                        kind: job.kind,
                        subject: job.subject.clone(),
                        due_at: job.due_at,
                        attempts: 0,
                    },
                    done_at: None,
                    claimed_until: None,
                    last_error: None,
                });
            }
        }
    }

    fn find(&self, number: &OrderNumber) -> Option<Order> {
        read(&self.state)
            .orders
            .iter()
            .find(|k| &k.order.number == number)
            .map(|k| k.order.clone())
    }

    fn newest(&self, keep: impl Fn(&Order) -> bool, limit: u32) -> Vec<Order> {
        read(&self.state)
            .orders
            .iter()
            .rev()
            .map(|k| &k.order)
            .filter(|o| keep(o))
            .take(limit as usize)
            .cloned()
            .collect()
    }
}

#[async_trait]
impl Orders for InMemoryOrders {
    async fn orders_since(&self, since: Timestamp) -> Result<Vec<Order>, StorageError> {
        let mut placed = self.newest(|o| o.placed_at >= since, u32::MAX);
        placed.reverse();
        Ok(placed)
    }

    async fn keyed_order(&self, idempotency_key: &str) -> Result<Option<KeyedOrder>, StorageError> {
        Ok(read(&self.state)
            .orders
            .iter()
            .find(|k| k.key == idempotency_key)
            .map(|k| KeyedOrder {
                order: k.order.clone(),
                request_hash: k.request_hash.clone(),
            }))
    }

    async fn reserve(&self, new: &NewOrder) -> Result<(), ReserveError> {
        let _writing = self.writing.lock().unwrap_or_else(|p| p.into_inner());
        {
            let state = read(&self.state);
            if state.orders.iter().any(|k| k.key == new.idempotency_key) {
                return Err(ReserveError::KeyTaken);
            }
            if state
                .orders
                .iter()
                .any(|k| k.order.number == new.order.number)
            {
                return Err(ReserveError::NumberTaken);
            }
        }
        let order = &new.order;
        let taken = self
            .catalog
            .take_stock(&new.stock)
            .map_err(ReserveError::SoldOut)?;
        let cards: Vec<(_, Money, String)> = order
            .gift_cards
            .iter()
            .map(|g| (g.code_hash.clone(), g.amount, g.last_four.clone()))
            .collect();
        if let Err(last_four) = self.checkout.spend(&cards, order.placed_at) {
            self.catalog.give_stock(&taken);
            return Err(ReserveError::GiftCardSpent(last_four));
        }
        if let Some(use_) = &new.discount_use {
            let counted = self.checkout.use_discount(
                &use_.code,
                use_.email.as_ref(),
                use_.once_per_shopper,
                order.number.as_str(),
            );
            if !counted {
                self.catalog.give_stock(&taken);
                let back: Vec<_> = cards.iter().map(|(h, a, _)| (h.clone(), *a)).collect();
                self.checkout.give_back(&back);
                return Err(ReserveError::DiscountUsedUp);
            }
        }
        write(&self.state).orders.push(Kept {
            order: order.clone(),
            key: new.idempotency_key.clone(),
            request_hash: new.request_hash.clone(),
            taken,
        });
        Ok(())
    }

    async fn record_payment(
        &self,
        number: &OrderNumber,
        charge_id: Option<&str>,
        cards: &[NewGiftCard],
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let _writing = self.writing.lock().unwrap_or_else(|p| p.into_inner());
        let paid = self.moved(number, OrderStatus::Placed, OrderStatus::Paid, at, |o| {
            if let Some(card) = o.card.as_mut() {
                card.charge_id = charge_id.map(str::to_owned);
            }
        });
        if paid.is_some() {
            self.checkout.add_cards(cards);
            Self::enqueue_locked(&mut write(&self.state), jobs);
        }
        Ok(paid.is_some())
    }

    async fn release(
        &self,
        number: &OrderNumber,
        why: &str,
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        let _writing = self.writing.lock().unwrap_or_else(|p| p.into_inner());
        let released = self.moved(
            number,
            OrderStatus::Placed,
            OrderStatus::Declined,
            at,
            |o| {
                o.decline = Some(why.to_owned());
            },
        );
        Ok(released.is_some())
    }

    async fn move_order(
        &self,
        number: &OrderNumber,
        from: OrderStatus,
        to: OrderStatus,
        jobs: &[NewJob],
        void: &[GiftCardUse],
        at: Timestamp,
    ) -> Result<Moved, StorageError> {
        let _writing = self.writing.lock().unwrap_or_else(|p| p.into_inner());
        if self.find(number).is_none_or(|o| o.status != from) {
            return Ok(Moved::Changed);
        }
        // Issued cards hold their face value until spent: spending it all is taking them back.
        let cards: Vec<_> = void
            .iter()
            .map(|c| (c.code_hash.clone(), c.amount, c.last_four.clone()))
            .collect();
        if let Err(last_four) = self.checkout.take_whole(&cards) {
            return Ok(Moved::CardSpent(last_four));
        }
        let moved = self.moved(number, from, to, at, |_| {});
        if moved.is_some() {
            Self::enqueue_locked(&mut write(&self.state), jobs);
        }
        Ok(moved.map_or(Moved::Changed, |o| Moved::Moved(Box::new(o))))
    }

    async fn purge_declined(&self, before: Timestamp) -> Result<u64, StorageError> {
        let mut state = write(&self.state);
        let count = state.orders.len();
        state
            .orders
            .retain(|k| !(k.order.status == OrderStatus::Declined && k.order.placed_at < before));
        Ok(u64::try_from(count - state.orders.len()).unwrap_or(u64::MAX))
    }

    async fn order(&self, number: &OrderNumber) -> Result<Option<Order>, StorageError> {
        Ok(self.find(number))
    }

    async fn last_shipping_choice(
        &self,
        customer_id: i64,
    ) -> Result<Option<ShippingChoice>, StorageError> {
        let newest = self.newest(
            |o| o.customer_id == Some(customer_id) && o.status.is_visible(),
            1,
        );
        Ok(newest.first().and_then(|o| o.delivery.choice()))
    }

    async fn adopt_guest_orders(
        &self,
        email: &Email,
        customer_id: i64,
    ) -> Result<u64, StorageError> {
        let mut state = write(&self.state);
        let mut adopted = 0;
        for kept in &mut state.orders {
            if kept.order.customer_id.is_none() && kept.order.email == *email {
                kept.order.customer_id = Some(customer_id);
                adopted += 1;
            }
        }
        Ok(adopted)
    }

    async fn customer_orders(
        &self,
        customer_id: i64,
        limit: u32,
    ) -> Result<Vec<Order>, StorageError> {
        Ok(self.newest(
            |o| o.customer_id == Some(customer_id) && o.status.is_visible(),
            limit,
        ))
    }

    async fn unfinished(&self) -> Result<Vec<Order>, StorageError> {
        let mut placed = self.newest(|o| o.status == OrderStatus::Placed, u32::MAX);
        placed.reverse();
        Ok(placed)
    }

    async fn orders(
        &self,
        status: Option<OrderStatus>,
        limit: u32,
    ) -> Result<Vec<Order>, StorageError> {
        Ok(self.newest(|o| status.is_none_or(|s| o.status == s), limit))
    }
}

#[async_trait]
impl Jobs for InMemoryOrders {
    async fn enqueue(&self, jobs: &[NewJob], _at: Timestamp) -> Result<(), StorageError> {
        Self::enqueue_locked(&mut write(&self.state), jobs);
        Ok(())
    }

    async fn claim_due(&self, now: Timestamp, limit: u32) -> Result<Vec<Job>, StorageError> {
        let mut state = write(&self.state);
        let mut free: Vec<&mut JobListed> = state
            .jobs
            .iter_mut()
            .filter(|j| {
                j.done_at.is_none()
                    && j.job.attempts < MAX_ATTEMPTS
                    && j.job.due_at <= now
                    && j.claimed_until.is_none_or(|until| until <= now)
            })
            .collect();
        free.sort_by_key(|j| (j.job.due_at, j.job.id));
        Ok(free
            .into_iter()
            .take(limit as usize)
            .map(|j| {
                j.claimed_until = Some(now.plus(CLAIM_LEASE));
                j.job.clone()
            })
            .collect())
    }

    async fn done(&self, id: i64, at: Timestamp) -> Result<(), StorageError> {
        if let Some(j) = write(&self.state).jobs.iter_mut().find(|j| j.job.id == id) {
            j.done_at = Some(at);
            j.claimed_until = None;
        }
        Ok(())
    }

    async fn failed(&self, id: i64, error: &str, retry_at: Timestamp) -> Result<(), StorageError> {
        if let Some(j) = write(&self.state)
            .jobs
            .iter_mut()
            .find(|j| j.job.id == id && j.done_at.is_none())
        {
            j.job.attempts += 1;
            j.last_error = Some(error.to_owned());
            j.claimed_until = Some(retry_at);
        }
        Ok(())
    }

    async fn jobs(&self, limit: u32) -> Result<Vec<JobListed>, StorageError> {
        let mut jobs = read(&self.state).jobs.clone();
        jobs.sort_by_key(|j| std::cmp::Reverse((j.job.due_at, j.job.id)));
        jobs.truncate(limit as usize);
        Ok(jobs)
    }
}
