//! The scheduler: finds the subscriptions due and takes each through its periods, a
//! step at a time, placing each delivery's order through the order service
//! (`orders::place::place_order`) like a checkout with no Review.
//!
//! Exactly one order per period, whatever runs at once: the order's idempotency key
//! is made of the subscription, the period and the card's try, so a retry after a
//! crash, a second scheduler or a restart reaches the same order; and each step is
//! saved on the version it read, so of two schedulers only one records it (the other
//! reads again and finds the period decided).

use super::model::{Attempts, Event, HistoryEntry, Origin, Run, Subscription};
use super::plans::find_plan;
use super::price_notice::{PriceStep, charged_from, price_step};
use super::schedule::{Outcome, Status, Step, retry_on};
use super::storage::{Subscriptions, Writes};
use crate::bag::{BagLine, ItemRef, LineKey, ListName, Lists};
use crate::checkout::quote::{CheckoutQuote, CheckoutRequest};
use crate::clock::Timestamp;
use crate::jobs::{JobKind, NewJob};
use crate::orders::model::{Order, OrderStatus};
use crate::orders::place::{
    CardChoice, DeliveryRequest, IdempotencyKey, PlaceContext, PlaceError, PlaceRequest,
    place_order, price_order,
};
use crate::ports::StorageError;
use crate::shipping::ShippingChoice;
use chrono::{Days, NaiveDate, NaiveTime, TimeZone};
use chrono_tz::Tz;
use std::time::Duration;

/// Days before a delivery's charge that the customer is reminded of it.
pub const REMINDER_DAYS: u64 = 3;
/// The store's local hour at which a delivery due that day is charged.
pub const CHARGE_HOUR: u32 = 6;
/// When the payment service or the database failed, how soon the scheduler looks again.
const LOOK_AGAIN: Duration = Duration::from_secs(600);
/// Steps one subscription may take in one run: enough for years of paused periods.
const MAX_STEPS: u32 = 400;

/// What a run of the scheduler did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RunReport {
    pub charged: u32,
    /// Periods passed while paused.
    pub passed: u32,
    pub out_of_stock: u32,
    /// Declines (each retried later, or the last, which paused the subscription).
    pub declined: u32,
    pub reminded: u32,
    /// Left for a later run (the payment service failed, or a change needs the
    /// customer).
    pub waiting: u32,
}

/// What the scheduler reads and writes.
pub struct Scheduler<'a> {
    pub place: PlaceContext<'a>,
    pub subscriptions: &'a dyn Subscriptions,
}

impl Scheduler<'_> {
    fn now(&self) -> Timestamp {
        self.place.checkout.now
    }

    fn zone(&self) -> Tz {
        self.place.checkout.shipping.time_zone
    }
}

/// The store's local date at `now`.
pub fn local_date(zone: Tz, now: Timestamp) -> NaiveDate {
    chrono::DateTime::from_timestamp(now.unix_seconds(), 0)
        .map(|utc| utc.with_timezone(&zone).date_naive())
        .unwrap_or(NaiveDate::MIN)
}

/// The moment a delivery due on `date` is charged: `CHARGE_HOUR` local time.
pub fn charge_moment(zone: Tz, date: NaiveDate) -> Timestamp {
    let local = date.and_time(NaiveTime::from_hms_opt(CHARGE_HOUR, 0, 0).unwrap_or_default());
    let seconds = zone
        .from_local_datetime(&local)
        .earliest()
        .map_or_else(|| local.and_utc().timestamp(), |t| t.timestamp());
    Timestamp::from_unix_seconds(seconds)
}

/// The key of the order for `period`'s try after `declines` declines.
pub fn order_key(subscription: i64, period: u32, declines: u32) -> IdempotencyKey {
    let key = format!("subscription-{subscription}-period-{period}-try-{declines}");
    // Always 16 to 100 letters, digits and dashes.
    IdempotencyKey::parse(&key).unwrap_or_else(|_| unreachable!("a well-formed key: {key}"))
}

/// Runs every subscription due by now, up to `limit` of them.
pub async fn run_due(s: &Scheduler<'_>, limit: u32) -> Result<RunReport, StorageError> {
    let mut report = RunReport::default();
    for subscription in s.subscriptions.due(s.now(), limit).await? {
        advance(s, subscription, &mut report).await?;
    }
    Ok(report)
}

/// One step's writes, and whether the subscription is done for this run.
struct Change {
    subscription: Subscription,
    runs: Vec<Run>,
    history: Vec<HistoryEntry>,
    jobs: Vec<NewJob>,
    done: bool,
}

