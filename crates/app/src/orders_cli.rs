//! `store orders` and `store jobs`: the owner lists orders, prints their packing slips
//! and moves them along (each move mailed to the shopper by the job runner), and sees
//! what jobs ran and are due.

use clap::Subcommand;
use std::fmt::Write;
use store_adapters::clock::utc_text;
use store_domain::accounts::AddressFields;
use store_domain::clock::Timestamp;
use store_domain::jobs::Jobs;
use store_domain::orders::links::OrderLinks;
use store_domain::orders::manage::{MoveError, move_order};
use store_domain::orders::model::{Delivery, Order, OrderStatus};
use store_domain::orders::number::OrderNumber;
use store_domain::orders::storage::Orders;
use store_domain::ports::StorageError;

#[derive(Debug, Subcommand)]
pub enum OrdersCommand {
    /// The newest orders, with status, total and e-mail.
    List {
        /// Only orders with this status: placed, paid, packed, shipped, delivered,
        /// cancelled or declined.
        #[arg(long, value_parser = parse_status)]
        status: Option<OrderStatus>,
        #[arg(long, default_value_t = 20)]
        limit: u32,
    },
    /// Print an order's packing slip to put in the parcel: what it holds, where it goes
    /// and, for an order with gift options, its gift receipt (no prices, the code with
    /// which the gift's recipient may return it).
    Slip {
        #[arg(value_parser = parse_number)]
        number: OrderNumber,
    },
    /// Move an order on: packed, shipped, delivered, or cancelled (refunded in full).
    Move {
        /// The order number, as the shopper quotes it (7KQ4-M2XD-9PRT).
        #[arg(value_parser = parse_number)]
        number: OrderNumber,
        #[arg(value_parser = parse_status)]
        status: OrderStatus,
    },
}

fn parse_status(raw: &str) -> Result<OrderStatus, String> {
    OrderStatus::parse(&raw.to_lowercase()).ok_or_else(|| {
        let known: Vec<&str> = OrderStatus::ALL.iter().map(|s| s.as_str()).collect();
        format!("a status is one of {}", known.join(", "))
    })
}

fn parse_number(raw: &str) -> Result<OrderNumber, String> {
    OrderNumber::parse(raw).map_err(|e| e.to_string())
}

#[derive(Debug, thiserror::Error)]
pub enum OrdersCliError {
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// One order, one line: number, status, total, delivery, placed, e-mail.
pub fn line(order: &Order) -> String {
    format!(
        "{}  {:<9}  {:>10}  {:<7}  {}  {}\n",
        order.number,
        order.status.as_str(),
        order.figures.total.to_string(),
        order.delivery.kind(),
        utc_text(order.placed_at),
        order.email
    )
}

pub async fn run(
    orders: &dyn Orders,
    links: &OrderLinks,
    command: &OrdersCommand,
    now: Timestamp,
) -> Result<String, OrdersCliError> {
    match command {
        OrdersCommand::List { status, limit } => {
            let found = orders.orders(*status, *limit).await?;
            if found.is_empty() {
                return Ok("no orders\n".to_owned());
            }
            Ok(found.iter().map(line).collect())
        }
        OrdersCommand::Slip { number } => {
            let order = orders
                .order(number)
                .await?
                .ok_or_else(|| OrdersCliError::Move(MoveError::NotFound(number.display())))?;
            Ok(slip(&order, links))
        }
        OrdersCommand::Move { number, status } => {
            let order = move_order(orders, links, number, *status, now).await?;
            Ok(format!(
                "moved; the shopper will be mailed\n{}",
                line(&order)
            ))
        }
    }
}

/// The packing slip: the order's number and date, where it goes, each line and how
/// many, and for an order with gift options the gift receipt, with no prices anywhere
/// (the slip travels in a gift's parcel).
pub fn slip(order: &Order, links: &OrderLinks) -> String {
    let mut out = format!(
        "Packing slip\nOrder {}, placed {}\n",
        order.number,
        utc_text(order.placed_at)
    );
    if let Delivery::Ship { address, .. } = &order.delivery {
        let _ = writeln!(out, "To: {}", address_line(address));
    }
    out.push('\n');
    for line in &order.lines {
        let _ = writeln!(out, "  {} × {}  ({})", line.quantity, line.title, line.sku);
    }
    if order.has_gift_receipt() {
        let _ = write!(
            out,
            "\nGift receipt\nOrder {}  Gift receipt code {}\n\
             To return this gift, visit the store's Gift Return page with the order number and this code.\n",
            order.number,
            links.gift_receipt_code(&order.number)
        );
    }
    out
}

/// An address on one line: name, street, city, postal code, country.
fn address_line(a: &AddressFields) -> String {
    [
        a.name.as_str(),
        a.line1.as_str(),
        a.line2.as_str(),
        a.city.as_str(),
        a.region.as_str(),
        a.postal_code.as_str(),
        a.country.as_str(),
    ]
    .into_iter()
    .filter(|part| !part.is_empty())
    .collect::<Vec<_>>()
    .join(", ")
}

/// `store jobs`: the newest jobs by due time, with their state.
pub async fn jobs(jobs: &dyn Jobs, limit: u32, now: Timestamp) -> Result<String, StorageError> {
    let listed = jobs.jobs(limit).await?;
    if listed.is_empty() {
        return Ok("no jobs\n".to_owned());
    }
    let mut out = String::new();
    for j in listed {
        let _ = writeln!(
            out,
            "{:>6}  {:<18}  {:<7}  due {}  runs {}  {}{}",
            j.job.id,
            j.job.kind.as_str(),
            j.state(now),
            utc_text(j.job.due_at),
            j.job.attempts + u32::from(j.done_at.is_some()),
            j.job.subject,
            j.last_error
                .map(|e| format!("  last error: {e}"))
                .unwrap_or_default()
        );
    }
    Ok(out)
}
