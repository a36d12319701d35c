//! `store payments reconcile --since TIME`: what the processor and the orders disagree
//! on, for the owner to act on (`orders::reconcile`).

use crate::orders_cli::line;
use std::fmt::Write;
use store_adapters::clock::utc_text;
use store_domain::clock::Timestamp;
use store_domain::money::Money;
use store_domain::orders::reconcile::{ReconcileError, reconcile};
use store_domain::orders::storage::Orders;
use store_domain::ports::PaymentGateway;

pub async fn run(
    gateway: &dyn PaymentGateway,
    orders: &dyn Orders,
    since: Timestamp,
) -> Result<String, ReconcileError> {
    let report = reconcile(gateway, orders, since).await?;
    let mut out = format!(
        "{} charges and {} orders since {} UTC\n",
        report.charges,
        report.orders,
        utc_text(since)
    );
    if report.charges_without_order.is_empty() && report.orders_without_charge.is_empty() {
        out.push_str("they agree: nothing to act on\n");
        return Ok(out);
    }
    if !report.charges_without_order.is_empty() {
        out.push_str(
            "\nmoney held or taken with no paid order (refund or void it at the processor, or find the order):\n",
        );
        for listed in &report.charges_without_order {
            let c = &listed.charge;
            let key = if listed.key.is_empty() {
                "(no order key)"
            } else {
                &listed.key
            };
            let _ = writeln!(
                out,
                "{}  {:<16}  {:?}  {} (refunded {})  made {}",
                c.id,
                key,
                c.state,
                Money::from_cents(c.amount),
                Money::from_cents(c.refunded),
                utc_text(listed.created)
            );
        }
    }
    if !report.orders_without_charge.is_empty() {
        out.push_str(
            "\npaid orders with no captured charge (check the processor; charge or cancel the order):\n",
        );
        for order in &report.orders_without_charge {
            out.push_str(&line(order));
        }
    }
    Ok(out)
}