impl Change {
    fn of(subscription: &Subscription) -> Change {
        Change {
            subscription: subscription.clone(),
            runs: Vec::new(),
            history: Vec::new(),
            jobs: Vec::new(),
            done: false,
        }
    }
}

/// Takes one subscription through everything due, saving each step; a step another
/// run saved first is read again and not repeated.
async fn advance(
    s: &Scheduler<'_>,
    mut subscription: Subscription,
    report: &mut RunReport,
) -> Result<(), StorageError> {
    for _ in 0..MAX_STEPS {
        let change = step(s, &subscription, report).await?;
        let writes = Writes {
            runs: &change.runs,
            history: &change.history,
            jobs: &change.jobs,
        };
        let saved = s.subscriptions.save(&change.subscription, writes).await?;
        if saved && change.done {
            return Ok(());
        }
        let Some(now) = s.subscriptions.subscription(subscription.id).await? else {
            return Ok(());
        };
        if !now.timeline.status.is_open() || (saved && now.next_look > s.now()) {
            return Ok(());
        }
        subscription = now;
    }
    Ok(())
}

fn entry(s: &Scheduler<'_>, event: Event, detail: impl Into<String>) -> HistoryEntry {
    HistoryEntry {
        at: s.now(),
        event,
        detail: detail.into(),
    }
}

/// The mail job for `news` about subscription `id` (`{id}:{news}`).
fn mail(s: &Scheduler<'_>, id: i64, news: impl std::fmt::Display) -> NewJob {
    NewJob {
        kind: JobKind::SubscriptionMail,
        subject: format!("{id}:{news}"),
        due_at: s.now(),
    }
}

fn decided(
    s: &Scheduler<'_>,
    change: &mut Change,
    period: u32,
    outcome: Outcome,
    order: Option<&Order>,
) {
    let due = change.subscription.timeline.schedule.due_on(period);
    change.subscription.timeline.decide(period, outcome);
    change.runs.push(Run {
        period,
        due,
        outcome,
        order: order.map(|o| o.number.clone()),
        at: s.now(),
    });
    if change.subscription.timeline.status == Status::Finished {
        change.history.push(entry(s, Event::Finished, ""));
        change
            .jobs
            .push(mail(s, change.subscription.id, Event::Finished.as_str()));
    }
}

/// What the subscription does next, as one change to save.
async fn step(
    s: &Scheduler<'_>,
    subscription: &Subscription,
    report: &mut RunReport,
) -> Result<Change, StorageError> {
    let today = local_date(s.zone(), s.now());
    let mut change = Change::of(subscription);
    match subscription.timeline.step(today) {
        Step::Ended => change.done = true,
        Step::Wait(due) => wait(s, &mut change, due, today, report),
        Step::Pass(period) => {
            decided(s, &mut change, period, Outcome::Paused, None);
            report.passed += 1;
        }
        Step::Charge { period, .. } => charge(s, &mut change, period, today, report).await?,
    }
    Ok(change)
}

/// Nothing due yet: remind the customer when the charge is close, and look again
/// at the reminder's or the charge's moment.
fn wait(
    s: &Scheduler<'_>,
    change: &mut Change,
    due: NaiveDate,
    today: NaiveDate,
    report: &mut RunReport,
) {
    let sub = &mut change.subscription;
    let charge_at = charge_moment(s.zone(), due);
    let remind_on = due
        .checked_sub_days(Days::new(REMINDER_DAYS))
        .unwrap_or(due);
    let charging = sub.timeline.next_delivery() == Some(due);
    let reminded = sub.reminded == Some(sub.timeline.next);
    sub.next_look = charge_at;
    if charging && !reminded {
        if today >= remind_on {
            sub.reminded = Some(sub.timeline.next);
            let news = format!("reminder:{}", sub.timeline.next);
            change.jobs.push(mail(s, sub.id, news));
            report.reminded += 1;
        } else {
            sub.next_look = charge_moment(s.zone(), remind_on).min(charge_at);
        }
    }
    change.done = true;
}

/// What a delivery of `subscription` costs now, as its order would be priced: lines,
/// tax from its address, its shipping method. (Also the quote of a plan before it is
/// bought.)
pub async fn price_delivery(
    place: &PlaceContext<'_>,
    subscription: &Subscription,
) -> Result<CheckoutQuote, PlaceError> {
    let probe = order_request(
        subscription,
        order_key(subscription.id, 0, 0),
        Default::default(),
    );
    price_order(place, &probe).await
}

