//! Subscriptions, on either engine (compiled into `sqlite` and `postgres`, see
//! `README.md`): each write is one shared write (`crate::tx`). A save is an `UPDATE … WHERE id = $1 AND version = $2`: a write made on a
//! stale reading changes no row and is refused whole. A run's period is the primary
//! key of `subscription_runs`, so a period decided twice is refused by the database
//! even if two writers read the same version (docs/decisions.md, "Subscriptions").

use super::jobs::enqueue_in;
use super::{Store, corrupt, limit, storage};
use crate::clock::{parse_utc_text, utc_text};
use crate::rows::row;
use crate::tx::{DbError, Tx, args};
use async_trait::async_trait;
use chrono::NaiveDate;
use store_domain::bag::LineType;
use store_domain::clock::Timestamp;
use store_domain::input::Email;
use store_domain::language::Language;
use store_domain::money::Money;
use store_domain::orders::number::OrderNumber;
use store_domain::ports::StorageError;
use store_domain::subscriptions::model::{
    Attempts, Event, HistoryEntry, Origin, Plan, PriceNotice, Run, Subscription, SubscriptionLine,
};
use store_domain::subscriptions::plans::{PlanGroup, PlanType};
use store_domain::subscriptions::schedule::{Interval, Outcome, Schedule, Status, Timeline};
use store_domain::subscriptions::storage::{Subscriptions, Writes};

row! {
    struct SubscriptionRow {
        id: i64,
        customer_id: i64,
        plan_id: Option<i64>,
        source_order: Option<String>,
        address_id: i64,
        card_id: i64,
        shipping_method: i64,
        email: String,
        language: String,
        anchor: String,
        anchor_period: i64,
        interval: String,
        next_period: i64,
        status: String,
        resume_on: Option<String>,
        deliveries_left: Option<i64>,
        notice_price: Option<i64>,
        notice_mailed_on: Option<String>,
        attempt_period: Option<i64>,
        attempt_declines: Option<i64>,
        attempt_first_try: Option<String>,
        reminded_period: Option<i64>,
        charging_period: Option<i64>,
        next_look: i64,
        created_at: String,
        version: i64,
    }
}

/// `SELECT` of a subscription's row, then `$tail`: one literal, as sqlx takes only
/// literals unchecked.
macro_rules! select_subscriptions {
    ($tail:literal) => {
        concat!(
            "SELECT id, customer_id, plan_id, source_order, address_id, card_id,
                 shipping_method, email, language, anchor, anchor_period, interval, next_period,
                 status, resume_on, deliveries_left, notice_price, notice_mailed_on,
                 attempt_period, attempt_declines, attempt_first_try, reminded_period,
                 charging_period, next_look, created_at, version
             FROM subscriptions ",
            $tail
        )
    };
}

fn date_text(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

fn parse_date(text: &str) -> Result<NaiveDate, StorageError> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| corrupt("subscription date"))
}

fn period(raw: i64) -> Result<u32, StorageError> {
    u32::try_from(raw).map_err(|_| corrupt("subscription period"))
}

/// The subscription's columns in `SubscriptionRow`'s order from `customer_id` on.
struct Columns {
    plan_id: Option<i64>,
    source_order: Option<String>,
    anchor: String,
    interval: &'static str,
    status: &'static str,
    resume_on: Option<String>,
    notice_mailed_on: Option<String>,
    attempt_first_try: Option<String>,
}

impl Columns {
    fn of(s: &Subscription) -> Columns {
        let (plan_id, source_order) = match &s.origin {
            Origin::Plan { plan_id } => (Some(*plan_id), None),
            Origin::Recurring { order } => (None, Some(order.as_str().to_owned())),
        };
        let t = &s.timeline;
        Columns {
            plan_id,
            source_order,
            anchor: date_text(t.schedule.anchor),
            interval: t.schedule.interval.as_str(),
            status: t.status.as_str(),
            resume_on: t.resume_on.map(date_text),
            notice_mailed_on: s.notice.map(|n| date_text(n.mailed_on)),
            attempt_first_try: s.attempts.map(|a| date_text(a.first_try)),
        }
    }
}

