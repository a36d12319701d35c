//! What a customer does with their subscriptions: repeat a past order on a schedule,
//! and skip, pause, resume, cancel, or change the interval, a quantity, the address or
//! the card. Each change is saved on the version it was read at (a rival change or the
//! scheduler's step makes it read again), is kept in the history and is mailed. While
//! the scheduler is charging a delivery, changes wait: a period is never both skipped
//! and charged.

use super::model::{Event, HistoryEntry, Origin, Run, Subscription, SubscriptionLine};
use super::plans::{PlanType, find_plan};
use super::schedule::{ChangeRefused, Interval, Outcome, Schedule, Timeline};
use super::scheduler::{charge_moment, local_date};
use super::storage::{Subscriptions, Writes};
use crate::accounts::Customer;
use crate::bag::LineType;
use crate::clock::Timestamp;
use crate::jobs::{JobKind, NewJob};
use crate::orders::model::{Delivery, Order, OrderStatus};
use crate::ports::{Addresses, SavedCards, StorageError};
use chrono::{Days, Months, NaiveDate};
use chrono_tz::Tz;

/// The most units of a line a delivery brings.
pub const MAX_QUANTITY: i64 = 20;
/// Times a change is tried again when another write came first.
const ATTEMPTS: u32 = 4;

#[derive(Debug, thiserror::Error)]
pub enum ManageError {
    /// No such subscription or order, or not this customer's: never told apart.
    #[error("we found no such subscription in your account")]
    NotFound,
    /// The request does not fit (a 400 naming the field).
    #[error("{0}")]
    Refused(String),
    /// Not now, as the subscription stands (a 409).
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

impl From<ChangeRefused> for ManageError {
    fn from(why: ChangeRefused) -> Self {
        match why {
            ChangeRefused::PauseDate => ManageError::Refused(format!("until: {why}")),
            _ => ManageError::Conflict(why.to_string()),
        }
    }
}

/// A change the customer asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    Skip,
    /// Until a date, or until resumed.
    Pause(Option<NaiveDate>),
    Resume,
    Cancel,
    Interval(Interval),
    /// The line at this position brings this many units.
    Quantity {
        line: usize,
        quantity: i64,
    },
    Address(i64),
    Card(i64),
    /// Another plan of the same group: its interval from the next delivery on, its
    /// price from the next charge, and its count of deliveries afresh.
    Plan(i64),
}

/// A plan the customer buys: how many of its product each delivery brings, where
/// to, paid by which saved card, shipped by which method, mailed in which language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanChoice {
    pub plan_id: i64,
    pub quantity: i64,
    pub address_id: i64,
    pub card_id: i64,
    pub shipping_method: u32,
    pub language: crate::language::Language,
}

/// What managing reads and writes.
pub struct Manage<'a> {
    pub subscriptions: &'a dyn Subscriptions,
    pub addresses: &'a dyn Addresses,
    pub cards: &'a dyn SavedCards,
    pub now: Timestamp,
    /// The store's zone: "today" and the charge moments are its local time.
    pub zone: Tz,
}

