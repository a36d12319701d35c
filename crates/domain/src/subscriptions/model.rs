//! What a subscription is: what it delivers, where, paid by which card, and where it
//! stands in its schedule.

use super::schedule::{Interval, Outcome, Timeline};
use crate::bag::LineType;
use crate::clock::Timestamp;
use crate::language::Language;
use crate::money::Money;
use crate::orders::number::OrderNumber;
use chrono::NaiveDate;

/// A plan a subscription product is sold on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub id: i64,
    /// The product each delivery brings.
    pub product_id: i64,
    pub interval: Interval,
    /// Per delivery, before tax and shipping.
    pub price: Money,
    /// A fixed number of deliveries, or `None`: until cancelled.
    pub deliveries: Option<u32>,
}

/// Where a subscription came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// Bought on a plan of a subscription product.
    Plan { plan_id: i64 },
    /// "Repeat this order": a past order's lines, at the catalogue's price of the day.
    Recurring { order: OrderNumber },
}

/// One thing each delivery brings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionLine {
    pub line_type: LineType,
    pub item_id: i64,
    pub item_key: String,
    pub quantity: i64,
    /// What the customer agreed to pay per unit (a plan's price); `None`: the
    /// catalogue's price when the delivery is charged.
    pub agreed_price: Option<Money>,
}

/// A price rise the customer was told of: charged from the first delivery at least
/// `PRICE_NOTICE_DAYS` after `mailed_on`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceNotice {
    pub price: Money,
    pub mailed_on: NaiveDate,
}

/// The card's tries at the period being charged, while it keeps declining.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempts {
    pub period: u32,
    pub declines: u32,
    pub first_try: NaiveDate,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub id: i64,
    pub customer_id: i64,
    pub origin: Origin,
    pub lines: Vec<SubscriptionLine>,
    pub address_id: i64,
    pub card_id: i64,
    pub shipping_method: u32,
    /// The language its mails are written in.
    pub language: Language,
    pub timeline: Timeline,
    pub notice: Option<PriceNotice>,
    pub attempts: Option<Attempts>,
    /// The last period a reminder was mailed for.
    pub reminded: Option<u32>,
    pub created_at: Timestamp,
    /// Moves on with every write: a change made on a stale copy is refused.
    pub version: i64,
}

/// A decided period, as the history shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub period: u32,
    pub due: NaiveDate,
    pub outcome: Outcome,
    pub order: Option<OrderNumber>,
    pub at: Timestamp,
}
