//! What a subscription is: what it delivers, where, paid by which card, and where it
//! stands in its schedule.

use super::schedule::{Interval, Outcome, Timeline};
use crate::bag::LineType;
use crate::clock::Timestamp;
use crate::input::Email;
use crate::language::Language;
use crate::money::Money;
use crate::orders::number::OrderNumber;
use chrono::NaiveDate;

/// A plan a subscription product is sold on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct Plan {
    pub id: i64,
    /// The product each delivery brings.
    pub product_id: i64,
    #[serde(deserialize_with = "super::plans::interval")]
    pub interval: Interval,
    /// Per delivery, before tax and shipping.
    pub price: Money,
    /// A fixed number of deliveries, or `None`: until cancelled.
    #[serde(default)]
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
    /// Where its orders' confirmations go: the account's address when it began.
    pub email: Email,
    /// The language its mails are written in.
    pub language: Language,
    pub timeline: Timeline,
    pub notice: Option<PriceNotice>,
    pub attempts: Option<Attempts>,
    /// The last period a reminder was mailed for.
    pub reminded: Option<u32>,
    /// The period the scheduler is charging: claimed before its order is placed and
    /// released when the outcome is recorded. The customer's changes wait meanwhile.
    pub charging: Option<u32>,
    /// When the scheduler next looks at it: a charge, a retry or a reminder.
    pub next_look: Timestamp,
    pub created_at: Timestamp,
    /// Moves on with every write: a change made on a stale copy is refused.
    pub version: i64,
}

/// A decided period. Only a charged one names an order (a declined attempt's order
/// is removed by retention after a while).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub period: u32,
    pub due: NaiveDate,
    pub outcome: Outcome,
    pub order: Option<OrderNumber>,
    pub at: Timestamp,
}

/// What happened to a subscription, as its history shows it and its mails say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    Started,
    Charged,
    Skipped,
    Paused,
    Resumed,
    /// Its interval, quantity, address or card changed; the detail says which.
    Changed,
    Cancelled,
    Finished,
    /// A delivery passed because its items were out of stock.
    OutOfStock,
    /// The card declined; the detail says whether a retry follows.
    Declined,
    /// A line is no longer sold and left the subscription.
    LineDropped,
    /// The customer was told of a price rise.
    PriceNotice,
}

impl Event {
    pub const ALL: [Event; 12] = [
        Event::Started,
        Event::Charged,
        Event::Skipped,
        Event::Paused,
        Event::Resumed,
        Event::Changed,
        Event::Cancelled,
        Event::Finished,
        Event::OutOfStock,
        Event::Declined,
        Event::LineDropped,
        Event::PriceNotice,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Event::Started => "started",
            Event::Charged => "charged",
            Event::Skipped => "skipped",
            Event::Paused => "paused",
            Event::Resumed => "resumed",
            Event::Changed => "changed",
            Event::Cancelled => "cancelled",
            Event::Finished => "finished",
            Event::OutOfStock => "out_of_stock",
            Event::Declined => "declined",
            Event::LineDropped => "line_dropped",
            Event::PriceNotice => "price_notice",
        }
    }

    pub fn parse(raw: &str) -> Option<Event> {
        Event::ALL.into_iter().find(|e| e.as_str() == raw)
    }
}

/// One line of a subscription's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryEntry {
    pub at: Timestamp,
    pub event: Event,
    /// What the event needs said beyond its kind, as a value the page words in the
    /// customer's language, never a sentence: a date (YYYY-MM-DD), an order number,
    /// `interval:1m`, `quantity:{line}:{n}`, `address`, `card`, `plan:{id}`, the item a dropped line
    /// was (`product:61`), or why it paused or ended: `attention` (its address, card or
    /// method is gone), `declines` (the card's last try), `empty` (nothing left sold).
    pub detail: String,
}