row! {
    struct Id {
        id: i64,
    }
}

async fn write_lines(tx: &mut impl Tx, id: i64, lines: &[SubscriptionLine]) -> Result<(), DbError> {
    for (position, line) in (0_i64..).zip(lines) {
        tx.execute(
            "INSERT INTO subscription_lines (subscription_id, position, line_type, item_id,
                 item_key, quantity, agreed_price)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            args![
                id,
                position,
                line.line_type.as_str(),
                line.item_id,
                &line.item_key,
                line.quantity,
                line.agreed_price.map(Money::cents),
            ],
        )
        .await?;
    }
    Ok(())
}

async fn write_children(
    tx: &mut impl Tx,
    id: i64,
    writes: &Writes<'_>,
    at: Timestamp,
) -> Result<(), Stop> {
    for run in writes.runs {
        tx.execute(
            "INSERT INTO subscription_runs (subscription_id, period, due_on, outcome,
                 order_number, at)
             VALUES ($1, $2, $3, $4, $5, $6)",
            args![
                id,
                run.period,
                date_text(run.due).as_str(),
                run.outcome.as_str(),
                run.order.as_ref().map(OrderNumber::as_str),
                utc_text(run.at).as_str(),
            ],
        )
        .await?;
    }
    for entry in writes.history {
        tx.execute(
            "INSERT INTO subscription_history (subscription_id, at, event, detail)
             VALUES ($1, $2, $3, $4)",
            args![
                id,
                utc_text(entry.at).as_str(),
                entry.event.as_str(),
                &entry.detail
            ],
        )
        .await?;
    }
    enqueue_in(tx, writes.jobs, at).await?;
    Ok(())
}

/// Why a save stopped inside its transaction.
enum Stop {
    /// Another write came first, or decided one of the runs: nothing is written.
    Stale,
    Failed(StorageError),
}

impl From<DbError> for Stop {
    fn from(e: DbError) -> Self {
        // The period decided already, or its order already paying for a period.
        if e.is_primary_key("subscription_runs", &["subscription_id", "period"])
            || e.is_unique("subscription_runs", &["order_number"])
        {
            Stop::Stale
        } else {
            Stop::Failed(e.into())
        }
    }
}

impl From<StorageError> for Stop {
    fn from(e: StorageError) -> Self {
        Stop::Failed(e)
    }
}

impl Store {
    async fn whole_subscriptions(
        &self,
        rows: Vec<SubscriptionRow>,
    ) -> Result<Vec<Subscription>, StorageError> {
        let mut whole = Vec::with_capacity(rows.len());
        for row in rows {
            let lines: Vec<(String, i64, String, i64, Option<i64>)> = sqlx::query_as(
                "SELECT line_type, item_id, item_key, quantity, agreed_price
                 FROM subscription_lines WHERE subscription_id = $1 ORDER BY position",
            )
            .bind(row.id)
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
            whole.push(subscription(row, lines)?);
        }
        Ok(whole)
    }
}