/// The order that would deliver the subscription's lines now.
fn order_request(
    subscription: &Subscription,
    key: IdempotencyKey,
    expected: (crate::money::Money, crate::money::Money),
) -> PlaceRequest {
    let products = subscription
        .lines
        .iter()
        .map(|l| BagLine {
            key: LineKey {
                id: l.item_id,
                line_type: l.line_type,
                item_key: l.item_key.clone(),
            },
            quantity: l.quantity,
            gift_options: false,
            personalization: Default::default(),
        })
        .collect();
    PlaceRequest {
        key,
        checkout: CheckoutRequest {
            lists: Lists {
                products,
                later: Vec::new(),
            },
            change: None,
            location: None,
            shipping: Some(ShippingChoice::Method(subscription.shipping_method)),
            gift_cards: Vec::new(),
            discount: None,
            discount_email: None,
            agreed_prices: subscription
                .lines
                .iter()
                .filter_map(|l| Some((ItemRef::of(l.line_type, l.item_id), l.agreed_price?)))
                .collect(),
        },
        customer_id: Some(subscription.customer_id),
        email: subscription.email.clone(),
        language: subscription.language,
        delivery: DeliveryRequest::ShipToSaved(subscription.address_id),
        card: Some(CardChoice::Saved(subscription.card_id)),
        expected_total: expected.0,
        expected_amount_due: expected.1,
        from_bag: false,
    }
}

/// Something only the customer can fix (their saved address or card is gone, the
/// method no longer ships there): the subscription pauses, and they are told. The
/// history says `attention`, which the page words; the reason itself is for the log.
fn needs_customer(s: &Scheduler<'_>, change: &mut Change, report: &mut RunReport) {
    let sub = &mut change.subscription;
    sub.timeline.status = Status::Paused;
    sub.timeline.resume_on = None;
    change.history.push(entry(s, Event::Paused, "attention"));
    change.jobs.push(mail(s, sub.id, "attention"));
    report.waiting += 1;
    change.done = true;
}

fn out_of_stock(s: &Scheduler<'_>, change: &mut Change, period: u32, report: &mut RunReport) {
    decided(s, change, period, Outcome::OutOfStock, None);
    let id = change.subscription.id;
    let due = change.subscription.timeline.schedule.due_on(period);
    change
        .history
        .push(entry(s, Event::OutOfStock, due.to_string()));
    change
        .jobs
        .push(mail(s, id, format!("out_of_stock:{period}")));
    report.out_of_stock += 1;
}

/// The period is due: drop lines no longer sold, then charge it, or pass it when its
/// items are out of stock.
async fn charge(
    s: &Scheduler<'_>,
    change: &mut Change,
    period: u32,
    today: NaiveDate,
    report: &mut RunReport,
) -> Result<(), StorageError> {
    let sub = change.subscription.clone();
    let tries = sub.attempts.filter(|a| a.period == period);
    if let Some(retry) = tries.and_then(|a| retry_on(a.first_try, a.declines))
        && retry > today
    {
        change.subscription.next_look = charge_moment(s.zone(), retry);
        change.done = true;
        return Ok(());
    }
    if sub.charging != Some(period) {
        // Claimed first, in its own write: from here until the outcome is recorded the
        // customer's changes wait, so a period cannot be both skipped and charged.
        change.subscription.charging = Some(period);
        return Ok(());
    }
    change.subscription.charging = None;
    prices(s, change, period, today).await?;
    let sub = change.subscription.clone();
    let declines = tries.map_or(0, |a| a.declines);
    let key = order_key(sub.id, period, declines);
    let quoted = match price_delivery(&s.place, &sub).await {
        Ok(quoted) => quoted,
        Err(PlaceError::Storage(e)) => return Err(e),
        Err(_) => {
            needs_customer(s, change, report);
            return Ok(());
        }
    };
    let gone: Vec<_> = quoted
        .quote
        .withdrawn
        .iter()
        .filter(|w| w.list == ListName::Products)
        .collect();
    if !gone.is_empty() {
        // Lines the catalogue no longer sells leave the subscription, with a notice;
        // the next step charges what is left.
        let lines = &mut change.subscription.lines;
        for w in &gone {
            lines.retain(|l| !(l.item_id == w.line.key.id && l.line_type == w.line.key.line_type));
            let detail = format!("{}:{}", w.line.key.line_type.as_str(), w.line.key.id);
            change.history.push(entry(s, Event::LineDropped, detail));
        }
        change
            .jobs
            .push(mail(s, sub.id, format!("dropped:{period}")));
        if change.subscription.lines.is_empty() {
            change.subscription.timeline.status = Status::Cancelled;
            change.history.push(entry(s, Event::Cancelled, "empty"));
            change.done = true;
        }
        return Ok(());
    }
    if !quoted.quote.unavailable_cart.is_empty() {
        out_of_stock(s, change, period, report);
        return Ok(());
    }
    let expected = (quoted.quote.totals.total, quoted.amount_due);
    let request = order_request(&sub, key.clone(), expected);
    let placed = match place_order(&s.place, request).await {
        Ok(placed) => Ok(placed.order),
        // A run before this one placed the period's order at other figures (the
        // prices moved in between): that order is the period's.
        Err(PlaceError::KeyReused) => match s.place.orders.keyed_order(key.as_str()).await? {
            Some(keyed) if keyed.order.status == OrderStatus::Declined => {
                Err(PlaceError::Declined(crate::payments::Decline::Declined))
            }
            Some(keyed) if keyed.order.status != OrderStatus::Placed => Ok(keyed.order),
            _ => Err(PlaceError::PaymentUnavailable(
                "the period's order is unfinished".into(),
            )),
        },
        Err(e) => Err(e),
    };
    match placed {
        Ok(order) => {
            decided(s, change, period, Outcome::Charged, Some(&order));
            change.subscription.attempts = None;
            change
                .history
                .push(entry(s, Event::Charged, order.number.as_str()));
            report.charged += 1;
        }
        Err(PlaceError::Declined(_)) => declined(s, change, period, tries, today, report),
        Err(PlaceError::Changed(_)) => out_of_stock(s, change, period, report),
        Err(PlaceError::Storage(e)) => return Err(e),
        Err(PlaceError::PaymentUnavailable(_)) => {
            // The same key finishes the same order on the next look; the claim stays.
            change.subscription.charging = Some(period);
            change.subscription.next_look = s.now().plus(LOOK_AGAIN);
            report.waiting += 1;
            change.done = true;
        }
        Err(PlaceError::Refused(_) | PlaceError::Checkout(_) | PlaceError::KeyReused) => {
            needs_customer(s, change, report);
        }
    }
    Ok(())
}

