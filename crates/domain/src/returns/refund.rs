//! What a return gives back, to the cent (issue 28, point 3).
//!
//! A line's units give back what was paid for them: its merchandise less its share of
//! the discount, plus its tax, gift wrap and personalization fees (`paid`). Units are
//! refunded cumulatively: once `n` of a line's `q` units are back, the refunds of that
//! line add up to `paid * n / q` rounded down, so the return that brings the last unit
//! back takes every rounding's remainder, and however the units are split among
//! returns, the line never gives back more than it cost. The shipping is given back
//! with the return that brings the last unit of the order back. The money goes back
//! the way it came: the card first, up to what the card paid, the rest (the gift
//! cards' part) as store credit; or all of it as store credit when the shopper asks.

use super::model::{Refund, RefundMethod, Return, ReturnLine, ReturnMethod};
use super::policy::{Allowance, Blocked, Wanted};
use crate::money::Money;
use crate::orders::model::{Order, OrderLine};

/// What a prepaid return label costs when the shopper's reason sends back an item
/// excluded from free returns.
pub const LABEL_FEE: Money = Money::from_cents(799);

/// What a line cost its buyer, all told.
pub fn paid(line: &OrderLine) -> Money {
    let f = &line.figures;
    Money::from_cents(
        f.merchandise.cents()
            + f.gift_options.cents()
            + f.personalization_fee.cents()
            + f.tax.cents()
            - f.discount.cents(),
    )
}

/// The line's refunds once `units` of its `quantity` are back: `paid * units /
/// quantity`, rounded down, exactly `paid` for the last unit.
fn share(paid: Money, units: i64, quantity: i64) -> Money {
    // i128: a line's paid cents times its quantity may not fit in i64.
    Money::from_cents((i128::from(paid.cents()) * i128::from(units) / i128::from(quantity)) as i64)
}

/// The returns that count against the order (every state but rejected).
fn counting(returns: &[Return]) -> impl Iterator<Item = &Return> {
    returns.iter().filter(|r| r.status.counts())
}

/// What returning `wanted` (already checked by `policy::check`) gives back, with the
/// order's earlier `returns`, and each line's amount in the same order as `wanted`. A
/// `gift`'s recipient, who is shown no prices, is never charged for a label.
pub fn work_out(
    order: &Order,
    returns: &[Return],
    allowances: &[Allowance],
    wanted: &[Wanted],
    refund_method: RefundMethod,
    return_method: ReturnMethod,
    gift: bool,
) -> (Refund, Vec<ReturnLine>) {
    let mut lines = Vec::with_capacity(wanted.len());
    for want in wanted {
        let line = &order.lines[want.position];
        let earlier: Vec<&ReturnLine> = counting(returns)
            .flat_map(|r| &r.lines)
            .filter(|l| l.position == want.position)
            .collect();
        let units_back: i64 = earlier.iter().map(|l| l.quantity).sum();
        let given_back: i64 = earlier.iter().map(|l| l.amount.cents()).sum();
        let units = (units_back + want.quantity).min(line.quantity);
        let target = share(paid(line), units, line.quantity);
        lines.push(ReturnLine {
            position: want.position,
            quantity: want.quantity,
            reason: want.reason,
            note: want.note.clone(),
            amount: Money::from_cents((target.cents() - given_back).max(0)),
        });
    }
    let items = Money::from_cents(lines.iter().map(|l| l.amount.cents()).sum());

    let shipping_given = counting(returns).any(|r| r.refund.shipping > Money::ZERO);
    // Lines that never ship (digital, gift cards, services) need not come back.
    let shipped = |a: &&Allowance| {
        !matches!(
            a.blocked,
            Some(Blocked::Digital | Blocked::GiftCard | Blocked::Service)
        )
    };
    let all_back = allowances.iter().filter(shipped).all(|a| {
        let now = wanted
            .iter()
            .find(|w| w.position == a.position)
            .map_or(0, |w| w.quantity);
        a.taken + now >= a.bought
    });
    let shipping = if all_back && !shipping_given {
        order.figures.shipping
    } else {
        Money::ZERO
    };

    let pays_for_label = !gift
        && return_method == ReturnMethod::Label
        && wanted
            .iter()
            .any(|w| allowances[w.position].label_fee && !w.reason.store_fault());
    let before_fee = items.cents() + shipping.cents();
    let label_fee = if pays_for_label {
        Money::from_cents(LABEL_FEE.cents().min(before_fee))
    } else {
        Money::ZERO
    };
    let total = Money::from_cents(before_fee - label_fee.cents());

    let to_card = match refund_method {
        RefundMethod::StoreCredit => Money::ZERO,
        RefundMethod::Original => {
            let card_back: i64 = counting(returns).map(|r| r.refund.to_card.cents()).sum();
            let card_left = (order.figures.amount_due.cents() - card_back).max(0);
            Money::from_cents(total.cents().min(card_left))
        }
    };
    let refund = Refund {
        items,
        shipping,
        label_fee,
        total,
        to_card,
        to_store_credit: Money::from_cents(total.cents() - to_card.cents()),
    };
    (refund, lines)
}
