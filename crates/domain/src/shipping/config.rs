//! The store's shipping configuration: plain data the app builds from its TOML file,
//! and `validate`, which refuses what cannot be meant (a zone pricing a method that
//! does not exist, a pickup store that closes before it opens) at start-up, so the
//! rules never meet it in front of a shopper.

use std::collections::HashMap;

use chrono::{NaiveTime, TimeDelta, Weekday};
use chrono_tz::Tz;

use super::ShippingError;
use crate::location::LocationQuery;
use crate::money::Money;

/// Longest transit a method may take, in business days (about three months): longer
/// is a typing mistake, and it keeps every date the rules compute within the calendar.
pub const MAX_TRANSIT_DAYS: u32 = 60;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingConfig {
    /// The store's IANA zone: cut-offs, opening hours and "today" are its local time.
    pub time_zone: Tz,
    /// Free-eligible methods ship free when the bag's free basis reaches this;
    /// `None`: no threshold, so they always ship free (spec 2.4: "Free Shipping on all
    /// orders").
    pub free_shipping_over: Option<Money>,
    /// Local time: orders placed before it on a business day leave that day.
    pub fulfillment_cutoff: NaiveTime,
    pub methods: Vec<Method>,
    pub zones: Vec<Zone>,
    pub pickup: Option<PickupStore>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method {
    pub id: u32,
    pub name: String,
    /// May be empty: the UI then shows `name`.
    pub heb_name: String,
    /// Business days in transit after the ship day (0: arrives the day it leaves).
    pub transit_days: u32,
    /// Counts for free shipping over the threshold.
    pub free_eligible: bool,
}

/// Where a set of prices applies. A destination uses the zone that lists its country,
/// else the catch-all zone (empty `countries`); with neither, nothing ships there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    pub name: String,
    /// Two capital letters each (`US`, `GB`); empty: every country no zone lists.
    pub countries: Vec<String>,
    pub rates: Vec<ZoneRate>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZoneRate {
    pub method_id: u32,
    pub price: Money,
    /// Replaces the method's transit days in this zone.
    pub transit_days: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickupStore {
    /// Monday to Sunday: local opening and closing time, `None` when closed all day.
    pub opening: [Option<(NaiveTime, NaiveTime)>; 7],
    /// An order is ready this many hours after it is placed within opening hours.
    pub ready_hours: u32,
    /// Closed on US federal holidays (the same calendar as business days).
    pub closed_on_holidays: bool,
    /// Where the store is: a pickup order is taxed here, whatever the shopper typed.
    pub location: LocationQuery,
}

/// What is wrong with a configuration; the message names the part to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("no shipping methods are configured")]
    NoMethods,
    #[error("shipping method id {0} is used twice")]
    DuplicateMethod(u32),
    #[error("shipping method {0} has no name")]
    UnnamedMethod(u32),
    #[error("shipping method {id}: {days} transit days is more than {MAX_TRANSIT_DAYS}")]
    TransitTooLong { id: u32, days: u32 },
    #[error("no shipping zones are configured")]
    NoZones,
    #[error("a shipping zone has no name")]
    UnnamedZone,
    #[error("shipping zone {zone}: {code:?} is not a two-letter capital country code")]
    BadCountry { zone: String, code: String },
    #[error("country {country} is in both shipping zones {first} and {second}")]
    CountryInTwoZones {
        country: String,
        first: String,
        second: String,
    },
    #[error("shipping zones {first} and {second} are both catch-all (no countries)")]
    TwoCatchAllZones { first: String, second: String },
    #[error("shipping zone {0} prices no method")]
    EmptyZone(String),
    #[error("shipping zone {zone} prices method {method}, which is not configured")]
    UnknownMethodInZone { zone: String, method: u32 },
    #[error("shipping zone {zone} prices method {method} twice")]
    DuplicateRate { zone: String, method: u32 },
    #[error("shipping zone {zone}: the price of method {method} is negative")]
    NegativePrice { zone: String, method: u32 },
    #[error("the free-shipping threshold is negative")]
    NegativeThreshold,
    #[error("the pickup store is never open")]
    PickupNeverOpen,
    #[error("the pickup store closes before it opens on {0}")]
    PickupClosesBeforeOpening(Weekday),
    #[error("on {0} the pickup store closes before an order placed at opening is ready")]
    PickupNotReadyBeforeClosing(Weekday),
}

impl ShippingConfig {
    /// Every rule at once, the first broken one reported.
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.check_methods()?;
        self.check_zones()?;
        if self.free_shipping_over.is_some_and(|t| t < Money::ZERO) {
            return Err(ConfigError::NegativeThreshold);
        }
        match &self.pickup {
            Some(store) => store.validate(),
            None => Ok(()),
        }
    }

    pub(super) fn method(&self, id: u32) -> Option<&Method> {
        self.methods.iter().find(|m| m.id == id)
    }

    /// The first zone listing `country` (any letter case), else the catch-all zone.
    /// Text that is not a two-letter code is no country, so no zone takes it.
    pub(super) fn zone_for(&self, country: &str) -> Result<&Zone, ShippingError> {
        if !is_country_code(&country.to_ascii_uppercase()) {
            return Err(ShippingError::NoZone {
                country: country.to_owned(),
            });
        }
        let listing = |z: &&Zone| z.countries.iter().any(|c| c.eq_ignore_ascii_case(country));
        self.zones
            .iter()
            .find(listing)
            .or_else(|| self.zones.iter().find(|z| z.countries.is_empty()))
            .ok_or_else(|| ShippingError::NoZone {
                country: country.to_owned(),
            })
    }

    fn check_methods(&self) -> Result<(), ConfigError> {
        if self.methods.is_empty() {
            return Err(ConfigError::NoMethods);
        }
        for (i, method) in self.methods.iter().enumerate() {
            if self.methods[..i].iter().any(|m| m.id == method.id) {
                return Err(ConfigError::DuplicateMethod(method.id));
            }
            if method.name.trim().is_empty() {
                return Err(ConfigError::UnnamedMethod(method.id));
            }
            check_transit(method.id, method.transit_days)?;
        }
        Ok(())
    }

    fn check_zones(&self) -> Result<(), ConfigError> {
        if self.zones.is_empty() {
            return Err(ConfigError::NoZones);
        }
        let mut listed: HashMap<&str, &str> = HashMap::new();
        let mut catch_all: Option<&str> = None;
        for zone in &self.zones {
            if zone.name.trim().is_empty() {
                return Err(ConfigError::UnnamedZone);
            }
            if zone.countries.is_empty() {
                if let Some(first) = catch_all {
                    return Err(ConfigError::TwoCatchAllZones {
                        first: first.to_owned(),
                        second: zone.name.clone(),
                    });
                }
                catch_all = Some(&zone.name);
            }
            for code in &zone.countries {
                if !is_country_code(code) {
                    return Err(ConfigError::BadCountry {
                        zone: zone.name.clone(),
                        code: code.clone(),
                    });
                }
                if let Some(first) = listed.insert(code, &zone.name) {
                    return Err(ConfigError::CountryInTwoZones {
                        country: code.clone(),
                        first: first.to_owned(),
                        second: zone.name.clone(),
                    });
                }
            }
            self.check_rates(zone)?;
        }
        Ok(())
    }

    fn check_rates(&self, zone: &Zone) -> Result<(), ConfigError> {
        if zone.rates.is_empty() {
            return Err(ConfigError::EmptyZone(zone.name.clone()));
        }
        for (i, rate) in zone.rates.iter().enumerate() {
            let method = rate.method_id;
            if self.method(method).is_none() {
                return Err(ConfigError::UnknownMethodInZone {
                    zone: zone.name.clone(),
                    method,
                });
            }
            if zone.rates[..i].iter().any(|r| r.method_id == method) {
                return Err(ConfigError::DuplicateRate {
                    zone: zone.name.clone(),
                    method,
                });
            }
            if rate.price < Money::ZERO {
                return Err(ConfigError::NegativePrice {
                    zone: zone.name.clone(),
                    method,
                });
            }
            if let Some(days) = rate.transit_days {
                check_transit(method, days)?;
            }
        }
        Ok(())
    }
}

