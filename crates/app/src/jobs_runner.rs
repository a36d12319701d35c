//! The job runner: a background task that claims due jobs from the job table and runs
//! them (order, return and subscription mails, refunds of cancelled orders and of
//! returns, the sweep of unfinished orders, the subscription scheduler), and the sweep
//! itself, which start-up also runs before serving anyone.

use crate::ordering::place_context;
use crate::state::AppState;
use std::time::Duration;
use store_domain::bag::ItemRef;
use store_domain::clock::Timestamp;
use store_domain::jobs::{Job, JobKind, NewJob, next_on_grid, retry_at};
use store_domain::orders::e_gift;
use store_domain::orders::mail::{self, MailContext};
use store_domain::orders::manage::refund_cancelled;
use store_domain::orders::model::{Order, OrderStatus};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::place::{Payments, SweepReport, sweep_unfinished};
use store_domain::ports::{Mail, StorageError};
use store_domain::returns;
use store_domain::returns::mail::ReturnMailContext;
use store_domain::returns::model::{ReturnNumber, ReturnStatus};
use store_domain::subscriptions::mail::{News, SubscriptionMailContext, news_mail};
use store_domain::subscriptions::scheduler::{self, RunReport, Scheduler};

/// Jobs one pass claims.
const BATCH: u32 = 20;
/// The sweep's subject: there is one sweep, whatever it finds. The subscription
/// scheduler's job is named the same way.
const SWEEP: &str = "all";
/// Subscriptions one run of the scheduler takes; the rest wait for the next run.
const SUBSCRIPTION_BATCH: u32 = 500;

/// Finishes or releases every order whose placement stopped half-way.
pub async fn sweep(state: &AppState) -> Result<SweepReport, StorageError> {
    let payments = Payments {
        orders: state.orders.records.as_ref(),
        gateway: state.checkout.gateway.as_ref(),
        links: &state.orders.links,
        now: state.clock.now(),
    };
    sweep_unfinished(&payments, state.orders.config.abandon_after).await
}

/// The page a mail links to: the order's status page with its signed token.
pub fn order_url(state: &AppState, number: &OrderNumber) -> String {
    format!(
        "{}/orders/guest/{}/status?token={}",
        state.store.public_url,
        number.display(),
        state.orders.links.token(number)
    )
}

/// The return's page a mail links to, signed with its order's token.
pub fn return_url(state: &AppState, number: &ReturnNumber) -> String {
    format!(
        "{}/return-confirmation/{}?token={}",
        state.store.public_url,
        number.display(),
        state.orders.links.token(&number.order)
    )
}

/// The return's printable prepaid label, signed the same way.
pub fn label_url(state: &AppState, number: &ReturnNumber) -> String {
    format!(
        "{}/return-label/{}?token={}",
        state.store.public_url,
        number.display(),
        state.orders.links.token(&number.order)
    )
}

/// A gift's label, opened by the gift receipt's code instead of the order's token.
pub fn gift_label_url(state: &AppState, number: &ReturnNumber, code: &str) -> String {
    format!(
        "{}/return-label/{}?code={code}",
        state.store.public_url,
        number.display()
    )
}

/// Runs the subscriptions due now through the order service.
pub async fn run_subscriptions(state: &AppState) -> Result<RunReport, StorageError> {
    let scheduler = Scheduler {
        place: place_context(state),
        subscriptions: state.orders.subscriptions.as_ref(),
    };
    scheduler::run_due(&scheduler, SUBSCRIPTION_BATCH).await
}

/// Queues a run of the subscription scheduler, due now: the server does every
/// `orders.subscriptions_every_minutes` (`store jobs --run --at TIME` runs it at TIME
/// directly). A run at any moment charges what is due by then.
pub async fn queue_scheduler(state: &AppState) -> Result<(), StorageError> {
    let now = state.clock.now();
    let run = NewJob {
        kind: JobKind::DueSubscriptions,
        subject: SWEEP.to_owned(),
        due_at: now,
    };
    state.orders.jobs.enqueue(&[run], now).await
}

/// The subscription's page in the account, which its mails link to.
pub fn subscription_url(state: &AppState, id: i64) -> String {
    format!(
        "{}/account/subscriptions-update/{id}",
        state.store.public_url
    )
}

/// Mails the subscription news a job's subject names (`{id}:{news}`).
/// Sends a job's mail; a failure is the job's error, retried as the job is.
async fn send(state: &AppState, mail: &Mail) -> Result<(), String> {
    state
        .messages
        .mailer
        .send(mail)
        .await
        .map_err(|e| e.to_string())
}

