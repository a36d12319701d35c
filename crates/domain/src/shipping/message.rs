//! Spec 9 "Shipping messages": which sentence goes with a delivery or pickup estimate.
//! The rule lives here once; the UI only words the kind it is given, in English or
//! Hebrew ("Get it Today", "Get it Tomorrow", "{n}-day shipping", "Get it {date}",
//! "within {hours} hour(s)").

use chrono::NaiveDate;

use super::options::PickupOption;

/// The sentence for a shipping method's estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShippingMessage {
    /// "Get it Today".
    Today,
    /// "Get it Tomorrow".
    Tomorrow,
    /// "{n}-day shipping", n calendar days from today.
    DayShipping(u32),
    /// "Get it" with the arrival's weekday, month and day.
    On(NaiveDate),
}

/// `days`: calendar days from today to `arrival`. `with_date` for the cheapest,
/// fastest and free-over methods, which name the arrival date beyond tomorrow.
pub fn method_message(days: u32, arrival: NaiveDate, with_date: bool) -> ShippingMessage {
    if with_date && days > 1 {
        ShippingMessage::On(arrival)
    } else if days >= 2 {
        ShippingMessage::DayShipping(days)
    } else if days >= 1 {
        ShippingMessage::Tomorrow
    } else {
        ShippingMessage::Today
    }
}

/// The sentence for the pickup estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickupMessage {
    /// Ready on a later day: show the date.
    On(NaiveDate),
    /// Ready today: "within {hours} hour(s)", already one more than the whole hours
    /// until ready, so it is never too short.
    Within { hours: u32 },
}

pub fn pickup_message(pickup: &PickupOption) -> PickupMessage {
    message_for_pickup(pickup.days, pickup.hours, pickup.date)
}

pub(super) fn message_for_pickup(days: u32, hours: u32, date: NaiveDate) -> PickupMessage {
    if days > 0 {
        PickupMessage::On(date)
    } else {
        PickupMessage::Within {
            hours: hours.saturating_add(1),
        }
    }
}
