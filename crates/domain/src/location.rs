//! Where a shopper is, for the estimated tax (spec 3 "Location", 4.6, 7
//! `GET/POST /api/zip_code`).
//!
//! - `LocationQuery` is what a shopper sends, checked: the country defaults to US, a
//!   US ZIP is five digits or ZIP+4, another country's postal code is short and plain.
//! - `TaxRules` is the one rule of which rate applies: a per-ZIP override from the
//!   configuration, else the state's statewide base rate, and one configured rate for
//!   every other country. The embedded adapter and the fake both locate through it,
//!   so they differ only in which ZIPs they know.
//! - `ZipLookup` is the port: a country and a code in, a `Location` out.
//!
//! Rates are exact: configuration gives decimal percent text ("8.875"), parsed into
//! millionths without a float.

use crate::bag::TaxRate;
use crate::input::{InputError, refuse, text};
use crate::reference::{Country, country_code};
use crate::school::Point;
use async_trait::async_trait;
use std::collections::HashMap;

/// Spec 4.6 and 9: the country when none is given.
pub const DEFAULT_COUNTRY: &str = "US";

/// The longest postal code taken outside the US ZIP areas (the world's longest in use
/// are ten characters, with their separators).
pub const MAX_POSTAL_CODE: usize = 10;

/// The territories that pick their own ISO code from the countries list but have US
/// ZIP codes and sit in the ZIP data: Puerto Rico, Guam, the US Virgin Islands,
/// American Samoa and the Northern Mariana Islands. A shopper choosing one of them is
/// located by ZIP, like the US, and keeps the territory as the country.
pub const US_ZIP_TERRITORIES: [&str; 5] = ["PR", "GU", "VI", "AS", "MP"];

/// The highest rate the configuration takes, in percent: no sales tax or VAT is
/// higher, so a larger figure is a typo ("88.75" for "8.875").
pub const MAX_CONFIGURED_PERCENT: u32 = 30;

/// Where a shopper is and the sales-tax rate that applies there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The code looked up: a US ZIP's five digits (a ZIP+4's first five), another
    /// country's postal code as the shopper typed it, trimmed and upper-cased.
    pub zip: String,
    /// Two-letter code from the countries list.
    pub country: String,
    pub tax_rate: TaxRate,
    /// The ZIP's city and state, when the ZIP data has them (never outside the US ZIP
    /// areas, nor for a ZIP known only from a configured override).
    pub city: Option<String>,
    pub state: Option<String>,
}

/// A US ZIP code: five digits, or ZIP+4 (five, a hyphen and four, or nine digits as
/// many forms and scanners write it).
pub fn is_us_zip(code: &str) -> bool {
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    match code.split_once('-') {
        None => matches!(code.len(), 5 | 9) && digits(code),
        Some((zip, plus4)) => zip.len() == 5 && plus4.len() == 4 && digits(zip) && digits(plus4),
    }
}

/// What a postal code may hold outside the US: letters, digits, spaces and hyphens.
pub fn is_postal_code_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == ' ' || c == '-'
}

/// Whether `country` (upper-case) is located by US ZIP code.
pub fn uses_us_zips(country: &str) -> bool {
    country == "US" || US_ZIP_TERRITORIES.contains(&country)
}

/// The five digits a US ZIP or ZIP+4 is looked up by; `None` for anything else.
pub fn zip5(code: &str) -> Option<&str> {
    let code = code.trim();
    is_us_zip(code).then(|| &code[..5])
}

/// A checked `POST /api/zip_code`: the country and the code to locate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationQuery {
    /// Two-letter code from the countries list; US when the shopper gave none.
    pub country: String,
    /// A US ZIP or ZIP+4 in the US ZIP areas, else a postal code, trimmed and
    /// upper-cased.
    pub zip: String,
}