/// A plan's price changed since the customer agreed to it: a fall is passed on now; a
/// rise is mailed, and charged from the first delivery `PRICE_NOTICE_DAYS` after.
async fn prices(
    s: &Scheduler<'_>,
    change: &mut Change,
    period: u32,
    today: NaiveDate,
) -> Result<(), StorageError> {
    let sub = &mut change.subscription;
    let Origin::Plan { plan_id } = sub.origin else {
        return Ok(());
    };
    let plans = s.subscriptions.plans().await?;
    let current = find_plan(&plans, plan_id).map(|(_, p)| p.price);
    let current = vec![current; sub.lines.len()];
    match price_step(&sub.lines, &current, sub.notice, today) {
        PriceStep::Keep => {}
        PriceStep::Agree(agreed) => {
            for (line, price) in sub.lines.iter_mut().zip(agreed) {
                line.agreed_price = price;
            }
            sub.notice = None;
        }
        PriceStep::Notify { agreed, notice } => {
            for (line, price) in sub.lines.iter_mut().zip(agreed) {
                line.agreed_price = price;
            }
            if sub.notice != Some(notice) {
                sub.notice = Some(notice);
                let id = sub.id;
                let detail = format!(
                    "{}:{}",
                    notice.price.cents(),
                    charged_from(notice.mailed_on)
                );
                change.history.push(entry(s, Event::PriceNotice, detail));
                change.jobs.push(mail(
                    s,
                    id,
                    format!("price_notice:{period}:{}", notice.price.cents()),
                ));
            }
        }
    }
    Ok(())
}

/// The card declined the period: tried again after 1, 3 and 5 days, then the period
/// is decided `Declined` and the subscription pauses until the customer changes the
/// card and resumes.
fn declined(
    s: &Scheduler<'_>,
    change: &mut Change,
    period: u32,
    tries: Option<Attempts>,
    today: NaiveDate,
    report: &mut RunReport,
) {
    report.declined += 1;
    let attempts = Attempts {
        period,
        declines: tries.map_or(1, |a| a.declines + 1),
        first_try: tries.map_or(today, |a| a.first_try),
    };
    let id = change.subscription.id;
    match retry_on(attempts.first_try, attempts.declines) {
        Some(retry) => {
            change.subscription.attempts = Some(attempts);
            change.subscription.next_look = charge_moment(s.zone(), retry);
            let on = retry.format("%Y-%m-%d").to_string();
            change.history.push(entry(s, Event::Declined, on));
            change.jobs.push(mail(
                s,
                id,
                format!("declined:{period}:{}", attempts.declines),
            ));
            change.done = true;
        }
        None => {
            decided(s, change, period, Outcome::Declined, None);
            change.subscription.attempts = None;
            change.history.push(entry(s, Event::Declined, ""));
            change.history.push(entry(s, Event::Paused, "declines"));
            change
                .jobs
                .push(mail(s, id, format!("card_paused:{period}")));
        }
    }
}
