//! What the shopper's choice of delivery costs.
//!
//! - A digital-only bag ships nothing, so it costs nothing whatever was chosen.
//! - Pickup at the store is free.
//! - A method costs its price in the destination's zone, unless it counts for free
//!   shipping and the bag's free basis (computed by the bag: the merchandise of lines
//!   that ship and are not excluded, see `bag::free_shipping_remaining`) reaches the
//!   threshold.

use super::ShippingError;
use super::config::ShippingConfig;
use crate::money::Money;

/// How the shopper gets the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShippingChoice {
    Pickup,
    /// A shipping method, by id.
    Method(u32),
}

pub fn shipping_price(
    config: &ShippingConfig,
    country: &str,
    choice: &ShippingChoice,
    free_basis: Money,
    digital_only: bool,
) -> Result<Money, ShippingError> {
    if digital_only {
        return Ok(Money::ZERO);
    }
    let id = match *choice {
        ShippingChoice::Pickup if config.pickup.is_some() => return Ok(Money::ZERO),
        ShippingChoice::Pickup => return Err(ShippingError::NoPickup),
        ShippingChoice::Method(id) => id,
    };
    let zone = config.zone_for(country)?;
    let unknown = || ShippingError::UnknownMethod {
        id,
        country: country.to_owned(),
    };
    let rate = zone
        .rates
        .iter()
        .find(|r| r.method_id == id)
        .ok_or_else(unknown)?;
    let method = config.method(id).ok_or_else(unknown)?;
    let free = method.free_eligible
        && config
            .free_shipping_over
            .is_none_or(|threshold| free_basis >= threshold);
    Ok(if free { Money::ZERO } else { rate.price })
}