impl Manage<'_> {
    fn today(&self) -> NaiveDate {
        local_date(self.zone, self.now)
    }

    fn entry(&self, event: Event, detail: impl Into<String>) -> HistoryEntry {
        HistoryEntry {
            at: self.now,
            event,
            detail: detail.into(),
        }
    }

    /// The mail job for `news` about subscription `id` (see `mail::News`).
    fn mail(&self, id: i64, news: &str) -> NewJob {
        NewJob {
            kind: JobKind::SubscriptionMail,
            subject: format!("{id}:{news}"),
            due_at: self.now,
        }
    }

    /// Refused unless address `id` is one of the customer's.
    pub async fn own_address(&self, customer: i64, id: i64) -> Result<(), ManageError> {
        let saved = self.addresses.addresses(customer).await?;
        if saved.iter().any(|a| a.id == id) {
            Ok(())
        } else {
            Err(ManageError::Refused(format!(
                "address_id: there is no address {id} in your account"
            )))
        }
    }

    async fn own_card(&self, customer: i64, id: i64) -> Result<(), ManageError> {
        let saved = self.cards.cards(customer).await?;
        if saved.iter().any(|c| c.id == id) {
            Ok(())
        } else {
            Err(ManageError::Refused(format!(
                "payment_id: there is no card {id} in your account"
            )))
        }
    }

    /// The customer's subscription `id`.
    pub async fn theirs(&self, customer: i64, id: i64) -> Result<Subscription, ManageError> {
        self.subscriptions
            .subscription(id)
            .await?
            .filter(|s| s.customer_id == customer)
            .ok_or(ManageError::NotFound)
    }

    /// Repeats `order` (the customer's, shipped) every `interval` from one interval
    /// after today, to a saved address and paid by a saved card.
    pub async fn repeat(
        &self,
        customer: &Customer,
        order: &Order,
        interval: Interval,
        address_id: i64,
        card_id: i64,
    ) -> Result<Subscription, ManageError> {
        if order.customer_id != Some(customer.id) || !order.status.is_visible() {
            return Err(ManageError::NotFound);
        }
        if order.status == OrderStatus::Cancelled {
            return Err(ManageError::Conflict(
                "a cancelled order cannot be repeated".into(),
            ));
        }
        let Delivery::Ship { method_id, .. } = &order.delivery else {
            return Err(ManageError::Conflict(
                "only an order that was shipped can be repeated".into(),
            ));
        };
        let lines: Vec<SubscriptionLine> = order
            .lines
            .iter()
            .filter(|l| !l.gift_card && l.line_type != LineType::GiftCard)
            .map(|l| SubscriptionLine {
                line_type: l.line_type,
                item_id: l.item_id,
                item_key: l.item_key.clone(),
                quantity: l.quantity.min(MAX_QUANTITY),
                agreed_price: None,
            })
            .collect();
        if lines.is_empty() {
            return Err(ManageError::Conflict(
                "this order has nothing that can be delivered again".into(),
            ));
        }
        self.own_address(customer.id, address_id).await?;
        self.own_card(customer.id, card_id).await?;
        let first = first_date(self.today(), interval);
        let subscription = Subscription {
            id: 0,
            customer_id: customer.id,
            origin: Origin::Recurring {
                order: order.number.clone(),
            },
            lines,
            address_id,
            card_id,
            shipping_method: *method_id,
            email: customer.email.clone(),
            language: order.language,
            timeline: Timeline::new(Schedule::new(first, interval), None),
            notice: None,
            attempts: None,
            reminded: None,
            charging: None,
            next_look: charge_moment(self.zone, first),
            created_at: self.now,
            version: 0,
        };
        self.start(customer.id, subscription, order.number.as_str().to_owned())
            .await
    }

    /// The subscription `choice` would start for `customer`, not stored: its first
    /// delivery is charged today (at the charge hour, or at the scheduler's next run
    /// when that has passed), the rest one interval apart. A quote prices it as is.
    pub fn plan_subscription(
        &self,
        customer: &Customer,
        plans: &[PlanType],
        choice: &PlanChoice,
    ) -> Result<Subscription, ManageError> {
        let (_, plan) = find_plan(plans, choice.plan_id).ok_or_else(|| {
            ManageError::Refused(format!("plan_id: there is no plan {}", choice.plan_id))
        })?;
        check_quantity(choice.quantity)?;
        let first = self.today();
        Ok(Subscription {
            id: 0,
            customer_id: customer.id,
            origin: Origin::Plan { plan_id: plan.id },
            lines: vec![SubscriptionLine {
                line_type: LineType::Product,
                item_id: plan.product_id,
                item_key: String::new(),
                quantity: choice.quantity,
                agreed_price: Some(plan.price),
            }],
            address_id: choice.address_id,
            card_id: choice.card_id,
            shipping_method: choice.shipping_method,
            email: customer.email.clone(),
            language: choice.language,
            timeline: Timeline::new(Schedule::new(first, plan.interval), plan.deliveries),
            notice: None,
            attempts: None,
            reminded: None,
            charging: None,
            next_look: self.now,
            created_at: self.now,
            version: 0,
        })
    }

    /// Buys a plan: the subscription as stored, with a run of the scheduler queued so
    /// the first delivery is charged now (see `plan_subscription`).
    pub async fn subscribe(
        &self,
        customer: &Customer,
        plans: &[PlanType],
        choice: &PlanChoice,
    ) -> Result<Subscription, ManageError> {
        let subscription = self.plan_subscription(customer, plans, choice)?;
        self.own_address(customer.id, choice.address_id).await?;
        self.own_card(customer.id, choice.card_id).await?;
        self.start(customer.id, subscription, String::new()).await
    }

    /// Stores a new subscription, then its history's first line, its mail and a run
    /// of the scheduler.
    async fn start(
        &self,
        customer: i64,
        subscription: Subscription,
        detail: String,
    ) -> Result<Subscription, ManageError> {
        let created = self
            .subscriptions
            .create(&subscription, Writes::default())
            .await?;
        // Its history and mail name it, so they follow its creation in a save of their own.
        let history = [self.entry(Event::Started, detail)];
        let jobs = [
            self.mail(created.id, "started"),
            NewJob {
                kind: JobKind::DueSubscriptions,
                subject: "all".into(),
                due_at: self.now,
            },
        ];
        let writes = Writes {
            runs: &[],
            history: &history,
            jobs: &jobs,
        };
        if !self.subscriptions.save(&created, writes).await? {
            return Err(ManageError::Conflict(
                "this subscription is being changed elsewhere at this moment; please try again"
                    .into(),
            ));
        }
        self.theirs(customer, created.id).await
    }

    /// Applies `change` to the customer's subscription `id`: the subscription as saved.
    pub async fn change(
        &self,
        customer: i64,
        id: i64,
        change: &Change,
    ) -> Result<Subscription, ManageError> {
        let mut plans = Vec::new();
        match change {
            Change::Address(address) => self.own_address(customer, *address).await?,
            Change::Card(card) => self.own_card(customer, *card).await?,
            Change::Plan(_) => plans = self.subscriptions.plans().await?,
            _ => {}
        }
        for _ in 0..ATTEMPTS {
            let stored = self.theirs(customer, id).await?;
            if stored.charging.is_some() {
                return Err(ManageError::Conflict(
                    "a delivery of this subscription is being charged right now; please try again in a minute".into(),
                ));
            }
            let mut next = stored.clone();
            let (runs, entry) = self.apply(&mut next, change, &plans)?;
            // The scheduler looks at it again now: a new date may want a reminder.
            next.next_look = self.now.min(next.next_look);
            let history = [entry];
            // Two changes in one second are two mails: the version tells them apart.
            let news = format!("updated:{}:{}", history[0].event.as_str(), stored.version);
            let jobs = [self.mail(id, &news)];
            let writes = Writes {
                runs: &runs,
                history: &history,
                jobs: &jobs,
            };
            if self.subscriptions.save(&next, writes).await? {
                return self.theirs(customer, id).await;
            }
        }
        Err(ManageError::Conflict(
            "this subscription is being changed elsewhere at this moment; please try again".into(),
        ))
    }

    /// The change on `s`, with the periods it decides and its history entry.
    fn apply(
        &self,
        s: &mut Subscription,
        change: &Change,
        plans: &[PlanType],
    ) -> Result<(Vec<Run>, HistoryEntry), ManageError> {
        let today = self.today();
        let t = &mut s.timeline;
        let decided = |period: u32, outcome: Outcome, schedule: &Schedule| Run {
            period,
            due: schedule.due_on(period),
            outcome,
            order: None,
            at: self.now,
        };
        Ok(match change {
            Change::Skip => {
                let schedule = t.schedule;
                let period = t.skip_next()?;
                let run = decided(period, Outcome::Skipped, &schedule);
                let entry = self.entry(Event::Skipped, run.due.to_string());
                (vec![run], entry)
            }
            Change::Pause(until) => {
                t.pause(*until, today)?;
                let detail = until.map(|d| d.to_string()).unwrap_or_default();
                (Vec::new(), self.entry(Event::Paused, detail))
            }
            Change::Resume => {
                let schedule = t.schedule;
                let passed = t.resume(today)?;
                let runs = passed
                    .into_iter()
                    .map(|p| decided(p, Outcome::Paused, &schedule))
                    .collect();
                (runs, self.entry(Event::Resumed, ""))
            }
            Change::Cancel => {
                t.cancel()?;
                (Vec::new(), self.entry(Event::Cancelled, ""))
            }
            Change::Interval(interval) => {
                t.change_interval(*interval, today)?;
                let entry = self.entry(Event::Changed, format!("interval:{}", interval.as_str()));
                (Vec::new(), entry)
            }
            Change::Quantity { line, quantity } => {
                if !t.status.is_open() {
                    return Err(ChangeRefused::Ended.into());
                }
                check_quantity(*quantity)?;
                let kept = s.lines.get_mut(*line).ok_or_else(|| {
                    ManageError::Refused(format!("line: there is no line {line}"))
                })?;
                kept.quantity = *quantity;
                let detail = format!("quantity:{line}:{quantity}");
                (Vec::new(), self.entry(Event::Changed, detail))
            }
            Change::Address(address) => {
                if !t.status.is_open() {
                    return Err(ChangeRefused::Ended.into());
                }
                s.address_id = *address;
                (Vec::new(), self.entry(Event::Changed, "address"))
            }
            Change::Card(card) => {
                if !t.status.is_open() {
                    return Err(ChangeRefused::Ended.into());
                }
                s.card_id = *card;
                // A new card ends the retries of the old one: the next look tries it.
                s.attempts = None;
                (Vec::new(), self.entry(Event::Changed, "card"))
            }
            Change::Plan(id) => {
                let Origin::Plan { plan_id } = s.origin else {
                    return Err(ManageError::Refused(
                        "plan_id: a recurring order has no plan to change".into(),
                    ));
                };
                let group = find_plan(plans, plan_id).map(|(g, _)| g);
                let plan = group
                    .and_then(|g| g.plans.iter().find(|p| p.id == *id))
                    .ok_or_else(|| {
                        ManageError::Refused(format!(
                            "plan_id: plan {id} is not one of this subscription's choices"
                        ))
                    })?;
                t.change_interval(plan.interval, today)?;
                t.deliveries_left = plan.deliveries;
                s.origin = Origin::Plan { plan_id: plan.id };
                for line in &mut s.lines {
                    line.agreed_price = Some(plan.price);
                }
                // A notice of the old plan's price rise no longer applies.
                s.notice = None;
                (
                    Vec::new(),
                    self.entry(Event::Changed, format!("plan:{}", plan.id)),
                )
            }
        })
    }
}

fn check_quantity(quantity: i64) -> Result<(), ManageError> {
    if (1..=MAX_QUANTITY).contains(&quantity) {
        Ok(())
    } else {
        Err(ManageError::Refused(format!(
            "quantity: must be 1 to {MAX_QUANTITY}"
        )))
    }
}

/// The first delivery of a plan started `today`: one interval later.
pub fn first_date(today: NaiveDate, interval: Interval) -> NaiveDate {
    let later = match interval {
        Interval::Weeks(w) => today.checked_add_days(Days::new(7 * u64::from(w))),
        Interval::Months(m) => today.checked_add_months(Months::new(m)),
    };
    later.unwrap_or(today)
}