impl LocationQuery {
    /// Checks `country` (blank is US) against `countries`, then `zip` (`zipCode` on the
    /// wire) by the country's rule. A refusal names the field and never repeats it.
    pub fn parse(country: &str, zip: &str, countries: &[Country]) -> Result<Self, InputError> {
        let country = if country.trim().is_empty() {
            DEFAULT_COUNTRY.to_owned()
        } else {
            country_code(country, countries)?
        };
        let zip = text("zipCode", zip, 1, MAX_POSTAL_CODE)?.to_uppercase();
        if uses_us_zips(&country) {
            if !is_us_zip(&zip) {
                return Err(refuse(
                    "zipCode",
                    "a US ZIP code is five digits, or five, a hyphen and four",
                ));
            }
        } else if !zip.chars().all(is_postal_code_char) {
            return Err(refuse(
                "zipCode",
                "may hold only letters, digits, spaces and hyphens",
            ));
        }
        Ok(LocationQuery { country, zip })
    }
}

/// Why a location could not be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ZipError {
    /// A US ZIP (or a territory's) that the ZIP data does not have and no override
    /// names, or one of another area than the country chosen.
    #[error("there is no such ZIP code")]
    Unknown,
    /// The data behind the lookup failed; the text is for the log, never a shopper.
    #[error("zip lookup failed: {0}")]
    Storage(String),
}

/// Locating a shopper: the ZIP's place and the sales-tax rate that applies.
#[async_trait]
pub trait ZipLookup: Send + Sync {
    /// `country` and `zip` as `LocationQuery` checked them. In the US ZIP areas `zip`
    /// is a ZIP or ZIP+4 (anything else is `Unknown`); elsewhere any postal code is
    /// located, at the configured rate for other countries.
    async fn locate(&self, country: &str, zip: &str) -> Result<Location, ZipError>;

    /// Where the ZIP is on the earth (its centre), for the nearest schools; `None` where
    /// the data has no point for it, as for every code outside the US ZIP areas.
    async fn point(&self, country: &str, zip: &str) -> Result<Option<Point>, ZipError> {
        let _ = (country, zip);
        Ok(None)
    }
}

/// Why a configured rate or override was refused at start-up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TaxConfigError {
    #[error("tax rate {what} = {text:?}: {reason}")]
    BadRate {
        /// Which setting: "for other countries" or "for ZIP 10001".
        what: String,
        text: String,
        reason: &'static str,
    },
    #[error("tax override {0:?}: a key must be a five-digit US ZIP code")]
    BadZip(String),
    #[error("tax override {0}: given twice")]
    Duplicate(String),
}

/// Parses a decimal percent ("8.875", "6", "0.5") exactly into a `TaxRate`: up to two
/// digits before the point, up to four after (a millionth is 0.0001 %), at most
/// `MAX_CONFIGURED_PERCENT`. The reason on failure is for the owner's start-up message.
pub fn parse_percent(text: &str) -> Result<TaxRate, &'static str> {
    const SHAPE: &str =
        "must be a percentage like \"8.875\": digits, a point, at most four decimals";
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty()
        || whole.len() > 2
        || fraction.len() > 4
        || (text.contains('.') && fraction.is_empty())
        || !all_digits(whole)
        || !all_digits(fraction)
    {
        return Err(SHAPE);
    }
    let digits_value = |s: &str| s.bytes().fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
    let scale = 10u32.pow(4 - fraction.len() as u32);
    let millionths = digits_value(whole) * 10_000 + digits_value(fraction) * scale;
    if millionths > MAX_CONFIGURED_PERCENT * 10_000 {
        return Err("must be at most 30 percent (no sales tax or VAT is higher)");
    }
    Ok(TaxRate::from_millionths(millionths))
}

/// The owner's tax settings as configuration gives them, before they are checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaxSettings {
    /// (five-digit US ZIP, percent): a rate that replaces the state's base rate there,
    /// typically the combined state and local rate of the store's own ZIPs.
    pub zip_overrides: Vec<(String, String)>,
    /// The percent for every country outside the US ZIP areas; none is 0.
    pub other_countries: Option<String>,
}

/// Which sales-tax rate applies where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxRules {
    /// Statewide base rate by two-letter state (or territory) code.
    states: HashMap<String, TaxRate>,
    zip_overrides: HashMap<String, TaxRate>,
    other_countries: TaxRate,
}

