//! Returns in memory, kept with the orders they come from (`InMemoryOrders`), so a
//! request checks the same bounds the SQLite adapter's counters and CHECKs hold, all
//! or nothing, behind the orders' lock.

use super::orders::{InMemoryOrders, State};
use super::{read, write};
use async_trait::async_trait;
use store_domain::bag::ItemRef;
use store_domain::checkout::storage::{GiftCards, IssueError, NewGiftCard};
use store_domain::clock::Timestamp;
use store_domain::jobs::NewJob;
use store_domain::orders::number::OrderNumber;
use store_domain::ports::StorageError;
use store_domain::returns::model::{Return, ReturnChange, ReturnNumber, ReturnStatus};
use store_domain::returns::refund::paid;
use store_domain::returns::storage::{NewReturn, RequestError, Returns};

/// Whether `state` may take `new`: its sequence free, and with the order's counting
/// returns its units, amounts, card part and shipping within the order's.
fn fits(state: &State, new: &Return) -> bool {
    let Some(kept) = state
        .orders
        .iter()
        .find(|k| k.order.number == new.number.order)
    else {
        return false;
    };
    let order = &kept.order;
    let theirs: Vec<&Return> = state
        .returns
        .iter()
        .map(|(r, _)| r)
        .filter(|r| r.number.order == order.number)
        .collect();
    if theirs
        .iter()
        .any(|r| r.number.sequence == new.number.sequence)
    {
        return false;
    }
    let counting: Vec<&Return> = theirs
        .into_iter()
        .filter(|r| r.status.counts())
        .chain(std::iter::once(new))
        .collect();
    let lines_fit = order.lines.iter().enumerate().all(|(position, line)| {
        let back = counting
            .iter()
            .flat_map(|r| &r.lines)
            .filter(|l| l.position == position);
        let (units, amount) = back.fold((0, 0), |(u, a), l| (u + l.quantity, a + l.amount.cents()));
        units <= line.quantity && amount <= paid(line).cents()
    });
    let new_positions_exist = new.lines.iter().all(|l| l.position < order.lines.len());
    let card: i64 = counting.iter().map(|r| r.refund.to_card.cents()).sum();
    let shipping: i64 = counting.iter().map(|r| r.refund.shipping.cents()).sum();
    lines_fit
        && new_positions_exist
        && card <= order.figures.amount_due.cents()
        && shipping <= order.figures.shipping.cents()
}

impl InMemoryOrders {
    /// Moves return `number` from `from` to `to`, if it is still `from`.
    fn move_return(
        &self,
        number: &ReturnNumber,
        from: ReturnStatus,
        to: ReturnStatus,
        why: Option<&str>,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> bool {
        let mut state = write(&self.state);
        let Some((ret, _)) = state
            .returns
            .iter_mut()
            .find(|(r, _)| &r.number == number && r.status == from)
        else {
            return false;
        };
        ret.status = to;
        ret.history.push(ReturnChange { status: to, at });
        if let Some(why) = why {
            ret.rejection = Some(why.to_owned());
        }
        InMemoryOrders::enqueue_locked(&mut state, jobs);
        true
    }
}

#[async_trait]
impl Returns for InMemoryOrders {
    async fn request(&self, new: &NewReturn) -> Result<(), RequestError> {
        let mut state = write(&self.state);
        if state
            .returns
            .iter()
            .any(|(_, key)| key == &new.idempotency_key)
        {
            return Err(RequestError::KeyTaken);
        }
        if !fits(&state, &new.ret) {
            return Err(RequestError::Changed);
        }
        state
            .returns
            .push((new.ret.clone(), new.idempotency_key.clone()));
        InMemoryOrders::enqueue_locked(&mut state, &new.jobs);
        Ok(())
    }

    async fn keyed_return(&self, idempotency_key: &str) -> Result<Option<Return>, StorageError> {
        Ok(read(&self.state)
            .returns
            .iter()
            .find(|(_, key)| key == idempotency_key)
            .map(|(r, _)| r.clone()))
    }

    async fn get(&self, number: &ReturnNumber) -> Result<Option<Return>, StorageError> {
        Ok(read(&self.state)
            .returns
            .iter()
            .find(|(r, _)| &r.number == number)
            .map(|(r, _)| r.clone()))
    }

    async fn order_returns(&self, order: &OrderNumber) -> Result<Vec<Return>, StorageError> {
        let mut theirs: Vec<Return> = read(&self.state)
            .returns
            .iter()
            .filter(|(r, _)| &r.number.order == order)
            .map(|(r, _)| r.clone())
            .collect();
        theirs.sort_by_key(|r| r.number.sequence);
        Ok(theirs)
    }

    async fn receive(
        &self,
        number: &ReturnNumber,
        stock: &[(ItemRef, i64)],
        credit: Option<&NewGiftCard>,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        if !self.move_return(
            number,
            ReturnStatus::Requested,
            ReturnStatus::Received,
            None,
            jobs,
            at,
        ) {
            return Ok(false);
        }
        self.catalog.give_stock(stock);
        if let Some(card) = credit {
            match self.checkout.issue_gift_card(card, at).await {
                // The code is derived from the return: one issued already is this one.
                Ok(()) | Err(IssueError::Duplicate) => {}
                Err(IssueError::Storage(e)) => return Err(e),
            }
        }
        Ok(true)
    }

    async fn mark_refunded(
        &self,
        number: &ReturnNumber,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        Ok(self.move_return(
            number,
            ReturnStatus::Received,
            ReturnStatus::Refunded,
            None,
            jobs,
            at,
        ))
    }

    async fn reject(
        &self,
        number: &ReturnNumber,
        why: &str,
        jobs: &[NewJob],
        at: Timestamp,
    ) -> Result<bool, StorageError> {
        Ok(self.move_return(
            number,
            ReturnStatus::Requested,
            ReturnStatus::Rejected,
            Some(why),
            jobs,
            at,
        ))
    }

    async fn returns(
        &self,
        status: Option<ReturnStatus>,
        limit: u32,
    ) -> Result<Vec<Return>, StorageError> {
        Ok(read(&self.state)
            .returns
            .iter()
            .rev()
            .map(|(r, _)| r)
            .filter(|r| status.is_none_or(|s| r.status == s))
            .take(limit as usize)
            .cloned()
            .collect())
    }
}
