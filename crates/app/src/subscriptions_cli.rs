//! `store subscriptions`: the owner's list of subscriptions and recurring orders, each
//! with where it stands and when the scheduler next looks at it; and a plan's new price.

use std::fmt::Write;
use store_adapters::clock::utc_text;
use store_domain::money::Money;
use store_domain::ports::StorageError;
use store_domain::subscriptions::model::Origin;
use store_domain::subscriptions::price_notice::PRICE_NOTICE_DAYS;
use store_domain::subscriptions::storage::Subscriptions;

/// The newest `limit` subscriptions, one a line.
pub async fn list(subscriptions: &dyn Subscriptions, limit: u32) -> Result<String, StorageError> {
    let all = subscriptions.all(limit).await?;
    if all.is_empty() {
        return Ok("no subscriptions\n".to_owned());
    }
    let mut out = String::new();
    for s in all {
        let origin = match &s.origin {
            Origin::Plan { plan_id } => format!("plan {plan_id}"),
            Origin::Recurring { order } => format!("repeats {order}"),
        };
        let next = s
            .timeline
            .next_delivery()
            .map_or_else(|| "none".to_owned(), |d| d.to_string());
        let _ = writeln!(
            out,
            "{:>6}  {:<9}  every {:<2}  next delivery {:<10}  next run {} UTC  {}  {} lines  {}",
            s.id,
            s.timeline.status.as_str(),
            s.timeline.schedule.interval.as_str(),
            next,
            utc_text(s.next_look),
            s.email.as_str(),
            s.lines.len(),
            origin,
        );
    }
    Ok(out)
}

/// Sets plan `plan`'s price per delivery to `cents`: what it says, or why not.
pub async fn set_price(
    subscriptions: &dyn Subscriptions,
    plan: i64,
    cents: i64,
) -> Result<String, StorageError> {
    if cents <= 0 {
        return Ok(format!(
            "a plan's price must be above 0 cents, not {cents}\n"
        ));
    }
    let price = Money::from_cents(cents);
    Ok(if subscriptions.set_plan_price(plan, price).await? {
        format!(
            "plan {plan} now costs {price} per delivery; its subscribers pay a fall from their next delivery, and a rise only after a mail and {PRICE_NOTICE_DAYS} days\n"
        )
    } else {
        format!("there is no plan {plan}\n")
    })
}