fn subscription(
    row: SubscriptionRow,
    lines: Vec<(String, i64, String, i64, Option<i64>)>,
) -> Result<Subscription, StorageError> {
    let origin = match (row.plan_id, row.source_order) {
        (Some(plan_id), None) => Origin::Plan { plan_id },
        (None, Some(order)) => Origin::Recurring {
            order: OrderNumber::parse(&order).map_err(|_| corrupt("subscription's order"))?,
        },
        _ => return Err(corrupt("subscription origin")),
    };
    let schedule = Schedule {
        anchor: parse_date(&row.anchor)?,
        from: period(row.anchor_period)?,
        interval: Interval::parse(&row.interval).ok_or_else(|| corrupt("interval"))?,
    };
    let attempts = match (
        row.attempt_period,
        row.attempt_declines,
        row.attempt_first_try,
    ) {
        (Some(p), Some(declines), Some(first)) => Some(Attempts {
            period: period(p)?,
            declines: u32::try_from(declines).map_err(|_| corrupt("declines"))?,
            first_try: parse_date(&first)?,
        }),
        _ => None,
    };
    let notice = match (row.notice_price, row.notice_mailed_on) {
        (Some(price), Some(on)) => Some(PriceNotice {
            price: Money::from_cents(price),
            mailed_on: parse_date(&on)?,
        }),
        _ => None,
    };
    Ok(Subscription {
        id: row.id,
        customer_id: row.customer_id,
        origin,
        lines: lines
            .into_iter()
            .map(|(line_type, item_id, item_key, quantity, agreed)| {
                Ok(SubscriptionLine {
                    line_type: LineType::parse(&line_type).ok_or_else(|| corrupt("line type"))?,
                    item_id,
                    item_key,
                    quantity,
                    agreed_price: agreed.map(Money::from_cents),
                })
            })
            .collect::<Result<_, StorageError>>()?,
        address_id: row.address_id,
        card_id: row.card_id,
        shipping_method: u32::try_from(row.shipping_method)
            .map_err(|_| corrupt("shipping method"))?,
        email: Email::parse(&row.email).map_err(|_| corrupt("subscription e-mail"))?,
        language: Language::parse(&row.language).ok_or_else(|| corrupt("language"))?,
        timeline: Timeline {
            schedule,
            next: period(row.next_period)?,
            status: Status::parse(&row.status).ok_or_else(|| corrupt("subscription status"))?,
            resume_on: row.resume_on.as_deref().map(parse_date).transpose()?,
            deliveries_left: row
                .deliveries_left
                .map(|d| u32::try_from(d).map_err(|_| corrupt("deliveries left")))
                .transpose()?,
        },
        notice,
        attempts,
        reminded: row.reminded_period.map(period).transpose()?,
        charging: row.charging_period.map(period).transpose()?,
        next_look: Timestamp::from_unix_seconds(row.next_look),
        created_at: parse_utc_text(&row.created_at).ok_or_else(|| corrupt("created at"))?,
        version: row.version,
    })
}

