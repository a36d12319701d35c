//! Shipping rules (spec 3 "Shipping options", 4.7, 9 "Shipping messages"): which
//! methods reach a country, when an order leaves and arrives, when a pickup order is
//! ready, what the chosen method costs, and which message the UI shows for each.
//!
//! Everything here is pure: the current moment comes from the caller as a `Timestamp`
//! and the store's configuration as a `ShippingConfig`, so one moment and one
//! configuration always give one answer, and tests can pin both.
//!
//! - `config`: the store's methods, zones and pickup store, and what makes them valid.
//! - `calendar`: local time in the store's zone and business days (weekdays that are
//!   not US federal holidays, from the `bdays` package rather than a typed-in list).
//! - `pickup`: when an order placed now is ready at the store.
//! - `options`: the answer to "how can this reach country X, and when".
//! - `price`: what the chosen way of getting the order costs.
//! - `message`: which spec 9 sentence goes with a method or the pickup answer; the UI
//!   only words it (English or Hebrew).

mod calendar;
mod config;
mod message;
mod options;
mod pickup;
mod price;

pub use config::{
    ConfigError, MAX_TRANSIT_DAYS, Method, PickupStore, ShippingConfig, Zone, ZoneRate,
};
pub use message::{PickupMessage, ShippingMessage, method_message, pickup_message};
pub use options::{FreeOverOption, MethodOption, PickupOption, ShippingOptions, options};
pub use price::{ShippingChoice, shipping_price};

/// Why a shipping question has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShippingError {
    /// No zone lists the country and there is no catch-all zone: nothing ships there
    /// (the API answers 404, so the UI empties its options, spec 8).
    #[error("we do not ship to {country}")]
    NoZone { country: String },
    /// The method is not offered in the destination's zone (or does not exist).
    #[error("shipping method {id} is not offered for {country}")]
    UnknownMethod { id: u32, country: String },
    /// Pickup was chosen but the store has no pickup point.
    #[error("this store has no pickup point")]
    NoPickup,
    /// The moment is outside the years the calendar answers for (1970–9999, local).
    #[error("the time {0} is outside the supported calendar")]
    OutOfRange(i64),
    /// The configuration breaks a rule `ShippingConfig::validate` checks; the app
    /// validates at start-up, so this is never the shopper's fault.
    #[error("the shipping configuration is invalid: {0}")]
    Misconfigured(#[from] ConfigError),
}
