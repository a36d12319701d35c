//! A return's life: asked for (checked against the policy, worked out to the cent and
//! written with a conditional write), received by the owner (stock back, store credit
//! issued, the card's refund queued), refunded by a job, or rejected. Each step is
//! safe to repeat: a request is keyed by the client, a move happens once, and the
//! card's refund carries the return's own idempotency key, so a crash between the
//! refund and its record is finished by running the job again, with one refund.

use super::model::{
    Refund, RefundMethod, Return, ReturnChange, ReturnMethod, ReturnNumber, ReturnStatus,
};
use super::policy::{self, Refusal, Wanted};
use super::refund;
use super::storage::{NewReturn, RequestError, Returns};
use crate::bag::ItemRef;
use crate::checkout::storage::NewGiftCard;
use crate::clock::Timestamp;
use crate::jobs::{JobKind, NewJob};
use crate::orders::links::OrderLinks;
use crate::orders::model::Order;
use crate::orders::storage::Orders;
use crate::ports::{PaymentGateway, StorageError};

/// How many times a request worked out from a reading another request overtook is
/// worked out again before the shopper is asked to retry.
const ATTEMPTS: usize = 3;

/// The `ReturnMail` subject's ending for the buyer's news that a gift came back.
pub const GIFT_BUYER: &str = "buyer";

#[derive(Debug, thiserror::Error)]
pub enum ReturnError {
    #[error("there is no order {0}")]
    NoOrder(String),
    #[error("there is no return {0}")]
    NoReturn(String),
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// Other returns of the order kept overtaking this one.
    #[error("this order's returns changed while yours was being made; please try again")]
    Busy,
    /// The return is not in the state the step moves it from.
    #[error("return {number} is {status}")]
    NotNow {
        number: String,
        status: &'static str,
    },
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// What a shopper (or a gift's recipient) asks to send back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Asked {
    pub wanted: Vec<Wanted>,
    pub refund_method: RefundMethod,
    pub return_method: ReturnMethod,
    /// A gift's recipient: store credit only, mailed to this address.
    pub gift_recipient: Option<String>,
}

impl Asked {
    fn refund_method(&self) -> RefundMethod {
        if self.gift_recipient.is_some() {
            RefundMethod::StoreCredit
        } else {
            self.refund_method
        }
    }
}

/// What `asked` would give back from `order` now, for the summary before confirming,
/// checked as the request will be.
pub async fn preview(
    returns: &dyn Returns,
    order: &Order,
    asked: &Asked,
    now: Timestamp,
) -> Result<Refund, ReturnError> {
    let earlier = returns.order_returns(&order.number).await?;
    Ok(work_out(order, &earlier, asked, now)?.refund)
}

/// The return `asked` makes of `order` with its `earlier` returns, not yet numbered
/// past them or timed.
fn work_out(
    order: &Order,
    earlier: &[Return],
    asked: &Asked,
    now: Timestamp,
) -> Result<Return, Refusal> {
    policy::check(order, earlier, &asked.wanted, now)?;
    let allowances = policy::allowances(order, earlier);
    let (refund, lines) = refund::work_out(
        order,
        earlier,
        &allowances,
        &asked.wanted,
        asked.refund_method(),
        asked.return_method,
        asked.gift_recipient.is_some(),
    );
    Ok(Return {
        number: ReturnNumber {
            order: order.number.clone(),
            sequence: u32::try_from(earlier.len()).unwrap_or(u32::MAX - 1) + 1,
        },
        lines,
        refund_method: asked.refund_method(),
        return_method: asked.return_method,
        refund,
        gift: asked.gift_recipient.is_some(),
        credit_email: asked
            .gift_recipient
            .clone()
            .unwrap_or_else(|| order.email.as_str().to_owned()),
        status: ReturnStatus::Requested,
        rejection: None,
        history: vec![ReturnChange {
            status: ReturnStatus::Requested,
            at: now,
        }],
    })
}

fn mail_job(number: &ReturnNumber, status: ReturnStatus, at: Timestamp) -> NewJob {
    NewJob {
        kind: JobKind::ReturnMail,
        subject: format!("{number}:{}", status.as_str()),
        due_at: at,
    }
}

/// Asks for `asked` back from `order`. A retry with the same `key` answers the return
/// the first made; a request overtaken by another is worked out again.
pub async fn request(
    returns: &dyn Returns,
    order: &Order,
    asked: &Asked,
    key: &str,
    now: Timestamp,
) -> Result<Return, ReturnError> {
    for _ in 0..ATTEMPTS {
        if let Some(made) = returns.keyed_return(key).await? {
            return Ok(made);
        }
        let earlier = returns.order_returns(&order.number).await?;
        let ret = work_out(order, &earlier, asked, now)?;
        let new = NewReturn {
            jobs: vec![mail_job(&ret.number, ReturnStatus::Requested, now)],
            ret,
            idempotency_key: key.to_owned(),
        };
        match returns.request(&new).await {
            Ok(()) => return Ok(new.ret),
            // A retry of this request, written meanwhile: the loop finds it.
            Err(RequestError::KeyTaken | RequestError::Changed) => continue,
            Err(RequestError::Storage(e)) => return Err(e.into()),
        }
    }
    Err(ReturnError::Busy)
}

