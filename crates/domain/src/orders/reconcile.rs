//! The owner's reconciliation (`store payments reconcile --since TIME`): the charges
//! the processor holds money for with no paid order, and the paid orders with no
//! captured charge. The order path writes the order before it asks for a charge and
//! the start-up sweep finishes what stopped half-way, so neither list should ever have
//! a line; one that does is for the owner to act on at the processor.

use super::model::{Order, OrderStatus};
use super::number::OrderNumber;
use super::storage::Orders;
use crate::clock::Timestamp;
use crate::money::Money;
use crate::payments::{ChargeState, ListedCharge, PaymentError};
use crate::ports::{PaymentGateway, StorageError};
use std::collections::HashMap;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Reconciliation {
    /// Money held or taken with no order that stands paid for it: none with its key, or
    /// one declined, given up or cancelled.
    pub charges_without_order: Vec<ListedCharge>,
    /// Orders paid (or packed, shipped, delivered) that owe something by card, whose
    /// key has no captured charge.
    pub orders_without_charge: Vec<Order>,
    /// How many charges and orders were compared.
    pub charges: usize,
    pub orders: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum ReconcileError {
    #[error(transparent)]
    Payment(#[from] PaymentError),
    #[error(transparent)]
    Storage(#[from] StorageError),
}

/// Whether an order stands paid: the shopper was told so and it was not cancelled.
fn stands_paid(status: OrderStatus) -> bool {
    matches!(
        status,
        OrderStatus::Paid | OrderStatus::Packed | OrderStatus::Shipped | OrderStatus::Delivered
    )
}

/// Compares the charges made since `since` with the orders placed since then. An
/// order still `Placed` is the sweep's, not this report's.
pub async fn reconcile(
    gateway: &dyn PaymentGateway,
    orders: &dyn Orders,
    since: Timestamp,
) -> Result<Reconciliation, ReconcileError> {
    let charges = gateway.charges_since(since).await?;
    let placed = orders.orders_since(since).await?;
    let mut by_number: HashMap<String, Order> = placed
        .iter()
        .map(|o| (o.number.as_str().to_owned(), o.clone()))
        .collect();
    let mut report = Reconciliation {
        charges: charges.len(),
        orders: placed.len(),
        ..Reconciliation::default()
    };
    for listed in &charges {
        if !listed.charge.keeps_money() {
            continue;
        }
        // An order placed just before `since` whose charge came after it.
        if !by_number.contains_key(&listed.key)
            && let Ok(number) = OrderNumber::parse(&listed.key)
            && let Some(order) = orders.order(&number).await?
        {
            by_number.insert(listed.key.clone(), order);
        }
        let kept_for = by_number.get(&listed.key).map(|o| o.status);
        let fine = kept_for.is_some_and(|s| stands_paid(s) || s == OrderStatus::Placed);
        if !fine {
            report.charges_without_order.push(listed.clone());
        }
    }
    let captured: HashMap<&str, &ListedCharge> = charges
        .iter()
        .filter(|c| c.charge.state == ChargeState::Captured)
        .map(|c| (c.key.as_str(), c))
        .collect();
    for order in placed {
        let owes = order.card.is_some() && order.figures.amount_due > Money::ZERO;
        if !owes || !stands_paid(order.status) || captured.contains_key(order.number.as_str()) {
            continue;
        }
        // A charge made before `since` for an order placed after it cannot be, but the
        // processor is asked by the key before an order is reported.
        let charge = gateway.charge_by_key(order.number.as_str()).await?;
        if charge.is_none_or(|c| c.state != ChargeState::Captured) {
            report.orders_without_charge.push(order);
        }
    }
    Ok(report)
}
