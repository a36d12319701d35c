//! The embedded ZIP lookup: US ZIP codes to city and state from the `zipcodes` crate
//! (about 42,800 ZIPs compiled into the binary; its data partly GeoNames, CC-BY-4.0),
//! and the statewide base sales-tax rates of `data/us-sales-tax.csv`. Which rate
//! applies is the domain's `TaxRules`; this adapter only knows the places.

use async_trait::async_trait;
use std::collections::HashMap;
use store_domain::bag::TaxRate;
use store_domain::location::{
    Location, TaxConfigError, TaxRules, TaxSettings, ZipError, ZipLookup, ZipPlace, parse_percent,
};
use zipcodes::Zipcode;

const TABLE: &str = include_str!("../data/us-sales-tax.csv");
const HEADER: &str = "code,name,percent";

/// The embedded statewide base rates, (state code, rate) in file order: the 50 states,
/// DC, and every territory and military code the ZIP data uses.
pub fn us_state_rates() -> Vec<(String, TaxRate)> {
    parse_table(TABLE).expect("data/us-sales-tax.csv is checked by a test")
}

/// Rows of `code,name,percent` after the header; blank lines and `#` comments skipped.
fn parse_table(text: &str) -> Result<Vec<(String, TaxRate)>, String> {
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    if lines.next() != Some(HEADER) {
        return Err(format!("the first row must be {HEADER:?}"));
    }
    let mut rows: Vec<(String, TaxRate)> = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [code, _name, percent] = fields[..] else {
            return Err(format!("{line:?}: expected three fields"));
        };
        if !(code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase())) {
            return Err(format!("{line:?}: the code must be two capital letters"));
        }
        let rate = parse_percent(percent).map_err(|why| format!("{line:?}: the rate {why}"))?;
        if rows.iter().any(|(c, _)| c == code) {
            return Err(format!("{code} has two rows"));
        }
        rows.push((code.to_owned(), rate));
    }
    Ok(rows)
}

/// ZIP lookups against the embedded data, with the owner's overrides and the rate
/// for other countries.
pub struct EmbeddedZipLookup {
    rules: TaxRules,
    /// Five-digit ZIP to its record. The crate's own lookups scan all of its list and
    /// clone what matches, so the index is built once, over the records it keeps.
    zips: HashMap<&'static str, &'static Zipcode>,
}

impl EmbeddedZipLookup {
    /// Decompresses and indexes the ZIP data (once per process, a fraction of a second
    /// in a release build: call it at start-up) and checks `settings`, refusing a bad
    /// override or rate with a message for the owner.
    pub fn new(settings: &TaxSettings) -> Result<Self, TaxConfigError> {
        let rules = TaxRules::new(us_state_rates(), settings)?;
        let zips = zipcodes::database()
            .iter()
            .map(|z| (z.zip_code.as_str(), z))
            .collect();
        Ok(EmbeddedZipLookup { rules, zips })
    }

    fn place(&self, zip: &str) -> Option<ZipPlace<'static>> {
        self.zips.get(zip).map(|z| ZipPlace {
            city: &z.city,
            state: &z.state,
        })
    }
}

#[async_trait]
impl ZipLookup for EmbeddedZipLookup {
    async fn locate(&self, country: &str, zip: &str) -> Result<Location, ZipError> {
        self.rules.locate(country, zip, |zip| self.place(zip))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_code_the_zip_data_uses_has_a_rate_below_15_percent() {
        let rates: HashMap<String, TaxRate> = us_state_rates().into_iter().collect();
        let used: BTreeSet<&str> = zipcodes::database()
            .iter()
            .map(|z| z.state.as_str())
            .collect();
        let missing: Vec<_> = used.iter().filter(|s| !rates.contains_key(**s)).collect();
        assert!(missing.is_empty(), "no rate for {missing:?}");
        let unused: Vec<_> = rates
            .keys()
            .filter(|s| !used.contains(s.as_str()))
            .collect();
        assert!(
            unused.is_empty(),
            "rows the ZIP data never uses: {unused:?}"
        );
        for (state, rate) in &rates {
            assert!(rate.millionths() < 150_000, "{state}: {rate:?}");
        }
    }

    #[test]
    fn the_table_has_the_states_dc_territories_and_military_mail() {
        let rates = us_state_rates();
        // 50 states and DC, 5 territories, 3 freely associated states, 3 military codes.
        assert_eq!(rates.len(), 51 + 5 + 3 + 3);
        let rate = |code: &str| {
            rates
                .iter()
                .find(|(c, _)| c == code)
                .map(|(_, r)| r.millionths())
        };
        for no_sales_tax in ["AK", "DE", "MT", "NH", "OR"] {
            assert_eq!(rate(no_sales_tax), Some(0), "{no_sales_tax}");
        }
        assert_eq!(rate("CA"), Some(72_500));
        assert_eq!(rate("MN"), Some(68_750));
        assert_eq!(rate("MO"), Some(42_250));
        assert_eq!(rate("PR"), Some(105_000));
    }

    #[test]
    fn a_bad_table_is_refused() {
        let good = "# note\ncode,name,percent\nNY,New York,4\n";
        assert_eq!(parse_table(good).unwrap().len(), 1);
        for bad in [
            "NY,New York,4\n",
            "code,name,percent\nNY,New York\n",
            "code,name,percent\nny,New York,4\n",
            "code,name,percent\nNY,New York,4%\n",
            "code,name,percent\nNY,New York,4\nNY,New York,5\n",
        ] {
            assert!(parse_table(bad).is_err(), "{bad:?} was taken");
        }
    }

    #[test]
    fn the_index_holds_every_zip_once() {
        let lookup = EmbeddedZipLookup::new(&TaxSettings::default()).unwrap();
        assert_eq!(lookup.zips.len(), zipcodes::database().len());
        assert!(lookup.zips.len() > 40_000);
        assert!(
            lookup
                .zips
                .keys()
                .all(|z| z.len() == 5 && z.bytes().all(|b| b.is_ascii_digit()))
        );
    }
}
