//! The embedded ZIP lookup: US ZIP codes to city and state from the `zipcodes` crate
//! (about 42,800 ZIPs, written into a compact sorted table at build time by `build.rs`;
//! its data partly GeoNames, CC-BY-4.0),
//! and the statewide base sales-tax rates of `data/us-sales-tax.csv`. Which rate
//! applies is the domain's `TaxRules`; this adapter only knows the places.

use async_trait::async_trait;
use store_domain::bag::TaxRate;
use store_domain::location::{
    Location, TaxConfigError, TaxRules, TaxSettings, ZipError, ZipLookup, ZipPlace, parse_percent,
    uses_us_zips, zip5,
};
use store_domain::school::Point;

const TABLE: &str = include_str!("../data/us-sales-tax.csv");
/// `zip<TAB>city<TAB>state<TAB>lat<TAB>lon` lines, sorted by ZIP, each ZIP once (see
/// build.rs).
const ZIPS: &str = include_str!(concat!(env!("OUT_DIR"), "/zips.tsv"));
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

/// One ZIP's place, pointing into the embedded table.
#[derive(Debug, Clone, Copy)]
struct ZipRow {
    zip: &'static str,
    city: &'static str,
    state: &'static str,
    /// Decimal degrees, both empty where the data has no point.
    lat: &'static str,
    lon: &'static str,
}

/// The embedded table's rows, in its (ZIP) order.
fn zip_rows() -> Vec<ZipRow> {
    ZIPS.lines()
        .filter_map(|line| {
            let mut fields = line.split('\t');
            Some(ZipRow {
                zip: fields.next()?,
                city: fields.next()?,
                state: fields.next()?,
                lat: fields.next()?,
                lon: fields.next()?,
            })
        })
        .collect()
}

/// ZIP lookups against the embedded data, with the owner's overrides and the rate
/// for other countries.
pub struct EmbeddedZipLookup {
    rules: TaxRules,
    /// Sorted by ZIP, searched by halves: about a megabyte for every US ZIP.
    zips: Vec<ZipRow>,
}

impl EmbeddedZipLookup {
    /// Reads the embedded table (a few milliseconds: call it at start-up) and checks
    /// `settings`, refusing a bad override or rate with a message for the owner.
    pub fn new(settings: &TaxSettings) -> Result<Self, TaxConfigError> {
        let rules = TaxRules::new(us_state_rates(), settings)?;
        Ok(EmbeddedZipLookup {
            rules,
            zips: zip_rows(),
        })
    }

    fn row(&self, zip: &str) -> Option<ZipRow> {
        let i = self.zips.binary_search_by(|row| row.zip.cmp(zip)).ok()?;
        Some(self.zips[i])
    }

    fn place(&self, zip: &str) -> Option<ZipPlace<'static>> {
        let row = self.row(zip)?;
        Some(ZipPlace {
            city: row.city,
            state: row.state,
        })
    }
}

#[async_trait]
impl ZipLookup for EmbeddedZipLookup {
    async fn locate(&self, country: &str, zip: &str) -> Result<Location, ZipError> {
        self.rules.locate(country, zip, |zip| self.place(zip))
    }

    async fn point(&self, country: &str, zip: &str) -> Result<Option<Point>, ZipError> {
        if !uses_us_zips(country) {
            return Ok(None);
        }
        let Some(row) = zip5(zip).and_then(|zip| self.row(zip)) else {
            return Ok(None);
        };
        Ok(match (row.lat.parse::<f64>(), row.lon.parse::<f64>()) {
            (Ok(lat), Ok(lon)) => Point::from_degrees(lat, lon),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeSet, HashMap};

    #[test]
    fn every_code_the_zip_data_uses_has_a_rate_below_15_percent() {
        let rates: HashMap<String, TaxRate> = us_state_rates().into_iter().collect();
        let used: BTreeSet<&str> = zip_rows().iter().map(|z| z.state).collect();
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
    fn the_table_holds_every_zip_once_in_order() {
        let lookup = EmbeddedZipLookup::new(&TaxSettings::default()).unwrap();
        assert!(lookup.zips.len() > 40_000);
        assert!(
            lookup
                .zips
                .iter()
                .all(|z| z.zip.len() == 5 && z.zip.bytes().all(|b| b.is_ascii_digit()))
        );
        assert!(
            lookup.zips.windows(2).all(|w| w[0].zip < w[1].zip),
            "sorted, each ZIP once: the lookup searches by halves"
        );
        let with_point = lookup.zips.iter().filter(|z| !z.lat.is_empty()).count();
        assert!(
            with_point * 10 > lookup.zips.len() * 9,
            "most ZIPs have a point"
        );
        let first = lookup.zips[0].zip;
        let last = lookup.zips[lookup.zips.len() - 1].zip;
        assert!(lookup.place(first).is_some() && lookup.place(last).is_some());
    }
}