impl PickupStore {
    /// Opening and closing times for `day`, when the store opens that weekday.
    pub(super) fn hours_on(&self, day: Weekday) -> Option<(NaiveTime, NaiveTime)> {
        self.opening
            .get(day.num_days_from_monday() as usize)
            .copied()
            .flatten()
    }

    /// An order placed at opening must be ready before closing, or the "next open
    /// day" rule could never be met.
    fn validate(&self) -> Result<(), ConfigError> {
        let mut open_days = 0;
        for day in WEEK {
            let Some((open, close)) = self.hours_on(day) else {
                continue;
            };
            open_days += 1;
            if close <= open {
                return Err(ConfigError::PickupClosesBeforeOpening(day));
            }
            let (ready, wrapped) =
                open.overflowing_add_signed(TimeDelta::hours(i64::from(self.ready_hours)));
            if wrapped != 0 || ready >= close {
                return Err(ConfigError::PickupNotReadyBeforeClosing(day));
            }
        }
        if open_days == 0 {
            return Err(ConfigError::PickupNeverOpen);
        }
        Ok(())
    }
}

const WEEK: [Weekday; 7] = [
    Weekday::Mon,
    Weekday::Tue,
    Weekday::Wed,
    Weekday::Thu,
    Weekday::Fri,
    Weekday::Sat,
    Weekday::Sun,
];

fn check_transit(id: u32, days: u32) -> Result<(), ConfigError> {
    if days > MAX_TRANSIT_DAYS {
        return Err(ConfigError::TransitTooLong { id, days });
    }
    Ok(())
}

fn is_country_code(code: &str) -> bool {
    code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase())
}