#[async_trait]
impl Subscriptions for Store {
    async fn create(
        &self,
        s: &Subscription,
        writes: Writes<'_>,
    ) -> Result<Subscription, StorageError> {
        let (new, runs, history, jobs) = (
            s.clone(),
            writes.runs.to_vec(),
            writes.history.to_vec(),
            writes.jobs.to_vec(),
        );
        let id = write_tx!(self, |tx| async move {
            let c = Columns::of(&new);
            let t = &new.timeline;
            let id = tx
                .fetch_optional::<Id>(
                    "INSERT INTO subscriptions (customer_id, plan_id, source_order,
                         address_id, card_id, shipping_method, email, language, anchor,
                         anchor_period, interval, next_period, status, resume_on,
                         deliveries_left, notice_price, notice_mailed_on, attempt_period,
                         attempt_declines, attempt_first_try, reminded_period,
                         charging_period, next_look, created_at, version)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                         $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, 1)
                     RETURNING id",
                    args![
                        new.customer_id,
                        c.plan_id,
                        &c.source_order,
                        new.address_id,
                        new.card_id,
                        new.shipping_method,
                        new.email.as_str(),
                        new.language.as_str(),
                        &c.anchor,
                        t.schedule.from,
                        c.interval,
                        t.next,
                        c.status,
                        &c.resume_on,
                        t.deliveries_left,
                        new.notice.map(|n| n.price.cents()),
                        &c.notice_mailed_on,
                        new.attempts.map(|a| a.period),
                        new.attempts.map(|a| a.declines),
                        &c.attempt_first_try,
                        new.reminded,
                        new.charging,
                        new.next_look.unix_seconds(),
                        utc_text(new.created_at).as_str(),
                    ],
                )
                .await?
                .ok_or_else(|| {
                    StorageError::Storage("a subscription was written and not numbered".into())
                })?
                .id;
            write_lines(tx, id, &new.lines).await?;
            let writes = Writes {
                runs: &runs,
                history: &history,
                jobs: &jobs,
            };
            write_children(tx, id, &writes, new.created_at)
                .await
                .map_err(|stop| match stop {
                    Stop::Failed(e) => e,
                    // A new subscription's runs are its own: nothing came first.
                    Stop::Stale => {
                        StorageError::Storage("a new subscription's run was written twice".into())
                    }
                })?;
            Ok::<_, StorageError>(id)
        })?;
        self.subscription(id)
            .await?
            .ok_or_else(|| StorageError::Storage("a created subscription is gone".into()))
    }

    async fn subscription(&self, id: i64) -> Result<Option<Subscription>, StorageError> {
        let row = sqlx::query_as(select_subscriptions!("WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(storage)?;
        Ok(self
            .whole_subscriptions(row.into_iter().collect())
            .await?
            .pop())
    }

    async fn customer_subscriptions(
        &self,
        customer: i64,
    ) -> Result<Vec<Subscription>, StorageError> {
        let rows = sqlx::query_as(select_subscriptions!(
            "WHERE customer_id = $1 ORDER BY id DESC"
        ))
        .bind(customer)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        self.whole_subscriptions(rows).await
    }

    async fn save(&self, s: &Subscription, writes: Writes<'_>) -> Result<bool, StorageError> {
        let (changed, runs, history, jobs) = (
            s.clone(),
            writes.runs.to_vec(),
            writes.history.to_vec(),
            writes.jobs.to_vec(),
        );
        let at = history
            .last()
            .map(|h| h.at)
            .or(runs.last().map(|r| r.at))
            .unwrap_or(changed.next_look);
        let saved = write_tx!(self, |tx| async move {
            let c = Columns::of(&changed);
            let t = &changed.timeline;
            let moved = tx
                .execute(
                    "UPDATE subscriptions SET address_id = $1, card_id = $2,
                         shipping_method = $3, anchor = $4, anchor_period = $5,
                         interval = $6, next_period = $7, status = $8, resume_on = $9,
                         deliveries_left = $10, notice_price = $11, notice_mailed_on = $12,
                         attempt_period = $13, attempt_declines = $14,
                         attempt_first_try = $15, reminded_period = $16,
                         charging_period = $17, next_look = $18, version = version + 1
                     WHERE id = $19 AND version = $20",
                    args![
                        changed.address_id,
                        changed.card_id,
                        changed.shipping_method,
                        &c.anchor,
                        t.schedule.from,
                        c.interval,
                        t.next,
                        c.status,
                        &c.resume_on,
                        t.deliveries_left,
                        changed.notice.map(|n| n.price.cents()),
                        &c.notice_mailed_on,
                        changed.attempts.map(|a| a.period),
                        changed.attempts.map(|a| a.declines),
                        &c.attempt_first_try,
                        changed.reminded,
                        changed.charging,
                        changed.next_look.unix_seconds(),
                        changed.id,
                        changed.version,
                    ],
                )
                .await?;
            if moved == 0 {
                return Err(Stop::Stale);
            }
            // Quantities change with the subscription: its lines are written again.
            tx.execute(
                "DELETE FROM subscription_lines WHERE subscription_id = $1",
                args![changed.id],
            )
            .await?;
            write_lines(tx, changed.id, &changed.lines).await?;
            let writes = Writes {
                runs: &runs,
                history: &history,
                jobs: &jobs,
            };
            write_children(tx, changed.id, &writes, at).await?;
            Ok(())
        });
        match saved {
            Ok(()) => Ok(true),
            Err(Stop::Stale) => Ok(false),
            Err(Stop::Failed(e)) => Err(e),
        }
    }

    async fn due(&self, now: Timestamp, limit_to: u32) -> Result<Vec<Subscription>, StorageError> {
        let rows = sqlx::query_as(select_subscriptions!(
            "WHERE status IN ('active', 'paused') AND next_look <= $1
             ORDER BY next_look, id LIMIT $2"
        ))
        .bind(now.unix_seconds())
        .bind(limit(limit_to))
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        self.whole_subscriptions(rows).await
    }

    async fn all(&self, limit_to: u32) -> Result<Vec<Subscription>, StorageError> {
        let rows = sqlx::query_as(select_subscriptions!("ORDER BY id DESC LIMIT $1"))
            .bind(limit(limit_to))
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
        self.whole_subscriptions(rows).await
    }

    async fn runs(&self, id: i64) -> Result<Vec<Run>, StorageError> {
        let rows: Vec<(i64, String, String, Option<String>, String)> = sqlx::query_as(
            "SELECT period, due_on, outcome, order_number, at FROM subscription_runs
             WHERE subscription_id = $1 ORDER BY period",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter()
            .map(|(p, due, outcome, order, at)| {
                Ok(Run {
                    period: period(p)?,
                    due: parse_date(&due)?,
                    outcome: Outcome::parse(&outcome).ok_or_else(|| corrupt("run outcome"))?,
                    order: order
                        .map(|o| OrderNumber::parse(&o).map_err(|_| corrupt("run's order")))
                        .transpose()?,
                    at: parse_utc_text(&at).ok_or_else(|| corrupt("run time"))?,
                })
            })
            .collect()
    }

    async fn history(&self, id: i64) -> Result<Vec<HistoryEntry>, StorageError> {
        let rows: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT at, event, detail FROM subscription_history
             WHERE subscription_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter()
            .map(|(at, event, detail)| {
                Ok(HistoryEntry {
                    at: parse_utc_text(&at).ok_or_else(|| corrupt("history time"))?,
                    event: Event::parse(&event).ok_or_else(|| corrupt("history event"))?,
                    detail,
                })
            })
            .collect()
    }

    async fn plans(&self) -> Result<Vec<PlanType>, StorageError> {
        let types: Vec<(i64, String, String, String)> = sqlx::query_as(
            "SELECT id, slug, name, heb_name FROM subscription_types ORDER BY position, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        type GroupRow = (i64, i64, String, String, String, String, String);
        let groups: Vec<GroupRow> = sqlx::query_as(
            "SELECT id, type_id, slug, name, heb_name, description, heb_description
             FROM subscription_groups ORDER BY position, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        let plans: Vec<(i64, i64, i64, String, i64, Option<i64>)> = sqlx::query_as(
            "SELECT id, group_id, product_id, interval, price, deliveries
             FROM subscription_plans ORDER BY group_id, position, id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        let plan_of = |(id, _, product_id, interval, price, deliveries): &(
            i64,
            i64,
            i64,
            String,
            i64,
            Option<i64>,
        )| {
            Ok(Plan {
                id: *id,
                product_id: *product_id,
                interval: Interval::parse(interval).ok_or_else(|| corrupt("plan interval"))?,
                price: Money::from_cents(*price),
                deliveries: deliveries
                    .map(u32::try_from)
                    .transpose()
                    .map_err(|_| corrupt("plan deliveries"))?,
            })
        };
        types
            .into_iter()
            .map(|(type_id, slug, name, heb_name)| {
                let groups = groups
                    .iter()
                    .filter(|g| g.1 == type_id)
                    .map(|g| {
                        Ok(PlanGroup {
                            id: g.0,
                            slug: g.2.clone(),
                            name: g.3.clone(),
                            heb_name: g.4.clone(),
                            description: g.5.clone(),
                            heb_description: g.6.clone(),
                            plans: plans
                                .iter()
                                .filter(|p| p.1 == g.0)
                                .map(plan_of)
                                .collect::<Result<_, StorageError>>()?,
                        })
                    })
                    .collect::<Result<_, StorageError>>()?;
                Ok(PlanType {
                    id: type_id,
                    slug,
                    name,
                    heb_name,
                    groups,
                })
            })
            .collect()
    }

    async fn set_plan_price(&self, id: i64, price: Money) -> Result<bool, StorageError> {
        let done = sqlx::query("UPDATE subscription_plans SET price = $2 WHERE id = $1")
            .bind(id)
            .bind(price.cents())
            .execute(&mut *self.writer().await.map_err(storage)?)
            .await
            .map_err(storage)?;
        Ok(done.rows_affected() == 1)
    }
}
