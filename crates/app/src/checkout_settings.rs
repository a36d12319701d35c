//! The `[shipping]` and `[tax]` sections of the configuration, read into the domain's
//! shipping configuration and tax settings and checked at start-up, so a mistake in
//! them stops the store with a message instead of misquoting a shopper.

use chrono::NaiveTime;
use serde::Deserialize;
use store_domain::location::{LocationQuery, TaxSettings};
use store_domain::money::Money;
use store_domain::shipping::{Method, PickupStore, ShippingConfig, Zone, ZoneRate};

#[derive(Debug, Clone, Deserialize)]
pub struct ShippingSettings {
    /// The store's IANA time zone ("America/New_York").
    pub time_zone: String,
    /// Cents; absent: free-eligible methods always ship free.
    pub free_shipping_over: Option<i64>,
    /// "HH:MM", store-local.
    pub fulfillment_cutoff: String,
    pub methods: Vec<MethodSettings>,
    pub zones: Vec<ZoneSettings>,
    pub pickup: Option<PickupSettings>,
    /// Changed by hand whenever prices, methods or hours change, e.g. "2026-11-25T09:00:00Z":
    /// sent as `shipping_updated_at` so clients ask for their options again.
    pub updated_at: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MethodSettings {
    pub id: u32,
    pub name: String,
    #[serde(default)]
    pub heb_name: String,
    pub transit_days: u32,
    pub free_eligible: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ZoneSettings {
    pub name: String,
    /// Empty: every country no other zone lists.
    #[serde(default)]
    pub countries: Vec<String>,
    pub rates: Vec<RateSettings>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct RateSettings {
    pub method: u32,
    /// Cents.
    pub price: i64,
    pub transit_days: Option<u32>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PickupSettings {
    /// Monday to Sunday: "10:00-20:00", or "closed".
    pub hours: [String; 7],
    pub ready_hours: u32,
    pub closed_on_holidays: bool,
    /// The store's own ZIP or postal code and country: pickup orders are taxed there.
    pub postal_code: String,
    #[serde(default = "default_country")]
    pub country: String,
}

fn default_country() -> String {
    store_domain::location::DEFAULT_COUNTRY.to_owned()
}

#[derive(Debug, Clone, Deserialize)]
pub struct TaxSection {
    /// Percent for every country outside the US ZIP areas ("0", "17").
    pub other_countries: Option<String>,
    /// Five-digit ZIP = percent ("10001" = "8.875"): replaces the state's base rate there.
    #[serde(default)]
    pub zip_overrides: std::collections::BTreeMap<String, String>,
}

impl TaxSection {
    pub fn settings(&self) -> TaxSettings {
        TaxSettings {
            zip_overrides: self
                .zip_overrides
                .iter()
                .map(|(zip, rate)| (zip.clone(), rate.clone()))
                .collect(),
            other_countries: self.other_countries.clone(),
        }
    }
}

/// "HH:MM" on a 24-hour clock.
fn time_of_day(text: &str, what: &str) -> Result<NaiveTime, String> {
    let bad = || format!("shipping.{what}: {text:?} is not a time of day like \"14:00\"");
    let (hours, minutes) = text.trim().split_once(':').ok_or_else(bad)?;
    let number = |s: &str| s.parse::<u32>().map_err(|_| bad());
    NaiveTime::from_hms_opt(number(hours)?, number(minutes)?, 0).ok_or_else(bad)
}

fn money(cents: i64, what: &str) -> Result<Money, String> {
    if cents < 0 {
        return Err(format!("{what} cannot be negative"));
    }
    Ok(Money::from_cents(cents))
}

impl ShippingSettings {
    pub fn config(&self) -> Result<ShippingConfig, String> {
        let time_zone = self.time_zone.parse().map_err(|_| {
            format!(
                "shipping.time_zone: {:?} is not an IANA time zone",
                self.time_zone
            )
        })?;
        let mut opening = [None; 7];
        let pickup = match &self.pickup {
            None => None,
            Some(p) => {
                for (day, hours) in opening.iter_mut().zip(&p.hours) {
                    *day = if hours.trim().eq_ignore_ascii_case("closed") {
                        None
                    } else {
                        let (open, close) = hours.split_once('-').ok_or_else(|| {
                            format!("shipping.pickup.hours: {hours:?} is not like \"10:00-20:00\" or \"closed\"")
                        })?;
                        Some((
                            time_of_day(open, "pickup.hours")?,
                            time_of_day(close, "pickup.hours")?,
                        ))
                    };
                }
                Some(PickupStore {
                    opening,
                    ready_hours: p.ready_hours,
                    closed_on_holidays: p.closed_on_holidays,
                    location: LocationQuery {
                        country: p.country.trim().to_uppercase(),
                        zip: p.postal_code.trim().to_uppercase(),
                    },
                })
            }
        };
        let zones = self
            .zones
            .iter()
            .map(|z| {
                Ok(Zone {
                    name: z.name.clone(),
                    countries: z.countries.clone(),
                    rates: z
                        .rates
                        .iter()
                        .map(|r| {
                            Ok(ZoneRate {
                                method_id: r.method,
                                price: money(r.price, "shipping.zones.rates.price")?,
                                transit_days: r.transit_days,
                            })
                        })
                        .collect::<Result<_, String>>()?,
                })
            })
            .collect::<Result<_, String>>()?;
        let config = ShippingConfig {
            time_zone,
            free_shipping_over: self
                .free_shipping_over
                .map(|c| money(c, "shipping.free_shipping_over"))
                .transpose()?,
            fulfillment_cutoff: time_of_day(&self.fulfillment_cutoff, "fulfillment_cutoff")?,
            methods: self
                .methods
                .iter()
                .map(|m| Method {
                    id: m.id,
                    name: m.name.clone(),
                    heb_name: m.heb_name.clone(),
                    transit_days: m.transit_days,
                    free_eligible: m.free_eligible,
                })
                .collect(),
            zones,
            pickup,
        };
        config.validate().map_err(|e| format!("shipping: {e}"))?;
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_of_day_are_checked() {
        assert_eq!(
            time_of_day("14:30", "x"),
            Ok(NaiveTime::from_hms_opt(14, 30, 0).expect("valid"))
        );
        assert!(time_of_day("24:00", "x").is_err());
        assert!(time_of_day("2pm", "x").is_err());
    }

    #[test]
    fn the_shipped_defaults_are_a_valid_configuration() {
        let settings = crate::settings::Settings::load(None).expect("defaults load");
        let config = settings.shipping.config().expect("defaults are valid");
        assert!(config.pickup.is_some());
        assert!(!config.methods.is_empty());
        assert!(settings.tax.settings().other_countries.is_some());
    }
}