async fn found(
    returns: &dyn Returns,
    orders: &dyn Orders,
    number: &ReturnNumber,
) -> Result<(Return, Order), ReturnError> {
    let ret = returns
        .get(number)
        .await?
        .ok_or_else(|| ReturnError::NoReturn(number.display()))?;
    let order = orders
        .order(&number.order)
        .await?
        .ok_or_else(|| ReturnError::NoOrder(number.order.display()))?;
    Ok((ret, order))
}

fn not_now(ret: &Return) -> ReturnError {
    ReturnError::NotNow {
        number: ret.number.display(),
        status: ret.status.as_str(),
    }
}

/// The gift card a return's store credit is, its code derived from the return (see
/// `OrderLinks::store_credit_code`); none when all of it goes to the card.
pub fn store_credit(ret: &Return, links: &OrderLinks) -> Option<(NewGiftCard, String)> {
    if ret.refund.to_store_credit.cents() <= 0 {
        return None;
    }
    let code = links.store_credit_code(&ret.number);
    Some((
        NewGiftCard {
            code_hash: code.hash(),
            last_four: code.last_four().to_owned(),
            balance: ret.refund.to_store_credit,
            expires_at: None,
        },
        code.display(),
    ))
}

/// The owner has the parcel: its units go back on the shelf, its store credit is
/// issued, and a job gives the card its part and marks it refunded.
pub async fn receive(
    returns: &dyn Returns,
    orders: &dyn Orders,
    links: &OrderLinks,
    number: &ReturnNumber,
    now: Timestamp,
) -> Result<Return, ReturnError> {
    let (ret, order) = found(returns, orders, number).await?;
    if ret.status != ReturnStatus::Requested {
        return Err(not_now(&ret));
    }
    let stock: Vec<(ItemRef, i64)> = ret
        .lines
        .iter()
        .filter_map(|l| {
            let line = order.lines.get(l.position)?;
            Some((ItemRef::of(line.line_type, line.item_id), l.quantity))
        })
        .collect();
    let credit = store_credit(&ret, links).map(|(card, _)| card);
    let jobs = [NewJob {
        kind: JobKind::RefundReturn,
        subject: number.display(),
        due_at: now,
    }];
    if !returns
        .receive(number, &stock, credit.as_ref(), &jobs, now)
        .await?
    {
        let (ret, _) = found(returns, orders, number).await?;
        return Err(not_now(&ret));
    }
    let (ret, _) = found(returns, orders, number).await?;
    Ok(ret)
}

/// The refund job: gives the card its part of a received return (once, whatever
/// repeats: the refund's key is the return's) and marks it refunded, which mails it
/// (and, for a gift, tells its buyer that a gift came back).
pub async fn refund(
    returns: &dyn Returns,
    orders: &dyn Orders,
    gateway: &dyn PaymentGateway,
    number: &ReturnNumber,
    now: Timestamp,
) -> Result<(), String> {
    let (ret, order) = found(returns, orders, number)
        .await
        .map_err(|e| e.to_string())?;
    match ret.status {
        ReturnStatus::Received => {}
        // Finished by an earlier run.
        ReturnStatus::Refunded => return Ok(()),
        other => return Err(format!("return {number} is {}", other.as_str())),
    }
    if ret.refund.to_card.cents() > 0 {
        let charge = order
            .card
            .as_ref()
            .and_then(|c| c.charge_id.as_deref())
            .ok_or_else(|| format!("order {} has no card charge to refund", order.number))?;
        gateway
            .refund(
                charge,
                ret.refund.to_card.cents(),
                &format!("return:{}", number.display()),
            )
            .await
            .map_err(|e| e.to_string())?;
    }
    let mut jobs = vec![mail_job(number, ReturnStatus::Refunded, now)];
    if ret.gift {
        jobs.push(NewJob {
            kind: JobKind::ReturnMail,
            subject: format!("{number}:{GIFT_BUYER}"),
            due_at: now,
        });
    }
    returns
        .mark_refunded(number, &jobs, now)
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The owner turns a requested return down (`why` is mailed); its units may be
/// asked for again.
pub async fn reject(
    returns: &dyn Returns,
    orders: &dyn Orders,
    number: &ReturnNumber,
    why: &str,
    now: Timestamp,
) -> Result<Return, ReturnError> {
    let (ret, _) = found(returns, orders, number).await?;
    if ret.status != ReturnStatus::Requested {
        return Err(not_now(&ret));
    }
    let jobs = [mail_job(number, ReturnStatus::Rejected, now)];
    if !returns.reject(number, why, &jobs, now).await? {
        let (ret, _) = found(returns, orders, number).await?;
        return Err(not_now(&ret));
    }
    let (ret, _) = found(returns, orders, number).await?;
    Ok(ret)
}
