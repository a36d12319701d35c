//! The shipping options answer (spec 3, `POST /api/shipping/index`): for a destination
//! and a moment, every method its zone offers with its arrival date, the fastest, the
//! cheapest, the one the free-shipping threshold makes free, the pickup estimate, and
//! when the answer goes stale.
//!
//! Dates: an order leaves on its ship day (today before the cut-off on a business day,
//! else the next business day) and arrives its transit's business days later. `days`
//! counts calendar days from the store's today, so 1 is tomorrow.
//!
//! Expiry (spec 4.7: the client asks again after the earlier of the two):
//! - The ship day moves only at a business day's cut-off: at any moment it is the
//!   first business day whose cut-off is still to come. So it changes at the ship
//!   day's own cut-off. Every `days` count changes at local midnight, which comes
//!   first whenever the ship day is not today. `fulfillment_expires` is the earlier.
//! - `store_expires`: see `pickup` (the moment "ready today" ends, else midnight);
//!   local midnight when there is no pickup store.

use chrono::{NaiveDate, NaiveDateTime};

use super::ShippingError;
use super::calendar::{
    add_business_days, days_between, local_time, moment, next_midnight, ship_day,
};
use super::config::{ConfigError, Method, ShippingConfig, Zone};
use super::message::{PickupMessage, ShippingMessage, message_for_pickup, method_message};
use super::pickup::readiness;
use crate::clock::Timestamp;
use crate::money::Money;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingOptions {
    /// The free-shipping threshold; `None`: there is none, free-eligible methods always ship free.
    pub over_price: Option<Money>,
    /// Present when the store has a pickup point.
    pub pickup: Option<PickupOption>,
    /// Earliest arrival; ties go to the cheaper, then the lower id.
    pub fastest: Option<MethodOption>,
    /// Lowest price; ties go to the earlier arrival, then the lower id.
    pub cheapest: Option<MethodOption>,
    /// The free-eligible method the threshold makes free (the cheapest such one).
    pub free_over: Option<FreeOverOption>,
    /// The zone's free-eligible method ids, ascending, comma-separated ("1,4").
    pub shipping_ids_not_excluded_from_free_shipping: String,
    /// Every method of the zone, by arrival, then price, then id (our addition, so a
    /// shopper can pick any of them).
    pub methods: Vec<MethodOption>,
    pub fulfillment_expires: Timestamp,
    pub store_expires: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodOption {
    pub id: u32,
    pub name: String,
    pub heb_name: String,
    /// Calendar days from the store's today to the arrival.
    pub days: u32,
    pub estimated_arrival: NaiveDate,
    /// The zone's price, before any free shipping.
    pub price: Money,
    /// With the date for `fastest` and `cheapest`, without it in `methods` (spec 9).
    pub message: ShippingMessage,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreeOverOption {
    pub id: u32,
    pub name: String,
    pub heb_name: String,
    pub days: u32,
    pub estimated_arrival: NaiveDate,
    /// The threshold the bag's free basis must reach.
    pub free_shipping_above: Money,
    pub message: ShippingMessage,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickupOption {
    /// Calendar days from the store's today to the ready date.
    pub days: u32,
    /// Whole hours from now until ready, rounded down.
    pub hours: u32,
    /// The store-local date the order is ready.
    pub date: NaiveDate,
    pub message: PickupMessage,
}

/// A method as the destination's zone offers it, with its dates.
struct Offered<'a> {
    method: &'a Method,
    price: Money,
    arrival: NaiveDate,
    days: u32,
}

impl Offered<'_> {
    fn option(&self, with_date: bool) -> MethodOption {
        MethodOption {
            id: self.method.id,
            name: self.method.name.clone(),
            heb_name: self.method.heb_name.clone(),
            days: self.days,
            estimated_arrival: self.arrival,
            price: self.price,
            message: method_message(self.days, self.arrival, with_date),
        }
    }

    fn by_arrival(&self) -> (NaiveDate, Money, u32) {
        (self.arrival, self.price, self.method.id)
    }

    fn by_price(&self) -> (Money, NaiveDate, u32) {
        (self.price, self.arrival, self.method.id)
    }
}

/// The options for shipping to `country` (two-letter code) for an order placed `now`.
pub fn options(
    config: &ShippingConfig,
    country: &str,
    now: Timestamp,
) -> Result<ShippingOptions, ShippingError> {
    let zone = config.zone_for(country)?;
    let at = local_time(config.time_zone, now)?;
    let out_of_range = || ShippingError::OutOfRange(now.unix_seconds());
    let leaves = ship_day(at, config.fulfillment_cutoff).ok_or_else(out_of_range)?;
    let midnight = next_midnight(config.time_zone, at.date(), now).ok_or_else(out_of_range)?;

    let mut offered = offered(config, zone, at, leaves)?;
    offered.sort_by_key(Offered::by_arrival);
    let fastest = offered.first().map(|o| o.option(true));
    let cheapest = offered
        .iter()
        .min_by_key(|o| o.by_price())
        .map(|o| o.option(true));
    let eligible = || offered.iter().filter(|o| o.method.free_eligible);
    let free_over = config.free_shipping_over.and_then(|threshold| {
        eligible()
            .min_by_key(|o| o.by_price())
            .map(|o| free_over_option(o, threshold))
    });
    let mut free_ids: Vec<u32> = eligible().map(|o| o.method.id).collect();
    free_ids.sort_unstable();

    let cutoff = moment(
        config.time_zone,
        leaves.and_time(config.fulfillment_cutoff),
        now,
    );
    let (pickup, store_expires) = pickup(config, now, at, midnight)?;
    Ok(ShippingOptions {
        over_price: config.free_shipping_over,
        pickup,
        fastest,
        cheapest,
        free_over,
        shipping_ids_not_excluded_from_free_shipping: join(&free_ids),
        methods: offered.iter().map(|o| o.option(false)).collect(),
        fulfillment_expires: after(now, cutoff.min(midnight)),
        store_expires,
    })
}

fn offered<'a>(
    config: &'a ShippingConfig,
    zone: &'a Zone,
    at: NaiveDateTime,
    leaves: NaiveDate,
) -> Result<Vec<Offered<'a>>, ShippingError> {
    zone.rates
        .iter()
        .map(|rate| {
            let method =
                config
                    .method(rate.method_id)
                    .ok_or_else(|| ConfigError::UnknownMethodInZone {
                        zone: zone.name.clone(),
                        method: rate.method_id,
                    })?;
            let transit = rate.transit_days.unwrap_or(method.transit_days);
            let arrival =
                add_business_days(leaves, transit).ok_or(ConfigError::TransitTooLong {
                    id: method.id,
                    days: transit,
                })?;
            Ok(Offered {
                method,
                price: rate.price,
                arrival,
                days: days_between(at.date(), arrival),
            })
        })
        .collect()
}

