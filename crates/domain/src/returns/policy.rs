//! What may come back (issue 28): only from a delivered order, within the free-return
//! window after its delivery, never more of a line than was bought less what is
//! already back or on its way; never what cannot be resold (digital items, e-gift
//! cards, services, final-sale items); personalized items only when they are faulty.

use super::model::{Return, ReturnReason};
use crate::clock::Timestamp;
use crate::orders::model::{Order, OrderLine, OrderStatus};
use std::time::Duration;

/// Spec 9: free returns for 30 days after delivery.
pub const RETURN_WINDOW: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// Why a whole order cannot be returned from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Closed {
    #[error("only a delivered order can be returned")]
    NotDelivered,
    /// The window closed at this moment.
    #[error("the 30 days to return this order are over")]
    WindowClosed(Timestamp),
}

/// Why a line can never come back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Blocked {
    Digital,
    GiftCard,
    Service,
    /// Marked in the catalogue as not returnable when it was bought.
    FinalSale,
}

impl Blocked {
    pub fn as_str(self) -> &'static str {
        match self {
            Blocked::Digital => "digital",
            Blocked::GiftCard => "gift_card",
            Blocked::Service => "service",
            Blocked::FinalSale => "final_sale",
        }
    }

    /// The sentence shown next to the greyed line.
    pub fn sentence(self) -> &'static str {
        match self {
            Blocked::Digital => "Digital items cannot be returned.",
            Blocked::GiftCard => "Gift cards cannot be returned.",
            Blocked::Service => "Services cannot be returned.",
            Blocked::FinalSale => "This item is final sale and cannot be returned.",
        }
    }
}

/// How much of one order line may still come back, and on what terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    pub position: usize,
    pub bought: i64,
    /// Units returned or on an open return.
    pub taken: i64,
    /// `bought - taken`, or none at all when `blocked`.
    pub left: i64,
    pub blocked: Option<Blocked>,
    /// Personalized: it comes back only damaged, defective or wrong.
    pub faults_only: bool,
    /// Excluded from free returns (spec 2.9): a label posted for the shopper's own
    /// reason costs `refund::LABEL_FEE`.
    pub label_fee: bool,
}

/// When the order was delivered, from its history (`store orders move` stamps it).
pub fn delivered_at(order: &Order) -> Option<Timestamp> {
    order
        .history
        .iter()
        .find(|c| c.status == OrderStatus::Delivered)
        .map(|c| c.at)
}

/// The moment the order's return window closes, if it is open at `now`.
pub fn window_open(order: &Order, now: Timestamp) -> Result<Timestamp, Closed> {
    let delivered = match (order.status, delivered_at(order)) {
        (OrderStatus::Delivered, Some(at)) => at,
        _ => return Err(Closed::NotDelivered),
    };
    let closes = delivered.plus(RETURN_WINDOW);
    if now < closes {
        Ok(closes)
    } else {
        Err(Closed::WindowClosed(closes))
    }
}

fn blocked(line: &OrderLine) -> Option<Blocked> {
    if line.gift_card {
        Some(Blocked::GiftCard)
    } else if line.item_type == "digital" {
        Some(Blocked::Digital)
    } else if line.item_type == "service" {
        Some(Blocked::Service)
    } else if !line.returnable {
        Some(Blocked::FinalSale)
    } else {
        None
    }
}

/// Units of line `position` on `returns` that count (every state but rejected).
pub fn units_taken(returns: &[Return], position: usize) -> i64 {
    returns
        .iter()
        .filter(|r| r.status.counts())
        .flat_map(|r| &r.lines)
        .filter(|l| l.position == position)
        .map(|l| l.quantity)
        .sum()
}

/// Each line of `order` with what may still come back, given its `returns`.
pub fn allowances(order: &Order, returns: &[Return]) -> Vec<Allowance> {
    order
        .lines
        .iter()
        .enumerate()
        .map(|(position, line)| {
            let taken = units_taken(returns, position);
            let blocked = blocked(line);
            Allowance {
                position,
                bought: line.quantity,
                taken,
                left: if blocked.is_some() {
                    0
                } else {
                    (line.quantity - taken).max(0)
                },
                blocked,
                faults_only: !line.personalization.is_empty(),
                label_fee: !line.free_return,
            }
        })
        .collect()
}

/// One line a shopper asks to return.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    pub position: usize,
    pub quantity: i64,
    pub reason: ReturnReason,
    pub note: Option<String>,
}

/// Why a request cannot be made; nothing is written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error(transparent)]
    Closed(#[from] Closed),
    #[error("choose at least one item to return")]
    Empty,
    #[error("the order has no line {0}")]
    NoSuchLine(usize),
    #[error("line {0} is asked for twice")]
    Twice(usize),
    #[error("a quantity to return is at least 1")]
    NotPositive(usize),
    /// Only `left` units of the line may still come back.
    #[error("only {left} of this item can still be returned")]
    TooMany { position: usize, left: i64 },
    #[error("{}", .why.sentence())]
    NotReturnable { position: usize, why: Blocked },
    #[error("a personalized item can only be returned when it is damaged, defective or wrong")]
    FaultsOnly(usize),
}

impl Refusal {
    /// The order line the refusal is about, for the form to point at.
    pub fn position(&self) -> Option<usize> {
        match self {
            Refusal::Closed(_) | Refusal::Empty => None,
            Refusal::NoSuchLine(p)
            | Refusal::Twice(p)
            | Refusal::NotPositive(p)
            | Refusal::FaultsOnly(p)
            | Refusal::TooMany { position: p, .. }
            | Refusal::NotReturnable { position: p, .. } => Some(*p),
        }
    }
}

/// Checks that `wanted` may come back from `order`, which has `returns` already, at
/// `now`.
pub fn check(
    order: &Order,
    returns: &[Return],
    wanted: &[Wanted],
    now: Timestamp,
) -> Result<(), Refusal> {
    window_open(order, now)?;
    if wanted.is_empty() {
        return Err(Refusal::Empty);
    }
    let allowances = allowances(order, returns);
    let mut seen = std::collections::BTreeSet::new();
    for want in wanted {
        let allowance = allowances
            .get(want.position)
            .ok_or(Refusal::NoSuchLine(want.position))?;
        if !seen.insert(want.position) {
            return Err(Refusal::Twice(want.position));
        }
        if want.quantity < 1 {
            return Err(Refusal::NotPositive(want.position));
        }
        if let Some(why) = allowance.blocked {
            return Err(Refusal::NotReturnable {
                position: want.position,
                why,
            });
        }
        if allowance.faults_only && !want.reason.store_fault() {
            return Err(Refusal::FaultsOnly(want.position));
        }
        if want.quantity > allowance.left {
            return Err(Refusal::TooMany {
                position: want.position,
                left: allowance.left,
            });
        }
    }
    Ok(())
}