/// A US ZIP's place as the ZIP data has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZipPlace<'a> {
    pub city: &'a str,
    /// Two-letter state, territory or military (AA, AE, AP) code.
    pub state: &'a str,
}

impl TaxRules {
    /// `states` are the statewide base rates; `settings` add the overrides and the
    /// rate for other countries, refused with a message when they do not parse.
    pub fn new(
        states: impl IntoIterator<Item = (String, TaxRate)>,
        settings: &TaxSettings,
    ) -> Result<TaxRules, TaxConfigError> {
        let rate = |what: String, text: &str| {
            parse_percent(text).map_err(|reason| TaxConfigError::BadRate {
                what,
                text: text.to_owned(),
                reason,
            })
        };
        let mut zip_overrides = HashMap::new();
        for (zip, percent) in &settings.zip_overrides {
            let key = zip.trim();
            if !(key.len() == 5 && key.bytes().all(|b| b.is_ascii_digit())) {
                return Err(TaxConfigError::BadZip(zip.clone()));
            }
            let parsed = rate(format!("for ZIP {key}"), percent)?;
            if zip_overrides.insert(key.to_owned(), parsed).is_some() {
                return Err(TaxConfigError::Duplicate(key.to_owned()));
            }
        }
        let other_countries = match &settings.other_countries {
            Some(text) => rate("for other countries".to_owned(), text)?,
            None => TaxRate::ZERO,
        };
        Ok(TaxRules {
            states: states.into_iter().collect(),
            zip_overrides,
            other_countries,
        })
    }

    /// The statewide base rate of `state`, if the table has it.
    pub fn state_rate(&self, state: &str) -> Option<TaxRate> {
        self.states.get(state).copied()
    }