fn free_over_option(offered: &Offered<'_>, threshold: Money) -> FreeOverOption {
    FreeOverOption {
        id: offered.method.id,
        name: offered.method.name.clone(),
        heb_name: offered.method.heb_name.clone(),
        days: offered.days,
        estimated_arrival: offered.arrival,
        free_shipping_above: threshold,
        message: method_message(offered.days, offered.arrival, true),
    }
}

/// The pickup estimate and when it expires (midnight when there is no pickup store).
fn pickup(
    config: &ShippingConfig,
    now: Timestamp,
    at: NaiveDateTime,
    midnight: Timestamp,
) -> Result<(Option<PickupOption>, Timestamp), ShippingError> {
    let Some(store) = &config.pickup else {
        return Ok((None, midnight));
    };
    let ready = readiness(store, config.time_zone, now, at)?;
    // Ready-today ends before closing, so before midnight.
    let expires = ready.today_until.unwrap_or(midnight);
    let option = PickupOption {
        days: ready.days,
        hours: ready.hours,
        date: ready.date,
        message: message_for_pickup(ready.days, ready.hours, ready.date),
    };
    Ok((Some(option), after(now, expires)))
}

/// Never at or before `now`, so a client that asks again always gets a later answer.
fn after(now: Timestamp, expires: Timestamp) -> Timestamp {
    expires.max(Timestamp::from_unix_seconds(
        now.unix_seconds().saturating_add(1),
    ))
}

fn join(ids: &[u32]) -> String {
    ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}
