//! An order's life after placement: the store owner moves it along (each move mailed
//! to the shopper by a job), and a cancelled order's card payment is given back.

use super::e_gift;
use super::links::OrderLinks;
use super::model::{GiftCardUse, Order, OrderStatus};
use super::number::OrderNumber;
use super::storage::{Moved, Orders};
use crate::clock::Timestamp;
use crate::jobs::{JobKind, NewJob};
use crate::money::Money;
use crate::ports::{PaymentGateway, StorageError};

#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    #[error("there is no order {0}")]
    NotFound(String),
    #[error("an order that is {from} cannot become {to}")]
    NotAllowed {
        from: &'static str,
        to: &'static str,
    },
    /// Another move got there first; look again.
    #[error("order {0} changed meanwhile; look at it again")]
    Changed(String),
    /// Cancelling would take back an e-gift card the order issued that has been spent
    /// since: nothing was cancelled, since the refund would pay for value already used.
    #[error(
        "order {number} issued the e-gift card ending {last_four}, which has been spent: it cannot be cancelled whole; refund what is left by hand"
    )]
    CardSpent { number: String, last_four: String },
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// Moves order `number` to `to` as the owner may (`OrderStatus::owner_may_move_to`),
/// queueing the shopper's mail and, for a cancelled order paid by card, its refund. A
/// cancel takes back the e-gift cards the order issued (security review M6: else the
/// refund pays for cards that keep their value), and is refused if one was spent.
pub async fn move_order(
    orders: &dyn Orders,
    links: &OrderLinks,
    number: &OrderNumber,
    to: OrderStatus,
    now: Timestamp,
) -> Result<Order, MoveError> {
    let order = orders
        .order(number)
        .await?
        .ok_or_else(|| MoveError::NotFound(number.display()))?;
    if !order.status.owner_may_move_to(to) {
        return Err(MoveError::NotAllowed {
            from: order.status.as_str(),
            to: to.as_str(),
        });
    }
    let mut jobs = vec![NewJob {
        kind: JobKind::OrderStatusMail,
        subject: format!("{}:{}", number.as_str(), to.as_str()),
        due_at: now,
    }];
    if to == OrderStatus::Cancelled && order.figures.amount_due > Money::ZERO {
        jobs.push(NewJob {
            kind: JobKind::RefundOrder,
            subject: number.as_str().to_owned(),
            due_at: now,
        });
    }
    let void: Vec<GiftCardUse> = if to == OrderStatus::Cancelled {
        e_gift::issued_cards(&order, links)
            .into_iter()
            .map(|card| GiftCardUse {
                code_hash: card.code.hash(),
                last_four: card.code.last_four().to_owned(),
                amount: card.line.unit_price,
            })
            .collect()
    } else {
        Vec::new()
    };
    match orders
        .move_order(number, order.status, to, &jobs, &void, now)
        .await?
    {
        Moved::Moved(order) => Ok(*order),
        Moved::Changed => Err(MoveError::Changed(number.display())),
        Moved::CardSpent(last_four) => Err(MoveError::CardSpent {
            number: number.display(),
            last_four,
        }),
    }
}

/// Gives back a cancelled order's card payment in full; safe to repeat (the refund's
/// idempotency key is the order's).
pub async fn refund_cancelled(
    orders: &dyn Orders,
    gateway: &dyn PaymentGateway,
    number: &OrderNumber,
) -> Result<(), String> {
    let order = orders
        .order(number)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no order {number}"))?;
    if order.status != OrderStatus::Cancelled {
        return Err(format!(
            "order {number} is {}, not cancelled",
            order.status.as_str()
        ));
    }
    let Some(charge) = order.card.as_ref().and_then(|c| c.charge_id.as_deref()) else {
        return Ok(());
    };
    let key = format!("refund:{}", number.as_str());
    gateway
        .refund(charge, order.figures.amount_due.cents(), &key)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}