    /// Locates `zip` in `country` (both as `LocationQuery` checked them). In the US ZIP
    /// areas `find` gives a five-digit ZIP's place, if the ZIP data has it; the rate is
    /// the ZIP's override, else its state's base rate. Elsewhere it is the rate for
    /// other countries and `find` is not asked.
    pub fn locate<'a>(
        &self,
        country: &str,
        zip: &str,
        find: impl FnOnce(&str) -> Option<ZipPlace<'a>>,
    ) -> Result<Location, ZipError> {
        let country = country.trim().to_uppercase();
        if !uses_us_zips(&country) {
            return Ok(Location {
                zip: zip.trim().to_uppercase(),
                country,
                tax_rate: self.other_countries,
                city: None,
                state: None,
            });
        }
        let zip = zip5(zip).ok_or(ZipError::Unknown)?;
        let place = find(zip);
        // A territory chosen as the country keeps to its own ZIPs.
        if country != "US" && place.is_none_or(|p| p.state != country) {
            return Err(ZipError::Unknown);
        }
        let tax_rate = match (self.zip_overrides.get(zip), place) {
            (Some(rate), _) => *rate,
            (None, Some(p)) => self.state_rate(p.state).ok_or_else(|| {
                ZipError::Storage(format!("no sales-tax rate for state {}", p.state))
            })?,
            (None, None) => return Err(ZipError::Unknown),
        };
        Ok(Location {
            zip: zip.to_owned(),
            country,
            tax_rate,
            city: place.map(|p| p.city.to_owned()),
            state: place.map(|p| p.state.to_owned()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn countries() -> Vec<Country> {
        ["US", "IL", "GB", "PR"]
            .into_iter()
            .map(|c| Country {
                label: c.into(),
                value: c.into(),
                heb_label: c.into(),
            })
            .collect()
    }

    fn query(country: &str, zip: &str) -> Result<LocationQuery, InputError> {
        LocationQuery::parse(country, zip, &countries())
    }

    fn pct(text: &str) -> u32 {
        parse_percent(text).unwrap().millionths()
    }

    #[test]
    fn a_blank_country_is_the_us() {
        let q = query("  ", " 10001-1234 ").unwrap();
        assert_eq!(q.country, "US");
        assert_eq!(q.zip, "10001-1234");
        assert_eq!(query("us", "10001").unwrap().country, "US");
    }

    #[test]
    fn other_postal_codes_are_trimmed_and_upper_cased() {
        let q = query("gb", " sw1a 1aa ").unwrap();
        assert_eq!((q.country.as_str(), q.zip.as_str()), ("GB", "SW1A 1AA"));
        assert_eq!(query("IL", "6100000").unwrap().zip, "6100000");
        assert_eq!(query("IL", "1234567890").unwrap().zip, "1234567890");
    }

    #[test]
    fn bad_fields_are_named_and_not_repeated() {
        let refused = |country, zip| query(country, zip).unwrap_err();
        for (country, zip, field) in [
            ("XX", "10001", "country"),
            ("USA", "10001", "country"),
            ("US", "1234", "zipCode"),
            ("US", "123456", "zipCode"),
            ("US", "10001-12", "zipCode"),
            ("US", "1000a", "zipCode"),
            ("PR", "SW1A", "zipCode"),
            ("US", "   ", "zipCode"),
            ("GB", "", "zipCode"),
            ("GB", "SW1A#1AA", "zipCode"),
            ("GB", "12345678901", "zipCode"),
            ("IL", "61\u{202e}00", "zipCode"),
        ] {
            let e = refused(country, zip);
            assert_eq!(e.field, field, "{country} {zip:?}");
            assert!(
                zip.trim().is_empty() || !e.reason.contains(zip.trim()),
                "{e} repeats the input"
            );
        }
    }

    #[test]
    fn a_zip_is_looked_up_by_its_first_five() {
        assert_eq!(zip5("10001"), Some("10001"));
        assert_eq!(zip5(" 10001-1234 "), Some("10001"));
        assert_eq!(zip5("100011234"), Some("10001"), "ZIP+4 without its hyphen");
        assert_eq!(zip5("10001123"), None);
        assert_eq!(zip5("10001 1234"), None);
        assert_eq!(zip5("1000"), None);
        assert_eq!(
            zip5("１０００１"),
            None,
            "full-width digits are not ASCII digits"
        );
    }

    #[test]
    fn percent_text_is_exact() {
        assert_eq!(pct("8.875"), 88_750);
        assert_eq!(pct("6"), 60_000);
        assert_eq!(pct(" 0 "), 0);
        assert_eq!(pct("0.0001"), 1);
        assert_eq!(pct("6.35"), 63_500);
        assert_eq!(pct("4.225"), 42_250);
        assert_eq!(pct("30"), 300_000);
        assert_eq!(pct("07.5"), 75_000);
        for bad in [
            "", ".5", "8.", "8.87501", "-1", "+5", "8,875", "8.875%", "1e1", "100", "30.0001",
            "NaN", "8 .5", "١",
        ] {
            assert!(parse_percent(bad).is_err(), "{bad:?} was taken");
        }
    }

    fn rules(settings: &TaxSettings) -> Result<TaxRules, TaxConfigError> {
        let states = [("NY", 40_000), ("DE", 0), ("PR", 105_000)]
            .map(|(s, r)| (s.to_owned(), TaxRate::from_millionths(r)));
        TaxRules::new(states, settings)
    }

    fn settings(overrides: &[(&str, &str)], other: Option<&str>) -> TaxSettings {
        TaxSettings {
            zip_overrides: overrides
                .iter()
                .map(|(z, r)| ((*z).to_owned(), (*r).to_owned()))
                .collect(),
            other_countries: other.map(str::to_owned),
        }
    }

    fn places(zip: &str) -> Option<ZipPlace<'static>> {
        let place = |city, state| Some(ZipPlace { city, state });
        match zip {
            "10001" => place("New York", "NY"),
            "19901" => place("Dover", "DE"),
            "00601" => place("Adjuntas", "PR"),
            "96910" => place("Hagatna", "GU"),
            _ => None,
        }
    }

    #[test]
    fn a_us_zip_takes_its_states_rate_unless_overridden() {
        let plain = rules(&TaxSettings::default()).unwrap();
        let ny = plain.locate("US", "10001-1234", places).unwrap();
        assert_eq!(
            ny,
            Location {
                zip: "10001".into(),
                country: "US".into(),
                tax_rate: TaxRate::from_millionths(40_000),
                city: Some("New York".into()),
                state: Some("NY".into()),
            }
        );
        assert_eq!(
            plain.locate("US", "19901", places).unwrap().tax_rate,
            TaxRate::ZERO
        );
        let overridden = rules(&settings(&[("10001", "8.875")], None)).unwrap();
        let ny = overridden.locate("US", "10001", places).unwrap();
        assert_eq!(ny.tax_rate.millionths(), 88_750);
        assert_eq!(ny.city.as_deref(), Some("New York"));
    }

    #[test]
    fn an_unknown_zip_is_unknown_unless_an_override_names_it() {
        let plain = rules(&TaxSettings::default()).unwrap();
        assert_eq!(plain.locate("US", "00000", places), Err(ZipError::Unknown));
        assert_eq!(plain.locate("US", "1000", places), Err(ZipError::Unknown));
        let named = rules(&settings(&[("00000", "5")], None)).unwrap();
        let new_zip = named.locate("US", "00000-0001", places).unwrap();
        assert_eq!(new_zip.tax_rate.millionths(), 50_000);
        assert_eq!((new_zip.city, new_zip.state), (None, None));
    }

    #[test]
    fn a_state_missing_from_the_table_is_a_storage_failure() {
        let plain = rules(&TaxSettings::default()).unwrap();
        let missing = plain.locate("US", "96910", places);
        assert!(matches!(missing, Err(ZipError::Storage(m)) if m.contains("GU")));
    }

    #[test]
    fn other_countries_take_the_configured_rate() {
        let untaxed = rules(&TaxSettings::default()).unwrap();
        let find_not_asked = |_: &str| -> Option<ZipPlace<'static>> { panic!("asked") };
        let gb = untaxed.locate("GB", "sw1a 1aa", find_not_asked).unwrap();
        assert_eq!(
            gb,
            Location {
                zip: "SW1A 1AA".into(),
                country: "GB".into(),
                tax_rate: TaxRate::ZERO,
                city: None,
                state: None,
            }
        );
        let taxed = rules(&settings(&[], Some("17"))).unwrap();
        let il = taxed.locate("IL", "10001", find_not_asked).unwrap();
        assert_eq!(il.tax_rate.millionths(), 170_000);
        assert_eq!(il.zip, "10001");
    }

    #[test]
    fn a_territory_is_located_by_its_own_zips() {
        let plain = rules(&settings(&[], Some("17"))).unwrap();
        let pr = plain.locate("PR", "00601", places).unwrap();
        assert_eq!(
            (pr.country.as_str(), pr.tax_rate.millionths()),
            ("PR", 105_000)
        );
        assert_eq!(pr.state.as_deref(), Some("PR"));
        assert_eq!(
            plain
                .locate("US", "00601", places)
                .unwrap()
                .tax_rate
                .millionths(),
            105_000
        );
        assert_eq!(plain.locate("PR", "10001", places), Err(ZipError::Unknown));
        assert_eq!(plain.locate("PR", "00000", places), Err(ZipError::Unknown));
    }

    #[test]
    fn bad_settings_are_refused_with_what_and_why() {
        let err = rules(&settings(&[("10001", "8,875")], None)).unwrap_err();
        assert!(matches!(&err, TaxConfigError::BadRate { what, .. } if what == "for ZIP 10001"));
        assert!(err.to_string().contains("8,875"), "{err}");
        let err = rules(&settings(&[], Some("88.75"))).unwrap_err();
        assert!(err.to_string().contains("for other countries"), "{err}");
        assert!(err.to_string().contains("at most 30"), "{err}");
        assert_eq!(
            rules(&settings(&[("1001", "5")], None)),
            Err(TaxConfigError::BadZip("1001".into()))
        );
        assert_eq!(
            rules(&settings(&[("10001-1234", "5")], None)),
            Err(TaxConfigError::BadZip("10001-1234".into()))
        );
        assert_eq!(
            rules(&settings(&[("10001", "5"), (" 10001", "6")], None)),
            Err(TaxConfigError::Duplicate("10001".into()))
        );
    }
}
