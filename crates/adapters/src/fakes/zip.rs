//! ZIP lookups over a few hand-listed ZIPs, with the embedded table of state rates
//! and the domain's `TaxRules`, so only the list of places differs from the real one.

use crate::zip::us_state_rates;
use async_trait::async_trait;
use std::sync::atomic::{AtomicBool, Ordering};
use store_domain::location::{
    Location, TaxConfigError, TaxRules, TaxSettings, ZipError, ZipLookup, ZipPlace, uses_us_zips,
    zip5,
};
use store_domain::school::Point;

/// The ZIPs the fake knows: (ZIP, city, state), as the embedded data has them.
pub const KNOWN_ZIPS: [(&str, &str, &str); 7] = [
    ("10001", "New York", "NY"),
    ("19901", "Dover", "DE"),
    ("60601", "Chicago", "IL"),
    ("90210", "Beverly Hills", "CA"),
    ("96801", "Honolulu", "HI"),
    ("97201", "Portland", "OR"),
    ("00601", "Adjuntas", "PR"),
];

/// The points the fake knows (ZIP, latitude, longitude), as the embedded data has them.
pub const KNOWN_POINTS: [(&str, f64, f64); 3] = [
    ("10001", 40.7506, -73.9972),
    ("60601", 41.8858, -87.6181),
    ("90210", 34.0901, -118.4065),
];

pub struct InMemoryZipLookup {
    rules: TaxRules,
    broken: AtomicBool,
}

impl InMemoryZipLookup {
    pub fn new(settings: &TaxSettings) -> Result<Self, TaxConfigError> {
        Ok(InMemoryZipLookup {
            rules: TaxRules::new(us_state_rates(), settings)?,
            broken: AtomicBool::new(false),
        })
    }

    /// While broken, every lookup fails as storage (spec 8: zip lookups fail silently).
    pub fn set_broken(&self, broken: bool) {
        self.broken.store(broken, Ordering::Relaxed);
    }
}

impl Default for InMemoryZipLookup {
    /// No overrides, and no tax outside the US ZIP areas.
    fn default() -> Self {
        InMemoryZipLookup::new(&TaxSettings::default()).expect("the default settings are valid")
    }
}

fn place(zip: &str) -> Option<ZipPlace<'static>> {
    KNOWN_ZIPS
        .iter()
        .find(|(known, _, _)| *known == zip)
        .map(|&(_, city, state)| ZipPlace { city, state })
}

#[async_trait]
impl ZipLookup for InMemoryZipLookup {
    async fn locate(&self, country: &str, zip: &str) -> Result<Location, ZipError> {
        if self.broken.load(Ordering::Relaxed) {
            return Err(ZipError::Storage("the fake ZIP lookup is broken".into()));
        }
        self.rules.locate(country, zip, place)
    }

    async fn point(&self, country: &str, zip: &str) -> Result<Option<Point>, ZipError> {
        if self.broken.load(Ordering::Relaxed) {
            return Err(ZipError::Storage("the fake ZIP lookup is broken".into()));
        }
        let zip = zip5(zip).filter(|_| uses_us_zips(country));
        Ok(KNOWN_POINTS
            .iter()
            .find(|(known, ..)| Some(*known) == zip)
            .and_then(|&(_, lat, lon)| Point::from_degrees(lat, lon)))
    }
}
