//! What the shopper is mailed about an order: its confirmation, and each status the
//! store owner moves it to. Plain text, with the signed link to the order's page.

use super::model::{Delivery, Order, OrderStatus};
use crate::ports::Mail;
use std::fmt::Write;

/// The store's name and the order page's address (with its signed token).
pub struct MailContext<'a> {
    pub store_name: &'a str,
    pub order_url: &'a str,
}

fn delivery_line(order: &Order) -> String {
    match &order.delivery {
        Delivery::Ship {
            method_name,
            address,
            arrives_on,
            ..
        } => format!(
            "{method_name} to {}, {} {} {}, arriving by {}",
            address.name,
            address.line1,
            address.city,
            address.postal_code,
            arrives_on.format("%A, %B %-d, %Y")
        ),
        Delivery::Pickup { ready_on, .. } => {
            format!("Store pickup, ready {}", ready_on.format("%A, %B %-d, %Y"))
        }
        Delivery::Digital { .. } => "Delivered by e-mail".to_owned(),
    }
}

pub fn confirmation(order: &Order, ctx: &MailContext<'_>) -> Mail {
    let mut body = format!(
        "Thank you for your order {} at {}.\n\n",
        order.number, ctx.store_name
    );
    for line in &order.lines {
        let _ = writeln!(
            body,
            "{} x {}  {}",
            line.quantity, line.title, line.figures.merchandise
        );
    }
    let f = &order.figures;
    let _ = write!(
        body,
        "\nSubtotal {}\nShipping {}\nTax {}\n",
        f.subtotal, f.shipping, f.tax
    );
    if f.discount.cents() > 0 {
        let _ = writeln!(body, "Discount -{}", f.discount);
    }
    let _ = writeln!(body, "Total {}", f.total);
    if f.gift_card_total.cents() > 0 {
        let _ = writeln!(body, "Paid by gift card {}", f.gift_card_total);
    }
    if let Some(card) = &order.card {
        let _ = writeln!(body, "Paid by card ending {} {}", card.last4, f.amount_due);
    }
    let _ = write!(
        body,
        "\n{}\n\nSee your order and its invoice: {}\n",
        delivery_line(order),
        ctx.order_url
    );
    Mail {
        to: order.email.clone(),
        subject: format!("Your {} order {}", ctx.store_name, order.number),
        body,
    }
}

/// What each status tells the shopper.
fn status_sentence(status: OrderStatus) -> &'static str {
    match status {
        OrderStatus::Placed | OrderStatus::Paid => "has been received",
        OrderStatus::Packed => "is packed and will leave soon",
        OrderStatus::Shipped => "is on its way",
        OrderStatus::Delivered => "has been delivered",
        OrderStatus::Cancelled => "was cancelled; everything you paid is being refunded",
        OrderStatus::Declined => "could not be placed",
    }
}

pub fn status_change(order: &Order, ctx: &MailContext<'_>) -> Mail {
    Mail {
        to: order.email.clone(),
        subject: format!(
            "Your {} order {} {}",
            ctx.store_name,
            order.number,
            status_sentence(order.status)
        ),
        body: format!(
            "Your order {} {}.\n\n{}\n\nSee your order: {}\n",
            order.number,
            status_sentence(order.status),
            delivery_line(order),
            ctx.order_url
        ),
    }
}