async fn mail_subscription(state: &AppState, subject: &str) -> Result<(), String> {
    let unreadable = || format!("job subject {subject:?} names no subscription news");
    let (id, news) = subject.split_once(':').ok_or_else(unreadable)?;
    let id: i64 = id.parse().map_err(|_| unreadable())?;
    let news = News::parse(news).ok_or_else(unreadable)?;
    let subscription = state
        .orders
        .subscriptions
        .subscription(id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no subscription {id}"))?;
    let refs: Vec<ItemRef> = subscription
        .lines
        .iter()
        .map(|l| ItemRef::of(l.line_type, l.item_id))
        .collect();
    let offers = state
        .catalogue
        .catalog
        .offers(&refs)
        .await
        .map_err(|e| e.to_string())?;
    let items: Vec<String> = subscription
        .lines
        .iter()
        .zip(&refs)
        .map(|(line, item)| {
            let title = offers.iter().find(|o| o.item == *item).map_or("", |o| {
                subscription.language.pick(&o.title, o.heb_title.as_deref())
            });
            format!("{} × {title}", line.quantity)
        })
        .collect();
    let url = subscription_url(state, id);
    let ctx = SubscriptionMailContext {
        store_name: &state.store.name,
        manage_url: &url,
        items: &items,
        next_delivery: subscription.timeline.next_delivery(),
    };
    let mail = news_mail(&subscription, news, &ctx);
    send(state, &mail).await
}

fn return_number(subject: &str) -> Result<ReturnNumber, String> {
    let raw = subject.split(':').next().unwrap_or_default();
    ReturnNumber::parse(raw).map_err(|e| format!("job subject {subject:?}: {e}"))
}

/// Mails the news of the return a job's subject names (`{number}:{status}`).
async fn mail_return(state: &AppState, subject: &str) -> Result<(), String> {
    let number = return_number(subject)?;
    let ret = state
        .orders
        .returns
        .get(&number)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no return {number}"))?;
    let order = state
        .orders
        .records
        .order(&number.order)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no order {}", number.order))?;
    // A gift's recipient may not open the order: their label opens with the gift
    // receipt's code, and they get no link to the return's page.
    let (return_url, label_url) = if ret.gift {
        let code = state.orders.links.gift_receipt_code(&number.order);
        (None, gift_label_url(state, &number, &code))
    } else {
        (Some(return_url(state, &number)), label_url(state, &number))
    };
    let credit = returns::service::store_credit(&ret, &state.orders.links).map(|(_, code)| code);
    let ctx = ReturnMailContext {
        store_name: &state.store.name,
        return_url: return_url.as_deref(),
        label_url: &label_url,
        drop_off: order
            .language
            .pick(&state.store.address, Some(&state.store.heb_address)),
        credit_code: credit.as_deref(),
    };
    let news = subject.rsplit(':').next().unwrap_or_default();
    let mail = if news == returns::service::GIFT_BUYER {
        Ok(returns::mail::gift_returned(&order, &ctx))
    } else {
        match ReturnStatus::parse(news) {
            Some(ReturnStatus::Requested) => returns::mail::requested(&order, &ret, &ctx),
            Some(ReturnStatus::Refunded) => returns::mail::refunded(&order, &ret, &ctx),
            Some(ReturnStatus::Rejected) => returns::mail::rejected(&order, &ret, &ctx),
            _ => Err(format!("job subject {subject:?} names no return mail")),
        }
    }?;
    send(state, &mail).await
}

fn number(subject: &str) -> Result<OrderNumber, String> {
    let raw = subject.split(':').next().unwrap_or_default();
    OrderNumber::parse(raw).map_err(|e| format!("job subject {subject:?}: {e}"))
}

/// The order a job's subject names (its number comes first).
async fn subject_order(state: &AppState, subject: &str) -> Result<Order, String> {
    let number = number(subject)?;
    state
        .orders
        .records
        .order(&number)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no order {number}"))
}

async fn mail_order(state: &AppState, subject: &str, confirmation: bool) -> Result<(), String> {
    let order = subject_order(state, subject).await?;
    let url = order_url(state, &order.number);
    let ctx = MailContext {
        store_name: &state.store.name,
        order_url: &url,
    };
    let mail = if confirmation {
        mail::confirmation(&order, &ctx)
    } else {
        mail::status_change(&order, &ctx)
    };
    send(state, &mail).await
}

/// Mails the e-gift card a delivery job names.
/// A cancelled order's cards were taken back: none is mailed.
async fn deliver_e_gift(state: &AppState, subject: &str) -> Result<(), String> {
    let order = subject_order(state, subject).await?;
    if order.status == OrderStatus::Cancelled {
        tracing::info!(subject, "e-gift delivery skipped: its order was cancelled");
        return Ok(());
    }
    let mail = e_gift::delivery_mail(
        &order,
        subject,
        &state.orders.links,
        &state.store.name,
        &state.store.public_url,
    )?;
    send(state, &mail).await
}

async fn run(state: &AppState, job: &Job) -> Result<(), String> {
    match job.kind {
        JobKind::EGiftDelivery => deliver_e_gift(state, &job.subject).await,
        JobKind::OrderConfirmation => mail_order(state, &job.subject, true).await,
        JobKind::OrderStatusMail => mail_order(state, &job.subject, false).await,
        JobKind::ReturnMail => mail_return(state, &job.subject).await,
        JobKind::RefundReturn => {
            let number = return_number(&job.subject)?;
            returns::service::refund(
                state.orders.returns.as_ref(),
                state.orders.records.as_ref(),
                state.checkout.gateway.as_ref(),
                &number,
                state.clock.now(),
            )
            .await
        }
        JobKind::RefundOrder => {
            let number = number(&job.subject)?;
            refund_cancelled(
                state.orders.records.as_ref(),
                state.checkout.gateway.as_ref(),
                &number,
            )
            .await
        }
        JobKind::SubscriptionMail => mail_subscription(state, &job.subject).await,
        JobKind::DueSubscriptions => {
            let report = run_subscriptions(state).await.map_err(|e| e.to_string())?;
            if report != RunReport::default() {
                tracing::info!(?report, "subscription deliveries run");
            }
            Ok(())
        }
        JobKind::UnfinishedOrders => {
            sweep(state).await.map_err(|e| e.to_string())?;
            let now = state.clock.now();
            state
                .orders
                .jobs
                .enqueue(&[next_sweep(state, now)], now)
                .await
                .map_err(|e| e.to_string())
        }
    }
}

/// The sweep's first run after `now`, on one grid for every instance and every start
/// (whole periods since the Unix epoch), named by its due time: each time is queued
/// once however many instances start, restart or finish a sweep, so restarts do not
/// add sweeps, and a runner back after a gap skips the times it missed.
fn next_sweep(state: &AppState, now: Timestamp) -> NewJob {
    NewJob {
        kind: JobKind::UnfinishedOrders,
        subject: SWEEP.to_owned(),
        due_at: next_on_grid(
            Timestamp::from_unix_seconds(0),
            state.orders.config.sweep_every,
            now,
        ),
    }
}

/// Claims and runs the jobs due now: how many ran. The batch's jobs run side by
/// side: each is its own order's mail, card or refund, and under load each waits its
/// turn for the database's writer, so one after another a batch of twenty waited
/// twenty turns (about 14 mails a second while 370 orders a second came in).
pub async fn run_due(state: &AppState) -> Result<usize, StorageError> {
    let jobs = state
        .orders
        .jobs
        .claim_due(state.clock.now(), BATCH)
        .await?;
    let count = jobs.len();
    let mut running = tokio::task::JoinSet::new();
    for job in jobs {
        let state = state.clone();
        running.spawn(async move { settle(&state, &job).await });
    }
    // Every job is seen to its end before an error is answered: one stopped half-way
    // would be run again when its claim expires.
    let mut outcome = Ok(count);
    while let Some(finished) = running.join_next().await {
        let settled = finished
            .map_err(|e| StorageError::Storage(format!("a job stopped: {e}")))
            .and_then(|settled| settled);
        if let Err(e) = settled
            && outcome.is_ok()
        {
            outcome = Err(e);
        }
    }
    outcome
}

/// Runs `job` and records how it went.
async fn settle(state: &AppState, job: &Job) -> Result<(), StorageError> {
    let ran = run(state, job).await;
    state.metrics.job_ran(job.kind, ran.is_err());
    match ran {
        Ok(()) => state.orders.jobs.done(job.id, state.clock.now()).await,
        Err(error) => {
            tracing::warn!(job = job.id, kind = job.kind.as_str(), %error, "a job failed; it will be tried again");
            let again = retry_at(state.clock.now(), job.attempts);
            state.orders.jobs.failed(job.id, &error, again).await
        }
    }
}

/// Claims and runs batches until nothing is due, the jobs that jobs queue (an order's
/// mail after a subscription's delivery) included: how many ran. A job that fails is
/// due again only later, so this ends.
pub async fn run_all_due(state: &AppState) -> Result<usize, StorageError> {
    let mut total = 0;
    loop {
        let ran = run_due(state).await?;
        total += ran;
        if ran == 0 {
            return Ok(total);
        }
    }
}

/// Runs due jobs every `poll` until aborted; queues the first periodic sweep, and the
/// subscription scheduler every `orders.subscriptions_every_minutes`.
pub fn spawn(state: AppState, poll: Duration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let now = state.clock.now();
        if let Err(e) = state
            .orders
            .jobs
            .enqueue(&[next_sweep(&state, now)], now)
            .await
        {
            tracing::warn!(error = %e, "could not queue the sweep of unfinished orders");
        }
        // The subscription scheduler is queued now, then every so often.
        let mut scheduled: Option<std::time::Instant> = None;
        loop {
            let every = state.orders.config.subscriptions_every;
            if scheduled.is_none_or(|at| at.elapsed() >= every) {
                match queue_scheduler(&state).await {
                    Ok(()) => scheduled = Some(std::time::Instant::now()),
                    Err(e) => {
                        tracing::warn!(error = %e, "could not queue the subscription scheduler")
                    }
                }
            }
            match run_due(&state).await {
                // A full batch: more may be due at once.
                Ok(ran) if ran == BATCH as usize => continue,
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "the job runner could not reach the database"),
            }
            tokio::time::sleep(poll).await;
        }
    })
}
